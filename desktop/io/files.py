"""Puzzle files the native dialogs chose: read one for Import, write an export atomically (a link's
target is replaced, never the link; the engine's rule).  Faults are GameErrors the page words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from desktop.io import transfer
from desktop.midend import GameError


def read_puzzle_file(path: str) -> dict[str, Any]:
    """Return ``{"text", "name"}`` of the file; GameError ``file`` if unreadable, ``bad_text`` if too big."""
    name = Path(path).name
    try:
        with open(path, "rb") as handle:
            data = handle.read(transfer.MAX_TEXT + 1)
    except OSError as err:
        reason = str(err.strerror or err)
        raise GameError("file", f"Could not read {name}: {reason}",
                        {"name": name, "reason": reason}) from None
    if len(data) > transfer.MAX_TEXT:
        raise GameError("bad_text", f"{name} is too large to be a puzzle file",
                        {"message": f"{name}: too large"})
    return {"text": data.decode("utf-8", errors="replace"), "name": name}


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
