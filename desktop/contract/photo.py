"""The page's calls for photos and screenshots of puzzles: open, paste or drop one, review it, load it.

A reading runs on the host's worker; the review (``photo`` in the state) shows "reading", then the
read puzzle with the photo, or the error.  The page keeps the player's fixes until "Load".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from desktop.contract.endpoints import OK, ApiError, endpoint
from desktop.host.host import Host
from desktop.io import photos
from desktop.midend.rules import check_puzzle

IMAGE_KIND = "image"  # the native dialog's kind: image files


def _puzzle(value: Any) -> list[int]:
    """Return the digits of an 81-character puzzle ("." or "0" empty); ApiError for anything else."""
    if not isinstance(value, str) or len(value) != 81 or any(ch not in ".0123456789" for ch in value):
        raise ApiError("bad_argument", "puzzle must be 81 characters of digits and dots", {"name": "puzzle"})
    return [0 if ch == "." else int(ch) for ch in value]


class PhotoCalls:
    """Mixed into :class:`desktop.contract.api.Api` (which gives ``_host`` and ``_dialog``)."""

    _host: Host
    _dialog: Callable[[str], str | None]

    @endpoint
    def open_image(self) -> dict[str, Any]:
        """Ask for an image file with the native dialog and read it; ``pending`` False if cancelled."""
        path = self._dialog(IMAGE_KIND)
        if path is None:
            return {"ok": True, "pending": False}
        self._host.photo.read(path)
        return {"ok": True, "pending": True}

    @endpoint
    def read_image_data(self, data: Any) -> dict[str, Any]:
        """Read a pasted or dropped image: ``data`` its bytes in base64 (or a data URL), at most 30 MB."""
        if not isinstance(data, str):
            raise ApiError("bad_argument", "data must be a base64 string", {"name": "data"})
        self._host.photo.read(photos.from_base64(data))
        return {"ok": True, "pending": True}

    @endpoint
    def check_grid(self, puzzle: Any) -> dict[str, Any]:
        """Answer ``check``: what the 81-character ``puzzle`` is (repeats, none, unique or several)."""
        return {"ok": True, "check": check_puzzle(_puzzle(puzzle))}

    @endpoint
    def load_photo(self, puzzle: Any) -> dict[str, Any]:
        """Play the reviewed ``puzzle`` (an undoable move, as Import) and close the review."""
        self._host.photo.load(_puzzle(puzzle))
        return OK

    @endpoint
    def close_photo(self) -> dict[str, Any]:
        """Close the review; the game stays as it was."""
        self._host.photo.close()
        return OK
