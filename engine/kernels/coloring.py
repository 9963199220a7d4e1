"""Compiled colouring tests: :func:`coloring_digits` (the digits simple colouring removes from) and
:func:`medusa_removes`, whether 3D Medusa (:mod:`engine.logic.strategies.medusa`) removes anything at all:
it nearly never does, and the Python colouring of every cluster cost 0.3-0.4 ms a state.

Loaded on first use (numba, or the ahead-of-time parts: engine/kernels/); it returns what its finder
turns into steps, in the finder's order.  Cell sets: three signed words of 27 cells (c: bit c % 27 of c // 27)
"""

from __future__ import annotations

import numpy as np

from engine.kernels import njit
from engine.kernels.bits import lowest, popcount


@njit(cache=True)
def two_places(cands, units, u, d):  # pragma: no cover - compiled
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


@njit(cache=True)
def _colour_cluster(start, adj, deg, colour, stack, members):  # pragma: no cover - compiled
    """Colour the uncoloured cluster of ``start`` along its links (``adj``, ``deg``): 0 at the start,
    the other colour across each link; list its nodes in ``members`` and return their count and
    whether some link joins two nodes of one colour (a broken cluster)."""
    colour[start] = 0
    stack[0] = start
    top = 1
    count = 0
    broken = False
    while top:
        top -= 1
        node = stack[top]
        members[count] = node
        count += 1
        for i in range(deg[node]):
            nxt = adj[node, i]
            if colour[nxt] < 0:
                colour[nxt] = 1 - colour[node]
                stack[top] = nxt
                top += 1
            elif colour[nxt] == colour[node]:
                broken = True
    return count, broken


@njit(cache=True, aot="boolean(int64[::1], int64[:, ::1], int64[:, ::1])")
def medusa_removes(cands, units, peers):  # pragma: no cover - compiled
    """True when some 3D Medusa cluster of two or more digits has a false colour or traps a candidate,
    by the rules of :mod:`engine.logic.strategies.medusa` (False: the finder would yield nothing).

    ``units``: the 27 units' cells; ``peers``: per cell its peers as three 27-cell words (cell c is
    bit c % 27 of word c // 27), the form of every cell set here.
    """
    # the strong links between candidates (node 9 * cell + digit - 1): bivalue cells, conjugate pairs
    adj = np.empty((729, 8), dtype=np.int64)
    deg = np.zeros(729, dtype=np.int64)
    for c in range(81):
        m = cands[c]
        if popcount(m) == 2:
            x = lowest(m)
            y = lowest(m & (m - 1))
            adj[9 * c + x, deg[9 * c + x]] = 9 * c + y
            deg[9 * c + x] += 1
            adj[9 * c + y, deg[9 * c + y]] = 9 * c + x
            deg[9 * c + y] += 1
    for u in range(27):
        for d in range(9):
            a, b = two_places(cands, units, u, d)
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
        count, broken = _colour_cluster(start, adj, deg, colour, stack, members)
        digits = 0
        for i in range(count):
            digits |= 1 << (members[i] % 9)
        if broken or popcount(digits) < 2:
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


@njit(cache=True, aot="int64(int64[::1], int64[:, ::1], int64[:, ::1])")
def coloring_digits(cands, units, peers):  # pragma: no cover - compiled
    """Return a mask of the digits on which colouring removes something, by the rules of
    :mod:`engine.logic.strategies.coloring`: bit d - 1 when simple colouring (a wrap or a trap) does for
    digit d, bit 8 + d when multi-colouring (type 1 or 2, two clusters) does.

    ``units``: the 27 units' cells; ``peers``: per cell its peers as three 27-cell words.
    """
    adj = np.empty((81, 6), dtype=np.int64)
    deg = np.empty(81, dtype=np.int64)
    colour = np.empty(81, dtype=np.int64)
    stack = np.empty(81, dtype=np.int64)
    nodes = np.empty(81, dtype=np.int64)
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
            a, b = two_places(cands, units, u, d)
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
            count, broken = _colour_cluster(start, adj, deg, colour, stack, nodes)
            cells[nclusters] = 0
            seen[nclusters] = 0
            for i in range(count):
                node = nodes[i]
                k = colour[node]
                cells[nclusters, k, node // 27] |= np.int64(1) << (node % 27)
                for w in range(3):
                    seen[nclusters, k, w] |= peers[node, w]
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
