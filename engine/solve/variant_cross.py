"""Sum intersections of the variant solver: a full house, the little killers crossing it and the full
houses that fill its gaps give one sum of their cells outside the house (the Interactive Sudoku Solver's
sum intersections).

A helper of :mod:`engine.solve.variant` (the constraint tuple layout is its own); a failure here is a
bug, never bad input: the puzzle was checked when it was built.
"""

from __future__ import annotations

from engine.puzzle.model import LittleKiller, Puzzle
from engine.solve.variant_sums import sum_room

SUM = 4  # as engine.kernels.variant


def intersection_sums(puzzle: Puzzle, full: list[tuple[int, ...]], peers: list[set[int]]
                      ) -> list[tuple[int, tuple[int, ...], int, list[int]]]:
    """For each full house: the little killers crossing it (a greedy subset sharing no cell, those
    crossing fewest others first) and the full houses filling the cells they leave (each inside those
    cells, in two cells or more) cover it; their cells outside the house, less any full house among
    them, sum to their totals less the houses'.  Kept when the sum's groups leave it little room (the
    ISS's test: the range of its bounds more than four times the slack of its total)."""
    n = puzzle.size
    whole = n * (n + 1) // 2
    killers = [(frozenset(k.cells), k.total) for k in puzzle.constraints if isinstance(k, LittleKiller)]
    if not killers:
        return []
    houses = [frozenset(h) for h in full]
    out: list[tuple[int, tuple[int, ...], int, list[int]]] = []
    seen: set[tuple[int, ...]] = set()
    for base in houses:
        crossing = [k for k in killers if k[0] & base]
        if not crossing:
            continue
        overlaps = [sum(1 for o in crossing if o is not k and o[0] & k[0]) for k in crossing]
        cells: set[int] = set()
        total = 0
        for _, (kcells, ktotal) in sorted(zip(overlaps, crossing, strict=True), key=lambda p: p[0]):
            if not kcells & cells:
                cells |= kcells
                total += ktotal
        for gap in houses:
            left = base - cells
            if not left:
                break
            if gap is base or gap & cells:
                continue
            shared = len(gap & base)
            if shared >= 2 and len(gap & left) == shared:
                cells |= gap
                total += whole
        if base - cells:
            continue
        cells -= base
        total -= whole
        for house in houses:
            if house <= cells:
                cells -= house
                total -= whole
        key = tuple(sorted(cells))
        if key and key not in seen and _narrow(key, total, peers, n):
            seen.add(key)
            out.append((SUM, key, total, [1] * len(key)))
    return out


def _narrow(cells: tuple[int, ...], total: int, peers: list[set[int]], n: int) -> bool:
    """Whether a sum of these cells leaves little room: its groups of cells that see each other (first
    fit) allow a range of totals over four times the slack of this one (or none: a contradiction)."""
    low, room, _ = sum_room(cells, peers, n)
    if not low <= total <= low + room:
        return True  # the kernel's bounds find the contradiction at once
    return room > 4 * min(total - low, low + room - total)
