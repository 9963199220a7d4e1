"""Puzzles opened from outside the window: ``sudoku-studio FILE|LINK``, a file manager, a second launch.

The app (or the instance listener, :mod:`desktop.instance`) queues the argument with ``_open_later``
and sends the page the event ``opened``; the page then asks ``take_opened()`` (and asks once at start,
so an argument queued before the page listened is not lost) and puts each text through the Import
dialog's own Load: one puzzle loads, several are offered as a set, a refusal shows in the dialog.
"""

from __future__ import annotations

import threading
from typing import Any

from desktop import instance
from desktop.contract.endpoints import endpoint
from desktop.io import files
from desktop.midend import GameError


class Inbox:
    """The launch arguments not yet taken by the page (thread-safe)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._items: list[str] = []

    def put(self, argument: str) -> None:
        """Queue one launch argument (a file's absolute path or a link); never fails."""
        with self._lock:
            self._items.append(argument)

    def take(self) -> list[str]:
        """Return and forget every argument queued so far, oldest first."""
        with self._lock:
            items, self._items = self._items, []
        return items


def opened_item(argument: str) -> dict[str, Any]:
    """Return ``{"text", "name"}`` for the page's Import dialog (a link is its own text), or ``{"error":
    {code, message, params}}`` when the file cannot be read (never raises)."""
    if instance.is_link(argument):
        return {"text": argument, "name": ""}
    try:
        return files.read_puzzle_file(argument)
    except GameError as err:
        return {"error": {"code": err.code, "message": err.message, "params": err.params}}


class OpenCalls:
    """The call for opened puzzles, mixed into :class:`desktop.contract.api.Api` (it provides ``_bridge``)."""

    _bridge: Any

    def _inbox(self) -> Inbox:
        """Return this Api's queue of launch arguments, made on first use (never fails)."""
        return self.__dict__.setdefault("_opened", Inbox())  # dict.setdefault is atomic: one Inbox

    def _open_later(self, argument: str) -> None:
        """Queue a launch's file path or link for the page and tell the page (any thread)."""
        self._inbox().put(argument)
        self._bridge.emit("opened", {})

    @endpoint
    def take_opened(self) -> dict[str, Any]:
        """Return ``items``: the puzzles opened from outside since the last call, as ``{"text", "name"}``
        for the Import dialog, or ``{"error"}`` for a file that could not be read."""
        return {"ok": True, "items": [opened_item(a) for a in self._inbox().take()]}
