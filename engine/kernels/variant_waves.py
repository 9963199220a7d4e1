"""The Interactive Sudoku Solver's propagation on pair programs, for :mod:`engine.kernels.variant_search`.

The ISS's queue of handlers, first in, first out, each queued once (js/solver/engine.js
``PropagationQueue``, :mod:`engine.kernels.variant_queue`): a cell that shrinks queues its constraints in
the ISS's handler order (its pairs by their cells' text, "1 10" before "1 2", then its houses) but not
the handler running (its active handler); a fixed cell's exclusion goes to the front, its locked
candidates (the ISS's ``SameValuesIgnoreCount`` aux handlers, run only when a cell on their sides is
fixed) and constraints to the back.  A full house is the ISS's ``PerfectAllDifferent`` in one pass, its
hidden singles set without queueing anything (the next node fixes them); a thermometer step is cut
forward then back (``Thermo``), a symmetric pair from both cells' old digits at once
(``BinaryConstraint``), then a digit the pair requires leaves the cells that see both.  The handlers
are not their own fixpoint, so the order is the ISS's wherever it changes what is cut.
"""

from __future__ import annotations

from engine.kernels import njit
from engine.kernels.bits import lowest, popcount, u
from engine.kernels.variant import (
    H_AUX,
    H_AUX_START,
    H_CELLS,
    H_CON_CELLS,
    H_CON_START,
    H_CONS,
    H_KIND,
    H_N,
    H_PEER_LIST,
    H_PEER_START,
    HOUSE,
    pair_image,
    pair_needs,
    required_places,
    seen_by_all,
)
from engine.kernels.variant_queue import Q_ACTIVE, Q_AUX, Q_HEAD, Q_OWN, Q_REC, Q_RUNS, _drop, _enqueue, _push


@njit(cache=True, inline="always")
def _changed(q, c, skip):
    """Queue cell c's constraints (the ISS's ``addForCell``)."""
    own = q[u(len(q) + Q_OWN)]
    for i in range(q[u(own + c)], q[u(own + c + 1)]):
        _enqueue(q, q[u(i)], skip)


@njit(cache=True, inline="always")
def _cut(prog, st, q, c, allowed):
    """Keep only ``allowed`` in cell c, queueing its constraints when it shrinks; return False when it
    has nothing left."""
    m = st[u(c)]
    new = m & allowed
    if new == m:
        return True
    if new == 0:
        return False
    st[u(c)] = new
    _changed(q, c, q[Q_ACTIVE])
    return True


@njit(cache=True)
def _required(prog, st, q, start, end, need):
    """:func:`engine.kernels.variant._exclude_required` with the ISS's queue (:func:`_cut`)."""
    nc = prog[H_CELLS]
    words = (nc + 61) // 62
    while need:
        bit = need & -need
        need ^= bit
        where, seen0, seen1 = required_places(prog, st, start, end, bit)
        if where == -1:
            return False
        if where >= 0:
            if not _cut(prog, st, q, where, bit):
                return False
            continue
        for j in range(words):
            seen = seen0 if j == 0 else seen1 if j == 1 else seen_by_all(prog, st, start, end, bit, j)
            while seen:
                low = seen & -seen
                seen ^= low
                p = j * 62 + lowest(low)
                if st[u(p)] & bit and not _cut(prog, st, q, p, ~bit):
                    return False
    return True


@njit(cache=True)
def _same_values(prog, st, q, mine):
    """The ISS's ``SameValuesIgnoreCount`` of a locked-candidates record (``mine`` the program offset of
    its house's cells outside the other, the other's outside it next): both sides keep only the digits
    both hold, at least as many as a side's cells; return False when they are fewer."""
    other = mine + 1 + prog[u(mine)]
    u_mine = 0
    for t in range(mine + 1, mine + 1 + prog[u(mine)]):
        u_mine |= st[u(prog[u(t)])]
    u_other = 0
    for t in range(other + 1, other + 1 + prog[u(other)]):
        u_other |= st[u(prog[u(t)])]
    both = u_mine & u_other
    if popcount(both) < prog[u(mine)]:
        return False
    if both != u_mine or both != u_other:
        for t in range(mine + 1, mine + 1 + prog[u(mine)]):
            if not _cut(prog, st, q, prog[u(t)], both):
                return False
        for t in range(other + 1, other + 1 + prog[u(other)]):
            if not _cut(prog, st, q, prog[u(t)], both):
                return False
    return True


@njit(cache=True, inline="always")
def _aux(q, c):
    """Queue fixed cell c's locked candidates."""
    aux = q[u(len(q) + Q_AUX)]
    for i in range(q[u(aux + c)], q[u(aux + c + 1)]):
        _enqueue(q, q[u(i)], -1)


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
        m = st[u(prog[u(cells + i)])]
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
            c = prog[u(cells + i)]
            v = st[u(c)] & hidden
            if v:
                if v & (v - 1):
                    return False
                st[u(c)] = v
    return True


@njit(cache=True)
def _pair_iss(prog, st, q, k, start):
    """A pair as the ISS's handlers: an order (no digit ever required: thermometers, its ``Thermo``) is
    cut forward then back; a symmetric table (its ``BinaryConstraint``: dots, XV, non-consecutive) cuts
    both cells from the other's old digits at once, then a digit the pair requires leaves the cells
    that see both."""
    n = prog[H_N]
    cells = prog[H_CON_CELLS]
    aux = prog[H_AUX] + prog[u(prog[H_AUX_START] + k)]
    a = prog[u(cells + start)]
    b = prog[u(cells + start + 1)]
    va = st[u(a)]
    vb = st[u(b)]
    mb = vb & pair_image(prog, aux, va)
    if prog[u(aux + 2 * n)] == 0:
        vb = mb
    ma = va & pair_image(prog, aux + n, vb)
    if ma == 0 or mb == 0:
        return False
    if ma != va:
        st[u(a)] = ma
        _changed(q, a, q[Q_ACTIVE])
    if mb != st[u(b)]:
        st[u(b)] = mb
        _changed(q, b, q[Q_ACTIVE])
    if prog[u(aux + 2 * n)] == 0 or (ma & (ma - 1)) == 0 or (mb & (mb - 1)) == 0:
        return True
    need = pair_needs(prog, aux, ma, mb)
    return need == 0 or _required(prog, st, q, start, start + 2, need)


@njit(cache=True)
def _exclude(prog, st, q, c):
    """The ISS's ``UniqueValueExclusion`` of fixed cell c: its digit leaves its peers."""
    bit = st[u(c)]
    ps = prog[H_PEER_START]
    pl = prog[H_PEER_LIST]
    for i in range(prog[u(ps + c)], prog[u(ps + c + 1)]):
        p = prog[u(pl + i)]
        if st[u(p)] & bit and not _cut(prog, st, q, p, ~bit):
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
    rec = q[Q_REC] - ncons - nc
    ok = True
    while q[Q_HEAD] >= 0:
        i = q[Q_HEAD]
        q[Q_HEAD] = q[u(i)]
        q[u(i)] = -2
        q[Q_ACTIVE] = i
        q[Q_RUNS] += 1
        if i >= ncons + nc:
            ok = _same_values(prog, st, q, q[u(rec + i)])
        elif i >= ncons:
            ok = _exclude(prog, st, q, i - ncons)
        elif prog[u(kinds + i)] == HOUSE:
            ok = _house_iss(prog, st, prog[u(cs + i)], prog[u(cs + i + 1)])
        else:
            ok = _pair_iss(prog, st, q, i, prog[u(cs + i)])
        if not ok:
            break
    _drop(q)
    return ok


@njit(cache=True)
def _fix(prog, st, q, order, first, end, lcc):
    """Propagate the fixing of the cells ``order[first:end]`` (each single) as the ISS's ``_runLoop``
    queues it: each one's exclusion at the front, its locked candidates and constraints at the back,
    then the last conflict cell's constraints; return False on a contradiction."""
    q[Q_ACTIVE] = -1
    ncons = prog[H_CONS]
    for j in range(first, end):
        c = order[u(j)]
        _push(q, ncons + c)
        _aux(q, c)
        _changed(q, c, -1)
    if lcc >= 0:
        _changed(q, lcc, -1)
    return _handlers(prog, st, q)
