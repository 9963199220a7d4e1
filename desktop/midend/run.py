"""A solve run's view: the board, the timeline, the position on it, the status, the counters and the delay.

The mid end owns it; the host's pacer only pulls the engine's events (off the lock) and hands them in at
the pace :meth:`Run.need` asks for.  Every change comes from a command of the mid end with the time in
ms; :meth:`Run.info` and :meth:`Run.need` only read.  A frame (the board at the position, for the
page's own channel keyed by the run's id) is built in one place, :meth:`Run.frame`.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Sequence
from typing import Any

from desktop.midend.frames import event_dict
from desktop.midend.game import Game, GameError
from desktop.midend.shape import CLASSIC, Shape, candidates
from desktop.midend.timeline import Timeline, apply_event

Result = dict[str, Any]
FRAME_MS = 1000.0 / 60  # at delay 0 the page gets a board at most this often: all a screen shows
REPLAY_BATCH = 4096  # recorded events replayed at delay 0 in one frame


def idle_info(delay: int, algorithm: str) -> dict[str, Any]:
    """Return the session info the UI shows when nothing runs."""
    return {"id": 0, "status": "idle", "algorithm": algorithm, "steps": 0, "backtracks": 0,
            "elapsed_ms": 0, "delay": delay, "position": 0, "length": 0, "tick": 0}


def _logic_state(start: Sequence[int], steps: Sequence[Any], shape: Shape = CLASSIC) -> Any:
    """Return human logic's candidate state after ``steps`` from ``start``: a CandidateGrid, or on a
    variant the variant logic's VariantState (the trace's own start: the board's digits as givens)."""
    if shape.is_classic:
        from engine import CandidateGrid

        state = CandidateGrid.from_grid(list(start))
    else:
        from engine import VariantState

        state = VariantState.start(shape.model(list(start)))
    for step in steps:
        state.apply(step)
    return state


class Run:
    """One run of ``algorithm`` over ``start``, recorded on a timeline; see the module docstring."""

    def __init__(self, run_id: int, algorithm: str, start: Sequence[int], delay: int, paused: bool,
                 now: float, shape: Shape = CLASSIC) -> None:
        self.id, self.algorithm, self.shape = run_id, algorithm, shape
        self.start = [int(d) for d in start]
        self.board = list(self.start)
        self.timeline = Timeline(self.start)
        self.position = 0  # events of the timeline applied to the board
        self.status = "paused" if paused else "running"
        self.delay = delay
        self.credit = 0  # events Step lets through while paused
        self.error = ""
        self.unsent = 0  # events applied since the last frame
        self.last: Any = None  # the event shown
        self.cands: Any = _logic_state(self.start, [], shape) if algorithm == "human" else None
        self.banked_ms, self.since = 0.0, None if paused else now
        self.next_at = now  # when the next event is due (a delay above 0 paces them)
        self.tick = 1  # orders copies of the info: the page keeps the newest

    @property
    def ended(self) -> bool:
        """True once the run is solved, failed or stopped."""
        return self.status in ("solved", "failed", "stopped")

    # -- reading ----------------------------------------------------------------------------------

    def info(self, now: float) -> dict[str, Any]:
        """Return the JSON-able run info (status, counters, elapsed time, delay, position on the timeline)."""
        elapsed = self.banked_ms + (max(0.0, now - self.since) if self.since is not None else 0.0)
        return {"id": self.id, "status": self.status, "algorithm": self.algorithm, "steps": self.position,
                "backtracks": self.last.backtracks if self.last is not None else 0,
                "elapsed_ms": int(elapsed), "delay": self.delay, "position": self.position,
                "length": len(self.timeline), "tick": self.tick}

    def need(self, now: float) -> dict[str, Any]:
        """What the pacer is to do now: ``wait`` (``timeout`` s, None: until woken), ``replay`` (hand in
        nothing: the timeline has the events) or ``live`` (pull ``count`` events, 0: a frame's worth)."""
        if self.ended or (self.status == "paused" and not self.credit):
            return {"kind": "wait", "timeout": None}
        stepping = self.status == "paused"
        if not stepping and now < self.next_at:
            return {"kind": "wait", "timeout": (self.next_at - now) / 1000.0}
        if self.position < len(self.timeline):
            return {"kind": "replay"}
        return {"kind": "live", "count": 1 if stepping or self.delay else 0}

    # -- changes (each from a command of the mid end) ---------------------------------------------------

    def advance(self, events: Sequence[Any], now: float, exhausted: bool = False, error: str = "") -> str:
        """Apply ``events`` pulled from the engine (none: replay from the timeline); return the status
        the run ends with ("solved", "failed") or "" while it goes on."""
        self.tick += 1
        if not events and self.position < len(self.timeline):
            one = self.status == "paused" or self.delay
            stop = min(len(self.timeline), self.position + (1 if one else REPLAY_BATCH))
            events = [self.timeline.event(i) for i in range(self.position, stop)]
            fresh = False
        else:
            fresh = True
        final = ""
        for ev in events:
            apply_event(self.board, ev.kind, ev.cell, ev.digit, ev.forced)
            if fresh:
                self.timeline.record(ev, self.board)
            if self.cands is not None and ev.step is not None:  # only human logic's events carry steps
                self.cands.apply(ev.step)
            self.position += 1
            self.last = ev
            self.unsent += 1
            if self.status == "paused" and self.credit:
                self.credit -= 1
            if ev.kind in ("solved", "failed"):
                final = ev.kind
                break
        if not final and (error or (exhausted and not events)):
            final, self.error = "failed", error
        if final:
            self.end(final, now)
        self.next_at = now + (self.delay if self.delay else (0.0 if fresh else FRAME_MS))
        return final

    def end(self, status: str, now: float) -> None:
        """End the run as ``status`` (solved, failed, stopped): the clock stops."""
        self._clock_stop(now)
        self.status, self.credit = status, 0
        self.tick += 1

    def pause(self, now: float) -> None:
        """Freeze the run (a no-op unless running)."""
        if self.status == "running":
            self.status = "paused"
            self._clock_stop(now)
            self.tick += 1

    def resume(self, now: float) -> None:
        """Go on from a pause (a no-op unless paused)."""
        if self.status == "paused":
            self.status, self.credit, self.next_at = "running", 0, now
            self.since = now
            self.tick += 1

    def step(self, now: float) -> None:
        """Pause, and let exactly one more event through (a no-op once ended)."""
        if not self.ended:
            self.pause(now)
            self.credit += 1
            self.tick += 1

    def seek(self, position: int, now: float) -> None:
        """Show the board after ``position`` recorded events (clamped), paused there; an ended run reopens."""
        target = max(0, min(int(position), len(self.timeline)))
        self._clock_stop(now)
        self.board = self.timeline.board_at(target)
        self.position, self.status, self.credit = target, "paused", 0
        self.last = self.timeline.event(target - 1) if target else None
        if self.cands is not None:
            self.cands = _logic_state(self.start, self.timeline.logic_steps(target), self.shape)
        self.unsent = 0
        self.tick += 1

    def set_delay(self, delay: int, now: float) -> None:
        """Change the delay between events, at once (the next event is due ``delay`` ms from now)."""
        self.delay, self.next_at = delay, now + delay
        self.tick += 1

    def frame(self, now: float) -> dict[str, Any]:
        """Return the frame for the page, a view keyed by the run's id with no status (the status is the
        state's ``session``): the counters, the board at the position, the event shown, the events since the
        last frame, the candidates; and count from it: the one place a frame is built."""
        info = self.info(now)
        counters = ("tick", "position", "length", "backtracks", "elapsed_ms")
        payload = {"run": self.id, **{k: info[k] for k in counters},
                   "board": list(self.board), "start": list(self.start),
                   "event": None if self.last is None else event_dict(self.last, self._variant_size()),
                   "count": self.unsent,
                   "candidates": self._candidates()}
        self.unsent = 0
        return payload

    def _variant_size(self) -> int:
        """Return N for a variant board (its steps are the variant logic's), 0 for a classic one."""
        return 0 if self.shape.is_classic else self.shape.size

    def _candidates(self) -> list[int]:
        """Return the candidates at the board's moment: human logic's state, else by the placed digits."""
        if self.cands is not None:
            return list(self.cands.cands)
        return candidates(self.board, self.shape)

    def _clock_stop(self, now: float) -> None:
        if self.since is not None:
            self.banked_ms += max(0.0, now - self.since)
            self.since = None


class RunCommands:
    """The mid end's commands and readings about the last run, mixed into
    :class:`~desktop.midend.midend.Midend` (which gives the game, the settings, ``busy`` and the notices)."""

    game: Game
    settings: dict[str, Any]
    told: list[dict[str, Any]]
    busy: str | None
    run: Run | None = None  # the last solve run's view
    _run_on: tuple[Hashable, int] = ((), 0)  # the puzzle key and board version it started on
    _run_ids = itertools.count(1)  # shared by every mid end: a run's id names its pacer thread

    def puzzle_key(self) -> Hashable:
        raise NotImplementedError  # the Midend's

    def run_here(self) -> bool:
        """True if the last run was started on the puzzle shown (its timeline belongs to the board)."""
        return self.run is not None and self._run_on[0] == self.puzzle_key()

    def running(self) -> bool:
        """True while a run is going (not solved, failed or stopped)."""
        return self.run is not None and not self.run.ended

    def run_info(self, now: float, algorithm: str) -> dict[str, Any]:
        """Return the run's info for the state (idle, with ``algorithm``, when none belongs to the board)."""
        run = self.run
        if run is None or (run.ended and not self.run_here()):
            return idle_info(self.settings["delay"], algorithm)
        return run.info(now)

    def run_need(self, run_id: int, now: float) -> dict[str, Any]:
        """What the pacer of run ``run_id`` is to do now (see :meth:`Run.need`); ``gone`` once stopped or
        replaced."""
        run = self.run
        if run is None or run.id != run_id or run.status == "stopped":
            return {"kind": "gone"}
        return run.need(now)

    def _do_run_start(self, now: float, algorithm: str, paused: bool = False) -> Result:
        """Start a solve run of the board shown (refused while one goes, while paused, on repeats or a full
        board); answers its ``run_id``; its ``algorithm`` becomes the setting (``settings``: to be saved)."""
        game = self.game
        if self.running():
            raise GameError("busy", "The solver is running; stop it first.")
        if game.paused:
            raise GameError("paused", "The game is paused; resume it first.")
        if self.busy is not None:
            raise GameError("busy", "A new puzzle is being made; try again in a moment.")
        if game.conflict_cells():
            raise GameError("invalid_board", "The board repeats a digit; remove the repeat before solving.")
        if all(game.digits):
            raise GameError("nothing_to_do", "The board is already full.")
        if not game.shape.is_classic:
            try:  # the solver and the variant logic read the board as the shape's model
                game.shape.model(game.digits)
            except ValueError as err:  # a jigsaw whose regions are still being painted
                raise GameError("invalid_board", f"The puzzle is not whole yet: {err}",
                                {"message": str(err)}) from None
        self.run = Run(next(self._run_ids), algorithm, game.digits, self.settings["delay"], paused, now,
                       game.shape)
        self._run_on = (self.puzzle_key(), game.version)
        self.settings["algorithm"] = algorithm
        return {"changed": False, "settings": True, "run_id": self.run.id}

    def _do_run_advance(self, now: float, run_id: int, events: Sequence[Any], exhausted: bool = False,
                        error: str = "") -> Result:
        """The pacer's next events of run ``run_id`` (none: replay the timeline); answers the ``frame`` to
        show, and ``ended`` with the run's end settled; dropped once the run is stopped or replaced."""
        run = self.run
        if run is None or run.id != run_id or run.ended:
            return {"changed": False}
        final = run.advance(events, now, exhausted, error)
        changed = self._settle(run, now) if final else False
        return {"changed": changed, "frame": run.frame(now), "ended": bool(final)}

    def _do_run_control(self, now: float, what: str, position: int = 0) -> Result:
        """Pause, resume, step, seek, step back or stop the run (seek and step back: GameError
        ``nothing_to_do`` without a run of this puzzle; the others are no-ops without a run)."""
        run = self.run
        if what in ("seek", "step_back"):
            if run is None or run.status == "stopped" or not self.run_here():
                raise GameError("nothing_to_do", "No run of this puzzle to go through: press Solve or Step.")
            run.seek(position if what == "seek" else run.position - 1, now)
        elif run is None or run.ended:
            return {"changed": False}
        elif what == "stop":
            run.end("stopped", now)
            return {"changed": self._settle(run, now), "frame": run.frame(now), "ended": True}
        else:
            {"pause": run.pause, "resume": run.resume, "step": run.step}[what](now)
        return {"changed": False, "frame": run.frame(now)}

    def _settle(self, run: Run, now: float) -> bool:
        """A run ended: a solution found for the board still shown becomes one undoable move (cause solve:
        the puzzle is then marked solved by the solver); a failure is told; True if the game changed."""
        if run.status == "failed":
            message = run.error or "The search ended without a solution: this board has none."
            self.told.append({"level": "warning", "code": "solve_failed", "message": message,
                              "params": {"error": run.error}})
        if run.status != "solved" or self.game.version != self._run_on[1] or self.game.paused:
            return False
        placements = [(c, d) for c, d in enumerate(run.board) if d and not run.start[c]]
        return self.game.place(placements, "solve")
