"""Compiled kernels for almost locked sets: their table, their RCC pairs, the ALS chain's search.

Importing this module loads numba (unless the kernels were compiled ahead of time: engine/kernels/);
:mod:`engine.logic.strategies.links` and :mod:`engine.logic.strategies.als_chain` import it on first use.

The sets come as :func:`engine.logic.strategies.links.rcc_tables` lays them out (``sets[s, 0]``: the set's
cells, two words, and its digit mask; ``sets[s, d]`` for d 1-9: its cells holding d and the cells
seeing all of them, two words each), their links as ``other``/``rcc``/``start`` (set i's links are
``start[i]:start[i + 1]``, in :func:`engine.logic.strategies.als.links_by_set`'s order) and a bitset of
starts as a row of ``uint64`` words (start s: bit ``s % 64`` of word ``s // 64``).
:func:`als_table` lays the sets out from :func:`engine.kernels.chains.als_subsets`' rows;
:func:`als_nodes` makes their nodes of the AIC's graph (:func:`engine.logic.strategies.links.build_graph`);
:func:`rcc_rows` finds their RCC pairs; :func:`chain_starts` and :func:`chain_walks` are the ALS
chain's search.

Why compiled: :func:`~engine.logic.strategies.als_chain.find_als_chain` ran its layers as dicts of Python
ints, 6-16 ms a call on SE 8-9 states (where it is tried about four times a puzzle and almost never
finds anything), 0.6-1.4 ms here; laying the sets out for the compiled tests (and keeping the
first of each, and each digit's common peers) took 1-2 ms a state in Python, a tenth of it here.
"""

from __future__ import annotations

import numpy as np

from engine.kernels import njit
from engine.kernels.bits import lowest, popcount
from engine.kernels.rows import put, room


@njit(cache=True)
def _sees(sets, places):  # pragma: no cover - compiled
    """Return, per set and digit z it holds, the cells outside it holding z that see all its z's."""
    n = sets.shape[0]
    out = np.zeros((n, 10, 2), dtype=np.uint64)
    for a in range(n):
        digits = np.int64(sets[a, 0, 2])
        while digits:
            low = digits & -digits
            digits ^= low
            z = lowest(low) + 1
            for h in range(2):
                out[a, z, h] = sets[a, z, 2 + h] & places[z, h] & ~sets[a, 0, h]
    return out


# aot: the argument types engine/logic/strategies/als_chain.py passes
@njit(cache=True, aot="int64[:, ::1](uint64[:, :, ::1], uint64[:, ::1], int64[::1], int64[::1])")
def chain_starts(sets, places, rcc, start):  # pragma: no cover - compiled
    """Return the ALS chain's starts ``(set, first RCC)``: by set, then digit, every set's RCC x
    for which the set has a digit z != x with a cell outside it seeing all its z's."""
    n = sets.shape[0]
    sees = _sees(sets, places)
    out = np.empty((max(9 * n, 1), 2), dtype=np.int64)
    used = 0
    for i in range(n):
        xs = 0
        for e in range(start[i], start[i + 1]):
            xs |= 1 << (rcc[e] - 1)
        for x in range(1, 10):
            if not xs >> (x - 1) & 1:
                continue
            for z in range(1, 10):
                if z != x and (sees[i, z, 0] or sees[i, z, 1]):
                    used = put(out, used, (i, x))
                    break
    return out[:used]


@njit(cache=True)
def _forward(prev, nxt, was, now, other, rcc, start, link_digits, pre, suf, but):  # pragma: no cover
    """Fill ``nxt`` (digit, set, words) from ``prev``: (y, j) gets the starts that reached a set i
    linked to j by y through a digit other than y.  ``was[x, i]`` says ``prev[x, i]`` is not empty;
    ``now`` is set so for ``nxt``; ``link_digits[i]`` has bit y when set i has a link by y.

    A set's starts by every digit but y are its prefix and suffix ORs over the digits (``pre[y - 1]
    | suf[y + 1]``, work rows like ``but``), not an OR of up to eight rows per linked digit: on a
    quarter of the ALS chain's calls rating the held-out SE 9 puzzles (JIT, one core, best of
    eight, load 6-9) :func:`chain_walks` 0.26 -> 0.24 ms, the same layers and walks.  Road not
    taken: each end set's wanted starts per digit z made once and OR-ed for every z but the
    entering digit (0.26 -> 0.28 ms: the sets see few cells, so :func:`_wanted` is cheap)."""
    words = prev.shape[2]
    for i in range(start.shape[0] - 1):
        entered = 0
        for x in range(1, 10):
            if was[x, i]:
                entered |= 1 << x
        if entered == 0:
            continue
        for w in range(words):
            acc = np.uint64(0)
            pre[0, w] = acc
            for x in range(1, 10):
                if entered >> x & 1:
                    acc |= prev[x, i, w]
                pre[x, w] = acc
            acc = np.uint64(0)
            suf[10, w] = acc
            for x in range(9, 0, -1):
                if entered >> x & 1:
                    acc |= prev[x, i, w]
                suf[x, w] = acc
        for y in range(1, 10):  # but[y]: the starts that entered i through another digit
            if link_digits[i] >> y & 1:
                for w in range(words):
                    but[y, w] = pre[y - 1, w] | suf[y + 1, w]
        for e in range(start[i], start[i + 1]):
            y = rcc[e]
            j = other[e]
            if not entered & ~(1 << y):  # entered through y only: nothing goes on by y
                continue
            for w in range(words):
                nxt[y, j, w] |= but[y, w]
            now[y, j] = True


@njit(cache=True)
def _wanted(sees, targets, y, j, out):  # pragma: no cover - compiled
    """Set ``out`` to the starts sharing, for a digit z other than y, a target with end set j."""
    for w in range(out.shape[0]):
        out[w] = 0
    for z in range(1, 10):
        if z == y:
            continue
        for h in range(2):
            m = sees[j, z, h]
            while m:
                low = m & (~m + np.uint64(1))
                m ^= low
                c = h * 64 + lowest(low)
                for w in range(out.shape[0]):
                    out[w] |= targets[z, c, w]


# aot: the argument types engine/logic/strategies/als_chain.py passes
@njit(
    cache=True,
    aot="int64[:, ::1](uint64[:, :, ::1], uint64[:, ::1], int64[::1], int64[::1], int64[::1], int64[:, ::1], "
    "uint64[:, :, :, ::1], int64)",
)
def chain_walks(sets, places, other, rcc, start, starts, layers, min_links):  # pragma: no cover - compiled
    """Fill ``layers[k - 1, y, j]`` with the starts having a walk of k links ending in set j entered
    through RCC y (k up to ``layers.shape[0]``), and return ``(k, start, y, j)`` for every walk of
    ``min_links`` or more links whose first and last sets (not the same) share a target of a digit
    other than the first and last RCC, each (start, y, j) at its fewest links only."""
    n = sets.shape[0]
    depth, _, _, words = layers.shape
    sees = _sees(sets, places)
    targets = np.zeros((10, 81, words), dtype=np.uint64)  # z, cell -> starts whose first set it sees
    for s in range(starts.shape[0]):
        i = starts[s, 0]
        x = starts[s, 1]
        w = s >> 6
        bit = np.uint64(1) << np.uint64(s & 63)
        for z in range(1, 10):
            if z == x:
                continue
            for h in range(2):
                m = sees[i, z, h]
                while m:
                    low = m & (~m + np.uint64(1))
                    m ^= low
                    targets[z, h * 64 + lowest(low), w] |= bit
        for e in range(start[i], start[i + 1]):
            if rcc[e] == x:
                layers[0, x, other[e], w] |= bit
    out = np.empty((64, 4), dtype=np.int64)
    used = 0
    pre = np.empty((10, words), dtype=np.uint64)
    suf = np.empty((11, words), dtype=np.uint64)
    but = np.empty((10, words), dtype=np.uint64)
    wanted = np.zeros((10, n, words), dtype=np.uint64)
    known = np.zeros((10, n), dtype=np.bool_)
    done = np.zeros((10, n, words), dtype=np.uint64)
    reached = np.zeros((depth, 10, n), dtype=np.bool_)  # layers[k, y, j] is not empty
    link_digits = np.zeros(n, dtype=np.int64)
    for i in range(n):
        for e in range(start[i], start[i + 1]):
            link_digits[i] |= 1 << rcc[e]
            if layers[0, rcc[e], other[e]].any():
                reached[0, rcc[e], other[e]] = True
    for k in range(2, depth + 1):
        _forward(layers[k - 2], layers[k - 1], reached[k - 2], reached[k - 1], other, rcc, start, link_digits,
                 pre, suf, but)
        if k < min_links:
            continue
        layer = layers[k - 1]
        for y in range(1, 10):
            for j in range(n):
                if not reached[k - 1, y, j]:
                    continue
                if not known[y, j]:
                    _wanted(sees, targets, y, j, wanted[y, j])
                    known[y, j] = True
                for w in range(words):
                    hit = layer[y, j, w] & wanted[y, j, w] & ~done[y, j, w]
                    done[y, j, w] |= hit
                    while hit:
                        low = hit & (~hit + np.uint64(1))
                        hit ^= low
                        s = w * 64 + lowest(low)
                        if starts[s, 0] == j:  # (the ends may overlap, but not be one set)
                            continue
                        out = room(out, used)
                        used = put(out, used, (k, s, y, j))
    return out[:used]


# aot: the argument types engine/logic/strategies/links.py passes
@njit(cache=True, aot="uint64[:, :, ::1](uint64[:, ::1], uint64[:, ::1], uint64[:, ::1])")
def als_table(subsets, places, peers):  # pragma: no cover - compiled
    """Return the almost locked sets as :func:`engine.logic.strategies.links.rcc_tables` lays them out, one
    per distinct cell set of ``subsets`` (rows ``(cells low word, cells high word, digits)``, as
    :func:`engine.kernels.chains.als_subsets` returns them), at its first row: ``places[d]`` are the
    cells of digit d, ``peers[c]`` the peers of cell c (two words each)."""
    rows = subsets.shape[0]
    keys = np.empty(rows, dtype=np.int64)  # a set's cells, base 82 (8 cells at most: below 2**51)
    for r in range(rows):
        key = np.int64(0)
        for h in range(2):
            w = subsets[r, h]
            while w:
                low = w & (~w + np.uint64(1))
                w ^= low
                key = key * 82 + h * 64 + lowest(low) + 1
        keys[r] = key
    order = np.argsort(keys, kind="mergesort")  # stable: a set's first row comes first
    first = np.zeros(rows, dtype=np.bool_)
    for t in range(rows):
        first[order[t]] = t == 0 or keys[order[t]] != keys[order[t - 1]]
    out = np.zeros((first.sum(), 10, 4), dtype=np.uint64)
    n = 0
    for r in range(rows):
        if not first[r]:
            continue
        out[n, 0, 0] = subsets[r, 0]
        out[n, 0, 1] = subsets[r, 1]
        out[n, 0, 2] = subsets[r, 2]
        digits = np.int64(subsets[r, 2])
        while digits:
            low = digits & -digits
            digits ^= low
            d = lowest(low) + 1
            lo = ~np.uint64(0)  # the cells seeing every cell of the set holding d
            hi = ~np.uint64(0)
            for h in range(2):
                held = places[d, h] & subsets[r, h]
                out[n, d, h] = held
                while held:
                    low_cell = held & (~held + np.uint64(1))
                    held ^= low_cell
                    c = h * 64 + lowest(low_cell)
                    lo &= peers[c, 0]
                    hi &= peers[c, 1]
            out[n, d, 2] = lo
            out[n, d, 3] = hi
        n += 1
    return out


# aot: the argument types engine/logic/strategies/links.py passes
@njit(cache=True, aot="int64[:, ::1](uint64[:, :, ::1])")
def rcc_rows(sets):  # pragma: no cover - compiled
    """Return ``(i, j, rcc digits mask)`` for every two non-overlapping sets i < j sharing a
    restricted common candidate x (every x of j sees every x of i, so no cell holds x for both),
    in order of i then j (as the test of every pair gave them), without trying every pair:
    j's x cells are all among the cells seeing all of i's, so the lowest of them is, and only the
    sets whose lowest x cell is one of those (at most 20) are tried."""
    n = sets.shape[0]
    # per digit x and cell c, the sets whose lowest x cell is c, ascending: ``member[first[x * 81 + c]:...]``
    first = np.zeros(10 * 81 + 1, dtype=np.int64)
    least = np.full((n, 10), -1, dtype=np.int64)
    for s in range(n):
        digits = np.int64(sets[s, 0, 2])
        while digits:
            low = digits & -digits
            digits ^= low
            x = lowest(low) + 1
            c = lowest(sets[s, x, 0]) if sets[s, x, 0] else 64 + lowest(sets[s, x, 1])
            least[s, x] = c
            first[x * 81 + c + 1] += 1
    for k in range(10 * 81):
        first[k + 1] += first[k]
    member = np.empty(first[10 * 81], dtype=np.int64)
    fill = first.copy()
    for s in range(n):
        for x in range(1, 10):
            if least[s, x] >= 0:
                member[fill[x * 81 + least[s, x]]] = s
                fill[x * 81 + least[s, x]] += 1
    out = np.empty((max(n, 16), 3), dtype=np.int64)
    used = 0
    found = np.zeros(n, dtype=np.int64)  # per set j > i, the RCCs found with i
    touched = np.empty(n, dtype=np.int64)
    for i in range(n):
        count = 0
        digits = np.int64(sets[i, 0, 2])
        while digits:
            low = digits & -digits
            digits ^= low
            x = lowest(low) + 1
            for h in range(2):
                seen = sets[i, x, 2 + h]  # the cells seeing all of i's x cells (none of them)
                while seen:
                    bit = seen & (~seen + np.uint64(1))
                    seen ^= bit
                    c = h * 64 + lowest(bit)
                    for k in range(first[x * 81 + c], first[x * 81 + c + 1]):
                        j = member[k]
                        inside = sets[j, x, 0] & ~sets[i, x, 2] == 0 and sets[j, x, 1] & ~sets[i, x, 3] == 0
                        if j > i and inside:
                            if found[j] == 0:
                                touched[count] = j
                                count += 1
                            found[j] |= low
        touched[:count].sort()  # a few sets
        for a in range(count):
            j = touched[a]
            if not (sets[i, 0, 0] & sets[j, 0, 0] or sets[i, 0, 1] & sets[j, 0, 1]):
                out = room(out, used)
                used = put(out, used, (i, j, found[j]))
            found[j] = 0
    return out[:used]


# aot: the argument types engine/logic/strategies/als.py passes
@njit(cache=True, aot="int64[:, ::1](int64[:, ::1], int64[::1])")
def rcc_links(rows, start):  # pragma: no cover - compiled
    """Return every set's RCC links as two rows, ``[0]`` the linked set and ``[1]`` the restricted
    digit, set i's from ``start[i]`` to ``start[i + 1]`` (``start``: zeros, one more than the sets,
    filled here): for each pair row ``(i, j, digits)`` in order, each digit ascending, i's link to
    j then j's to i, listed per set in that order (:func:`engine.logic.strategies.als.links_by_set`)."""
    n = start.shape[0] - 1
    count = np.zeros(n, dtype=np.int64)
    total = 0
    for p in range(rows.shape[0]):
        k = popcount(np.uint64(rows[p, 2]))
        count[rows[p, 0]] += k
        count[rows[p, 1]] += k
        total += 2 * k
    start[0] = 0
    for i in range(n):
        start[i + 1] = start[i] + count[i]
    fill = start[:n].copy()
    out = np.empty((2, total), dtype=np.int64)
    for p in range(rows.shape[0]):
        i = rows[p, 0]
        j = rows[p, 1]
        digits = rows[p, 2]
        while digits:
            low = digits & -digits
            digits ^= low
            x = lowest(np.uint64(low)) + 1
            out[0, fill[i]] = j
            out[1, fill[i]] = x
            fill[i] += 1
            out[0, fill[j]] = i
            out[1, fill[j]] = x
            fill[j] += 1
    return out


@njit(cache=True)
def _node_key(digit, lo, hi):  # pragma: no cover - compiled
    """Return a node's key: its digit, then its cells base 82 (:func:`_set_key`, up to eight cells:
    below 82**8, so the key is below 10 * 82**8 < 2**55)."""
    return np.int64(digit) * 2044140858654976 + _set_key(lo, hi)  # 82**8


@njit(cache=True)
def _set_key(lo, hi):  # pragma: no cover - compiled
    """Return a set of cells (two words) as one int64: its cells' indexes plus one, base 82."""
    key = np.int64(0)
    for half in range(2):
        w = lo if half == 0 else hi
        while w:
            low = w & (~w + np.uint64(1))
            w ^= low
            key = key * 82 + half * 64 + lowest(low) + 1
    return key


@njit(cache=True)
def _slot(keys, key):  # pragma: no cover - compiled
    """Return the slot of ``key`` in the open-addressed table ``keys`` (-1: empty, a power of two long,
    at most 2**24): its own, or the empty one where it goes."""
    mask = np.uint64(keys.shape[0] - 1)
    s = (np.uint64(key) * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(40) & mask
    while keys[s] != -1 and keys[s] != key:
        s = (s + np.uint64(1)) & mask
    return s


# aot: the argument types engine/logic/strategies/links.py passes
@njit(
    cache=True,
    aot="int64[::1](uint64[:, :, ::1], uint64[:, ::1], int64, uint64[:, ::1], int64[::1], int64[::1], "
    "int64[::1])",
)
def als_nodes(sets, nodes, wanted, out, als_ids, als_start, kept):  # pragma: no cover - compiled
    """Write to ``out`` the rows ``nodes`` (``(digit, cells, seeing cells)``, cells as two words:
    :func:`engine.kernels.chains.graph_nodes`' rows), then the new nodes of the sets of ``sets``
    (laid out as :func:`als_table` does) of two or more cells: per set, per digit d of it in
    ``wanted`` (bit d), ascending, node (d, the set's d cells, the cells seeing them all) unless a
    row before has that digit and cells (found through a hash of them).  Write the nodes of each
    set all of whose digits are wanted to ``als_ids`` (set k's from ``als_start[k]``) and those
    sets' indices to ``kept``; return ``(rows, set nodes, sets)``, how much of each was written.
    ``out`` needs room for ``nodes`` and 9 rows a set, ``als_ids`` 9 a set, ``als_start`` and
    ``kept`` one a set (and one)."""
    n = sets.shape[0]
    size = 16
    while size < 2 * (nodes.shape[0] + 9 * n):
        size *= 2
    keys = np.full(size, -1, dtype=np.int64)
    ids = np.empty(size, dtype=np.int64)
    for k in range(nodes.shape[0]):  # a later node of the same key wins, as in a dict
        key = _node_key(nodes[k, 0], nodes[k, 1], nodes[k, 2])
        t = _slot(keys, key)
        keys[t] = key
        ids[t] = k
        for j in range(5):
            out[k, j] = nodes[k, j]
    made = nodes.shape[0]
    used = 0
    count = 0
    als_start[0] = 0
    for s in range(n):
        if popcount(sets[s, 0, 0]) + popcount(sets[s, 0, 1]) < 2:
            continue
        digits = np.int64(sets[s, 0, 2])
        whole = digits << 1 & ~wanted == 0
        while digits:
            low = digits & -digits
            digits ^= low
            d = lowest(low) + 1
            if not wanted >> d & 1:
                continue
            key = _node_key(d, sets[s, d, 0], sets[s, d, 1])
            t = _slot(keys, key)
            if keys[t] == -1:
                keys[t] = key
                ids[t] = made
                out[made, 0] = d
                for j in range(4):
                    out[made, 1 + j] = sets[s, d, j]
                made += 1
            if whole:
                als_ids[used] = ids[t]
                used += 1
        if whole:
            kept[count] = s
            count += 1
            als_start[count] = used
    result = np.empty(3, dtype=np.int64)
    result[0] = made
    result[1] = used
    result[2] = count
    return result
