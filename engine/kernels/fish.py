"""Compiled search for :mod:`engine.logic.strategies.complex_fish`: the fish of one digit.

Importing this module loads numba (unless the kernels were compiled ahead of time: engine/kernels/);
only :mod:`engine.logic.strategies.complex_fish` imports it, on first use.

The digit's candidate cells are numbered 0..k-1 (k <= 62) so every cell set is one int64.  A
depth-first search (an explicit stack, numba has no cheap recursion) adds base units in pool
order and, right after each, covers every new base cell: by one of its units that may cover, or
by declaring it a fin.  Each option at a cell bans the options tried before it, so a (base,
cover) pair is reached once per orientation.  The cover never holds more than ``max_size`` units
and the fins never exceed ``max_fins`` cells (``max_endo`` of them in two base units), and they
must keep a common peer outside the base: a partial base that already needs more is dropped with
all its extensions.  Pure Python ran the same search 100 times slower (0.5-3 s per state).

Once the cover is full (``max_size`` units) it is final, and so is what the fish could remove: cover
cells outside the base and base cells in two cover units, of those every fin sees (the fins only
grow, so the cells they all see only shrink).  A frame with none of those is dropped with all its
extensions: they could record no row, so the rows and their order are those of the search without
the test.  Measured on the 1,901 searches of the driver on the 1,378 stuck states of tuning-half SE
6-9.3 puzzles (one core, cpu time), Franken 0.69 -> 0.48 ms and mutant 1.82 -> 1.13 ms a search,
the same rows in the same order (and on 10,269 digit masks of those states, 3,000 of them thinned).

Tried since and dropped, each measured on those searches with the same rows and no faster: a bound
on every cover the frame may still take (the cells of all units still allowed: nearly all of them,
+4% time); dropping frames that can no longer become mutant (12% of a mutant search's frames, but
cheap ones: +2%); taking a frame that only turns complete at once instead of pushing it (no change).
About 45,000 frames a mutant search, most of them ending where a full cover removes nothing.

The Kraken fish's singles and their type 1 test are compiled in :mod:`engine.kernels.propagation`.
"""

from __future__ import annotations

import numpy as np

from engine.kernels import njit
from engine.kernels.bits import lowest, popcount
from engine.kernels.rows import put

# frame fields of the explicit stack
(_TYP, _START, _NBASE, _NCOVER, _BASE, _COVER, _BANNED, _CELLS, _COVERED, _FINS, _ENDO, _PEERS,
 _TODO, _TWICE) = range(14)
_FIELDS = 14
_STACK = 4096


_ROWS = (1 << 9) - 1
_COLS = _ROWS << 9
_BOXES = _ROWS << 18


@njit(cache=True)
def kind_of(base, cover):  # pragma: no cover - compiled
    """Return HoDoKu's class of a fish's base and cover unit sets: 0 basic, 1 Franken, 2 mutant."""
    if (base & ~_ROWS == 0 and cover & ~_COLS == 0) or (base & ~_COLS == 0 and cover & ~_ROWS == 0):
        return 0
    if (base & _COLS == 0 and cover & _ROWS == 0) or (base & _ROWS == 0 and cover & _COLS == 0):
        return 1
    return 2


@njit(cache=True, aot="int64(int64[::1], int64[:, ::1], int64[::1], int64, int64, int64, int64, int64, "
                      "int64, int64, int64[:, ::1])")
def search_fish(digit_cells, units_of, pool, cover_ok, kind, max_size, max_fins, max_endo,  # pragma: no cover
                blind, removable, out):
    """Fill ``out`` rows with (base units, cover units, base cells, fins, eliminations) bit sets of every
    fish of class ``kind`` (:func:`kind_of`) and size 2..max_size whose base units come from ``pool``
    (those with two candidates or more, in its order) and cover units from ``cover_ok``; return how
    many rows were written (``out``'s length when it filled up and the search stopped).

    ``digit_cells``: the digit's candidate cells (at most 62; bit i of a cell set is ``digit_cells[i]``),
    ``units_of``: every cell's 3 units (engine.grid.CELL_UNITS_NP).  ``blind``: the fins need not
    see the removals (Kraken fish, whose fins lead to them by chains).  ``removable``: the cells a
    fish could remove at all (those in no template of the digit: engine.kernels.templates); a frame
    whose full cover can remove none of them is dropped, as one that can remove nothing.
    """
    # the digit's tables, built here rather than in Python (numpy there cost 40 us a search)
    # (not ``cells``: that is a frame's, an int, and one name for both was typed in some orders only)
    k = digit_cells.shape[0]
    every = (np.int64(1) << k) - 1
    cell_units = np.empty((k, 3), dtype=np.int64)  # each cell's 3 units
    um = np.zeros(27, dtype=np.int64)  # each unit's cells
    for i in range(k):
        for j in range(3):
            u = units_of[digit_cells[i], j]
            cell_units[i, j] = u
            um[u] |= np.int64(1) << i
    peer = np.empty(k, dtype=np.int64)  # each cell's peers: the rest of its three units
    for i in range(k):
        units = um[cell_units[i, 0]] | um[cell_units[i, 1]] | um[cell_units[i, 2]]
        peer[i] = every if blind else units & ~(np.int64(1) << i)
    bases = np.empty(pool.shape[0], dtype=np.int64)
    m = 0
    for i in range(pool.shape[0]):
        if um[pool[i]] & (um[pool[i]] - 1):
            bases[m] = pool[i]
            m += 1
    stack = np.empty((_STACK, _FIELDS), dtype=np.int64)  # every frame is written before it is read
    stack[0, :] = 0
    stack[0, _PEERS] = every
    top = 1
    found = 0
    while top:
        top -= 1
        f = stack[top]
        typ = f[_TYP]
        start = f[_START]
        nbase = f[_NBASE]
        ncover = f[_NCOVER]
        base = f[_BASE]
        cover = f[_COVER]
        banned = f[_BANNED]
        cells = f[_CELLS]
        covered = f[_COVERED]
        fins = f[_FINS]
        endo = f[_ENDO]
        peers = f[_PEERS]
        todo = f[_TODO]
        twice = f[_TWICE]  # the cells of two cover units
        if top + 30 > _STACK:  # cannot happen (depth 8, at most 27 children a level): never overrun
            return found
        # a full cover is final: the fish can remove only cover cells outside the base, or base cells
        # in two cover units, that every fin sees; none there, no extension of this frame records a row
        if ncover == max_size and not ((covered & ~cells) | (twice & ~fins)) & peers & removable:
            continue
        if typ == 0:  # all base cells so far are covered or fins: record, then add a base unit
            if nbase >= 2 and nbase == ncover and kind_of(base, cover) == kind:
                elims = ((covered & ~cells) | (twice & cells & ~fins)) & peers
                if elims:
                    found = put(out, found, (base, cover, cells, fins, elims))
                    if found == out.shape[0]:
                        return found
            if nbase == max_size:
                continue
            taken = base | cover
            spare = max_size - ncover
            for i in range(m - 1, start - 1, -1):
                u = bases[i]
                if taken >> u & 1:
                    continue
                mm = um[u]
                new_endo = mm & cells
                new_todo = mm & ~cells & ~covered
                # one cover unit takes at most three cells of a base unit, each fin one (tested
                # first: it needs no peers, and rejects most units once the cover is full)
                if popcount(new_todo) > 3 * spare + max_fins - popcount(fins | new_endo):
                    continue
                npeers = peers
                if new_endo:
                    if popcount(endo | new_endo) > max_endo or popcount(fins | new_endo) > max_fins:
                        continue
                    x = new_endo & ~fins
                    while x:
                        low = x & -x
                        npeers &= peer[lowest(low)]
                        x ^= low
                if npeers != every and not npeers & ~(cells | mm):
                    continue
                if spare == 0 and not ((covered & ~(cells | mm)) | (twice & ~(fins | new_endo))) & npeers:
                    continue  # the same test, before the frame is pushed
                g = stack[top]
                g[_TYP] = 1
                g[_START] = i + 1
                g[_NBASE] = nbase + 1
                g[_NCOVER] = ncover
                g[_BASE] = base | np.int64(1) << u
                g[_COVER] = cover
                g[_BANNED] = banned | np.int64(1) << u
                g[_CELLS] = cells | mm
                g[_COVERED] = covered
                g[_TWICE] = twice
                g[_FINS] = fins | new_endo
                g[_ENDO] = endo | new_endo
                g[_PEERS] = npeers
                g[_TODO] = new_todo
                top += 1
            continue
        if not todo:
            stack[top, _TYP] = 0  # the same frame, now complete
            top += 1
            continue
        if ncover == max_size:  # no cover left: every remaining cell is a fin
            if popcount(fins | todo) <= max_fins:
                x = todo
                while x:
                    low = x & -x
                    peers &= peer[lowest(low)]
                    x ^= low
                if peers & covered:
                    g = stack[top]
                    g[_TYP] = 0
                    g[_FINS] = fins | todo
                    g[_PEERS] = peers
                    g[_TODO] = 0
                    top += 1
            continue
        low = todo & -todo
        c = lowest(low)
        options = np.int64(0)
        for j in range(3):
            v = cell_units[c, j]
            if cover_ok >> v & 1 and not banned >> v & 1:
                options |= np.int64(1) << v
        # each option bans the ones tried before it, the fin branch all of them
        if popcount(fins) < max_fins:
            npeers = peers & peer[c]
            if npeers & ~cells:
                g = stack[top]
                g[_TYP] = 1
                g[_START] = start
                g[_NBASE] = nbase
                g[_NCOVER] = ncover
                g[_BASE] = base
                g[_COVER] = cover
                g[_BANNED] = banned | options
                g[_CELLS] = cells
                g[_COVERED] = covered
                g[_TWICE] = twice
                g[_FINS] = fins | low
                g[_ENDO] = endo
                g[_PEERS] = npeers
                g[_TODO] = todo & ~low
                top += 1
        last = ncover + 1 == max_size
        for j in range(3):
            v = cell_units[c, j]
            if options >> v & 1:
                grown = covered | um[v]
                if last and not ((grown & ~cells) | ((twice | (covered & um[v])) & ~fins)) & peers:
                    banned |= np.int64(1) << v  # the same test on the full cover this option makes
                    continue
                g = stack[top]
                g[_TYP] = 1
                g[_START] = start
                g[_NBASE] = nbase
                g[_NCOVER] = ncover + 1
                g[_BASE] = base
                g[_COVER] = cover | np.int64(1) << v
                g[_BANNED] = banned | np.int64(1) << v
                g[_CELLS] = cells
                g[_COVERED] = covered | um[v]
                g[_TWICE] = twice | (covered & um[v])
                g[_FINS] = fins
                g[_ENDO] = endo
                g[_PEERS] = peers
                g[_TODO] = todo & ~um[v]
                top += 1
                banned |= np.int64(1) << v
    return found
