"""Candidates ("possible numbers"): the digits each empty cell can still take.

A candidate set is a 9-bit mask, bit ``d - 1`` set when digit ``d`` is possible.  Filled cells have
an empty mask.  Peer exclusion only: no technique beyond "a peer already holds it" is applied here.
"""

from __future__ import annotations

import numpy as np

from engine.grid import N_CELLS, PEERS

ALL_DIGITS = 0x1FF


def candidate_masks(grid: np.ndarray) -> np.ndarray:
    """Return a uint16 mask per cell: the digits no peer holds (0 for filled cells, and for dead ends)."""
    masks = np.zeros(N_CELLS, dtype=np.uint16)
    values = [int(v) for v in grid]
    for cell in range(N_CELLS):
        if values[cell]:
            continue
        used = 0
        for p in PEERS[cell]:
            if values[p]:
                used |= 1 << (values[p] - 1)
        masks[cell] = ALL_DIGITS & ~used
    return masks


def mask_digits(mask: int) -> list[int]:
    """Return the digits (ascending) in a candidate mask."""
    return [d for d in range(1, 10) if mask >> (d - 1) & 1]


def candidates(grid: np.ndarray) -> list[list[int]]:
    """Return, per cell, the ascending list of candidate digits (empty for filled cells)."""
    return [mask_digits(int(m)) for m in candidate_masks(grid)]
