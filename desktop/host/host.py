"""The host: the one lock, the worker threads and the road to the page, around one :class:`Midend`.

pywebview runs each call of the page on a thread of its own; the host makes every command of the mid end under
one lock (a plain Lock: no path takes it twice), saves what ``do()`` says changed, and pushes the whole
snapshot to the page as one numbered ``state`` event.  Long work runs off the lock (making puzzles, the
warm-up, the analysis, a run's pacer); its result comes back as a command, which the mid end drops if it no
longer belongs to what is shown.  A run's frames go to the page on their own channel (``frame``) keyed by the
run's id: a view, never state (the run's status is the state's ``session``).  Notices are the mid end's, part
of the state: a list numbered by ``id`` the page tells once each.  So is the technique trainer, with its
scores: the host reads their file when it makes the mid end and saves it when ``do()`` answers ``scores``.
The areas beside the game (``maker``, ``practice``, ``photo``, ``learn``, ``export``) are given only
:class:`~desktop.host.calls.HostCalls`.
"""

from __future__ import annotations

import datetime as dt
import logging
import secrets
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from desktop.bridge import Bridge
from desktop.host import workers
from desktop.host.export import ExportHost
from desktop.host.learn import LearnHost
from desktop.host.making import MakerHost
from desktop.host.pacer import Trace, pace
from desktop.host.photo import PhotoHost
from desktop.host.practice import PracticeHost
from desktop.io import printing, storage, transfer
from desktop.midend import GameError
from desktop.midend.enter import typed_puzzle
from desktop.midend.frames import engine_trace
from desktop.midend.midend import Midend
from desktop.midend.rules import check_puzzle, unique_solution
from desktop.midend.trainer import dump_scores, load_scores
from engine import __version__

log = logging.getLogger(__name__)

WARM_UP_DELAY_S = 1.0
MAX_SET = 1000


def now_ms() -> float:
    """The mid end's clock: milliseconds that only go forward."""
    return time.monotonic() * 1000.0


class Host:
    """Owns the mid end, its lock and its threads; every public method is safe from any thread and
    raises GameError for a refused command."""

    def __init__(self, bridge: Bridge, folder: Path, lang: str | None, system_lang: str) -> None:
        self._bridge = bridge
        self.lock = threading.Lock()  # the one lock: never re-entered (no path takes it twice)
        self._storage = storage.Storage(folder)
        first_launch = not (folder / storage.GAME_FILE).exists()  # before a damaged save is moved aside
        loaded_settings, loaded_game = self._storage.load_settings(), self._storage.load_game()
        told = loaded_settings.told("settings") + loaded_game.told("game")  # damaged files, history dropped
        scores = self._storage.load_file(storage.PRACTICE_FILE, load_scores, dict)
        if scores.problem:  # the damaged file is kept aside; the trainer starts fresh
            log.warning("practice scores not read (%s); starting fresh", scores.problem)
        self.midend = Midend(loaded_game.value, loaded_settings.value, told, scores.value,
                             secrets.randbits(64))  # the trainer's random moves: seeded here, not in it
        self._lang_override = lang if lang in storage.LANGUAGES else None
        self._system_lang = system_lang
        self.trace: Trace = engine_trace  # the engine's event stream a run's pacer plays (tests slow it)
        self._solver_ready = threading.Event()
        self._warm_started = False
        self._warm_soon = threading.Event()
        self._wake = threading.Condition(self.lock)  # on the one lock: the analyser and the pacer wait
        self._analyser = workers.Analyser(self._solver_ready, self._analysed, self._wake)
        self._closed = False
        self._seq = 0
        self.maker = MakerHost(self, first_launch)  # New puzzle, the daily puzzle, sets
        self.practice = PracticeHost(self)  # the technique trainer's jobs
        self.photo = PhotoHost(self)  # the photo review
        self.learn = LearnHost(self)  # Learn's questions to the engine
        self.export = ExportHost(self)  # the board as text, a file, a PDF or a link

    @property
    def closed(self) -> bool:
        """True once the window is closing (workers beside the mid end stop then)."""
        return self._closed

    # -- commands -----------------------------------------------------------------------------

    def move(self, command: dict[str, Any], solving_ok: bool = False,
             then: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
        """Make one command of the mid end (refused while a run is going unless ``solving_ok``),
        save and tell the page if it changed the game, and call ``then(result)`` still under the lock
        (a maker starts with its token so); return the mid end's result."""
        with self.lock:
            if not solving_ok and self.midend.running():
                raise GameError("busy", "The solver is running; stop it first.")
            result = self._do(command)
            if then is not None:
                then(result)
            if not self.midend.making:  # nothing is wanted from a maker still running
                self.maker.stop()
        self.publish()
        return result

    def _do(self, command: dict[str, Any]) -> dict[str, Any]:
        """Make ``command`` (lock held) and save what it says changed: the game, the settings, the scores."""
        result = self.midend.do(command, now_ms())
        if result.get("changed"):
            self._changed()
        if result.get("settings"):
            self._save_settings()
        if result.get("scores"):
            self._save_scores()
        self._wake.notify_all()  # a run's pacer looks again at what its run needs
        return result

    def command(self, name: str) -> dict[str, Any]:
        """Make the call ``name`` that takes no arguments; return the values it answers (see CONTRACT.md)."""
        if name in ("pause", "resume", "step_back"):
            self.run_control(name)
            return {}
        if name in ("check", "fill_singles", "undo_to_mistake"):
            self.ensure_solution()
        work = {"clear": self.clear, "step": self.step, "stop": self.stop_run, "quit": self.quit,
                "check_puzzle": self.check_board,
                "new_puzzle": self.maker.new_puzzle, "cancel_set": self.maker.cancel_set,
                "hint": self.learn.hint, "why_wrong": self.learn.why, "rate_puzzle": self.learn.rate_puzzle}
        if name in work:
            return work[name]() or {}
        result = self.move({"name": name})
        return {key: result[key] for key in ("changed", "check", "placed") if key in result}

    def start(self) -> None:
        """The window is shown: start the solver's warm-up and an unfinished set's maker (the first time
        only) and the board's analysis, and send the state."""
        self._start_warm_up()
        with self.lock:
            self._schedule_analysis()
        self.publish()

    def publish(self) -> None:
        """Send the page the whole state, numbered (the page drops one older than the last it has)."""
        with self.lock:
            state = self._state()
        self._emit("state", {"state": state})

    def _state(self) -> dict[str, Any]:
        self._seq += 1
        now, settings = now_ms(), self.effective_settings()
        self.midend.do({"name": "today", "date": dt.date.today().isoformat()}, now)
        state = self.midend.snapshot(now)
        state.update(seq=self._seq, settings=settings, algorithms=workers.algorithms(),
                     session=self.midend.run_info(now, settings["algorithm"]),
                     solver_ready=self._solver_ready.is_set(), app_version=__version__)
        return state

    # -- what the areas read (copies, under the lock) ---------------------------------------------

    def setting(self, name: str) -> Any:
        """Return the setting ``name`` as it applies (see :meth:`effective_settings`)."""
        with self.lock:
            return self.effective_settings()[name]

    def board(self) -> dict[str, Any]:
        """Return copies of the shown game's givens, digits, origins, notes, solution (None unknown) and
        its shape (frozen: shared)."""
        with self.lock:
            game = self.midend.game
            return {"givens": game.givens(), "digits": list(game.digits), "origins": list(game.origins),
                    "notes": list(game.notes), "solution": game.solution, "shape": game.shape}

    def size(self) -> int:
        """Return N, the size of the puzzle shown (9 for a classic one): cells are 0..N*N-1, digits 1..N."""
        with self.lock:
            return self.midend.game.shape.size

    def puzzles(self, whole_set: bool) -> list[Any]:
        """Return the givens of the puzzle shown, or of every puzzle of the set (``whole_set``, in a set);
        a variant as its engine Puzzle (givens and constraints)."""
        with self.lock:
            play = self.midend.play
            games = play.games if whole_set and play.is_set else [play.game]
            return [printing.printable(g) for g in games]

    # -- questions that need the solver (computed off the lock) -----------------------------------

    def ensure_solution(self) -> None:
        """Find the shown puzzle's solution off the lock the first time it is needed."""
        self._warm_soon.set()
        with self.lock:
            game = self.midend.game
            givens, known, shape = game.givens(), game.solution, game.shape
        if known is None:
            self.move({"name": "solution_found", "givens": givens, "solution": unique_solution(givens, shape),
                       "shape": shape}, solving_ok=True)

    def set_mode(self, mode: str) -> dict[str, Any] | None:
        """Switch mode; leaving Enter puzzle answers what the typed puzzle is (the solver is asked)."""
        with self.lock:
            leaving = mode == "play" and self.midend.game.mode == "enter"
        self.move({"name": "set_mode", "mode": mode})
        if not leaving:
            return None
        self._warm_soon.set()
        with self.lock:
            digits, shape = self.midend.game.givens(), self.midend.game.shape
        check, found = typed_puzzle(digits, shape)
        if found is not None:
            self.move(found)
        return check

    def check_board(self) -> dict[str, Any]:
        """Answer ``check``: what the board is (repeats, no solution, one, or several up to 10)."""
        self._warm_soon.set()
        with self.lock:
            digits, shape = list(self.midend.game.digits), self.midend.game.shape
        return {"check": check_puzzle(digits, shape=shape)}

    def load_text(self, text: str) -> None:
        """Load a pasted or imported puzzle (its solution found off the lock): an undoable move;
        GameError ``several_puzzles`` for a text of several, ``bad_text`` saying where it is wrong."""
        givens, notes, shape = transfer.read_one(text)
        self.stop_run()
        solution = unique_solution(givens, shape)
        self.move({"name": "load", "givens": givens, "solution": solution, "cause": "import", "notes": notes,
                   "shape": shape})

    def load_set(self, text: str) -> None:
        """Play the puzzles of ``text`` as a set (their solutions found off the lock); GameError
        ``bad_text`` for a text of fewer than two."""
        try:
            puzzles = transfer.read_several(text)
        except ValueError as err:
            raise GameError("bad_text", str(err), {"message": str(err)}) from None
        if puzzles is None:
            raise GameError("bad_text", "The text does not hold several puzzles.", {"message": ""})
        self.stop_run()
        solved = [(givens, unique_solution(givens)) for givens in puzzles[:MAX_SET]]
        self.move({"name": "load_set", "puzzles": solved})

    def clear(self) -> None:
        """Empty the whole board (an undoable move), stopping a run first."""
        self.stop_run()
        self.move({"name": "clear"})

    # -- solve runs ---------------------------------------------------------------------------

    def solve(self, algorithm: str) -> None:
        """Watch ``algorithm`` solve the board (a paused run goes on from where it stands)."""
        with self.lock:
            run = self.midend.run
            if run is not None and run.status == "paused":
                self._control("resume")
            else:
                self.start_run(algorithm, paused=False)
        self.publish()

    def step(self) -> None:
        """Show exactly one more event: pauses a running solve, or starts a paused one when idle."""
        with self.lock:
            if not self.midend.running():
                self.start_run(self.midend.settings["algorithm"], paused=True)
            self._control("step")
        self.publish()

    def run_control(self, what: str, position: int = 0) -> None:
        """Pause, resume, seek or step back in the run on the board (a no-op when none; seek and step
        back: GameError ``nothing_to_do`` without a run of this puzzle)."""
        with self.lock:
            self._control(what, position)
        self.publish()

    def stop_run(self) -> None:
        """Stop the run (its end settled at once; its pacer ends on its own)."""
        with self.lock:
            if self.midend.running():
                self._control("stop")
        self.publish()

    def start_run(self, algorithm: str, paused: bool) -> int:
        """Start a run of ``algorithm`` and its pacer (lock held), returning its id; GameError as refused."""
        run_id = self._do({"name": "run_start", "algorithm": algorithm, "paused": paused})["run_id"]
        self._warm_soon.set()
        game = self.midend.game
        # a variant runs in the variant solver: its model, the board's digits as its givens
        start = list(game.digits) if game.shape.is_classic else game.shape.model(game.digits)
        workers.spawn(pace, f"solve-{run_id}", self, run_id, start, algorithm, self.trace)
        return run_id

    def open_run(self, algorithm: str, steps: int) -> None:
        """Start a paused run of ``algorithm`` and let ``steps`` events through; GameError ``not_at_start``
        unless the board holds only the givens (the run walks the puzzle's own path), ``busy`` while a
        run is going."""
        with self.lock:
            game = self.midend.game
            if game.digits != game.givens():
                raise GameError("not_at_start", "Restart the puzzle to walk its own path to that step.")
            self.start_run(algorithm, paused=True)
            for _ in range(steps):
                self._control("step")
        self.publish()

    def run_need(self, run_id: int) -> dict[str, Any]:
        """Pacer: what run ``run_id`` needs, waiting (the lock released) while it needs nothing yet."""
        with self.lock:
            need = {"kind": "gone"} if self._closed else self.midend.run_need(run_id, now_ms())
            while need["kind"] == "wait":
                self._wake.wait(need["timeout"])
                need = {"kind": "gone"} if self._closed else self.midend.run_need(run_id, now_ms())
            return need

    def run_advance(self, run_id: int, events: list[Any], exhausted: bool, error: str) -> None:
        """Pacer: hand the events pulled off the lock to the mid end; its frame goes to the page."""
        with self.lock:
            result = self._do({"name": "run_advance", "run_id": run_id, "events": events,
                               "exhausted": exhausted, "error": error})
            self._frame(result)
        if result.get("ended"):
            self.publish()

    def _control(self, what: str, position: int = 0) -> bool:
        """Make the run command ``what`` (lock held) and send its frame; True if it ended the run."""
        result = self._do({"name": "run_control", "what": what, "position": position})
        self._frame(result)
        return bool(result.get("ended"))

    def _frame(self, result: dict[str, Any]) -> None:
        """Send the run's frame a command answered (lock held, so frames leave in order; emit never waits)."""
        if "frame" in result:
            self._emit("frame", result["frame"])

    # -- settings -----------------------------------------------------------------------------

    def set_setting(self, name: str, value: Any) -> None:
        """Change one setting, saved; a language chosen now wins over --lang."""
        with self.lock:
            self._do({"name": "set_setting", "setting": name, "value": value})
            if name == "language":
                self._lang_override = None
            if name == "show_mistakes":  # other digits are judged: an older count is stale
                self._schedule_analysis()
        self.publish()

    def remember_window(self, geometry: list[int]) -> None:
        """Save where the window is (x, y, width, height) for the next launch; a bad value is ignored."""
        try:
            value = storage.validate_setting("window", geometry)
        except ValueError:
            return
        with self.lock:
            self._do({"name": "set_setting", "setting": "window", "value": value})

    def effective_settings(self) -> dict[str, Any]:
        """Return the settings as they apply (the language by --lang or the system when unset)."""
        settings = dict(self.midend.settings)
        settings["language"] = self._lang_override or settings["language"] or self._system_lang
        if settings["algorithm"] not in workers.algorithms():
            settings["algorithm"] = "smart"
        return settings

    # -- inside -------------------------------------------------------------------------------

    def _changed(self) -> None:
        """Autosave after a change of the game (lock held) and queue its analysis."""
        try:
            self._storage.save_game(self.midend.play, now_ms())
        except OSError as err:
            self._save_problem(err)
        self._schedule_analysis()

    def _save_settings(self) -> None:
        """Save the mid end's settings (lock held)."""
        try:
            self._storage.save_settings(dict(self.midend.settings))
        except OSError as err:
            self._save_problem(err)

    def _save_scores(self) -> None:
        """Save the trainer's scores (lock held); a failure is logged: they are kept for this run."""
        try:
            self._storage.save_file(storage.PRACTICE_FILE, dump_scores(self.midend.practice_scores))
        except OSError as err:
            log.warning("could not save the practice scores: %s", err)

    def _save_problem(self, err: OSError) -> None:
        """A save failed (lock held): logged each time, told once by the mid end."""
        log.warning("autosave failed: %s", err)
        self.midend.do({"name": "save_failed", "reason": err.strerror or str(err)}, now_ms())

    def _emit(self, event: str, payload: dict[str, Any]) -> None:
        if self._closed:
            return
        try:
            self._bridge.emit(event, payload)
        except Exception:
            log.exception("could not emit %s", event)

    def _start_warm_up(self) -> None:
        with self.lock:
            if self._warm_started:
                return
            self._warm_started = True
            answer = self.midend.do({"name": "resume_set"}, now_ms())  # never before the window shows
            if answer["token"]:  # under the lock with its token, as every maker starts
                self.maker.resume_set(answer)
        workers.spawn(self._warm_up, "warm-up")

    def _warm_up(self) -> None:
        workers.warm_up(self._warm_soon, WARM_UP_DELAY_S)
        self._solver_ready.set()
        with self.lock:
            self._schedule_analysis()
        self.publish()

    def _schedule_analysis(self) -> None:
        """Queue the solver's look at the board (lock held); only the latest board counts."""
        digits = self.midend.judged()
        if digits is not None:
            self._analyser.submit(self.midend.board_key(), digits, self.midend.game.shape)

    def _analysed(self, key: Any, solutions: int) -> None:
        """Analysis thread: hand the count to the mid end; the page sees it in the next state."""
        with self.lock:
            if self._closed:
                return
            result = self.midend.do({"name": "analysed", "key": key, "solutions": solutions}, now_ms())
        if "status" in result:
            self.publish()

    def quit(self) -> None:
        """Close the window (Ctrl+Q, Ctrl+W); GameError ``no_window`` where there is none."""
        close = getattr(self._bridge, "close_window", None)
        if close is None:
            raise GameError("no_window", "There is no window to close.")
        close()

    def shutdown(self) -> None:
        """The window is closing: stop every worker at once (daemons; nothing is waited for)."""
        with self.lock:
            self._closed = True  # the pacer of a run sees it at once
            self.maker.stop()
            self._wake.notify_all()
        self._analyser.close()
