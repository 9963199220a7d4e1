"""The solver checks a reading: a read puzzle must have exactly one solution.

When the most likely digits repeat a digit in a unit, leave no solution or several, the next most
likely readings of the least sure cells are tried, fewest and likeliest changes first (one change,
then two, then three), and the first puzzle with exactly one solution is taken.  Cells with no ink
at all are never changed: a digit cannot hide in blank paper.
"""

from __future__ import annotations

import heapq
import itertools

import numpy as np

from engine.solver import count_solutions

SUSPECTS = 10
"""How many of the least sure cells may be changed."""
MAX_CHANGES = 3
MAX_TRIES = 400
"""Puzzles counted at most (each count takes microseconds to a millisecond)."""


def status_of(grid: np.ndarray) -> str:
    """Return 'unique', 'multiple', 'unsolvable' or 'invalid' (a repeated digit) for a puzzle."""
    from engine.grid import conflicts

    if conflicts(grid):
        return "invalid"
    count = count_solutions(grid, limit=2)
    return {0: "unsolvable", 1: "unique"}.get(count, "multiple")


def best_unique(probs: np.ndarray, inked: np.ndarray) -> tuple[np.ndarray, str]:
    """Return the likeliest puzzle with one solution under ``probs`` (81 x 10), and its status.

    ``inked`` marks the cells that may change.  When no puzzle within the search has one solution,
    the likeliest puzzle is returned with its own status ('multiple', 'unsolvable' or 'invalid').
    """
    first = probs.argmax(axis=1)
    status = status_of(first)
    if status == "unique":
        return first, status
    logp = np.log(np.clip(probs, 1e-9, 1.0))
    options = _options(logp, first, inked)
    for _, changes in itertools.islice(_likeliest_changes(options), MAX_TRIES):
        grid = first.copy()
        for cell, digit in changes:
            grid[cell] = digit
        if status_of(grid) == "unique":
            return grid, "unique"
    return first, status


def _options(logp: np.ndarray, first: np.ndarray, inked: np.ndarray) -> list[tuple[float, int, int]]:
    """Return (cost, cell, digit) alternatives of the least sure inked cells, cheapest first."""
    cells = np.flatnonzero(inked)
    margin = logp[cells, first[cells]]
    suspects = cells[np.argsort(margin)][:SUSPECTS]
    options = []
    for cell in suspects.tolist():
        for digit in np.argsort(-logp[cell])[1:4].tolist():
            options.append((float(logp[cell, first[cell]] - logp[cell, digit]), cell, digit))
    return sorted(options)


def _likeliest_changes(options: list[tuple[float, int, int]]):
    """Yield (cost, changes) for sets of 1..MAX_CHANGES changes to distinct cells, cheapest first."""
    heap = []
    for size in range(1, MAX_CHANGES + 1):
        for combo in itertools.combinations(options, size):
            cells = {c for _, c, _ in combo}
            if len(cells) == size:
                heap.append((sum(cost for cost, _, _ in combo), [(c, d) for _, c, d in combo]))
    heapq.heapify(heap)
    while heap:
        yield heapq.heappop(heap)
