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

from collections.abc import Iterator

from engine.logic.variant.common import VariantTechnique, make_step, trimmed
from engine.logic.variant.state import VariantState
from engine.logic.variant.sums import cage_support, linear_support
from engine.puzzle.model import Arrow, LittleKiller, Sandwich, Thermometer
from engine.steps import Step


def _apart(state: VariantState, cells: list[int]) -> tuple[tuple[int, int], ...]:
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


def arrow(state: VariantState) -> Iterator[Step]:
    """An arrow's line sums to its circle: a digit no sum of the line and circle allows is out."""
    for index, arr in enumerate(state.puzzle.constraints):
        if not isinstance(arr, Arrow):
            continue
        cells = list(arr.line) + list(arr.circle)
        k = len(arr.circle)
        weights = tuple([1] * len(arr.line) + [-(10 ** (k - 1 - j)) for j in range(k)])
        masks = tuple(state.mask(c) for c in cells)
        support = linear_support(masks, weights, 0, _apart(state, cells))
        if not any(support):
            continue
        gone = trimmed(state, cells, support)
        if gone:
            lo = sum((m & -m).bit_length() for m in masks[:len(arr.line)])
            hi = sum(m.bit_length() for m in masks[:len(arr.line)])
            yield make_step(state, "arrow", eliminations=gone, cells=cells, lines=[index],
                            line={"kind": "arrow", "index": index, "cells": list(arr.circle + arr.line),
                                  "circle": list(arr.circle)}, low=lo, high=hi)


def little_killer(state: VariantState) -> Iterator[Step]:
    """A little killer's diagonal sums to its clue (digits repeat only where cells do not see each other)."""
    for index, lk in enumerate(state.puzzle.constraints):
        if not isinstance(lk, LittleKiller):
            continue
        cells = list(lk.cells)
        support = linear_support(tuple(state.mask(c) for c in cells), tuple([1] * len(cells)), lk.total,
                                 _apart(state, cells))
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
    VariantTechnique("sandwich", "Sandwich", "三明治", 3.0, sandwich,
                     "in {house}, the digits between 1 and {top} sum to {total}",
                     "{house}中 1 与 {top} 之间的数之和是 {total}"),
]
