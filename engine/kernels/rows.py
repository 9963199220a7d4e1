"""A kernel's rows: kernels that find patterns write one row of ``out`` per find (:func:`put`) and
return how many, stopping when ``out`` is full (:func:`filled_rows` calls them again with more rows
then) or growing a table of their own (:func:`room`)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from engine.kernels import njit


def filled_rows(kernel: Callable[..., int], args: tuple, width: int, rows: int = 128) -> list[list[int]]:
    """Return the rows ``kernel(*args, out)`` fills in a fresh ``out`` of ``width`` int64 columns (as
    lists), called again with eight times the rows while it fills them all (it stops when they run
    out).  Raises what the kernel raises on arguments of the wrong types."""
    while True:
        out = np.empty((rows, width), dtype=np.int64)
        count = kernel(*args, out)
        if count < rows:
            return out[:count].tolist() if count else []
        rows *= 8


@njit(cache=True, inline="always")
def put(out, found, row):  # pragma: no cover - compiled
    """Write ``row`` (a tuple of ints) as row ``found`` of ``out``; return the rows written, ``found + 1``."""
    for i in range(len(row)):
        out[found, i] = row[i]
    return found + 1


@njit(cache=True)
def room(out, used):  # pragma: no cover - compiled
    """Return ``out`` if it has a row after its ``used`` ones, else a copy of it twice as long."""
    if used < out.shape[0]:
        return out
    bigger = np.empty((2 * used, out.shape[1]), dtype=out.dtype)
    bigger[:used] = out
    return bigger
