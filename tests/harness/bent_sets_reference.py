"""Round 7's compiled bent-set search, the reference tests/engine/test_pattern_kernels.py holds
engine.kernels.bent_sets.bent_sets_found to: every n-cell set holding exactly n digits, at most one of
them loose, within a pivot cell and its peers or a box and a crossing line, in the old finder's order.

The engine searched with it until the one-call kernel replaced it (round 8); it lives here, compiled
by numba directly, so the engine carries no code only a test runs.  Its helpers (``_popcount``,
``_ctz``) are its own: with the ahead-of-time module loaded, the engine's private kernel helpers are
plain Python, which numba code cannot call.  Unlike the engine's kernels it gathers its rows in a typed
list and knows a set of cells again by its two cell words (a set of tuples), not by a growing array
and a numeric key.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numba.typed import List


@njit(cache=True)
def _popcount(word):  # pragma: no cover - compiled
    word = np.uint64(word)
    n = 0
    while word:
        word &= word - np.uint64(1)
        n += 1
    return n


@njit(cache=True)
def _ctz(word):  # pragma: no cover - compiled
    word = np.uint64(word)
    i = 0
    while not word & np.uint64(1):
        word >>= np.uint64(1)
        i += 1
    return i


@njit(cache=True)
def bent_sets(  # pragma: no cover - compiled
    cands, digit_cells, cell_units, peers, scopes, digit_sets, n
):
    """Return ``(cells low word, cells high word, digits, loose digits)`` of every n-cell set holding
    exactly n digits, at most one of them loose, within a pivot cell and its peers or (``scopes``,
    for n = 4) a box and a crossing line: bent_sets._sets' search, in its order.

    ``digit_cells[d]`` and ``peers[c]`` are cell masks (two words), ``cell_units[c]`` the three
    units of a cell, ``digit_sets`` the n-digit masks to try in order."""
    rows = List()
    seen = set()
    cells = np.empty(81, dtype=np.int64)
    fit = np.empty(81, dtype=np.int64)
    pos = np.zeros(n + 1, dtype=np.int64)
    mlo = np.zeros(n + 1, dtype=np.uint64)
    mhi = np.zeros(n + 1, dtype=np.uint64)
    uni = np.zeros(n + 1, dtype=np.int64)
    loo = np.zeros(n + 1, dtype=np.int64)
    one = np.uint64(1)
    for k in range(digit_sets.shape[0]):
        digits = digit_sets[k]
        nfit = 0
        union = 0
        flo = np.uint64(0)
        fhi = np.uint64(0)
        for c in range(81):
            m = cands[c]
            p = _popcount(m)
            if p > 1 and p <= n and m & ~digits == 0:
                fit[nfit] = c
                nfit += 1
                union |= m
                if c < 64:
                    flo |= one << np.uint64(c)
                else:
                    fhi |= one << np.uint64(c - 64)
        if union != digits or nfit < n:
            continue
        groups = nfit + (scopes.shape[0] if n == 4 else 0)
        for g in range(groups):
            if g < nfit:
                pivot = fit[g]
                olo = peers[pivot, 0] & flo
                ohi = peers[pivot, 1] & fhi
            else:
                pivot = -1
                olo = scopes[g - nfit, 0] & flo
                ohi = scopes[g - nfit, 1] & fhi
            count = 0
            held = cands[pivot] if pivot >= 0 else 0
            for half in range(2):
                w = olo if half == 0 else ohi
                while w:
                    low = w & (~w + one)
                    w ^= low
                    c = half * 64 + _ctz(low)
                    cells[count] = c
                    count += 1
                    held |= cands[c]
            base = 1 if pivot >= 0 else 0
            if count < n - base or held != digits:
                continue
            # depth first over the cells in order, as the recursive search does
            if pivot >= 0:
                mlo[1] = (one << np.uint64(pivot)) if pivot < 64 else np.uint64(0)
                mhi[1] = np.uint64(0) if pivot < 64 else (one << np.uint64(pivot - 64))
                uni[1] = cands[pivot]
            else:
                mlo[0] = np.uint64(0)
                mhi[0] = np.uint64(0)
                uni[0] = 0
            loo[base] = 0
            pos[base] = 0
            level = base
            while level >= base:
                i = pos[level]
                if i > count - (n - level):
                    level -= 1
                    continue
                pos[level] = i + 1
                c = cells[i]
                lo_ = mlo[level]
                hi_ = mhi[level]
                if c < 64:
                    lo_ |= one << np.uint64(c)
                else:
                    hi_ |= one << np.uint64(c - 64)
                loose = loo[level]
                rest = cands[c] & ~loose
                while rest:
                    bit = rest & -rest
                    rest ^= bit
                    d = _ctz(np.uint64(bit)) + 1
                    # still restricted when the digit's cells so far and c share one of c's units
                    hlo = digit_cells[d, 0] & lo_
                    hhi = digit_cells[d, 1] & hi_
                    apart = 0
                    for u in range(3):
                        if hlo & ~cell_units[c, u, 0] or hhi & ~cell_units[c, u, 1]:
                            apart += 1
                    if apart == 3:
                        loose |= bit
                if loose & (loose - 1) == 0:
                    size = level + 1
                    un = uni[level] | cands[c]
                    if size == n:
                        # the same cells reached from another pivot or scope count once
                        if _popcount(un) == n and (lo_, hi_) not in seen:
                            seen.add((lo_, hi_))
                            rows.append((np.int64(lo_ & np.uint64(0x7FFFFFFFFFFFFFFF)),
                                         np.int64((lo_ >> np.uint64(63)) | (hi_ << np.uint64(1))),
                                         np.int64(un), np.int64(loose)))
                    else:
                        mlo[size] = lo_
                        mhi[size] = hi_
                        uni[size] = un
                        loo[size] = loose
                        pos[size] = i + 1
                        level = size
    out = np.empty((len(rows), 4), dtype=np.int64)
    for r in range(len(rows)):
        out[r, 0], out[r, 1], out[r, 2], out[r, 3] = rows[r]
    return out
