"""The host: the one lock, the worker threads and the road to the page, around one :class:`Midend`.

pywebview runs each call of the page on a thread of its own; the host makes every command of the mid
end under one lock, saves the game after a change, and pushes the whole snapshot to the page as one
``state`` event with a sequence number (the only way the page learns state).  Long work runs on
worker threads (making puzzles and sets, the solver's warm-up, the board analysis, solve runs); a
worker hands its result back as a command, which the mid end drops if it no longer belongs to the
puzzle, set or board shown.  A run's board at a position goes to the page on its own channel
(``frame``), keyed by the run's id: a view, never state (the run's status is the state's ``session``).
Notices are part of the state: a list numbered by ``id`` the page tells once each.  The areas beside
the game keep their host side in ``desktop/host/`` (``Host.maker``, ``.practice``, ``.photo``,
``.learn``, ``.export``), each handed the host (they never import this module).
"""

from __future__ import annotations

import datetime as dt
import itertools
import logging
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
from desktop.host.photo import PhotoHost
from desktop.host.practice import PracticeHost
from desktop.host.session import Session, idle_info
from desktop.io import daily, storage, transfer
from desktop.midend import GameError
from desktop.midend.midend import Midend
from desktop.midend.rules import check_puzzle, unique_solution
from engine import __version__

log = logging.getLogger(__name__)

WARM_UP_DELAY_S = 1.0
MAX_SET = 1000
KEPT_NOTICES = 20  # the newest notices every state carries (the page tells each id once)


def now_ms() -> float:
    """The mid end's clock: milliseconds that only go forward."""
    return time.monotonic() * 1000.0


class Host:
    """Owns the mid end, its lock and its threads; every public method is safe from any thread and
    raises GameError for a refused command."""

    def __init__(self, bridge: Bridge, folder: Path, lang: str | None, system_lang: str) -> None:
        self._bridge = bridge
        self.lock = threading.RLock()
        self._storage = storage.Storage(folder)
        first_launch = not (folder / storage.GAME_FILE).exists()  # before a damaged save is moved aside
        loaded_settings, loaded_game = self._storage.load_settings(), self._storage.load_game()
        self.settings: dict[str, Any] = loaded_settings.value
        told = loaded_settings.told("settings") + loaded_game.told("game")  # damaged files, history dropped
        self.midend = Midend(loaded_game.value, self.settings, told)
        self._notice_ids = itertools.count(1)
        self._notices: list[dict[str, Any]] = []  # the state's ``notices``, numbered (lock held)
        self._number(told)
        self._lang_override = lang if lang in storage.LANGUAGES else None
        self._system_lang = system_lang
        self._session: Session | None = None
        self._save_failed = False
        self._solver_ready = threading.Event()
        self._warm_started = False
        self._warm_soon = threading.Event()
        self._analyser = workers.Analyser(self._solver_ready, self._analysed)
        self._closed = False
        self._seq = 0
        self.views: dict[str, Callable[[], Any]] = {}  # more of the state, beside the mid end's (lock held)
        self.maker = MakerHost(self, first_launch)  # New puzzle, the daily puzzle, sets
        self.practice = PracticeHost(self)  # the technique trainer beside the game
        self.photo = PhotoHost(self)  # the photo review
        self.learn = LearnHost(self)  # Learn's questions to the engine
        self.export = ExportHost(self)  # the board as text, a file, a PDF or a link

    @property
    def closed(self) -> bool:
        """True once the window is closing (workers beside the mid end stop then)."""
        return self._closed

    @property
    def storage(self) -> storage.Storage:
        """The data folder's files (a feature beside the mid end saves its own there)."""
        return self._storage

    # -- commands -----------------------------------------------------------------------------

    def move(self, command: dict[str, Any], solving_ok: bool = False) -> dict[str, Any]:
        """Make one command of the mid end (refused while a run is going unless ``solving_ok``),
        save and tell the page if it changed the game; return the mid end's result."""
        with self.lock:
            if not solving_ok:
                self._refuse_while_solving()
            result = self.midend.do(command, now_ms())
            if result.get("changed"):
                self._changed()
            if not self.midend.making:  # nothing is wanted from a maker still running
                self.maker.stop()
        self.publish()
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
        state = self.midend.snapshot(now_ms())
        state.update(seq=self._seq, settings=self.effective_settings(), algorithms=workers.algorithms(),
                     session=self._session_info(), solver_ready=self._solver_ready.is_set(),
                     app_version=__version__)
        for name, view in self.views.items():
            state[name] = view()
        state["daily"].update(daily.calendar(state["daily"]["solved"], dt.date.today()))
        state["notices"] = [dict(notice) for notice in self._notices]
        return state

    # -- questions that need the solver (computed off the lock) -----------------------------------

    def ensure_solution(self) -> None:
        """Find the shown puzzle's solution off the lock the first time it is needed."""
        self._warm_soon.set()
        with self.lock:
            givens, known = self.midend.game.givens(), self.midend.game.solution
        if known is None:
            self.move({"name": "solution_found", "givens": givens, "solution": unique_solution(givens)},
                       solving_ok=True)

    def set_mode(self, mode: str) -> dict[str, Any] | None:
        """Switch mode; leaving Enter puzzle answers what the typed puzzle is (the solver is asked)."""
        with self.lock:
            leaving = mode == "play" and self.midend.game.mode == "enter"
        self.move({"name": "set_mode", "mode": mode})
        if not leaving:
            return None
        self._warm_soon.set()
        with self.lock:
            digits = self.midend.game.givens()
        check = check_puzzle(digits)
        if check["kind"] == "unique":
            self.move({"name": "solution_found", "givens": digits, "solution": unique_solution(digits)})
        return check

    def check_board(self) -> dict[str, Any]:
        """Answer ``check``: what the board is (repeats, no solution, one, or several up to 10)."""
        self._warm_soon.set()
        with self.lock:
            digits = list(self.midend.game.digits)
        return {"check": check_puzzle(digits)}

    def load_text(self, text: str) -> None:
        """Load a pasted or imported puzzle (its solution found off the lock): an undoable move;
        GameError ``several_puzzles`` for a text of several, ``bad_text`` saying where it is wrong."""
        try:
            several = transfer.read_several(text)
            if several is not None:
                raise GameError("several_puzzles", f"The text holds {len(several)} puzzles.",
                                {"count": len(several)})
            givens, notes = transfer.read_puzzle(text)
        except ValueError as err:
            raise GameError("bad_text", str(err), {"message": str(err)}) from None
        self.stop_run()
        solution = unique_solution(givens)
        self.move({"name": "load", "givens": givens, "solution": solution, "cause": "import", "notes": notes})

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
            if self._session is not None and self._session.status == "paused":
                self._session.resume()
            else:
                self.start_run(algorithm, paused=False)
        self.publish()

    def step(self) -> None:
        """Show exactly one more event: pauses a running solve, or starts a paused one when idle."""
        with self.lock:
            session = self._session
            if session is None or session.ended:
                session = self.start_run(self.settings["algorithm"], paused=True)
            session.step()
        self.publish()

    def run_control(self, what: str, position: int = 0) -> None:
        """Pause, resume, seek or step back in the run on the board (a no-op when none)."""
        with self.lock:
            session = self._session
            if what in ("seek", "step_back"):
                if session is None or session.status == "stopped" or not self.midend.run_here(session.id):
                    raise GameError("nothing_to_do",
                                    "No run of this puzzle to go through: press Solve or Step.")
                session.seek(position) if what == "seek" else session.step_back()
            elif session is not None:
                session.pause() if what == "pause" else session.resume()
        self.publish()

    def stop_run(self) -> None:
        """Stop the run and wait briefly for its worker (called without the lock)."""
        with self.lock:
            session = self._session
        if session is not None and not session.ended:
            session.stop()
            session.join(2.0)
        self.publish()

    def start_run(self, algorithm: str, paused: bool) -> Session:
        """Start a run of ``algorithm`` on the board (lock held); GameError ``busy`` while one is going."""
        self._refuse_while_solving()
        session = Session(self.midend.game.digits, algorithm, self._emit, self.settings["delay"],
                          on_end=self._run_ended, paused=paused, settle=self._settle, owner_lock=self.lock)
        self.midend.do({"name": "run_started", "run_id": session.id}, now_ms())
        if self._session is not None:
            self._session.stop()  # an ended run's worker waits for a seek: release it
        self.settings["algorithm"] = algorithm
        self._save_settings()
        self._warm_soon.set()
        self._session = session
        session.start()
        return session

    def _settle(self, session: Session) -> None:
        """Run worker, lock held: hand the result to the mid end (dropped if the board moved on)."""
        result = self.midend.do({"name": "run_finished", "run_id": session.id, "status": session.status,
                                 "start": session.start_digits, "board": list(session.board.digits),
                                 "error": session.error or ""}, now_ms())
        if result["changed"]:
            self._changed()

    def _run_ended(self, session: Session) -> None:
        """Run worker: tell the page the run is over (after its last frame) and what it left."""
        self._tell()
        self.publish()

    def _session_info(self) -> dict[str, Any]:
        session = self._session
        ended_elsewhere = session is not None and session.ended and not self.midend.run_here(session.id)
        if session is None or ended_elsewhere:
            return idle_info(self.settings["delay"], self.effective_settings()["algorithm"])
        return session.info()

    def _refuse_while_solving(self) -> None:
        if self._session is not None and not self._session.ended:
            raise GameError("busy", "The solver is running; stop it first.")

    # -- settings -----------------------------------------------------------------------------

    def set_setting(self, name: str, value: Any) -> None:
        """Change one setting, saved; a language chosen now wins over --lang."""
        with self.lock:
            self.settings[name] = value
            if name == "language":
                self._lang_override = None
            if name == "delay" and self._session is not None:
                self._session.set_delay(value)
            if name == "show_mistakes":  # other digits are judged: an older count is stale
                self.midend.game.version += 1
                self._schedule_analysis()
            self._save_settings()
        self.publish()

    def remember_window(self, geometry: list[int]) -> None:
        """Save where the window is (x, y, width, height) for the next launch; a bad value is ignored."""
        try:
            value = storage.validate_setting("window", geometry)
        except ValueError:
            return
        with self.lock:
            self.settings["window"] = value
            self._save_settings()

    def effective_settings(self) -> dict[str, Any]:
        """Return the settings as they apply (the language by --lang or the system when unset)."""
        settings = dict(self.settings)
        settings["language"] = self._lang_override or settings["language"] or self._system_lang
        if settings["algorithm"] not in workers.algorithms():
            settings["algorithm"] = "smart"
        return settings

    # -- inside -------------------------------------------------------------------------------

    def _changed(self) -> None:
        """Autosave after a change of the game (lock held) and queue its analysis."""
        now = now_ms()
        self.midend.game.tick(now)
        self.midend.play.record_if_solved(now)
        try:
            self._storage.save_game(self.midend.play, now)
        except OSError as err:
            self._save_problem(err)
        self._schedule_analysis()
        self._tell()

    def _tell(self) -> None:
        """Move the notices the mid end has for the page into the state's list, each with its id."""
        with self.lock:
            told, self.midend.told = self.midend.told, []
            self._number(told)

    def _number(self, notices: list[dict[str, Any]]) -> None:
        """Give each notice the next id and keep the newest (lock held, or in the constructor)."""
        self._notices += [{"id": next(self._notice_ids), **notice} for notice in notices]
        del self._notices[:-KEPT_NOTICES]

    def _save_settings(self) -> None:
        try:
            self._storage.save_settings(self.settings)
        except OSError as err:
            self._save_problem(err)

    def _save_problem(self, err: OSError) -> None:
        log.warning("autosave failed: %s", err)
        if not self._save_failed:  # tell the user once, not on every keystroke
            self._save_failed = True
            reason = err.strerror or str(err)
            self._number([{"level": "error", "code": "save_failed",
                           "message": f"Could not save: {reason}", "params": {"reason": reason}}])

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
                self.maker.resume_set(answer["token"], answer["count"])
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
            self._analyser.submit(self.midend.board_key(), digits)

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
            self._closed = True
            session = self._session
        self._analyser.close()
        self.maker.stop()
        if session is not None:
            session.stop()
