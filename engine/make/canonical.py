"""The canonical form of a complete grid (minlex), and grids that are pairwise essentially different.

Two complete grids are *equivalent* (the same grid, "essentially") when one turns into the other by
the Sudoku symmetries: relabelling the digits, permuting rows within a band, columns within a
stack, bands, stacks, and transposing.  The *minlex form* of a grid is the lexicographically
smallest of all its equivalents, read row by row as 81 digits: equivalent grids, and only they,
share it.  It always starts ``123456789`` and then ``4``.

The search is compiled (:mod:`engine.kernels.canonical`, numba, loaded on first use): it fixes what
minimality forces and compares the 7,776 remaining candidates cell by cell with an early exit,
about 0.1-0.3 ms per grid on one core, so 10,000 essentially different grids take a few seconds
with their random generation (figures in benchmarks/README.md).  Only complete grids: a puzzle's
minlex form (empty cells included) needs a different search.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from engine.grid import N_CELLS, UNITS_NP
from engine.make.grids import MAX_GRIDS


def _complete_batch(grids: np.ndarray) -> np.ndarray:
    """Return grids as a contiguous uint8 (n, 81) array; ValueError unless each is a complete solution."""
    arr = np.asarray(grids)
    if arr.ndim != 2 or arr.shape[1] != N_CELLS:
        raise ValueError(f"expected complete grids of shape (n, 81), got {arr.shape}")
    arr = np.ascontiguousarray(arr, dtype=np.uint8)
    if arr.size:
        masks = np.bitwise_or.reduce(np.left_shift(np.uint16(1), arr[:, UNITS_NP].astype(np.uint16)), axis=2)
        bad = np.flatnonzero((masks != 0x3FE).any(axis=1))
        if len(bad):
            raise ValueError(f"grid {bad[0] + 1} is not a complete, valid grid (minlex needs one)")
    return arr


def minlex_batch(grids: np.ndarray) -> np.ndarray:
    """Return the minlex form of every complete grid in an (n, 81) array; ValueError if one is incomplete."""
    arr = _complete_batch(grids)
    out = np.empty_like(arr)
    if len(arr):
        from engine.kernels import canonical as canonical_kernels  # loads numba on first use

        canonical_kernels.minlex_many(arr, out)
    return out


def minlex(grid: np.ndarray) -> np.ndarray:
    """Return the minlex form of one complete grid (81 digits); ValueError if it is not a complete grid."""
    return minlex_batch(np.asarray(grid).reshape(1, -1))[0]


def essentially_different_grids(
    n: int,
    seed: int | None = None,
    first: int | None = None,
    rng: np.random.Generator | None = None,
    on_progress: Callable[[int], object] | None = None,
) -> np.ndarray:
    """Return ``n`` pairwise inequivalent complete grids (n, 81), minlex; ValueError unless n is 1-1,000,000.

    Random complete grids (the solver's :func:`~engine.solve.solver.random_solution`) are canonicalised and
    kept when their form is new, so inequivalence is guaranteed, not likely.  With ``first=D`` digits
    1 and D are swapped in every form (a relabelling, so inequivalence is kept, and every grid
    starts with D); the grids are then canonical forms up to that one swap.  ``on_progress`` is
    called with the number of grids each batch added.
    """
    if not 1 <= n <= MAX_GRIDS:
        raise ValueError(f"the number of grids must be 1 to {MAX_GRIDS:,}, got {n:,}")
    if first is not None and not 1 <= first <= 9:
        raise ValueError(f"the first digit must be 1-9, got {first}")
    from engine.solve.solver import random_solution

    gen = rng if rng is not None else np.random.default_rng(seed)
    seen: set[bytes] = set()
    out = np.empty((n, N_CELLS), dtype=np.uint8)
    found = 0
    while found < n:
        # a little over what is missing: two random grids are equivalent with odds ~1e-9
        batch = np.stack([random_solution(gen) for _ in range(min(4096, n - found + 8))])
        before = found
        for form in minlex_batch(batch):
            key = form.tobytes()
            if key not in seen and found < n:
                seen.add(key)
                out[found] = form
                found += 1
        if on_progress is not None:
            on_progress(found - before)
    if first is not None and first != 1:
        swap = np.arange(10, dtype=np.uint8)
        swap[1], swap[first] = first, 1
        out = swap[out]
    return out
