"""The Interactive Sudoku Solver's search, step for step, on pair programs (kernel mode bit 256).

:mod:`engine.kernels.variant`'s programs of HOUSE, LINES and PAIR constraints only (thermometers, dots,
XV, non-consecutive) are searched here as the ISS's ``_runLoop`` and ``CandidateSelector`` search them
(its js/solver/engine.js and candidate_selector.js): a ``cellOrder`` array whose first ``depth`` cells
are fixed, scanned from ``depth`` for the best score per candidate (ties to the first in that order,
which changes as chosen cells are swapped to the front); a cell a handler leaves single is not taken
from its peers until the next node, where every such single is fixed at once (a wave), and a dead end
there scores the first of them; a backtracked node chooses again on its state with the refuted digit
taken out but not propagated (the cell's constraints are queued again with the next try, the ISS's
``lastConflictCell``); a cell left one digit there is placed in the node itself (no guess).  The house
digits' branch (a digit with two places in a full house, scored by half its better place, ``>=``
replacing), the digits' scores (a fifth of the standing-out digit's count lifts the cells holding it;
quartered at each decay), the demote of a wide guess that took nothing but its cell, and the decay of
every score each 2**14 dead ends are the ISS's; so is the propagation (:mod:`engine.kernels.variant_waves`).
"""

from __future__ import annotations

import numpy as np

from engine.kernels import njit
from engine.kernels.bits import borrowed, lowest, popcount, u
from engine.kernels.variant import (
    H_CELLS,
    H_CH_LIST,
    H_CH_START,
    H_CON_CELLS,
    H_CON_START,
    H_FULL,
    H_INIT,
    H_N,
    H_NFULL,
    H_PRIO,
    SEARCH_SIGNATURE,
    _record,
    standout_digit,
    two_places,
)
from engine.kernels.variant_queue import Q_RUNS, _drop, _queue
from engine.kernels.variant_waves import _changed, _fix, _handlers

# a guess branching at least this many ways that takes nothing but its cell is demoted (the ISS's)
DEMOTE_WIDTH = 5


@njit(cache=True)
def _best_cell(st, order, depth, nc, scores, vbit, bonus, out):
    """The ISS's ``_selectBestCell``: into ``out`` (offset in ``order``, candidates counted from
    ``depth`` or -1 when a single or empty cell was met first)."""
    best = depth
    top = -1.0
    total = depth
    for i in range(depth, nc):
        c = order[u(i)]
        v = st[u(c)]
        k = popcount(v)
        if k <= 1:
            out[0] = i
            out[1] = -1
            return
        total += k
        s = float(scores[u(c)])
        if v & vbit:
            s += bonus
        if s > top * k:
            best = i
            top = s / k
    if top == 0:
        fewest = 1 << 16
        for i in range(depth, nc):
            k = popcount(st[u(order[u(i)])])
            if k < fewest:
                best = i
                fewest = k
    out[0] = best
    out[1] = total


@njit(cache=True)
def _house_digit(prog, st, order, depth, scores, score, marks, cust):
    """The ISS's ``_findCustomCandidates`` with its House finders: a digit with exactly two places in a
    full house, scored half its better place's score, replaces ``score`` when as good (the later
    wins); ``cust`` gets (digit bit, the place tried second, the place tried first).  Return whether
    one was found."""
    nc = prog[H_CELLS]
    cells = prog[H_CON_CELLS]
    cs = prog[H_CON_START]
    full = prog[H_FULL]
    for h in range(prog[H_NFULL]):
        marks[u(h)] = 0
    low = np.ceil(score * 2)
    found = False
    for i in range(depth, nc):
        c = order[u(i)]
        if scores[u(c)] < low:
            continue
        for j in range(prog[u(prog[H_CH_START] + c)], prog[u(prog[H_CH_START] + c + 1)]):
            h = prog[u(prog[H_CH_LIST] + j)]
            if marks[u(h)]:
                continue
            marks[u(h)] = 1
            k = prog[u(full + 3 * h)]
            start = prog[u(cs + k)]
            end = prog[u(cs + k + 1)]
            two = two_places(prog, st, start, end)
            hit = False
            while two:
                bit = two & -two
                two ^= bit
                c0 = 0
                c1 = 0
                most = 0
                for t in range(start, end):
                    x = prog[u(cells + t)]
                    if st[u(x)] & bit:
                        c0 = c1
                        c1 = x
                        if scores[u(c1)] > most:
                            most = scores[u(c1)]
                s = most * 0.5
                if s < score:
                    continue
                score = s
                cust[0] = bit
                # the ISS sorts [c1, c0] by score (stably) and pops the last: the better first, c0 on a tie
                if scores[u(c1)] > scores[u(c0)]:
                    cust[1] = c0
                    cust[2] = c1
                else:
                    cust[1] = c1
                    cust[2] = c0
                hit = True
            if hit:
                low = np.ceil(score * 2)
                found = True
    return found


@njit(cache=True)
def _select(prog, st, order, cd, new, scores, vscores, marks, ints, cust):
    """The ISS's ``selectNextCandidate`` at depth ``cd``: return (the chosen cell's offset in ``order``,
    the digit bit to try, the ways the node branches (1: placed in the node, 0: dead), the candidates
    counted (-1 when a single was met first), whether it is a house digit's branch).  A backtracked
    node goes on with its house digit's other place; a new node whose cell has more than two
    candidates and a score looks for one (:func:`_house_digit`)."""
    nc = prog[H_CELLS]
    cust_bit = ints[4]
    cust_left = ints[5]
    cust_cell = ints[6]
    if not new and cust_left[u(cd)] > 0:
        cust_left[u(cd)] = 0
        offset = cd
        while order[u(offset)] != cust_cell[u(cd)]:
            offset += 1
        return offset, cust_bit[u(cd)], 1, -1, True
    if new:
        cust_left[u(cd)] = 0
    v = st[u(order[u(cd)])]
    if (v & (v - 1)) == 0:
        return cd, v, 1 if v else 0, -1, False
    vbit, vtop = standout_digit(vscores, 0, prog[H_N])
    out = ints[7]
    _best_cell(st, order, cd, nc, scores, vbit, vtop * 0.2, out)
    offset = out[0]
    v = st[u(order[u(offset)])]
    count = popcount(v)
    c = order[u(offset)]
    if new and count > 2 and scores[u(c)] > 0 and _house_digit(
            prog, st, order, cd, scores, scores[u(c)] / count, marks, cust):
        offset = cd
        while order[u(offset)] != cust[2]:
            offset += 1
        cust_bit[u(cd)] = cust[0]
        cust_left[u(cd)] = 1
        cust_cell[u(cd)] = cust[1]
        return offset, cust[0], 2, out[1], True
    return offset, v & -v if count > 1 else v, count, out[1], False


@njit(cache=True)
def _reorder(st, order, depth, offset, count, nc):
    """The ISS's ``_updateCellOrder``: swap the chosen cell to ``depth``; when it is single, every other
    single follows it.  Return the next depth (0 when a cell has nothing left)."""
    c = order[u(offset)]
    order[u(offset)] = order[u(depth)]
    order[u(depth)] = c
    front = depth + 1
    offset += 1
    if count > 1:
        return front
    while offset == front and offset < nc:
        v = st[u(order[u(offset)])]
        offset += 1
        if (v & (v - 1)) == 0:
            front += 1
            if v == 0:
                return 0
    while offset < nc:
        c = order[u(offset)]
        v = st[u(c)]
        if (v & (v - 1)) == 0:
            if v == 0:
                return 0
            order[u(offset)] = order[u(front)]
            order[u(front)] = c
            front += 1
        offset += 1
    return front


@njit(cache=True)
def _score(scores, vscores, c, bit, left, nc, n):
    """Score a dead end at cell c on digit ``bit``; return the dead ends left before the decay (every
    cell's score halved, every digit's quartered)."""
    scores[u(c)] += 1
    vscores[u(lowest(bit))] += 1
    left -= 1
    if left == 0:
        for i in range(nc):
            scores[u(i)] >>= 1
        for d in range(n):
            vscores[u(d)] >>= 2
    return left


@njit(cache=True, aot=SEARCH_SIGNATURE)
def search(prog, limit, solution, stats):
    """Count the program's solutions up to ``limit`` as :func:`engine.kernels.variant.search` does (its
    stats words), by the ISS's search; a program with constraints other than HOUSE, LINES and PAIR is
    not searched here (its result is undefined)."""
    return traced(prog, limit, solution, stats, np.zeros(0, dtype=np.int64))


@njit(cache=True)
def traced(prog, limit, solution, stats, trace):
    """:func:`search`, writing each new node's branch on a cell as (guesses so far, depth, cell, digit
    bit, count) into ``trace`` while it has room (the ISS's ``decision_trace.js`` records)."""
    nc = prog[H_CELLS]
    stack = np.empty((nc + 2, nc), dtype=np.int64)
    ints = np.zeros((8, nc + 2), dtype=np.int64)
    scores = np.zeros(nc, dtype=np.int64)
    vscores = np.zeros(prog[H_N], dtype=np.int64)
    marks = np.zeros(prog[H_NFULL] + 1, dtype=np.int64)
    w = _queue(prog)
    found = _run(borrowed(prog), limit, borrowed(solution), borrowed(stats), borrowed(trace),
                 borrowed(stack), borrowed(ints), borrowed(scores), borrowed(vscores), borrowed(marks),
                 borrowed(w))
    return found + _hold(stack, ints, scores, vscores, marks, w)


@njit(cache=True)
def _hold(stack, ints, scores, vscores, marks, w):
    """Return 0: a use of the owned arrays after the search, so they live while it runs on borrowed
    views of them."""
    return 0


@njit(cache=True)
def _run(prog, limit, solution, stats, trace, stack, ints, scores, vscores, marks, w):
    """The search of :func:`traced` on its arrays: ``ints`` rows are the cell order, each frame's depth,
    new-node flag and last conflict cell, each depth's house-digit branch (digit, cells left, the place
    left)."""
    nc = prog[H_CELLS]
    n = prog[H_N]
    order = ints[0]
    depth = ints[1]
    fresh = ints[2]
    conflict = ints[3]
    cust = np.zeros(3, dtype=np.int64)
    for c in range(nc):
        order[u(c)] = c
        scores[u(c)] = prog[u(prog[H_PRIO] + c)]
    period = 1 << (stats[2] if len(stats) > 2 else 14)
    budget = stats[3] if len(stats) > 3 else 0
    left = period
    st = stack[0]
    for c in range(nc):
        st[u(c)] = prog[u(prog[H_INIT] + c)]
    stats[0] = 0
    for c in range(nc):  # the ISS's start: every cell's constraints queued, none fixed
        if st[u(c)] == 0:
            return 0
        _changed(w, c, -1)
    if not _handlers(prog, st, w):
        return 0
    depth[0] = 0
    fresh[0] = 1
    conflict[0] = -1
    found = 0
    guesses = 0
    traced_n = 0
    prev = -1
    rd = 1
    while rd > 0:
        rd -= 1
        f = rd
        st = stack[u(f)]
        cd = depth[u(f)]
        new = fresh[u(f)]
        fresh[u(f)] = 0
        offset, value, count, total, custom = _select(prog, st, order, cd, new, scores, vscores, marks,
                                                      ints, cust)
        if new and prev >= 0 and total == prev:
            scores[u(order[u(cd - 1)])] >>= 1
        prev = -1
        if new and count >= DEMOTE_WIDTH:
            prev = total - (popcount(st[u(order[u(offset)])]) - 1)
        if new and count > 1 and not custom and traced_n + 5 <= len(trace):
            trace[u(traced_n)] = guesses
            trace[u(traced_n + 1)] = cd
            trace[u(traced_n + 2)] = order[u(offset)]
            trace[u(traced_n + 3)] = value
            trace[u(traced_n + 4)] = count
            traced_n += 5
        if count == 0:
            _drop(w)
            continue
        nxt = _reorder(st, order, cd, offset, count, nc)
        if nxt == 0:
            _drop(w)
            continue
        cell = order[u(cd)]
        # --- the ISS's _runLoop: a guess opens a child, a single is fixed in the node itself ---
        lcc = conflict[u(f)]
        if count != 1:
            guesses += 1
            if guesses == budget:
                break
            child = stack[u(f + 1)]
            child[:] = st
            st[u(cell)] ^= value  # the try leaves the node unpropagated
            rd += 1
            st = child
        st[u(cell)] = value
        ok = _fix(prog, st, w, order, cd, nxt, lcc)
        if not ok:
            if rd > 0:
                conflict[u(rd - 1)] = cell
            left = _score(scores, vscores, cell, value, left, nc, n)
            if left == 0:
                left = period
            continue
        if nxt == nc:
            found = _record(solution, found, st, nc)
            if found >= limit:
                break
            continue
        depth[u(rd)] = nxt
        fresh[u(rd)] = 1
        conflict[u(rd)] = -1
        rd += 1
    stats[0] = guesses
    stats[1] = w[Q_RUNS]
    return found
