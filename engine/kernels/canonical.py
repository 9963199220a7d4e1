"""Compiled kernels for :mod:`engine.make.canonical`: the minlex form of complete grids.

Importing this module loads numba (unless the kernels were compiled ahead of time: engine/kernels/);
only :mod:`engine.make.canonical` imports it, on first use.

The search (for one grid; all indices 0-based)
----------------------------------------------
Every symmetry is a choice of transposition (2), the row that goes on top (9), which other row of
its band comes second (2), the order of the stacks (6), the order of the columns inside each stack
(6 x 6 x 6), the order of the other two bands and of the rows inside them, and a relabelling.
Lexicographic minimality pins most of these down:

* the relabelling is forced: the top row must read 123456789;
* the order of the columns inside the first stack is forced: row 1's first three cells hold three
  different digits whose labels do not depend on that order (they sit in the other stacks), so
  only the ascending order can be minimal;
* the order of the bands below and of their rows is forced: column 0 holds nine different digits,
  so row 3 is the row (of bands 1-2) with the smallest first cell, rows 4-5 the rest of its band
  in ascending first cells, then the other band the same way.

That leaves 2 x 9 x 2 x 6 x 36 = 7,776 candidates per grid, compared with the best so far cell by
cell, leaving at the first larger cell (usually within row 1's first three cells, which are known
before the relabelling is even built).  Measured: about 0.15 ms per grid on a quiet core (0.5 ms
on a loaded one), so 10,000 grids in 1.5 s (see benchmarks/bench_create.py).  First compile: about
4 s; later runs load it from numba's cache.
"""

from __future__ import annotations

import numpy as np

from engine.kernels import njit

# the six orders of three things, lexicographic
_PERM3 = np.array([[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]], dtype=np.int64)


@njit(cache=True)
def _compare_rest(m, rows, cols, sigma, best, start):  # pragma: no cover - compiled
    """Return -1, 0 or 1 as the candidate's cells from ``start`` on compare with ``best``'s."""
    for cell in range(start, 81):
        v = sigma[m[rows[cell // 9], cols[cell % 9]]]
        if v < best[cell]:
            return -1
        if v > best[cell]:
            return 1
    return 0


@njit(cache=True)
def _write(m, rows, cols, sigma, best):  # pragma: no cover - compiled
    for cell in range(81):
        best[cell] = sigma[m[rows[cell // 9], cols[cell % 9]]]


@njit(cache=True, inline="always")
def _sort3(key, a, b, c, out, at):  # pragma: no cover - compiled
    """Write ``a``, ``b``, ``c`` into ``out[at:at + 3]`` ordered by ``key`` (a three-way network; ties
    keep their order)."""
    if key[a] > key[b]:
        a, b = b, a
    if key[b] > key[c]:
        b, c = c, b
    if key[a] > key[b]:
        a, b = b, a
    out[at] = a
    out[at + 1] = b
    out[at + 2] = c


@njit(cache=True)
def _order_lower_bands(m, top_band, cols, sigma, rows):  # pragma: no cover - compiled
    """Fill rows[3:9]: the two lower bands, each by ascending first cell, bands by their first row."""
    first = np.empty(9, dtype=np.int64)
    for r in range(9):
        first[r] = sigma[m[r, cols[0]]]
    k = 3
    b_lo = -1
    b_hi = -1
    for b in range(3):
        if b != top_band:
            if b_lo < 0:
                b_lo = b
            else:
                b_hi = b
    # the band holding the smallest first cell goes first
    min_lo = min(first[3 * b_lo], first[3 * b_lo + 1], first[3 * b_lo + 2])
    min_hi = min(first[3 * b_hi], first[3 * b_hi + 1], first[3 * b_hi + 2])
    if min_hi < min_lo:
        b_lo, b_hi = b_hi, b_lo
    for b in (b_lo, b_hi):
        # sort three rows by first cell (all different: one column holds different digits)
        _sort3(first, 3 * b, 3 * b + 1, 3 * b + 2, rows, k)
        k += 3


@njit(cache=True)
def minlex_one(grid, best):  # pragma: no cover - compiled
    """Write the minlex form of a complete grid (81 digits 1-9) into ``best``; garbage for anything else."""
    for cell in range(81):
        best[cell] = 10  # larger than any digit: the first candidate always wins
    rows = np.empty(9, dtype=np.int64)
    cols = np.empty(9, dtype=np.int64)
    newpos = np.empty(9, dtype=np.int64)
    sigma = np.zeros(10, dtype=np.int64)
    where = np.empty(10, dtype=np.int64)  # column of each digit in the top row
    key = np.empty(3, dtype=np.int64)
    order = np.empty(3, dtype=np.int64)
    for t in range(2):
        m = np.empty((9, 9), dtype=np.int64)
        for r in range(9):
            for c in range(9):
                m[r, c] = grid[r * 9 + c] if t == 0 else grid[c * 9 + r]
        for r0 in range(9):
            band = r0 // 3
            for c in range(9):
                where[m[r0, c]] = c
            for second in range(2):
                # the other two rows of the band, in both orders
                o1 = band * 3 + (r0 % 3 + 1 + second) % 3
                o2 = band * 3 + (r0 % 3 + 2 - second) % 3
                rows[0] = r0
                rows[1] = o1
                rows[2] = o2
                for sp in range(6):
                    s0 = _PERM3[sp, 0]
                    s1 = _PERM3[sp, 1]
                    s2 = _PERM3[sp, 2]
                    for p1 in range(6):
                        for p2 in range(6):
                            for i in range(3):
                                cols[3 + i] = s1 * 3 + _PERM3[p1, i]
                                cols[6 + i] = s2 * 3 + _PERM3[p2, i]
                                newpos[s1 * 3 + _PERM3[p1, i]] = 3 + i
                                newpos[s2 * 3 + _PERM3[p2, i]] = 6 + i
                            # row 1's first three labels: where its digits sit in the new top row
                            for i in range(3):
                                key[i] = newpos[where[m[o1, s0 * 3 + i]]] + 1
                            # sort the first stack's columns by those labels
                            _sort3(key, 0, 1, 2, order, 0)
                            # compare those three labels (ascending) with the best before going on
                            verdict = 0
                            for i in range(3):
                                v = key[order[i]]
                                if v < best[9 + i]:
                                    verdict = -1
                                    break
                                if v > best[9 + i]:
                                    verdict = 1
                                    break
                            if verdict > 0:
                                continue
                            for i in range(3):
                                cols[i] = s0 * 3 + order[i]
                            for j in range(9):
                                sigma[m[r0, cols[j]]] = j + 1
                            _order_lower_bands(m, band, cols, sigma, rows)
                            if verdict < 0 or _compare_rest(m, rows, cols, sigma, best, 12) < 0:
                                _write(m, rows, cols, sigma, best)


# aot: the argument types engine/make/canonical.py passes (build/aot.py compiles it ahead of time)
@njit(cache=True, aot="void(uint8[:, ::1], uint8[:, ::1])")
def minlex_many(grids, out):  # pragma: no cover - compiled
    """Write the minlex form of every row of ``grids`` (n, 81) into ``out`` (n, 81)."""
    best = np.empty(81, dtype=np.int64)
    for i in range(grids.shape[0]):
        minlex_one(grids[i], best)
        for c in range(81):
            out[i, c] = best[c]
