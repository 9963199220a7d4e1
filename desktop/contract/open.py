"""Puzzles opened from outside the window: ``sudoku-studio FILE|LINK``, a file manager, a second launch.

The app (or the instance listener, :mod:`desktop.instance`) queues the argument with ``_open_later``
and sends the page the event ``opened``; the page then asks ``take_opened()`` (and asks once at start,
so an argument queued before the page listened is not lost) and puts each text through the Import
dialog's own Load: one puzzle loads, several are offered as a set, a refusal shows in the dialog.
"""

from __future__ import annotations

from typing import Any

from desktop.contract.endpoints import endpoint
from desktop.instance import Inbox, opened_item


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
