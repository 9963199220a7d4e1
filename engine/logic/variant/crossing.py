"""The 45 rule with each crossing cage counted on the side it crosses least, after the Interactive
Sudoku Solver (its innie/outie sums across houses, :mod:`engine.solve.variant_innies`).

    rows 1-2, a cage of 4 cells 3 inside and one out (r3c5), another 1 inside (r2c9) and 2 out:
    count the first in and the second out; then the innies (r2c9 and the cells in no cage counted
    in) minus the outie r3c5 come to 90 less the cages counted in.

A person counts a cage with the area when most of it lies there: fewer cells are left over than when
every crossing cage counts in (the outies form) or none does (the innies form).  The areas are the
45 rule's (:func:`.common.areas`, where this only adds the counts between those two forms) and the
search's: rows or columns 1..i and i..N, regions 1..i in order (where a cage split evenly counts out,
so an area and its complement say different things).
"""

from __future__ import annotations

from typing import NamedTuple

from engine.logic.variant.common import areas, cages_disjoint, killer_cages, split_cages
from engine.puzzle.model import Cage, Puzzle


class LeastSum(NamedTuple):
    """One area's least-crossing count: its houses, the innies (plus), the outies (minus), what the
    innies minus the outies come to, and the cages counted in (indices among the constraints)."""

    houses: tuple[int, ...]
    innies: list[int]
    outies: list[int]
    total: int
    used: list[tuple[int, Cage]]


def _edge_runs(puzzle: Puzzle) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Rows 1..i and i..N, columns likewise (2 to N-1 houses), regions 1..i in order (2 to N-2)."""
    n = puzzle.size
    out = []
    for start in (0, n):  # rows are houses 0..n-1, columns n..2n-1
        for length in range(2, n):
            for hs in (tuple(range(start, start + length)), tuple(range(start + n - length, start + n))):
                cells = (r * n + c for r in range(n) for c in range(n) if (r if start == 0 else n + c) in hs)
                out.append((hs, tuple(sorted(cells))))
    for last in range(1, n - 2):
        hs = tuple(range(2 * n, 2 * n + last + 1))
        out.append((hs, tuple(sorted(i for i, g in enumerate(puzzle.regions) if g <= last))))
    return out


def least_sums(puzzle: Puzzle) -> list[LeastSum]:
    """Each area's least-crossing count, once per equation; none when cages overlap.  On the 45 rule's
    own areas only counts between its innies and outies forms (those it states already)."""
    if not cages_disjoint(puzzle):
        return []
    n = puzzle.size
    cages = killer_cages(puzzle)
    own = areas(puzzle)
    seen: set[tuple] = set()
    out = []
    for k, (hs, cells) in enumerate(own + _edge_runs(puzzle)):
        area = set(cells)
        inner, crossing = split_cages(cages, area)
        mostly_in = [(i, c) for i, c in crossing if 2 * len(area & set(c.cells)) > len(c.cells)]
        if k < len(own) and (not mostly_in or len(mostly_in) == len(crossing)):
            continue
        used = inner + mostly_in
        counted = {x for _, c in used for x in c.cells}
        plus = [c for c in cells if c not in counted]
        minus = sorted(counted - area)
        total = len(hs) * n * (n + 1) // 2 - sum(c.total for _, c in used)
        key = (frozenset(plus), frozenset(minus), total)
        if not plus and not minus or key in seen:
            continue
        seen.update((key, (key[1], key[0], -total)))
        out.append(LeastSum(hs, plus, minus, total, used))
    return out
