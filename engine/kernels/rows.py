"""Reading a kernel's rows: kernels that find patterns write one row of ``out`` per find and return
how many, stopping when ``out`` is full; :func:`filled_rows` calls them again with more rows then."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np


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
