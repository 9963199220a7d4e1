"""The JavaScript contract: the one object pywebview exposes to the page (``js_api``).

Every public method is a call the page may make (see ``desktop/CONTRACT.md``): JSON values in,
``{"ok": true}`` out (plus a value where the call is a question), or ``{"ok": false, "error": {"code",
"message", "params"}}``; nothing is ever raised into pywebview.  Every argument is checked (type,
range, length) before anything is touched, then the call is handed to the :class:`~desktop.host.host.Host`,
which owns the lock, the threads and the mid end.  The page learns state only from ``state`` events
(and a run's board from ``frame`` events): no answer carries state.

An area with calls of its own (learning, photos, sharing, …) keeps them in a mixin, ``desktop/calls_AREA.py``,
built from :mod:`desktop.contract.endpoints` the same way; ``Api`` inherits it, so the page sees one flat
object.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from desktop.bridge import Bridge
from desktop.contract import endpoints as arg
from desktop.contract.colours import ColourCalls
from desktop.contract.daily import DailyCalls
from desktop.contract.endpoints import MAX_STRING, OK, ApiError, command, endpoint
from desktop.contract.enter import EnterCalls
from desktop.contract.learn import LearnCalls
from desktop.contract.open import OpenCalls
from desktop.contract.photo import PhotoCalls
from desktop.contract.practice import PracticeCalls
from desktop.contract.printing import PrintCalls
from desktop.contract.share import ShareCalls
from desktop.host import workers
from desktop.host.host import MAX_SET, Host
from desktop.io import files, storage, transfer


class Api(LearnCalls, PhotoCalls, PracticeCalls, ColourCalls, DailyCalls, PrintCalls, ShareCalls, OpenCalls,
          EnterCalls):
    """The page's API; construct with a Bridge, a data folder (None: the per-user one) and a language."""

    def __init__(self, bridge: Bridge, data_dir: Path | None = None, lang: str | None = None) -> None:
        self._bridge = bridge
        folder = Path(data_dir) if data_dir is not None else storage.default_data_dir()
        self._host = Host(bridge, folder, lang, storage.system_language())

    def _open_first_puzzle(self) -> bool:
        """The app's start: on the first launch (empty data folder) make an easy puzzle; False otherwise."""
        return self._host.maker.open_first_puzzle()

    def _start(self) -> None:
        """The app's window is shown: start the solver's warm-up, an unfinished set's maker and the
        board's analysis (private: the page's calls start nothing)."""
        self._host.start()

    @endpoint
    def get_state(self) -> dict[str, Any]:
        """Send the whole state the page draws from as a ``state`` event (the answer carries none)."""
        self._host.publish()
        return OK

    @endpoint
    def set_cell(self, cell: Any, digit: Any) -> dict[str, Any]:
        """Put a digit 1-N in a cell 0..N*N-1 of the N x N puzzle shown (0 clears it); refuses givens
        outside Enter puzzle."""
        n = self._host.size()
        cell, digit = arg.whole(cell, "cell", 0, n * n - 1), arg.whole(digit, "digit", 0, n)
        return self._do("set_cell", cell=cell, digit=digit)

    @endpoint
    def toggle_note(self, cell: Any, digit: Any) -> dict[str, Any]:
        """Add or remove the pencil mark ``digit`` 1-N in the empty ``cell`` 0..N*N-1 (undoable)."""
        n = self._host.size()
        cell, digit = arg.whole(cell, "cell", 0, n * n - 1), arg.whole(digit, "digit", 1, n)
        return self._do("toggle_note", cell=cell, digit=digit)

    @endpoint
    def set_paused(self, paused: Any) -> dict[str, Any]:
        """Pause the game (the board is hidden, the timer stops) or resume it."""
        return self._do("set_paused", paused=arg.flag(paused, "paused"))

    @endpoint
    def set_mode(self, mode: Any) -> dict[str, Any]:
        """Switch between "play" and "enter" (a new blank puzzle); leaving "enter" answers ``check``."""
        check = self._host.set_mode(arg.choice(mode, "mode", ["play", "enter"]))
        return OK if check is None else {"ok": True, "check": check}

    @endpoint
    def go_puzzle(self, delta: Any) -> dict[str, Any]:
        """Show the previous or next puzzle of the set, keeping everything of this one."""
        which = arg.choice(delta, "delta", ["previous", "next"])
        return self._do("go_puzzle", delta=-1 if which == "previous" else 1)

    @endpoint
    def start_set(self, count: Any, difficulty: Any) -> dict[str, Any]:
        """Start making a set of ``count`` 1-1000 unique puzzles; the first is played as soon as it exists."""
        count = arg.whole(count, "count", 1, MAX_SET)
        self._host.maker.start_set(count, arg.choice(difficulty, "difficulty", storage.DIFFICULTIES))
        return {"ok": True, "pending": True}

    @endpoint
    def import_text(self, text: Any) -> dict[str, Any]:
        """Load one puzzle from text (an undoable move); a text of several answers ``several_puzzles``."""
        self._host.load_text(arg.text(text))
        return OK

    @endpoint
    def import_set(self, text: Any) -> dict[str, Any]:
        """Play the puzzles of a text of two or more as a set (the Import dialog's "Play as a set")."""
        self._host.load_set(arg.text(text))
        return OK

    @endpoint
    def export_text(self, fmt: Any, content: Any = "board") -> dict[str, Any]:
        """Return the ``content`` ("puzzle": givens only, or "board") as text in ``fmt``."""
        fmt = arg.choice(fmt, "format", transfer.EXPORT_FORMATS)
        givens_only = arg.choice(content, "content", ["puzzle", "board"]) == "puzzle"
        return {"ok": True, "text": self._host.export.board_text(fmt, givens_only)}

    @endpoint
    def open_file(self) -> dict[str, Any]:
        """Ask for a puzzle file with the native dialog; ``text`` is its content, null if cancelled."""
        return {"ok": True, **self._host.export.open_file(self._dialog("open"))}

    @endpoint
    def save_file(self, fmt: Any, content: Any = "board") -> dict[str, Any]:
        """Export to a file the native save dialog asks for (in the documents folder; written atomically)."""
        fmt = arg.choice(fmt, "format", transfer.EXPORT_FORMATS)
        givens_only = arg.choice(content, "content", ["puzzle", "board"]) == "puzzle"
        saved = self._host.export.save_file(self._dialog("save"), fmt, givens_only)
        return {"ok": True, "saved": saved}

    @endpoint
    def solve(self, algorithm: Any) -> dict[str, Any]:
        """Start watching ``algorithm`` solve the board on a worker thread (a paused run goes on)."""
        self._host.solve(arg.choice(algorithm, "algorithm", workers.algorithms()))
        return OK

    @endpoint
    def seek(self, position: Any) -> dict[str, Any]:
        """Show the last run's board after ``position`` of its events, paused there."""
        return self._run("seek", arg.whole(position, "position", 0, 2**31 - 1))

    @endpoint
    def set_delay(self, ms: Any) -> dict[str, Any]:
        """Set the step delay 0-1000 ms, live during a run."""
        self._host.set_setting("delay", arg.whole(ms, "delay", 0, 1000))
        return OK

    @endpoint
    def set_setting(self, name: Any, value: Any) -> dict[str, Any]:
        """Change one setting: language, theme, algorithm, delay, candidates, difficulty, show_mistakes…"""
        name = arg.choice(name, "setting", list(storage.DEFAULT_SETTINGS))
        if isinstance(value, str) and len(value) > MAX_STRING:
            raise ApiError("bad_argument", f"{name}: value too long", {"name": name})
        if name == "algorithm":
            value = arg.choice(value, "algorithm", workers.algorithms())
        try:
            value = storage.validate_setting(name, value)
        except ValueError as err:
            raise ApiError("bad_argument", str(err), {"name": name}) from None
        self._host.set_setting(name, value)
        return OK

    # the calls without arguments (CONTRACT.md says what each answers besides ok)
    undo = command("undo", "Take back the last move; ``changed`` is False when there was none.")
    redo = command("redo", "Make the last undone move again; ``changed`` is False when there was none.")
    clear = command("clear", "Empty the whole board, stopping a solve first (undoable).")
    restart = command("restart", "Take the board back to the givens and the timer to zero (undoable).")
    fill_candidates = command("fill_candidates", "Each empty cell's candidates as its notes (undoable).")
    fill_singles = command("fill_singles", "Apply hidden singles as one undoable move; ``placed`` counts.")
    check = command("check", "Check the board against its solution: ``check`` names wrong or empty cells.")
    check_puzzle = command("check_puzzle", "Say if the board repeats a digit, has 0, 1 or more solutions.")
    hint = command("hint", "Show the hint one level deeper (the state's ``hint``); the board is unchanged.")
    apply_hint = command("apply_hint", "Make the fully shown hint's step one undoable move (level 4).")
    new_puzzle = command("new_puzzle", "Start making a unique puzzle; it arrives in a ``state`` event.")
    pause = command("pause", "Pause the running solve (a no-op when none runs).")
    resume = command("resume", "Resume a paused solve (a no-op when none is paused).")
    step_back = command("step_back", "Show the last run's board one event earlier, paused.")
    step = command("step", "Show one more event: pauses a running solve or starts a paused one.")
    stop = command("stop", "Stop the solve; the board stays as it was (a no-op when none runs).")
    cancel_set = command("cancel_set", "Stop making the set; the puzzles made so far stay.")
    quit = command("quit", "Close the window, as its close button does (Ctrl+Q, Ctrl+W).")

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
        return files.chosen_path(choose(kind), kind)

    def _shutdown(self) -> None:
        """The window is closing: stop every worker at once."""
        self._host.shutdown()
