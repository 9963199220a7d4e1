"""One line of a puzzle file that is not a classic 81-cell line: f-puzzles JSON, a link, a line of
another size.  ``sudoku -s``, ``sudoku check`` and the partition functions send here only the lines
their compiled classic path rejected, so a file of classic lines is read exactly as fast as before.

A line holding a constraint the model does not know is *refused* (the commands then exit with 2).
"""

from __future__ import annotations

import json
from typing import NamedTuple

from engine.errors import ParseError, UnknownConstraintError
from engine.formats import Chunk, Form
from engine.puzzle.links import looks_like_link
from engine.puzzle.model import Puzzle
from engine.puzzle.parse import LINE_SIZES, format_solution, parse_puzzle
from engine.puzzle.solving import count_solutions, repeated_givens, solve


class Solved(NamedTuple):
    """What became of one line: its solution line, or the ParseError or the reason it has none."""

    solution: bytes | None
    error: ParseError | None
    reason: str | None
    refused: bool


class Checked(NamedTuple):
    """One line's status (unique, multiple, unsolvable, invalid, malformed, unsupported) and why."""

    status: str
    detail: str
    refused: bool


def is_other_puzzle(text: str) -> bool:
    """Return True if ``text`` is meant as a puzzle of another form than the classic 81-cell line."""
    body = text.strip()
    return (body.startswith("{") or looks_like_link(body) or body.startswith(("fpuzzles", "fpuz", "scf"))
            or (len(body) in LINE_SIZES and len(body) != 81))


def json_document(chunks: list[Chunk]) -> list[Chunk] | None:
    """Return a file read as line-form chunks as one chunk of one-line puzzles when the whole file is one JSON
    document: a puzzle object written over several lines, or a list of puzzle objects; None otherwise."""
    texts = [text for chunk in chunks if chunk.form is Form.LINE for text in chunk.texts]
    try:
        document = json.loads(b"\n".join(texts))
    except (ValueError, RecursionError):
        return None
    items = document if isinstance(document, list) else [document]
    if not items or not all(isinstance(item, dict) for item in items):
        return None
    lines = [json.dumps(item, separators=(",", ":"), ensure_ascii=False).encode("utf-8") for item in items]
    return [Chunk(Form.LINE, 1, [chunks[0].lines[0]] * len(lines), lines)]


def _decoded(raw: bytes | str) -> str:
    return raw if isinstance(raw, str) else raw.decode("utf-8", errors="replace")


def _parsed(text: str, line: int) -> Puzzle | ParseError:
    try:
        return parse_puzzle(text)
    except UnknownConstraintError as err:
        return UnknownConstraintError(err.names, line)
    except ParseError as err:
        return ParseError(err.message, line, err.column)


def solve_line(raw: bytes | str, line: int) -> Solved | None:
    """Return the solution of a line of another form, or why there is none; None for a line that is not
    meant as such a puzzle (the classic parser's error then stands)."""
    text = _decoded(raw)
    if not is_other_puzzle(text):
        return None
    puzzle = _parsed(text, line)
    if isinstance(puzzle, ParseError):
        return Solved(None, puzzle, None, isinstance(puzzle, UnknownConstraintError))
    if repeats := repeated_givens(puzzle):
        return Solved(None, None, "; ".join(repeats), False)
    digits = solve(puzzle)
    if digits is None:
        return Solved(None, None, "no solution", False)
    return Solved(format_solution(puzzle, digits).encode("ascii"), None, None, False)


def check_line(raw: bytes | str, line: int) -> Checked | None:
    """Return the status of a line of another form, as ``sudoku check`` words it; None for a line that is
    not meant as such a puzzle."""
    text = _decoded(raw)
    if not is_other_puzzle(text):
        return None
    puzzle = _parsed(text, line)
    if isinstance(puzzle, UnknownConstraintError):
        return Checked("unsupported", str(puzzle), True)
    if isinstance(puzzle, ParseError):
        return Checked("malformed", str(puzzle), False)
    if repeats := repeated_givens(puzzle):
        return Checked("invalid", "; ".join(repeats), False)
    count = count_solutions(puzzle, limit=2)
    if count == 0:
        return Checked("unsolvable", "no solution", False)
    if count == 1:
        return Checked("unique", "one solution", False)
    return Checked("multiple", "2 or more solutions", False)
