"""Compiled walk over every box/line intersection's Sue de Coq patterns
(:mod:`engine.logic.strategies.sue_de_coq`):
:func:`sue_de_coq_patterns` returns those that remove something, so the finder builds steps only of those.

Loaded on first use (numba, or the ahead-of-time parts: engine/kernels/); it returns what its finder
turns into steps, in the finder's order.  Cell sets: three signed words of 27 cells (c: bit c % 27 of c // 27)
"""

from __future__ import annotations

import numpy as np

from engine.kernels import njit
from engine.kernels.bits import popcount


@njit(cache=True, aot="int64(int64[::1], int64[:, ::1], int64[:, ::1], int64[:, ::1], int64[:, ::1])")
def sue_de_coq_patterns(cands, units, crossings, order, out):  # pragma: no cover - compiled
    """Fill ``out`` rows with (box, line, core size, core cells (-1 padded to 3), line cells, box
    cells) of every Sue de Coq pattern that removes a candidate, intersection by intersection
    (``crossings``: rows (box 0-8, line 0-17)) in the Python finder's order; line and box cells are
    bit masks over the line's and the box's other cells holding candidates, in unit order.  Return
    how many (``out``'s length when it filled up).

    ``units``: the 27 units' cells; ``order``: row n lists the non-empty subsets of n cells as bit masks,
    by size and then in combinations order (-1 after the last).
    """
    # one intersection's cells, and its box subsets (mask, digits, need) and usable cells: made once
    scratch = np.empty((7, 64), dtype=np.int64)
    found = 0
    for k in range(crossings.shape[0]):
        found = _sue_de_coq_at(cands, units, crossings[k, 0], crossings[k, 1], order, out, found, scratch)
        if found == out.shape[0]:
            break
    return found


@njit(cache=True)
def _sue_de_coq_at(cands, units, box, line, order, out, found, scratch):  # pragma: no cover - compiled
    """Add :func:`sue_de_coq_patterns`' rows of one intersection from row ``found`` on; return the
    rows filled (``out``'s length when it filled up)."""
    inter, line_rest, box_rest, bmask, bdig, bneed, uidx = (
        scratch[0], scratch[1], scratch[2], scratch[3], scratch[4], scratch[5], scratch[6])
    ni = nl = nb = 0
    for i in range(9):
        c = units[line, i]
        inside = False
        for j in range(9):
            if units[18 + box, j] == c:
                inside = True
        if cands[c]:
            if inside:
                inter[ni] = c
                ni += 1
            else:
                line_rest[nl] = c
                nl += 1
    if ni < 2:
        return found
    for j in range(9):
        c = units[18 + box, j]
        inside = False
        for i in range(9):
            if units[line, i] == c:
                inside = True
        if cands[c] and not inside:
            box_rest[nb] = c
            nb += 1
    for size in (2, 3):
        for k in range(8):  # the cores as bit masks over inter, in combinations order
            core = _CORES[size - 2, k]
            if core < 0:
                break
            if core >> ni:
                continue
            v = 0
            for i in range(ni):
                if core >> i & 1:
                    v |= cands[inter[i]]
            if popcount(v) < size + 2:
                continue
            # box subsets of the usable cells (those holding a digit of the core), with need >= 1
            nu = _usable(cands, box_rest, nb, v, uidx)
            nbs = 0
            for s in range(64):
                m = order[nu, s]
                if m < 0:
                    break
                full, vb, count = _subset(cands, box_rest, uidx, nu, m)
                need = count - popcount(vb & ~v)
                if need >= 1:
                    bmask[nbs] = full
                    bdig[nbs] = vb
                    bneed[nbs] = need
                    nbs += 1
            if nbs == 0:
                continue
            nu = _usable(cands, line_rest, nl, v, uidx)
            for s in range(64):
                m = order[nu, s]
                if m < 0:
                    break
                lfull, vl, count = _subset(cands, line_rest, uidx, nu, m)
                spare = popcount(v | vl) - size - count
                for t in range(nbs):
                    if bneed[t] != spare:
                        continue
                    vb = bdig[t]
                    if vl & vb:
                        continue
                    line_digits = vl | (v & ~vb)
                    box_digits = vb | (v & ~vl)
                    removes = False
                    for i in range(nl):
                        if not lfull >> i & 1 and cands[line_rest[i]] & line_digits:
                            removes = True
                    for i in range(nb):
                        if not bmask[t] >> i & 1 and cands[box_rest[i]] & box_digits:
                            removes = True
                    for i in range(ni):  # intersection cells outside the core lie in both units
                        if not core >> i & 1 and cands[inter[i]] & (line_digits | box_digits):
                            removes = True
                    if removes:
                        out[found, 0] = box
                        out[found, 1] = line
                        out[found, 2] = size
                        out[found, 3] = -1
                        out[found, 4] = -1
                        out[found, 5] = -1
                        j = 3
                        for i in range(ni):
                            if core >> i & 1:
                                out[found, j] = inter[i]
                                j += 1
                        out[found, 6] = lfull
                        out[found, 7] = bmask[t]
                        found += 1
                        if found == out.shape[0]:
                            return found
    return found


@njit(cache=True)
def _usable(cands, rest, n, digits, uidx):  # pragma: no cover - compiled
    """Write into ``uidx`` the indices of ``rest[:n]``'s cells holding one of ``digits``; return how many."""
    nu = 0
    for i in range(n):
        if cands[rest[i]] & digits:
            uidx[nu] = i
            nu += 1
    return nu


@njit(cache=True)
def _subset(cands, rest, uidx, nu, m):  # pragma: no cover - compiled
    """Return the subset ``m`` (a bit mask over ``uidx[:nu]``) of ``rest``'s cells as (a bit mask over
    ``rest``, its digits, its size)."""
    full = digits = count = 0
    for i in range(nu):
        if m >> i & 1:
            full |= 1 << uidx[i]
            digits |= cands[rest[uidx[i]]]
            count += 1
    return full, digits, count


# the cores of two and three cells of up to three intersection cells, as bit masks in combinations order
_CORES = np.array([[0b011, 0b101, 0b110, -1, -1, -1, -1, -1], [0b111, -1, -1, -1, -1, -1, -1, -1]],
                  dtype=np.int64)
