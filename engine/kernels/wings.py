""":func:`wing_rows`, compiled: the XY-, XYZ- and W-wings that remove something
(:mod:`engine.logic.strategies.wings`); their fixed Python cost, a walk over pivots that almost always
ends with nothing, was part of a third of rating an SE 9 puzzle.

Loaded on first use (numba, or the ahead-of-time parts: engine/kernels/); it returns what its finder
turns into steps, in the finder's order.  Cell sets: three signed words of 27 cells (c: bit c % 27 of c // 27)
"""

from __future__ import annotations

import numpy as np

from engine.kernels import njit
from engine.kernels.bits import lowest, popcount
from engine.kernels.coloring import two_places
from engine.kernels.rows import put


@njit(cache=True)
def _sees(peers, a, b):  # pragma: no cover - compiled
    """True when cell b is a peer of cell a (``peers``: per cell its peers as three 27-cell words)."""
    return (peers[a, b // 27] >> (b % 27) & 1) != 0


@njit(cache=True)
def _seen_by_both(cands, peers, a, b, bit, skip):  # pragma: no cover - compiled
    """True when a cell other than ``skip`` seeing both a and b holds digit ``bit``."""
    for w in range(3):
        word = peers[a, w] & peers[b, w]
        if skip >= 0 and skip // 27 == w:
            word &= ~(np.int64(1) << (skip % 27))
        while word:
            if cands[27 * w + lowest(word)] & bit:
                return True
            word &= word - 1
    return False


@njit(cache=True, aot="int64(int64[::1], int64[:, ::1], int64[:, ::1], int64[:, ::1], int64, int64[:, ::1])")
def wing_rows(cands, units, peer_list, peers, kind, out):  # pragma: no cover - compiled
    """Fill ``out`` rows with the wings of ``kind`` that remove a candidate, in the Python walks'
    order (:mod:`engine.logic.strategies.wings`); return how many (``out``'s length when it filled up).

    ``kind`` 0: XY-wings (pivot, pincer, pincer); 1: XYZ-wings (pivot, pincer, pincer); 2: the
    W-wing pairs (cell, cell, link digit bit) that remove something and have a strong link on the
    digit bridging them.  ``peer_list[c]``: c's 20 peers ascending; ``peers[c]``: the same as three
    27-cell words; ``units``: the 27 units' cells.
    """
    wings = np.empty(20, dtype=np.int64)
    found = 0
    if kind == 2:
        return _w_wing_rows(cands, units, peers, out)
    for pivot in range(81):
        pm = cands[pivot]
        if popcount(pm) != 2 + kind:
            continue
        n = 0
        for k in range(20):
            p = peer_list[pivot, k]
            m = cands[p]
            if popcount(m) == 2 and (popcount(m & pm) == 1 if kind == 0 else m & ~pm == 0):
                wings[n] = p
                n += 1
        for i in range(n):
            a = wings[i]
            for j in range(i + 1, n):
                b = wings[j]
                if kind == 0:
                    z = cands[a] & cands[b] & ~pm
                    if not z or (cands[a] & pm) == (cands[b] & pm) or popcount(z) != 1:
                        continue
                    hit = _seen_by_both(cands, peers, a, b, z, pivot)
                else:
                    z = cands[a] & cands[b]
                    if popcount(z) != 1 or cands[a] | cands[b] != pm:
                        continue
                    hit = False
                    for w in range(3):
                        word = peers[a, w] & peers[b, w] & peers[pivot, w]
                        while word:
                            if cands[27 * w + lowest(word)] & z:
                                hit = True
                            word &= word - 1
                if hit:
                    found = put(out, found, (pivot, a, b))
                    if found == out.shape[0]:
                        return found
    return found


@njit(cache=True)
def _w_wing_rows(cands, units, peers, out):  # pragma: no cover - compiled
    """:func:`wing_rows` for W-wings."""
    pairs = np.empty(81, dtype=np.int64)
    n = 0
    for c in range(81):
        if popcount(cands[c]) == 2:
            pairs[n] = c
            n += 1
    found = 0
    for i in range(n):
        a = pairs[i]
        for j in range(i + 1, n):
            b = pairs[j]
            mask = cands[a]
            if cands[b] != mask or _sees(peers, a, b):
                continue
            for side in range(2):
                x_bit = mask & -mask if side == 0 else mask & (mask - 1)
                if not _seen_by_both(cands, peers, a, b, mask & ~x_bit, -1):
                    continue
                if _bridged(cands, units, peers, lowest(x_bit), a, b):
                    found = put(out, found, (a, b, x_bit))
                    if found == out.shape[0]:
                        return found
    return found


@njit(cache=True)
def _bridged(cands, units, peers, d, a, b):  # pragma: no cover - compiled
    """True when a unit holds digit d in exactly two cells s, t (in either order), neither a nor b,
    with s seeing a and t seeing b."""
    for u in range(27):
        p, q = two_places(cands, units, u, d)
        if q < 0 or p in (a, b) or q in (a, b):
            continue
        if (_sees(peers, a, p) and _sees(peers, b, q)) or (_sees(peers, a, q) and _sees(peers, b, p)):
            return True
    return False
