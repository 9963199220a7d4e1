"""The photo review beside the game: a photo or screenshot read on a worker of its own, its reading
handed to the mid end as a command (the state's ``photo``), and the reviewed puzzle loaded.
"""

from __future__ import annotations

import logging

from desktop.host import workers
from desktop.host.calls import HostCalls
from desktop.io import photos
from desktop.midend import GameError
from desktop.midend.rules import conflict_list, unique_solution

log = logging.getLogger(__name__)


class PhotoHost:
    """The photo review for ``host``; every method is safe from any thread."""

    def __init__(self, host: HostCalls) -> None:
        self._host = host

    def read(self, source: bytes | str) -> None:
        """Start reading a photo (its bytes, or the path of its file) on a worker: the review shows
        "reading" at once, then the reading or its error, never raised (a newer photo or a closed review
        drops it)."""
        token = self._host.move({"name": "photo_reading"}, solving_ok=True)["token"]
        workers.spawn(self._read, "photo", token, source)

    def _read(self, token: int, source: bytes | str) -> None:
        """Photo worker: read the picture and hand the result (or the refusal) to the mid end."""
        try:
            data = photos.read_file(source) if isinstance(source, str) else source
            command = {"name": "photo_read", "token": token, "photo": photos.read_photo(data)}
        except GameError as err:
            error = {"code": err.code, "message": err.message, "params": dict(err.params)}
            command = {"name": "photo_failed", "token": token, "error": error}
        except Exception as err:  # the reader must never leave the dialog waiting
            log.exception("reading a photo failed")
            error = {"code": "not_image", "message": str(err), "params": {"detail": type(err).__name__}}
            command = {"name": "photo_failed", "token": token, "error": error}
        if not self._host.closed:
            self._host.move(command, solving_ok=True)

    def close(self) -> None:
        """Close the review, the game left as it was (a reading on its way is dropped); never refused."""
        self._host.move({"name": "photo_closed"}, solving_ok=True)

    def load(self, givens: list[int]) -> None:
        """Play the reviewed puzzle (its solution found off the lock) as one undoable move, as Import does,
        and close the review; GameError ``invalid_board`` if it repeats a digit."""
        if conflict_list(givens):
            raise GameError("invalid_board", "The puzzle repeats a digit; fix it first.")
        self._host.stop_run()
        self._host.move({"name": "load", "givens": givens, "solution": unique_solution(givens),
                         "cause": "import"})
        self.close()
