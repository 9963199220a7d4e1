"""Compiled rectangle walks for the uniqueness techniques (:mod:`engine.logic.strategies.uniqueness`):
:func:`deadly_rectangles`, the rectangles they look at, and :func:`avoidable_rectangles`.

Loaded on first use (numba, or the ahead-of-time parts: engine/kernels/); it returns what its finder
turns into steps, in the finder's order.  Cell sets: three signed words of 27 cells (c: bit c % 27 of c // 27)
"""

from __future__ import annotations

import numpy as np

from engine.kernels import njit
from engine.kernels.bits import lowest, popcount
from engine.kernels.rows import put


@njit(cache=True, aot="int64(int64[::1], int64[:, ::1], int64[:, ::1], int64[:, ::1])")
def deadly_rectangles(cands, rects_of, corners, out):  # pragma: no cover - compiled
    """Fill ``out`` rows with (rectangle, digits, floor: a mask over its corners of those holding exactly
    the two digits) for every rectangle of unsolved cells that could hold
    a deadly pattern on the two digits of one of its corners, the Python walk's order
    (:func:`engine.logic.strategies.uniqueness._rectangles`): corners ascending, each corner's rectangles
    in order, each (rectangle, digits) once; return how many (``out``'s length when it filled up).

    ``rects_of[c]``: the rectangles (indexes into ``corners``) with corner c, in order.
    """
    found = 0
    for cell in range(81):
        ab = cands[cell]
        if popcount(ab) != 2:
            continue
        for k in range(rects_of.shape[1]):
            r = rects_of[cell, k]
            if not (cands[corners[r, 0]] & ab and cands[corners[r, 1]] & ab and cands[corners[r, 2]] & ab
                    and cands[corners[r, 3]] & ab):
                continue
            # found before from a smaller corner holding exactly these two digits
            again = False
            for i in range(4):
                if corners[r, i] < cell and cands[corners[r, i]] == ab:
                    again = True
            if again:
                continue
            floor = 0  # the corners holding exactly the two digits
            for i in range(4):
                if cands[corners[r, i]] == ab:
                    floor |= 1 << i
            found = put(out, found, (r, ab, floor))
            if found == out.shape[0]:
                return found
    return found


@njit(cache=True, aot="int64(int64[::1], int64[::1], int64[::1], int64[:, ::1], int64[:, ::1], int64[::1])")
def avoidable_rectangles(values, cands, givens, corners, peers, out):  # pragma: no cover - compiled
    """Fill ``out`` with the rectangles (indexes into ``corners``, ascending) without a placed given
    that give an avoidable rectangle of type 1 or 2 removing a candidate, by the rules of
    :func:`engine.logic.strategies.uniqueness.avoidable_rectangle`; return how many.

    ``values``: the placed digits (0 for empty); ``givens``: the givens as three 27-cell words;
    ``corners[r]``: rectangle r's cells (r1c1, r1c2, r2c1, r2c2); ``peers[c]``: c's peers as three
    27-cell words.
    """
    found = 0
    for r in range(corners.shape[0]):
        placed = 0
        skip = False
        for i in range(4):
            c = corners[r, i]
            if values[c]:
                placed |= 1 << i
                if givens[c // 27] >> (c % 27) & 1:
                    skip = True
            elif not cands[c]:
                skip = True
        n = popcount(placed)
        if skip or n < 2 or n > 3:
            continue
        if _avoidable_removes(values, cands, corners, r, placed, n, peers):
            out[found] = r
            found += 1
    return found


@njit(cache=True)
def _avoidable_removes(values, cands, corners, r, placed, n, peers):  # pragma: no cover - compiled
    """True when rectangle r, with corners ``placed`` (a mask over its four, ``n`` of them), is an
    avoidable rectangle removing something (corner i's diagonal partner is corner 3 - i)."""
    if n == 3:
        i = lowest(~placed & 15)
        far = corners[r, i]
        a = values[corners[r, 3 - i]]
        s1, s2 = (1, 2) if i in (0, 3) else (0, 3)
        b = values[corners[r, s1]]
        return b != a and values[corners[r, s2]] == b and (cands[far] >> (a - 1) & 1) != 0
    if placed in (0b1001, 0b0110):
        return False  # diagonal placed corners
    p = lowest(placed)
    q = lowest(placed & (placed - 1))
    if values[corners[r, p]] == values[corners[r, q]]:
        return False
    extra = -1
    for i in range(4):
        if placed >> i & 1:
            continue
        c = corners[r, i]
        want = np.int64(1) << (values[corners[r, 3 - i]] - 1)
        if not cands[c] & want or popcount(cands[c]) != 2:
            return False
        if extra >= 0 and cands[c] & ~want != extra:
            return False
        extra = cands[c] & ~want
    u = lowest(~placed & 15)
    v = lowest(~placed & 15 & ~(1 << u))
    a, b = corners[r, u], corners[r, v]
    for w in range(3):
        word = peers[a, w] & peers[b, w]
        while word:
            c = 27 * w + lowest(word)
            word &= word - 1
            if cands[c] & extra and c != corners[r, 0] and c != corners[r, 1] and c != corners[r, 2] \
                    and c != corners[r, 3]:
                return True
    return False
