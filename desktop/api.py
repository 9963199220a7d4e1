"""The JavaScript contract: the one object pywebview exposes to the page (``js_api``).

Every public method is a call the page may make (see ``desktop/CONTRACT.md``): JSON values in, a JSON
object out, ``{"ok": true, ...}`` or ``{"ok": false, "error": {"code", "message"}}``, and nothing ever
raised into pywebview.  Every argument is checked (type, range, length) before anything is touched.
pywebview runs each call on a thread of its own, so one lock guards the game, the settings and the
session; long work (solve sessions, making a puzzle, the first numba compilation) runs on worker
threads and the calls return at once.  Everything that is not the contract starts with ``_``,
because pywebview exposes public attributes to the page recursively.
"""

from __future__ import annotations

import functools
import inspect
import locale
import logging
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from desktop import storage, transfer, workers
from desktop.bridge import Bridge
from desktop.midend import (
    Game,
    GameError,
    Play,
    check_puzzle,
    hidden_singles,
    hints,
    quick_status,
    refine_status,
)
from desktop.midend.rules import unique_solution
from desktop.session import Session, idle_info

log = logging.getLogger(__name__)

MAX_STRING = 64  # longer strings are refused before they are looked at
MAX_SET = 1000  # puzzles in a set
_HAS_HUMAN = workers.HAS_HUMAN
WARM_UP_DELAY_S = 1.0
F = TypeVar("F", bound=Callable[..., dict])


class ApiError(Exception):
    """A refused call: ``code`` and ``params`` for the UI's catalogue, ``message`` in plain English."""

    def __init__(self, code: str, message: str, params: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params or {}


def _error(code: str, message: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"ok": False, "error": {"code": code, "message": message, "params": params or {}}}


def _endpoint(func: F) -> F:
    """Make ``func`` a contract method: bad arity and every exception become error answers."""
    signature = inspect.signature(func)

    @functools.wraps(func)
    def call(self: Api, *args: Any, **kwargs: Any) -> dict[str, Any]:
        try:
            signature.bind(self, *args, **kwargs)
        except TypeError as err:
            return _error("bad_argument", f"{func.__name__}: {err}")
        try:
            return func(self, *args, **kwargs)
        except (ApiError, GameError) as err:
            return _error(err.code, err.message, getattr(err, "params", None))
        except Exception as err:  # the last guard: the page gets an answer, the log gets the traceback
            log.exception("%s failed", func.__name__)
            return _error("internal", f"Something went wrong: {type(err).__name__}")
        finally:
            self._publish()

    return call  # type: ignore[return-value]


def _int(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ApiError("bad_argument", f"{name} must be a whole number from {low} to {high}")
    if not low <= value <= high:
        raise ApiError("bad_argument", f"{name} must be from {low} to {high}")  # the value may not print
    return value


def _choice(value: Any, name: str, choices: tuple[str, ...] | list[str]) -> str:
    if not isinstance(value, str) or len(value) > MAX_STRING or value not in choices:
        raise ApiError("bad_argument", f"{name} must be one of: {', '.join(choices)}")
    return value


def _now() -> float:
    """The mid end's clock: milliseconds that only go forward."""
    return time.monotonic() * 1000.0


def system_language() -> str:
    """Return "zh" if the system locale is Chinese, else "en" (never fails)."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "LANG"):
        value = os.environ.get(var)
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    try:
        code = locale.getlocale()[0] or ""
    except ValueError:
        code = ""
    return "zh" if code.lower().startswith("zh") else "en"


class Api:
    """The page's API; construct with a Bridge, a data folder (None: the per-user one) and a language."""

    def __init__(self, bridge: Bridge, data_dir: Path | None = None, lang: str | None = None) -> None:
        self._bridge = bridge
        self._lock = threading.RLock()
        folder = Path(data_dir) if data_dir is not None else storage.default_data_dir()
        self._storage = storage.Storage(folder)
        self._notices: list[dict[str, Any]] = []
        loaded_settings = self._storage.load_settings()
        loaded_game = self._storage.load_game()
        self._settings: dict[str, Any] = loaded_settings.value
        self._play: Play = loaded_game.value
        for what, loaded in (("settings", loaded_settings), ("game", loaded_game)):
            if loaded.problem is not None:
                self._notice_damaged(what, loaded)
        for text in loaded_game.notices:
            self._notices.append({"level": "warning", "code": "history_dropped",
                                  "message": f"Saved game, {text}.",
                                  "params": {}})
        self._set_job: dict[str, Any] | None = None  # the set being made: {"cancel": Event}
        self._lang_override = lang if lang in storage.LANGUAGES else None
        self._system_lang = system_language()
        self._session: Session | None = None
        self._session_version = -1
        self._session_puzzle: tuple[int, tuple[int, ...]] | None = None  # what the last run solved
        self._busy: str | None = None
        self._save_failed = False
        self._solver_ready = threading.Event()
        self._warm_started = False
        self._warm_soon = threading.Event()  # set when the solver is wanted now: no delay
        self._analysis: tuple[int, int] | None = None  # (board version, solutions up to 2)
        self._analyser = workers.Analyser(self._solver_ready, self._analysed)
        self._hints = hints.Ladder()  # the hint on screen and how deep it is shown
        self._closed = False
        self._seq = 0  # numbers every state snapshot, so the page can drop one overtaken by a newer one
        self._dirty = False  # the state changed during a call: push it to the page when the call ends

    @property
    def _game(self) -> Game:
        return self._play.game

    # == the contract ==========================================================================

    @_endpoint
    def get_state(self) -> dict[str, Any]:
        """Return the whole state the page draws from (and start the solver's warm-up)."""
        self._start_warm_up()
        with self._lock:
            self._schedule_analysis()
            return {"ok": True, "state": self._state()}

    @_endpoint
    def set_cell(self, cell: Any, digit: Any) -> dict[str, Any]:
        """Put a digit 1-9 in a cell 0-80 (0 clears it); refuses givens outside Enter puzzle."""
        cell = _int(cell, "cell", 0, 80)
        digit = _int(digit, "digit", 0, 9)
        with self._lock:
            self._refuse_while_solving()
            if self._game.set_cell(cell, digit):
                self._changed()
            return {"ok": True, "state": self._state()}

    @_endpoint
    def undo(self) -> dict[str, Any]:
        """Take back the last move; ``changed`` is False when there was none."""
        with self._lock:
            self._refuse_while_solving()
            changed = self._game.undo(_now())
            if changed:
                self._changed()
            return {"ok": True, "changed": changed, "state": self._state()}

    @_endpoint
    def redo(self) -> dict[str, Any]:
        """Make the last undone move again; ``changed`` is False when there was none."""
        with self._lock:
            self._refuse_while_solving()
            changed = self._game.redo(_now())
            if changed:
                self._changed()
            return {"ok": True, "changed": changed, "state": self._state()}

    @_endpoint
    def clear(self) -> dict[str, Any]:
        """Empty the whole board (one undoable move), stopping a solve first."""
        self._stop_session()
        with self._lock:
            if self._game.clear(_now()):
                self._changed()
            return {"ok": True, "state": self._state()}

    @_endpoint
    def new_puzzle(self) -> dict[str, Any]:
        """Start making a random puzzle with exactly one solution; it arrives as a ``state`` event."""
        self._stop_session()
        with self._lock:
            if self._busy is not None:
                raise ApiError("busy", "A new puzzle is already being made.")
            self._busy = "generating"
            self._dirty = True
            level = self._settings["difficulty"]
        workers.spawn(self._generate, "generate", level)
        return {"ok": True, "pending": True}

    @_endpoint
    def set_mode(self, mode: Any) -> dict[str, Any]:
        """Switch between "play" and "enter"; leaving "enter" checks the puzzle and answers ``check``."""
        mode = _choice(mode, "mode", ["play", "enter"])
        with self._lock:
            self._refuse_while_solving()
            leaving_enter = self._game.mode == "enter" and mode == "play"
            if self._game.set_mode(mode):
                self._changed()
            digits = list(self._game.digits)
        self._publish()  # the mode shows at once, before a first check waits for the compiler
        answer: dict[str, Any] = {"ok": True}
        if leaving_enter:
            self._warm_soon.set()
            answer["check"] = check_puzzle(digits)  # may wait for the first compile, off the lock
            # the puzzle's solution, so Check, Hint and Fill can tell a wrong digit from the start
            solution = unique_solution(digits) if answer["check"]["kind"] == "unique" else None
            with self._lock:
                if solution is not None and self._game.givens() == digits:
                    self._game.solution = solution
        with self._lock:
            answer["state"] = self._state()
        return answer

    @_endpoint
    def check_puzzle(self) -> dict[str, Any]:
        """Say whether the board has repeated digits, no solution, one, or several (counted up to 10)."""
        self._warm_soon.set()
        with self._lock:
            digits = list(self._game.digits)
        return {"ok": True, "check": check_puzzle(digits)}

    @_endpoint
    def fill_singles(self) -> dict[str, Any]:
        """Apply hidden singles until none is left, as one undoable move; ``placed`` says how many."""
        with self._lock:
            self._refuse_while_solving()
            self._refuse_wrong()
            placements = hidden_singles(self._game.digits)
            if self._game.place(placements, "fill"):
                self._changed()
            return {"ok": True, "placed": len(placements), "state": self._state()}

    @_endpoint
    def hint(self) -> dict[str, Any]:
        """Show the hint one level deeper (see :mod:`desktop.midend.hints`); a wrong digit or notes that
        lack the solution's digit are named first.  Nothing on the board changes."""
        if not _HAS_HUMAN:
            raise ApiError("nothing_to_do", "Hints need the engine's human logic.")
        with self._lock:
            self._refuse_while_solving()
            game = self._game
            if self._hints.deeper(self._board_key()):
                return {"ok": True, "hint": self._hints.view(), "state": self._state()}
            if game.paused:
                raise ApiError("paused", "The game is paused; resume it first.")
            if all(game.digits) or not any(game.digits):
                raise ApiError("nothing_to_do", "The board is full or empty: there is nothing to hint.")
            repeats = bool(game.conflict_cells())
            key = self._board_key()
            board = (list(game.digits), list(game.origins), list(game.notes))
        solution = self._known_solution()
        if repeats and solution is None:  # with the solution known, the wrong digit is named instead
            raise ApiError("invalid_board", "Remove the repeated digits first.")
        found = hints.find(*board, solution)  # the step driver: off the lock
        with self._lock:
            if self._board_key() != key:
                raise ApiError("busy", "The board changed while the hint was found; press Hint again.")
            self._hints.start(key, found)
            return {"ok": True, "hint": self._hints.view(), "state": self._state()}

    @_endpoint
    def apply_hint(self) -> dict[str, Any]:
        """Make the fully shown hint's step one undoable move (cause "hint"); refused before level 4."""
        with self._lock:
            self._refuse_while_solving()
            found = self._hints.ready(self._board_key())
            if found is None or found.step is None:
                raise ApiError("nothing_to_do", "Press Hint until the whole step is shown, then Apply it.")
            step = found.step
            if self._game.apply_step(step.placements, step.eliminations, found.cands):
                self._changed()
            return {"ok": True, "state": self._state()}

    @_endpoint
    def solve(self, algorithm: Any) -> dict[str, Any]:
        """Start watching ``algorithm`` solve the board on a worker thread."""
        algorithm = _choice(algorithm, "algorithm", self._algorithms())
        with self._lock:
            session = self._session
            if session is not None and session.status == "paused":  # continue from where it stands
                session.resume()
                return {"ok": True, "session": session.info()}
            session = self._start_session(algorithm, paused=False)
            return {"ok": True, "session": session.info()}

    @_endpoint
    def pause(self) -> dict[str, Any]:
        """Pause the running solve (a no-op when none runs)."""
        with self._lock:
            if self._session is not None:
                self._session.pause()
            return {"ok": True, "session": self._session_info()}

    @_endpoint
    def resume(self) -> dict[str, Any]:
        """Resume a paused solve (a no-op when none is paused)."""
        with self._lock:
            if self._session is not None:
                self._session.resume()
            return {"ok": True, "session": self._session_info()}

    @_endpoint
    def step(self) -> dict[str, Any]:
        """Show exactly one more event: pauses a running solve, or starts a paused one when idle."""
        with self._lock:
            session = self._session
            if session is None or session.ended:
                session = self._start_session(self._settings["algorithm"], paused=True)
            session.step()
            return {"ok": True, "session": session.info()}

    @_endpoint
    def seek(self, position: Any) -> dict[str, Any]:
        """Show the last run's board after ``position`` of its events (the slider "Timeline"), paused
        there; a run that has ended reopens, and Step or Resume go on from there."""
        position = _int(position, "position", 0, 2**31 - 1)
        with self._lock:
            session = self._run_on_board()
            session.seek(position)
            return {"ok": True, "session": session.info()}

    @_endpoint
    def step_back(self) -> dict[str, Any]:
        """Show the last run's board one event earlier, paused there (see :meth:`seek`)."""
        with self._lock:
            session = self._run_on_board()
            session.step_back()
            return {"ok": True, "session": session.info()}

    @_endpoint
    def stop(self) -> dict[str, Any]:
        """Stop the solve and put the board back as it was (a no-op when none runs)."""
        self._stop_session()
        with self._lock:
            return {"ok": True, "session": self._session_info()}

    @_endpoint
    def set_delay(self, ms: Any) -> dict[str, Any]:
        """Set the step delay 0-1000 ms, live during a run."""
        return self._set_setting("delay", _int(ms, "delay", 0, 1000))

    @_endpoint
    def set_setting(self, name: Any, value: Any) -> dict[str, Any]:
        """Change one setting: language, theme, algorithm, delay, candidates or difficulty (of New puzzle)."""
        name = _choice(name, "setting", list(storage.DEFAULT_SETTINGS))
        if isinstance(value, str) and len(value) > MAX_STRING:
            raise ApiError("bad_argument", f"{name}: value too long")
        if name == "algorithm":
            value = _choice(value, "algorithm", self._algorithms())
        try:
            value = storage.validate_setting(name, value)
        except ValueError as err:
            raise ApiError("bad_argument", str(err)) from None
        return self._set_setting(name, value)

    @_endpoint
    def toggle_note(self, cell: Any, digit: Any) -> dict[str, Any]:
        """Add or remove the pencil mark ``digit`` 1-9 in the empty ``cell`` 0-80 (undoable)."""
        cell = _int(cell, "cell", 0, 80)
        digit = _int(digit, "digit", 1, 9)
        return self._move(lambda game: game.toggle_note(cell, digit))

    @_endpoint
    def fill_candidates(self) -> dict[str, Any]:
        """Write every empty cell's candidates as its notes, one undoable move."""
        return self._move(lambda game: game.fill_candidates())

    @_endpoint
    def restart(self) -> dict[str, Any]:
        """Take the board back to the puzzle's givens, one undoable move."""
        return self._move(lambda game: game.restart(_now()))

    @_endpoint
    def check(self) -> dict[str, Any]:
        """Check the board against its solution: ``check`` names wrong cells, empty ones or "solved"."""
        self._warm_soon.set()
        with self._lock:
            self._refuse_while_solving()
        self._known_solution()
        with self._lock:
            result = self._game.check(_now())
            self._changed()
            return {"ok": True, "check": result, "state": self._state()}

    @_endpoint
    def set_paused(self, paused: Any) -> dict[str, Any]:
        """Pause the game (the board is hidden, the timer stops) or resume it."""
        if not isinstance(paused, bool):
            raise ApiError("bad_argument", "paused must be true or false")
        return self._move(lambda game: game.set_paused(paused, _now()))

    @_endpoint
    def start_set(self, count: Any, difficulty: Any) -> dict[str, Any]:
        """Start making a set of ``count`` 1-1000 unique puzzles; the first is played as soon as it exists."""
        count = _int(count, "count", 1, MAX_SET)
        difficulty = _choice(difficulty, "difficulty", storage.DIFFICULTIES)
        self._stop_session()
        with self._lock:
            if self._busy is not None:
                raise ApiError("busy", "A puzzle is already being made.")
            self._busy = "generating"
            cancel = threading.Event()
            self._set_job = {"cancel": cancel, "count": count}
            self._dirty = True
        workers.spawn(self._make_set, "set", count, difficulty, cancel)
        return {"ok": True, "pending": True}

    @_endpoint
    def cancel_set(self) -> dict[str, Any]:
        """Stop making the set; the puzzles made so far stay playable."""
        with self._lock:
            if self._set_job is not None:
                self._set_job["cancel"].set()
            return {"ok": True}

    @_endpoint
    def go_puzzle(self, delta: Any) -> dict[str, Any]:
        """Show the previous (-1) or next (+1) puzzle of the set, keeping everything of this one."""
        delta = _choice(delta, "delta", ["previous", "next"])
        with self._lock:
            self._refuse_while_solving()
            if self._play.go(-1 if delta == "previous" else 1, _now()):
                self._analysis = None
                self._changed()
            return {"ok": True, "state": self._state()}

    @_endpoint
    def import_text(self, text: Any) -> dict[str, Any]:
        """Load a puzzle from text (any form engine.formats reads); bad text is refused, saying where."""
        if not isinstance(text, str) or len(text) > transfer.MAX_TEXT:
            raise ApiError("bad_argument", f"text must be a string of at most {transfer.MAX_TEXT} characters")
        try:
            several = transfer.read_several(text)
            if several is not None:
                raise ApiError("several_puzzles", f"The text holds {len(several)} puzzles.",
                               {"count": len(several)})
            givens, notes = transfer.read_puzzle(text)
        except ValueError as err:
            raise ApiError("bad_text", str(err), {"message": str(err)}) from None
        self._stop_session()
        solution = unique_solution(givens)  # numba: off the lock
        with self._lock:
            self._game.set_mode("play")
            self._game.paused = False
            if self._game.load_puzzle(givens, "import", solution=solution, notes=notes, now=_now()):
                self._analysis = None
            self._changed()
            return {"ok": True, "state": self._state()}

    @_endpoint
    def import_set(self, text: Any) -> dict[str, Any]:
        """Play the puzzles of a text of two or more as a set (the Import dialog's "Play as a set")."""
        if not isinstance(text, str) or len(text) > transfer.MAX_TEXT:
            raise ApiError("bad_argument", f"text must be a string of at most {transfer.MAX_TEXT} characters")
        try:
            several = transfer.read_several(text)
        except ValueError as err:
            raise ApiError("bad_text", str(err), {"message": str(err)}) from None
        if several is None:
            raise ApiError("bad_text", "The text does not hold several puzzles.", {"message": ""})
        self._stop_session()
        games = []
        for givens in several[:MAX_SET]:
            game = Game()
            game.load_puzzle(givens, "import", solution=unique_solution(givens))  # numba: off the lock
            game.undo_log.clear()  # a set's puzzle starts with nothing to undo
            games.append(game)
        with self._lock:
            if self._busy is not None:
                raise ApiError("busy", "A puzzle is being made; try again in a moment.")
            self._play.start_set(games[0], len(games), _now())
            for game in games[1:]:
                self._play.add(game)
            self._analysis = None
            self._changed()
            return {"ok": True, "state": self._state()}

    @_endpoint
    def export_text(self, fmt: Any) -> dict[str, Any]:
        """Return the board as text: ``line``, ``block``, ``pencil`` (pencil marks), ``candidates`` (729)."""
        fmt = _choice(fmt, "format", transfer.EXPORT_FORMATS)
        with self._lock:
            digits, notes = list(self._game.digits), list(self._game.notes)
        return {"ok": True, "text": transfer.write_puzzle(digits, notes, fmt)}

    @_endpoint
    def open_file(self) -> dict[str, Any]:
        """Ask for a puzzle file with the native dialog; ``text`` is its content, null if cancelled."""
        path = self._bridge_dialog("open")
        if path is None:
            return {"ok": True, "text": None}
        try:
            with open(path, "rb") as handle:
                data = handle.read(transfer.MAX_TEXT + 1)
        except OSError as err:
            raise ApiError("file", f"Could not read {Path(path).name}: {err.strerror or err}") from None
        if len(data) > transfer.MAX_TEXT:
            raise ApiError("bad_text", f"{Path(path).name} is too large to be a puzzle file")
        return {"ok": True, "text": data.decode("utf-8", errors="replace"), "name": Path(path).name}

    @_endpoint
    def save_file(self, fmt: Any) -> dict[str, Any]:
        """Export the board in ``fmt`` to a file the native save dialog asks for (written atomically)."""
        fmt = _choice(fmt, "format", transfer.EXPORT_FORMATS)
        with self._lock:
            text = transfer.write_puzzle(list(self._game.digits), list(self._game.notes), fmt)
        path = self._bridge_dialog("save")
        if path is None:
            return {"ok": True, "saved": None}
        from engine import FileError, atomic_output  # the CLI's rule: a link's target, a FIFO streamed

        try:
            with atomic_output(path) as out:
                out.write((text + "\n").encode("utf-8"))
        except (FileError, OSError) as err:
            raise ApiError("file", f"Could not save {Path(path).name}: {err}") from None
        return {"ok": True, "saved": Path(path).name}

    # == inside ================================================================================

    def _known_solution(self) -> list[int] | None:
        """Return the puzzle's one solution (None if it has none or several), finding it off the lock
        the first time and keeping it on the game (called without the lock)."""
        with self._lock:
            givens, known = self._game.givens(), self._game.solution
        if known is not None:
            return known
        solution = unique_solution(givens)  # numba: off the lock
        with self._lock:
            if solution is not None and self._game.givens() == givens:
                self._game.solution = solution
        return solution

    def _bridge_dialog(self, kind: str) -> str | None:
        """Ask the window for a file path (None if cancelled); ApiError where there is no window."""
        choose = getattr(self._bridge, "choose_file", None)
        if choose is None:
            raise ApiError("no_window", "File dialogs need the app's window.")
        return choose(kind)

    def _move(self, make: Callable[[Game], bool]) -> dict[str, Any]:
        """Make one move of the mid end under the lock; save and publish if it changed anything."""
        with self._lock:
            self._refuse_while_solving()
            if make(self._game):
                self._changed()
            return {"ok": True, "state": self._state()}

    def _resume_set(self) -> None:
        """Make the puzzles a set still lacked when the app last closed, appended as they come."""
        missing = self._play.expected - len(self._play.games)
        if not self._play.is_set or missing <= 0:
            return
        cancel = threading.Event()
        self._set_job = {"cancel": cancel, "count": self._play.expected}
        have = [game.givens() for game in self._play.games]
        workers.spawn(self._make_set, "set", missing, self._play.games[0].difficulty, cancel, have)

    def _make_set(
        self, count: int, level: str, cancel: threading.Event, have: list[list[int]] | None = None
    ) -> None:
        """Worker thread: make ``count`` distinct puzzles, the first shown at once, the rest appended
        (all appended to the set being played when it ``have`` these puzzles already)."""
        made = 0 if have is None else len(have)
        try:
            for grid, solution in workers.distinct_puzzles(count, level, cancel, have or ()):
                if self._closed:
                    break
                game = Game(level)
                game.load_puzzle(grid, "new", difficulty=level, solution=solution)
                game.undo_log.clear()  # a set's puzzle starts with nothing to undo
                with self._lock:
                    if made == 0:
                        self._play.start_set(game, count, _now())
                        self._analysis = None
                        self._busy = None
                    else:
                        self._play.add(game)
                    made += 1
                    self._changed()
                self._publish()
        except Exception as err:
            log.exception("making a set failed")
            self._emit("notice", {"level": "error", "code": "generate_failed",
                                  "message": f"Could not make a puzzle: {type(err).__name__}", "params": {}})
        with self._lock:
            self._busy = None
            self._set_job = None
            self._play.expected = len(self._play.games) if self._play.is_set else 1
            self._changed()
        self._publish()


    def _set_setting(self, name: str, value: Any) -> dict[str, Any]:
        with self._lock:
            self._settings[name] = value
            if name == "language":
                self._lang_override = None  # the user's choice now wins over --lang
            if name == "delay" and self._session is not None:
                self._session.set_delay(value)
            if name == "show_mistakes":  # other digits judged: an old count is stale
                self._game.version += 1
                self._schedule_analysis()
            self._save_settings()
            self._dirty = True
            return {"ok": True, "settings": self._effective_settings()}

    def _algorithms(self) -> list[str]:
        # "human logic" needs the engine's step driver; find_spec looks without importing it
        return ["naive", "smart", "human"] if _HAS_HUMAN else ["naive", "smart"]

    def _effective_settings(self) -> dict[str, Any]:
        settings = dict(self._settings)
        settings["language"] = self._lang_override or settings["language"] or self._system_lang
        if settings["algorithm"] not in self._algorithms():
            settings["algorithm"] = "smart"
        return settings

    def _state(self) -> dict[str, Any]:
        self._seq += 1
        now = _now()
        self._game.tick(now)
        state = self._game.snapshot(now, show_mistakes=self._settings["show_mistakes"])
        state["status"] = self._status(state["status"])
        state.update(
            set=self._play.progress(),
            making_set=self._set_job is not None,
            statistics=self._play.statistics(),
            seq=self._seq,
            settings=self._effective_settings(),
            algorithms=self._algorithms(),
            session=self._session_info(),
            hint=self._hint_shown(),
            busy=self._busy,
            solver_ready=self._solver_ready.is_set(),
            notices=list(self._notices),
        )
        return state

    def _status(self, quick: dict[str, Any]) -> dict[str, Any]:
        found = self._analysis
        if found is not None and found[0] == quick["version"] and quick["solutions"] is None:
            return refine_status(quick, found[1])
        return quick

    def _session_info(self) -> dict[str, Any]:
        # a finished run's counters belong to its puzzle: another puzzle on the board shows none
        ended_elsewhere = (self._session is not None and self._session.ended
                           and self._session_puzzle != self._puzzle_key())
        if self._session is None or ended_elsewhere:
            return idle_info(self._settings["delay"], self._effective_settings()["algorithm"])
        return self._session.info()

    def _hint_shown(self) -> dict[str, Any] | None:
        """Return the hint of the board shown (None while paused: the board is hidden) (lock held)."""
        if self._game.paused or not self._hints.current(self._board_key()):
            return None
        return self._hints.view()

    def _board_key(self) -> tuple[int, int]:
        """Return which board is shown: the game played (of a set) and its version (lock held)."""
        return id(self._game), self._game.version

    def _puzzle_key(self) -> tuple[int, tuple[int, ...]]:
        """Return which puzzle is on the board: the game played (of a set) and its givens (lock held)."""
        return id(self._game), tuple(self._game.givens())

    def _refuse_wrong(self) -> None:
        """Refuse to build on a wrong or repeated digit, naming the cell to fix (lock held)."""
        cell = self._game.first_wrong_cell()
        if cell is not None:
            raise ApiError("wrong_digit", f"{cell} is wrong: fix it first.")
        if self._game.conflict_cells():
            raise ApiError("invalid_board", "Remove the repeated digits first.")

    def _run_on_board(self) -> Session:
        """Return the run whose timeline belongs to the board (lock held); ApiError when there is none."""
        session = self._session
        if session is None or session.status == "stopped" or self._session_puzzle != self._puzzle_key():
            raise ApiError("nothing_to_do", "No run of this puzzle to go through: press Solve or Step.")
        return session

    def _refuse_while_solving(self) -> None:
        if self._session is not None and not self._session.ended:
            raise ApiError("busy", "The solver is running; stop it first.")

    def _publish(self) -> None:
        """Push the state to the page if a call changed it (any caller may change it, not only the page)."""
        with self._lock:
            if not self._dirty:
                return
            self._dirty = False
            state = self._state()
        self._emit("state", {"state": state})

    def _changed(self) -> None:
        """Autosave after a change of the game (called with the lock held) and queue its analysis."""
        self._dirty = True
        now = _now()
        self._game.tick(now)
        self._play.record_if_solved(now)
        try:
            self._storage.save_game(self._play, now)
        except OSError as err:
            self._save_problem(err)
        self._schedule_analysis()

    def _save_settings(self) -> None:
        try:
            self._storage.save_settings(self._settings)
        except OSError as err:
            self._save_problem(err)

    def _save_problem(self, err: OSError) -> None:
        log.warning("autosave failed: %s", err)
        if not self._save_failed:  # tell the user once, not on every keystroke
            self._save_failed = True
            self._emit("notice", {"level": "error", "code": "save_failed",
                                  "message": f"Could not save: {err.strerror or err}", "params": {}})

    def _notice_damaged(self, what: str, loaded: storage.Loaded) -> None:
        backup = loaded.damaged_backup
        message = f"The saved {what} could not be read ({loaded.problem}); starting fresh."
        if backup is not None:
            message += f" The damaged file was kept as {backup.name}."
        self._notices.append({"level": "warning", "code": "damaged_save", "message": message,
                              "params": {"what": what, "backup": str(backup) if backup else ""}})

    def _emit(self, event: str, payload: dict[str, Any]) -> None:
        if self._closed:
            return
        try:
            self._bridge.emit(event, payload)
        except Exception:
            log.exception("could not emit %s", event)

    # -- solve sessions -------------------------------------------------------------------------

    def _start_session(self, algorithm: str, paused: bool) -> Session:
        """Start a session on the board (lock held); ApiError if one runs or the board cannot be solved."""
        self._refuse_while_solving()
        if self._busy is not None:
            raise ApiError("busy", "A new puzzle is being made; try again in a moment.")
        if self._game.conflict_cells():
            raise ApiError("invalid_board", "The board repeats a digit; remove the repeat before solving.")
        if all(self._game.digits):
            raise ApiError("nothing_to_do", "The board is already full.")
        if self._session is not None:
            self._session.stop()  # an ended run's worker waits for a seek: release it
        self._settings["algorithm"] = algorithm
        self._save_settings()
        self._warm_soon.set()
        session = Session(self._game.digits, algorithm, self._emit, self._settings["delay"],
                          on_end=self._session_ended, paused=paused, settle=self._settle,
                          owner_lock=self._lock)
        self._session = session
        self._session_version = self._game.version
        self._session_puzzle = self._puzzle_key()
        self._dirty = True
        session.start()
        return session

    def _stop_session(self) -> None:
        """Stop the running session and wait briefly for it (called without the lock)."""
        with self._lock:
            session = self._session
        if session is not None and not session.ended:
            session.stop()
            session.join(2.0)

    def _settle(self, session: Session) -> None:
        """Worker thread, lock held: put a found solution on the board as one undoable move."""
        if session is not self._session:
            return
        if session.status == "solved" and self._game.version == self._session_version:
            start = session.start_digits
            placements = [(c, d) for c, d in enumerate(session.board.digits) if d and not start[c]]
            if self._game.place(placements, "solve"):
                self._changed()

    def _session_ended(self, session: Session) -> None:
        """Worker thread: tell the page the run is over (after its last progress message)."""
        with self._lock:
            if session is not self._session:
                return
            self._dirty = False
            state = self._state()
        if session.status == "failed":
            message = session.error or "The search ended without a solution: this board has none."
            self._emit("notice", {"level": "warning", "code": "solve_failed", "message": message,
                                  "params": {}})
        self._emit("state", {"state": state})

    # -- background work (the threads live in desktop.workers) -----------------------------------

    def _start_warm_up(self) -> None:
        with self._lock:
            if self._warm_started:
                return
            self._warm_started = True
            self._resume_set()  # once, when the page first asks: never before the window shows
        workers.spawn(self._warm_up, "warm-up")

    def _warm_up(self) -> None:
        workers.warm_up(self._warm_soon, WARM_UP_DELAY_S)
        self._solver_ready.set()
        with self._lock:
            self._schedule_analysis()
            state = self._state()
        self._emit("state", {"state": state})

    def _schedule_analysis(self) -> None:
        """Queue the solver's look at the current board (lock held); only the latest board counts."""
        version = self._game.version
        if self._analysis is not None and self._analysis[0] == version:
            return
        digits = self._game.judged(self._settings["show_mistakes"])
        if quick_status(digits, version)["solutions"] is not None:
            return  # invalid, solved or a dead cell: nothing to count
        self._analyser.submit(version, digits)

    def _analysed(self, version: int, solutions: int) -> None:
        """Analysis thread: keep the count and tell the page if the board is still the one counted."""
        with self._lock:
            self._analysis = (version, solutions)
            if version != self._game.version or self._closed:
                return
            snap = self._game.snapshot(_now(), self._settings["show_mistakes"])
            status = self._status(snap["status"])
        self._emit("analysis", {"version": version, "status": status})

    def _generate(self, level: str = "any") -> None:
        try:
            grid, solution = workers.make_puzzle(level)
        except Exception as err:
            log.exception("making a puzzle failed")
            with self._lock:
                self._busy = None
                state = self._state()
            self._emit("notice", {"level": "error", "code": "generate_failed",
                                  "message": f"Could not make a puzzle: {type(err).__name__}", "params": {}})
            self._emit("state", {"state": state})
            return
        with self._lock:
            self._busy = None
            self._game.load_puzzle(grid, "new", difficulty=level, solution=solution, now=_now())
            self._game.set_mode("play")
            self._changed()
            state = self._state()
            clues = sum(1 for d in self._game.digits if d)
        self._emit("state", {"state": state})
        self._emit("notice", {"level": "info", "code": "new_puzzle",
                              "message": f"New puzzle: {clues} givens, exactly one solution.",
                              "params": {"clues": clues, "difficulty": level}})

    def _shutdown(self) -> None:
        """The window is closing: stop every worker at once (they are daemons; nothing is waited for)."""
        with self._lock:
            self._closed = True
            session = self._session
        self._analyser.close()
        if session is not None:
            session.stop()
