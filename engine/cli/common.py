"""What every ``sudoku`` command shares: usage errors, atomic output files, progress bars."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, NoReturn

from tqdm import tqdm


class UsageError(Exception):
    """A command line or file problem: reported as one line, exit status 2."""


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


@contextlib.contextmanager
def atomic_output(path: str) -> Iterator[IO[bytes]]:
    """Yield a binary file that replaces ``path`` only when the block ends without an error.

    ``-`` means standard output.  On an error or interrupt the temporary file is removed and the
    old ``path`` (if any) is left untouched.  Raises UsageError if the folder cannot be written.
    """
    if path == "-":
        yield sys.stdout.buffer
        sys.stdout.buffer.flush()
        return
    target = Path(path)
    if target.is_dir():
        raise UsageError(f"{path}: is a directory")
    folder = target.parent if str(target.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as err:
        raise UsageError(f"{path}: cannot write: {err.strerror or err}") from None
    try:
        with os.fdopen(fd, "wb", buffering=1 << 20) as out:
            yield out
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def progress(total: int | None, desc: str, unit: str = "puzzle") -> tqdm:
    """Return a tqdm bar on stderr, disabled unless stderr is a terminal."""
    return tqdm(
        total=total,
        desc=desc,
        unit=unit,
        unit_scale=True,
        file=sys.stderr,
        disable=not sys.stderr.isatty(),
        leave=False,
        dynamic_ncols=True,
    )
