"""Killer combinations across a house: the cages that fill a row, column or region hold every digit once.

    +-------+-----+---+      Row 1 is cut into the cage of 8 (r1c1-r1c3), the cage of 17
    | 8     | 17  | . |      (r1c4-r1c5), the cell r1c6, ... .  Each cage has a few digit sets; only
    +-------+-----+---+      sets that fit together, with no digit twice and each digit once, are
                             kept: a digit no fitting set places in a cell is out of it.

This is the hidden killer combination (a digit the house needs that only one cage can hold forces
that cage's sets), killer pairs and the naked and hidden subsets of cages at once, worked out over the
candidates: each cage's in-house digit sets come from its whole sum (cells outside the house
included), so a cage crossing out of the house is trimmed on both sides.  The search is a walk over
the sets of digits used so far (at most 2^N of them), forwards and backwards, as :mod:`...sums` does
for one cage.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache, reduce
from itertools import combinations
from operator import or_

from engine.logic.variant.common import (
    VariantTechnique,
    area_leftovers,
    house_ref,
    killer_cages,
    make_step,
    trimmed,
)
from engine.logic.variant.state import VariantState, digits_of
from engine.logic.variant.sums import cage_support, compiled
from engine.puzzle.model import Cage, House, Puzzle
from engine.steps import Step

SPLIT_DIGITS = 9  # digits past which split_options stays in Python (the compiled table has 2^N rows)
MAX_STATES = 40000  # digit sets a house's walk may hold at once (16x16 houses of many small cages)


@lru_cache(maxsize=65536)
def split_options(total: int, masks: tuple[int, ...], inside: tuple[bool, ...]) -> dict[int, tuple[int, ...]]:
    """A cage's possible digit sets on its ``inside`` cells, each with the digits every cell of the
    cage can hold when the inside cells take that set; empty when the cage cannot reach its total."""
    _, combos = cage_support(total, masks)
    fast = compiled()
    if fast is None or not combos or max(combos).bit_length() > SPLIT_DIGITS:
        return split_python(combos, masks, inside)
    import numpy as np

    n = max(combos).bit_length()
    table = fast.split_support(np.array(masks, dtype=np.int64), np.array(inside, dtype=np.int64),
                               np.array(combos, dtype=np.int64), n)
    k = len(masks)
    found = np.flatnonzero(table[:, k])
    return {s: tuple(row[:k]) for s, row in zip(found.tolist(), table[found].tolist(), strict=True)}


def split_python(combos: tuple[int, ...], masks: tuple[int, ...],
                 inside: tuple[bool, ...]) -> dict[int, tuple[int, ...]]:
    """:func:`split_options` in Python, from the cage's combinations (the reference the compiled walk
    is tested against)."""
    ins = [i for i, f in enumerate(inside) if f]
    outs = [i for i, f in enumerate(inside) if not f]
    options: dict[int, list[int]] = {}
    for combo in combos:
        for chosen in combinations(digits_of(combo), len(ins)):
            s = sum(1 << (d - 1) for d in chosen)
            rest = combo & ~s
            part_in, fits = cage_support(sum(chosen), tuple(masks[i] & s for i in ins))
            if not fits:
                continue
            part_out: tuple[int, ...] = ()
            if outs:
                part_out, fits = cage_support(sum(digits_of(rest)), tuple(masks[i] & rest for i in outs))
                if not fits:
                    continue
            support = options.setdefault(s, [0] * len(masks))
            for i, m in zip(ins + outs, part_in + part_out, strict=True):
                support[i] |= m
    return {s: tuple(v) for s, v in options.items()}


# a group of a house: cage index (-1 for the 45 rule's innies or outies), cells, total, which cells are in
Group = tuple[int, tuple[int, ...], int, tuple[bool, ...]]


def _grouping(house: House, cages: list[tuple[int, Cage]], first: list[Group]) -> list[Group]:
    """``first`` then the cages that meet the house, each cell in at most one group."""
    cells = set(house.cells)
    used = {c for g in first for c in g[1]}
    groups = list(first)
    for i, cage in cages:
        own = set(cage.cells)
        if not own & cells or own & used:
            continue
        used |= own
        groups.append((i, cage.cells, cage.total, tuple(c in cells for c in cage.cells)))
    return groups


def _house_groups(puzzle: Puzzle) -> list[tuple[int, list[Group], dict | None]]:
    """For each house of N cells that a cage with a total meets: (house index, its groups, None); then
    for each set of the 45 rule's innies or outies that lie in one such house, as a cage of their own:
    (house index, that cage and the cages that miss it, the 45 rule's facts)."""
    houses = puzzle.houses()
    n = puzzle.size
    cages = killer_cages(puzzle)
    full = [h for h, house in enumerate(houses) if len(house.cells) == n and house.kind != "cage"]
    out: list[tuple[int, list[Group], dict | None]] = []
    for h in full:
        groups = _grouping(houses[h], cages, [])
        if groups:
            out.append((h, groups, None))
    for rule in virtual_cages(puzzle):
        cells = set(rule["cells"])
        for h in full:
            if cells <= set(houses[h].cells):
                first = [(-1, tuple(rule["cells"]), rule["total"], (True,) * len(cells))]
                out.append((h, _grouping(houses[h], cages, first), rule))
    return out


def virtual_cages(puzzle: Puzzle) -> list[dict]:
    """The 45 rule's innies (or outies) of 2 to N-2 cells with a known sum: ``{"houses", "form",
    "cells", "total", "cages"}``, none when cages overlap."""
    n = puzzle.size
    out, seen = [], set()
    for area in area_leftovers(puzzle):
        forms = [("innies", area.innies, area.innies_total, area.inner)]
        if area.crossing and not area.left:
            forms.append(("outies", area.outies, -area.balance, area.inner + area.crossing))
        for form, group, total, used in forms:
            if 2 <= len(group) <= n - 2 and frozenset(group) not in seen:
                seen.add(frozenset(group))
                out.append({"houses": list(area.houses), "form": form, "cells": list(group), "total": total,
                            "cages": [i for i, _ in used]})
    return out


@lru_cache(maxsize=8192)
def _disjoint(n: int, s: int) -> int:
    """The digit sets of N digits that miss ``s``, as the bits of an int (bit u for set u)."""
    out = 1
    for b in range(n):
        if not s >> b & 1:
            out |= out << (1 << b)
    return out


@lru_cache(maxsize=8192)
def _above(n: int, s: int) -> int:
    """The digit sets of N digits that hold all of ``s``, as the bits of an int."""
    out = 1 << s
    for b in range(n):
        if not s >> b & 1:
            out |= out << (1 << b)
    return out


def _walk(options: list[list[int]], n: int) -> list[set[int]] | None:
    """The digit sets of each group that fit with the others' into all N digits once each, or None
    when the walk grows past MAX_STATES (families of digit sets kept as the bits of an int)."""
    if n > 12:
        return _walk_sets(options, (1 << n) - 1)
    k = len(options)
    forward = [1]  # only the empty set
    for opts in options:
        f = 0
        for s in opts:
            f |= (forward[-1] & _disjoint(n, s)) << s
        forward.append(f)
    rest = 1 << ((1 << n) - 1)  # the sets the groups before i+1 must fill exactly: all N digits
    viable: list[set[int]] = [set() for _ in range(k)]
    for i in range(k - 1, -1, -1):
        before = 0  # what the groups before i must fill, once group i takes one of its sets
        for s in options[i]:
            t = (rest & _above(n, s)) >> s
            if forward[i] & t:
                viable[i].add(s)
            before |= t
        rest = before
    return viable


def _walk_sets(options: list[list[int]], full: int) -> list[set[int]] | None:
    """:func:`_walk` on sets of digit sets, for large N."""
    k = len(options)
    forward: list[set[int]] = [{0}]
    for opts in options:
        nxt = {u | s for u in forward[-1] for s in opts if not u & s}
        if len(nxt) > MAX_STATES:
            return None
        forward.append(nxt)
    backward: set[int] = {0}
    viable: list[set[int]] = [set() for _ in range(k)]
    for i in range(k - 1, -1, -1):
        for u in forward[i]:
            for s in options[i]:
                if not u & s and full & ~u & ~s in backward:
                    viable[i].add(s)
        backward = {u | s for u in backward for s in options[i] if not u & s}
        if len(backward) > MAX_STATES:
            return None
    return viable


@lru_cache(maxsize=32768)
def _fit(spec: tuple[tuple[int | None, tuple[bool, ...]], ...], masks: tuple[tuple[int, ...], ...],
         n: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], bool] | None:
    """For groups (a cage's total and which cells lie in the house, or no total for a lone cell) with
    their cells' masks: (each group's cells' digits that some fitting sets place, each group's fitting
    sets, whether a mask loses a digit); None when a group cannot be filled or the walk grows too
    large."""
    splits = []
    for (total, inside), ms in zip(spec, masks, strict=True):
        split = {b: (b,) for b in _bits(ms[0])} if total is None else split_options(total, ms, inside)
        if not split:
            return None
        splits.append(split)
    viable = _walk([list(sp) for sp in splits], n)
    if viable is None:
        return None
    supports = []
    for split, keep, ms in zip(splits, viable, masks, strict=True):
        if not keep:
            supports.append((0,) * len(ms))
        else:
            supports.append(tuple(reduce(or_, col) for col in zip(*(split[s] for s in keep), strict=True)))
    cuts = any(m & ~k for ms, support in zip(masks, supports, strict=True)
               for m, k in zip(ms, support, strict=True))
    return tuple(supports), tuple(tuple(sorted(keep)) for keep in viable), cuts


@lru_cache(maxsize=4096)
def _bits(mask: int) -> tuple[int, ...]:
    return tuple(1 << (d - 1) for d in digits_of(mask))


def _house_specs(puzzle: Puzzle) -> list[tuple[int, list[Group], dict | None, list[Group], tuple, list[int]]]:
    """:func:`_house_groups` with what each house's fit needs that never changes: (house index, its
    groups, the 45 rule's facts or None, the groups and loose cells as groups, their spec, the loose
    cells)."""
    houses = puzzle.houses()
    out = []
    for h, groups, rule in _house_groups(puzzle):
        grouped = {c for g in groups for c in g[1]}
        loose = [c for c in houses[h].cells if c not in grouped]
        every = list(groups) + [(-2, (c,), None, (True,)) for c in loose]
        spec = tuple((total, inside) for _, _, total, inside in every)
        out.append((h, groups, rule, every, spec, loose))
    return out


def _house_steps(state: VariantState, with_rule: bool) -> Iterator[Step]:
    n = state.size
    geo = state.geometry
    values, cands = state.values, state.cands
    for h, groups, rule, every, spec, loose in geo.remember("killer_house_specs", _house_specs):
        if (rule is not None) != with_rule:
            continue
        house = geo.houses[h]
        masks = tuple(tuple(1 << (values[c] - 1) if values[c] else cands[c] for c in cells)
                      for _, cells, _, _ in every)
        fit = _fit(spec, masks, n)
        if fit is None:
            continue
        supports, keeps, cuts = fit
        if not cuts:
            continue
        gone = [p for (_, cells, _, _), support in zip(every, supports, strict=True)
                for p in trimmed(state, cells, support)]
        if not gone:
            continue
        parts = [{"cage": {"index": i, "cells": list(cells), "total": total},
                  "cells": [c for c, f in zip(cells, inside, strict=True) if f],
                  "sets": sorted(digits_of(s) for s in keep)}
                 for (i, cells, total, inside), keep in zip(groups, keeps, strict=False)]
        extra: dict = {}
        if rule is not None:
            innies = rule["form"] == "innies"
            extra = {"houses": [house_ref(state, geo.houses[x]) for x in rule["houses"]],
                     "form": rule["form"], "total": rule["total"],
                     "innies": rule["cells"] if innies else [],
                     "outies": [] if innies else rule["cells"]}
        yield make_step(state, "killer_combinations_45" if rule else "killer_combinations",
                        eliminations=gone, cells=sorted({c for g in groups for c in g[1]} & set(house.cells)),
                        cages=[p["cage"]["index"] for p in parts if p["cage"]["index"] >= 0],
                        house=house_ref(state, house), parts=parts, loose=loose, **extra)


def killer_combinations(state: VariantState) -> Iterator[Step]:
    """The cages and cells of a house hold every digit once: a cage's digit set that fits with no sets
    of the others is out, with the digits only it placed."""
    return _house_steps(state, False)


def killer_combinations_45(state: VariantState) -> Iterator[Step]:
    """The same with the 45 rule's innies or outies of a house taken as a cage of their known sum."""
    return _house_steps(state, True)


TECHNIQUES = [
    VariantTechnique("killer_combinations", "Killer Combinations in a House", "宫行列内的笼子组合", 3.4,
                     killer_combinations,
                     "{house} holds every digit once, and its cages' combinations must fit together: {parts}",
                     "{house}中每个数恰好出现一次，其中各笼子的组合必须互相配合：{parts}"),
    VariantTechnique("killer_combinations_45", "Killer Combinations with the 45 Rule", "45 法则与笼子组合",
                     4.2, killer_combinations_45,
                     "the 45 rule on {houses}: {leftovers} {sum_is} {total}, a cage inside {house}, whose "
                     "cages' combinations must fit with it: {parts}",
                     "对{houses}用 45 法则：{leftovers}{sum_is} {total}，它们都在{house}中，"
                     "与其中各笼子的组合必须互相配合：{parts}"),
]
