"""Puzzles opened from outside the window: ``sudoku-studio FILE|LINK``, a file manager, a second launch.

The app (or the instance listener, :mod:`desktop.instance`) hands the argument in with ``_open_later``:
the mid end keeps it and the state's ``opened`` counts what the page has not taken.  The page, seeing
``opened`` above 0 in a state (the first state too, so an argument given before the page listened is
not lost), asks ``take_opened()`` and puts each text through the Import dialog's own Load: one puzzle
loads, several are offered as a set, a refusal shows in the dialog.
"""

from __future__ import annotations

from typing import Any

from desktop.contract.endpoints import endpoint
from desktop.host.host import Host
from desktop.instance import opened_item


class OpenCalls:
    """The call for opened puzzles, mixed into :class:`desktop.contract.api.Api` (it provides ``_host``)."""

    _host: Host

    def _open_later(self, argument: str) -> None:
        """Keep a launch's file path or link for the page (any thread, during a run too; never fails)."""
        self._host.move({"name": "open_later", "argument": argument}, solving_ok=True)

    @endpoint
    def take_opened(self) -> dict[str, Any]:
        """Return ``items``: the puzzles opened from outside since the last call, as ``{"text", "name"}``
        for the Import dialog, or ``{"error"}`` for a file that could not be read."""
        taken = self._host.move({"name": "opened_taken"}, solving_ok=True)["opened"]
        return {"ok": True, "items": [opened_item(a) for a in taken]}
