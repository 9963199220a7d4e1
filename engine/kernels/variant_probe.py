"""Trials over a variant program without search (numba): the human logic's compiled filter.

The human logic of :mod:`engine.logic.variant` asks the variant propagation
(:mod:`engine.kernels.variant`) "does placing this digit here die at once?" for hundreds of
candidates per step, and its nested chains ask it again inside each trial.  Propagating every trial
from scratch queues every constraint of the puzzle again (50-80 us a trial on a killer); here a
caller's candidates are propagated to their fixpoint once, with the full houses' digit counts, and
each trial copies that row, cuts its cell and queues only what the cut touches, as the search does
after a guess (:func:`engine.kernels.variant._restrict`).  The propagation reaches the same fixpoint
either way (its handlers only remove candidates, each queued again whenever its cells change), so a
trial dies here exactly when it dies from scratch.

The kernels take the caller's row (``2 * cells`` words: each cell's candidate mask, then flags that
are ignored) and tries as (cell, mask of digits kept) pairs:

* :func:`dead_tries` marks each try that dies;
* :func:`inner_fixpoint` takes out, round after round, every candidate of a cell of few candidates
  whose try dies (a nested chain's inner contradictions), and propagates;
* :func:`nested_dead` marks each try that dies at once, or only once its inner contradictions are out;
* :func:`deep_dead` marks each try that dies only once its inner contradictions, each shown by a
  nested trial of its own (a try that dies through its own inner contradictions), are out;
* :func:`branch_union` follows each branch of a choice (cells cut to the digits they keep), optionally
  with its inner contradictions out, and ORs the candidates of the branches that live.

Every bound is a count passed in (rounds, candidates per cell, finds), never a time.
"""

from __future__ import annotations

import numpy as np

from engine.kernels import njit
from engine.kernels.bits import popcount
from engine.kernels.variant import H_CELLS, _propagate, _restrict, _row, _start, _workspace

_ARRAYS = "int64[::1], int64[::1], int64[::1], int64[::1], int64[::1]"  # program, row, then three per kernel
DEAD_SIGNATURE = f"int64({_ARRAYS})"
INNER_SIGNATURE = "boolean(int64[::1], int64[::1], int64, int64)"
NESTED_SIGNATURE = f"int64({_ARRAYS}, int64, int64, int64, int64)"
DEEP_SIGNATURE = NESTED_SIGNATURE
UNION_SIGNATURE = f"int64({_ARRAYS}, int64[::1], int64, int64)"


@njit(cache=True)
def _base(prog, masks, w):
    """Return the full state row of ``masks`` propagated to its fixpoint (digit counts and placed flags
    with it), and False when it dies."""
    nc = prog[H_CELLS]
    row = np.zeros(_row(prog), dtype=np.int64)
    row[:nc] = masks[:nc]
    ok = _start(prog, row, w) and _propagate(prog, row, w)
    return row, ok


@njit(cache=True)
def _try(prog, base, trial, w, c, keep):
    """Copy the fixpoint ``base`` into ``trial``, keep only ``keep`` in cell c and propagate; return
    False when that dies."""
    trial[:] = base
    if base[c] & keep == 0:
        return False
    return _restrict(prog, trial, w, c, keep) and _propagate(prog, trial, w)


@njit(cache=True)
def _inner(prog, row, trial, w, most, rounds, dead):
    """Take out of the fixpoint ``row``, in place, each candidate of a cell of 2..``most`` candidates whose
    try dies, then propagate, ``rounds`` times or until none dies; return False when the row dies.
    ``dead[nc]`` counts the tries made."""
    nc = prog[H_CELLS]
    for _ in range(rounds):
        found = False
        for c in range(nc):
            dead[c] = 0
            m = row[c]
            if m & (m - 1) == 0 or popcount(m) > most:
                continue
            bits = m
            while bits:
                bit = bits & -bits
                bits ^= bit
                dead[nc] += 1
                if not _try(prog, row, trial, w, c, bit):
                    dead[c] |= bit
                    found = True
        if not found:
            return True
        ok = True
        for c in range(nc):
            if dead[c] and not _restrict(prog, row, w, c, ~dead[c]):
                ok = False  # the cell has nothing left; the others still run so the queues empty
        if not _propagate(prog, row, w) or not ok:
            return False
    return True


@njit(cache=True, aot=DEAD_SIGNATURE)
def dead_tries(prog, masks, cells, keeps, out):
    """Set ``out[i]`` to 1 when cell ``cells[i]`` cut to ``keeps[i]`` on the candidates ``masks``
    propagates to a contradiction, else 0; return how many die (every one when ``masks`` itself dies)."""
    w = _workspace(prog)
    base, ok = _base(prog, masks, w)
    trial = np.empty_like(base)
    count = 0
    for i in range(len(cells)):
        out[i] = 0 if ok and _try(prog, base, trial, w, cells[i], keeps[i]) else 1
        count += out[i]
    return count


@njit(cache=True, aot=INNER_SIGNATURE)
def inner_fixpoint(prog, masks, most, rounds):
    """Propagate ``masks`` (a row, candidates first) and take out its inner contradictions
    (:func:`_inner`), writing the candidates back; return False when it dies."""
    nc = prog[H_CELLS]
    w = _workspace(prog)
    row, ok = _base(prog, masks, w)
    if ok:
        ok = _inner(prog, row, np.empty_like(row), w, most, rounds, np.zeros(nc + 1, dtype=np.int64))
    masks[:nc] = row[:nc]
    return ok


@njit(cache=True)
def _dead_loop(prog, masks, cells, keeps, out, most, rounds, want, budget, deep):
    """:func:`nested_dead`'s loop, each try's inner contradictions those of :func:`_inner_nested` when
    ``deep``, else of :func:`_inner`."""
    nc = prog[H_CELLS]
    w = _workspace(prog)
    base, ok = _base(prog, masks, w)
    outer = np.empty_like(base)
    trial = np.empty_like(base)
    scratch = np.empty_like(base)
    dead = np.zeros(nc + 1, dtype=np.int64)
    mark = np.zeros(nc, dtype=np.int64)
    found = 0
    for i in range(len(cells)):
        if (want > 0 and found >= want) or (budget > 0 and dead[nc] >= budget):
            out[i] = -1
            continue
        dead[nc] += 1
        if not ok or not _try(prog, base, outer, w, cells[i], keeps[i]):
            out[i] = 1
        elif not (_inner_nested(prog, outer, trial, scratch, w, most, rounds, dead, mark) if deep
                  else _inner(prog, outer, trial, w, most, rounds, dead)):
            out[i] = 2
            found += 1
        else:
            out[i] = 0
    return dead[nc]


@njit(cache=True, aot=NESTED_SIGNATURE)
def nested_dead(prog, masks, cells, keeps, out, most, rounds, want, budget):
    """For each try in turn set ``out[i]``: 1 when it dies at once, 2 when it dies only once its inner
    contradictions (``most``, ``rounds``: :func:`_inner`) are out, else 0; stop after ``want`` 2s or once
    ``budget`` trials, outer and inner, are spent (0: no cap), the tries left then -1.  Return the trials
    spent."""
    return _dead_loop(prog, masks, cells, keeps, out, most, rounds, want, budget, False)


@njit(cache=True)
def _inner_nested(prog, row, t1, t2, w, most, rounds, dead, mark):
    """Take out of the fixpoint ``row``, in place, each candidate of an unplaced cell whose try dies at
    once or through its own inner contradictions (:func:`_inner` with ``most``, ``rounds``), then
    propagate, ``rounds`` times or until none dies; return False when the row dies.  ``dead[nc]``
    counts the tries made, inner ones too.  :func:`_inner`'s loop written again rather than shared: a
    shared one would call itself, which numba compiles only with its types spelled out."""
    nc = prog[H_CELLS]
    for _ in range(rounds):
        found = False
        for c in range(nc):
            mark[c] = 0
            m = row[c]
            if m & (m - 1) == 0:
                continue
            bits = m
            while bits:
                bit = bits & -bits
                bits ^= bit
                dead[nc] += 1
                if not _try(prog, row, t1, w, c, bit) or not _inner(prog, t1, t2, w, most, rounds, dead):
                    mark[c] |= bit
                    found = True
        if not found:
            return True
        ok = True
        for c in range(nc):
            if mark[c] and not _restrict(prog, row, w, c, ~mark[c]):
                ok = False
        if not _propagate(prog, row, w) or not ok:
            return False
    return True


@njit(cache=True, aot=DEEP_SIGNATURE)
def deep_dead(prog, masks, cells, keeps, out, most, rounds, want, budget):
    """:func:`nested_dead` one level deeper: 2 when a try dies only once its inner contradictions, each a
    try dying at once or through its own (:func:`_inner_nested`), are out."""
    return _dead_loop(prog, masks, cells, keeps, out, most, rounds, want, budget, True)


@njit(cache=True, aot=UNION_SIGNATURE)
def branch_union(prog, masks, starts, cells, keeps, union, most, rounds):
    """Follow each branch b (cells ``cells[starts[b]:starts[b + 1]]`` cut to their ``keeps``) from the
    fixpoint of ``masks``, with its inner contradictions out when ``rounds`` > 0, and OR the candidates
    of those that live into ``union`` (zeroed first); return how many live."""
    nc = prog[H_CELLS]
    w = _workspace(prog)
    base, ok = _base(prog, masks, w)
    trial = np.empty_like(base)
    scratch = np.empty_like(base)
    dead = np.zeros(nc + 1, dtype=np.int64)
    union[:nc] = 0
    alive = 0
    for b in range(len(starts) - 1 if ok else 0):
        trial[:] = base
        live = True
        for i in range(starts[b], starts[b + 1]):
            c = cells[i]
            if not _restrict(prog, trial, w, c, keeps[i]):
                live = False  # the others still queue so the propagation below empties the queues
        live = _propagate(prog, trial, w) and live
        if live and rounds > 0:
            live = _inner(prog, trial, scratch, w, most, rounds, dead)
        if live:
            alive += 1
            for c in range(nc):
                union[c] |= trial[c]
    return alive
