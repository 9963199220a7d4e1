"""What the mid end keeps for the page beside the game: the notices, numbered (the state's ``notices``,
each told once by ``id``), and the puzzles opened from outside the window not yet taken (the state's
``opened``: their count; the page then calls ``take_opened``).  Pure, like the rest of the mid end.
"""

from __future__ import annotations

import itertools
from typing import Any

Result = dict[str, Any]
KEPT_NOTICES = 20  # the newest notices every state carries (the page tells each id once)


def notice(level: str, code: str, message: str, **params: Any) -> dict[str, Any]:
    """Return a notice: a code and params the page words; ``message`` is the English for logs and tests."""
    return {"level": level, "code": code, "message": message, "params": params}


class NoticeCommands:
    """The notices and the opened puzzles, mixed into :class:`~desktop.midend.midend.Midend`: a command
    appends to ``told``, and :meth:`number_told` (after every command) numbers them into ``notices``."""

    told: list[dict[str, Any]]

    def start_notices(self, kept: list[dict[str, Any]]) -> None:
        """Number ``kept`` (a damaged save's notices) as the first; nothing is opened yet."""
        self.notices: list[dict[str, Any]] = []
        self._notice_ids = itertools.count(1)
        self._save_failed = False  # a failed save is told once, not on every keystroke
        self.opened: list[str] = []  # launch arguments (a file's path or a link) the page has not taken
        self.told = list(kept)
        self.number_told()

    def number_told(self) -> None:
        """Give each new notice the next id and keep the newest in the state's list (never fails)."""
        self.notices += [{"id": next(self._notice_ids), **told} for told in self.told]
        self.told = []
        del self.notices[:-KEPT_NOTICES]

    def _do_save_failed(self, now: float, reason: str) -> Result:
        """A save failed: tell the player once (the next ones are only logged by the host)."""
        if not self._save_failed:
            self._save_failed = True
            self.told.append(notice("error", "save_failed", f"Could not save: {reason}", reason=reason))
        return {"changed": False}

    def _do_open_later(self, now: float, argument: str) -> Result:
        """A puzzle file's path or a link opened from outside: kept for the page (the state's ``opened``)."""
        self.opened.append(str(argument))
        return {"changed": False}

    def _do_opened_taken(self, now: float) -> Result:
        """Hand out (``opened``) and forget the launch arguments kept so far, oldest first."""
        taken, self.opened = self.opened, []
        return {"changed": False, "opened": taken}
