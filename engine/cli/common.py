"""What every ``sudoku`` command shares: usage errors, atomic output files, progress bars."""

from __future__ import annotations

import argparse
import codecs
import contextlib
import itertools
import os
import sys
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any, BinaryIO, NoReturn


class UsageError(Exception):
    """A command line or file problem: reported as one line, exit status 2."""


class FileError(UsageError):
    """A file that cannot be used (missing, a folder, empty, the input as output): exit 2, no usage hint."""


class CommandError(Exception):
    """A failure during a command (not a usage error): reported as one line, exit status 1."""


class Parser(argparse.ArgumentParser):
    """An ArgumentParser that raises UsageError instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def positive_int(text: str) -> int:
    """Return ``text`` as an int >= 1; raises ArgumentTypeError (a usage error) otherwise."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not at least 1")
    return value


def same_file(a: str, b: str) -> bool:
    """Return True if paths ``a`` and ``b`` name the same existing file (False if either is missing)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def open_input(path: str) -> BinaryIO:
    """Open ``path`` (``-`` = standard input) for binary reading; raises FileError naming the problem."""
    if path == "-":
        return sys.stdin.buffer
    if os.path.isdir(path):
        raise FileError(f"{path}: is a directory, not a file of puzzles")
    try:
        return open(path, "rb")  # noqa: SIM115 - the caller closes it
    except FileNotFoundError:
        raise FileError(f"{path}: no such file") from None
    except PermissionError:
        raise FileError(f"{path}: permission denied (cannot read it)") from None
    except OSError as err:
        raise FileError(f"{path}: cannot read: {err.strerror or err}") from None


@contextlib.contextmanager
def reading(path: str) -> Iterator[BinaryIO]:
    """Yield ``path`` opened by :func:`open_input` and close it after (never standard input); an
    OSError in the block (a read or write failing half-way: disk full, device gone) becomes a
    FileError naming the file, a broken pipe stays what it is."""
    source = open_input(path)
    try:
        yield source
    except BrokenPipeError:
        raise
    except OSError as err:
        raise FileError(f"{err.filename or display_name(path)}: {err.strerror or err}") from None
    finally:
        if source is not sys.stdin.buffer:
            source.close()


def display_name(path: str) -> str:
    """Return how messages name an input path (``-`` is standard input)."""
    return "standard input" if path == "-" else path


_UTF8_BOM = b"\xef\xbb\xbf"
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


def _lines(source: BinaryIO) -> Iterable[bytes]:
    """Return the file's lines as bytes, past a UTF-8 byte order mark and transcoded from UTF-16.

    Notepad starts files with a UTF-8 mark and PowerShell's ``>`` writes UTF-16: both are puzzles
    a person typed, not garbage.  Detection needs ``peek`` (files and pipes have it).
    """
    head = source.peek(3)[:3] if hasattr(source, "peek") else b""
    if head.startswith(_UTF8_BOM):
        source.read(3)
    elif head.startswith(_UTF16_BOMS):
        return _utf16_lines(source)
    return source


def _utf16_lines(source: BinaryIO) -> Iterator[bytes]:
    decoder = codecs.getincrementaldecoder("utf-16")(errors="replace")  # reads and drops the mark
    rest = ""
    while block := source.read(1 << 16):
        *lines, rest = (rest + decoder.decode(block)).split("\n")
        for line in lines:
            yield line.encode("utf-8") + b"\n"
    rest += decoder.decode(b"", final=True)
    if rest:
        yield rest.encode("utf-8")


def puzzle_chunks(source: BinaryIO, path: str, size: int) -> Iterator[Any]:
    """Return the puzzles of an open file as :class:`engine.formats.Chunk` s; FileError if it holds none.

    The first chunk is read here, so an empty file fails before any output file is touched.
    """
    from engine.formats import read_chunks

    chunks = read_chunks(_lines(source), size)
    first = next(chunks, None)
    if first is None:
        try:
            empty = source.tell() == 0
        except OSError:  # a pipe
            empty = False
        what = "the file is empty (0 bytes)" if empty else "no puzzle found (only blank lines or comments)"
        raise FileError(f"{display_name(path)}: {what}")
    return itertools.chain([first], chunks)


def check_output(path: str, source: str | None = None) -> None:
    """Check that ``path`` can become an output file; raises FileError if it is ``source`` or unwritable.

    Checked before any work, so a doomed run fails at once and leaves every file as it was.
    """
    if path == "-":
        return
    if source is not None and source != "-" and same_file(path, source):
        raise FileError(f"{path}: is the input file; refusing to overwrite it (choose another -o)")
    if os.path.isdir(path):
        raise FileError(f"{path}: is a directory")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise FileError(f"{path}: folder {folder} does not exist")
    if not os.access(folder, os.W_OK):
        raise FileError(f"{path}: cannot write in folder {folder}")


def _new_file_mode(target: Path) -> int:
    """Return the permissions a replaced file keeps, or the umask's default for a new one."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


@contextlib.contextmanager
def atomic_output(path: str) -> Iterator[IO[bytes]]:
    """Yield a binary file that replaces ``path`` only when the block ends without an error.

    ``-`` means standard output.  On an error or interrupt the temporary file is removed and the
    old ``path`` (if any) is left untouched.  Raises FileError if the folder cannot be written.
    """
    if path == "-":
        yield sys.stdout.buffer
        sys.stdout.buffer.flush()
        return
    target = Path(path)
    if target.is_dir():
        raise FileError(f"{path}: is a directory")
    folder = target.parent if str(target.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as err:
        raise FileError(f"{path}: cannot write: {err.strerror or err}") from None
    try:
        with os.fdopen(fd, "wb", buffering=1 << 20) as out:
            # mkstemp makes the file private (0600); give it what a plain open() would have
            os.fchmod(out.fileno(), _new_file_mode(target))
            yield out
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


class _NoBar:
    """A stand-in for a tqdm bar that shows nothing (stderr is not a terminal)."""

    def __enter__(self) -> _NoBar:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def __getattr__(self, name: str) -> Any:
        return lambda *args, **kwargs: None


def progress(total: int | None, desc: str, unit: str = "puzzle", unit_scale: bool = True) -> Any:
    """Return a tqdm bar on stderr, or a silent stand-in unless stderr is a terminal.

    tqdm is imported only for a terminal: it costs ~70 ms of start-up, a lot for a 1-second run.
    """
    if not sys.stderr.isatty():
        return _NoBar()
    from tqdm import tqdm

    try:
        sized = os.get_terminal_size(sys.stderr.fileno()).columns > 0
    except (OSError, ValueError):
        sized = False
    return tqdm(
        total=total,
        desc=desc,
        unit=unit,
        unit_scale=unit_scale,
        file=sys.stderr,
        leave=False,
        # follow the window's size; a terminal that reports 0x0 (some ptys) would hide the bar
        dynamic_ncols=sized,
        ncols=None if sized else 80,
        nrows=None if sized else 24,
    )
