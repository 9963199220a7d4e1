"""The run pacer: the thread that plays a solve run at its delay.  The run itself (board, timeline,
position, status, counters, delay) is the mid end's (:mod:`desktop.midend.run`); the pacer only asks
what is needed, pulls the engine's events off the lock (the engine's lazy trace is the pacer's: it is
not state) and hands each batch back as a command.  At delay 0 a batch is what the engine makes in
one frame (:data:`FRAME_S`), which is all a screen can show; a bridge call per event would cost more
than the search.  The thread is a daemon and ends when the run is stopped or replaced, or the window
closes.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol

from desktop.midend.frames import engine_trace

log = logging.getLogger(__name__)

FPS = 60
FRAME_S = 1.0 / FPS
Trace = Callable[[Any, str], Iterator[Any]]  # over 81 digits, or a variant's engine Puzzle


class PacerCalls(Protocol):
    """The host's two calls a pacer makes (each takes the host's lock)."""

    def run_need(self, run_id: int) -> dict[str, Any]: ...

    def run_advance(self, run_id: int, events: list[Any], exhausted: bool, error: str) -> None: ...


def pull(live: Iterator[Any], count: int) -> tuple[list[Any], bool]:
    """Take ``count`` events from ``live`` (0: as many as one frame's time gives, up to the run's end);
    return them and whether the trace ran out."""
    events: list[Any] = []
    deadline = time.monotonic() + FRAME_S
    while len(events) < count or (not count and time.monotonic() < deadline):
        ev = next(live, None)
        if ev is None:
            return events, True
        events.append(ev)
        if ev.kind in ("solved", "failed"):
            break
    return events, False


def pace(host: PacerCalls, run_id: int, start: Sequence[int] | Any, algorithm: str,
         trace: Trace = engine_trace) -> None:
    """Play run ``run_id`` of ``algorithm`` over ``start`` until it is gone (the pacer thread's body)."""
    live: Iterator[Any] | None = None
    while True:
        need = host.run_need(run_id)  # waits (lock released) while paused, ended or between two events
        if need["kind"] == "gone":
            return
        events, exhausted, error = [], False, ""
        if need["kind"] == "live":
            try:
                if live is None:
                    live = iter(trace(start, algorithm))
                events, exhausted = pull(live, need["count"])
            except Exception as err:  # an engine failure ends the run visibly, never the thread silently
                log.exception("solve run %s failed", run_id)
                error, live = f"{type(err).__name__}: {err}", iter(())
        host.run_advance(run_id, events, exhausted, error)
