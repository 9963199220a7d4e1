""":func:`bent_sets_found`, compiled: the bent sets spread over units that remove something
(:mod:`engine.logic.strategies.bent_sets`).

Loaded on first use (numba, or the ahead-of-time parts: engine/kernels/); it returns what its finder
turns into steps, in the finder's order.  Cell sets: three signed words of 27 cells (c: bit c % 27 of c // 27)
"""

from __future__ import annotations

import numpy as np

from engine.kernels import njit
from engine.kernels.bits import lowest, popcount
from engine.kernels.rows import put, room


@njit(cache=True, aot="int64(int64[::1], int64[::1], int64[:, ::1], int64[:, ::1], int64[::1], int64, "
                      "int64[:, ::1])")
def bent_sets_found(cands, cell_units, peers, scopes, digit_sets, n, out):  # pragma: no cover - compiled
    """Fill ``out`` rows with (cells word 0, word 1, word 2, digits, loose digits) of every n-cell bent
    set that :mod:`engine.logic.strategies.bent_sets` turns into a step, in its order; return how many
    (``out``'s length when it filled up).

    The search of round 7's kernel (tests/harness/bent_sets_reference.py: digit set by digit set, each
    pivot cell
    with its peers and then, for n = 4, each box with a crossing line, depth first), each set kept
    once, then tested (spread over units, removes something), in one call on 27-cell words.
    For n >= 6 (Sukaku Explainer's UVWXYZ- and TUVWXYZ-wings: an almost locked set of n - 1 cells
    in one unit and a bivalue cell holding two of its digits) each bivalue fitting cell is a pivot
    with the cells of each unit ``scopes`` gives (the 27 units) that does not hold it.
    ``cell_units[c]``: cell c's three units as a 27-bit mask; ``peers[c]``: its peers, ``scopes``:
    the box-line scopes (both as three words); ``digit_sets``: the n-digit masks in the order tried.
    """
    places = np.zeros((9, 3), dtype=np.int64)  # per digit (0-8) the cells holding it
    small = np.empty(81, dtype=np.int64)  # the cells of 2..n candidates, ascending
    nsmall = 0
    for c in range(81):
        m = cands[c]
        for d in range(9):
            if m >> d & 1:
                places[d, c // 27] |= np.int64(1) << (c % 27)
        p = popcount(m)
        if 1 < p <= n:
            small[nsmall] = c
            nsmall += 1
    fit = np.zeros(3, dtype=np.int64)
    fitting = np.zeros((9, 3), dtype=np.int64)  # per digit the fitting cells holding it
    cells = np.empty(81, dtype=np.int64)
    later = np.empty(82, dtype=np.int64)  # later[i]: the digits of cells[i:]
    level_set = np.zeros((n + 1, 3), dtype=np.int64)  # the set's cells after each level
    shared = np.zeros((n + 1, 9), dtype=np.int64)  # per level, per digit: the units holding its cells
    uni = np.zeros(n + 1, dtype=np.int64)
    loo = np.zeros(n + 1, dtype=np.int64)
    pos = np.zeros(n + 1, dtype=np.int64)
    seen = np.empty((64, 3), dtype=np.int64)  # the sets of this digit set found so far
    pivots = np.empty(81, dtype=np.int64)
    found = 0
    for k in range(digit_sets.shape[0]):
        digits = digit_sets[k]
        fit[:] = 0
        union = 0
        npiv = 0
        fitting[:] = 0
        for i in range(nsmall):
            c = small[i]
            m = cands[c]
            if m & ~digits == 0:
                w, bit = c // 27, np.int64(1) << (c % 27)
                fit[w] |= bit
                union |= m
                pivots[npiv] = c
                npiv += 1
                while m:
                    fitting[lowest(m), w] |= bit
                    m &= m - 1
        if union != digits or npiv < n:
            continue
        nseen = 0
        nscopes = scopes.shape[0]
        groups = npiv * nscopes if n >= 6 else npiv + (nscopes if n == 4 else 0)
        for g in range(groups):
            if n >= 6:  # a bivalue pivot and n - 1 cells of one unit without it (SE's ALS + cell)
                pivot, s = pivots[g // nscopes], g % nscopes
                if popcount(cands[pivot]) != 2 or scopes[s, pivot // 27] >> (pivot % 27) & 1:
                    continue
                g0, g1, g2 = scopes[s, 0] & fit[0], scopes[s, 1] & fit[1], scopes[s, 2] & fit[2]
            else:
                pivot = pivots[g] if g < npiv else -1
                g0 = (peers[pivot, 0] if pivot >= 0 else scopes[g - npiv, 0]) & fit[0]
                g1 = (peers[pivot, 1] if pivot >= 0 else scopes[g - npiv, 1]) & fit[1]
                g2 = (peers[pivot, 2] if pivot >= 0 else scopes[g - npiv, 2]) & fit[2]
            base = 1 if pivot >= 0 else 0
            held = cands[pivot] if pivot >= 0 else 0
            if popcount(g0) + popcount(g1) + popcount(g2) < n - base:
                continue
            for d in range(9):  # the group's digits, read from the digits' fitting cells
                if digits >> d & 1 and (fitting[d, 0] & g0 or fitting[d, 1] & g1 or fitting[d, 2] & g2):
                    held |= np.int64(1) << d
            if held != digits:
                continue
            count = 0
            for w in range(3):
                word = g0 if w == 0 else (g1 if w == 1 else g2)
                while word:
                    cells[count] = 27 * w + lowest(word)
                    word &= word - 1
                    count += 1
            later[count] = 0
            for i in range(count - 1, -1, -1):
                later[i] = later[i + 1] | cands[cells[i]]
            level_set[base, :] = 0
            shared[base, :] = -1  # (no cell yet: every unit)
            uni[base] = 0
            if pivot >= 0:
                level_set[1, pivot // 27] = np.int64(1) << (pivot % 27)
                uni[1] = cands[pivot]
                m = cands[pivot]
                while m:
                    shared[1, lowest(m)] = cell_units[pivot]
                    m &= m - 1
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
                size = level + 1
                un = uni[level] | cands[c]
                if size < n and un | later[i + 1] != digits:
                    continue  # the cells left cannot bring the missing digits
                # a digit stays restricted while some unit holds all its cells so far
                loose = loo[level]
                for d in range(9):
                    shared[size, d] = shared[level, d]
                rest = cands[c] & ~loose
                while rest:
                    d = lowest(rest)
                    rest &= rest - 1
                    shared[size, d] &= cell_units[c]
                    if not shared[size, d]:
                        loose |= np.int64(1) << d
                if loose & (loose - 1):
                    continue
                s0, s1, s2 = level_set[level, 0], level_set[level, 1], level_set[level, 2]
                if c < 27:
                    s0 |= np.int64(1) << c
                elif c < 54:
                    s1 |= np.int64(1) << (c - 27)
                else:
                    s2 |= np.int64(1) << (c - 54)
                if size < n:
                    level_set[size, 0], level_set[size, 1], level_set[size, 2] = s0, s1, s2
                    uni[size] = un
                    loo[size] = loose
                    pos[size] = i + 1
                    level = size
                    continue
                if popcount(un) != n:
                    continue
                again = False  # the same cells reached from another pivot or scope count once
                for j in range(nseen):
                    if seen[j, 0] == s0 and seen[j, 1] == s1 and seen[j, 2] == s2:
                        again = True
                        break
                if again:
                    continue
                seen = room(seen, nseen)
                seen[nseen, 0], seen[nseen, 1], seen[nseen, 2] = s0, s1, s2
                nseen += 1
                if _bent_set_removes(cands, places, peers, s0, s1, s2, loose if loose else un):
                    found = put(out, found, (s0, s1, s2, un, loose))
                    if found == out.shape[0]:
                        return found
    return found


@njit(cache=True)
def _bent_set_removes(cands, places, peers, s0, s1, s2, digits):  # pragma: no cover - compiled
    """True when the set (three words) is not all in one unit and, for a digit of ``digits``, a cell
    outside it holding the digit sees every cell of the set holding it."""
    spread = False
    for w in range(3):
        word = (s0, s1, s2)[w]
        while word:
            c = 27 * w + lowest(word)
            word &= word - 1
            own = np.int64(1) << (c % 27)
            if ((s0 & ~peers[c, 0] & ~(own if w == 0 else 0)) or (s1 & ~peers[c, 1] & ~(own if w == 1 else 0))
                    or (s2 & ~peers[c, 2] & ~(own if w == 2 else 0))):
                spread = True
    if not spread:
        return False
    for d in range(9):
        if not digits >> d & 1:
            continue
        w0, w1, w2 = places[d, 0] & ~s0, places[d, 1] & ~s1, places[d, 2] & ~s2
        for w in range(3):
            word = (s0, s1, s2)[w]
            while word:
                c = 27 * w + lowest(word)
                word &= word - 1
                if cands[c] >> d & 1:
                    w0 &= peers[c, 0]
                    w1 &= peers[c, 1]
                    w2 &= peers[c, 2]
        if w0 | w1 | w2:
            return True
    return False
