"""The Interactive Sudoku Solver's propagation on pair programs, for :mod:`engine.kernels.variant_search`.

The ISS's queue of handlers, first in, first out, each queued once (js/solver/engine.js
``PropagationQueue``): a cell that shrinks queues its constraints (pairs, then its full houses) but not
the handler running (its active handler); a fixed cell's exclusion goes to the front, its locked
candidates (the ISS's ``SameValuesIgnoreCount`` aux handlers, run only when a cell on their sides is
fixed) and constraints to the back.  A full house is the ISS's ``PerfectAllDifferent`` in one pass, its
hidden singles set without queueing anything (the next node fixes them); a thermometer step is cut
forward then back (``Thermo``), a symmetric pair from both cells' old digits at once
(``BinaryConstraint``), then a digit the pair requires leaves the cells that see both.  The handlers
are not their own fixpoint, so the order is the ISS's wherever it changes what is cut.
"""

from __future__ import annotations

import numpy as np

from engine.kernels import njit
from engine.kernels.bits import lowest, popcount
from engine.kernels.variant import (
    H_AUX,
    H_AUX_START,
    H_CC_LIST,
    H_CC_START,
    H_CELLS,
    H_CH_LIST,
    H_CH_START,
    H_CON_CELLS,
    H_CON_START,
    H_CONS,
    H_FULL,
    H_KIND,
    H_N,
    H_NFULL,
    H_PEER_BITS,
    H_PEER_LIST,
    H_PEER_START,
    HOUSE,
)

# the queue's words after its links: head, tail, the running item (the ISS's active handler), runs
Q_HEAD, Q_TAIL, Q_ACTIVE, Q_RUNS = -4, -3, -2, -1


@njit(cache=True)
def _queue(prog):
    """Return the ISS's propagation queue: a link per item (-2: not queued), then its four words.  Items:
    constraint k, then ``cells + c`` a fixed cell's exclusion, then a locked-candidates record's
    offset in the program's aux table (``aux_start`` + offset)."""
    q = np.full(prog[H_CONS] + prog[H_CELLS] + len(prog) - prog[H_AUX] + 4, -2, dtype=np.int64)
    q[Q_HEAD] = -1
    q[Q_TAIL] = -1
    q[Q_ACTIVE] = -1
    q[Q_RUNS] = 0
    return q


@njit(cache=True, inline="always")
def _enqueue(q, i, skip):
    """Add item i at the back unless it is queued or is ``skip`` (the ISS's ``_enqueueIndexes``)."""
    if i == skip or q[i] != -2:
        return
    if q[Q_HEAD] == -1:
        q[Q_HEAD] = i
    else:
        q[q[Q_TAIL]] = i
    q[Q_TAIL] = i
    q[i] = -1


@njit(cache=True, inline="always")
def _push(q, i):
    """Add item i at the front unless it is queued (the ISS's ``_pushIndex``)."""
    if q[i] < -1:
        if q[Q_HEAD] == -1:
            q[Q_TAIL] = i
        q[i] = q[Q_HEAD]
        q[Q_HEAD] = i


@njit(cache=True)
def _drop(q):
    """Empty the queue."""
    head = q[Q_HEAD]
    while head >= 0:
        nxt = q[head]
        q[head] = -2
        head = nxt
    q[Q_HEAD] = -1
    q[Q_ACTIVE] = -1


@njit(cache=True)
def _changed(prog, q, c, skip):
    """Queue cell c's constraints, its pairs first, then its full houses (the ISS's ``addForCell``)."""
    for i in range(prog[prog[H_CC_START] + c], prog[prog[H_CC_START] + c + 1]):
        _enqueue(q, prog[prog[H_CC_LIST] + i], skip)
    full = prog[H_FULL]
    for i in range(prog[prog[H_CH_START] + c], prog[prog[H_CH_START] + c + 1]):
        _enqueue(q, prog[full + 3 * prog[prog[H_CH_LIST] + i]], skip)


@njit(cache=True, inline="always")
def _cut(prog, st, q, c, allowed):
    """Keep only ``allowed`` in cell c, queueing its constraints when it shrinks; return False when it
    has nothing left."""
    m = st[c]
    new = m & allowed
    if new == m:
        return True
    if new == 0:
        return False
    st[c] = new
    _changed(prog, q, c, q[Q_ACTIVE])
    return True


@njit(cache=True)
def _required(prog, st, q, start, end, need):
    """:func:`engine.kernels.variant._exclude_required` with the ISS's queue (:func:`_cut`)."""
    nc = prog[H_CELLS]
    cells = prog[H_CON_CELLS]
    bits = prog[H_PEER_BITS]
    words = (nc + 61) // 62
    while need:
        bit = need & -need
        need ^= bit
        where = -1
        for i in range(start, end):
            c = prog[cells + i]
            if st[c] & bit:
                where = c if where == -1 else -2
        if where == -1:
            return False
        if where >= 0:
            if not _cut(prog, st, q, where, bit):
                return False
            continue
        for j in range(words):
            seen = (1 << 62) - 1
            for i in range(start, end):
                c = prog[cells + i]
                if st[c] & bit:
                    seen &= prog[bits + c * words + j]
            while seen:
                low = seen & -seen
                seen ^= low
                p = j * 62 + lowest(low)
                if st[p] & bit and not _cut(prog, st, q, p, ~bit):
                    return False
    return True


@njit(cache=True)
def _same_values(prog, st, q, mine):
    """The ISS's ``SameValuesIgnoreCount`` of a locked-candidates record (``mine`` the program offset of
    its house's cells outside the other, the other's outside it next): both sides keep only the digits
    both hold, at least as many as a side's cells; return False when they are fewer."""
    other = mine + 1 + prog[mine]
    u_mine = 0
    for t in range(mine + 1, mine + 1 + prog[mine]):
        u_mine |= st[prog[t]]
    u_other = 0
    for t in range(other + 1, other + 1 + prog[other]):
        u_other |= st[prog[t]]
    both = u_mine & u_other
    if popcount(both) < prog[mine]:
        return False
    if both != u_mine or both != u_other:
        for t in range(mine + 1, mine + 1 + prog[mine]):
            if not _cut(prog, st, q, prog[t], both):
                return False
        for t in range(other + 1, other + 1 + prog[other]):
            if not _cut(prog, st, q, prog[t], both):
                return False
    return True


@njit(cache=True)
def _records(prog):
    """Return, per locked-candidates record (by its own side's offset in the aux table), the ISS's
    handler order of its two houses (the later house's index, then the earlier's), then per record the
    offset of the one record kept for the two (seen from the earlier house); -1 elsewhere."""
    full = prog[H_FULL]
    cells = prog[H_CON_CELLS]
    cs = prog[H_CON_START]
    size = len(prog) - prog[H_AUX]
    tab = np.full(2 * size, -1, dtype=np.int64)
    for h in range(prog[H_NFULL]):
        k = prog[full + 3 * h + 1]
        if k < 0:
            continue
        j = prog[H_AUX] + prog[prog[H_AUX_START] + k]
        last = prog[H_AUX] + prog[prog[H_AUX_START] + k + 1]
        while j < last:
            shared = j
            mine = j + 1 + prog[j]
            other = mine + 1 + prog[mine]
            j = other + 1 + prog[other]
            o0 = prog[other + 1]
            h2 = -1  # the other house: o0's that holds every shared cell
            for i in range(prog[prog[H_CH_START] + o0], prog[prog[H_CH_START] + o0 + 1]):
                g = prog[prog[H_CH_LIST] + i]
                kg = prog[full + 3 * g]
                hits = 0
                for t in range(prog[cs + kg], prog[cs + kg + 1]):
                    for u in range(shared + 1, mine):
                        hits += prog[cells + t] == prog[u]
                if hits == prog[shared]:
                    h2 = g
                    break
            r = mine - prog[H_AUX]
            tab[r] = max(h, h2) * 4096 + min(h, h2)
            tab[size + r] = mine - prog[H_AUX] if h < h2 else -1
    for r in range(size):  # the record seen from the later house is queued as the earlier's
        if tab[r] >= 0 and tab[size + r] < 0:
            tab[size + r] = r
            for r2 in range(size):
                if tab[r2] == tab[r] and r2 != r:
                    tab[size + r] = r2
                    break
    return tab


@njit(cache=True)
def _aux(prog, q, c, tab):
    """Queue the locked-candidates records with cell c on one side (the ISS's aux handlers of a fixed
    cell), in the ISS's handler order (:func:`_records`)."""
    full = prog[H_FULL]
    base = prog[H_CONS] + prog[H_CELLS]
    size = len(tab) // 2
    keys = np.empty(16, dtype=np.int64)
    ids = np.empty(16, dtype=np.int64)
    m = 0
    for i in range(prog[prog[H_CH_START] + c], prog[prog[H_CH_START] + c + 1]):
        k = prog[full + 3 * prog[prog[H_CH_LIST] + i] + 1]
        if k < 0:
            continue
        j = prog[H_AUX] + prog[prog[H_AUX_START] + k]
        last = prog[H_AUX] + prog[prog[H_AUX_START] + k + 1]
        while j < last and m < 16:
            j += 1 + prog[j]
            mine = j
            other = mine + 1 + prog[mine]
            j = other + 1 + prog[other]
            for t in range(mine + 1, mine + 1 + prog[mine]):
                if prog[t] == c:
                    r = mine - prog[H_AUX]
                    key = tab[r]
                    x = m
                    while x > 0 and keys[x - 1] > key:  # insertion: the ISS's handler order
                        keys[x] = keys[x - 1]
                        ids[x] = ids[x - 1]
                        x -= 1
                    keys[x] = key
                    ids[x] = tab[size + r]
                    m += 1
                    break
    for x in range(m):
        _enqueue(q, base + ids[x], -1)


@njit(cache=True)
def _house_iss(prog, st, start, end):
    """The ISS's ``PerfectAllDifferent`` in one pass: a full house needs every digit, and its hidden
    singles are set silently (nothing queued: the next node fixes them); a smaller house needs as
    many digits as cells."""
    n = prog[H_N]
    cells = prog[H_CON_CELLS]
    once = 0
    twice = 0
    fixed = 0
    for i in range(start, end):
        m = st[prog[cells + i]]
        twice |= once & m
        once |= m
        if (m & (m - 1)) == 0:
            fixed |= m
    if end - start < n:
        return popcount(once) >= end - start
    full = (1 << n) - 1
    if once != full:
        return False
    if fixed == full:
        return True
    hidden = once & ~twice & ~fixed
    if hidden:
        for i in range(start, end):
            c = prog[cells + i]
            v = st[c] & hidden
            if v:
                if v & (v - 1):
                    return False
                st[c] = v
    return True


@njit(cache=True)
def _pair_iss(prog, st, q, k, start):
    """A pair as the ISS's handlers: an order (no digit ever required: thermometers, its ``Thermo``) is
    cut forward then back; a symmetric table (its ``BinaryConstraint``: dots, XV, non-consecutive) cuts
    both cells from the other's old digits at once, then a digit the pair requires leaves the cells
    that see both."""
    n = prog[H_N]
    cells = prog[H_CON_CELLS]
    aux = prog[H_AUX] + prog[prog[H_AUX_START] + k]
    a = prog[cells + start]
    b = prog[cells + start + 1]
    va = st[a]
    vb = st[b]
    to_b = 0
    bits = va
    while bits:
        to_b |= prog[aux + lowest(bits)]
        bits &= bits - 1
    mb = vb & to_b
    if prog[aux + 2 * n] == 0:
        vb = mb
    to_a = 0
    bits = vb
    while bits:
        to_a |= prog[aux + n + lowest(bits)]
        bits &= bits - 1
    ma = va & to_a
    if ma == 0 or mb == 0:
        return False
    if ma != va:
        st[a] = ma
        _changed(prog, q, a, q[Q_ACTIVE])
    if mb != st[b]:
        st[b] = mb
        _changed(prog, q, b, q[Q_ACTIVE])
    if prog[aux + 2 * n] == 0 or (ma & (ma - 1)) == 0 or (mb & (mb - 1)) == 0:
        return True
    need = 0
    both = ma & mb
    while both:
        bit = both & -both
        both ^= bit
        allowed = 0
        bits = ma ^ bit
        while bits:
            allowed |= prog[aux + lowest(bits)]
            bits &= bits - 1
        if allowed & mb == bit:
            need |= bit
    return need == 0 or _required(prog, st, q, start, start + 2, need)


@njit(cache=True)
def _exclude(prog, st, q, c):
    """The ISS's ``UniqueValueExclusion`` of fixed cell c: its digit leaves its peers."""
    bit = st[c]
    ps = prog[H_PEER_START]
    pl = prog[H_PEER_LIST]
    for i in range(prog[ps + c], prog[ps + c + 1]):
        p = prog[pl + i]
        if st[p] & bit and not _cut(prog, st, q, p, ~bit):
            return False
    return True


@njit(cache=True)
def _handlers(prog, st, q):
    """Run the queue (first in, first out) until it is empty; return False on a contradiction (the
    queue is emptied either way)."""
    ncons = prog[H_CONS]
    nc = prog[H_CELLS]
    kinds = prog[H_KIND]
    cs = prog[H_CON_START]
    base = ncons + nc - prog[H_AUX]
    ok = True
    while q[Q_HEAD] >= 0:
        i = q[Q_HEAD]
        q[Q_HEAD] = q[i]
        q[i] = -2
        q[Q_ACTIVE] = i
        q[Q_RUNS] += 1
        if i >= ncons + nc:
            ok = _same_values(prog, st, q, i - base)
        elif i >= ncons:
            ok = _exclude(prog, st, q, i - ncons)
        elif prog[kinds + i] == HOUSE:
            ok = _house_iss(prog, st, prog[cs + i], prog[cs + i + 1])
        else:
            ok = _pair_iss(prog, st, q, i, prog[cs + i])
        if not ok:
            break
    _drop(q)
    return ok


@njit(cache=True)
def _fix(prog, st, q, order, first, end, lcc, tab):
    """Propagate the fixing of the cells ``order[first:end]`` (each single) as the ISS's ``_runLoop``
    queues it: each one's exclusion at the front, its locked candidates and constraints at the back,
    then the last conflict cell's constraints; return False on a contradiction."""
    q[Q_ACTIVE] = -1
    ncons = prog[H_CONS]
    for j in range(first, end):
        c = order[j]
        _push(q, ncons + c)
        _aux(prog, q, c, tab)
        _changed(prog, q, c, -1)
    if lcc >= 0:
        _changed(prog, q, lcc, -1)
    return _handlers(prog, st, q)
