"""Propagation without search for the human logic's contradiction trials: a variant puzzle's compiled
program (:func:`engine.solve.variant.compile_puzzle`) run from a caller's candidates by the probe
kernels (:mod:`engine.kernels.variant_probe`); importing it loads numba (callers import it on first use)."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from engine.kernels import variant as variant_kernels
from engine.kernels import variant_probe
from engine.puzzle.model import Puzzle
from engine.solve.variant import compile_puzzle


class Prober:
    """Propagation without search over a puzzle's compiled program, from a caller's candidates: which
    candidates break at once when placed (the human logic's contradiction trials use it as a filter);
    built once per puzzle, never fails for a checked puzzle.  Each call propagates the caller's row to
    its fixpoint once, then each trial from there queuing only what its cut touches
    (:mod:`engine.kernels.variant_probe`): the same answers as propagating every trial from scratch."""

    def __init__(self, puzzle: Puzzle, across: bool = False) -> None:
        self.array = compile_puzzle(puzzle, across=across).array  # by default what the words can show
        self.spent = 0  # the trials the last nested search spent (for benchmarks)
        self.cells = puzzle.n_cells
        self._propagate = variant_kernels.propagate_state
        self._probe = variant_probe

    def state(self, masks: Iterable[int]) -> np.ndarray:
        """A state row of these candidate masks (one per cell, a placed cell's digit as its bit)."""
        row = np.zeros(2 * self.cells, dtype=np.int64)
        row[:self.cells] = list(masks)
        return row

    def propagate(self, row: np.ndarray) -> np.ndarray | None:
        """The row's candidates propagated to their fixpoint (a new row), None on a contradiction."""
        out = row.copy()
        out[self.cells:] = 0
        return out if self._propagate(self.array, out) else None

    def dead(self, row: np.ndarray, tries: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
        """The (cell, digit) tries whose placing on ``row`` propagates to a contradiction."""
        tries = list(tries)
        cells, keeps = _tries(tries)
        out = np.zeros(len(tries), dtype=np.int64)
        self._probe.dead_tries(self.array, row, cells, keeps, out)
        return [t for t, dead in zip(tries, out, strict=True) if dead]

    def inner_fixpoint(self, row: np.ndarray, most: int, rounds: int) -> np.ndarray | None:
        """The row propagated, then each candidate of a cell of 2..``most`` candidates whose placing dies
        taken out and propagated again, ``rounds`` times at most (a new row); None when it dies."""
        out = row.copy()
        return out if self._probe.inner_fixpoint(self.array, out, most, rounds) else None

    def nested_dead(self, row: np.ndarray, tries: Iterable[tuple[int, int]], most: int, rounds: int,
                    want: int = 0, budget: int = 0) -> list[tuple[int, int]]:
        """The tries that live once placed and propagated but die once their own inner contradictions
        (:meth:`inner_fixpoint`) are out, in order, the first ``want`` of them (0: all), among those
        examined before ``budget`` trials, outer and inner, are spent (0: no cap)."""
        tries = list(tries)
        cells, keeps = _tries(tries)
        out = np.zeros(len(tries), dtype=np.int64)
        self.spent = self._probe.nested_dead(self.array, row, cells, keeps, out, most, rounds, want, budget)
        return [t for t, kind in zip(tries, out, strict=True) if kind == 2]

    def deep_dead(self, row: np.ndarray, tries: Iterable[tuple[int, int]], most: int, rounds: int,
                  want: int = 0, budget: int = 0) -> list[tuple[int, int]]:
        """The tries that live once placed and propagated but die once their inner contradictions, each
        shown by a nested trial of its own (:meth:`nested_dead` with ``most``, ``rounds``), are out, in
        order, the first ``want`` of them (0: all), among those examined before ``budget`` trials are
        spent (0: no cap)."""
        tries = list(tries)
        cells, keeps = _tries(tries)
        out = np.zeros(len(tries), dtype=np.int64)
        self.spent = self._probe.deep_dead(self.array, row, cells, keeps, out, most, rounds, want, budget)
        return [t for t, kind in zip(tries, out, strict=True) if kind == 2]

    def union(self, row: np.ndarray, branches: list[dict[int, int]], most: int = 0,
              rounds: int = 0) -> tuple[list[int], int]:
        """(each cell's candidates in some living branch, how many live): each branch cuts its cells to
        the digits it keeps ({cell: mask}) and is propagated, with its inner contradictions out when
        ``rounds`` > 0."""
        starts = np.zeros(len(branches) + 1, dtype=np.int64)
        starts[1:] = np.cumsum([len(b) for b in branches])
        cells = np.array([c for b in branches for c in b], dtype=np.int64)
        keeps = np.array([k for b in branches for k in b.values()], dtype=np.int64)
        union = np.zeros(self.cells, dtype=np.int64)
        alive = self._probe.branch_union(self.array, row, starts, cells, keeps, union, most, rounds)
        return [int(m) for m in union], int(alive)


def _tries(tries: list[tuple[int, int]]) -> tuple[np.ndarray, np.ndarray]:
    """The kernels' arrays of (cell, digit) tries: the cells, and each digit as the one bit kept."""
    cells = np.array([c for c, _ in tries], dtype=np.int64)
    keeps = np.array([1 << (d - 1) for _, d in tries], dtype=np.int64)
    return cells, keeps
