"""A solve session: the engine's search trace played on a worker thread at a speed the user sets live.

The worker pulls events from the engine's lazy trace, keeps its own copy of the board up to date and
sends ``solve`` messages through the bridge.  At a delay above 0 every event is one message, shown
for ``delay`` ms; at delay 0 the events are batched and the board is sent at most :data:`FPS` times
a second, which is all a screen can show (one bridge call per event would cost more than the search).
Pause, Step (exactly one event), Stop and the delay are read by the worker between events, so they
act at once; the thread is a daemon and checks its stop flag on every event, so closing the window
mid-run never waits for it.
"""

from __future__ import annotations

import itertools
import logging
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

if TYPE_CHECKING:
    from engine import Step

log = logging.getLogger(__name__)

FPS = 60
FRAME_S = 1.0 / FPS
STATUSES = ("idle", "running", "paused", "solved", "failed", "stopped")
_ids = itertools.count(1)

Emit = Callable[[str, dict], None]


def idle_info(delay: int, algorithm: str) -> dict[str, Any]:
    """Return the session info the UI shows when nothing runs."""
    return {"id": 0, "status": "idle", "algorithm": algorithm, "steps": 0, "backtracks": 0,
            "elapsed_ms": 0, "delay": delay}


def engine_trace(grid: Sequence[int], algorithm: str) -> Iterator[Any]:
    """Return the lazy event stream of ``algorithm`` over ``grid``; ValueError for an unknown algorithm."""
    if algorithm == "human":
        return logic_trace(grid)
    from engine.search import trace  # loaded on the worker, never on the UI's thread

    return iter(trace(np.asarray(grid, dtype=np.uint8), algorithm))


class LogicEvent(NamedTuple):
    """One step of human logic as a trace event: kind "logic" with its placements and the step."""

    kind: str
    cell: int
    digit: int
    depth: int
    steps: int
    backtracks: int
    forced: tuple[tuple[int, int], ...] = ()
    step: Step | None = None  # the engine's step, sent in its one wire form (Step.to_dict)


def logic_trace(grid: Sequence[int]) -> Iterator[LogicEvent]:
    """Yield the engine's easiest-first logical steps over ``grid`` as events, then solved or failed.

    Lazy like the search traces: a step is found only when the display asks for it.  The engine's
    last resort (a "guess" from the exact solver) keeps every solvable puzzle going to the end.
    """
    from engine.errors import InvalidPuzzleError
    from engine.human import iter_steps

    values = [int(d) for d in grid]
    steps = 0
    try:
        for step in iter_steps(values):
            steps += 1
            for c, d in step.placements:
                values[c] = d
            where = step.placements[0] if step.placements else (step.eliminations[0][0], 0)
            yield LogicEvent("logic", where[0], where[1], 0, steps, 0, tuple(step.placements), step)
    except InvalidPuzzleError:
        pass
    yield LogicEvent("solved" if all(values) else "failed", -1, 0, 0, steps, 0)


class Board:
    """The solver's picture of the board, following the trace's events exactly.

    A "try" puts its digit and then its forced placements; an "undo" takes back its cell and the
    placements it lists (for "smart", the givens' own consequences are never listed, so they stay);
    "backtrack" changes nothing; "solved" may bring the last forced placements.
    """

    def __init__(self, start: Sequence[int]) -> None:
        self.digits = [int(d) for d in start]

    def apply(self, kind: str, cell: int, digit: int, forced: Sequence[Sequence[int]]) -> None:
        """Apply one event to the board (events of other kinds change nothing)."""
        digits = self.digits
        if kind == "try":
            digits[cell] = digit
            for c, d in forced:
                digits[c] = d
        elif kind == "undo":
            digits[cell] = 0
            for c, _ in forced:
                digits[c] = 0
        elif forced:  # "logic" steps; "solved" may report the placements of a last propagation
            for c, d in forced:
                digits[c] = d


def event_dict(ev: Any) -> dict[str, Any]:
    """Return the JSON-able form of one event (kind, cell, digit, depth, forced; logic steps add more)."""
    out = {
        "kind": str(ev.kind),
        "cell": int(ev.cell),
        "digit": int(ev.digit),
        "depth": int(ev.depth),
        "forced": [[int(c), int(d)] for c, d in (ev.forced or ())],
    }
    if isinstance(ev, LogicEvent) and ev.step is not None:
        # as a hint answers: the step's one wire form, and its texts for the page to show
        out["step"] = ev.step.to_dict()
        out["explain"] = {"en": ev.step.explain("en"), "zh": ev.step.explain("zh")}
    return out


class Session:
    """One run of one algorithm over one board; all methods are thread-safe and return at once."""

    def __init__(
        self,
        start: Sequence[int],
        algorithm: str,
        emit: Emit,
        delay_ms: int,
        on_end: Callable[[Session], None] | None = None,
        paused: bool = False,
        trace_factory: Callable[[Sequence[int], str], Iterator[Any]] = engine_trace,
        settle: Callable[[Session], None] | None = None,
        owner_lock: Any = None,
    ) -> None:
        self.id = next(_ids)
        self.algorithm = algorithm
        self.start_digits = [int(d) for d in start]
        self.board = Board(self.start_digits)
        self.status = "paused" if paused else "running"
        self.steps = 0
        self.backtracks = 0
        self.error: str | None = None
        self._emit = emit
        self._on_end = on_end
        self._settle = settle
        self._owner_lock = owner_lock if owner_lock is not None else threading.RLock()
        self._trace_factory = trace_factory
        self._cond = threading.Condition()
        self._delay = delay_ms
        self._paused = paused
        self._stop = False
        self._step_credit = 0
        self._elapsed = 0.0
        self._resumed_at: float | None = None
        self._last_event: dict[str, Any] | None = None
        self._unsent = 0
        self._thread = threading.Thread(target=self._run, name=f"solve-{self.id}", daemon=True)

    # -- control (any thread) ------------------------------------------------------------------

    def start(self) -> None:
        """Start the worker thread (once)."""
        self._thread.start()

    def pause(self) -> None:
        """Freeze the run after the current event; a no-op once it has ended."""
        with self._cond:
            if self.status == "running":
                self._paused = True
                self.status = "paused"  # answered at once; the worker stops after the event in hand
                self._cond.notify_all()

    def resume(self) -> None:
        """Continue a paused run; a no-op unless paused."""
        with self._cond:
            if not self.ended and self._paused:
                self._paused = False
                self.status = "running"
                self._cond.notify_all()

    def step(self) -> None:
        """Pause if running, then let exactly one more event through."""
        with self._cond:
            if self.ended:
                return
            self._paused = True
            self.status = "paused"
            self._step_credit += 1
            self._cond.notify_all()

    def stop(self) -> None:
        """End the run as soon as the worker looks (between two events)."""
        with self._cond:
            self._stop = True
            self._cond.notify_all()

    def set_delay(self, delay_ms: int) -> None:
        """Change the delay between events, taking effect during the current wait."""
        with self._cond:
            self._delay = delay_ms
            self._cond.notify_all()

    def join(self, timeout: float | None = None) -> None:
        """Wait for the worker to finish (tests; the app never waits)."""
        self._thread.join(timeout)

    @property
    def ended(self) -> bool:
        """True once the run is solved, failed or stopped."""
        return self.status in ("solved", "failed", "stopped")

    def info(self) -> dict[str, Any]:
        """Return the JSON-able session info (status, counters, elapsed time, delay)."""
        elapsed = self._elapsed
        if self._resumed_at is not None:
            elapsed += time.monotonic() - self._resumed_at
        return {
            "id": self.id,
            "status": self.status,
            "algorithm": self.algorithm,
            "steps": self.steps,
            "backtracks": self.backtracks,
            "elapsed_ms": int(elapsed * 1000),
            "delay": self._delay,
        }

    # -- the worker ----------------------------------------------------------------------------

    def _run(self) -> None:
        try:
            final = self._play(self._trace_factory(self.start_digits, self.algorithm))
        except Exception as err:  # an engine failure must end the run visibly, not kill the thread silently
            log.exception("solve session %s failed", self.id)
            self.error = f"{type(err).__name__}: {err}"
            final = "failed"
        self._clock_stop()
        # The end, in an order the page can follow: under the owner's lock the status becomes final
        # and the owner settles (puts a solution on its board), so no snapshot ever shows one without
        # the other; then the last progress message; then on_end (the owner tells the page).
        try:
            with self._owner_lock:
                with self._cond:
                    self.status = final
                    self._cond.notify_all()
                if self._settle is not None:
                    self._settle(self)
        except Exception:
            log.exception("solve session %s: settling failed", self.id)
        self._flush()
        if self._on_end is not None:
            try:
                self._on_end(self)
            except Exception:
                log.exception("solve session %s: end handler failed", self.id)

    def _play(self, events: Iterator[Any]) -> str:
        """Play the events; return how the run ended: "solved", "failed" or "stopped"."""
        if not self._paused:
            self._clock_start()
        last_flush = 0.0
        basis = time.monotonic()
        apply = self.board.apply
        for ev in events:
            single = False
            if self._paused or self._stop:
                single = self._wait_turn()
                if self._stop:
                    return "stopped"
                if not single:
                    basis = time.monotonic()
            kind = ev.kind
            apply(kind, ev.cell, ev.digit, ev.forced)
            self.steps += 1
            self.backtracks = ev.backtracks
            self._last_event = ev
            self._unsent += 1
            if kind == "solved" or kind == "failed":
                return kind
            if single:
                self._flush()
            elif self._delay == 0:
                now = time.monotonic()
                if now - last_flush >= FRAME_S:
                    self._flush()
                    last_flush = now
            else:
                self._flush()
                basis = self._sleep(basis)
        return "failed"  # a trace that ends without "solved" found nothing

    def _wait_turn(self) -> bool:
        """Block while paused; return True if released by Step (one event), False by Resume or Stop."""
        with self._cond:
            if self._paused:
                self._clock_stop()
                self.status = "paused"
        self._flush()  # the UI sees "paused" with the counters it froze at
        with self._cond:
            while self._paused and not self._stop and self._step_credit == 0:
                self._cond.wait()
            if self._stop:
                return False
            if self._paused:
                self._step_credit -= 1
                return True
            self.status = "running"
            self._clock_start()
            return False

    def _sleep(self, basis: float) -> float:
        """Wait until ``basis + delay`` (the delay read live); return the next basis."""
        with self._cond:
            while not self._stop and not self._paused:
                target = basis + self._delay / 1000.0
                remaining = target - time.monotonic()
                if remaining <= 0:
                    # on schedule: count the next wait from the target, so 200 ms means 5 a second
                    now = time.monotonic()
                    return target if now - target < self._delay / 1000.0 else now
                self._cond.wait(remaining)
        return time.monotonic()

    def _clock_start(self) -> None:
        if self._resumed_at is None:
            self._resumed_at = time.monotonic()

    def _clock_stop(self) -> None:
        if self._resumed_at is not None:
            self._elapsed += time.monotonic() - self._resumed_at
            self._resumed_at = None

    def _flush(self) -> None:
        ev = self._last_event
        payload = {
            "session": self.info(),
            "board": list(self.board.digits),
            "start": self.start_digits,
            "event": None if ev is None else event_dict(ev),
            "count": self._unsent,
        }
        self._unsent = 0
        try:
            self._emit("solve", payload)
        except Exception:
            log.exception("solve session %s: could not send progress", self.id)
