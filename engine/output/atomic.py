"""Writing files so that a crash, an interrupt or a full disk never leaves half a file.

One rule for every file the engine's callers write (the CLI's outputs, the app's saves and
exports): a regular or missing file is written to a temporary file beside it (``.<name>.*.tmp``)
and renamed over it only once every byte is written; a symlink keeps being a link and its target
is replaced; ``-`` (standard output), a FIFO or a character device is written straight through,
as the work goes.  A folder, an empty name or any other kind of file is refused.  Every failure
is an :class:`~engine.errors.OutputError` naming the file, whatever call it happened in (the
write, the flush, the close or the rename).

Roads not taken: ``open(path, "w")`` (a crash leaves half a file), writing beside the link (the
link would become a plain file) and replacing a FIFO or device (a reader waiting on it gets
nothing, and ``/dev/null`` would be destroyed).
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from engine.errors import OutputError


def output_error(name: str | os.PathLike[str], err: OSError) -> OutputError:
    """Return the OutputError for a failed write to ``name`` (``-`` is standard output)."""
    shown = "standard output" if str(name) == "-" else str(name)
    return OutputError(f"{shown}: cannot write: {err.strerror or err}", shown)


def output_kind(path: str | os.PathLike[str]) -> tuple[str, str]:
    """Return ``(how, where)`` for writing ``path``: ``("stream", path)`` for ``-``, a FIFO or a
    character device; ``("replace", target)`` for a regular or missing file, ``target`` being a
    symlink's final target.  Raises OutputError for a folder, an empty name or another kind of file."""
    path = str(path)
    if path == "-":
        return "stream", path
    if not path:
        raise OutputError("'': an empty file name", path)
    target = os.path.realpath(path) if os.path.islink(path) else path
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        return "replace", target
    except OSError as err:
        raise OutputError(f"{path}: {err.strerror or err}", path) from None
    if stat.S_ISDIR(mode):
        raise OutputError(f"{path}: is a directory", path)
    if stat.S_ISFIFO(mode) or stat.S_ISCHR(mode):
        return "stream", target
    if stat.S_ISREG(mode):
        return "replace", target
    raise OutputError(f"{path}: not a regular file, a FIFO or a character device", path)


class _Output:
    """A binary output whose write errors (a full disk, a device gone) name the output file."""

    def __init__(self, raw: IO[bytes], name: str) -> None:
        self._raw = raw
        self._name = name

    def write(self, data: bytes | memoryview) -> int:
        with _naming(self._name):
            return self._raw.write(data)

    def flush(self) -> None:
        with _naming(self._name):
            self._raw.flush()


@contextlib.contextmanager
def _naming(name: str) -> Iterator[None]:
    """Turn an OSError of the block into an OutputError naming ``name``; a broken pipe stays itself."""
    try:
        yield
    except (BrokenPipeError, OutputError):
        raise
    except OSError as err:
        raise output_error(name, err) from None


def _new_file_mode(target: Path) -> int:
    """Return the permissions a replaced file keeps, or the umask's default for a new one."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


@contextlib.contextmanager
def atomic_output(
    path: str | os.PathLike[str], durable: bool = False, stream: bool = True
) -> Iterator[_Output]:
    """Yield a binary writer for ``path`` under the module's rule; OutputError naming ``path`` on any
    write failure.

    A regular or missing file (or a link's target) is replaced only when the block ends without an
    error: on an error or interrupt the temporary file is removed and the old file is untouched.
    With ``durable`` the bytes are on disk (fsync) before the rename, so a power cut never exposes
    an empty file.  With ``stream=False`` a FIFO or device at ``path`` is replaced like a regular
    file, never written through (a save file: writing into a FIFO would wait for a reader).  An
    OSError raised by the block itself (say, reading the input) is not ours: it passes unchanged.
    """
    name = str(path)
    how, target = output_kind(name)
    if how == "stream" and stream:
        yield from _stream_output(name, target)
        return
    if name == "-":
        raise OutputError("'-': standard output cannot be replaced", name)
    final = Path(target)
    # named before it exists (not tempfile.mkstemp): an interrupt the instant the file appears finds
    # ``tmp`` set and removes it; 48 random bits make a clash with another writer's name negligible
    tmp = final.parent / f".{final.name}.{os.urandom(6).hex()}.tmp"
    ours = True
    try:
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o600)
        except OSError as err:
            ours = False  # not created (or another writer's): never removed
            raise output_error(name, err) from None
        # closed by hand, not by `with`: a close that flushes onto a full disk must raise OutputError
        out = os.fdopen(fd, "wb", buffering=1 << 20)
        try:
            writer = _Output(out, name)
            with _naming(name):  # created private (0600); give it what a plain open() would
                os.fchmod(out.fileno(), _new_file_mode(final))
            yield writer
            writer.flush()
            with _naming(name):
                if durable:
                    os.fsync(out.fileno())
                out.close()
        finally:
            with contextlib.suppress(OSError):
                out.close()  # after a failure: drops what is buffered (a second flush may fail again)
        with _naming(name):
            os.replace(tmp, final)
    except BaseException:
        if ours:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        raise


def write_atomically(
    path: str | os.PathLike[str], data: bytes, durable: bool = False, stream: bool = True
) -> None:
    """Write ``data`` to ``path`` as :func:`atomic_output` does; OutputError naming ``path`` if it fails."""
    with atomic_output(path, durable, stream) as out:
        out.write(data)


def _stream_output(path: str, target: str) -> Iterator[_Output]:
    if path == "-":
        writer = _Output(sys.stdout.buffer, "-")
        yield writer
        writer.flush()
        return
    with _naming(path):
        raw = open(target, "wb")  # noqa: SIM115 - closed below
    try:
        writer = _Output(raw, path)
        yield writer
        writer.flush()
    finally:
        with contextlib.suppress(OSError):
            raw.close()
