"""Compiled searches for multi-digit patterns tried (and mostly finding nothing) on every hard state.

Importing this module loads numba (unless the kernels were compiled ahead of time: engine/kernels.py);
only the technique modules import it, on first use.

:func:`sue_de_coq_patterns` walks every box/line intersection's Sue de Coq patterns in the Python
finder's order (:mod:`engine.strategies.sue_de_coq`) and returns those that remove something, so
the finder builds steps only of those.
:func:`medusa_removes` tells whether 3D Medusa (:mod:`engine.strategies.medusa`) removes anything
at all: it nearly never does, and the Python colouring of every cluster cost 0.3-0.4 ms a state.
:func:`unit_subsets` lists every unit's naked or hidden subsets of a size, :func:`bent_sets_found`
the bent sets spread over units that remove something, and :func:`deadly_rectangles` the
rectangles the uniqueness techniques look at: each was most of its finders' time on every hard state.
Round 8 added the same for the techniques tried on nearly every state, whose fixed Python cost (a
walk over units, pivots or rectangles that almost always ends with nothing) had become a third of
rating an SE 9 puzzle: :func:`hidden_singles`, :func:`locked_candidates` (pointing, claiming),
:func:`wing_rows` (XY-, XYZ- and W-wings) and :func:`avoidable_rectangles`.  Each returns only what
its finder turns into steps, in the finder's order, so the steps are the ones the Python walks made.
Cell sets are three words of 27 cells (cell c is bit c % 27 of word c // 27) in signed words.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from engine.kernels import bit_intrinsics, njit

_popcount, _lowest = bit_intrinsics()


def filled_rows(kernel: Callable[..., int], args: tuple, width: int, rows: int = 128) -> list[list[int]]:
    """Return the rows ``kernel(*args, out)`` fills in a fresh ``out`` of ``width`` int64 columns (as
    lists), called again with eight times the rows while it fills them all (it stops when they run
    out).  Raises what the kernel raises on arguments of the wrong types."""
    while True:
        out = np.empty((rows, width), dtype=np.int64)
        count = kernel(*args, out)
        if count < rows:
            return out[:count].tolist() if count else []
        rows *= 8


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
            if _popcount(v) < size + 2:
                continue
            # box subsets of the usable cells (those holding a digit of the core), with need >= 1
            nu = _usable(cands, box_rest, nb, v, uidx)
            nbs = 0
            for s in range(64):
                m = order[nu, s]
                if m < 0:
                    break
                full, vb, count = _subset(cands, box_rest, uidx, nu, m)
                need = count - _popcount(vb & ~v)
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


@njit(cache=True)
def _two_places(cands, units, u, d):  # pragma: no cover - compiled
    """Return the two cells of unit ``u`` holding digit bit ``d`` (a strong link), or (-1, -1) when
    it holds the digit in fewer or more cells."""
    a = b = -1
    for i in range(9):
        if cands[units[u, i]] >> d & 1:
            if a < 0:
                a = units[u, i]
            elif b < 0:
                b = units[u, i]
            else:
                return -1, -1
    return (a, b) if b >= 0 else (-1, -1)


@njit(cache=True, aot="boolean(int64[::1], int64[:, ::1], int64[:, ::1])")
def medusa_removes(cands, units, peers):  # pragma: no cover - compiled
    """True when some 3D Medusa cluster of two or more digits has a false colour or traps a candidate,
    by the rules of :mod:`engine.strategies.medusa` (False: the finder would yield nothing).

    ``units``: the 27 units' cells; ``peers``: per cell its peers as three 27-cell words (cell c is
    bit c % 27 of word c // 27), the form of every cell set here.
    """
    # the strong links between candidates (node 9 * cell + digit - 1): bivalue cells, conjugate pairs
    adj = np.empty((729, 8), dtype=np.int64)
    deg = np.zeros(729, dtype=np.int64)
    for c in range(81):
        m = cands[c]
        if _popcount(m) == 2:
            x = _lowest(m)
            y = _lowest(m & (m - 1))
            adj[9 * c + x, deg[9 * c + x]] = 9 * c + y
            deg[9 * c + x] += 1
            adj[9 * c + y, deg[9 * c + y]] = 9 * c + x
            deg[9 * c + y] += 1
    for u in range(27):
        for d in range(9):
            a, b = _two_places(cands, units, u, d)
            if b >= 0:
                adj[9 * a + d, deg[9 * a + d]] = 9 * b + d
                deg[9 * a + d] += 1
                adj[9 * b + d, deg[9 * b + d]] = 9 * a + d
                deg[9 * b + d] += 1
    # per digit (1-9) the cells holding it; row 0: the cells holding any
    dc = np.zeros((10, 3), dtype=np.int64)
    for c in range(81):
        m = cands[c]
        w, bit = c // 27, np.int64(1) << (c % 27)
        if m:
            dc[0, w] |= bit
        for d in range(9):
            if m >> d & 1:
                dc[d + 1, w] |= bit
    colour = np.full(729, -1, dtype=np.int64)
    stack = np.empty(729, dtype=np.int64)
    members = np.empty(729, dtype=np.int64)
    cells = np.zeros((2, 10, 3), dtype=np.int64)  # per colour, per digit: its cells
    seen = np.zeros((2, 10, 3), dtype=np.int64)  # per colour, per digit: the cells seeing those
    union = np.zeros((2, 3), dtype=np.int64)  # per colour: all its cells
    for start in range(729):
        if deg[start] == 0 or colour[start] >= 0:
            continue
        colour[start] = 0
        stack[0] = start
        top = 1
        count = 0
        broken = False
        digits = 0
        while top:
            top -= 1
            node = stack[top]
            members[count] = node
            count += 1
            digits |= 1 << (node % 9)
            for k in range(deg[node]):
                nxt = adj[node, k]
                if colour[nxt] < 0:
                    colour[nxt] = 1 - colour[node]
                    stack[top] = nxt
                    top += 1
                elif colour[nxt] == colour[node]:
                    broken = True
        if broken or _popcount(digits) < 2:
            continue
        cells[:] = 0
        seen[:] = 0
        union[:] = 0
        for i in range(count):
            node = members[i]
            k, c, d = colour[node], node // 9, node % 9 + 1
            cells[k, d, c // 27] |= np.int64(1) << (c % 27)
            union[k, c // 27] |= np.int64(1) << (c % 27)
            for w in range(3):
                seen[k, d, w] |= peers[c, w]
        for k in range(2):
            # a colour is false when it puts two digits in a cell or a digit twice in a unit
            for w in range(3):
                acc = 0
                for d in range(1, 10):
                    if acc & cells[k, d, w] or cells[k, d, w] & seen[k, d, w]:
                        return True
                    acc |= cells[k, d, w]
            # ... or leaves an uncoloured cell with no candidate
            for w in range(3):
                emptied = dc[0, w] & ~(union[0, w] | union[1, w])
                for d in range(1, 10):
                    emptied &= seen[k, d, w] | ~dc[d, w]
                if emptied:
                    return True
        # neither is false: a candidate false whichever colour is true is trapped
        for w in range(3):
            both = union[0, w] & union[1, w]
            for d in range(1, 10):
                hit = (both | (seen[0, d, w] & seen[1, d, w]) | (union[0, w] & seen[1, d, w])
                       | (union[1, w] & seen[0, d, w]))
                if hit & dc[d, w] & ~cells[0, d, w] & ~cells[1, d, w]:
                    return True
    return False


@njit(cache=True, aot="int64(int64[::1], int64[:, ::1], int64, boolean, int64[:, :, ::1], int64[:, ::1])")
def unit_subsets(cands, units, size, hidden, combos, out):  # pragma: no cover - compiled
    """Fill ``out`` rows with (unit, positions, digits) of every naked (``hidden`` False) or hidden
    subset of ``size`` in every unit that removes a candidate, in the Python walk's order
    (:mod:`engine.strategies.subsets`): positions are bits over the unit's cells.  Return how many
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
                k = _popcount(places)
                if 1 < k <= size:
                    item_mask[n] = places
                    item_bit[n] = 1 << d
                    n += 1
        else:
            for i in range(9):
                k = _popcount(cands[units[u, i]])
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
            if _popcount(union) != size:
                continue
            if hidden:
                removes = False
                for i in range(9):  # the subset's cells hold another digit
                    if union >> i & 1 and cands[units[u, i]] & ~chosen:
                        removes = True
                if not removes:
                    continue
                out[found, 1] = union
                out[found, 2] = chosen
            else:
                if not _naked_removes(cands, units, u, chosen, union):
                    continue
                out[found, 1] = chosen
                out[found, 2] = union
            out[found, 0] = u
            found += 1
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


@njit(cache=True, aot="int64(int64[::1], int64[:, ::1], int64[:, ::1], int64[:, ::1])")
def deadly_rectangles(cands, rects_of, corners, out):  # pragma: no cover - compiled
    """Fill ``out`` rows with (rectangle, digits, floor: a mask over its corners of those holding exactly
    the two digits) for every rectangle of unsolved cells that could hold
    a deadly pattern on the two digits of one of its corners, the Python walk's order
    (:func:`engine.strategies.uniqueness._rectangles`): corners ascending, each corner's rectangles
    in order, each (rectangle, digits) once; return how many (``out``'s length when it filled up).

    ``rects_of[c]``: the rectangles (indexes into ``corners``) with corner c, in order.
    """
    found = 0
    for cell in range(81):
        ab = cands[cell]
        if _popcount(ab) != 2:
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
            out[found, 0] = r
            out[found, 1] = ab
            out[found, 2] = floor
            found += 1
            if found == out.shape[0]:
                return found
    return found


@njit(cache=True, aot="int64(int64[::1], int64[:, ::1], int64[:, ::1])")
def coloring_digits(cands, units, peers):  # pragma: no cover - compiled
    """Return a mask of the digits on which colouring removes something, by the rules of
    :mod:`engine.strategies.coloring`: bit d - 1 when simple colouring (a wrap or a trap) does for
    digit d, bit 8 + d when multi-colouring (type 1 or 2, two clusters) does.

    ``units``: the 27 units' cells; ``peers``: per cell its peers as three 27-cell words.
    """
    adj = np.empty((81, 6), dtype=np.int64)
    deg = np.empty(81, dtype=np.int64)
    colour = np.empty(81, dtype=np.int64)
    stack = np.empty(81, dtype=np.int64)
    cells = np.empty((41, 2, 3), dtype=np.int64)  # per cluster (two cells or more), per colour: its cells
    seen = np.empty((41, 2, 3), dtype=np.int64)  # ... the cells seeing one of them
    holding = np.empty(3, dtype=np.int64)
    out = 0
    for d in range(9):
        deg[:] = 0
        holding[:] = 0
        for c in range(81):
            if cands[c] >> d & 1:
                holding[c // 27] |= np.int64(1) << (c % 27)
        for u in range(27):  # strong links: units holding the digit twice
            a, b = _two_places(cands, units, u, d)
            if b >= 0:
                adj[a, deg[a]] = b
                deg[a] += 1
                adj[b, deg[b]] = a
                deg[b] += 1
        colour[:] = -1
        nclusters = 0
        for start in range(81):
            if deg[start] == 0 or colour[start] >= 0:
                continue
            colour[start] = 0
            stack[0] = start
            top = 1
            broken = False
            cells[nclusters] = 0
            seen[nclusters] = 0
            while top:
                top -= 1
                node = stack[top]
                k = colour[node]
                cells[nclusters, k, node // 27] |= np.int64(1) << (node % 27)
                for w in range(3):
                    seen[nclusters, k, w] |= peers[node, w]
                for i in range(deg[node]):
                    nxt = adj[node, i]
                    if colour[nxt] < 0:
                        colour[nxt] = 1 - k
                        stack[top] = nxt
                        top += 1
                    elif colour[nxt] == k:
                        broken = True
            if not broken:
                nclusters += 1
        for k in range(nclusters):
            for w in range(3):
                # a wrap (two cells of a colour see each other) or a trap (an outside cell of the
                # digit sees both colours)
                if cells[k, 0, w] & seen[k, 0, w] or cells[k, 1, w] & seen[k, 1, w] or (
                        seen[k, 0, w] & seen[k, 1, w] & holding[w] & ~(cells[k, 0, w] | cells[k, 1, w])):
                    out |= np.int64(1) << d
        for i in range(nclusters):
            for j in range(i + 1, nclusters):
                for view in range(2):
                    one, two = (i, j) if view == 0 else (j, i)
                    for a in range(2):
                        sees0 = sees1 = False  # colour a sees the other cluster's colour 0, 1
                        for w in range(3):
                            sees0 = sees0 or (seen[one, a, w] & cells[two, 0, w]) != 0
                            sees1 = sees1 or (seen[one, a, w] & cells[two, 1, w]) != 0
                        if sees0 and sees1:
                            out |= np.int64(1) << (9 + d)  # type 2: colour a sees both of the other's
                        for b in range(2):
                            if not (sees0 if b == 0 else sees1):
                                continue
                            # type 1: the cells seeing the opposite colours of both, outside both
                            for w in range(3):
                                members = cells[i, 0, w] | cells[i, 1, w] | cells[j, 0, w] | cells[j, 1, w]
                                if seen[one, 1 - a, w] & seen[two, 1 - b, w] & holding[w] & ~members:
                                    out |= np.int64(1) << (9 + d)
    return out


@njit(cache=True, aot="int64(int64[::1], int64[:, ::1], int64[:, ::1], int64, int64[:, ::1])")
def locked_subsets(cands, units, minis, size, out):  # pragma: no cover - compiled
    """Fill ``out`` rows with (mini-line index, cells as a mask over its three cells) of every locked
    pair (``size`` 2) or triple (3) that removes a candidate from both its box and its line, in the
    Python walk's order (:mod:`engine.strategies.intersections`); return how many (``out``'s length
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
            p = _popcount(cands[minis[k, 2 + i]])
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
            if _popcount(digits) != size:
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
                out[found, 0] = k
                out[found, 1] = group
                found += 1
                if found == out.shape[0]:
                    return found
    return found


# the groups of two and of three of a mini-line's three cells, as bit masks in combinations order
_MINI_GROUPS = np.array([[0b011, 0b101, 0b110, -1], [0b111, -1, -1, -1]], dtype=np.int64)


@njit(cache=True, aot="int64(int64[::1], int64[::1], int64[:, ::1], int64[:, ::1], int64[::1], int64, "
                      "int64[:, ::1])")
def bent_sets_found(cands, cell_units, peers, scopes, digit_sets, n, out):  # pragma: no cover - compiled
    """Fill ``out`` rows with (cells word 0, word 1, word 2, digits, loose digits) of every n-cell bent
    set that :mod:`engine.strategies.bent_sets` turns into a step, in its order; return how many
    (``out``'s length when it filled up).

    The search of round 7's kernel (tests/bent_sets_reference.py: digit set by digit set, each pivot cell
    with its peers and then, for n = 4, each box with a crossing line, depth first), each set kept
    once, then tested (spread over units, removes something), in one call on 27-cell words.
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
        p = _popcount(m)
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
                    fitting[_lowest(m), w] |= bit
                    m &= m - 1
        if union != digits or npiv < n:
            continue
        nseen = 0
        groups = npiv + (scopes.shape[0] if n == 4 else 0)
        for g in range(groups):
            pivot = pivots[g] if g < npiv else -1
            base = 1 if pivot >= 0 else 0
            held = cands[pivot] if pivot >= 0 else 0
            g0 = (peers[pivot, 0] if pivot >= 0 else scopes[g - npiv, 0]) & fit[0]
            g1 = (peers[pivot, 1] if pivot >= 0 else scopes[g - npiv, 1]) & fit[1]
            g2 = (peers[pivot, 2] if pivot >= 0 else scopes[g - npiv, 2]) & fit[2]
            if _popcount(g0) + _popcount(g1) + _popcount(g2) < n - base:
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
                    cells[count] = 27 * w + _lowest(word)
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
                    shared[1, _lowest(m)] = cell_units[pivot]
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
                    d = _lowest(rest)
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
                if _popcount(un) != n:
                    continue
                again = False  # the same cells reached from another pivot or scope count once
                for j in range(nseen):
                    if seen[j, 0] == s0 and seen[j, 1] == s1 and seen[j, 2] == s2:
                        again = True
                        break
                if again:
                    continue
                if nseen == seen.shape[0]:
                    seen = _grown(seen)
                seen[nseen, 0], seen[nseen, 1], seen[nseen, 2] = s0, s1, s2
                nseen += 1
                if _bent_set_removes(cands, places, peers, s0, s1, s2, loose if loose else un):
                    out[found, 0], out[found, 1], out[found, 2] = s0, s1, s2
                    out[found, 3] = un
                    out[found, 4] = loose
                    found += 1
                    if found == out.shape[0]:
                        return found
    return found


@njit(cache=True)
def _grown(rows):  # pragma: no cover - compiled
    """Return ``rows`` copied into a table twice as long."""
    bigger = np.empty((2 * rows.shape[0], rows.shape[1]), dtype=rows.dtype)
    bigger[: rows.shape[0]] = rows
    return bigger


@njit(cache=True)
def _bent_set_removes(cands, places, peers, s0, s1, s2, digits):  # pragma: no cover - compiled
    """True when the set (three words) is not all in one unit and, for a digit of ``digits``, a cell
    outside it holding the digit sees every cell of the set holding it."""
    spread = False
    for w in range(3):
        word = (s0, s1, s2)[w]
        while word:
            c = 27 * w + _lowest(word)
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
                c = 27 * w + _lowest(word)
                word &= word - 1
                if cands[c] >> d & 1:
                    w0 &= peers[c, 0]
                    w1 &= peers[c, 1]
                    w2 &= peers[c, 2]
        if w0 | w1 | w2:
            return True
    return False


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
            if cands[27 * w + _lowest(word)] & bit:
                return True
            word &= word - 1
    return False


@njit(cache=True, aot="int64(int64[::1], int64[:, ::1], int64[:, ::1], int64[:, ::1], int64, int64[:, ::1])")
def wing_rows(cands, units, peer_list, peers, kind, out):  # pragma: no cover - compiled
    """Fill ``out`` rows with the wings of ``kind`` that remove a candidate, in the Python walks'
    order (:mod:`engine.strategies.wings`); return how many (``out``'s length when it filled up).

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
        if _popcount(pm) != 2 + kind:
            continue
        n = 0
        for k in range(20):
            p = peer_list[pivot, k]
            m = cands[p]
            if _popcount(m) == 2 and (_popcount(m & pm) == 1 if kind == 0 else m & ~pm == 0):
                wings[n] = p
                n += 1
        for i in range(n):
            a = wings[i]
            for j in range(i + 1, n):
                b = wings[j]
                if kind == 0:
                    z = cands[a] & cands[b] & ~pm
                    if not z or (cands[a] & pm) == (cands[b] & pm) or _popcount(z) != 1:
                        continue
                    hit = _seen_by_both(cands, peers, a, b, z, pivot)
                else:
                    z = cands[a] & cands[b]
                    if _popcount(z) != 1 or cands[a] | cands[b] != pm:
                        continue
                    hit = False
                    for w in range(3):
                        word = peers[a, w] & peers[b, w] & peers[pivot, w]
                        while word:
                            if cands[27 * w + _lowest(word)] & z:
                                hit = True
                            word &= word - 1
                if hit:
                    out[found, 0] = pivot
                    out[found, 1] = a
                    out[found, 2] = b
                    found += 1
                    if found == out.shape[0]:
                        return found
    return found


@njit(cache=True)
def _w_wing_rows(cands, units, peers, out):  # pragma: no cover - compiled
    """:func:`wing_rows` for W-wings."""
    pairs = np.empty(81, dtype=np.int64)
    n = 0
    for c in range(81):
        if _popcount(cands[c]) == 2:
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
                if _bridged(cands, units, peers, _lowest(x_bit), a, b):
                    out[found, 0] = a
                    out[found, 1] = b
                    out[found, 2] = x_bit
                    found += 1
                    if found == out.shape[0]:
                        return found
    return found


@njit(cache=True)
def _bridged(cands, units, peers, d, a, b):  # pragma: no cover - compiled
    """True when a unit holds digit d in exactly two cells s, t (in either order), neither a nor b,
    with s seeing a and t seeing b."""
    for u in range(27):
        p, q = _two_places(cands, units, u, d)
        if q < 0 or p in (a, b) or q in (a, b):
            continue
        if (_sees(peers, a, p) and _sees(peers, b, q)) or (_sees(peers, a, q) and _sees(peers, b, p)):
            return True
    return False


@njit(cache=True, aot="int64(int64[::1], int64[::1], int64[::1], int64[:, ::1], int64[:, ::1], int64[::1])")
def avoidable_rectangles(values, cands, givens, corners, peers, out):  # pragma: no cover - compiled
    """Fill ``out`` with the rectangles (indexes into ``corners``, ascending) without a placed given
    that give an avoidable rectangle of type 1 or 2 removing a candidate, by the rules of
    :func:`engine.strategies.uniqueness.avoidable_rectangle`; return how many.

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
        n = _popcount(placed)
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
        i = _lowest(~placed & 15)
        far = corners[r, i]
        a = values[corners[r, 3 - i]]
        s1, s2 = (1, 2) if i in (0, 3) else (0, 3)
        b = values[corners[r, s1]]
        return b != a and values[corners[r, s2]] == b and (cands[far] >> (a - 1) & 1) != 0
    if placed in (0b1001, 0b0110):
        return False  # diagonal placed corners
    p = _lowest(placed)
    q = _lowest(placed & (placed - 1))
    if values[corners[r, p]] == values[corners[r, q]]:
        return False
    extra = -1
    for i in range(4):
        if placed >> i & 1:
            continue
        c = corners[r, i]
        want = np.int64(1) << (values[corners[r, 3 - i]] - 1)
        if not cands[c] & want or _popcount(cands[c]) != 2:
            return False
        if extra >= 0 and cands[c] & ~want != extra:
            return False
        extra = cands[c] & ~want
    u = _lowest(~placed & 15)
    v = _lowest(~placed & 15 & ~(1 << u))
    a, b = corners[r, u], corners[r, v]
    for w in range(3):
        word = peers[a, w] & peers[b, w]
        while word:
            c = 27 * w + _lowest(word)
            word &= word - 1
            if cands[c] & extra and c != corners[r, 0] and c != corners[r, 1] and c != corners[r, 2] \
                    and c != corners[r, 3]:
                return True
    return False


@njit(cache=True, aot="int64(int64[::1], int64[:, ::1], boolean, int64[:, ::1])")
def locked_candidates(cands, units, claiming, out):  # pragma: no cover - compiled
    """Fill ``out`` rows with (digit 1-9, first unit, second unit) of every pointing (``claiming``
    False: a box's digit all in one line, which holds it outside the box too) or claiming (a line's
    digit all in one box, which holds it outside the line too) that removes a candidate, in the
    Python walks' order (:mod:`engine.strategies.intersections`): digit by digit, then box by box
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
                    out[found, 0] = d + 1
                    out[found, 1] = first
                    out[found, 2] = second
                    found += 1
                    if found == out.shape[0]:
                        return found
    return found


@njit(cache=True, aot="int64(int64[::1], int64[:, ::1], int64[::1], int64[:, ::1])")
def hidden_singles(cands, units, order, out):  # pragma: no cover - compiled
    """Fill ``out`` rows with (unit, cell, digit 1-9) of every digit with exactly one candidate cell
    in a unit, the units in ``order`` and each unit's digits ascending; return how many (never more
    than 243, ``out``'s length when it filled up)."""
    found = 0
    for k in range(order.shape[0]):
        u = order[k]
        once = twice = 0
        for i in range(9):
            m = cands[units[u, i]]
            twice |= once & m
            once |= m
        only = once & ~twice
        while only:
            d = _lowest(only)
            only &= only - 1
            for i in range(9):
                if cands[units[u, i]] >> d & 1:
                    out[found, 0] = u
                    out[found, 1] = units[u, i]
                    out[found, 2] = d + 1
                    found += 1
                    break
            if found == out.shape[0]:
                return found
    return found
