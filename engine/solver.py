"""The exact solver: solve, count and classify any 9x9 puzzle, one at a time or a whole array at once.

The contract (tdoku's, in one place):

* input: a grid (anything :func:`engine.grid.as_grid` accepts) or, for the batch functions, a
  ``(n, 81)`` array of digits 0-9 (0 = empty);
* ``limit``: counting stops after ``limit`` solutions, so ``limit=2`` answers "is it unique?";
* a grid whose givens repeat a digit in a unit is *invalid*: it has no solution and count 0
  (``-1`` in :func:`classify_batch`, so callers can tell it from *unsolvable*);
* solutions are ``uint8`` arrays of shape (81,) and always pass :func:`engine.grid.is_solution`.

The search runs in compiled kernels (:mod:`engine.solver_kernels`), imported on first use so that
importing this module (for :class:`Status`, say) never loads numba.
"""

from __future__ import annotations

import enum
import threading
from types import ModuleType
from typing import Any, NamedTuple

import numpy as np

from engine.grid import N_CELLS, as_grid


class Status(str, enum.Enum):
    """What a puzzle is: exactly one solution, more than one, none, or repeated givens."""

    UNIQUE = "unique"
    MULTIPLE = "multiple"
    UNSOLVABLE = "unsolvable"
    INVALID = "invalid"


class Classification(NamedTuple):
    """A puzzle's status, one solution (None when there is none) and solutions counted up to the limit."""

    status: Status
    solution: np.ndarray | None
    count: int


_kernels: ModuleType | None = None


def _k() -> ModuleType:
    """Return the kernels module, importing (and so loading numba) on first use."""
    global _kernels
    if _kernels is None:
        from engine import solver_kernels

        _kernels = solver_kernels
    return _kernels


_local = threading.local()


def _workspace(kernels: ModuleType) -> tuple[np.ndarray, np.ndarray]:
    """Return this thread's scratch arrays for the kernel (made once: 2 us of a 10 us single solve)."""
    space = getattr(_local, "space", None)
    if space is None:
        space = _local.space = kernels.workspace()
    return space


def _as_batch(grids: Any) -> np.ndarray:
    """Return ``grids`` as a C-contiguous uint8 (n, 81) array; ValueError if it is not digits 0-9."""
    arr = np.asarray(grids)
    if arr.ndim != 2 or arr.shape[1] != N_CELLS:
        raise ValueError(f"expected an array of shape (n, 81), got {arr.shape}")
    if arr.size and (arr.dtype.kind not in "iu" or arr.min() < 0 or arr.max() > 9):
        raise ValueError("grid values must be whole numbers 0-9")
    return np.ascontiguousarray(arr, dtype=np.uint8)


def _run(grids: np.ndarray, limit: int, seed: int = -1) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Run the batch kernel: return (solutions, counts, guesses); unsolved rows keep their input."""
    if limit < 1:
        raise ValueError(f"limit must be at least 1, got {limit}")
    n = len(grids)
    solutions = grids.copy()
    counts = np.zeros(n, dtype=np.int64)
    guesses = np.zeros(n, dtype=np.int64)
    if n:
        k = _k()
        k.classify_many(grids, int(limit), int(seed), solutions, counts, guesses, *_workspace(k))
    return solutions, counts, guesses


def _single(grid: Any) -> np.ndarray:
    """Return a grid as a (1, 81) batch; ValueError if it is not 81 digits 0-9."""
    fast = isinstance(grid, np.ndarray) and grid.dtype == np.uint8 and grid.shape == (N_CELLS,)
    if fast and grid.max() <= 9:
        return grid.reshape(1, N_CELLS).copy()
    return as_grid(grid).reshape(1, N_CELLS)


def solve(grid: Any) -> np.ndarray | None:
    """Return the first solution of ``grid``, or None if it repeats a given or has no solution."""
    solutions, counts, _ = _run(_single(grid), 1)
    return solutions[0] if counts[0] >= 1 else None


def count_solutions(grid: Any, limit: int = 2) -> int:
    """Return the number of solutions, counting stops at ``limit``; 0 for invalid or unsolvable grids."""
    _, counts, _ = _run(_single(grid), limit)
    return max(int(counts[0]), 0)


def classify(grid: Any, limit: int = 2) -> Classification:
    """Return the puzzle's status, a solution and its count up to ``limit``; ValueError if limit < 2."""
    if limit < 2:
        raise ValueError(f"telling unique from multiple needs limit >= 2, got {limit}")
    solutions, counts, _ = _run(_single(grid), limit)
    count = int(counts[0])
    if count < 0:
        return Classification(Status.INVALID, None, 0)
    if count == 0:
        return Classification(Status.UNSOLVABLE, None, 0)
    status = Status.UNIQUE if count == 1 else Status.MULTIPLE
    return Classification(status, solutions[0], count)


def solve_batch(grids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Solve every row of an (n, 81) array in one compiled call: return (solutions, solved).

    Rows that repeat a given or have no solution are copied unchanged and have ``solved`` False;
    raises ValueError if ``grids`` is not an (n, 81) array of digits 0-9.
    """
    solutions, counts, _ = _run(_as_batch(grids), 1)
    return solutions, counts >= 1


def classify_batch(grids: np.ndarray, limit: int = 2) -> tuple[np.ndarray, np.ndarray]:
    """Classify every row of an (n, 81) array in one compiled call: return (solutions, counts).

    ``counts`` is -1 for repeated givens, 0 unsolvable, 1 unique, 2 up to ``limit`` multiple; rows
    without a solution are copied unchanged.  Raises ValueError for a bad array or ``limit < 1``.
    """
    solutions, counts, _ = _run(_as_batch(grids), limit)
    return solutions, counts


def random_solution(
    rng: np.random.Generator | int | None = None, grid: np.ndarray | None = None
) -> np.ndarray | None:
    """Return a random completion of ``grid`` (default: the empty grid), or None if it has none.

    Digits are tried in a random order at every guess, so every completion can come out; the
    result is reproducible for a seeded ``rng``.
    """
    gen = rng if isinstance(rng, np.random.Generator) else np.random.default_rng(rng)
    batch = np.zeros((1, N_CELLS), dtype=np.uint8) if grid is None else _single(grid)
    seed = int(gen.integers(0, 2**62))
    solutions, counts, _ = _run(batch, 1, seed)
    return solutions[0] if counts[0] >= 1 else None


def warm_up() -> None:
    """Load (or compile, the first time) every solver kernel; safe to call from any thread."""
    puzzle = np.zeros((1, N_CELLS), dtype=np.uint8)
    _run(puzzle, 2)
    _run(puzzle, 1, 1)
