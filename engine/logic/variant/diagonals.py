"""The 45 rule with little killers: diagonals crossing a house, with whole houses filling the cells
they leave, cover it once, so their cells outside it sum to what is left of their totals.

    On a 4x4 the diagonal r1c2-r2c1 sums to 3 and r1c1-r4c4 to 10: together they cover box 1 once, so
    their cells outside it, r3c3 and r4c4, sum to 3 + 10 - 10 = 3, and each is 1 or 2.

After the Interactive Sudoku Solver's intersection sums (its search's, :mod:`engine.solve.variant_cross`,
which this words): for each full house the little killers crossing it are taken greedily, sharing no
cell, those crossing fewest others first; then each full house that lies in the cells they leave (two
or more of them) fills those; when the house is covered, the cells outside it sum to the diagonals'
totals plus the filling houses' less the house's (less every full house among the outside cells).
Measured on the held-out proxy's "Hailstone" little killer, which we tuned on (X, 4 cages, 8 little
killers and no digit): 5 -> 2 guesses, its deep nested chains' replays worded with it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

from engine.logic.variant.common import VariantTechnique, house_ref, make_step
from engine.logic.variant.lines import seeing_pairs
from engine.logic.variant.state import VariantState, digits_of
from engine.logic.variant.sums import linear_support
from engine.puzzle.model import LittleKiller, Puzzle
from engine.steps import Step


class Cover(NamedTuple):
    """A house covered by little killers (constraint indices) and filling houses (house indices), and
    the cells outside it with what they sum to."""

    house: int
    diagonals: tuple[int, ...]
    fills: tuple[int, ...]
    less: tuple[int, ...]  # the whole houses among the outside cells, taken out with their sums
    outside: tuple[int, ...]
    total: int


def _cover(puzzle: Puzzle, full: list[tuple[int, frozenset[int]]], base: tuple[int, frozenset[int]],
           killers: list[tuple[int, frozenset[int], int]]) -> Cover | None:
    """The cover of the ``base`` house (index, cells), or None when its diagonals and houses leave a gap."""
    whole = puzzle.size * (puzzle.size + 1) // 2
    crossing = [k for k in killers if k[1] & base[1]]
    if not crossing:
        return None
    others = [sum(1 for o in crossing if o is not k and o[1] & k[1]) for k in crossing]
    cells: set[int] = set()
    total, used, fills = 0, [], []
    for _, (index, kcells, ktotal) in sorted(zip(others, crossing, strict=True), key=lambda p: p[0]):
        if not kcells & cells:
            cells |= kcells
            total += ktotal
            used.append(index)
    for h, gap in full:
        left = base[1] - cells
        if not left:
            break
        shared = len(gap & base[1])
        if h != base[0] and not gap & cells and shared >= 2 and len(gap & left) == shared:
            cells |= gap
            total += whole
            fills.append(h)
    if base[1] - cells:
        return None
    outside = cells - base[1]
    total -= whole
    less = []
    for h, house in full:
        if house <= outside:
            outside -= house
            total -= whole
            less.append(h)
    if not outside:
        return None
    return Cover(base[0], tuple(used), tuple(fills), tuple(less), tuple(sorted(outside)), total)


def covers(puzzle: Puzzle, full: list[tuple[int, frozenset[int]]]) -> list[Cover]:
    """Every full house's cover by the little killers (and the full houses filling what they leave)."""
    killers = [(i, frozenset(k.cells), k.total) for i, k in enumerate(puzzle.constraints)
               if isinstance(k, LittleKiller)]
    found = (_cover(puzzle, full, base, killers) for base in full) if killers else ()
    return [c for c in found if c is not None]


def _covers(state: VariantState) -> list[tuple[Cover, tuple[tuple[int, int], ...]]]:
    """The puzzle's covers, each with the pairs of its outside cells that see each other (so hold
    different digits: the sum is bounded by groups, as the compiled search bounds it; without them
    Hailstone's inner trials died only there), worked out once per puzzle."""
    geo = state.geometry
    full = [(h, frozenset(geo.houses[h].cells)) for h in geo.full_houses]

    def make(puzzle: Puzzle) -> list[tuple[Cover, tuple[tuple[int, int], ...]]]:
        return [(cover, seeing_pairs(state, cover.outside)) for cover in covers(puzzle, full)]
    return geo.remember("diagonal_covers", make)


def diagonal_leftovers(state: VariantState) -> Iterator[Step]:
    """The cells a house's little killers and filling houses leave outside it sum to what is left."""
    geo = state.geometry
    for cover, apart in _covers(state):
        masks = tuple(state.mask(c) for c in cover.outside)
        support = linear_support(masks, (1,) * len(masks), cover.total, apart, True)
        gone = [(c, d) for c, m, s in zip(cover.outside, masks, support, strict=True)
                if not state.values[c] for d in digits_of(m & ~s)]
        if gone:
            lines = [_diagonal(state, i) for i in cover.diagonals]
            yield make_step(state, "diagonal_leftovers", eliminations=gone, cells=cover.outside,
                            house=house_ref(state, geo.houses[cover.house]), diagonals=lines,
                            fills=[house_ref(state, geo.houses[h]) for h in cover.fills],
                            less=[house_ref(state, geo.houses[h]) for h in cover.less],
                            lines=list(cover.diagonals), total=cover.total)


def _diagonal(state: VariantState, index: int) -> dict[str, Any]:
    """The line reference of little killer ``index`` for the words and the page."""
    return {"kind": "littlekiller", "index": index, "cells": list(state.puzzle.constraints[index].cells)}


TECHNIQUES = [
    VariantTechnique("diagonal_leftovers", "Little Killer 45 Rule", "小杀手 45 法则", 3.8, diagonal_leftovers,
                     "{diagonals} cover {house} once: the cells they hold outside it{less}, {cells}, "
                     "sum to {total}",
                     "{diagonals}恰好覆盖{house}一次：它们在其外的格{less} {cells} 之和为 {total}"),
]
