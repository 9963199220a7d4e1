""":func:`unit_subsets`, compiled: every unit's naked or hidden subsets of a size that remove something
(:mod:`engine.logic.strategies.subsets`; the walk was most of its finders' time on every hard state).

Loaded on first use (numba, or the ahead-of-time parts: engine/kernels/); it returns what its finder
turns into steps, in the finder's order.  Cell sets: three signed words of 27 cells (c: bit c % 27 of c // 27)
"""

from __future__ import annotations

import numpy as np

from engine.kernels import njit
from engine.kernels.bits import popcount
from engine.kernels.rows import put


@njit(cache=True, aot="int64(int64[::1], int64[:, ::1], int64, boolean, int64[:, :, ::1], int64[:, ::1])")
def unit_subsets(cands, units, size, hidden, combos, out):  # pragma: no cover - compiled
    """Fill ``out`` rows with (unit, positions, digits) of every naked (``hidden`` False) or hidden
    subset of ``size`` in every unit that removes a candidate, in the Python walk's order
    (:mod:`engine.logic.strategies.subsets`): positions are bits over the unit's cells.  Return how many
    (``out``'s length when it filled up).

    Naked: ``size`` cells of 2..size candidates holding ``size`` digits; hidden: ``size`` digits of
    2..size places in ``size`` cells.  ``combos[k, n]``: the k-subsets of range(n) as bit masks in
    combinations order (-1 after the last).
    """
    item_mask = np.empty(9, dtype=np.int64)  # per item (a cell, or a digit) its digits or places
    item_bit = np.empty(9, dtype=np.int64)  # the item itself as a bit (a position, or a digit)
    found = 0
    for u in range(27):
        n = 0
        if hidden:
            for d in range(9):
                places = 0
                for i in range(9):
                    if cands[units[u, i]] >> d & 1:
                        places |= 1 << i
                k = popcount(places)
                if 1 < k <= size:
                    item_mask[n] = places
                    item_bit[n] = 1 << d
                    n += 1
        else:
            for i in range(9):
                k = popcount(cands[units[u, i]])
                if 1 < k <= size:
                    item_mask[n] = cands[units[u, i]]
                    item_bit[n] = 1 << i
                    n += 1
        if n < size:
            continue
        for j in range(combos.shape[2]):
            m = combos[size, n, j]
            if m < 0:
                break
            union = 0
            chosen = 0
            for i in range(n):
                if m >> i & 1:
                    union |= item_mask[i]
                    chosen |= item_bit[i]
            if popcount(union) != size:
                continue
            if hidden:
                removes = False
                for i in range(9):  # the subset's cells hold another digit
                    if union >> i & 1 and cands[units[u, i]] & ~chosen:
                        removes = True
                if not removes:
                    continue
                found = put(out, found, (u, union, chosen))
            else:
                if not _naked_removes(cands, units, u, chosen, union):
                    continue
                found = put(out, found, (u, chosen, union))
            if found == out.shape[0]:
                return found
    return found


@njit(cache=True)
def _naked_removes(cands, units, u, chosen, digits):  # pragma: no cover - compiled
    """True when a cell outside the naked subset (``chosen``: positions in unit u) of a unit all its
    cells share holds one of its ``digits``."""
    first = -1
    for i in range(9):
        if chosen >> i & 1:
            first = units[u, i]
            break
    for v in (first // 9, 9 + first % 9, 18 + first // 27 * 3 + first % 9 // 3):
        shared = True
        for i in range(9):
            c = units[u, i]
            if chosen >> i & 1 and not (c // 9 == v or 9 + c % 9 == v or 18 + c // 27 * 3 + c % 9 // 3 == v):
                shared = False
        if not shared:
            continue
        for j in range(9):
            c = units[v, j]
            if cands[c] & digits:
                mine = False
                for i in range(9):
                    if chosen >> i & 1 and units[u, i] == c:
                        mine = True
                if not mine:
                    return True
    return False
