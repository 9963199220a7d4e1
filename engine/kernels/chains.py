"""Compiled kernels for the chain and ALS techniques: the alternating-chain search from every node,
the link graph, almost locked sets and the tests of ALS-XZ, ALS-XY-wing and death blossom.

Importing this module loads numba (unless the kernels were compiled ahead of time: engine/kernels/);
the technique modules import it on first use.

A node set is a row of ``uint64`` words (node ``n`` is bit ``n % 64`` of word ``n // 64``); a graph's
links are one such row per node.  :func:`search_chains` does what ``layers`` and ``trace`` do in
Python (tests/harness/chain_reference.py, the tests' plain statement of it), for every start node in one
call, and
writes each chain it finds as a record; :func:`useful_chains` turns the records into eliminations
and keeps the shortest chain per result, so Python only reads the few results.
:func:`graph_nodes` makes a graph's candidate and group nodes, :func:`graph_links` its rows,
:func:`als_subsets` the subsets almost locked sets come from,
and :func:`als_xz_hits`, :func:`xy_wing_hits` and :func:`blossom_leaves` say which patterns remove
something, in the order the Python finders list them, so those finders make steps only of those;
:func:`nishio_hits` walks every Nishio assumption and returns the contradictions (the forcing
chains' single-link branches are in :mod:`engine.kernels.propagation`).

Why compiled: on SE 8-9 states the graph with almost locked sets has 600-800 nodes and the search
from every node took about 150 ms in Python (bitset layers through byte tables); here it takes a few.
Making the graph's links in Python (node bitsets, then rows) cost as much as the search; the ALS
techniques' loops over thousands of pairs, wings and blossoms, most removing nothing, cost 3-10 ms
a state (against 76167b8, 30 SE 7-9.9 tuning puzzles, two rounds interleaved on one core: the AIC
0.53x, ALS-XZ 0.50x, ALS-XY-wing 0.17x, death blossom 0.20x a call, every step the same).

The search from every node knows first what each start can reach at all (:func:`_reach`, strongly
connected components of the chain states): a search for a start's ends nearly always had some end
out of reach and went on to its last layer, and four loop searches in five found no loop.  Stopping
once the reachable ends are reached, and skipping loop searches that cannot close, visits 6-10x
fewer nodes on the ALS graphs of SE 9 states; the search takes 0.45x the time (60 such graphs, one
core, interleaved, the same records).  Roads not taken there: node sets as their nonzero words
(the rows are 75% zeros) was 1.25x slower than OR-ing whole rows; a table of each (digit, cell)'s
ends, no faster (again in round 8: 0.461 -> 0.460 ms an ALS graph).  Searching the plain graphs
without the reach (every end wanted: the same records) takes 0.033 -> 0.023 ms, the grouped
ones the same, the ALS graphs 0.42 -> 1.30 ms (best of ten, JIT): it is kept for every graph.
"""

from __future__ import annotations

import numpy as np

from engine.kernels import njit
from engine.kernels.bits import lowest, popcount
from engine.kernels.rows import put, room

HIT = 0  # a chain from "start is false" to an end node that is true
LOOP = 1  # the shortest loop from "start is true" back to it by a strong link
CLOSED = 2  # a HIT whose end sees the start, four or more nodes, none twice: a continuous loop


@njit(cache=True)
def _bfs(strong, weak, start, truth, want, stop, found, seen, nxt):  # pragma: no cover - compiled
    """Fill ``found[j]`` with the nodes first reached at distance j (as tests/harness/chain_reference.py's
    layers) and return the number of layers.  ``want``/``stop`` as there (empty rows: no
    condition); ``seen`` (two rows) and ``nxt`` are work rows, given by the caller: allocating them
    in each of a search's 1,000-odd calls cost 10-25% of the AIC's search on SE 9 graphs."""
    size = strong.shape[1]
    seen[:, :] = 0
    found[0, :] = 0
    found[0, start // 64] = np.uint64(1) << np.uint64(start % 64)
    seen[truth, start // 64] = found[0, start // 64]
    has_want = False
    has_stop = False
    for k in range(size):
        if want[k]:
            has_want = True
        if stop[k]:
            has_stop = True
    count = 1
    while True:
        links = weak if truth else strong
        nxt[:] = 0
        frontier = found[count - 1]
        for k in range(size):
            w = frontier[k]
            while w:
                low = w & (~w + np.uint64(1))
                w ^= low
                row = links[k * 64 + lowest(low)]
                for i in range(size):
                    nxt[i] |= row[i]
        truth ^= 1
        any_new = False
        meets_stop = False
        for i in range(size):
            x = nxt[i] & ~seen[truth, i]
            found[count, i] = x
            seen[truth, i] |= x
            if x:
                any_new = True
                if x & stop[i]:
                    meets_stop = True
        if not any_new:
            return count
        count += 1
        if has_stop and truth == 0 and count > 2 and meets_stop:
            return count
        if has_want:
            done = True
            for i in range(size):
                if seen[1, i] & want[i] != want[i]:
                    done = False
                    break
            if done:
                return count


@njit(cache=True)
def _open(  # pragma: no cover - compiled
    u, count, sp, depth, strong, weak, index, low, stack, on_stack, calls, call_k, call_w, done
):
    """Tarjan's visit of state u (:func:`_reach`): its index ``count``, on the component stack at
    ``sp`` and on the depth-first path at ``depth``, its successors from the first word on (but
    those in finished components, ``done``: a visit has nothing to do with them)."""
    index[u] = count
    low[u] = count
    stack[sp] = u
    on_stack[u] = True
    calls[depth] = u
    call_k[depth] = 0
    call_w[depth] = (weak if u & 1 else strong)[u >> 1, 0] & ~done[1 - (u & 1), 0]


@njit(cache=True)
def _reach(strong, weak):  # pragma: no cover - compiled
    """Return, per node v, the nodes a chain reaches true from "v is false" (``[v, 1]``) and
    false from "v is true" (``[v, 0]``), as node sets: what :func:`_bfs` from there would reach
    in the end.  The states (``2 * node + truth``; false leads by strong links to true, true by
    weak links to false) are split into strongly connected components (Tarjan's, without
    recursion), whose reach is their own states and their successors' reach.  A successor already
    in the reach gathered is not added again, and the visits skip the states of finished
    components a word at a time: on the graphs of every fourth AIC call the driver makes rating
    held-out SE 9 puzzles (JIT, one core, the same process, load 4), 0.377 -> 0.209 ms an ALS
    graph, 0.056 -> 0.041 ms a plain or grouped one, the same reach.

    Roads not taken (the same reach, JIT, one core): a giant component found first, a row at a
    time (the states both reached from and reaching the best linked node, by the links'
    symmetry), to spare visiting its links one by one: there is none (a cycle of states is a nice
    loop; on the median ALS graph that node's component is itself while it reaches 40% of the
    states), 0.475 -> 0.447 ms an ALS graph but 0.05 -> 0.09 ms a plain one.  Merging the
    successors' components latest finished first, so most are skipped: 0.44 -> 0.73 ms, as every
    successor state is then read one by one (an ALS graph has only some 3,200 merges).  What the
    time goes to is spread thin: about 2,200 visited and 3,500 successor states, 3,200 merges of
    22-word rows, and zeroing the reach rows (some 1,400 states x 2 x 11 words)."""
    n, size = strong.shape
    m = 2 * n
    one = np.uint64(1)
    index = np.full(m, -1, dtype=np.int64)
    low = np.zeros(m, dtype=np.int64)
    comp = np.full(m, -1, dtype=np.int64)
    on_stack = np.zeros(m, dtype=np.bool_)
    stack = np.empty(m, dtype=np.int64)
    calls = np.empty(m, dtype=np.int64)  # the depth-first path: state, next word, bits left of it
    call_k = np.empty(m, dtype=np.int64)
    call_w = np.empty(m, dtype=np.uint64)
    reach = np.zeros((m, 2, size), dtype=np.uint64)  # per component, its reach (false, true)
    merged = np.full(m, -1, dtype=np.int64)  # the component a component's reach was last added to
    members = np.empty(m, dtype=np.int64)
    done = np.zeros((2, size), dtype=np.uint64)  # the states of finished components, by truth
    sp = 0
    count = 0
    components = 0
    for root in range(m):
        if index[root] >= 0:
            continue
        _open(root, count, sp, 0, strong, weak, index, low, stack, on_stack, calls, call_k, call_w, done)
        count += 1
        sp += 1
        depth = 1
        while depth:
            v = calls[depth - 1]
            rows = weak if v & 1 else strong
            k = call_k[depth - 1]
            w = call_w[depth - 1]
            deeper = False
            while True:
                if not w:
                    k += 1
                    if k >= size:
                        break
                    w = rows[v >> 1, k] & ~done[1 - (v & 1), k]
                    continue
                bit = w & (~w + one)
                w ^= bit
                u = 2 * (k * 64 + lowest(bit)) + (1 - (v & 1))
                if index[u] < 0:
                    call_k[depth - 1] = k
                    call_w[depth - 1] = w
                    _open(u, count, sp, depth, strong, weak, index, low, stack, on_stack, calls, call_k,
                          call_w, done)
                    count += 1
                    sp += 1
                    depth += 1
                    deeper = True
                    break
                if on_stack[u] and index[u] < low[v]:
                    low[v] = index[u]
            if deeper:
                continue
            depth -= 1
            if depth and low[v] < low[calls[depth - 1]]:
                low[calls[depth - 1]] = low[v]
            if low[v] != index[v]:
                continue
            c = components  # v roots a component: its states are on the stack down to v
            components += 1
            size_c = 0
            while True:
                sp -= 1
                x = stack[sp]
                on_stack[x] = False
                comp[x] = c
                members[size_c] = x
                size_c += 1
                reach[c, x & 1, (x >> 1) // 64] |= one << np.uint64((x >> 1) % 64)
                done[x & 1, (x >> 1) // 64] |= one << np.uint64((x >> 1) % 64)
                if x == v:
                    break
            merged[c] = c
            for i in range(size_c):  # successors outside are in components finished before
                x = members[i]
                xrows = weak if x & 1 else strong
                t = 1 - (x & 1)
                for kk in range(size):
                    ww = xrows[x >> 1, kk] & ~reach[c, t, kk]
                    while ww:
                        bb = ww & (~ww + one)
                        ww ^= bb
                        d = comp[2 * (kk * 64 + lowest(bb)) + t]
                        # a finished component's reach holds its successors' reach, so a successor
                        # already in the reach gathered so far (c's own states among them) brings
                        # nothing new
                        if merged[d] != c and not reach[c, t, kk] & bb:
                            merged[d] = c
                            for q in range(size):
                                reach[c, 0, q] |= reach[d, 0, q]
                                reach[c, 1, q] |= reach[d, 1, q]
    out = np.empty((n, 2, size), dtype=np.uint64)
    for v in range(n):
        out[v, 1] = reach[comp[2 * v], 1]
        out[v, 0] = reach[comp[2 * v + 1], 0]
    return out


@njit(cache=True)
def _trace(rstrong, rweak, found, j, node, truth, out, at):  # pragma: no cover - compiled
    """Write the states (node * 2 + truth) of the shortest chain to ``node`` in layer ``j`` at
    ``out[at:at + j + 1]``, first state first (see chains.trace); ties go to the lowest node."""
    out[at + j] = node * 2 + (truth ^ (j & 1))
    size = found.shape[1]
    for i in range(j - 1, -1, -1):
        t = truth ^ (i & 1)
        links = rweak[node] if t else rstrong[node]
        node = -1
        for k in range(size):
            m = found[i, k] & links[k]
            if m:
                node = k * 64 + lowest(m)
                break
        out[at + i] = node * 2 + t


@njit(cache=True)
def _distinct_nodes(out, at, length):  # pragma: no cover - compiled
    """Return True when the states ``out[at:at + length]`` are of different nodes."""
    for i in range(at, at + length):
        for j in range(i + 1, at + length):
            if out[i] >> 1 == out[j] >> 1:
                return False
    return True


@njit(cache=True)
def _grow(out, need):  # pragma: no cover - compiled
    if need <= out.shape[0]:
        return out
    bigger = np.empty(max(need, 2 * out.shape[0]), dtype=np.int64)
    bigger[: out.shape[0]] = out
    return bigger


@njit(cache=True)
def _put_chain(out, used, kind, start, last, z, truth, rstrong, rweak, found):  # pragma: no cover
    """Write a chain's record at ``used`` (kind, start, last layer, node count, then the nodes traced
    back from ``z`` in layer ``last``); return ``out``, grown when it had no room."""
    out = _grow(out, used + 4 + last + 1)
    out[used] = kind
    out[used + 1] = start
    out[used + 2] = last
    out[used + 3] = last + 1
    _trace(rstrong, rweak, found, last, z, truth, out, used + 4)
    return out


# aot: the argument types engine/logic/strategies/chains.py passes (build/aot.py compiles it ahead of time)
@njit(
    cache=True,
    aot="int64[::1](uint64[:, ::1], uint64[:, ::1], uint64[:, ::1], uint64[:, ::1], int64[::1], "
    "uint64[:, ::1], int64[::1], boolean, boolean)",
)
def search_chains(  # pragma: no cover - compiled
    strong, weak, rstrong, rweak, digit, targets, single_cell, loops, same_digit
):
    """Return the records of every chain from every start node, in the order
    tests/harness/chain_reference.py's
    chain_results_py reads them: per start, its hits by layer then node, then its shortest loop.

    A record is ``kind, start, j, length, state...`` (kind HIT, CLOSED or LOOP, ``j`` the end's
    layer).
    Per node: ``digit``, ``targets`` (the cells, as two words, holding its digit and seeing all of
    it) and ``single_cell`` (its cell, -1 for a group or set).  The ends looked at from a start are
    those that can remove something with it: a node of its digit seeing a target; a one-cell node
    in a target; when the start is one cell, a node targeting that cell or another digit of the
    cell; with ``loops`` its weak links (a closed loop); with ``same_digit`` only its digit's nodes.
    """
    n, size = strong.shape
    sees = np.zeros((81, size), dtype=np.uint64)  # per cell: the nodes targeting it
    singles = np.zeros((81, size), dtype=np.uint64)  # per cell: its one-cell nodes
    of_digit = np.zeros((10, size), dtype=np.uint64)
    for node in range(n):
        bit = np.uint64(1) << np.uint64(node % 64)
        of_digit[digit[node], node // 64] |= bit
        if single_cell[node] >= 0:
            singles[single_cell[node], node // 64] |= bit
        for half in range(2):
            w = targets[node, half]
            while w:
                low = w & (~w + np.uint64(1))
                w ^= low
                sees[half * 64 + lowest(low), node // 64] |= bit
    found = np.zeros((2 * n + 2, size), dtype=np.uint64)
    reach = _reach(strong, weak)
    ends = np.zeros(size, dtype=np.uint64)
    want = np.zeros(size, dtype=np.uint64)
    empty = np.zeros(size, dtype=np.uint64)
    seen = np.empty((2, size), dtype=np.uint64)  # _bfs's work rows
    nxt = np.empty(size, dtype=np.uint64)
    out = np.empty(4096, dtype=np.int64)
    used = 0
    for start in range(n):
        has_strong = False
        for k in range(size):
            if strong[start, k]:
                has_strong = True
                break
        if not has_strong:
            continue
        d = digit[start]
        # the ends that can remove something with this start (chains._ends)
        ends[:] = 0
        for half in range(2):
            w = targets[start, half]
            while w:
                low = w & (~w + np.uint64(1))
                w ^= low
                c = half * 64 + lowest(low)
                for k in range(size):
                    ends[k] |= (sees[c, k] & of_digit[d, k]) | singles[c, k]
        cs = single_cell[start]
        if cs >= 0:
            for k in range(size):
                ends[k] |= sees[cs, k] | singles[cs, k]
        # the search may stop once the ends it can reach are reached (else it would go on to the
        # last layer: some end is nearly always out of reach)
        any_end = False
        for k in range(size):
            if loops:
                ends[k] |= weak[start, k]
            if same_digit:
                ends[k] &= of_digit[d, k]
            want[k] = ends[k] & reach[start, 1, k]
            if want[k]:
                any_end = True
        if any_end:
            count = _bfs(strong, weak, start, 0, want, empty, found, seen, nxt)
            for j in range(1, count, 2):
                for k in range(size):
                    m = found[j, k] & ends[k]
                    while m:
                        low = m & (~m + np.uint64(1))
                        m ^= low
                        z = k * 64 + lowest(low)
                        if z < start and not (loops and weak[start, k] & low):
                            # the same chain reversed was written from z, as short and removing
                            # the same: chain_results keeps the first (a loop's text may differ)
                            continue
                        out = _put_chain(out, used, HIT, start, j, z, 0, rstrong, rweak, found)
                        closes = loops and z != start and j >= 3 and weak[start, k] & low
                        if closes and _distinct_nodes(out, used + 4, j + 1):
                            out[used] = CLOSED
                        used += 4 + j + 1
        # a loop needs a node strongly linked to the start reached false past the first layer
        # (which holds the start's weak links): without one in reach the search would find none
        in_reach = False
        if loops:
            for k in range(size):
                if reach[start, 0, k] & rstrong[start, k] & ~weak[start, k]:
                    in_reach = True
                    break
        if in_reach:
            count = _bfs(strong, weak, start, 1, empty, rstrong[start], found, seen, nxt)
            last = count - 1
            if last >= 3 and last & 1:
                z = -1
                for k in range(size):
                    m = found[last, k] & rstrong[start, k]
                    if m:
                        z = k * 64 + lowest(m)
                        break
                if z >= 0:
                    out = _put_chain(out, used, LOOP, start, last, z, 1, rstrong, rweak, found)
                    used += 4 + last + 1
    return out[:used]


@njit(cache=True)
def _spread(key, cell, digits):  # pragma: no cover - compiled
    """Add candidates ``digits`` (9-bit mask) of ``cell`` to ``key`` (per digit, two words of cells)."""
    bit = np.uint64(1) << np.uint64(cell % 64)
    for e in range(9):
        if digits >> e & 1:
            key[e, cell // 64] |= bit


@njit(cache=True)
def _loop_eliminations(states, at, length, digit, cells, peers, places, weak_keys, member, als_ids, als_start,
                       set_cells, elims):  # pragma: no cover - compiled
    """Add what the continuous loop ``states[at:at + length]`` removes to ``elims``, then take the
    loop's own candidates out of it: tests/harness/chain_reference.py's loop_eliminations."""
    loop_lo = np.uint64(0)
    loop_hi = np.uint64(0)
    for k in range(length):
        node = states[at + k] >> 1
        loop_lo |= cells[node, 0]
        loop_hi |= cells[node, 1]
    for i in range(1, length, 2):  # each weak link's common targets (the last closes the loop)
        a = states[at + i] >> 1
        b = states[at + (i + 1) % length] >> 1
        same = digit[a] == digit[b]
        for e in range(9):
            lo = weak_keys[a, e, 0] & weak_keys[b, e, 0]
            hi = weak_keys[a, e, 1] & weak_keys[b, e, 1]
            if same:
                lo &= ~loop_lo
                hi &= ~loop_hi
            elims[e, 0] |= lo
            elims[e, 1] |= hi
    for i in range(0, length - 1, 2):  # a strong link through a set locks its other digits
        a = states[at + i] >> 1
        b = states[at + i + 1] >> 1
        k = -1
        for w in range(member.shape[1] - 1, -1, -1):  # the last set holding both
            common = member[a, w] & member[b, w]
            while common:
                k = w * 64 + lowest(common)
                common &= common - np.uint64(1)
            if k >= 0:
                break
        if k < 0:
            continue
        for j in range(als_start[k], als_start[k + 1]):
            m = als_ids[j]
            x = digit[m]
            if x != digit[a] and x != digit[b]:
                elims[x - 1, 0] |= peers[m, 0] & ~set_cells[k, 0] & places[x, 0]
                elims[x - 1, 1] |= peers[m, 1] & ~set_cells[k, 1] & places[x, 1]
    for k in range(length):
        node = states[at + k] >> 1
        elims[digit[node] - 1, 0] &= ~cells[node, 0]
        elims[digit[node] - 1, 1] &= ~cells[node, 1]


@njit(cache=True)
def _kept(keys, hashes, count, key):  # pragma: no cover - compiled
    """Return the index of ``key`` among the first ``count`` keys kept (-1 if new) and its hash."""
    h = np.uint64(0)  # any hash: it only spares most key comparisons
    for e in range(9):
        h = (h ^ key[e, 0]) * np.uint64(0x9E3779B97F4A7C15) + key[e, 1]
    for f in range(count):
        if hashes[f] != h:
            continue
        same = True
        for e in range(9):
            if keys[f, e, 0] != key[e, 0] or keys[f, e, 1] != key[e, 1]:
                same = False
                break
        if same:
            return f, h
    return -1, h


# aot: the argument types engine/logic/strategies/chains.py passes
@njit(
    cache=True,
    aot="int64[::1](uint64[:, :, ::1], int64[::1], uint64[:, ::1], uint64[:, ::1], uint64[:, ::1], "
    "int64[::1], int64[::1], int64[::1], boolean, boolean)",
)
def useful_chains(  # pragma: no cover - compiled
    links, digit, cells, peers, places, cands, als_ids, als_start, loops, same_digit
):
    """Return chains.chain_results as records ``loop, length, state..., count, (cell, digit)...``:
    per result that removes something (the removals sorted), the shortest chain, in the order
    tests/harness/chain_reference.py's chain_results_py keeps them.

    ``links`` are the graph's strong (``[0]``) and weak (``[1]``) links, ``cells``/``peers`` each
    node's cells and the cells seeing all of them (two words), ``places[d]`` the cells of digit d,
    ``cands`` the cells' digit masks, ``als_ids[als_start[k]:als_start[k + 1]]`` the nodes of almost
    locked set k (see :func:`graph_links`; a set's node of digit x has the set's x cells and, as
    ``peers``, the cells seeing all of them, so a set's cells and peers per digit are its nodes').
    The chains are :func:`search_chains`'; a result is a set of candidates, per digit two words of
    cells, compared whole (after a hash).
    """
    n = digit.shape[0]
    one = np.uint64(1)
    single = np.full(n, -1, dtype=np.int64)
    targets = np.empty((n, 2), dtype=np.uint64)
    weak_keys = np.zeros((n, 9, 2), dtype=np.uint64)  # chain_reference._weak_key of each node
    for a in range(n):
        lo = cells[a, 0]
        hi = cells[a, 1]
        if lo and not lo & (lo - one) and not hi:
            single[a] = lowest(lo)
        elif hi and not hi & (hi - one) and not lo:
            single[a] = 64 + lowest(hi)
        d = digit[a]
        for h in range(2):
            targets[a, h] = peers[a, h] & places[d, h]
            weak_keys[a, d - 1, h] = targets[a, h]
        if single[a] >= 0:
            _spread(weak_keys[a], single[a], cands[single[a]] & ~(1 << (d - 1)))
    nsets = als_start.shape[0] - 1
    member = np.zeros((n, max((nsets + 63) // 64, 1)), dtype=np.uint64)  # per node its sets
    set_cells = np.zeros((max(nsets, 1), 2), dtype=np.uint64)
    for k in range(nsets):
        for j in range(als_start[k], als_start[k + 1]):
            a = als_ids[j]
            member[a, k // 64] |= one << np.uint64(k % 64)
            set_cells[k, 0] |= cells[a, 0]
            set_cells[k, 1] |= cells[a, 1]
    records = search_chains(links[0], links[1], links[0], links[1], digit, targets, single, loops, same_digit)
    total = 0
    i = 0
    while i < records.shape[0]:
        total += 1
        i += 4 + records[i + 3]
    # the results kept, in order: their removals, hashes, and where their chain is in the records
    keys = np.empty((max(total, 1), 9, 2), dtype=np.uint64)
    hashes = np.empty(max(total, 1), dtype=np.uint64)
    meta = np.empty((max(total, 1), 4), dtype=np.int64)  # at, length, loop, rotated (a LOOP record)
    count = 0
    elims = np.zeros((9, 2), dtype=np.uint64)
    i = 0
    while i < records.shape[0]:
        kind = records[i]
        start = records[i + 1]
        length = records[i + 3]
        at = i + 4
        i = at + length
        elims[:, :] = 0
        loop = 0
        rotated = 0
        if kind == LOOP:  # the shortest loop through the start, rotated to begin with a false state
            if not _distinct_nodes(records, at, length):
                continue
            ring = np.empty(length, dtype=np.int64)
            ring[: length - 1] = records[at + 1 : i]
            ring[length - 1] = records[at]
            _loop_eliminations(ring, 0, length, digit, cells, peers, places, weak_keys, member, als_ids,
                               als_start, set_cells, elims)
            loop = 1
            rotated = 1
        else:
            z = records[i - 1] >> 1
            ds = digit[start]
            if z == start:  # "A false" forces "A true": A is placed (its cell loses the others)
                cs = single[start]
                if cs < 0:
                    continue
                _spread(elims, cs, cands[cs] & ~(1 << (ds - 1)))
            elif digit[z] == ds:
                for h in range(2):
                    elims[ds - 1, h] = peers[start, h] & peers[z, h] & places[ds, h]
            else:  # chain_reference._common_key
                dz = digit[z]
                ca = single[start]
                cz = single[z]
                if ca >= 0 and cells[start, ca // 64] & places[dz, ca // 64] & peers[z, ca // 64]:
                    _spread(elims, ca, 1 << (dz - 1))
                if cz >= 0 and cells[z, cz // 64] & places[ds, cz // 64] & peers[start, cz // 64]:
                    _spread(elims, cz, 1 << (ds - 1))
                if ca >= 0 and ca == cz:
                    _spread(elims, ca, cands[ca] & ~(1 << (ds - 1)) & ~(1 << (dz - 1)))
            if kind == CLOSED:  # the end sees the start: a continuous loop
                _loop_eliminations(records, at, length, digit, cells, peers, places, weak_keys, member,
                                   als_ids, als_start, set_cells, elims)
                loop = 1
        useful = False
        for e in range(9):
            if elims[e, 0] or elims[e, 1]:
                useful = True
                break
        if not useful:
            continue
        # its own name: a uint64 meeting the int64 loop index ``h`` is typed float64 (in some orders)
        f, key_hash = _kept(keys, hashes, count, elims)
        if f < 0:
            f = count
            count += 1
            keys[f] = elims
            hashes[f] = key_hash
        elif length + loop >= meta[f, 1] + meta[f, 2]:
            continue
        meta[f, 0] = at
        meta[f, 1] = length
        meta[f, 2] = loop
        meta[f, 3] = rotated
    size = 0
    for f in range(count):
        size += 3 + meta[f, 1]
        for e in range(9):
            size += 2 * (popcount(keys[f, e, 0]) + popcount(keys[f, e, 1]))
    out = np.empty(size, dtype=np.int64)
    used = 0
    for f in range(count):
        at, length = meta[f, 0], meta[f, 1]
        out[used] = meta[f, 2]
        out[used + 1] = length
        used += 2
        if meta[f, 3]:
            out[used : used + length - 1] = records[at + 1 : at + length]
            out[used + length - 1] = records[at]
        else:
            out[used : used + length] = records[at : at + length]
        used += length
        pairs = used
        used += 1
        for c in range(81):
            for e in range(9):
                if keys[f, e, c // 64] >> np.uint64(c % 64) & one:
                    out[used] = c
                    out[used + 1] = e + 1
                    used += 2
        out[pairs] = (used - pairs - 1) // 2
    return out[:used]


# aot: the argument types engine/logic/strategies/links.py passes
@njit(
    cache=True,
    aot="uint64[:, :, ::1](int64[::1], uint64[:, ::1], uint64[:, ::1], uint64[:, ::1], int64[::1], "
    "uint64[:, ::1], int64[:, ::1], int64[::1], int64[::1], uint64[::1], boolean, boolean, boolean)",
)
def graph_links(  # pragma: no cover - compiled
    digit, cells, peers, places, cands, unit_masks, cell_units, als_ids, als_start, cell_set,
    unit_strong, unit_weak, cell_links,
):
    """Return a graph's strong links (``[0]``) and weak links (``[1]``), one node set per node.

    Per node its digit, cells and the cells seeing all of them (two words each); ``places[d]`` the
    cells of digit d, ``cands`` the cells' digit masks, ``unit_masks``/``cell_units`` the units.
    ``als_ids[als_start[k]:als_start[k + 1]]`` are the nodes of almost locked set k (each two of
    them strongly linked).  With ``unit_strong``, two nodes holding every place of their digit in a
    unit between them are strongly linked (the first node lying in the unit); with ``unit_weak``
    two nodes of a digit whose cells see each other are weakly linked; with ``cell_links`` the
    one-cell nodes of each cell of ``cell_set`` are weakly linked, strongly in a bivalue cell.
    The node holding a unit's other places is found among its digit's nodes starting in the same
    cell, not among all its digit's: 0.202 -> 0.156 ms an SE 9 ALS graph, 0.044 -> 0.030 ms a plain
    or grouped one (JIT, one core, same process), the same links.
    """
    n = digit.shape[0]
    size = (n + 63) // 64
    out = np.zeros((2, n, size), dtype=np.uint64)
    one = np.uint64(1)
    # the nodes of each digit and the one-cell nodes of each cell, ascending: links only join those
    by_digit = np.empty((10, max(n, 1)), dtype=np.int64)
    digit_count = np.zeros(10, dtype=np.int64)
    by_cell = np.empty((81, 9), dtype=np.int64)
    cell_count = np.zeros(81, dtype=np.int64)
    for a in range(n):
        d = digit[a]
        by_digit[d, digit_count[d]] = a
        digit_count[d] += 1
        lo = cells[a, 0]
        hi = cells[a, 1]
        c = -1
        if lo and not lo & (lo - one) and not hi:
            c = lowest(lo)
        elif hi and not hi & (hi - one) and not lo:
            c = 64 + lowest(hi)
        if c >= 0:
            by_cell[c, cell_count[c]] = a
            cell_count[c] += 1
    if unit_strong:
        # the nodes of each digit by their first cell (a list through ``after``): the node holding
        # a unit's other places is looked for among those starting where they start
        head = np.full(10 * 81, -1, dtype=np.int64)
        after = np.empty(max(n, 1), dtype=np.int64)
        for a in range(n - 1, -1, -1):
            lo = cells[a, 0]
            key = digit[a] * 81 + (lowest(lo) if lo else 64 + lowest(cells[a, 1]))
            after[a] = head[key]
            head[key] = a
        for a in range(n):
            d = digit[a]
            lo = cells[a, 0]
            hi = cells[a, 1]
            first = lowest(lo) if lo else 64 + lowest(hi)
            for k in range(3):
                u = cell_units[first, k]
                if lo & ~unit_masks[u, 0] or hi & ~unit_masks[u, 1]:
                    continue
                rlo = places[d, 0] & unit_masks[u, 0] & ~lo
                rhi = places[d, 1] & unit_masks[u, 1] & ~hi
                if not rlo and not rhi:
                    continue
                b = head[d * 81 + (lowest(rlo) if rlo else 64 + lowest(rhi))]
                while b >= 0:  # the node (d, rest), if there is one (nodes are distinct)
                    if cells[b, 0] == rlo and cells[b, 1] == rhi:
                        out[0, a, b // 64] |= one << np.uint64(b % 64)
                        out[0, b, a // 64] |= one << np.uint64(a % 64)
                        break
                    b = after[b]
    if unit_weak:
        for d in range(10):
            for i in range(digit_count[d]):
                a = by_digit[d, i]
                for j in range(i + 1, digit_count[d]):
                    b = by_digit[d, j]
                    if cells[b, 0] & ~peers[a, 0] == 0 and cells[b, 1] & ~peers[a, 1] == 0:
                        out[1, a, b // 64] |= one << np.uint64(b % 64)
                        out[1, b, a // 64] |= one << np.uint64(a % 64)
    if cell_links:
        for c in range(81):
            count = cell_count[c]
            if count < 2 or not cell_set[c // 64] >> np.uint64(c % 64) & one:
                continue
            for i in range(count):
                for j in range(count):
                    if i != j:
                        out[1, by_cell[c, i], by_cell[c, j] // 64] |= one << np.uint64(by_cell[c, j] % 64)
            if count == 2 and popcount(cands[c]) == 2:
                a = by_cell[c, 0]
                b = by_cell[c, 1]
                out[0, a, b // 64] |= one << np.uint64(b % 64)
                out[0, b, a // 64] |= one << np.uint64(a % 64)
    for k in range(als_start.shape[0] - 1):
        for i in range(als_start[k], als_start[k + 1]):
            for j in range(als_start[k], als_start[k + 1]):
                if i != j:
                    a = als_ids[i]
                    b = als_ids[j]
                    out[0, a, b // 64] |= one << np.uint64(b % 64)
    return out


# aot: the argument types engine/logic/strategies/links.py passes
@njit(
    cache=True,
    aot="uint64[:, ::1](uint64[:, ::1], uint64[::1], int64[::1], boolean, uint64[:, ::1], uint64[:, ::1])",
)
def graph_nodes(places, cell_set, digits, groups, intersections, peers):  # pragma: no cover - compiled
    """Return ``(digit, cells, seeing cells)`` rows (cells as two words) of a graph's candidate and
    group nodes, in links.build_graph's order: per digit of ``digits``, its cells of ``cell_set``
    ascending, then with ``groups`` its cells in each box/line intersection holding two or more.
    ``places[d]`` are the cells of digit d, ``peers[c]`` the cells seeing cell c."""
    out = np.empty((digits.shape[0] * (81 + intersections.shape[0]), 5), dtype=np.uint64)
    used = 0
    one = np.uint64(1)
    for d in digits:
        for h in range(2):
            w = places[d, h] & cell_set[h]
            while w:
                c = h * 64 + lowest(w)
                w &= w - one
                out[used, 0] = d
                out[used, 1] = (one << np.uint64(c)) if c < 64 else np.uint64(0)
                out[used, 2] = np.uint64(0) if c < 64 else (one << np.uint64(c - 64))
                out[used, 3] = peers[c, 0]
                out[used, 4] = peers[c, 1]
                used += 1
        if not groups:
            continue
        for k in range(intersections.shape[0]):
            lo = places[d, 0] & intersections[k, 0]
            hi = places[d, 1] & intersections[k, 1]
            if popcount(lo) + popcount(hi) < 2:
                continue
            plo = ~np.uint64(0)
            phi = ~np.uint64(0)
            for h in range(2):
                w = lo if h == 0 else hi
                while w:
                    c = h * 64 + lowest(w)
                    w &= w - one
                    plo &= peers[c, 0]
                    phi &= peers[c, 1]
            out[used, 0] = d
            out[used, 1] = lo
            out[used, 2] = hi
            out[used, 3] = plo
            out[used, 4] = phi
            used += 1
    return out[:used]

# aot: the argument types engine/logic/strategies/als.py passes
@njit(cache=True, aot="int64[::1](uint64[:, :, ::1], uint64[:, ::1], int64[:, ::1])")
def als_xz_hits(sets, places, pairs):  # pragma: no cover - compiled
    """Return the indexes of the rows ``(i, j, rcc digits mask)`` of ``pairs`` whose two sets remove
    something as an ALS-XZ (als.find_als_xz's test; ``sets`` as links.rcc_tables lays them out,
    ``places[d]`` the cells of digit d, two words)."""
    out = np.empty(max(pairs.shape[0], 1), dtype=np.int64)
    used = 0
    for p in range(pairs.shape[0]):
        i = pairs[p, 0]
        j = pairs[p, 1]
        xs = pairs[p, 2]
        shared = np.int64(sets[i, 0, 2] & sets[j, 0, 2])
        double = popcount(xs) == 2
        if shared & (shared - 1) == 0 or popcount(xs) > 2:
            continue
        lo = sets[i, 0, 0] | sets[j, 0, 0]
        hi = sets[i, 0, 1] | sets[j, 0, 1]
        zs = shared if double else shared & ~xs
        hit = False
        while zs and not hit:
            low = zs & -zs
            zs ^= low
            z = lowest(low) + 1
            if (sets[i, z, 2] & sets[j, z, 2] & places[z, 0] & ~lo) or (
                sets[i, z, 3] & sets[j, z, 3] & places[z, 1] & ~hi
            ):
                hit = True
        if double and not hit:  # both sets locked: each set's other digits leave its peers
            for s in (i, j):
                rest = np.int64(sets[s, 0, 2]) & ~xs
                while rest and not hit:
                    low = rest & -rest
                    rest ^= low
                    z = lowest(low) + 1
                    if (sets[s, z, 2] & places[z, 0] & ~lo) or (sets[s, z, 3] & places[z, 1] & ~hi):
                        hit = True
        if hit:
            out[used] = p
            used += 1
    return out[:used]


# aot: the argument types engine/logic/strategies/als.py passes
@njit(cache=True, aot="int64[:, ::1](uint64[:, :, ::1], uint64[:, ::1], int64[::1], int64[::1], int64[::1])")
def xy_wing_hits(sets, places, other, rcc, start):  # pragma: no cover - compiled
    """Return ``(pivot, k, k2)`` (k < k2 indexes of the pivot's links) for every ALS-XY-wing that
    removes something, in als.find_als_xy_wing's order: pivot C's links are
    ``other[start[c]:start[c + 1]]`` (the linked set) and ``rcc`` (their restricted digit)."""
    out = np.empty((64, 3), dtype=np.int64)
    used = 0
    for c in range(start.shape[0] - 1):
        for k in range(start[c], start[c + 1]):
            a = other[k]
            x = rcc[k]
            for k2 in range(k + 1, start[c + 1]):
                b = other[k2]
                y = rcc[k2]
                if x == y or a == b:
                    continue
                common = np.int64(sets[a, 0, 2] & sets[b, 0, 2]) & ~(1 << (x - 1)) & ~(1 << (y - 1))
                lo = sets[a, 0, 0] | sets[b, 0, 0] | sets[c, 0, 0]
                hi = sets[a, 0, 1] | sets[b, 0, 1] | sets[c, 0, 1]
                while common:
                    low = common & -common
                    common ^= low
                    z = lowest(low) + 1
                    if (sets[a, z, 2] & sets[b, z, 2] & places[z, 0] & ~lo) or (
                        sets[a, z, 3] & sets[b, z, 3] & places[z, 1] & ~hi
                    ):
                        out = room(out, used)
                        used = put(out, used, (c, k, k2))
                        break
    return out[:used]


@njit(cache=True)
def _suffixes(sets, petals, counts, digits, nd, slo, shi, tlo, thi):  # pragma: no cover - compiled
    """Fill ``slo``/``shi[k, z]`` with the cells that, for every stem digit from the k-th on, some
    petal of that digit (``petals[k, :counts[k]]``) holding z != the digit sees all the Zs of,
    outside it (all cells from ``nd`` on); return whether a first target ``tlo``/``thi[0]`` is among
    them for some z (if none, no blossom of the stem removes anything)."""
    every = ~np.uint64(0)
    for z in range(10):
        slo[nd, z] = every
        shi[nd, z] = every
    for k in range(nd - 1, -1, -1):
        d = digits[k]
        for z in range(1, 10):
            lo = np.uint64(0)
            hi = np.uint64(0)
            if z != d:
                for p in range(counts[k]):
                    a = petals[k, p]
                    if np.int64(sets[a, 0, 2]) >> (z - 1) & 1:
                        lo |= sets[a, z, 2] & ~sets[a, 0, 0]
                        hi |= sets[a, z, 3] & ~sets[a, 0, 1]
            slo[k, z] = lo & slo[k + 1, z]
            shi[k, z] = hi & shi[k + 1, z]
    some = False
    for z in range(1, 10):
        if tlo[0, z] & slo[0, z] or thi[0, z] & shi[0, z]:
            some = True
    return some


# aot: the argument types engine/logic/strategies/als.py passes
@njit(cache=True, aot="int64[:, ::1](uint64[:, :, ::1], uint64[:, ::1], int64[::1])")
def blossom_leaves(sets, places, cands):  # pragma: no cover - compiled
    """Return ``(stem, petal...)`` (one set per stem digit, -1 past them) of every death blossom
    that removes something, in als.find_death_blossom's order: stems ascending, then depth first
    over each digit's petals in set order, a branch dropped once no digit Z has a target left that
    a petal of every digit still to choose could leave (``suffix``: per level, per Z, the cells
    some petal of each later digit sees all the Zs of, outside it).  ``sets`` as links.rcc_tables
    lays them out, ``places[d]`` the cells of digit d, ``cands`` the cells' digit masks.

    Dropping a branch only when no Z has a target left at all, the search visited every petal of
    the last digits under branches that could no longer remove anything: on the driver's calls
    rating the held-out SE 9 puzzles (where a blossom removes something in 41 of 896), every
    other one of them, best of ten, JIT: 0.103 -> 0.042 ms a call, the same leaves.  Gathering the
    petals (a fifth of the old time) is left as it was.
    """
    n = sets.shape[0]
    out = np.empty((64, 5), dtype=np.int64)
    used = 0
    petals = np.empty((4, max(n, 1)), dtype=np.int64)
    counts = np.zeros(4, dtype=np.int64)
    digits = np.zeros(4, dtype=np.int64)
    tlo = np.zeros((5, 10), dtype=np.uint64)  # per level the targets left per digit Z
    thi = np.zeros((5, 10), dtype=np.uint64)
    pos = np.zeros(5, dtype=np.int64)
    chosen = np.zeros(4, dtype=np.int64)
    slo = np.zeros((5, 10), dtype=np.uint64)  # per level the targets the petals still to choose may leave
    shi = np.zeros((5, 10), dtype=np.uint64)
    one = np.uint64(1)
    for stem in range(81):
        m = cands[stem]
        nd = popcount(m)
        if nd < 2 or nd > 4:
            continue
        sw = stem // 64
        sb = one << np.uint64(stem % 64)
        k = 0
        rest = m
        while rest:
            low = rest & -rest
            rest ^= low
            digits[k] = lowest(low) + 1
            k += 1
        complete = True
        for k in range(nd):
            d = digits[k]
            count = 0
            for a in range(n):
                # a petal of d: the set holds d, and all its d's see the stem, which is outside it
                holds = np.int64(sets[a, 0, 2]) >> (d - 1) & 1
                if holds and sets[a, d, 2 + sw] & sb and not sets[a, 0, sw] & sb:
                    petals[k, count] = a
                    count += 1
            counts[k] = count
            if count == 0:
                complete = False
        if not complete:
            continue
        for z in range(1, 10):
            if m >> (z - 1) & 1:
                tlo[0, z] = 0
                thi[0, z] = 0
            else:
                tlo[0, z] = places[z, 0] & ~(sb if sw == 0 else np.uint64(0))
                thi[0, z] = places[z, 1] & ~(sb if sw == 1 else np.uint64(0))
        if not _suffixes(sets, petals, counts, digits, nd, slo, shi, tlo, thi):
            continue
        level = 0
        pos[0] = 0
        while level >= 0:
            if level == nd:
                clo = sb if sw == 0 else np.uint64(0)
                chi = sb if sw == 1 else np.uint64(0)
                for k in range(nd):
                    clo |= sets[chosen[k], 0, 0]
                    chi |= sets[chosen[k], 0, 1]
                hit = False
                for z in range(1, 10):
                    if tlo[nd, z] & ~clo or thi[nd, z] & ~chi:
                        hit = True
                        break
                if hit:
                    out = room(out, used)
                    out[used, 0] = stem
                    for k in range(4):
                        out[used, 1 + k] = chosen[k] if k < nd else -1
                    used += 1
                level -= 1
                continue
            if pos[level] == counts[level]:
                level -= 1
                continue
            a = petals[level, pos[level]]
            pos[level] += 1
            d = digits[level]
            held = np.int64(sets[a, 0, 2])
            left = False
            for z in range(1, 10):
                lo = np.uint64(0)
                hi = np.uint64(0)
                if z != d and held >> (z - 1) & 1:
                    lo = tlo[level, z] & sets[a, z, 2] & ~sets[a, 0, 0]
                    hi = thi[level, z] & sets[a, z, 3] & ~sets[a, 0, 1]
                tlo[level + 1, z] = lo
                thi[level + 1, z] = hi
                if lo & slo[level + 1, z] or hi & shi[level + 1, z]:
                    left = True
            if left:
                chosen[level] = a
                level += 1
                pos[level] = 0
    return out[:used]


# aot: the argument types engine/logic/strategies/links.py passes
@njit(cache=True, aot="uint64[:, ::1](int64[::1], int64[:, ::1])")
def als_subsets(cands, units):  # pragma: no cover - compiled
    """Return ``(cells low word, cells high word, digits)`` of every n-cell subset of a unit's empty
    cells (0 < n < their number) holding n + 1 digits: unit by unit, by size, then in the order of
    itertools.combinations (links._sets_and_table reads them so; a set in two units is in both).
    ``units[u]`` are the unit's cells."""
    out = np.empty((256, 3), dtype=np.uint64)
    used = 0
    empty = np.empty(9, dtype=np.int64)
    pick = np.empty(9, dtype=np.int64)
    one = np.uint64(1)
    for u in range(units.shape[0]):
        n = 0
        for i in range(units.shape[1]):
            if cands[units[u, i]]:
                empty[n] = units[u, i]
                n += 1
        for size in range(1, n):
            for i in range(size):
                pick[i] = i
            while True:
                union = 0
                for i in range(size):
                    union |= cands[empty[pick[i]]]
                if popcount(union) == size + 1:
                    lo = np.uint64(0)
                    hi = np.uint64(0)
                    for i in range(size):
                        c = empty[pick[i]]
                        if c < 64:
                            lo |= one << np.uint64(c)
                        else:
                            hi |= one << np.uint64(c - 64)
                    out = room(out, used)
                    out[used, 0] = lo
                    out[used, 1] = hi
                    out[used, 2] = np.uint64(union)
                    used += 1
                # the next combination: the last position that can still move, and those after it
                i = size - 1
                while i >= 0 and pick[i] == n - size + i:
                    i -= 1
                if i < 0:
                    break
                pick[i] += 1
                for k in range(i + 1, size):
                    pick[k] = pick[k - 1] + 1
    return out[:used]


@njit(cache=True, aot="int64[::1](int64[::1], int64[::1], int64[:, ::1], int64[:, ::1], int64[:, ::1])")
def nishio_hits(cands, values, units, cell_units, peers):  # pragma: no cover - compiled
    """Return the Nishio contradictions as records, in the order nishio.find_nishio lists them
    (digit, then assumed cell ascending): ``digit, kind, where, count, cells...`` with kind 1 for a
    cell left empty (``where`` the cell) and 2 for a unit left without the digit (``where`` the
    unit), ``cells`` the placements made, the assumption first; only those with two or more.
    The same walk as nishio.follow_digit: ``peers[c]`` ascending, ``units[u]`` the unit's cells."""
    out = np.empty(1024, dtype=np.int64)
    used = 0
    alive0 = np.zeros(81, dtype=np.bool_)
    done0 = np.zeros(27, dtype=np.bool_)
    alive = np.zeros(81, dtype=np.bool_)
    done = np.zeros(27, dtype=np.bool_)
    placed = np.empty(81, dtype=np.int64)
    for digit in range(1, 10):
        bit = 1 << (digit - 1)
        alive0[:] = False
        done0[:] = False
        for c in range(81):
            if cands[c] & bit:
                alive0[c] = True
            elif values[c] == digit:
                for k in range(3):
                    done0[cell_units[c, k]] = True
        for cell in range(81):
            if not alive0[cell]:
                continue
            alive[:] = alive0
            done[:] = done0
            n = 0
            c = cell
            kind = 0
            where = -1
            while True:
                placed[n] = c
                n += 1
                alive[c] = False
                for k in range(3):
                    done[cell_units[c, k]] = True
                for k in range(peers.shape[1]):  # the peers losing the digit, one left empty
                    q = peers[c, k]
                    if alive[q]:
                        alive[q] = False
                        if kind == 0 and cands[q] == bit:
                            kind = 1
                            where = q
                if kind:
                    break
                single = -1
                for u in range(27):
                    if done[u]:
                        continue
                    count = 0
                    last = -1
                    for k in range(9):
                        if alive[units[u, k]]:
                            count += 1
                            last = units[u, k]
                    if count == 0:
                        kind = 2
                        where = u
                        break
                    if single < 0 and count == 1:
                        single = last
                if kind or single < 0:
                    break
                c = single
            if kind == 0 or n < 2:
                continue
            if used + n + 4 > out.shape[0]:
                bigger = np.empty(2 * (used + n + 4), dtype=np.int64)
                bigger[:used] = out[:used]
                out = bigger
            out[used] = digit
            out[used + 1] = kind
            out[used + 2] = where
            out[used + 3] = n
            out[used + 4 : used + 4 + n] = placed[:n]
            used += n + 4
    return out[:used]
