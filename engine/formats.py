"""Reading and writing puzzles as text.

Two forms, detected per file from its first line that is neither blank nor a ``#`` comment:

* **line**: one puzzle per line, 81 characters row-major, ``0`` or ``.`` for an empty cell;
* **block**: nine lines of nine digits, separated by single spaces or not (``5 3 0 0 7 ...`` or
  ``530070000``), a blank line between grids.  This is the classic ``sudoku.txt`` form.

Lines starting with ``#`` are ignored in both forms.  A malformed puzzle never stops the reading:
it comes out as a :class:`PuzzleEntry` with ``error`` set (a :class:`ParseError` naming the line and
column) and the raw ``text``, so callers can report it and write it back unchanged.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from typing import NamedTuple

import numpy as np

from engine.errors import ParseError
from engine.grid import N_CELLS

_EMPTY = ".0"
_VALID = set("0123456789.")

# byte -> digit value, 255 for a byte that is not a cell character
_BYTE_VALUE = np.full(256, 255, dtype=np.uint8)
_BYTE_VALUE[ord("0") : ord("9") + 1] = np.arange(10, dtype=np.uint8)
_BYTE_VALUE[ord(".")] = 0


class Form(enum.Enum):
    """How a file lays out its puzzles."""

    LINE = "line"
    BLOCK = "block"  # nine digits a line, separated by single spaces
    BLOCK_COMPACT = "block-compact"  # nine digits a line, no separators


class PuzzleEntry(NamedTuple):
    """One puzzle read from a file: 1-based number and first line, its grid or its parse error."""

    number: int
    line: int
    text: str
    grid: np.ndarray | None
    error: ParseError | None


def _bad_char_error(ch: str, line: int, column: int) -> ParseError:
    return ParseError(f"bad character {ch!r} (expected 1-9, 0 or '.')", line, column)


def parse_line(text: str, line: int = 1) -> np.ndarray:
    """Return the grid of an 81-character puzzle line; raises ParseError naming line and column."""
    body = text.rstrip("\r\n").rstrip()
    for i, ch in enumerate(body):
        if ch not in _VALID:
            raise _bad_char_error(ch, line, i + 1)
    if len(body) != N_CELLS:
        raise ParseError(f"wrong length: {len(body)} cells, expected 81", line)
    raw = np.frombuffer(body.encode("ascii"), dtype=np.uint8)
    return _BYTE_VALUE[raw].copy()


def _parse_row(text: str, line: int) -> list[int]:
    body = text.rstrip("\r\n").rstrip()
    spaced = len(body) > 9 and body[1:2] == " "
    cells = body[0::2] if spaced else body
    if spaced:
        for i in range(1, len(body), 2):
            if body[i] != " ":
                raise ParseError(f"bad separator {body[i]!r} (expected a single space)", line, i + 1)
    for i, ch in enumerate(cells):
        if ch not in _VALID:
            raise _bad_char_error(ch, line, (2 * i if spaced else i) + 1)
    if len(cells) != 9:
        raise ParseError(f"wrong length: {len(cells)} cells in a row, expected 9", line)
    return [0 if ch in _EMPTY else ord(ch) - 48 for ch in cells]


def parse_block(rows: list[str], first_line: int = 1) -> np.ndarray:
    """Return the grid of nine row lines; raises ParseError naming the line and column at fault."""
    if len(rows) != 9:
        raise ParseError(f"a grid needs 9 rows, found {len(rows)}", first_line)
    values: list[int] = []
    for i, row in enumerate(rows):
        values.extend(_parse_row(row, first_line + i))
    return np.array(values, dtype=np.uint8)


def detect_form(first_line: str) -> Form:
    """Return the form a file's first significant line implies (anything not a 9-cell row is LINE)."""
    body = first_line.strip()
    if len(body) == 9:
        return Form.BLOCK_COMPACT
    if len(body) == 17 and body[1::2] == " " * 8:
        return Form.BLOCK
    return Form.LINE


def _significant(line: str) -> bool:
    return bool(line.strip()) and not line.lstrip().startswith("#")


def iter_entries(lines: Iterable[str]) -> Iterator[tuple[Form, PuzzleEntry]]:
    """Yield ``(form, entry)`` for every puzzle in ``lines``, lazily; malformed ones carry an error."""
    it = iter(enumerate(lines, start=1))
    form: Form | None = None
    number = 0
    block: list[str] = []
    block_start = 0
    for line_no, raw in it:
        line = raw.rstrip("\r\n")
        if not _significant(line):
            if block and not line.strip():
                number += 1
                yield form, _block_entry(number, block_start, block)  # type: ignore[misc]
                block = []
            continue
        if form is None:
            form = detect_form(line)
        if form is Form.LINE:
            number += 1
            yield form, _line_entry(number, line_no, line)
            continue
        if not block:
            block_start = line_no
        block.append(line)
        if len(block) == 9:
            number += 1
            yield form, _block_entry(number, block_start, block)
            block = []
    if block:
        number += 1
        yield form, _block_entry(number, block_start, block)  # type: ignore[misc]


def _line_entry(number: int, line_no: int, line: str) -> PuzzleEntry:
    try:
        return PuzzleEntry(number, line_no, line, parse_line(line, line_no), None)
    except ParseError as err:
        return PuzzleEntry(number, line_no, line, None, err)


def _block_entry(number: int, first_line: int, rows: list[str]) -> PuzzleEntry:
    text = "\n".join(rows)
    try:
        return PuzzleEntry(number, first_line, text, parse_block(rows, first_line), None)
    except ParseError as err:
        return PuzzleEntry(number, first_line, text, None, err)


def read_puzzles(text: str) -> list[np.ndarray]:
    """Return every grid in ``text`` (either form); raises ParseError at the first malformed one."""
    grids = []
    for _, entry in iter_entries(text.splitlines()):
        if entry.error is not None:
            raise entry.error
        grids.append(entry.grid)
    return grids


def parse_lines_bulk(lines: list[bytes]) -> tuple[np.ndarray, np.ndarray]:
    """Parse many line-form puzzles at once: return ``(grids, ok)``, ``ok[i]`` False where line i is bad.

    Bad lines get an all-zero grid; parse them with :func:`parse_line` for the error message.
    """
    grids = np.zeros((len(lines), N_CELLS), dtype=np.uint8)
    ok = np.zeros(len(lines), dtype=bool)
    stripped = [ln.rstrip() for ln in lines]
    good = [i for i, ln in enumerate(stripped) if len(ln) == N_CELLS]
    if good:
        raw = np.frombuffer(b"".join(stripped[i] for i in good), dtype=np.uint8)
        values = _BYTE_VALUE[raw].reshape(len(good), N_CELLS)
        valid = (values != 255).all(axis=1)
        idx = np.array(good, dtype=np.int64)
        grids[idx[valid]] = values[valid]
        ok[idx[valid]] = True
    return grids, ok


def format_line(grid: np.ndarray, empty: str = ".") -> str:
    """Return the 81-character line of a grid, ``empty`` for empty cells."""
    return "".join(str(int(d)) if d else empty for d in grid)


def format_block(grid: np.ndarray, spaced: bool = True) -> str:
    """Return nine lines of nine digits (no trailing newline), single-space separated if ``spaced``."""
    sep = " " if spaced else ""
    return "\n".join(sep.join(str(int(d)) for d in grid[r * 9 : r * 9 + 9]) for r in range(9))


def format_grid(grid: np.ndarray, form: Form) -> str:
    """Return a grid in ``form`` (line form uses ``.`` for empty cells, blocks use ``0``)."""
    if form is Form.LINE:
        return format_line(grid)
    return format_block(grid, spaced=form is Form.BLOCK)


def format_lines_bulk(grids: np.ndarray, empty: str = ".") -> bytes:
    """Return many grids (shape (n, 81)) as newline-terminated 81-character lines, in one buffer."""
    n = len(grids)
    out = np.empty((n, N_CELLS + 1), dtype=np.uint8)
    out[:, :N_CELLS] = grids + 48
    out[:, :N_CELLS][grids == 0] = ord(empty)
    out[:, N_CELLS] = 10
    return out.tobytes()
