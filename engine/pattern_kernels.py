"""Compiled searches for multi-digit patterns tried (and mostly finding nothing) on every hard state.

Importing this module loads numba (unless the kernels were compiled ahead of time: engine/kernels.py);
only the technique modules import it, on first use.

:func:`sue_de_coq_patterns` walks one box/line intersection's Sue de Coq patterns in the Python
finder's order (:mod:`engine.strategies.sue_de_coq`) and returns those that remove something, so
the finder builds steps only of those (some 15 intersections a state have changed since the
last one searched, and the Python walk of one cost tens of microseconds).
"""

from __future__ import annotations

import numpy as np

from engine.kernels import bit_intrinsics, njit

_popcount, _lowest = bit_intrinsics()


@njit(cache=True, aot="int64(int64[::1], int64[:, ::1], int64, int64, int64[:, ::1], int64[:, ::1])")
def sue_de_coq_patterns(cands, units, box, line, order, out):  # pragma: no cover - compiled
    """Fill ``out`` rows with (core size, core cells (-1 padded to 3), line cells, box cells) of every
    Sue de Coq pattern of box ``box`` (0-8) and line ``line`` (0-17) that removes a candidate, in the
    Python finder's order; line and box cells are bit masks over the line's and the box's other cells
    holding candidates, in unit order.  Return how many (``out``'s length when it filled up).

    ``units``: the 27 units' cells; ``order``: row n lists the non-empty subsets of n cells as bit masks,
    by size and then in combinations order (-1 after the last).
    """
    inter = np.empty(3, dtype=np.int64)
    line_rest = np.empty(6, dtype=np.int64)
    box_rest = np.empty(6, dtype=np.int64)
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
        return 0
    for j in range(9):
        c = units[18 + box, j]
        inside = False
        for i in range(9):
            if units[line, i] == c:
                inside = True
        if cands[c] and not inside:
            box_rest[nb] = c
            nb += 1
    # the box subsets of one core: (mask over box_rest, digits, need)
    bmask = np.empty(64, dtype=np.int64)
    bdig = np.empty(64, dtype=np.int64)
    bneed = np.empty(64, dtype=np.int64)
    uidx = np.empty(6, dtype=np.int64)
    found = 0
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
            if _popcount(v) < size + 2:
                continue
            # box subsets of the usable cells (those holding a digit of the core), with need >= 1
            nu = 0
            for i in range(nb):
                if cands[box_rest[i]] & v:
                    uidx[nu] = i
                    nu += 1
            nbs = 0
            for s in range(64):
                m = order[nu, s]
                if m < 0:
                    break
                full = 0
                vb = 0
                count = 0
                for i in range(nu):
                    if m >> i & 1:
                        full |= 1 << uidx[i]
                        vb |= cands[box_rest[uidx[i]]]
                        count += 1
                need = count - _popcount(vb & ~v)
                if need >= 1:
                    bmask[nbs] = full
                    bdig[nbs] = vb
                    bneed[nbs] = need
                    nbs += 1
            if nbs == 0:
                continue
            nu = 0
            for i in range(nl):
                if cands[line_rest[i]] & v:
                    uidx[nu] = i
                    nu += 1
            for s in range(64):
                m = order[nu, s]
                if m < 0:
                    break
                lfull = 0
                vl = 0
                count = 0
                for i in range(nu):
                    if m >> i & 1:
                        lfull |= 1 << uidx[i]
                        vl |= cands[line_rest[uidx[i]]]
                        count += 1
                spare = _popcount(v | vl) - size - count
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
                        out[found, 0] = size
                        out[found, 1] = -1
                        out[found, 2] = -1
                        out[found, 3] = -1
                        j = 1
                        for i in range(ni):
                            if core >> i & 1:
                                out[found, j] = inter[i]
                                j += 1
                        out[found, 4] = lfull
                        out[found, 5] = bmask[t]
                        found += 1
                        if found == out.shape[0]:
                            return found
    return found


# the cores of two and three cells of up to three intersection cells, as bit masks in combinations order
_CORES = np.array([[0b011, 0b101, 0b110, -1, -1, -1, -1, -1], [0b111, -1, -1, -1, -1, -1, -1, -1]],
                  dtype=np.int64)
