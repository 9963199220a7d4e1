"""Links that carry a puzzle, read and written: f-puzzles, SudokuPad and (read only) SudokuWiki.

* f-puzzles: ``https://f-puzzles.com/?load=`` + LZString ``compressToBase64`` of the f-puzzles JSON.
* SudokuPad (``sudokupad.app``, also ``beta.sudokupad.app`` and ``app.crackingthecryptic.com``): the
  path after the host (or after ``/sudoku/``, or the ``puzzleid`` parameter) is a puzzle id whose prefix
  names its form, as SudokuPad's puzzle loader reads it (SudokuPad/sudokutools, ``puzzleloader``):

  - ``fpuzzles…`` and its alias ``fpuz…``: an f-puzzles puzzle, LZString base64 of its JSON, the same
    data as an f-puzzles link (``fpuz`` is only a shorter prefix, with no key compression);
  - ``scf…``: the classic form (SudokuPad's ``PuzzleTools.decodeSCF``): each character codes a number k
    (``0``-``9`` 0-9, ``A``-``Z`` 10-35, ``a``-``x`` 36-59) that stands for the cell k % 10 (0 = empty)
    followed by k // 10 empty cells, until 81 cells; then rule letters, ``x`` (the two diagonals) and
    ``w`` (Windoku's four windows);
  - ``scl…`` / ``ctc…``: SudokuPad's own format, and short ids: puzzles kept on SudokuPad's server.
    Neither is read here; the error says so.

  Servers fold ``//`` to ``/`` in paths, which breaks base64 data; as SudokuPad does, a link whose data
  does not decode is tried again with slashes doubled, fewest first.
* SudokuWiki: ``https://www.sudokuwiki.org/sudoku.htm?bd=`` with its board (engine/share.py), a classic
  puzzle.
"""

from __future__ import annotations

import itertools
import json
import re
from typing import Any
from urllib.parse import unquote, urlsplit

from engine.errors import ParseError
from engine.puzzle.fpuzzles import dumps, read_fpuzzles
from engine.puzzle.lzstring import compress_to_base64, decompress_from_base64
from engine.puzzle.model import Diagonal, ExtraRegion, Puzzle

FPUZZLES = "https://f-puzzles.com/?load="
SUDOKUPAD = "https://sudokupad.app/"
_SUDOKUPAD_HOSTS = ("sudokupad.app", "beta.sudokupad.app", "app.crackingthecryptic.com",
                    "sudokupad.svencodes.com")
_MAX_SLASH_TRIES = 3000  # SudokuPad's own limit on re-doubled slash patterns


def fpuzzles_link(puzzle: Puzzle) -> str:
    """Return the f-puzzles link of a puzzle; ValueError for a greater-than sign (f-puzzles has none)."""
    return FPUZZLES + compress_to_base64(dumps(puzzle))


def sudokupad_link(puzzle: Puzzle) -> str:
    """Return the SudokuPad link of a puzzle (its ``fpuzzles`` id); ValueError as :func:`fpuzzles_link`."""
    return SUDOKUPAD + "fpuzzles" + compress_to_base64(dumps(puzzle))


def looks_like_link(text: str) -> bool:
    """Return True if ``text`` is an address (with or without ``https://``) of a site this module reads."""
    head = text.strip()[:60].lower()
    if "://" in head:
        return True
    host = head.split("/", 1)[0].split("?", 1)[0].removeprefix("www.")
    return host in ("f-puzzles.com", "sudokuwiki.org", *_SUDOKUPAD_HOSTS)


def read_link(text: str) -> Puzzle:
    """Return the puzzle a link carries; ParseError (UnknownConstraintError for a constraint the model does
    not know) naming what is wrong: another site, a puzzle kept on a server, damaged data."""
    link = text.strip()
    if "://" not in link[:12]:
        link = "https://" + link
    parts = urlsplit(link)
    host = (parts.hostname or "").removeprefix("www.")
    if host == "f-puzzles.com":
        data = _parameter(parts.query, "load")
        if data is None:
            raise ParseError("an f-puzzles link carries its puzzle after '?load='")
        return read_fpuzzles(_lz_json(data))
    if host in _SUDOKUPAD_HOSTS:
        puzzle_id = _parameter(parts.query, "puzzleid")
        if puzzle_id is None:
            puzzle_id = re.sub(r"^/+(sudoku/+)?", "", parts.path)
        return read_sudokupad_id(puzzle_id)
    if host == "sudokuwiki.org":
        return _sudokuwiki(parts.query)
    raise ParseError(f"not a link this program reads (f-puzzles, SudokuPad, SudokuWiki): {host[:40]!r}")


def read_sudokupad_id(puzzle_id: str) -> Puzzle:
    """Return the puzzle of a SudokuPad puzzle id (``fpuzzles…``, ``fpuz…`` or ``scf…``); ParseError for
    another form or damaged data."""
    puzzle_id = _unquoted(puzzle_id.strip())
    for prefix in ("fpuzzles", "fpuz"):
        if puzzle_id.startswith(prefix):
            return read_fpuzzles(_lz_json(puzzle_id[len(prefix):]))
    if puzzle_id.startswith("scf"):
        return _scf(puzzle_id[3:])
    if puzzle_id.startswith(("scl", "ctc")):
        raise ParseError("SudokuPad's own format ('scl'/'ctc' ids) is not read: open the puzzle in f-puzzles "
                         "and give its link, or its JSON")
    raise ParseError(f"the SudokuPad id {puzzle_id[:20]!r} names a puzzle kept on SudokuPad's server; only "
                     "links that carry the puzzle (fpuzzles…, fpuz…, scf…) can be read")


def _parameter(query: str, name: str) -> str | None:
    """The raw value of a query parameter (``+`` kept: base64 data is not form-encoded)."""
    match = re.search(rf"(?:^|&){name}=([^&#]*)", query)
    return match[1] if match else None


def _unquoted(text: str) -> str:
    """Undo percent-escapes, as SudokuPad does: only when that makes the text shorter."""
    decoded = unquote(text)
    return decoded if len(decoded) < len(text) else text


def _lz_json(data: str) -> Any:
    """Return the JSON object LZString base64 ``data`` holds; ParseError if it holds none."""
    data = _unquoted(data.strip()).replace(" ", "+")  # a '+' read as a form-encoded space
    if not data:
        raise ParseError("the link carries no puzzle data")
    found = _json_of(data)
    if found is None and "/" in data:
        found = _with_slashes_doubled(data)
    if found is None:
        raise ParseError("the link's puzzle data is damaged (not LZString base64 of JSON)")
    return found


def _json_of(data: str) -> Any:
    text = decompress_from_base64(data)
    if not text:
        return None
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


def _with_slashes_doubled(data: str) -> Any:
    """Try ``data`` with some of its ``/`` doubled, fewest first (a path lost them); None if none decodes."""
    slashes = [i for i, ch in enumerate(data) if ch == "/"][:16]
    tries = 0
    for count in range(1, len(slashes) + 1):
        for chosen in itertools.combinations(slashes, count):
            tries += 1
            if tries > _MAX_SLASH_TRIES:
                return None
            fixed = "".join(ch + ("/" if i in chosen else "") for i, ch in enumerate(data))
            if (found := _json_of(fixed)) is not None:
                return found
    return None


def _scf_cells(data: str) -> tuple[list[int], str]:
    """Return the 81 cells of SCF data and the rule letters after them; ParseError if they are not there."""
    cells: list[int] = []
    i = 0
    while len(cells) < 81 and i < len(data):
        ch = data[i]
        code = ord(ch) - (61 if "a" <= ch <= "z" else 55 if "A" <= ch <= "Z" else 48)
        if not ("0" <= ch <= "9" or "A" <= ch <= "Z" or "a" <= ch <= "x"):
            raise ParseError(f"bad character {ch!r} in a SudokuPad 'scf' id")
        cells += [code % 10] + [0] * (code // 10)
        i += 1
    if len(cells) != 81:
        raise ParseError(f"a SudokuPad 'scf' id holds 81 cells, not {len(cells)}")
    return cells, data[i:]


def _scf(data: str) -> Puzzle:
    # SudokuPad first tries LZString on every id and keeps the result only if it is not much shorter
    text = decompress_from_base64(data)
    if text and len(text) >= len(data) // 2:
        data = text
    cells, rules = _scf_cells(data)
    unknown = sorted(set(rules) - set("wx"))
    if unknown:
        raise ParseError(f"unknown rule letter {unknown[0]!r} in a SudokuPad 'scf' id (known: x, w)")
    constraints: list[Any] = []
    if "x" in rules:
        constraints += [Diagonal(False), Diagonal(True)]
    if "w" in rules:
        for top, left in ((1, 1), (1, 5), (5, 1), (5, 5)):
            constraints.append(ExtraRegion(tuple(r * 9 + c for r in range(top, top + 3)
                                                 for c in range(left, left + 3))))
    return Puzzle.checked(9, cells, (), constraints)


def _sudokuwiki(query: str) -> Puzzle:
    from engine.output.share import sudokuwiki_givens

    board = _parameter(query, "bd")
    if board is None:
        raise ParseError("a SudokuWiki link carries its puzzle after 'bd='")
    try:
        line = sudokuwiki_givens(unquote(board))
    except ValueError as err:
        raise ParseError(str(err)) from None
    return Puzzle.checked(9, [0 if ch == "." else int(ch) for ch in line])
