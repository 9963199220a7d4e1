"""The human logic's sum walks, compiled (numba): the worded killer steps' hot loops.

:mod:`engine.logic.variant.sums` and :mod:`engine.logic.variant.killer` answer "which digits can each
cell of this group hold" thousands of times per step while the contradiction trials run (a profile of
a killer's path put them at 55-78% of its CPU).  Their Python is exact and stays the reference (and
the fallback without numba); these kernels give the same answers:

* :func:`exact_support`: the digits each cell takes in some assignment with ``sum(w * d) == total``,
  the cells of each ``apart`` pair different (``linear_support``'s exact walk, a depth-first search);
* :func:`split_support`: for a cage of distinct digits (its combinations given), each set of digits
  its ``inside`` cells can take, with the digits every cell holds in some such filling
  (``split_options``).

Every loop is bounded by the cells' candidates (at most ``EXACT_LIMIT`` assignments are walked, the
caller checks) or by the digit sets of N digits (N at most 9 here, the caller checks).
"""

from __future__ import annotations

import numpy as np

from engine.kernels import njit
from engine.kernels.bits import lowest, popcount

EXACT_SIGNATURE = "int64[::1](int64[::1], int64[::1], int64, int64[::1], int64[::1], int64[::1])"
SPLIT_SIGNATURE = "int64[:, ::1](int64[::1], int64[::1], int64[::1], int64)"


@njit(cache=True, aot=EXACT_SIGNATURE)
def exact_support(masks, weights, total, before, lo_rest, hi_rest):
    """Each cell's digits (a mask) used by some assignment of one digit of its mask per cell with
    ``sum(weights * digits) == total``, cell i's digit differing from cell j's for each bit j of
    ``before[i]`` (j < i); ``lo_rest[i]``/``hi_rest[i]`` bound what cells i.. can add.  All zero when
    none fits."""
    k = masks.shape[0]
    support = np.zeros(k, dtype=np.int64)
    chosen = np.zeros(k, dtype=np.int64)
    left = np.zeros(k + 1, dtype=np.int64)  # the digits level i has still to try
    sums = np.zeros(k + 1, dtype=np.int64)
    if k == 0:
        return support
    left[0] = masks[0]
    i = 0
    while i >= 0:
        if i == k:
            if sums[k] == total:
                for j in range(k):
                    support[j] |= 1 << (chosen[j] - 1)
            i -= 1
            continue
        m = left[i]
        if m == 0:
            i -= 1
            continue
        b = m & -m
        left[i] = m ^ b
        d = lowest(b) + 1
        t = sums[i] + weights[i] * d
        need = total - t
        if need < lo_rest[i + 1] or need > hi_rest[i + 1]:
            continue
        clash = False
        rest = before[i]
        while rest:
            j = lowest(rest)
            rest &= rest - 1
            if chosen[j] == d:
                clash = True
                break
        if clash:
            continue
        chosen[i] = d
        sums[i + 1] = t
        i += 1
        if i < k:
            left[i] = masks[i]
    return support


@njit(cache=True)
def _cover(masks, cells, want, n, reach, support):
    """Whether ``cells`` can take exactly the digits ``want`` (one each, all different, from their
    masks), and each one's digits in some such filling ORed into ``support``."""
    k = cells.shape[0]
    if popcount(want) != k:
        return False
    size = 1 << n
    for i in range(k + 1):
        for u in range(size):
            reach[i, u] = 0
    reach[0, 0] = 1
    for i in range(k):
        m = masks[cells[i]] & want
        for u in range(size):
            if reach[i, u] == 1:
                free = m & ~u
                while free:
                    b = free & -free
                    free ^= b
                    reach[i + 1, u | b] = 1
    if reach[k, want] == 0:
        return False
    reach[k, want] = 2  # 2: on a filling that ends at want
    for i in range(k - 1, -1, -1):
        m = masks[cells[i]] & want
        for u in range(size):
            if reach[i, u] == 1:
                free = m & ~u
                while free:
                    b = free & -free
                    free ^= b
                    if reach[i + 1, u | b] == 2:
                        support[cells[i]] |= b
                        reach[i, u] = 2
    return True


@njit(cache=True, aot=SPLIT_SIGNATURE)
def split_support(masks, inside, combos, n):
    """Row s (a digit set of the inside cells; N at most 9) holds each cell's digits in the fillings
    of the cage (distinct digits, one of each combination in ``combos``) whose inside cells take s, in
    columns 0..k-1, and in column k 1 when there is one."""
    k = masks.shape[0]
    out = np.zeros((1 << n, k + 1), dtype=np.int64)
    n_in = 0
    for i in range(k):
        n_in += inside[i]
    ins = np.zeros(n_in, dtype=np.int64)
    outs = np.zeros(k - n_in, dtype=np.int64)
    a = 0
    for i in range(k):
        if inside[i]:
            ins[a] = i
            a += 1
        else:
            outs[i - a] = i
    reach = np.zeros((k + 1, 1 << n), dtype=np.int8)
    part = np.zeros(k, dtype=np.int64)
    for combo in combos:
        s = combo
        while True:  # every subset of the combination, the inside cells' share
            if popcount(s) == n_in:
                for i in range(k):
                    part[i] = 0
                if _cover(masks, ins, s, n, reach, part) and _cover(masks, outs, combo & ~s, n, reach, part):
                    out[s, k] = 1
                    for i in range(k):
                        out[s, i] |= part[i]
            if s == 0:
                break
            s = (s - 1) & combo
    return out
