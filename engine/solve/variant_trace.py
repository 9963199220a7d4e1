"""Watching the variant solver: :func:`trace` yields the same ``engine.trace`` events as the classic
solver's naive backtracking and smart search, for a puzzle of any size and constraints.

The naive search tests each digit against every compiled constraint (:class:`_Checker`); the smart one
propagates with the kernels of :mod:`engine.solve.variant` and branches on the fewest candidates.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from engine.puzzle.model import Puzzle
from engine.solve.variant import CAGE, HOUSE, LINES, PAIR, SPLIT, SUM, Program, _k, compile_puzzle


def _digits(mask: int) -> list[int]:
    return [d + 1 for d in range(mask.bit_length()) if mask >> d & 1]


class _Checker:
    """The naive search's test of one digit against the digits placed so far, per compiled constraint."""

    def __init__(self, program: Program) -> None:
        self.p = program
        self.by_cell: list[list[int]] = [[] for _ in range(program.cells)]
        for k, (kind, cells, _, _) in enumerate(program.cons):
            if kind != HOUSE and kind != LINES:
                for c in cells:
                    self.by_cell[c].append(k)

    def fits(self, values: list[int], cell: int, digit: int) -> bool:
        """Return True if ``digit`` in ``cell`` breaks no constraint given the placed ``values``."""
        p = self.p
        if not p.init[cell] >> (digit - 1) & 1 or any(values[q] == digit for q in p.peers[cell]):
            return False
        values[cell] = digit
        try:
            return all(self._holds(p.cons[k], values) for k in self.by_cell[cell])
        finally:
            values[cell] = 0

    def _holds(self, con: tuple[int, tuple[int, ...], int, list[int]], values: list[int]) -> bool:
        kind, cells, total, aux = con
        n = self.p.size
        if kind == PAIR:
            a, b = (values[c] for c in cells)
            return not a or not b or bool(aux[a - 1] >> (b - 1) & 1)
        if kind == CAGE:
            placed = sum(1 << (values[c] - 1) for c in cells if values[c])
            return any(placed & ~combo == 0 for combo in aux)
        if kind == SPLIT:  # the cage's cells, then its house's others: these hold what a set leaves
            inside, table = aux[0], aux[1:]
            placed = sum(1 << (values[c] - 1) for c in cells[:inside] if values[c])
            rest = sum(1 << (values[c] - 1) for c in cells[inside:] if values[c])
            return any(placed & ~combo == 0 and rest & combo == 0 for combo in table)
        if kind == SUM:
            lo = hi = 0
            for c, wt in zip(cells, aux, strict=False):
                vals = (values[c], values[c]) if values[c] else (1, n)
                lo += min(wt * vals[0], wt * vals[1])
                hi += max(wt * vals[0], wt * vals[1])
            return lo <= total <= hi
        line = [values[c] for c in cells]  # a sandwich
        if 1 not in line or n not in line:
            return True
        a, b = sorted((line.index(1), line.index(n)))
        middle = line[a + 1:b]
        return sum(middle) == total if all(middle) else sum(middle) < total or total == 0 and not middle


def _naive(puzzle: Puzzle) -> Iterator[Any]:
    """Yield the events of first-empty-cell backtracking, each digit checked against every constraint."""
    from engine.solve.search import Event

    program = compile_puzzle(puzzle)
    check = _Checker(program)
    n = puzzle.size
    values = [0] * program.cells
    for c, d in enumerate(puzzle.givens):
        if d and not check.fits(values, c, d):
            yield Event("failed", -1, 0, 0, 0, 0)
            return
        values[c] = d
    empties = [c for c in range(program.cells) if not values[c]]
    tried = [0] * (len(empties) + 1)
    depth = steps = backtracks = 0
    while True:
        if depth == len(empties):
            yield Event("solved", -1, 0, depth, steps, backtracks)
            return
        cell = empties[depth]
        d = tried[depth] + 1
        while d <= n and not check.fits(values, cell, d):
            d += 1
        if d <= n:
            tried[depth] = values[cell] = d
            steps += 1
            yield Event("try", cell, d, depth, steps, backtracks)
            depth += 1
            tried[depth] = 0
            continue
        backtracks += 1
        yield Event("backtrack", cell, 0, depth, steps, backtracks)
        if depth == 0:
            yield Event("failed", -1, 0, 0, steps, backtracks)
            return
        depth -= 1
        cell = empties[depth]
        values[cell] = 0
        yield Event("undo", cell, tried[depth], depth, steps, backtracks)


def _propagated(array: np.ndarray, state: np.ndarray) -> tuple[bool, list[tuple[int, int]]]:
    """Propagate a copy of ``state``'s parent in place: return (no contradiction, the cells it made
    single, as (cell, digit) in cell order)."""
    nc = len(state) // 2
    before = state[:nc].copy()
    ok = bool(_k().propagate_state(array, state))
    placed = [(c, int(state[c]).bit_length()) for c in range(nc)
              if before[c] & (before[c] - 1) and state[c] and not state[c] & (state[c] - 1)]
    return ok, placed


def _choose(state: np.ndarray) -> int:
    """The cell with the fewest candidates (the first such), -1 when every cell is single."""
    nc = len(state) // 2
    best, best_n = -1, 99
    for c in range(nc):
        m = int(state[c])
        if m & (m - 1) and m.bit_count() < best_n:
            best, best_n = c, m.bit_count()
    return best


def _smart(puzzle: Puzzle) -> Iterator[Any]:
    """Yield the events of propagation (every handler) with fewest-candidates guessing
    (:func:`engine.solve.search.guessing`, the classic smart search's loop)."""
    from engine.solve.search import Event, guessing

    program = compile_puzzle(puzzle)
    array = program.array
    nc = puzzle.n_cells
    state = np.zeros(2 * nc, dtype=np.int64)
    state[:nc] = program.init
    ok = bool(_k().propagate_state(array, state))
    for c in range(nc):  # every cell the start fixes, a one-cell cage's too (single before propagating)
        m = int(state[c])
        if ok and not puzzle.givens[c] and m and not m & (m - 1):
            yield Event("place", c, m.bit_length(), 0, 0, 0)
    if not ok or _choose(state) < 0:
        yield Event("solved" if ok else "failed", -1, 0, 0, 0, 0)
        return

    def attempt(base: np.ndarray, cell: int, digit: int) -> tuple[bool, np.ndarray, tuple]:
        child = base.copy()
        child[cell] = 1 << (digit - 1)
        ok, placed = _propagated(array, child)
        return ok, child, tuple((c, d) for c, d in placed if c != cell)

    yield from guessing(state, _choose, lambda base, cell: _digits(int(base[cell])), attempt)


def trace(puzzle: Puzzle, algorithm: str = "naive") -> Iterator[Any]:
    """Return a lazy iterator of a search's events (:mod:`engine.solve.search`) over a variant puzzle;
    ValueError for an algorithm other than naive or smart (a variant's
    human logic is traced by :mod:`engine.solve.tracing`)."""
    runs = {"naive": _naive, "smart": _smart}
    if algorithm not in runs:
        raise ValueError(f"algorithm {algorithm!r} does not solve variant puzzles (naive or smart do)")
    return runs[algorithm](puzzle)
