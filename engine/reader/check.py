"""The solver checks a reading: a read puzzle must have exactly one solution.

When the most likely digits repeat a digit in a unit, leave no solution or several, the next most
likely readings of the least sure cells are tried, fewest and likeliest changes first (one change,
then two, then three), and the first puzzle with exactly one solution is taken.  Cells with no ink
at all are never changed: a digit cannot hide in blank paper.  Candidates are screened for repeated
digits with numpy and counted in one compiled batch call.
"""

from __future__ import annotations

import itertools

import numpy as np

from engine.grid import UNITS
from engine.solve.solver import classify_batch

SUSPECTS = 8
"""How many of the least sure inked cells may be changed."""
ALTERNATIVES = 2
"""How many next-best readings of each suspect are tried."""
MAX_CHANGES = 3
MAX_TRIES = 600
"""Candidate puzzles considered at most, likeliest first."""

_UNITS = np.array(UNITS, dtype=np.int64)
STATUS = {-1: "invalid", 0: "unsolvable", 1: "unique"}


def _repeats(grids: np.ndarray) -> np.ndarray:
    """Return, for each row of an (n, 81) array, whether some unit repeats a digit."""
    values = grids[:, _UNITS]
    repeated = np.zeros(len(grids), dtype=bool)
    for digit in range(1, 10):
        repeated |= ((values == digit).sum(axis=2) > 1).any(axis=1)
    return repeated


def _counts(grids: np.ndarray) -> np.ndarray:
    """Return solution counts capped at 2 for an (n, 81) array, -1 where a unit repeats a digit."""
    counts = np.full(len(grids), -1, dtype=np.int64)
    fine = ~_repeats(grids)
    if fine.any():
        counts[fine] = classify_batch(grids[fine].astype(np.int8), limit=2)[1]
    return counts


def best_unique(probs: np.ndarray, inked: np.ndarray) -> tuple[np.ndarray, str]:
    """Return the likeliest puzzle with one solution under ``probs`` (81 x 10), and its status.

    ``inked`` marks the cells that may change.  When no puzzle within the search has one solution,
    the likeliest puzzle is returned with its own status ('multiple', 'unsolvable' or 'invalid').
    """
    first = probs.argmax(axis=1)
    count = int(_counts(first[None, :])[0])
    status = STATUS.get(count, "multiple")
    if status == "unique":
        return first, status
    logp = np.log(np.clip(probs, 1e-9, 1.0))
    changes = list(itertools.islice(_likeliest_changes(_options(logp, first, inked)), MAX_TRIES))
    if not changes:
        return first, status
    grids = np.repeat(first[None, :], len(changes), axis=0)
    for row, change in enumerate(changes):
        for cell, digit in change:
            grids[row, cell] = digit
    for start in range(0, len(grids), 100):
        unique = np.flatnonzero(_counts(grids[start:start + 100]) == 1)
        if len(unique):
            return grids[start + unique[0]], "unique"
    return first, status


def _options(logp: np.ndarray, first: np.ndarray, inked: np.ndarray) -> list[tuple[float, int, int]]:
    """Return (cost, cell, digit) alternatives of the least sure inked cells, cheapest first."""
    cells = np.flatnonzero(inked)
    margin = logp[cells, first[cells]] - np.sort(logp[cells], axis=1)[:, -2]
    suspects = cells[np.argsort(margin)][:SUSPECTS]
    options = []
    for cell in suspects.tolist():
        for digit in np.argsort(-logp[cell])[1:1 + ALTERNATIVES].tolist():
            options.append((float(logp[cell, first[cell]] - logp[cell, digit]), cell, digit))
    return sorted(options)


def _likeliest_changes(options: list[tuple[float, int, int]]) -> list[list[tuple[int, int]]]:
    """Return the sets of 1..MAX_CHANGES changes to distinct cells, cheapest (least likely lost) first."""
    found = []
    for size in range(1, MAX_CHANGES + 1):
        for combo in itertools.combinations(options, size):
            if len({c for _, c, _ in combo}) == size:
                found.append((sum(cost for cost, _, _ in combo), [(c, d) for _, c, d in combo]))
    found.sort(key=lambda item: item[0])
    return [change for _, change in found]
