"""Puzzle files the native dialogs chose: read one for Import, write an export atomically (a link's
target is replaced, never the link; the engine's rule).  Faults are GameErrors the page words."""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

from desktop.io import storage, transfer
from desktop.midend import GameError

MAX_PATH = 4096  # longer is no file's path on any system the app runs on
READING = ("open", "image")  # the dialogs whose file is read; "save" and "pdf" write theirs


def chosen_path(answer: Any, kind: str) -> str | None:
    """Return the path a file dialog of ``kind`` answered (None if cancelled), refusing at once, before
    anything waits on it, one that is not a regular file (a FIFO or a device would block the read or
    the write): GameError ``bad_argument`` for an answer no file can have, ``file`` naming why not."""
    if answer is None or answer == "":
        return None
    if not isinstance(answer, str) or "\x00" in answer or len(answer) > MAX_PATH:
        raise GameError("bad_argument", "The file dialog did not answer a file's path.", {"name": "path"})
    verb = "read" if kind in READING else "save"
    try:
        mode = os.stat(answer).st_mode
    except OSError as err:
        if kind in READING:  # a file to read must be there; one to write is made
            raise _file_error(verb, answer, str(err.strerror or err)) from None
        return answer
    if not stat.S_ISREG(mode):
        raise _file_error(verb, answer, "not a regular file")
    return answer


def read_regular_file(path: str, limit: int, too_large: Callable[[], GameError]) -> bytes:
    """Return the bytes of the regular file ``path`` (opened without blocking, checked on the open file);
    GameError ``file`` naming why not, ``too_large()`` when it holds more than ``limit`` bytes."""
    try:
        return storage.read_save_bytes(Path(path), limit)
    except OSError as err:
        raise _file_error("read", path, str(err.strerror or err)) from None
    except storage.NotRegularFile:
        raise _file_error("read", path, "not a regular file") from None
    except ValueError:
        raise too_large() from None


def read_puzzle_file(path: str) -> dict[str, Any]:
    """Return ``{"text", "name"}`` of the file; GameError ``file`` if unreadable, ``bad_text`` if too big."""
    name = Path(path).name

    def too_large() -> GameError:
        message = f"{name} is too large to be a puzzle file"
        return GameError("bad_text", message, {"message": f"{name}: too large"})

    data = read_regular_file(path, transfer.MAX_TEXT, too_large)
    return {"text": data.decode("utf-8", errors="replace"), "name": name}


def _file_error(verb: str, path: str, reason: str) -> GameError:
    name = Path(path).name or path[:64]
    return GameError("file", f"Could not {verb} {name}: {reason}", {"name": name, "reason": reason})


def write_text_file(path: str, text: str) -> str:
    """Write ``text`` and a newline to ``path`` atomically; return the file's name; GameError ``file``."""
    return write_file(path, (text + "\n").encode("utf-8"))


def write_file(path: str, data: bytes) -> str:
    """Write ``data`` to ``path`` atomically; return the file's name; GameError ``file`` naming why not."""
    from engine import write_atomically  # the CLI's rule: a link's target, a FIFO streamed

    name = Path(path).name
    try:
        write_atomically(path, data)
    except OSError as err:  # engine.OutputError (an OSError) names the file and what went wrong
        reason = str(err.strerror or err)
        params = {"name": name, "reason": reason}
        raise GameError("file", f"Could not save {name}: {reason}", params) from None
    return name
