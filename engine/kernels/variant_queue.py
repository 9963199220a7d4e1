"""The Interactive Sudoku Solver's propagation queue for :mod:`engine.kernels.variant_waves`: one
``int64`` array holding a link per item (first in, first out, each queued once: js/solver/engine.js
``PropagationQueue``), then the tables built once per search: the locked-candidates records' offsets,
each cell's constraints in the ISS's handler order and each cell's locked candidates, then its words.
"""

from __future__ import annotations

import numpy as np

from engine.kernels import njit
from engine.kernels.bits import u
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
    H_NFULL,
    HOUSE,
)

# the queue's words after its links and tables: where the locked-candidates records' offsets, each
# cell's constraints and each cell's locked candidates start; head, tail, the running item (the ISS's
# active handler), runs
Q_REC, Q_OWN, Q_AUX, Q_HEAD, Q_TAIL, Q_ACTIVE, Q_RUNS = -7, -6, -5, -4, -3, -2, -1


@njit(cache=True)
def _digits(x, out, at):
    """Write the decimal digits of x >= 0 into ``out`` from ``at``; return the index after them."""
    k = 1
    while k * 10 <= x:
        k *= 10
    while k:
        out[u(at)] = x // k % 10
        at += 1
        k //= 10
    return at


@njit(cache=True)
def _before(a1, b1, a2, b2, buf):
    """Whether the text "a1 b1" sorts before "a2 b2" (the ISS orders its handlers by their cells' text)."""
    n1 = _digits(b1, buf, _digits(a1, buf, 0) + 1)
    buf[u(_digits(a1, buf, 0))] = -1
    n2 = _digits(b2, buf, _digits(a2, buf, 24) + 1)
    buf[u(_digits(a2, buf, 24))] = -1
    for i in range(min(n1, n2 - 24)):
        if buf[u(i)] != buf[u(24 + i)]:
            return buf[u(i)] < buf[u(24 + i)]
    return n1 < n2 - 24


@njit(cache=True, inline="always")
def _house_records(prog, h):
    """Return the program range (start, end) of full house h's locked-candidates records: (0, 0) when it
    has none."""
    k = prog[u(prog[H_FULL] + 3 * h + 1)]
    if k < 0:
        return 0, 0
    return prog[H_AUX] + prog[u(prog[H_AUX_START] + k)], prog[H_AUX] + prog[u(prog[H_AUX_START] + k + 1)]


@njit(cache=True)
def _record_count(prog):
    """Return the number of locked-candidates records (a full house's, per full house meeting it)."""
    count = 0
    for h in range(prog[H_NFULL]):
        j, last = _house_records(prog, h)
        while j < last:
            for _ in range(3):
                j += 1 + prog[u(j)]
            count += 1
    return count


@njit(cache=True)
def _other_house(prog, h, shared):
    """Return the full house other than h holding the record's shared cells (at ``shared``)."""
    a = prog[u(shared + 1)]
    b = prog[u(shared + prog[u(shared)])]
    chs = prog[H_CH_START]
    chl = prog[H_CH_LIST]
    for i in range(prog[u(chs + a)], prog[u(chs + a + 1)]):
        g = prog[u(chl + i)]
        if g == h:
            continue
        for t in range(prog[u(chs + b)], prog[u(chs + b + 1)]):
            if prog[u(chl + t)] == g:
                return g
    return h


@njit(cache=True)
def _records(prog, q, at):
    """Write the records' offsets (their own side's) into ``q`` from ``at``, then, per cell, from where
    its list of locked-candidates items starts: the records with the cell on their own side, each as
    the item of the two houses' record seen from the earlier house, in the ISS's handler order (the
    later house's index, then the earlier's); return the index after them."""
    nc = prog[H_CELLS]
    nfull = prog[H_NFULL]
    count = _record_count(prog)
    key = np.empty(count, dtype=np.int64)
    kept = np.full(nfull * nfull, -1, dtype=np.int64)
    r = 0
    for h in range(nfull):
        j, last = _house_records(prog, h)
        while j < last:
            h2 = _other_house(prog, h, j)
            j += 1 + prog[u(j)]
            q[u(at + r)] = j
            j += 1 + prog[u(j)]
            j += 1 + prog[u(j)]
            key[u(r)] = max(h, h2) * nfull + min(h, h2)
            if h < h2:
                kept[u(key[u(r)])] = r
            r += 1
    base = prog[H_CONS] + nc
    listed = np.zeros(nc, dtype=np.int64)
    keys = np.empty((nc, 16), dtype=np.int64)
    ids = np.empty((nc, 16), dtype=np.int64)
    for r in range(count):
        item = base + (kept[u(key[u(r)])] if kept[u(key[u(r)])] >= 0 else r)
        mine = q[u(at + r)]
        for t in range(mine + 1, mine + 1 + prog[u(mine)]):
            c = prog[u(t)]
            x = listed[u(c)]
            if x == 16:
                continue
            while x > 0 and keys[c, x - 1] > key[u(r)]:  # insertion: the ISS's handler order
                keys[c, x] = keys[c, x - 1]
                ids[c, x] = ids[c, x - 1]
                x -= 1
            keys[c, x] = key[u(r)]
            ids[c, x] = item
            listed[u(c)] += 1
    q[u(len(q) + Q_REC)] = at
    at += count
    q[u(len(q) + Q_AUX)] = at
    lists = at + nc + 1
    for c in range(nc):
        q[u(at + c)] = lists
        for x in range(listed[u(c)]):
            q[u(lists + x)] = ids[c, x]
        lists += listed[u(c)]
    q[u(at + nc)] = lists
    return lists


@njit(cache=True)
def _own(prog, q, at, buf):
    """Write into ``q`` from ``at``, per cell, from where its constraints start, then each list: its pairs
    in the ISS's order (by their cells' text), its smaller houses, its full houses; return the index
    after them."""
    nc = prog[H_CELLS]
    cells = prog[H_CON_CELLS]
    cs = prog[H_CON_START]
    q[u(len(q) + Q_OWN)] = at
    lists = at + nc + 1
    for c in range(nc):
        q[u(at + c)] = lists
        first = lists
        for i in range(prog[u(prog[H_CC_START] + c)], prog[u(prog[H_CC_START] + c + 1)]):
            k = prog[u(prog[H_CC_LIST] + i)]
            if prog[u(prog[H_KIND] + k)] != HOUSE:
                x = lists
                own = cells + prog[u(cs + k)]
                while x > first and _before(prog[u(own)], prog[u(own + 1)],
                                            prog[u(cells + prog[u(cs + q[u(x - 1)])])],
                                            prog[u(cells + prog[u(cs + q[u(x - 1)])] + 1)], buf):
                    q[u(x)] = q[u(x - 1)]
                    x -= 1
                q[u(x)] = k
                lists += 1
        for i in range(prog[u(prog[H_CC_START] + c)], prog[u(prog[H_CC_START] + c + 1)]):
            k = prog[u(prog[H_CC_LIST] + i)]
            if prog[u(prog[H_KIND] + k)] == HOUSE:
                q[u(lists)] = k
                lists += 1
        for i in range(prog[u(prog[H_CH_START] + c)], prog[u(prog[H_CH_START] + c + 1)]):
            q[u(lists)] = prog[u(prog[H_FULL] + 3 * prog[u(prog[H_CH_LIST] + i)])]
            lists += 1
    q[u(at + nc)] = lists
    return lists


@njit(cache=True)
def _queue(prog):
    """Return the ISS's propagation queue: a link per item (-2: not queued), the tables of
    :func:`_records` and :func:`_own`, then its seven words.  Items: constraint k, then ``cons + c`` a
    fixed cell's exclusion, then ``cons + cells + r`` locked-candidates record r."""
    nc = prog[H_CELLS]
    count = _record_count(prog)
    items = prog[H_CONS] + nc + count
    own = 0
    for c in range(nc):
        own += prog[u(prog[H_CC_START] + c + 1)] - prog[u(prog[H_CC_START] + c)]
        own += prog[u(prog[H_CH_START] + c + 1)] - prog[u(prog[H_CH_START] + c)]
    q = np.full(items + count + 2 * (nc + 1) + own + 16 * nc + 7, -2, dtype=np.int64)
    at = _records(prog, q, items)
    _own(prog, q, at, np.zeros(48, dtype=np.int64))
    q[u(len(q) + Q_HEAD)] = -1
    q[u(len(q) + Q_TAIL)] = -1
    q[u(len(q) + Q_ACTIVE)] = -1
    q[u(len(q) + Q_RUNS)] = 0
    return q


@njit(cache=True, inline="always")
def _enqueue(q, i, skip):
    """Add item i at the back unless it is queued or is ``skip`` (the ISS's ``_enqueueIndexes``)."""
    if i == skip or q[u(i)] != -2:
        return
    if q[Q_HEAD] == -1:
        q[Q_HEAD] = i
    else:
        q[u(q[Q_TAIL])] = i
    q[Q_TAIL] = i
    q[u(i)] = -1


@njit(cache=True, inline="always")
def _push(q, i):
    """Add item i at the front unless it is queued (the ISS's ``_pushIndex``)."""
    if q[u(i)] < -1:
        if q[Q_HEAD] == -1:
            q[Q_TAIL] = i
        q[u(i)] = q[Q_HEAD]
        q[Q_HEAD] = i


@njit(cache=True)
def _drop(q):
    """Empty the queue."""
    head = q[Q_HEAD]
    while head >= 0:
        nxt = q[u(head)]
        q[u(head)] = -2
        head = nxt
    q[Q_HEAD] = -1
    q[Q_ACTIVE] = -1
