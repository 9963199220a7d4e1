"""A hard variant search on every core: its tree shared by two threads, or split into disjoint pieces.

:func:`search` stands in for a search kernel's call (``kernel(array, limit, solution, stats)``).  With
one core, a budget already set, or a program for the ISS's own search (mode 256), it is that call.
Otherwise the search first runs alone for :data:`BUDGET` guesses (the median puzzle needs far fewer:
it pays nothing; a hard one loses those guesses, tens of milliseconds).  A search cut there starts
again on two threads (the kernels release the GIL: numba's ``nogil``, ``release_gil`` ahead of time):

* in the refutation order (killers, sandwiches: mode bit 4), both on one tree (:func:`_steal`): one
  starts at the root from the scores the lone search learned; the other asks, and is given the lowest
  node's work left, with the giver's scores; whichever runs out asks the other, until both are idle.
  Split ahead into pieces instead, the train's MATHEMAGIC killers took 1.0-3.9 times the guesses (the
  total 1.28-1.33x on six, mathemagic-13 2.2x): the pieces' first guesses, chosen before anything is
  learned, made bigger trees; shared, 0.74-2.0x each, 1.16x the guesses of all seven;
* otherwise the state after propagation is split where the search would guess (:func:`pieces`) into
  about :data:`PIECES` disjoint pieces, which two threads take from a shared list, each from the scores
  the lone search learned and on from its last piece's.

Every solution lies in exactly one piece, or one node's work, so the counts add up to the puzzle's:
the count is exact; once it reaches ``limit`` both threads stop.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from typing import Any

import numpy as np

# guesses the search makes alone before it is split (a guess costs 5-20 us: the restart costs that)
BUDGET = 3000
# pieces the search is split into (a queue of them evens out the two threads' shares)
PIECES = 24


def workers() -> int:
    """Return how many threads search side by side: the cores this process may run on (never fails)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def search(kernel: Callable[..., int], program: Any, limit: int, solution: np.ndarray, stats: np.ndarray,
           threads: int | None = None, budget: int = BUDGET) -> int:
    """Run ``kernel`` on ``program`` as ``kernel(program.array, limit, solution, stats)`` does (the same
    count, solutions and stats words 0-1), in ``threads`` threads (default :func:`workers`) once it has
    made ``budget`` guesses alone; never fails where the kernel does not."""
    threads = workers() if threads is None else threads
    if threads < 2 or stats[3] or stats[0] & 256:
        return int(kernel(program.array, limit, solution, stats))
    from engine.kernels.variant import H_N, H_PRIO, search_scored

    array = program.array
    scores = np.zeros(program.cells + int(array[H_N]), dtype=np.int64)
    scores[:program.cells] = array[array[H_PRIO]:array[H_PRIO] + program.cells]
    first = scores.copy()
    alone = stats.copy()
    alone[3] = budget
    count = int(search_scored(array, limit, solution, alone, scores))
    if alone[0] < budget:
        stats[:2] = alone[:2]
        return count
    if stats[0] & 4:  # the refutation order (killers): two threads on one tree
        count, guesses, runs = _steal(program, limit, solution, stats, scores)
        stats[0] = alone[0] + guesses
        stats[1] = alone[1] + runs
        return count
    # split where the search first guessed (from the priorities), searched from what it has learned since
    parts = pieces(program, PIECES, first, int(stats[0]))
    count, guesses, runs = _share(search_scored, program, parts, limit, solution, stats, threads, scores)
    stats[0] = alone[0] + guesses
    stats[1] = alone[1] + runs
    return count


def pieces(program: Any, target: int, scores: np.ndarray, mode: int) -> list[np.ndarray]:
    """Return disjoint first candidates (rows of N*N masks) whose solutions are the program's, about
    ``target`` of them (fewer when the search space has fewer), in the search's order; empty when the
    program has none.  Each is split where the search in ``mode`` would guess from ``scores``: a cell's
    first try against the rest (the refutation order's two branches), or a cage's digit sets."""
    from engine.kernels.variant import choice

    nc = program.cells
    array = program.array
    first = np.zeros(2 * nc, dtype=np.int64)
    first[:nc] = _initial(array, nc)
    done: list[tuple[tuple[int, ...], np.ndarray]] = []
    open_: list[tuple[float, tuple[int, ...], np.ndarray, np.ndarray]] = []
    fresh = [((), first)]
    while fresh or (open_ and len(open_) + len(done) < target):
        for path, state in fresh:
            pick = np.zeros(3, dtype=np.int64)
            found = int(choice(array, state, scores, mode, pick))
            if found == 0:
                done.append((path, state[:nc].copy()))
            elif found > 0:
                open_.append((_size(state[:nc]), path, state, pick))
        fresh = []
        if open_ and len(open_) + len(done) < target:
            _, path, state, pick = open_.pop(max(range(len(open_)), key=lambda i: open_[i][0]))
            fresh = [((*path, i), child) for i, child in enumerate(_children(array, state, pick, nc))]
    rows = done + [(path, state[:nc].copy()) for _, path, state, _ in open_]
    return [row for _, row in sorted(rows, key=lambda item: item[0])]


def _initial(array: np.ndarray, nc: int) -> np.ndarray:
    """Return the program's first candidates (its H_INIT table)."""
    from engine.kernels.variant import H_INIT

    return array[array[H_INIT]:array[H_INIT] + nc]


def _children(array: np.ndarray, state: np.ndarray, pick: np.ndarray, nc: int) -> list[np.ndarray]:
    """Return the states a guess ``pick`` (:func:`engine.kernels.variant.choice`) splits ``state`` into:
    the cell's first try and the rest, or one per digit set of the cage (placed flags cleared)."""
    from engine.kernels.variant import H_AUX, H_AUX_START, H_CON_CELLS, H_CON_START

    base = state.copy()
    base[nc:] = 0
    out = []
    if pick[0] >= 0:
        cell, bit = int(pick[0]), int(pick[1])
        for mask in (bit, int(base[cell]) & ~bit):
            child = base.copy()
            child[cell] = mask
            out.append(child)
        return out
    k = -1 - int(pick[0])
    cells = array[array[H_CON_CELLS] + array[array[H_CON_START] + k]:
                  array[H_CON_CELLS] + array[array[H_CON_START] + k + 1]]
    table = array[H_AUX] + array[array[H_AUX_START] + k]
    sets = int(pick[1])
    while sets:
        index = (sets & -sets).bit_length() - 1
        sets &= sets - 1
        child = base.copy()
        child[cells] &= array[table + index]
        out.append(child)
    return out


def _size(row: np.ndarray) -> float:
    """Return the log of a row's candidate product: 0 when every cell is single."""
    return float(sum(np.log2(bin(int(m)).count("1")) for m in row))


def _share(kernel: Callable[..., int], program: Any, parts: list[np.ndarray], limit: int,
           solution: np.ndarray, stats: np.ndarray, threads: int, learned: np.ndarray
           ) -> tuple[int, int, int]:
    """Search the pieces in ``threads`` threads, each from the scores ``learned`` and on from its last
    piece's; return (count up to ``limit``, guesses, handler runs),
    the pieces' solutions into ``solution`` in piece order."""
    from engine.kernels.variant import H_INIT

    nc = program.cells
    start = int(program.array[H_INIT])
    lock = threading.Lock()
    shared = {"next": 0, "count": 0, "guesses": 0, "runs": 0}
    found: dict[int, np.ndarray] = {}
    errors: list[BaseException] = []

    def work() -> None:
        array = program.array.copy()
        scores = learned.copy()
        while True:
            with lock:
                index = shared["next"]
                if index >= len(parts) or shared["count"] >= limit or errors:
                    return
                shared["next"] += 1
                left = limit - shared["count"]
            array[start:start + nc] = parts[index]
            mine = np.zeros_like(solution)
            own = stats.copy()
            try:
                count = int(kernel(array, left, mine, own, scores))
            except BaseException as err:  # noqa: B036 - passed on to the caller's thread
                with lock:
                    errors.append(err)
                return
            with lock:
                shared["count"] += count
                shared["guesses"] += int(own[0])
                shared["runs"] += int(own[1])
                if count:
                    found[index] = mine[:count * nc].copy()

    team = [threading.Thread(target=work, daemon=True) for _ in range(threads)]
    for thread in team:
        thread.start()
    for thread in team:
        thread.join()
    if errors:
        raise errors[0]
    flat = np.concatenate([found[i] for i in sorted(found)]) if found else solution[:0]
    keep = min(len(flat), len(solution))
    solution[:keep] = flat[:keep]
    return min(shared["count"], limit), shared["guesses"], shared["runs"]


def _steal(program: Any, limit: int, solution: np.ndarray, stats: np.ndarray, scores: np.ndarray
           ) -> tuple[int, int, int]:
    """Search in two threads sharing one tree (two, whatever the cores: one giver, one asker at a time):
    one starts at the root from ``scores``, the other asks it for work and gets the lowest node's work
    left (:func:`engine.kernels.variant.search_shared`), and so on both ways until both are idle with
    nothing given; return (count up to ``limit``, guesses, handler runs), the solutions into
    ``solution`` in the order found."""
    from engine.kernels.variant import H_INIT, S_ASKED, S_GIVEN, S_ROW, S_STOP, search_shared

    nc = program.cells
    start = int(program.array[H_INIT])
    share = np.zeros(S_ROW + nc + len(scores), dtype=np.int64)
    lock = threading.Lock()
    shared = {"idle": 0, "done": False, "count": 0, "guesses": 0, "runs": 0}
    found: list[np.ndarray] = []
    errors: list[BaseException] = []

    def run(array: np.ndarray, mine: np.ndarray) -> None:
        out = np.zeros_like(solution)
        own = stats.copy()
        count = int(search_shared(array, max(1, limit - shared["count"]), out, own, mine, share))
        with lock:
            shared["count"] += count
            shared["guesses"] += int(own[0])
            shared["runs"] += int(own[1])
            if count:
                found.append(out[:count * nc].copy())
            if shared["count"] >= limit:
                share[S_STOP] = 1
                shared["done"] = True

    def work(first: bool) -> None:
        array = program.array.copy()
        mine = scores.copy()
        try:
            if first:
                run(array, mine)
            while True:
                with lock:
                    if shared["done"]:
                        return
                    shared["idle"] += 1
                share[S_ASKED] = 1
                while True:
                    with lock:
                        if share[S_GIVEN]:
                            array[start:start + nc] = share[S_ROW:S_ROW + nc]
                            mine[:] = share[S_ROW + nc:]
                            share[S_GIVEN] = 0
                            shared["idle"] -= 1
                            break
                        if shared["done"] or shared["idle"] == 2:
                            shared["done"] = True
                            share[S_STOP] = 1
                            return
                    time.sleep(0.0002)
                run(array, mine)
        except BaseException as err:  # noqa: B036 - passed on to the caller's thread
            with lock:
                errors.append(err)
                shared["done"] = True
                share[S_STOP] = 1

    team = [threading.Thread(target=work, args=(i == 0,), daemon=True) for i in range(2)]
    for thread in team:
        thread.start()
    for thread in team:
        thread.join()
    if errors:
        raise errors[0]
    flat = np.concatenate(found) if found else solution[:0]
    keep = min(len(flat), len(solution))
    solution[:keep] = flat[:keep]
    return min(shared["count"], limit), shared["guesses"], shared["runs"]
