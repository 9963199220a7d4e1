"""The desktop's worker threads: making puzzles, warming the compiled solver up, analysing boards.

Everything here runs off the page's calls, so a call returns at once; results go back through the
callbacks the :class:`~desktop.host.host.Host` hands in (which take its lock).  No game state lives here.
"""

from __future__ import annotations

import importlib.util
import logging
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from desktop.midend.rules import count, unique_solution
from desktop.midend.shape import CLASSIC, Shape

log = logging.getLogger(__name__)

HAS_HUMAN = importlib.util.find_spec("engine.logic.human") is not None  # rating needs the human logic
Puzzle = tuple[list[int], list[int] | None]  # givens, and the solution when there is exactly one


def algorithms() -> list[str]:
    """Return the solve algorithms this build offers ("human" needs the engine's step driver)."""
    return ["naive", "smart", "human"] if HAS_HUMAN else ["naive", "smart"]


def spawn(target: Callable[..., None], name: str, *args: object) -> threading.Thread:
    """Start ``target(*args)`` on a daemon thread (the window's closing never waits for it)."""
    thread = threading.Thread(target=target, args=args, name=name, daemon=True)
    thread.start()
    return thread


def make_puzzle(level: str) -> Puzzle:
    """Return a new unique puzzle at ``level`` ("any" or a difficulty) and its solution; raises on failure."""
    from engine import generate

    # newspaper-style: givens symmetric about the centre; a level is rated by human logic
    difficulty = None if level == "any" or not HAS_HUMAN else level
    grid = [int(d) for d in generate(symmetry="rotational", difficulty=difficulty)]
    return grid, unique_solution(grid)


VARIANT_KINDS = ("classic", "killer", "jigsaw", "x", "windoku", "thermo")  # what New puzzle offers
VARIANT_LEVELS = ("easy", "medium", "hard", "expert")  # the variant logic's levels (others: any level)


def check_variant(kind: str, size: int) -> None:
    """ValueError naming what is wrong with a New puzzle of ``kind`` and ``size`` (the engine's rules)."""
    if kind == "windoku" and size != 9:
        raise ValueError("Windoku is made at size 9 only (its four 3x3 windows).")
    if kind == "killer" and size not in (4, 6, 8, 9):
        raise ValueError("Killer puzzles are made at sizes 4, 6, 8 and 9.")


def make_variant(kind: str, size: int, level: str) -> tuple[list[int], list[int] | None, dict[str, Any]]:
    """Return a new unique puzzle of ``kind`` and ``size`` (engine.generate_variant), its solution and
    ``{"shape": its Shape}``; raises on failure (ValueError for a combination the engine refuses)."""
    from engine import generate_variant, solve

    puzzle = generate_variant(kind, size, difficulty=level if level in VARIANT_LEVELS else None)
    shape = CLASSIC if puzzle.is_classic else Shape.of(puzzle, kind)
    found = solve(puzzle)
    solution = None if found is None else [int(d) for d in found]
    return [int(d) for d in puzzle.givens], solution, {"shape": shape}


def make_needing(needs: str, time_limit: float) -> tuple[list[int], list[int], str]:
    """Return a new unique puzzle whose rating path uses ``needs`` and nothing harder, its solution and
    its level ("any" when it rates beyond master); GenerationError when none turns up in ``time_limit`` s."""
    from engine import generate, rate

    grid = [int(d) for d in generate(needs=needs, time_limit=time_limit)]
    level = rate(grid).level.value
    return grid, unique_solution(grid), "any" if level == "extreme" else level  # levels New puzzle offers


def distinct_puzzles(
    count: int, level: str, stop: threading.Event, have: Iterable[Sequence[int]] = ()
) -> Iterator[Puzzle]:
    """Yield up to ``count`` puzzles, no two alike nor like one of ``have``, until ``stop`` is set;
    raises what make_puzzle raises."""
    seen = {tuple(grid) for grid in have}
    wanted = len(seen) + count
    while len(seen) < wanted and not stop.is_set():
        grid, solution = make_puzzle(level)
        if tuple(grid) not in seen:
            seen.add(tuple(grid))
            yield grid, solution


def warm_up(soon: threading.Event, delay_s: float) -> None:
    """Compile (or load) the solver's kernels after ``delay_s``, sooner if ``soon`` is set; never raises."""
    # Let the page draw and take its first keys before numba's import and compilation (which hold
    # the GIL for long stretches) start; a check asked for sooner simply waits for them.
    soon.wait(delay_s)
    try:
        from engine import warm_up as compile_kernels  # numba: compiled here, off the UI

        compile_kernels()
    except Exception:
        log.exception("solver warm-up failed")


class Analyser:
    """Counts the solutions (up to 2) of the latest board handed in, on one thread; older ones are dropped.
    ``cond`` is a condition on the host's one lock: :meth:`submit` is called with that lock held."""

    def __init__(self, ready: threading.Event, report: Callable[[int, int], None],
                 cond: threading.Condition) -> None:
        self._ready = ready  # the solver is compiled
        self._report = report  # (board version, solutions): called on the worker thread, lock not held
        self._cond = cond
        self._job: tuple[int, list[int], Shape] | None = None
        self._thread: threading.Thread | None = None
        self._closed = False

    def submit(self, version: int, digits: list[int], shape: Shape = CLASSIC) -> None:
        """Queue a board of ``shape``, replacing any board still waiting (the host's lock held)."""
        self._job = (version, list(digits), shape)
        if self._thread is None:
            self._thread = spawn(self._run, "analysis")
        self._cond.notify_all()

    def close(self) -> None:
        """Stop the worker (it ends after the count it may be running)."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()

    def _run(self) -> None:
        while True:
            self._ready.wait()
            with self._cond:
                while self._job is None and not self._closed:
                    self._cond.wait()
                if self._closed:
                    return
                version, digits, shape = self._job
                self._job = None
            try:
                solutions = count(digits, shape, 2)
            except Exception:
                log.exception("analysis failed")
                continue
            if solutions is None:  # a shape not whole yet (a jigsaw being painted): nothing to count
                continue
            self._report(version, solutions)
