"""Puzzle text in and out of the game (paste, Import, Export), through the engine's formats.

Pure: text in, digits and notes out (and back).  Reading accepts what :func:`engine.parse_grid_text`
reads plus the 729-character candidate line (:func:`engine.parse_state`) and a puzzle's link (one
line ``https://...``: :func:`read_link`); any fault is a ParseError (or InvalidPuzzleError) whose
message names the line and column, for the page to show as it is.  :func:`read_any` also reads every
variant :func:`engine.parse_puzzle` reads (f-puzzles JSON and links, SudokuPad links, lines of 16 to
256 cells) into a :class:`~desktop.midend.shape.Shape` and its givens.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from urllib.parse import urlsplit

import numpy as np

from desktop.midend import GameError
from desktop.midend.rules import conflict_list
from desktop.midend.shape import CLASSIC, Shape
from engine import (
    InvalidPuzzleError,
    ParseError,
    UnknownConstraintError,
    candidate_masks,
    conflicts,
    format_block,
    format_candidate_line,
    format_line,
    format_pencil_marks,
    fpuzzles_link,
    parse_grid_text,
    parse_puzzle,
    parse_state,
    read_puzzles,
    read_sudokuwiki_link,
)

EXPORT_FORMATS = ("line", "block", "pencil", "candidates")
MAX_TEXT = 20_000  # a puzzle in any of these forms is far shorter
LINK = re.compile(r"https?://\S+", re.IGNORECASE)

Board = tuple[list[int], list[int] | None]

# A link's site -> its reader (givens, notes or None); ValueError saying what is wrong.  The one place
# a new kind of link plugs in: the f-puzzles and SudokuPad links join here with the variant engine.
LINK_READERS: dict[str, Callable[[str], Board]] = {
    "sudokuwiki.org": read_sudokuwiki_link,
    "www.sudokuwiki.org": read_sudokuwiki_link,
}


def is_link(text: str) -> bool:
    """Return True if ``text`` is one web address and nothing else (blank lines and spaces aside)."""
    return LINK.fullmatch(text.strip()) is not None


def read_link(text: str) -> Board:
    """Return ``(givens, notes or None)`` of a puzzle's link (see LINK_READERS); ParseError naming the
    site when it is not one we read, or saying what is wrong with the link."""
    link = text.strip()
    host = (urlsplit(link).hostname or "").lower()
    reader = LINK_READERS.get(host)
    if reader is None:
        raise ParseError(f"links of {host or 'this site'} cannot be opened (SudokuWiki's can)", 1)
    try:
        return reader(link)
    except ValueError as err:
        raise ParseError(str(err), 1) from None


def read_puzzle(text: str) -> tuple[list[int], list[int] | None]:
    """Return ``(givens, notes or None)`` of puzzle text; raises ValueError saying what is wrong and where."""
    if len(text) > MAX_TEXT:
        raise ParseError(f"the text is too long for a puzzle ({len(text)} characters)", 1)
    if is_link(text):
        givens, notes = read_link(text)
        return _checked(givens), notes
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if len(lines) == 1 and len(lines[0].strip()) == 729:
        state = parse_state(lines[0])
        givens = [int(v) for v in state.values]
        notes = [0 if v else int(m) for v, m in zip(state.values, state.cands, strict=True)]
        return givens, notes
    grid, masks = parse_grid_text(text)
    return _checked([int(d) for d in grid]), None if masks is None else [int(m) for m in masks]


VARIANT_LINES = (16, 36, 64, 144, 256)  # a line of this many cells is a puzzle of another size
VARIANT_IDS = ("fpuzzles", "fpuz", "scf")  # SudokuPad's ids of f-puzzles data and its classic form


def is_variant_text(text: str) -> bool:
    """True if ``text`` is a form only the variant reader reads: JSON, a link of another site than
    SudokuWiki, a SudokuPad id, or one line of 16, 36, 64, 144 or 256 cells."""
    body = text.strip().lstrip("\ufeff")
    if body.startswith("{") or body.startswith(VARIANT_IDS):
        return True
    if is_link(body):
        return (urlsplit(body).hostname or "").lower() not in LINK_READERS
    return "\n" not in body and len(body) in VARIANT_LINES


def read_any(text: str) -> tuple[list[int], list[int] | None, Shape]:
    """Return ``(givens, notes or None, shape)`` of any puzzle text (classic forms as :func:`read_puzzle`);
    ValueError saying what is wrong: an UnknownConstraintError (a ParseError) names the constraint."""
    if len(text) > MAX_TEXT:
        raise ParseError(f"the text is too long for a puzzle ({len(text)} characters)", 1)
    if not is_variant_text(text):
        givens, notes = read_puzzle(text)
        return givens, notes, CLASSIC
    puzzle = parse_puzzle(text)
    shape = CLASSIC if puzzle.is_classic else Shape.of(puzzle)
    givens = [int(d) for d in puzzle.givens]
    found = conflict_list(givens, shape)
    if found:
        raise InvalidPuzzleError(f"the puzzle repeats the digit {found[0]['digit']}")
    return givens, None, shape


def variant_text(givens: Sequence[int], shape: Shape) -> str:
    """Return a variant puzzle as its f-puzzles link (the model's JSON for a constraint f-puzzles lacks)."""
    puzzle = shape.model(givens)
    try:
        return fpuzzles_link(puzzle)
    except ValueError:  # a greater-than sign: only the model's own JSON holds it
        import json

        return json.dumps(puzzle.to_dict(), separators=(",", ":"))


def _checked(givens: list[int]) -> list[int]:
    """Return ``givens``; InvalidPuzzleError if they repeat a digit in a unit."""
    found = conflicts(np.asarray(givens, dtype=np.uint8))
    if found:
        raise InvalidPuzzleError(f"the puzzle repeats the digit {found[0].digit}")
    return givens


def read_one(text: str) -> tuple[list[int], list[int] | None, Shape]:
    """Return the one puzzle a pasted or imported ``text`` holds, as ``read_any``; GameError
    ``several_puzzles`` for a text of several, ``unsupported`` naming a constraint we do not know,
    ``bad_text`` saying where it is wrong."""
    try:
        several = read_several(text)
        if several is not None:
            count = len(several)
            raise GameError("several_puzzles", f"The text holds {count} puzzles.", {"count": count})
        return read_any(text)
    except UnknownConstraintError as err:
        names = ", ".join(err.names)
        message = f"This puzzle has a constraint Sudoku Studio does not know: {names}."
        params = {"constraints": list(err.names), "message": str(err)}
        raise GameError("unsupported", message, params) from None
    except ValueError as err:
        raise GameError("bad_text", str(err), {"message": str(err)}) from None


def read_several(text: str) -> list[list[int]] | None:
    """Return the puzzles of a text holding two or more (None if it holds one or cannot be read as a
    list); raises InvalidPuzzleError naming the first puzzle that repeats a digit."""
    if len(text) > MAX_TEXT:
        return None
    try:
        grids = read_puzzles(text)
    except ValueError:  # ParseError: not a list of puzzles; read_puzzle says what is wrong
        return None
    if len(grids) < 2:
        return None
    for number, grid in enumerate(grids, 1):
        found = conflicts(grid)
        if found:
            raise InvalidPuzzleError(f"puzzle {number} repeats the digit {found[0].digit}")
    return [[int(d) for d in grid] for grid in grids]


def write_puzzle(digits: Sequence[int], notes: Sequence[int], fmt: str) -> str:
    """Return the board as text in ``fmt`` (one of EXPORT_FORMATS); notes, else candidates, for the marks."""
    grid = np.asarray(digits, dtype=np.uint8)
    if fmt == "line":
        return format_line(grid)
    if fmt == "block":
        return format_block(grid, spaced=False)
    cands = [int(m) for m in candidate_masks(grid)]
    marks = [n if n else c for n, c in zip(notes, cands, strict=True)] if any(notes) else cands
    if fmt == "pencil":
        return format_pencil_marks(grid, marks)
    return format_candidate_line(grid, marks)
