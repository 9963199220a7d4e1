"""A solve session: the engine's search trace played on a worker thread at a speed the user sets live.

The worker pulls events from the engine's lazy trace, keeps its own copy of the board up to date and
sends ``frame`` events through the bridge: the run's board at a position, keyed by the run's id, with
no status (the run's status reaches the page in the state's ``session``).  At a delay above 0 every
event is one frame, shown
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
from typing import Any

import numpy as np

from desktop.midend.frames import engine_trace, event_dict
from desktop.midend.timeline import Timeline, apply_event

log = logging.getLogger(__name__)

FPS = 60
FRAME_S = 1.0 / FPS
STATUSES = ("idle", "running", "paused", "solved", "failed", "stopped")
_ids = itertools.count(1)

Emit = Callable[[str, dict], None]


def idle_info(delay: int, algorithm: str) -> dict[str, Any]:
    """Return the session info the UI shows when nothing runs."""
    return {"id": 0, "status": "idle", "algorithm": algorithm, "steps": 0, "backtracks": 0,
            "elapsed_ms": 0, "delay": delay, "position": 0, "length": 0, "tick": 0}


class Board:
    """The solver's picture of the board, following the trace's events exactly (see :func:`apply_event`)."""

    def __init__(self, start: Sequence[int]) -> None:
        self.digits = [int(d) for d in start]

    def apply(self, kind: str, cell: int, digit: int, forced: Sequence[Sequence[int]]) -> None:
        """Apply one event to the board (events of other kinds change nothing)."""
        apply_event(self.digits, kind, cell, digit, forced)


def _logic_state(start: Sequence[int], steps: Sequence[Any]) -> Any:
    """Return human logic's candidate state after ``steps`` from ``start`` (a CandidateGrid)."""
    from engine import CandidateGrid

    state = CandidateGrid.from_grid(list(start))
    for step in steps:
        state.apply(step)
    return state


class Session:
    """One run of one algorithm over one board, recorded on a timeline; methods are thread-safe and
    return at once.

    The worker thread alone moves the board: forward through the trace (recording each new event),
    or, on a seek, to any recorded moment.  A run that has ended keeps its worker waiting, so a
    seek can reopen it (paused at that moment) and Step or Resume replay it from there; :meth:`stop`
    ends the worker for good.
    """

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
        self.timeline = Timeline(self.start_digits)
        self.position = 0  # events of the timeline applied to the board
        self.status = "paused" if paused else "running"
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
        self._seek: int | None = None  # a position asked for, not yet shown
        self._told = False  # the run's end has been sent (its last message and on_end), until a reopen
        self._ticks = itertools.count(1)
        self._elapsed = 0.0
        self._resumed_at: float | None = None
        self._last_event: Any = None
        self._unsent = 0
        self._cands: Any = None  # human logic: the candidate state (its eliminations), made by the worker
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

    def seek(self, position: int) -> int:
        """Show the board after ``position`` recorded events (clamped to the timeline), pausing the run
        there; an ended run reopens, paused.  Returns the position that will be shown; a no-op (-1)
        once stopped."""
        with self._cond:
            if self._stop or self.status == "stopped":
                return -1
            target = max(0, min(int(position), len(self.timeline)))
            self._seek = target
            self._told = False
            self._paused = True
            self._step_credit = 0
            self.status = "paused"
            self._cond.notify_all()
            return target

    def step_back(self) -> int:
        """Show the board one event earlier (see :meth:`seek`); returns the position that will be shown."""
        with self._cond:
            here = self._seek if self._seek is not None else self.position
        return self.seek(here - 1)

    def stop(self) -> None:
        """End the run as soon as the worker looks (between two events), and the worker with it; a run
        whose worker has already gone is stopped at once (it must never stay "paused" for ever)."""
        with self._cond:
            self._stop = True
            if self._thread.ident is not None and not self._thread.is_alive():
                self.status = "stopped"
            self._cond.notify_all()

    def set_delay(self, delay_ms: int) -> None:
        """Change the delay between events, taking effect during the current wait."""
        with self._cond:
            self._delay = delay_ms
            self._cond.notify_all()

    def join(self, timeout: float | None = None) -> None:
        """Wait until the run has ended and its end has been sent (tests; the app never waits)."""
        with self._cond:
            self._cond.wait_for(lambda: self._told or not self._thread.is_alive(), timeout)

    @property
    def steps(self) -> int:
        """The events shown so far, of every kind: the board's position on the timeline."""
        return self.position

    @property
    def backtracks(self) -> int:
        """The engine's running count of backtracks at the event shown."""
        return self._last_event.backtracks if self._last_event is not None else 0

    @property
    def ended(self) -> bool:
        """True once the run is solved, failed or stopped."""
        return self.status in ("solved", "failed", "stopped")

    def info(self) -> dict[str, Any]:
        """Return the JSON-able session info (status, counters, elapsed time, delay, timeline position)."""
        elapsed = self._elapsed
        if self._resumed_at is not None:
            elapsed += time.monotonic() - self._resumed_at
        seek = self._seek
        return {
            "id": self.id,
            "status": self.status,
            "algorithm": self.algorithm,
            "steps": self.steps,
            "backtracks": self.backtracks,
            "elapsed_ms": int(elapsed * 1000),
            "delay": self._delay,
            "position": self.position if seek is None else seek,
            "length": len(self.timeline),
            "tick": next(self._ticks),  # orders copies of this info: the page keeps the newest
        }

    # -- the worker ----------------------------------------------------------------------------

    def _run(self) -> None:
        live: Iterator[Any] | None = None
        while True:
            try:
                if live is None:
                    if self.algorithm == "human":
                        self._cands = _logic_state(self.start_digits, [])
                    live = iter(self._trace_factory(self.start_digits, self.algorithm))
                final = self._play(live)
            except Exception as err:  # an engine failure ends the run visibly, never the thread silently
                log.exception("solve session %s failed", self.id)
                self.error = f"{type(err).__name__}: {err}"
                final, live = "failed", iter(())
            self._finish(final)
            if final == "stopped" or not self._await_reopen():
                return

    def _finish(self, final: str) -> None:
        """End (for now) in an order the page can follow: under the owner's lock the status becomes
        final and the owner settles (puts a solution on its board), so no snapshot ever shows one
        without the other; then the last progress message; then on_end (the owner tells the page)."""
        self._clock_stop()
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
        with self._cond:
            self._told = self._seek is None  # a seek that came meanwhile reopened the run
            self._cond.notify_all()

    def _await_reopen(self) -> bool:
        """After the end: wait for a seek (True, the run is paused at it) or stop (False)."""
        with self._cond:
            self._cond.wait_for(lambda: self._stop or self._seek is not None)
            if self._stop:  # a seek that came just before the stop must not leave it "paused" for ever
                self.status = "stopped"
                self._cond.notify_all()
                return False
        self._take_seek()
        return True

    def _play(self, live: Iterator[Any]) -> str:
        """Play events from the board's position; return how the run ended: solved, failed or stopped."""
        if not self._paused:
            self._clock_start()
        last_flush = 0.0
        basis = time.monotonic()
        apply = self.board.apply
        timeline = self.timeline
        record = timeline.record
        digits = self.board.digits
        replaying = self.position < len(timeline)  # read back recorded events, else record new ones
        while True:
            single = False
            if self._paused or self._stop or self._seek is not None:
                single = self._wait_turn()
                if self._stop:
                    return "stopped"
                if not single:
                    basis = time.monotonic()
                replaying = self.position < len(timeline)
            fresh = not replaying
            if replaying:
                ev = timeline.event(self.position)
                replaying = self.position + 1 < len(timeline)
            else:
                ev = next(live, None)
            if ev is None:
                return "failed"  # a trace that ends without "solved" found nothing
            kind = ev.kind
            apply(kind, ev.cell, ev.digit, ev.forced)
            if fresh:
                record(ev, digits)
            if self._cands is not None and ev.step is not None:  # only human logic's events carry steps
                self._cands.apply(ev.step)
            self.position += 1
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

    def _take_seek(self) -> None:
        """Move the board to the asked position (worker only) and show it, paused."""
        with self._cond:  # seek() paused the run already; a Resume since then stands
            target, self._seek = self._seek, None
            if target is None:
                return
        self.board.digits[:] = self.timeline.board_at(target)  # in place: the worker loop holds the list
        self.position = target
        self._last_event = self.timeline.event(target - 1) if target else None
        if self._cands is not None:
            self._cands = _logic_state(self.start_digits, self.timeline.logic_steps(target))
        self._unsent = 0
        self._flush()

    def _wait_turn(self) -> bool:
        """Block while paused (showing any seek); True if released by Step (one event), False by Resume
        or Stop."""
        with self._cond:
            if self._paused:
                self._clock_stop()
                self.status = "paused"
        self._flush()  # the UI sees "paused" with the counters it froze at
        while True:
            with self._cond:
                self._cond.wait_for(lambda: not self._paused or self._stop or self._step_credit > 0
                                    or self._seek is not None)
                if self._stop:
                    return False
                if self._seek is None:
                    if self._paused:
                        self._step_credit -= 1
                        return True
                    self.status = "running"
                    self._clock_start()
                    return False
            self._take_seek()

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

    def _candidates(self) -> list[int]:
        """Return the candidates at the board's moment: human logic's state, else by the placed digits."""
        if self._cands is not None:
            return list(self._cands.cands)
        from engine import candidate_masks

        return [int(m) for m in candidate_masks(np.asarray(self.board.digits, dtype=np.uint8))]

    def frame(self) -> dict[str, Any]:
        """Return the run's board at the position shown, as the page's ``frame`` event carries it: a view
        keyed by the run's id, with the counters of that moment and no status."""
        info = self.info()
        ev = self._last_event
        return {
            "run": self.id,
            "tick": info["tick"],
            "position": self.position,  # the board's (a seek asked for comes in a later frame)
            "length": info["length"],
            "backtracks": info["backtracks"],
            "elapsed_ms": info["elapsed_ms"],
            "board": list(self.board.digits),
            "start": self.start_digits,
            "event": None if ev is None else event_dict(ev),
            "count": self._unsent,
            "candidates": self._candidates(),
        }

    def _flush(self) -> None:
        payload = self.frame()
        self._unsent = 0
        try:
            self._emit("frame", payload)
        except Exception:
            log.exception("solve session %s: could not send progress", self.id)
