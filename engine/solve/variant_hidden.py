"""Hidden cages of the variant solver, after the Interactive Sudoku Solver's (its
``_makeHiddenCageHandlers``): a killer cage that sticks out of a full house by one cell.

A helper of :mod:`engine.solve.variant`.  The house's cells outside the cages inside it sum to N(N+1)/2
less those cages' totals; take away one cage that has all its cells but one in the house, and the
house's other cells (cells of other cages crossing it included) less that one outside cell are a known
number: an arrow with an offset.  :func:`engine.solve.variant_sums.derived_sums` counts every crossing
cage one way (all inside or all outside) and so misses these where several cages cross a house (the
MATHEMAGIC killers: 5-cell cages, three or four across each row).  A failure here is a bug, never bad
input: the puzzle was checked when it was built.
"""

from __future__ import annotations

from engine.puzzle.model import Puzzle
from engine.solve.variant_innies import cage_pieces, sum_key
from engine.solve.variant_sums import SUM

MOST = 6  # cells of its sum, the outside cell included (the ISS's; 5 keeps none on the mathemagics)


def hidden_cage_sums(puzzle: Puzzle, full: list[tuple[int, ...]],
                     have: list[tuple[int, tuple[int, ...], int, list[int]]]
                     ) -> list[tuple[int, tuple[int, ...], int, list[int]]]:
    """For each full house and each cage with one cell outside it: the house's cells outside that cage
    and the cages inside the house, less the outside cell, as a sum (weights 1 and -1) of at most
    :data:`MOST` cells; none that ``have`` holds already."""
    cages = [(cc, t) for cc, t in cage_pieces(puzzle) if len(cc) > 1]
    if not cages:
        return []
    n = puzzle.size
    whole = n * (n + 1) // 2
    seen = {sum_key(c) for c in have}
    out = []
    for house in full:
        cells = frozenset(house)
        inside = [(cc, t) for cc, t in cages if cc <= cells]
        rest = cells.difference(*(cc for cc, _ in inside))
        left = whole - sum(t for _, t in inside)
        for cc, t in cages:
            outside = cc - cells
            if len(outside) != 1:
                continue
            plus = sorted(rest - cc)
            if not plus or len(plus) + 1 > MOST:
                continue
            con = (SUM, (*plus, *outside), left - t, [1] * len(plus) + [-1])
            key = sum_key(con)
            if key not in seen:
                seen.add(key)
                out.append(con)
    return out
