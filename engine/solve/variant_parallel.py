"""A hard variant search on two cores: its tree shared by two threads.

:func:`search` stands in for a search kernel's call (``kernel(array, limit, solution, stats)``).  With
one core, a budget already set, or a search not in the refutation order (mode bit 4: killers, sums,
sandwiches; the ISS's own search, mode 256, neither), it is that call.  Otherwise the search first runs
alone for :data:`BUDGET` guesses (the median puzzle needs far fewer: it pays nothing; a hard one loses
those guesses, about 0.15 s).  A search cut there starts again on two threads (the kernels release the
GIL: numba's ``nogil``, ``release_gil`` ahead of time), both on one tree (:func:`_steal`): one starts at
the root from the scores the lone search learned; the other asks, and is given the lowest node's work
left, with the giver's scores; whichever runs out asks the other, until both are idle.  Every solution
lies in exactly one node's work, so the counts add up to the puzzle's: the count is exact; once it
reaches ``limit`` both threads stop.

Split ahead into about 24 disjoint pieces instead (each split where the search would guess, two threads
taking them off a list, each carrying its scores on), the train's MATHEMAGIC killers took 1.0-3.9 times
the guesses (1.28-1.33x on six, mathemagic-13 2.2x): the pieces' first guesses, chosen before anything
is learned, made bigger trees.  Shared, each took 0.74-2.0x, all seven 1.16x.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from typing import Any

import numpy as np

# guesses the search makes alone first (5-20 us each: the restart costs that; with 3,000 the train's
# 16x16-sudoku-x-hard, 8,132 guesses, took twice the CPU in pieces, and little-killer-snipes-13, 12,640
# guesses, 1.5 times, for no gain in time)
BUDGET = 10000


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
    if threads < 2 or stats[3] or not stats[0] & 4 or stats[0] & 256:
        return int(kernel(program.array, limit, solution, stats))
    from engine.kernels.variant import H_N, H_PRIO, search_scored

    array = program.array
    scores = np.zeros(program.cells + int(array[H_N]), dtype=np.int64)
    scores[:program.cells] = array[array[H_PRIO]:array[H_PRIO] + program.cells]
    alone = stats.copy()
    alone[3] = budget
    count = int(search_scored(array, limit, solution, alone, scores))
    if alone[0] < budget:
        stats[:2] = alone[:2]
        return count
    count, guesses, runs = _steal(program, limit, solution, stats, scores)
    stats[0] = alone[0] + guesses
    stats[1] = alone[1] + runs
    return count


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
