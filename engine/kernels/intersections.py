"""Compiled walks for box/line intersections (:mod:`engine.logic.strategies.intersections`):
:func:`locked_candidates` (pointing, claiming) and :func:`locked_subsets`.

Loaded on first use (numba, or the ahead-of-time parts: engine/kernels/); it returns what its finder
turns into steps, in the finder's order.  Cell sets: three signed words of 27 cells (c: bit c % 27 of c // 27)
"""

from __future__ import annotations

import numpy as np

from engine.kernels import njit
from engine.kernels.bits import popcount
from engine.kernels.rows import put


@njit(cache=True, aot="int64(int64[::1], int64[:, ::1], int64[:, ::1], int64, int64[:, ::1])")
def locked_subsets(cands, units, minis, size, out):  # pragma: no cover - compiled
    """Fill ``out`` rows with (mini-line index, cells as a mask over its three cells) of every locked
    pair (``size`` 2) or triple (3) that removes a candidate from both its box and its line, in the
    Python walk's order (:mod:`engine.logic.strategies.intersections`); return how many (``out``'s length
    when it filled up).

    ``minis``: per mini-line (box by box, its six lines in order) its box, line, three cells and the
    line's six other cells.
    """
    found = 0
    for k in range(minis.shape[0]):
        box = minis[k, 0]
        n = 0
        open_bits = 0
        for i in range(3):
            p = popcount(cands[minis[k, 2 + i]])
            if 1 < p <= size:
                open_bits |= 1 << i
                n += 1
        if n < size:
            continue
        for g in range(4):  # the groups of open cells in combinations order
            group = _MINI_GROUPS[size - 2, g]
            if group < 0:
                break
            if group & ~open_bits:
                continue
            digits = 0
            for i in range(3):
                if group >> i & 1:
                    digits |= cands[minis[k, 2 + i]]
            if popcount(digits) != size:
                continue
            in_line = False
            for i in range(6):
                if cands[minis[k, 5 + i]] & digits:
                    in_line = True
            if not in_line:
                continue
            in_box = False
            for j in range(9):
                c = units[18 + box, j]
                mine = False
                for i in range(3):
                    if group >> i & 1 and minis[k, 2 + i] == c:
                        mine = True
                if not mine and cands[c] & digits:
                    in_box = True
            if in_box:
                found = put(out, found, (k, group))
                if found == out.shape[0]:
                    return found
    return found


# the groups of two and of three of a mini-line's three cells, as bit masks in combinations order
_MINI_GROUPS = np.array([[0b011, 0b101, 0b110, -1], [0b111, -1, -1, -1]], dtype=np.int64)


@njit(cache=True, aot="int64(int64[::1], int64[:, ::1], boolean, int64[:, ::1])")
def locked_candidates(cands, units, claiming, out):  # pragma: no cover - compiled
    """Fill ``out`` rows with (digit 1-9, first unit, second unit) of every pointing (``claiming``
    False: a box's digit all in one line, which holds it outside the box too) or claiming (a line's
    digit all in one box, which holds it outside the line too) that removes a candidate, in the
    Python walks' order (:mod:`engine.logic.strategies.intersections`): digit by digit, then box by box
    (rows before columns) or line by line.  Return how many (``out``'s length when it filled up).
    """
    found = 0
    for d in range(9):
        for first in range(18, 27) if not claiming else range(18):
            held = 0  # the positions (0-8) in the unit holding the digit
            for i in range(9):
                if cands[units[first, i]] >> d & 1:
                    held |= 1 << i
            if not held:
                continue
            for k in range(6 if not claiming else 3):
                if claiming:
                    if held & ~(0b111 << (3 * k)):
                        continue
                    c = units[first, 3 * k]
                    second = 18 + c // 27 * 3 + c % 9 // 3
                else:
                    # box positions: rows are 0-2, 3-5, 6-8; columns are every third
                    line_bits = 0b111 << (3 * k) if k < 3 else 0b001001001 << (k - 3)
                    if held & ~line_bits:
                        continue
                    c = units[first, 3 * k if k < 3 else k - 3]
                    second = c // 9 if k < 3 else 9 + c % 9
                removes = False
                for i in range(9):
                    c = units[second, i]
                    if cands[c] >> d & 1:
                        inside = False
                        for j in range(9):
                            if units[first, j] == c:
                                inside = True
                        if not inside:
                            removes = True
                if removes:
                    found = put(out, found, (d + 1, first, second))
                    if found == out.shape[0]:
                        return found
    return found
