"""What every ``sudoku`` command shares: usage errors, input files, progress bars.

Output files are written by :mod:`engine.output.atomic` (the app writes its files the same way).
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import itertools
import os
import sys
from collections.abc import Iterable, Iterator
from typing import Any, BinaryIO, NoReturn

from engine.errors import MAX_MESSAGE, OutputError, clip  # noqa: F401  (the commands import them here)
from engine.output.atomic import output_error, output_kind


class UsageError(Exception):
    """A command line or file problem: reported as one line, exit status 2.

    ``command`` is the subcommand whose usage was wrong (None for the classic ``-c`` / ``-s``): the
    message points to that command's help.
    """

    command: str | None = None


class FileError(UsageError):
    """A file that cannot be used (missing, a folder, empty, the input as output): exit 2, no usage hint."""


class CommandError(Exception):
    """A failure during a command (not a usage error): reported as one line, exit status 1."""


class Parser(argparse.ArgumentParser):
    """An ArgumentParser that raises UsageError instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def add_json_and_lang(parser: argparse.ArgumentParser, json_help: str, lang_help: str) -> None:
    """Declare ``--json`` and ``--lang en|zh``, the output options of the commands that word steps
    (explain, hint, why); argparse refuses a language other than these two."""
    parser.add_argument("--json", action="store_true", help=json_help)
    parser.add_argument("--lang", choices=("en", "zh"), default="en", help=lang_help)


def positive_int(text: str) -> int:
    """Return ``text`` as an int >= 1; raises ArgumentTypeError (a usage error) otherwise."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{clip(repr(text), 60)} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{clip(str(value), 60)} is not at least 1")
    return value


class Terminated(BaseException):
    """SIGTERM or SIGHUP arrived: unwinds like Ctrl-C, so temporary output files are removed."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


SIGNALLED: list[int] = []
"""SIGTERM/SIGHUP numbers received (engine.cli records them): a signal that lands while numba compiles
is swallowed by llvmlite's callback, so long commands also look here before they commit their output."""


def raise_if_signalled() -> None:
    """Raise the Terminated of a stop signal received earlier whose exception was swallowed; else nothing."""
    if SIGNALLED:
        raise Terminated(SIGNALLED[0])


def known_names(value: str, known: Iterable[str], room: int = 70) -> str:
    """Return "known: a, b, … N in all" for an unknown ``value`` among ``known``, within about ``room``
    characters, naming first the ones close to ``value`` (a misspelling's fix is seen at once)."""
    import difflib  # only when a name is wrong

    names = list(known)
    close = difflib.get_close_matches(value[:100], names, n=3)
    listed: list[str] = []
    for name in [*close, *(n for n in names if n not in close)]:
        if sum(len(n) + 2 for n in listed) + len(name) > room:
            break
        listed.append(name)
    more = f", … {len(names)} in all" if len(listed) < len(names) else ""
    return f"known: {', '.join(listed)}{more}"


def cpu_count() -> int:
    """Return the CPUs this process may run on (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def jobs_count(text: str) -> int:
    """Return ``text`` as a process count 1..CPUs; ArgumentTypeError (a usage error) naming the limit."""
    value = positive_int(text)
    limit = cpu_count()
    if value > limit:
        raise argparse.ArgumentTypeError(f"{value} is more than the {limit} CPUs of this machine")
    return value


SEED_LIMIT = 2**128
"""Seeds are 0 <= S < 2**128 (numpy's SeedSequence takes any non-negative int; more bits add nothing)."""


def seed_int(text: str) -> int:
    """Return ``text`` as a seed 0..2**128-1; ArgumentTypeError (a usage error) otherwise."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{clip(repr(text), 60)} is not a whole number") from None
    if not 0 <= value < SEED_LIMIT:
        raise argparse.ArgumentTypeError(f"{clip(str(value), 60)} is not a seed from 0 to 2**128-1")
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
    OSError in the block (a read failing half-way: a device gone) becomes a FileError naming the
    file; an output's OutputError (it names the output) and a broken pipe stay what they are."""
    source = open_input(path)
    try:
        yield source
    except (BrokenPipeError, OutputError):
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
    return bounded_lines(source)


MAX_LINE = 1 << 16
"""Longest line kept whole (bytes): a puzzle line is 81 characters; a longer line is not a puzzle."""


def bounded_lines(source: BinaryIO, limit: int = MAX_LINE) -> Iterator[bytes]:
    """Yield the lines of ``source``, each read in pieces of at most ``limit + 1`` bytes.

    A line longer than ``limit`` is yielded as its first ``limit`` bytes (so it is reported as a
    malformed puzzle, and written back cut) and the rest is skipped piece by piece: a single 200 MB
    line never sits in memory (iterating the file would hold it whole, 850 MB at the peak).
    """
    while line := source.readline(limit + 1):
        if len(line) <= limit or line.endswith(b"\n"):
            yield line
            continue
        while (rest := source.readline(limit)) and not rest.endswith(b"\n"):
            pass
        yield line[:limit] + b"\n"


def _utf16_lines(source: BinaryIO) -> Iterator[bytes]:
    decoder = codecs.getincrementaldecoder("utf-16")(errors="replace")  # reads and drops the mark
    rest = ""
    cut: str | None = None  # the kept start of an over-long line whose rest is being skipped
    while block := source.read(1 << 16):
        *lines, rest = (rest + decoder.decode(block)).split("\n")
        for i, line in enumerate(lines):
            if i == 0 and cut is not None:
                line, cut = cut, None
            yield line.encode("utf-8") + b"\n"
        if len(rest) > MAX_LINE:  # as bounded_lines: never hold a huge line whole
            cut = rest[:MAX_LINE] if cut is None else cut
            rest = ""
    rest += decoder.decode(b"", final=True)
    if cut is not None:
        yield cut.encode("utf-8")
    elif rest:
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
    head = first.texts[0].lstrip()[:1]
    if head == b"[" or (head == b"{" and first.texts[0].rstrip()[-1:] != b"}"):
        from engine.puzzle.lines import json_document  # a JSON document over many lines: small, read whole

        read = [first, *chunks]
        return iter(json_document(read) or read)
    return itertools.chain([first], chunks)


def check_output(path: str, source: str | None = None) -> None:
    """Check that ``path`` can become an output file; raises FileError if it is ``source`` or unwritable.

    Checked before any work, so a doomed run fails at once and leaves every file as it was.
    """
    how, target = output_kind(path)
    if how == "stream":
        return
    if source is not None and source != "-" and same_file(path, source):
        raise FileError(f"{path}: is the input file; refusing to overwrite it (choose another -o)")
    folder = os.path.dirname(os.path.abspath(target))
    if not os.path.isdir(folder):
        raise FileError(f"{path}: folder {folder} does not exist")
    if not os.access(folder, os.W_OK):
        raise FileError(f"{path}: cannot write in folder {folder}")


def write_stdout(text: str) -> None:
    """Write ``text`` to standard output and flush; OutputError naming standard output if that fails."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as err:
        raise output_error("-", err) from None


def say_written(args: argparse.Namespace, what: str, note: str = "") -> None:
    """Print the closing line "wrote <what> to <output><note>" on stderr, unless ``args.quiet``."""
    if not args.quiet:
        where = "standard output" if args.output == "-" else clip(args.output, 80)
        print(clip(f"wrote {what} to {where}{note}"), file=sys.stderr)


def counted(n: int, noun: str) -> str:
    """Return "1 grid" / "1,000 grids": ``n`` with thousands separators and ``noun`` in its number."""
    return f"{n:,} {noun}{'' if n == 1 else 's'}"


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
