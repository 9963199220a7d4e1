"""Compiled propagation for the forcing techniques: singles (the nets, digit forcing chains and Kraken
fish), the Kraken fish's type 1 test built on it, and the forcing chains' single links.

Importing this module loads numba (unless the kernels were compiled ahead of time: engine/kernels/);
:mod:`engine.logic.strategies.forcing` and :mod:`engine.logic.strategies.complex_fish` import it on first use.

* :func:`propagate` (and :func:`propagate_singles`, one start) is
  :func:`engine.solve.propagation.propagate_singles` step for step: the same placements in the same order,
  the contradiction met at the same point, the state left as the Python leaves it (tests/
  test_propagation_kernels.py compares them on every candidate of stuck states, both ways).
* :func:`kraken_targets`: the Kraken fish's type 1 test (a target goes when each fin that does not
  see it, placed, removes it by singles) over a digit's finned fish, each fin followed when first
  needed, returning the first row with targets; the step's chains are rebuilt in Python only for
  the rows that become steps.
* :func:`strong_links`, :func:`chain_branches`, :func:`forcing_groups`: the forcing chains' strong
  links, every candidate's single-link branch, and which cells and units those branches settle.

Measured in the real driver (engine.rating.difficulty.rate, ahead-of-time kernels both sides) on held-out SE 9
puzzles (odd sha1 of ratings/se_rated_stratified_sample.txt), interleaved with e3a2dde on one core
of a machine loaded 4-10 on 2 cores: in the steadiest round kraken_fish 4.05 -> 1.52 ms a call
(0.38x; 0.41x relative to each run's whole rating time) and forcing_chain 2.45 -> 0.93 ms (0.38x;
0.42x), their shares of technique time 6.6% -> 2.7% and 6.5% -> 2.7% (three other rounds 0.41-0.55x
and 0.40-0.45x, relative); every step of the five forcing techniques on the 1,378 stuck states the
same, and every rating.
Where it went: the Kraken test target by target in Python was most of a call (100-odd rows, 280
targets, 370 branch look-ups; as masks in Python it was 0.72x); forcing_chain's Python strong-link
table was a quarter of a call, and the kernels' test of a group (placement lists compared pair by
pair, 729 bytes of removals) 60% of what was left.
Roads not taken: following every candidate of a digit up front for Kraken (40-odd branches a digit
where the lazy test follows about 4); the nets' branches all in one call (they are asked one by one,
lazily, and most states never reach them).
"""

from __future__ import annotations

import numpy as np

from engine.kernels import njit
from engine.kernels.bits import lowest, popcount

_ALL = 0x1FF
QUEUE = 2048  # singles waiting: at most 243 from one scan of the units, then 20 per placement (81)


@njit(cache=True, aot="int64(int64[::1], int64[::1], int64, int64, int64[:, ::1], int64[:, ::1], "
                      "int64[:, ::1], int64[:, ::1], int64[::1])")
def propagate_singles(values, cands, cell, digit, peers, units, placed, queue, gone):  # pragma: no cover
    """Place ``digit`` in ``cell`` and every single it forces, in place: :func:`propagate` with
    ``(cell, digit)`` queued."""
    queue[0, 0] = cell
    queue[0, 1] = digit
    return propagate(values, cands, 1, peers, units, placed, queue, gone)


@njit(cache=True, aot="int64(int64[::1], int64[::1], int64, int64[:, ::1], int64[:, ::1], int64[:, ::1], "
                      "int64[:, ::1], int64[::1])")
def propagate(values, cands, size, peers, units, placed, queue, gone):  # pragma: no cover - compiled
    """Place the ``size`` placements (cell, digit) queued in ``queue`` and every single they force,
    in place, writing each placement to ``placed`` and each cell's lost candidates to ``gone`` (its
    placed digit kept); return how many placements, or -1 - that many on a contradiction (``gone``
    is then unset, ``values`` and ``cands`` half-updated as the Python leaves them).

    :func:`engine.solve.propagation.propagate_singles` step for step (the queue taken from its end, the
    same placements in the same order, the contradiction met at the same point).
    ``peers``/``units``: engine.grid's PEERS and UNITS; ``queue``: :data:`QUEUE` rows.
    """
    gone[:] = cands
    n = 0
    while size:
        while size:
            size -= 1
            c = queue[size, 0]
            d = queue[size, 1]
            if values[c]:
                if values[c] != d:
                    return -1 - n
                continue
            bit = np.int64(1) << (d - 1)
            if not cands[c] & bit:
                return -1 - n
            values[c] = d
            cands[c] = 0
            placed[n, 0] = c
            placed[n, 1] = d
            n += 1
            for j in range(peers.shape[1]):
                p = peers[c, j]
                m = cands[p]
                if m & bit:
                    m ^= bit
                    cands[p] = m
                    if not m:
                        return -1 - n
                    if not m & (m - 1):
                        queue[size, 0] = p
                        queue[size, 1] = lowest(m) + 1
                        size += 1
        for u in range(units.shape[0]):
            once = twice = done = 0
            for j in range(units.shape[1]):
                m = cands[units[u, j]]
                twice |= once & m
                once |= m
                v = values[units[u, j]]
                if v:
                    done |= 1 << (v - 1)
            if once | done != _ALL:
                return -1 - n
            single = once & ~twice & ~done
            while single:
                low = single & -single
                single ^= low
                for j in range(units.shape[1]):
                    if cands[units[u, j]] & low:
                        queue[size, 0] = units[u, j]
                        queue[size, 1] = lowest(low) + 1
                        size += 1
                        break
    for c in range(values.shape[0]):
        gone[c] &= ~(np.int64(1) << (values[c] - 1) if values[c] else cands[c])
    return n


@njit(cache=True, aot="int64(int64[::1], int64[::1], int64, int64[::1], int64[:, ::1], int64, int64, "
                      "int64[::1], int64[:, ::1], int64[:, ::1], int64[::1])")
def kraken_targets(values, cands, digit, cells, rows, start, done, kill, peers, units,  # pragma: no cover
                   out):
    """Return the first row index >= ``start`` of ``rows`` (a Kraken search's (base, cover, base
    cells, fins, eliminations) rows over the digit's cells ``cells``) with a type 1 target not in
    ``done``, writing its targets (a mask like ``done``, bit i: ``cells[i]``) to ``out[0]``; -1 when
    none is left.

    A target is a removal some fin does not see, each such fin placed removing it by singles (or
    running into a contradiction).  ``kill[i]`` caches what placing the digit in ``cells[i]``
    removes of it (a mask like ``done``; -1: not followed yet); a fin is followed only when a
    target still in play does not see it, as complex_fish's test target by target did.
    """
    k = cells.shape[0]
    where = np.full(values.shape[0], -1, dtype=np.int64)
    for i in range(k):
        where[cells[i]] = i
    near = np.zeros(k, dtype=np.int64)  # each cell's peers among the digit's cells
    for i in range(k):
        for j in range(peers.shape[1]):
            w = where[peers[cells[i], j]]
            if w >= 0:
                near[i] |= np.int64(1) << w
    every = (np.int64(1) << k) - 1
    state = np.empty(values.shape[0], dtype=np.int64)
    left_cands = np.empty(values.shape[0], dtype=np.int64)
    placed = np.empty((values.shape[0], 2), dtype=np.int64)
    queue = np.empty((QUEUE, 2), dtype=np.int64)
    gone = np.empty(values.shape[0], dtype=np.int64)
    bit = np.int64(1) << (digit - 1)
    for r in range(start, rows.shape[0]):
        fins = rows[r, 3]
        if not fins:
            continue
        seen_by_all = every
        x = fins
        while x:
            seen_by_all &= near[lowest(x)]
            x &= x - 1
        left = rows[r, 4] & ~done & ~seen_by_all
        x = fins
        while x and left:
            i = lowest(x)
            x &= x - 1
            if left & ~near[i]:
                if kill[i] < 0:
                    state[:] = values
                    left_cands[:] = cands
                    n = propagate_singles(state, left_cands, cells[i], digit, peers, units, placed, queue,
                                          gone)
                    m = every
                    if n >= 0:
                        m = 0
                        for j in range(k):
                            if gone[cells[j]] & bit:
                                m |= np.int64(1) << j
                    kill[i] = m
                left &= near[i] | kill[i]
        if left:
            out[0] = left
            return r
    return -1


@njit(cache=True, aot="int64(int64[::1], int64[:, ::1], int64[:, ::1], int64[::1], int64[:, ::1])")
def strong_links(cands, cell_units, units, starts, forced):  # pragma: no cover - compiled
    """Fill the forcing chains' strong-link table and return how many rows of ``forced`` it used:
    ``forced[starts[k]:starts[k + 1]]`` are the placements ``(cell, digit)`` that removing candidate
    ``k = 9 * cell + digit - 1`` forces (the other digit of a bivalue cell, the digit's other place
    in a unit where it has two), sorted, each once: forcing.StrongLinks.of's ``forced``.

    ``starts`` has 730 entries, ``forced`` room for 4 rows a candidate; ``cell_units``/``units``:
    engine.grid's CELL_UNITS and UNITS.
    """
    keys = np.empty(4, dtype=np.int64)  # 10 * cell + digit: sorts as (cell, digit)
    n = 0
    for c in range(81):
        m = cands[c]
        for d in range(1, 10):
            starts[9 * c + d - 1] = n
            bit = np.int64(1) << (d - 1)
            if not m & bit:
                continue
            size = 0
            if popcount(m) == 2:
                keys[0] = 10 * c + lowest(m & ~bit) + 1
                size = 1
            for j in range(3):
                u = cell_units[c, j]
                other = -1
                places = 0
                for q in units[u]:
                    if cands[q] & bit:
                        places += 1
                        if q != c:
                            other = q
                if places == 2:
                    key = 10 * other + d
                    fresh = True
                    for t in range(size):
                        fresh = fresh and keys[t] != key
                    if fresh:
                        keys[size] = key
                        size += 1
            keys[:size].sort()  # at most four keys
            for t in range(size):
                forced[n, 0] = keys[t] // 10
                forced[n, 1] = keys[t] % 10
                n += 1
    starts[729] = n
    return n


WORDS = 12  # a set of the 729 candidates (bit 81 * (digit - 1) + cell) as uint64 words


@njit(cache=True)
def _after(cands, forced_start, forced, peers):  # pragma: no cover - compiled
    """Return ``(start, rows)``: ``rows[start[k]:start[k + 1]]`` are what placing candidate ``k = 9 *
    cell + digit - 1`` forces through the candidates it removes (the cell's other digits, then the
    digit in the peers, ascending), duplicates kept: forcing.StrongLinks.placing."""
    start = np.zeros(730, dtype=np.int64)
    for pass_ in range(2):
        rows = np.empty((start[729] if pass_ else 0, 2), dtype=np.int64)
        n = 0
        for c in range(81):
            m = cands[c]
            for d in range(1, 10):
                start[9 * c + d - 1] = n
                if not m >> (d - 1) & 1:
                    continue
                for e in range(1, 10):
                    if e != d and m >> (e - 1) & 1:
                        n = _append(rows, n, forced_start, forced, 9 * c + e - 1, pass_)
                for k in range(peers.shape[1]):
                    q = peers[c, k]
                    if cands[q] >> (d - 1) & 1:
                        n = _append(rows, n, forced_start, forced, 9 * q + d - 1, pass_)
        start[729] = n
    return start, rows


@njit(cache=True)
def _append(rows, n, forced_start, forced, key, write):  # pragma: no cover - compiled
    """Append what removing candidate ``key`` forces to ``rows`` from row ``n`` (only counted unless
    ``write``); return the new count."""
    for j in range(forced_start[key], forced_start[key + 1]):
        if write:
            rows[n, 0] = forced[j, 0]
            rows[n, 1] = forced[j, 1]
        n += 1
    return n


@njit(cache=True, aot="int64(int64[::1], int64[::1], int64[::1], int64[:, ::1], int64[:, ::1], int64[::1], "
                      "int64[:, ::1], uint64[:, ::1], uint64[:, ::1])")
def chain_branches(values, cands, forced_start, forced, peers, start, placed, gone, made):  # pragma: no cover
    """Follow every candidate of the state by single links, as forcing.follow_chain does, in one call,
    and return how many rows of ``placed`` it filled.

    ``forced[forced_start[k]:forced_start[k + 1]]`` are the ``(cell, digit)`` placements removing
    candidate ``k = 9 * cell + digit - 1`` forces (:func:`strong_links`); ``peers[c]`` ascending.
    Fills, per candidate ``i`` in cell then digit order: its rows of ``placed`` from ``start[i]`` to
    ``start[i + 1]``, the placements (cell, digit) in order, the last ``(cell, -digit)`` when that
    candidate, forced both in and out, ran it dry; and, unless it ran dry, its removals ``gone[i]``
    (its placements left out) and its placements ``made[i]``, as :data:`WORDS` words (zeros on entry).
    ``placed`` has room for 82 rows a candidate.

    Each digit's live cells are two words (cells 0-63, 64-80), what a placement forces is looked up
    whole (:func:`_after`, made once a state: a branch places 30-80 candidates, 250 branches), and a
    candidate is queued once a branch (its later copies would be skipped, or never reached).
    """
    after_start, after = _after(cands, forced_start, forced, peers)
    near = np.zeros((81, 2), dtype=np.int64)  # each cell's peers as two words
    for c in range(81):
        for k in range(peers.shape[1]):
            q = peers[c, k]
            near[c, q >> 6] |= np.int64(1) << (q & 63)
    alive0 = np.zeros((9, 2), dtype=np.int64)
    for c in range(81):
        for e in range(9):
            if cands[c] >> e & 1:
                alive0[e, c >> 6] |= np.int64(1) << (c & 63)
    alive = np.empty((9, 2), dtype=np.int64)
    now = np.empty(81, dtype=np.int64)
    todo = np.empty((730, 2), dtype=np.int64)
    queued = np.full(729, -1, dtype=np.int64)  # the branch that last queued each (cell, digit)
    used = 0
    i = 0
    for cell in range(81):
        for digit in range(1, 10):
            if not cands[cell] >> (digit - 1) & 1:
                continue
            alive[:, :] = alive0
            now[:] = values
            todo[0, 0] = cell
            todo[0, 1] = digit
            queued[9 * cell + digit - 1] = i
            size = 1
            at = 0
            first = used
            dry = False
            while at < size:
                c = todo[at, 0]
                d = todo[at, 1]
                at += 1
                v = now[c]
                if v == d:
                    continue
                placed[used, 0] = c
                w = c >> 6
                bit = np.int64(1) << (c & 63)
                if v or not alive[d - 1, w] & bit:
                    placed[used, 1] = -d
                    used += 1
                    dry = True
                    break
                placed[used, 1] = d
                used += 1
                now[c] = d
                m = cands[c]
                for e in range(9):
                    if m >> e & 1:
                        alive[e, w] &= ~bit
                alive[d - 1, 0] &= ~near[c, 0]
                alive[d - 1, 1] &= ~near[c, 1]
                key = 9 * c + d - 1
                for j in range(after_start[key], after_start[key + 1]):
                    # one queued before is placed or runs the branch dry when reached: this copy is
                    # never reached or skipped, so it is not queued (each candidate once a branch)
                    q = 9 * after[j, 0] + after[j, 1] - 1
                    if queued[q] != i:
                        queued[q] = i
                        todo[size, 0] = after[j, 0]
                        todo[size, 1] = after[j, 1]
                        size += 1
            if not dry:
                for e in range(9):
                    for w in range(2):
                        lost = alive0[e, w] & ~alive[e, w]
                        while lost:
                            b = 81 * e + 64 * w + lowest(lost)
                            gone[i, b >> 6] |= np.uint64(1) << np.uint64(b & 63)
                            lost &= lost - 1
                for j in range(first, used):
                    b = 81 * (placed[j, 1] - 1) + placed[j, 0]
                    gone[i, b >> 6] &= ~(np.uint64(1) << np.uint64(b & 63))
                    made[i, b >> 6] |= np.uint64(1) << np.uint64(b & 63)
            i += 1
            start[i] = used
    return used


@njit(cache=True)
def _agree(members, size, start, placed, gone, made):  # pragma: no cover - compiled
    """Return True when the single-link branches of candidates ``members[:size]`` (indexes as in
    :func:`chain_branches`) give forcing._try something: one ran dry, or all make one placement or
    all remove one candidate."""
    for k in range(size):
        if placed[start[members[k] + 1] - 1, 1] < 0:
            return True
    for w in range(WORDS):
        both = made[members[0], w]
        out = gone[members[0], w]
        for k in range(1, size):
            both &= made[members[k], w]
            out &= gone[members[k], w]
        if both or out:
            return True
    return False


@njit(cache=True, aot="int64[:, ::1](int64[::1], int64[::1], int64[:, ::1], uint64[:, ::1], uint64[:, ::1], "
                      "int64[:, ::1])")
def forcing_groups(cands, start, placed, gone, made, units):  # pragma: no cover - compiled
    """Return ``(kind, where, digit)`` of the cells (kind 0, ``where`` the cell) and a digit's places
    in a unit (kind 1, ``where`` the unit) whose options' branches give forcing._try a step, in
    forcing._Search._multi_steps' order: two options, then three; cells, then units and digits.
    ``start``, ``placed``, ``gone`` and ``made`` as :func:`chain_branches` filled them; ``units[u]``
    the unit's cells."""
    first = np.zeros(82, dtype=np.int64)  # the index of each cell's first candidate
    for c in range(81):
        first[c + 1] = first[c] + popcount(cands[c])
    out = np.empty((2 * (81 + 27 * 9), 3), dtype=np.int64)
    used = 0
    members = np.empty(9, dtype=np.int64)
    for size in range(2, 4):
        for c in range(81):
            if popcount(cands[c]) != size:
                continue
            for k in range(size):
                members[k] = first[c] + k
            if _agree(members, size, start, placed, gone, made):
                out[used, 0] = 0
                out[used, 1] = c
                out[used, 2] = 0
                used += 1
        for u in range(27):
            for d in range(1, 10):
                bit = 1 << (d - 1)
                count = 0
                for k in range(9):
                    c = units[u, k]
                    if cands[c] & bit:
                        if count < 3:
                            members[count] = first[c] + popcount(cands[c] & (bit - 1))
                        count += 1
                if count == size and _agree(members, size, start, placed, gone, made):
                    out[used, 0] = 1
                    out[used, 1] = u
                    out[used, 2] = d
                    used += 1
    return out[:used]
