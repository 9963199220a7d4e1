"""Innie/outie sums across several houses, after the Interactive Sudoku Solver's (its
``_makeInnieOutieSumHandlers``): the 45 rule on rows added up from either side, columns likewise and
regions in order.

A helper of :mod:`engine.solve.variant`.  Each area (2 to N-1 houses) counts a killer cage (a *piece*)
with it when most of the cage's cells lie inside it; the area's cells outside those pieces (A) and the
pieces' cells outside the area (B) then have a known difference, B - A = k.  The bands of
:func:`engine.solve.variant_sums.derived_sums` count every crossing cage one way; this counts each the
way it crosses least.  A failure here is a bug, never bad input: the puzzle was checked when it was built.
"""

from __future__ import annotations

from engine.puzzle.model import Cage, Puzzle
from engine.solve.variant_sums import SUM, cage_constraint, sets_by_size_and_sum

MOST = 5  # cells of a sum worth keeping when all are a cage's (6, the ISS's: the same guesses, more runs)
SMALL_SIDE = 2  # cells on the smaller side, as the ISS (1: wecoc-1 36k -> 46k guesses over four decays)


def cage_pieces(puzzle: Puzzle) -> list[tuple[frozenset[int], int]]:
    """The cages with a total as (cells, total); none when two cages share a cell (the 45 rule then
    needs more than one count per cell)."""
    out = []
    seen: set[int] = set()
    for con in puzzle.constraints:
        if isinstance(con, Cage) and con.total is not None:
            if seen & set(con.cells):
                return []
            seen.update(con.cells)
            out.append((frozenset(con.cells), con.total))
    return out


def _areas(puzzle: Puzzle) -> list[frozenset[int]]:
    """Rows 1..i and i..N, columns likewise, regions 1..i in order, each of 2 to N-1 houses (one house is
    :func:`engine.solve.variant_sums.derived_sums`'s)."""
    n = puzzle.size
    rows = [range(r * n, r * n + n) for r in range(n)]
    cols = [range(c, n * n, n) for c in range(n)]
    regions: list[list[int]] = [[] for _ in range(n)]
    for i, g in enumerate(puzzle.regions):
        regions[g].append(i)
    out = []
    for seq in (rows, rows[::-1], cols, cols[::-1], regions):
        area: set[int] = set(seq[0])
        for house in seq[1:-1]:
            area.update(house)
            out.append(frozenset(area))
    return list(dict.fromkeys(out))


def innie_outie_sums(puzzle: Puzzle, house_cells: list[tuple[int, ...]],
                     have: list[tuple[int, tuple[int, ...], int, list[int]]]
                     ) -> list[tuple[int, tuple[int, ...], int, list[int]]]:
    """Each area's sum B - A = k when it has at most :data:`MOST` cells (N when some cell is in no cage)
    and at most :data:`SMALL_SIDE` on its smaller side, but those ``have`` holds already: a table when
    one side is empty and the other in one house, else a sum of weights 1 and -1."""
    pieces = cage_pieces(puzzle)
    if not pieces:
        return []
    n = puzzle.size
    whole = n * (n + 1) // 2
    houses = [frozenset(h) for h in house_cells]
    covered = frozenset().union(*(cells for cells, _ in pieces))
    sets = sets_by_size_and_sum(n)
    seen = {sum_key(c) for c in have}
    out = []
    for area in _areas(puzzle):
        inside: set[int] = set()
        total = -whole * len(area) // n
        for cells, t in pieces:
            if 2 * len(cells & area) > len(cells):
                inside |= cells
                total += t
        minus = sorted(area - inside)
        plus = sorted(inside - area)
        most = MOST if covered.issuperset(plus) and covered.issuperset(minus) else n
        if not plus and not minus or len(plus) + len(minus) > most or min(len(plus), len(minus)) > SMALL_SIDE:
            continue
        if not plus:
            plus, minus, total = minus, [], -total
        if not minus and any(h.issuperset(plus) for h in houses):
            con = cage_constraint(tuple(plus), total, sets)
        else:
            con = (SUM, (*plus, *minus), total, [1] * len(plus) + [-1] * len(minus))
        key = sum_key(con)
        if key not in seen:
            seen.add(key)
            out.append(con)
    return out


def sum_key(con: tuple[int, tuple[int, ...], int, list[int]]) -> tuple:
    """A sum's cells with their weights and its total, the same for A - B = k and B - A = -k."""
    kind, cells, total, aux = con
    weights = aux[:len(cells)] if kind == SUM else [1] * len(cells)
    pairs = sorted(zip(cells, weights, strict=True))
    if pairs and pairs[0][1] < 0:
        return tuple((c, -wt) for c, wt in pairs), -total
    return tuple(pairs), total
