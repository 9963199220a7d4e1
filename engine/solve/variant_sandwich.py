"""Sandwich tables of the variant solver: the digit sets a sandwich's middle can hold, by its size (the
Interactive Sudoku Solver's Lunchbox combinations).

A helper of :mod:`engine.solve.variant` (the aux layout is :func:`engine.kernels.variant._lunchbox`'s);
a failure here is a bug, never bad input: the puzzle was checked when it was built.
"""

from __future__ import annotations

from functools import cache

from engine.solve.variant_sums import sets_by_size_and_sum


@cache
def sandwich_table(n: int, total: int) -> tuple[int, ...]:
    """The aux of a sandwich of ``total`` on a line of n cells: n offsets (from the aux's start) where the
    sets of 0, 1, ..., n - 2 middle digits begin and the last one ends, then those sets as masks, each
    of digits 2..n-1 summing to ``total`` (none of any size: the sandwich cannot hold)."""
    crusts = 1 | 1 << (n - 1)
    sets = sets_by_size_and_sum(n)
    by_size = [[] if total else [0]] + [
        [m for m in sets.get((size, total), []) if not m & crusts] for size in range(1, n - 1)
    ]
    offsets = [n]
    for masks in by_size:
        offsets.append(offsets[-1] + len(masks))
    return (*offsets, *(m for masks in by_size for m in masks))
