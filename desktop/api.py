"""The JavaScript contract: the one object pywebview exposes to the page (``js_api``).

Every public method is a call the page may make (see ``desktop/CONTRACT.md``): JSON values in,
``{"ok": true}`` out (plus a value where the call is a question), or ``{"ok": false, "error": {"code",
"message", "params"}}``; nothing is ever raised into pywebview.  Every argument is checked (type,
range, length) before anything is touched, then the call is handed to the :class:`~desktop.host.Host`,
which owns the lock, the threads and the mid end.  The page learns state only from ``state`` events.
"""

from __future__ import annotations

import functools
import inspect
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from desktop import storage, transfer, workers
from desktop.bridge import Bridge
from desktop.host import MAX_SET, Host, system_language
from desktop.midend import GameError

log = logging.getLogger(__name__)

MAX_STRING = 64  # longer strings are refused before they are looked at
F = TypeVar("F", bound=Callable[..., dict])
OK: dict[str, Any] = {"ok": True}

ApiError = GameError  # a refused call: code and params for the page to word, message in English


def _endpoint(func: F) -> F:
    """Make ``func`` a contract method: bad arity and every exception become error answers."""
    signature = inspect.signature(func)

    @functools.wraps(func)
    def call(self: Api, *args: Any, **kwargs: Any) -> dict[str, Any]:
        try:
            signature.bind(self, *args, **kwargs)
        except TypeError as err:
            return _error(ApiError("bad_argument", f"{func.__name__}: {err}"))
        try:
            return func(self, *args, **kwargs)
        except GameError as err:
            return _error(err)
        except Exception as err:  # the last guard: the page gets an answer, the log gets the traceback
            log.exception("%s failed", func.__name__)
            return _error(ApiError("internal", f"Something went wrong: {type(err).__name__}"))

    return call  # type: ignore[return-value]


def _error(err: GameError) -> dict[str, Any]:
    return {"ok": False, "error": {"code": err.code, "message": err.message, "params": dict(err.params)}}


def _command(name: str, doc: str) -> Callable[..., dict]:
    """Return the contract method ``name`` without arguments: the host's command of that name."""

    def method(self: Api) -> dict[str, Any]:
        return {"ok": True, **self._host.command(name)}

    method.__name__ = method.__qualname__ = name
    method.__doc__ = doc
    return _endpoint(method)


def _int(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        # the value itself is not printed: a huge number cannot be
        raise ApiError("bad_argument", f"{name} must be a whole number from {low} to {high}",
                       {"name": name, "low": low, "high": high})
    return value


def _choice(value: Any, name: str, choices: tuple[str, ...] | list[str]) -> str:
    if not isinstance(value, str) or len(value) > MAX_STRING or value not in choices:
        raise ApiError("bad_argument", f"{name} must be one of: {', '.join(choices)}",
                       {"name": name, "choices": list(choices)})
    return value


def _text(value: Any) -> str:
    if not isinstance(value, str) or len(value) > transfer.MAX_TEXT:
        raise ApiError("bad_argument", f"text must be a string of at most {transfer.MAX_TEXT} characters")
    return value


class Api:
    """The page's API; construct with a Bridge, a data folder (None: the per-user one) and a language."""

    def __init__(self, bridge: Bridge, data_dir: Path | None = None, lang: str | None = None) -> None:
        self._bridge = bridge
        folder = Path(data_dir) if data_dir is not None else storage.default_data_dir()
        self._host = Host(bridge, folder, lang, system_language())

    def _open_first_puzzle(self) -> bool:
        """The app's start: on the first launch (empty data folder) make an easy puzzle; False otherwise."""
        return self._host.open_first_puzzle()

    @_endpoint
    def get_state(self) -> dict[str, Any]:
        """Return the whole state the page draws from (and start the solver's warm-up)."""
        return {"ok": True, "state": self._host.state()}

    @_endpoint
    def set_cell(self, cell: Any, digit: Any) -> dict[str, Any]:
        """Put a digit 1-9 in a cell 0-80 (0 clears it); refuses givens outside Enter puzzle."""
        return self._do("set_cell", cell=_int(cell, "cell", 0, 80), digit=_int(digit, "digit", 0, 9))

    @_endpoint
    def toggle_note(self, cell: Any, digit: Any) -> dict[str, Any]:
        """Add or remove the pencil mark ``digit`` 1-9 in the empty ``cell`` 0-80 (undoable)."""
        return self._do("toggle_note", cell=_int(cell, "cell", 0, 80), digit=_int(digit, "digit", 1, 9))

    @_endpoint
    def set_paused(self, paused: Any) -> dict[str, Any]:
        """Pause the game (the board is hidden, the timer stops) or resume it."""
        if not isinstance(paused, bool):
            raise ApiError("bad_argument", "paused must be true or false", {"name": "paused"})
        return self._do("set_paused", paused=paused)

    @_endpoint
    def set_mode(self, mode: Any) -> dict[str, Any]:
        """Switch between "play" and "enter" (a new blank puzzle); leaving "enter" answers ``check``."""
        check = self._host.set_mode(_choice(mode, "mode", ["play", "enter"]))
        return OK if check is None else {"ok": True, "check": check}

    @_endpoint
    def go_puzzle(self, delta: Any) -> dict[str, Any]:
        """Show the previous or next puzzle of the set, keeping everything of this one."""
        which = _choice(delta, "delta", ["previous", "next"])
        return self._do("go_puzzle", delta=-1 if which == "previous" else 1)

    @_endpoint
    def start_set(self, count: Any, difficulty: Any) -> dict[str, Any]:
        """Start making a set of ``count`` 1-1000 unique puzzles; the first is played as soon as it exists."""
        count = _int(count, "count", 1, MAX_SET)
        self._host.start_set(count, _choice(difficulty, "difficulty", storage.DIFFICULTIES))
        return {"ok": True, "pending": True}

    @_endpoint
    def import_text(self, text: Any) -> dict[str, Any]:
        """Load one puzzle from text (an undoable move); a text of several answers ``several_puzzles``."""
        self._host.load_text(_text(text))
        return OK

    @_endpoint
    def import_set(self, text: Any) -> dict[str, Any]:
        """Play the puzzles of a text of two or more as a set (the Import dialog's "Play as a set")."""
        self._host.load_set(_text(text))
        return OK

    @_endpoint
    def export_text(self, fmt: Any, content: Any = "board") -> dict[str, Any]:
        """Return the ``content`` ("puzzle": givens only, or "board") as text in ``fmt``."""
        fmt = _choice(fmt, "format", transfer.EXPORT_FORMATS)
        givens_only = _choice(content, "content", ["puzzle", "board"]) == "puzzle"
        return {"ok": True, "text": self._host.board_text(fmt, givens_only)}

    @_endpoint
    def open_file(self) -> dict[str, Any]:
        """Ask for a puzzle file with the native dialog; ``text`` is its content, null if cancelled."""
        return {"ok": True, **self._host.open_file(self._dialog("open"))}

    @_endpoint
    def save_file(self, fmt: Any, content: Any = "board") -> dict[str, Any]:
        """Export to a file the native save dialog asks for (in the documents folder; written atomically)."""
        fmt = _choice(fmt, "format", transfer.EXPORT_FORMATS)
        givens_only = _choice(content, "content", ["puzzle", "board"]) == "puzzle"
        saved = self._host.save_file(self._dialog("save"), fmt, givens_only)
        return {"ok": True, "saved": saved}

    @_endpoint
    def solve(self, algorithm: Any) -> dict[str, Any]:
        """Start watching ``algorithm`` solve the board on a worker thread (a paused run goes on)."""
        self._host.solve(_choice(algorithm, "algorithm", workers.algorithms()))
        return OK

    @_endpoint
    def seek(self, position: Any) -> dict[str, Any]:
        """Show the last run's board after ``position`` of its events, paused there."""
        return self._run("seek", _int(position, "position", 0, 2**31 - 1))

    @_endpoint
    def set_delay(self, ms: Any) -> dict[str, Any]:
        """Set the step delay 0-1000 ms, live during a run."""
        self._host.set_setting("delay", _int(ms, "delay", 0, 1000))
        return OK

    @_endpoint
    def set_setting(self, name: Any, value: Any) -> dict[str, Any]:
        """Change one setting: language, theme, algorithm, delay, candidates, difficulty, show_mistakes…"""
        name = _choice(name, "setting", list(storage.DEFAULT_SETTINGS))
        if isinstance(value, str) and len(value) > MAX_STRING:
            raise ApiError("bad_argument", f"{name}: value too long", {"name": name})
        if name == "algorithm":
            value = _choice(value, "algorithm", workers.algorithms())
        try:
            value = storage.validate_setting(name, value)
        except ValueError as err:
            raise ApiError("bad_argument", str(err), {"name": name}) from None
        self._host.set_setting(name, value)
        return OK

    # the calls without arguments (CONTRACT.md says what each answers besides ok)
    undo = _command("undo", "Take back the last move; ``changed`` is False when there was none.")
    redo = _command("redo", "Make the last undone move again; ``changed`` is False when there was none.")
    clear = _command("clear", "Empty the whole board, stopping a solve first (undoable).")
    restart = _command("restart", "Take the board back to the givens and the timer to zero (undoable).")
    fill_candidates = _command("fill_candidates", "Each empty cell's candidates as its notes (undoable).")
    fill_singles = _command("fill_singles", "Apply hidden singles as one undoable move; ``placed`` counts.")
    check = _command("check", "Check the board against its solution: ``check`` names wrong or empty cells.")
    check_puzzle = _command("check_puzzle", "Say if the board repeats a digit, has 0, 1 or more solutions.")
    hint = _command("hint", "Show the hint one level deeper (the state's ``hint``); the board is unchanged.")
    apply_hint = _command("apply_hint", "Make the fully shown hint's step one undoable move (level 4).")
    new_puzzle = _command("new_puzzle", "Start making a unique puzzle; it arrives in a ``state`` event.")
    pause = _command("pause", "Pause the running solve (a no-op when none runs).")
    resume = _command("resume", "Resume a paused solve (a no-op when none is paused).")
    step_back = _command("step_back", "Show the last run's board one event earlier, paused.")
    step = _command("step", "Show one more event: pauses a running solve or starts a paused one.")
    stop = _command("stop", "Stop the solve; the board stays as it was (a no-op when none runs).")
    cancel_set = _command("cancel_set", "Stop making the set; the puzzles made so far stay.")
    quit = _command("quit", "Close the window, as its close button does (Ctrl+Q, Ctrl+W).")

    # == inside ================================================================================

    def _do(self, name: str, **args: Any) -> dict[str, Any]:
        self._host.move({"name": name, **args})
        return OK

    def _run(self, what: str, position: int = 0) -> dict[str, Any]:
        self._host.run_control(what, position)
        return OK

    def _dialog(self, kind: str) -> str | None:
        """Ask the window for a file path (None if cancelled); ApiError where there is no window."""
        choose = getattr(self._bridge, "choose_file", None)
        if choose is None:
            raise ApiError("no_window", "File dialogs need the app's window.")
        return choose(kind)

    def _shutdown(self) -> None:
        """The window is closing: stop every worker at once."""
        self._host.shutdown()
