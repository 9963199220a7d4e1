"""The one road from Python to the page: ``emit(event, payload)`` becomes ``window.sudokuEvents.dispatch``.

:class:`WindowBridge` is the real one (it needs a pywebview window, but never imports ``webview``
itself: it is handed the window).  :class:`RecordingBridge` keeps every event for in-process tests;
it is the fake the contract allows, standing in for the page, never for our own code.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from collections import deque
from typing import Any, Protocol

log = logging.getLogger(__name__)

PRESET_ANSWER = "SUDOKU_STUDIO_FILE_ANSWER"
"""When set, the file dialogs answer its value (empty: cancelled) without showing: for window tests."""
_PUZZLES = ("Sudoku puzzles (*.txt;*.sdk;*.ss;*.sudoku)", "All files (*.*)")
FILE_TYPES = {
    "open": _PUZZLES,
    "save": _PUZZLES,
    "image": ("Images (*.png;*.jpg;*.jpeg;*.webp;*.bmp;*.gif;*.tif;*.tiff)", "All files (*.*)"),
    "pdf": ("PDF documents (*.pdf)", "All files (*.*)"),  # Print…: a save dialog for the PDF
}
SAVE_NAMES = {"save": "puzzle.txt", "pdf": "sudoku.pdf"}  # the save dialogs' suggested file names
FLUSH_S = 5.0  # the longest a call's answer waits for the events before it to reach the window


class Bridge(Protocol):
    """Where the API and the solve sessions send events for the page."""

    def emit(self, event: str, payload: dict) -> None:
        """Deliver one event to the page; must not raise (a closed window drops it)."""


def dispatch_script(event: str, payload: dict) -> str:
    """Return the JavaScript that hands one event to the page's dispatcher; TypeError if not JSON-able."""
    # the guard: an event racing the page's first load is dropped, the page asks for the state anyway
    body = json.dumps(payload, separators=(",", ":"), allow_nan=False)
    return f"window.sudokuEvents&&window.sudokuEvents.dispatch({json.dumps(event)},{body})"


def documents_dir() -> str:
    """Return the user's documents folder where file dialogs start (the home folder if there is none)."""
    from platformdirs import user_documents_dir

    folder = user_documents_dir()
    return folder if os.path.isdir(folder) else os.path.expanduser("~")


class WindowBridge:
    """Sends events into a pywebview window from a sender thread of its own.

    ``run_js`` waits for the GUI thread and the page (milliseconds each, more under load); a solve
    worker that waited too would spend its time there instead of searching.  So :meth:`emit`
    serialises the payload and returns at once, and the sender delivers the scripts in order.  A
    ``frame`` still waiting when a newer one comes is replaced by it: it only draws a board the newer
    one draws again.  After :meth:`close` (the window is closing) events are dropped.

    A call's answer must not overtake the state its call sent (the page takes the newest state it has
    when the answer comes as the call's): each call waits in :meth:`flush` until the events emitted
    before it ended are handed to the window, whose GUI thread runs scripts and answers in order.
    """

    def __init__(self, window: Any = None) -> None:
        self._window = window
        self._closed = threading.Event()
        self._cond = threading.Condition()
        self._queue: deque[tuple[str, str]] = deque()
        self._queued = 0  # events put in the queue (a frame replacing a frame is not counted again)
        self._handed = 0  # of those, handed to the window (or dropped)
        self._sender = threading.Thread(target=self._send_loop, name="bridge", daemon=True)
        self._sender.start()

    def attach(self, window: Any) -> None:
        """Use ``window`` from now on (the window is made after the API object it exposes)."""
        self._window = window

    def choose_file(self, kind: str) -> str | None:
        """Return a path from the native "open", "image" (open an image), "save" or "pdf" (save) dialog,
        or None if cancelled (or no window); $SUDOKU_STUDIO_FILE_ANSWER, when set, is the answer instead."""
        if self._window is None:
            return None
        preset = os.environ.get(PRESET_ANSWER)
        if preset is not None:  # the real-window tests: there is no one to click in the dialog
            return preset or None
        # pywebview's FileDialog.OPEN / .SAVE (10 / 30): this module never imports webview itself
        dialog = 30 if kind in SAVE_NAMES else 10
        types, name = FILE_TYPES[kind], SAVE_NAMES.get(kind, "")
        chosen = self._window.create_file_dialog(dialog, directory=documents_dir(),
                                                 save_filename=name, file_types=types)
        if not chosen:
            return None
        return chosen if isinstance(chosen, str) else chosen[0]

    def close_window(self) -> None:
        """Close the window as its close button does (Ctrl+Q, Ctrl+W); a no-op without one."""
        if self._window is not None:
            self._window.destroy()

    def close(self) -> None:
        """Stop sending: the window is going away."""
        self._closed.set()
        with self._cond:
            self._queue.clear()
            self._cond.notify_all()

    def emit(self, event: str, payload: dict) -> None:
        """Queue one event for the page; returns at once, never raises (a bad payload is logged)."""
        if self._closed.is_set():
            return
        try:
            script = dispatch_script(event, payload)
        except (TypeError, ValueError):
            log.exception("event %s is not JSON-able", event)
            return
        with self._cond:
            if event == "frame" and self._queue and self._queue[-1][0] == "frame":
                self._queue[-1] = (event, script)
            else:
                self._queue.append((event, script))
                self._queued += 1
            self._cond.notify_all()

    def flush(self, timeout: float = FLUSH_S) -> None:
        """Wait until every event emitted so far is handed to the window (or the window closes, or
        ``timeout`` passes: a stuck window does not hold a call for ever)."""
        with self._cond:
            target = self._queued
            self._cond.wait_for(lambda: self._handed >= target or self._closed.is_set(), timeout)

    def _send_loop(self) -> None:
        while True:
            with self._cond:
                while not self._queue and not self._closed.is_set():
                    self._cond.wait()
                if self._closed.is_set():
                    return
                event, script = self._queue.popleft()
            try:
                self._send(event, script)
            finally:
                with self._cond:
                    self._handed += 1
                    self._cond.notify_all()

    def _send(self, event: str, script: str) -> None:
        window = self._window
        if window is None:
            return  # nothing to draw into yet; the page asks for the whole state when it loads
        try:
            # run_js, not evaluate_js: no result to wait for, and no pywebview wrapping of the script
            window.run_js(script)
        except Exception:  # a closing window can fail in many backend-specific ways
            if not self._closed.is_set():
                log.exception("could not send %s to the page", event)


class RecordingBridge:
    """Keeps every event (for tests); :meth:`wait_for` blocks until a matching one arrives."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self.events: list[tuple[str, dict]] = []
        self.closed_window = False

    def close_window(self) -> None:
        """Record that the page asked to close the window."""
        self.closed_window = True

    def emit(self, event: str, payload: dict) -> None:
        """Record one event; raises TypeError if the real bridge could not send it (not JSON-able)."""
        dispatch_script(event, payload)
        with self._cond:
            self.events.append((event, payload))
            self._cond.notify_all()

    def named(self, event: str) -> list[dict]:
        """Return the payloads of every ``event`` so far, oldest first."""
        with self._cond:
            return [p for e, p in self.events if e == event]

    def wait_for(self, event: str, predicate: Any = None, timeout: float = 30.0) -> dict:
        """Return the first ``event`` payload satisfying ``predicate``; raises TimeoutError after timeout."""
        def find() -> dict | None:
            for e, p in self.events:
                if e == event and (predicate is None or predicate(p)):
                    return p
            return None

        with self._cond:
            if not self._cond.wait_for(lambda: find() is not None, timeout):
                raise TimeoutError(f"no {event!r} event within {timeout} s")
            return find()  # type: ignore[return-value]
