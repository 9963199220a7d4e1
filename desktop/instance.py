"""One window per data folder: a second ``sudoku-studio [FILE|LINK]`` hands its argument to the first.

The first instance listens on a Unix socket (in the data folder, or in the runtime folder when that
path is too long for a socket); a later launch on the same data folder connects, sends one JSON line
``{"open": FILE-or-LINK or null}``, waits for ``ok`` and exits, and the first window loads the puzzle
through Import (:mod:`desktop.contract.open`).  A socket nobody answers on (the first instance crashed)
is stale: it is removed and the new launch listens in its place.  Two windows on one data folder would
overwrite each other's saved game, so a launch without an argument hands over too (the first window
is shown).  Where there are no Unix sockets (old Windows) every launch opens its own window.

Arguments are made absolute by the launch that received them (the first instance's working folder is
another), and a ``file://`` address becomes its path: a file manager passes either (the .desktop
file's ``%U``).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import re
import socket
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from desktop.io import files
from desktop.midend import GameError

log = logging.getLogger(__name__)

SOCKET_NAME = "instance.sock"
MAX_SOCKET_PATH = 100  # sun_path holds 108 bytes on Linux, 104 on macOS
MAX_MESSAGE = 64 * 1024
ANSWER_TIMEOUT_S = 5.0
URL = re.compile(r"[a-z][a-z0-9+.-]*://", re.IGNORECASE)


def supported() -> bool:
    """Return True where Unix sockets exist (every platform we build for but old Windows)."""
    return hasattr(socket, "AF_UNIX")


def socket_path(data_dir: Path) -> Path:
    """Return where the instance for ``data_dir`` listens: in it, or (a path too long for a socket)
    in the runtime folder (the temporary one, where that is too long too) under a name made from the
    folder's path."""
    path = Path(data_dir).resolve() / SOCKET_NAME
    if _fits(path):
        return path
    digest = hashlib.sha1(os.fsencode(str(path))).hexdigest()[:16]
    name = f"sudoku-studio-{os.getuid() if hasattr(os, 'getuid') else 0}-{digest}.sock"
    runtime = Path(os.environ.get("XDG_RUNTIME_DIR") or tempfile.gettempdir()) / name
    return runtime if _fits(runtime) else Path(tempfile.gettempdir()) / name


def _fits(path: Path) -> bool:
    return len(os.fsencode(str(path))) <= MAX_SOCKET_PATH


def resolve_argument(argument: str, cwd: Path | None = None) -> str:
    """Return the launch argument as the first instance must read it: a link as it is, a ``file://``
    address as its path, a path made absolute against ``cwd`` (default: this process's)."""
    text = argument.strip()
    if text.lower().startswith("file://"):
        return unquote(urlsplit(text).path)
    if URL.match(text):
        return text
    return str(Path(cwd or Path.cwd()) / Path(argument).expanduser())


def is_link(argument: str) -> bool:
    """Return True if a (resolved) launch argument is a web address rather than a file's path."""
    return URL.match(argument) is not None


def hand_over(path: Path, argument: str | None) -> bool:
    """Send ``argument`` (None: just show the window) to the instance listening at ``path``; return
    True once it answered ``ok``, False when none listens (no socket, a stale one, no answer)."""
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as client:
            client.settimeout(ANSWER_TIMEOUT_S)
            client.connect(str(path))
            client.sendall(json.dumps({"open": argument}).encode("utf-8") + b"\n")
            client.shutdown(socket.SHUT_WR)
            return client.recv(16).startswith(b"ok")
    except OSError:  # FileNotFoundError, ConnectionRefusedError (stale), a timeout
        return False


class Listener:
    """The first instance's end: calls ``on_open(argument or None)`` on its own thread for every later
    launch; :meth:`close` stops listening and removes the socket (if it is still this one's)."""

    def __init__(self, server: socket.socket, path: Path, on_open: Callable[[str | None], None]) -> None:
        self._server = server
        self.path = path
        self._on_open = on_open
        self._inode = path.stat().st_ino
        self._thread = threading.Thread(target=self._serve, name="instance-listener", daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self._server.accept()
            except OSError:  # closed
                return
            with conn:
                self._answer(conn)

    def _answer(self, conn: socket.socket) -> None:
        conn.settimeout(ANSWER_TIMEOUT_S)
        data = b""
        try:
            while len(data) <= MAX_MESSAGE and not data.endswith(b"\n"):
                chunk = conn.recv(4096)
                if not chunk:
                    break
                data += chunk
            argument = json.loads(data.decode("utf-8"))["open"]
            if argument is not None and not isinstance(argument, str):
                raise ValueError("open: not a string")
            self._on_open(argument)
            conn.sendall(b"ok\n")
        except (OSError, ValueError, KeyError, TypeError) as err:
            log.warning("a second launch sent what could not be read: %s", err)
            with contextlib.suppress(OSError):
                conn.sendall(b"error\n")

    def close(self) -> None:
        """Stop listening and remove the socket file unless another instance has replaced it."""
        with contextlib.suppress(OSError):
            self._server.close()
        with contextlib.suppress(OSError):
            if self.path.stat().st_ino == self._inode:
                self.path.unlink()


def listen(path: Path, on_open: Callable[[str | None], None]) -> Listener | None:
    """Listen at ``path`` (a stale socket there is replaced); None when another instance holds it
    (the caller hands over instead) or it cannot be made (the window then opens without it)."""
    for _ in range(2):
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            server.bind(str(path))
            server.listen(8)
            return Listener(server, path, on_open)
        except OSError as err:
            server.close()
            if not path.exists() or not _is_stale(path):
                if not path.exists():
                    log.warning("cannot listen for other launches at %s: %s", path, err)
                return None
            with contextlib.suppress(OSError):
                path.unlink()  # stale: the instance that made it is gone
    return None


def _is_stale(path: Path) -> bool:
    """Return True if nobody accepts connections at the socket ``path``."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
        probe.settimeout(1.0)
        try:
            probe.connect(str(path))
        except ConnectionRefusedError:
            return True
        except OSError:
            return not path.exists()
    return False


def claim(data_dir: Path, argument: str | None,
          on_open: Callable[[str | None], None]) -> tuple[bool, Listener | None]:
    """Return ``(handed_over, listener)``: ``(True, None)`` when a running instance took ``argument``
    (this launch should exit), else ``(False, listener)`` with this launch listening (listener None
    when it could not: the window opens anyway)."""
    if not supported():
        return False, None
    path = socket_path(data_dir)
    for _ in range(3):  # two launches at once: one listens, the other then hands over
        if hand_over(path, argument):
            return True, None
        listener = listen(path, on_open)
        if listener is not None:
            return False, listener
        if not path.exists():
            return False, None  # the socket cannot be made here: run without one
    return False, None


class Handoff:
    """Later launches' arguments for the window: kept until :meth:`attach` gives the Api and the
    window, then queued for the page at once (and the window shown); safe from any thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pending: list[str | None] = []
        self._target: tuple[Any, Any] | None = None

    def receive(self, argument: str | None) -> None:
        """A later launch's argument (None: it only asks for the window)."""
        with self._lock:
            if self._target is None:
                self._pending.append(argument)
                return
            target = self._target
        self._send(target, [argument])

    def attach(self, api: Any, window: Any) -> None:
        """Deliver to ``api`` (its ``_open_later``) and show ``window`` from now on."""
        with self._lock:
            self._target = (api, window)
            pending, self._pending = self._pending, []
        if pending:
            self._send(self._target, pending)

    @staticmethod
    def _send(target: tuple[Any, Any], arguments: list[str | None]) -> None:
        api, window = target
        for argument in arguments:
            if argument is not None:
                api._open_later(argument)
        with contextlib.suppress(Exception):  # showing the window is a courtesy: the puzzle is there
            window.restore()
            window.show()


def opened_item(argument: str) -> dict[str, Any]:
    """Return ``{"text", "name"}`` for the page's Import dialog (a link is its own text), or ``{"error":
    {code, message, params}}`` when the file cannot be read (never raises)."""
    if is_link(argument):
        return {"text": argument, "name": ""}
    try:
        return files.read_puzzle_file(argument)
    except GameError as err:
        return {"error": {"code": err.code, "message": err.message, "params": err.params}}
