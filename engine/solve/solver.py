"""The exact solver: solve, count and classify any 9x9 puzzle, one at a time or a whole array at once.

The contract (tdoku's, in one place):

* input: a grid (anything :func:`engine.grid.as_grid` accepts) or, for the batch functions, a
  ``(n, 81)`` array of digits 0-9 (0 = empty);
* ``limit``: counting stops after ``limit`` solutions, so ``limit=2`` answers "is it unique?";
* a grid whose givens repeat a digit in a unit is *invalid*: it has no solution and count 0
  (``-1`` in :func:`classify_batch`, so callers can tell it from *unsolvable*);
* solutions are ``uint8`` arrays of shape (81,) and always pass :func:`engine.grid.is_solution`.

The search runs in compiled kernels (:mod:`engine.kernels.solver`), imported on first use so that
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
_EMPTY = np.zeros(N_CELLS, dtype=np.uint8)


def _k() -> ModuleType:
    """Return the kernels module, importing (and so loading numba) on first use."""
    global _kernels
    if _kernels is None:
        from engine.kernels import solver as solver_kernels

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


class _OneAtATime:
    """One thread's buffers for solving a single puzzle, and the kernel's compiled entry point.

    Calling ``classify_many`` through a fresh batch allocates four arrays and numba's dispatcher
    types all eight arguments: with the Python around it, 8-10 us more than a puzzle's share of a
    batch.  Here the arrays are made once and the overload's ``entry_point`` is called directly
    (an ahead-of-time compiled module has no dispatcher: its function is called as it is); the
    dtype test is an identity test (``==`` on a dtype costs 0.3 us).
    """

    def __init__(self, kernels: ModuleType) -> None:
        self.grid = np.zeros((1, N_CELLS), dtype=np.uint8)
        self.row = self.grid[0]  # filled with ``row[...] = grid``: 0.1-0.4 us less than ``grid[0] = ...``
        self.solution = np.zeros((1, N_CELLS), dtype=np.uint8)
        self.count = np.zeros(1, dtype=np.int64)
        self.guesses = np.zeros(1, dtype=np.int64)
        self.stack, self.work = kernels.workspace()
        self.flat = self.solution[0]
        from engine.kernels import entry_point

        self.call = entry_point(kernels.classify_many, self.args(2, -1))
        # the argument tuples of the solver's usual calls, built once
        self.usual = {limit: self.args(limit, -1) for limit in (1, 2)}

    def args(self, limit: int, seed: int) -> tuple[Any, ...]:
        """Return the kernel's arguments for this limit and seed."""
        return (self.grid, limit, seed, self.solution, self.count, self.guesses, self.stack, self.work)


_UINT8 = np.dtype(np.uint8)
_SHAPE = (N_CELLS,)


def _one(grid: Any, limit: int, seed: int = -1) -> tuple[int, np.ndarray]:
    """Classify one grid: return (count, this thread's solution buffer: copy it to keep it).

    The count is -1 for repeated givens; ValueError if ``grid`` is not 81 digits 0-9 or limit < 1.
    """
    if limit < 1:
        raise ValueError(f"limit must be at least 1, got {limit}")
    try:
        one = _local.one
    except AttributeError:
        one = _local.one = _OneAtATime(_k())
    # type(...) is, not isinstance: a subclass takes as_grid's path (each test here is ~0.05 us of 2)
    if type(grid) is np.ndarray and grid.dtype is _UINT8 and grid.shape == _SHAPE:
        one.row[...] = grid  # a value above 9 comes back as count -1: checked below, off the fast path
    else:
        one.row[...] = as_grid(grid)
    if seed < 0 and limit in one.usual:
        one.call(*one.usual[limit])
    else:
        one.call(*one.args(int(limit), int(seed)))
    count = one.count.item()
    if count < 0:
        as_grid(one.grid[0])  # raises ValueError for a value above 9
    return count, one.flat


def solve(grid: Any) -> np.ndarray | tuple[int, ...] | None:
    """Return the first solution of ``grid``, or None if it repeats a given or has no solution; a
    :class:`~engine.puzzle.model.Puzzle` of any size or variant gives its N*N digits as a tuple."""
    if type(grid) is not np.ndarray and _is_puzzle(grid):
        if not grid.is_classic:
            from engine.solve.variant import solve as solve_puzzle

            return solve_puzzle(grid)
        count, solution = _one(np.asarray(grid.givens, dtype=np.uint8), 1)
        return tuple(int(d) for d in solution) if count >= 1 else None
    count, solution = _one(grid, 1)
    return solution.copy() if count >= 1 else None


def count_solutions(grid: Any, limit: int = 2) -> int:
    """Return the number of solutions, counting stops at ``limit``; 0 for invalid or unsolvable grids
    (``grid`` may be a :class:`~engine.puzzle.model.Puzzle` of any size or variant)."""
    if type(grid) is not np.ndarray and _is_puzzle(grid):
        if not grid.is_classic:
            from engine.solve.variant import count_solutions as count_puzzle

            return count_puzzle(grid, limit)
        grid = np.asarray(grid.givens, dtype=np.uint8)
    return max(_one(grid, limit)[0], 0)


def _is_puzzle(value: Any) -> bool:
    """Return True for a model Puzzle (the variant solver's input unless it is classic)."""
    from engine.puzzle.model import Puzzle

    return isinstance(value, Puzzle)


def classify(grid: Any, limit: int = 2) -> Classification:
    """Return the puzzle's status, a solution and its count up to ``limit``; ValueError if limit < 2."""
    if limit < 2:
        raise ValueError(f"telling unique from multiple needs limit >= 2, got {limit}")
    count, solution = _one(grid, limit)
    if count < 0:
        return Classification(Status.INVALID, None, 0)
    if count == 0:
        return Classification(Status.UNSOLVABLE, None, 0)
    status = Status.UNIQUE if count == 1 else Status.MULTIPLE
    return Classification(status, solution.copy(), count)


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
    seed = int(gen.integers(0, 2**62))
    count, solution = _one(_EMPTY if grid is None else grid, 1, seed)
    return solution.copy() if count >= 1 else None


def warm_up() -> None:
    """Load (or compile, the first time) every solver kernel; safe to call from any thread."""
    _run(np.zeros((1, N_CELLS), dtype=np.uint8), 2)
    _one(_EMPTY, 1, 1)
