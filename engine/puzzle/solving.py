"""Solving a puzzle of the model for the formats' commands: :mod:`engine.solve.solver` sends the classic
9x9 to the classic kernels and the rest to the variant solver; loaded on first use, so the formats and the
CLI start without numba.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.puzzle.model import Puzzle


def count_solutions(puzzle: Puzzle, limit: int = 2) -> int:
    """Return how many solutions ``puzzle`` has, counting up to ``limit`` (0 when none)."""
    from engine.solve.solver import count_solutions as count  # numba: loaded on first use

    return max(0, int(count(puzzle, limit)))


def solve(puzzle: Puzzle) -> list[int] | None:
    """Return one solution of ``puzzle`` as N*N digits, or None if it has none."""
    from engine.solve.solver import solve as first

    found = first(puzzle)
    return None if found is None else [int(d) for d in found]


def repeated_givens(puzzle: Puzzle) -> list[str]:
    """Return each digit given twice in one house, in words (``repeated 5 in row 1 (r1c1, r1c4)``);
    an empty list when no given repeats."""
    found = []
    for house in puzzle.houses():
        seen: dict[int, list[int]] = {}
        for cell in house.cells:
            if puzzle.givens[cell]:
                seen.setdefault(puzzle.givens[cell], []).append(cell)
        for digit, cells in sorted(seen.items()):
            if len(cells) > 1:
                where = _house_name(house.kind, house.index)
                found.append(f"repeated {digit} in {where} ({_names(cells, puzzle)})")
    return found


def _house_name(kind: str, index: int) -> str:
    if kind in ("row", "region", "disjoint"):
        return {"row": "row", "region": "region", "disjoint": "disjoint group"}[kind] + f" {index + 1}"
    if kind == "col":
        return f"column {index + 1}"
    return {"cage": "a cage", "extra": "an extra region", "diagonal": "a diagonal"}.get(kind, kind)


def _names(cells: Sequence[int], puzzle: Puzzle) -> str:
    n = puzzle.size
    return ", ".join(f"r{c // n + 1}c{c % n + 1}" for c in cells)
