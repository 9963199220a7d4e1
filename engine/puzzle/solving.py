"""Solving a puzzle of the model: the classic engine for the classic 9x9, the variant solver for the rest.

The variant solver is ``engine.solve.variant`` (``count_solutions(puzzle, limit)`` and ``solve(puzzle)``,
issue 38); it is imported on first use, so this module, the formats and the CLI load without it.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from types import ModuleType

from engine.errors import SudokuError
from engine.puzzle.model import Puzzle

VARIANT_SOLVER = "engine.solve.variant"


class SolverMissingError(SudokuError):
    """This build has no variant solver (``engine.solve.variant``), so only classic 9x9 puzzles solve."""


def _variant() -> ModuleType:
    """Return the variant solver's module; SolverMissingError when this build has none."""
    try:
        return importlib.import_module(VARIANT_SOLVER)
    except ModuleNotFoundError as err:
        if err.name is None or not VARIANT_SOLVER.startswith(err.name):
            raise
        raise SolverMissingError("this build has no solver for variant puzzles") from None


def count_solutions(puzzle: Puzzle, limit: int = 2) -> int:
    """Return how many solutions ``puzzle`` has, counting up to ``limit``; SolverMissingError for a variant
    puzzle in a build without the variant solver."""
    if puzzle.is_classic:
        from engine.solve.solver import count_solutions as classic_count

        return max(0, int(classic_count(list(puzzle.givens), limit)))
    return int(_variant().count_solutions(puzzle, limit=limit))


def solve(puzzle: Puzzle) -> list[int] | None:
    """Return one solution of ``puzzle`` as N*N digits, or None if it has none; SolverMissingError as
    :func:`count_solutions`."""
    if puzzle.is_classic:
        from engine.solve.solver import solve as classic_solve

        found = classic_solve(list(puzzle.givens))
    else:
        found = _variant().solve(puzzle)
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
