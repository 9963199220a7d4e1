"""Lines: thermometers, arrows, little killers and sandwiches.

    1 . . .       A thermometer's digits rise from its bulb: the k-th cell is at least the smallest
    o-+-+-+>      digit the cells before it leave plus one, and at most the largest the cells after it
                  leave minus one.
An arrow's line sums to its circle (a pill of several cells reads as the number it writes); a little
killer's diagonal sums to its clue (digits may repeat where cells do not see each other); a
sandwich's digits between the 1 and the N of its row or column sum to its clue.  Each is worked out
over the cells' candidates (:mod:`engine.logic.variant.sums`): a digit that no way of filling the
line uses is out.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache

from engine.logic.variant.common import VariantTechnique, house_ref, make_step, trimmed
from engine.logic.variant.state import VariantState, digits_of
from engine.logic.variant.sums import cage_support, linear_support
from engine.puzzle.model import Arrow, LittleKiller, Sandwich, Thermometer
from engine.steps import Step


def seeing_pairs(state: VariantState, cells: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """The pairs of positions in ``cells`` whose cells see each other, so hold different digits."""
    return tuple((a, b) for a in range(len(cells)) for b in range(a + 1, len(cells))
                 if state.geometry.sees(cells[a], cells[b]))


def thermo_bounds(masks: list[int], n: int) -> list[int]:
    """Each cell's digits that fit a strictly rising line through ``masks`` (zeros when none does)."""
    k = len(masks)
    lows, prev = [], 0
    for m in masks:
        above = m & ~((1 << prev) - 1)  # digits > prev
        if not above:
            return [0] * k
        prev = (above & -above).bit_length()
        lows.append(prev)
    highs, nxt = [0] * k, n + 1
    for i in range(k - 1, -1, -1):
        below = masks[i] & ((1 << (nxt - 1)) - 1)  # digits < nxt
        if not below:
            return [0] * k
        nxt = below.bit_length()
        highs[i] = nxt
    return [m & ~((1 << (lo - 1)) - 1) & ((1 << hi) - 1)
            for m, lo, hi in zip(masks, lows, highs, strict=True)]


def thermometer(state: VariantState) -> Iterator[Step]:
    """A thermometer's digits rise from the bulb: each cell lies between its neighbours' bounds."""
    for index, thermo in enumerate(state.puzzle.constraints):
        if not isinstance(thermo, Thermometer):
            continue
        keep = thermo_bounds([state.mask(c) for c in thermo.cells], state.size)
        if not any(keep):
            continue
        gone = trimmed(state, thermo.cells, keep)
        if gone:
            yield make_step(state, "thermometer", eliminations=gone, cells=thermo.cells, lines=[index],
                            line={"kind": "thermo", "index": index, "cells": list(thermo.cells)})


def arrow_support(state: VariantState, arr: Arrow) -> tuple[int, ...]:
    """Each cell's digits (the line's, then the circle's) that some filling of the arrow uses; all
    zeros when none fits."""
    cells = list(arr.line) + list(arr.circle)
    k = len(arr.circle)
    weights = tuple([1] * len(arr.line) + [-(10 ** (k - 1 - j)) for j in range(k)])
    apart = state.geometry.remember("arrow_apart", lambda _: {})
    if arr not in apart:
        apart[arr] = seeing_pairs(state, cells)
    return linear_support(tuple(state.mask(c) for c in cells), weights, 0, apart[arr])


def arrow(state: VariantState) -> Iterator[Step]:
    """An arrow's line sums to its circle: a digit no sum of the line and circle allows is out."""
    for index, arr in enumerate(state.puzzle.constraints):
        if not isinstance(arr, Arrow):
            continue
        cells = list(arr.line) + list(arr.circle)
        masks = tuple(state.mask(c) for c in cells)
        support = arrow_support(state, arr)
        if not any(support):
            continue
        gone = trimmed(state, cells, support)
        if gone:
            lo = sum((m & -m).bit_length() for m in masks[:len(arr.line)])
            hi = sum(m.bit_length() for m in masks[:len(arr.line)])
            yield make_step(state, "arrow", eliminations=gone, cells=cells, lines=[index],
                            line={"kind": "arrow", "index": index, "cells": list(arr.circle + arr.line),
                                  "circle": list(arr.circle)}, low=lo, high=hi)


@lru_cache(maxsize=1 << 16)
def _extreme(mask: int, k: int, largest: bool) -> int | None:
    """The sum of the ``k`` smallest (or largest) digits of ``mask``; None when it has fewer."""
    ds = digits_of(mask)
    if len(ds) < k:
        return None
    return sum(ds[len(ds) - k:]) if largest else sum(ds[:k])


def _groups(state: VariantState, line: tuple[int, ...], kind: str) -> list[list[int]]:
    """The line's cells grouped by the house of ``kind`` (region, row or col) they lie in (worked out
    once per puzzle)."""
    known = state.geometry.remember("arrow_groups", lambda _: {})
    if (line, kind) not in known:
        known[line, kind] = _grouped(state, line, kind)
    return known[line, kind]


def _grouped(state: VariantState, line: tuple[int, ...], kind: str) -> list[list[int]]:
    geo = state.geometry
    by: dict[int, list[int]] = {}
    for c in line:
        h = next((h for h in geo.cell_houses[c] if geo.houses[h].kind == kind), -1 - c)
        by.setdefault(h, []).append(c)
    return list(by.values())


def _circle_values(state: VariantState, circle: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every way to fill the circle (its cells' digits, different where they see each other)."""
    ways: list[tuple[int, ...]] = [()]
    for i, c in enumerate(circle):
        ways = [w + (d,) for w in ways for d in digits_of(state.mask(c))
                if not any(w[j] == d and state.geometry.sees(circle[j], c) for j in range(i))]
    return ways


def _group_cuts(state: VariantState, group: list[int], top: int, bottom: int) -> list[tuple[int, int]]:
    """The digits of the group's cells that leave its distinct digits no sum in [bottom, top]."""
    out = []
    for c in group:
        if state.values[c]:
            continue
        rest = 0
        for o in group:
            if o != c:
                rest |= state.mask(o)
        for d in digits_of(state.cands[c]):
            others = rest & ~(1 << (d - 1))
            lo = _extreme(others, len(group) - 1, False)
            hi = _extreme(others, len(group) - 1, True)
            if lo is None or hi is None or d + lo > top or d + hi < bottom:
                out.append((c, d))
    return out


def arrow_houses(state: VariantState) -> Iterator[Step]:
    """An arrow's line cells that share a house hold different digits, so the line sums to at least
    the smallest such digits of each house (and at most the largest): the circle and the cells that
    would break those bounds lose digits."""
    for index, arr in enumerate(state.puzzle.constraints):
        if not isinstance(arr, Arrow):
            continue
        for kind in ("region", "row", "col"):
            groups = _groups(state, arr.line, kind)
            if all(len(g) == 1 for g in groups):
                continue
            bounds = [(_extreme(_union(state, g), len(g), False), _extreme(_union(state, g), len(g), True))
                      for g in groups]
            if any(lo is None or hi is None for lo, hi in bounds):
                continue  # a house short of digits: the state is dead, which other steps show
            low, high = sum(b[0] for b in bounds), sum(b[1] for b in bounds)
            ways = [w for w in _circle_values(state, arr.circle)
                    if low <= int("".join(map(str, w))) <= high]
            if not ways:
                continue
            values = [int("".join(map(str, w))) for w in ways]
            gone = [(c, d) for j, c in enumerate(arr.circle) if not state.values[c]
                    for d in digits_of(state.cands[c]) if all(w[j] != d for w in ways)]
            for g, (lo, hi) in zip(groups, bounds, strict=True):
                top, bottom = max(values) - (low - lo), min(values) - (high - hi)
                if len(g) > 1 and (top < hi or bottom > lo):  # else every digit of the group fits
                    gone += _group_cuts(state, g, top, bottom)
            if gone:
                geo = state.geometry
                refs = [house_ref(state, geo.houses[next(h for h in geo.cell_houses[g[0]]
                                                         if geo.houses[h].kind == kind)])
                        for g in groups if len(g) > 1]
                yield make_step(state, "arrow_houses", eliminations=gone, cells=list(arr.circle + arr.line),
                                lines=[index], houses=refs, low=low, high=high,
                                line={"kind": "arrow", "index": index, "cells": list(arr.circle + arr.line),
                                      "circle": list(arr.circle)})


def _union(state: VariantState, cells: list[int]) -> int:
    out = 0
    for c in cells:
        out |= state.mask(c)
    return out


def little_killer(state: VariantState) -> Iterator[Step]:
    """A little killer's diagonal sums to its clue (digits repeat only where cells do not see each other)."""
    for index, lk in enumerate(state.puzzle.constraints):
        if not isinstance(lk, LittleKiller):
            continue
        cells = list(lk.cells)
        support = linear_support(tuple(state.mask(c) for c in cells), tuple([1] * len(cells)), lk.total,
                                 seeing_pairs(state, cells))
        if not any(support):
            continue
        gone = trimmed(state, cells, support)
        if gone:
            yield make_step(state, "little_killer", eliminations=gone, cells=cells, lines=[index],
                            line={"kind": "littlekiller", "index": index, "cells": cells}, total=lk.total)


def sandwich_support(masks: list[int], n: int, total: int) -> list[int]:
    """Each cell's digits that some placing of the 1 and the N of a house, with the cells between
    summing to ``total`` (distinct), allows; zeros when none does."""
    one, top = 1, 1 << (n - 1)
    middle = ((1 << n) - 1) & ~one & ~top
    support = [0] * n
    for p in range(n):
        for q in range(n):
            if p == q or not masks[p] & one or not masks[q] & top:
                continue
            lo, hi = min(p, q), max(p, q)
            between = tuple(masks[i] & middle for i in range(lo + 1, hi))
            outside = [i for i in range(n) if not lo <= i <= hi]
            if any(not masks[i] & middle for i in outside):
                continue
            if between:
                inner, _ = cage_support(total, between)
                if not any(inner):
                    continue
            elif total:
                continue
            support[p] |= one
            support[q] |= top
            for j, i in enumerate(range(lo + 1, hi)):
                support[i] |= inner[j]
            for i in outside:
                support[i] |= masks[i] & middle
    return support


def sandwich(state: VariantState) -> Iterator[Step]:
    """The digits between a row's (column's) 1 and N sum to its clue: where the 1 and N can stand."""
    n = state.size
    for index, sw in enumerate(state.puzzle.constraints):
        if not isinstance(sw, Sandwich):
            continue
        cells = ([sw.index * n + i for i in range(n)] if sw.axis == "row"
                 else [i * n + sw.index for i in range(n)])
        support = sandwich_support([state.mask(c) for c in cells], n, sw.total)
        if not any(support):
            continue
        gone = trimmed(state, cells, support)
        if gone:
            yield make_step(state, "sandwich", eliminations=gone, cells=cells, lines=[index],
                            line={"kind": "sandwich", "index": index, "cells": cells}, total=sw.total, top=n,
                            house={"kind": sw.axis, "index": sw.index, "cells": cells})


TECHNIQUES = [
    VariantTechnique("thermometer", "Thermometer", "温度计", 1.8, thermometer,
                     "{line} rises from its bulb: each cell lies between the digits its neighbours leave",
                     "{line}从底部逐格上升：每格的数介于前后格所允许的数之间"),
    VariantTechnique("little_killer", "Little Killer", "小杀手", 2.6, little_killer,
                     "{line} sums to {total}", "{line}的和是 {total}"),
    VariantTechnique("arrow", "Arrow", "箭头", 2.7, arrow,
                     "{line} sums to its circle (the line holds {low} to {high})",
                     "{line}的和等于圆圈中的数（线上的和在 {low} 到 {high} 之间）"),
    VariantTechnique("arrow_houses", "Arrow by houses", "箭头（按宫行列）", 2.8, arrow_houses,
                     "{line} sums to its circle, and its cells in {houses} hold different digits: the line "
                     "holds {low} to {high}",
                     "{line}的和等于圆圈中的数，它在{houses}中的格各不相同：线上的和在 {low} 到 {high} 之间"),
    VariantTechnique("sandwich", "Sandwich", "三明治", 3.0, sandwich,
                     "in {house}, the digits between 1 and {top} sum to {total}",
                     "{house}中 1 与 {top} 之间的数之和是 {total}"),
]
