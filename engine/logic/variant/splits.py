"""Killer steps past one cage's table: pointing from a cage and cage splits.

    . . 24 | .         The cage of 24 at r1c3, r2c3, r2c4 is 7+8+9; no one house holds the places of
    x x 24 | 24        its 9 (all three cells), but r2c1 and r2c2 (x) see all three (box 1 and row 2):
                       they cannot be 9, nor 7 or 8 (pointing from a cage, through any houses).

A cage split: two groups of cells with known sums, one inside the other, leave the rest of the larger
a known sum.  The groups are the cages and the 45 rule's innies or outies of every area the rule is
tried on: "the cage of 10 at r1c1-r1c3 holds the cage of 3 at r1c1-r1c2, so r1c3 is 7"; "the innies
of rows 1-3 hold the innies of box 1, so the rest of them sum to ...".  The rest is then filled as a
cage (its cells differ where they see each other).  A group inside a cage that crosses out of an area
is the 45 rule's outies already (:func:`...cages.innies_outies`), so those are not repeated here.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

from engine.logic.variant.common import (
    VariantTechnique,
    area_leftovers,
    cage_ref,
    house_ref,
    killer_cages,
    live_eliminations,
    make_step,
    trimmed,
)
from engine.logic.variant.state import VariantState, digits_of
from engine.logic.variant.sums import cage_support, linear_support
from engine.puzzle.model import Cage, Puzzle
from engine.steps import Step

MAX_SPLIT = 6  # free cells of a split's rest beyond which it is not a step a person takes


def _must(state: VariantState, cage: Cage) -> tuple[int, list[int]]:
    """The digits every combination of the cage holds (a mask) and its combinations."""
    _, combos = cage_support(cage.total, tuple(state.mask(c) for c in cage.cells))
    must = (1 << state.size) - 1 if combos else 0
    for m in combos:
        must &= m
    return must, list(combos)


def cage_pointing(state: VariantState) -> Iterator[Step]:
    """A digit a cage must hold is out of every cell outside the cage that sees all its places in the
    cage, though no one house holds those places (that is :func:`...cages.cage_overlap`)."""
    geo = state.geometry
    for index, cage in state.cages():
        must, combos = _must(state, cage)
        own = set(cage.cells)
        for d in digits_of(must):
            if any(state.values[c] == d for c in cage.cells):
                continue
            where = [c for c in cage.cells if state.cands[c] >> (d - 1) & 1]
            if len(where) < 2:
                continue
            shared = set.intersection(*(set(geo.cell_houses[c]) for c in where))
            if any(geo.houses[h].kind != "cage" or geo.houses[h].index != index for h in shared):
                continue  # one other house holds them all: the cage and house overlap says it
            seeing = frozenset.intersection(*(geo.peers[c] for c in where)) - own
            gone = live_eliminations(state, sorted(seeing), d)
            if gone:
                yield make_step(state, "cage_pointing", eliminations=gone, cells=where,
                                candidates=[(c, d) for c in where], digit=d, cages=[index],
                                cage=cage_ref(index, cage), combos=[digits_of(m) for m in combos])


class Group(NamedTuple):
    """A group of cells with a known sum: a cage (``cage`` its index) or an area's leftovers."""

    cells: frozenset[int]
    total: int
    cage: int  # index among the constraints, -1 for leftovers
    houses: tuple[int, ...]  # the area's houses, for leftovers
    form: str  # "cage", "innies" or "outies"


def _groups(puzzle: Puzzle) -> list[Group]:
    """The cages and every area's innies (or outies, when every innie lies in a crossing cage)."""
    out = {frozenset(c.cells): Group(frozenset(c.cells), c.total, i, (), "cage")
           for i, c in killer_cages(puzzle)}
    for area in area_leftovers(puzzle):
        found = [("innies", area.innies, area.innies_total)]
        if area.crossing and not area.left:
            found.append(("outies", area.outies, -area.balance))
        for form, cells, total in found:
            key = frozenset(cells)
            if cells and key not in out:
                out[key] = Group(key, total, -1, area.houses, form)
    return list(out.values())


def splits(puzzle: Puzzle) -> list[tuple[Group, Group, tuple[int, ...], int]]:
    """Each (whole, part, rest's cells, rest's total) where a known-sum group holds another and the rest
    is not itself a known group, the pair of fewest houses and cells kept for each rest (the one a person
    would see); worked out once per puzzle."""
    groups = _groups(puzzle)
    known = {g.cells for g in groups}
    pairs = [(whole, part) for whole in groups for part in groups
             if part.cells < whole.cells and whole.cells - part.cells not in known]
    pairs.sort(key=lambda wp: (len(wp[0].houses) + len(wp[1].houses), len(wp[0].cells)))
    out, seen = [], set()
    for whole, part in pairs:
        rest = whole.cells - part.cells
        if rest not in seen:
            seen.add(rest)
            out.append((whole, part, tuple(sorted(rest)), whole.total - part.total))
    return out


def _group_ref(state: VariantState, group: Group) -> dict[str, Any]:
    ref: dict[str, Any] = {"cells": sorted(group.cells), "total": group.total, "form": group.form}
    if group.cage >= 0:
        ref["cage"] = group.cage
    else:
        ref["houses"] = [house_ref(state, state.geometry.houses[h]) for h in group.houses]
    return ref


def cage_split(state: VariantState) -> Iterator[Step]:
    """A known-sum group holding another leaves its rest a known sum, filled as a cage."""
    if not state.cages():
        return
    geo = state.geometry
    for whole, part, rest, total in geo.remember("cage_splits", splits):
        free = [c for c in rest if not state.values[c]]
        if not free or len(free) > MAX_SPLIT:
            continue
        left = total - sum(state.values[c] for c in rest)
        apart = tuple((a, b) for a in range(len(free)) for b in range(a + 1, len(free))
                      if geo.sees(free[a], free[b]))
        masks = tuple(state.cands[c] for c in free)
        if len(apart) == len(free) * (len(free) - 1) // 2:
            support = cage_support(left, masks)[0]
        else:
            support = linear_support(masks, (1,) * len(free), left, apart, grouped=True)
        if not any(support):
            continue
        gone = trimmed(state, free, support)
        if gone:
            cages = [g.cage for g in (whole, part) if g.cage >= 0]
            yield make_step(state, "cage_split", eliminations=gone, cells=free, cages=cages,
                            whole=_group_ref(state, whole), part=_group_ref(state, part),
                            rest=list(free), total=left)


TECHNIQUES = [
    VariantTechnique("cage_pointing", "Pointing from a Cage", "笼子指向", 2.9, cage_pointing,
                     "{cage} must hold {digit} (it is {combos}), and its {digit} lies in {cells}: "
                     "every cell that sees all of them loses {digit}",
                     "{cage}必含 {digit}（只能是 {combos}），而它的 {digit} 只在 {cells}："
                     "能同时看到这些格的格都不能是 {digit}"),
    VariantTechnique("cage_split", "Cage Split", "笼子拆分", 3.5, cage_split,
                     "{whole} (sum {whole_total}) {holds} {part} (sum {part_total}): "
                     "so {rest} {rest_sum} {total}",
                     "{whole}（和为 {whole_total}）包含{part}（和为 {part_total}）："
                     "所以 {rest} {rest_sum} {total}"),
]
