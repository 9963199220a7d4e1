"""The page's call for the daily puzzle (issue 32); the calendar is in every state (``daily``)."""

from __future__ import annotations

from typing import Any

from desktop.contract.endpoints import MAX_STRING, ApiError, endpoint
from desktop.host.host import Host


class DailyCalls:
    """Daily-puzzle calls, mixed into :class:`desktop.contract.api.Api` (which provides ``_host``)."""

    _host: Host

    @endpoint
    def daily_puzzle(self, date: Any = "") -> dict[str, Any]:
        """Start making the daily puzzle of ``date`` (``YYYY-MM-DD``, "" today) at the chosen difficulty;
        it arrives in a ``state`` as a new puzzle does (undoable); answers ``pending``."""
        if not isinstance(date, str) or len(date) > MAX_STRING:
            raise ApiError("bad_argument", "date must be written YYYY-MM-DD", {"name": "date"})
        self._host.maker.daily_puzzle(date)
        return {"ok": True, "pending": True}
