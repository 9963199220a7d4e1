"""The photo being reviewed (view state: Undo leaves it): read, failed, or still being read.

A reading asked for gets a token; the worker's result carries it and is dropped when a newer
reading was asked for or the review was closed.  Loading the reviewed puzzle is an ordinary ``load``.
"""

from __future__ import annotations

import itertools
from typing import Any


class PhotoReview:
    """The one photo under review, or none; ``view()`` is what the page's snapshot carries."""

    def __init__(self) -> None:
        self.token = 0
        self._view: dict[str, Any] | None = None
        self._tokens = itertools.count(1)

    def start(self) -> int:
        """A new reading is asked for: return its token (an older one's result will be dropped)."""
        self.token = next(self._tokens)
        self._view = {"token": self.token, "status": "reading"}
        return self.token

    def read(self, token: int, photo: dict[str, Any]) -> bool:
        """Keep the worker's reading; False (dropped) when ``token`` is not the reading asked for last."""
        if token != self.token or self._view is None:
            return False
        self._view = {"token": token, "status": "read", **photo}
        return True

    def failed(self, token: int, error: dict[str, Any]) -> bool:
        """Keep the reading's error ({code, message, params}); False when ``token`` is stale."""
        if token != self.token or self._view is None:
            return False
        self._view = {"token": token, "status": "failed", "error": error}
        return True

    def close(self) -> bool:
        """End the review (Load or Cancel); a reading still on its way is dropped; False if none was open."""
        was_open, self._view, self.token = self._view is not None, None, 0
        return was_open

    def view(self) -> dict[str, Any] | None:
        """Return the review as the page draws it, or None when no photo is under review."""
        return None if self._view is None else dict(self._view)


Result = dict[str, Any]


class PhotoCommands:
    """The mid end's commands for a photo under review (view state: no move until its puzzle is loaded),
    mixed into :class:`~desktop.midend.midend.Midend` (which gives ``photo``)."""

    photo: PhotoReview

    def _do_photo_reading(self, now: float) -> Result:
        """A photo is to be read: answers the token its reading must carry."""
        return {"changed": False, "token": self.photo.start()}

    def _do_photo_read(self, now: float, token: int, photo: dict[str, Any]) -> Result:
        return {"changed": False, "shown": self.photo.read(token, photo)}

    def _do_photo_failed(self, now: float, token: int, error: dict[str, Any]) -> Result:
        return {"changed": False, "shown": self.photo.failed(token, error)}

    def _do_photo_closed(self, now: float) -> Result:
        return {"changed": False, "shown": self.photo.close()}
