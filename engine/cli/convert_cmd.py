"""``sudoku convert PUZZLE --to fpuzzles|link|sudokupad|json|line [-o OUT]``: write a puzzle in another form.

PUZZLE is the puzzle itself (an 81-character line, f-puzzles JSON, our own JSON, an f-puzzles, SudokuPad
or SudokuWiki link) or a file of them, one a line (a file holding one JSON object over several lines,
or one classic grid in block form, is one puzzle); ``-`` is standard input.  One output line per puzzle:

* ``fpuzzles``: f-puzzles JSON;  ``json``: the model's own JSON (docs/variants.md);
* ``link``: an f-puzzles link;  ``sudokupad``: a SudokuPad link (its ``fpuzzles`` id);
* ``line``: the givens as N*N characters, for a puzzle with no constraint and the standard boxes.

Exit status 0 when every puzzle was written, 2 when one could not be read (a constraint the model does
not know is named) or for usage or file errors, 1 when one cannot be written in the form asked (a
greater-than sign has no f-puzzles key; a line holds no constraint).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys

from engine.cli.common import FileError, check_output, clip, reading
from engine.errors import ParseError
from engine.output.atomic import atomic_output
from engine.puzzle.model import Puzzle

FORMS = ("fpuzzles", "link", "sudokupad", "json", "line")


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    """Add ``convert``'s arguments to ``parser``."""
    parser.description = (
        "Write a puzzle (a line, f-puzzles JSON, our JSON, a link, or a file of them one a line) in another "
        "form, one line per puzzle.  Exit status 0 if all were written, 2 if one could not be read (an "
        "unknown constraint is named) or for usage or file errors, 1 if one cannot be written in that form."
    )
    parser.add_argument("puzzle", metavar="PUZZLE",
                        help="the puzzle, or a file of puzzles ('-' for standard input)")
    parser.add_argument("--to", required=True, choices=FORMS,
                        help="f-puzzles JSON, an f-puzzles or SudokuPad link, our JSON, a line of givens")
    parser.add_argument("-o", "--output", default="-", metavar="OUT",
                        help="output file (default: standard output)")


def write(puzzle: Puzzle, form: str) -> str:
    """Return ``puzzle`` in ``form`` (one of FORMS); ValueError when the form cannot hold it."""
    from engine.puzzle import fpuzzles, links
    from engine.puzzle.model import standard_regions
    from engine.puzzle.parse import format_givens

    if form == "fpuzzles":
        return fpuzzles.dumps(puzzle)
    if form == "link":
        return links.fpuzzles_link(puzzle)
    if form == "sudokupad":
        return links.sudokupad_link(puzzle)
    if form == "json":
        return json.dumps(puzzle.to_dict(), separators=(",", ":"), ensure_ascii=False)
    if puzzle.constraints or puzzle.regions != standard_regions(puzzle.size):
        raise ValueError("a line holds only givens: this puzzle has constraints or irregular regions")
    return format_givens(puzzle)


def _texts(arg: str) -> list[tuple[int, str]]:
    """Return (line number, text) of each puzzle PUZZLE names: the text itself, or a file's puzzles."""
    if arg != "-" and not os.path.exists(arg):
        if _looks_like_path(arg):
            raise FileError(f"{arg}: no such file")
        return [(1, arg)]
    with reading(arg) as source:
        content = source.read().decode("utf-8-sig", errors="replace")
    lines = [(n, line) for n, line in enumerate(content.splitlines(), 1)
             if line.strip() and not line.lstrip().startswith("#")]
    if not lines:
        raise FileError(f"{arg}: no puzzle found (only blank lines or comments)")
    body = content.strip()
    if len(lines) > 1 and (body.startswith("{") and _is_json(body) or _is_block(lines)):
        return [(lines[0][0], content)]
    return lines


def _looks_like_path(text: str) -> bool:
    """A file name, not a puzzle: no JSON, no link, not a line of cells, and a folder or an extension."""
    from engine.puzzle.links import looks_like_link
    from engine.puzzle.parse import LINE_SIZES

    body = text.strip()
    cells = len(body) in LINE_SIZES and set(body.upper()) <= set(".0123456789ABCDEFG")
    if body.startswith("{") or looks_like_link(body) or cells:
        return False
    return "/" in body or os.sep in body or re.search(r"\.[A-Za-z]\w{0,4}$", body) is not None


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        return False
    return True


def _is_block(lines: list[tuple[int, str]]) -> bool:
    from engine.formats import Form, detect_form

    return detect_form(lines[0][1]) is not Form.LINE


def run(args: argparse.Namespace) -> int:
    """Convert every puzzle PUZZLE names; return 0, 1 (one cannot be written) or 2 (one cannot be read)."""
    from engine.puzzle.parse import parse_puzzle

    check_output(args.output, args.puzzle if os.path.exists(args.puzzle) else None)
    out, unread, unwritten = [], 0, 0
    texts = _texts(args.puzzle)
    for number, (line, text) in enumerate(texts, 1):
        where = "" if len(texts) == 1 else f"puzzle {number} (line {line}): "
        try:
            puzzle = parse_puzzle(text)
        except ParseError as err:  # an UnknownConstraintError names the constraint
            _note(where + err.message + (f" (column {err.column})" if err.column else ""))
            unread += 1
            continue
        try:
            out.append(write(puzzle, args.to))
        except ValueError as err:
            _note(where + str(err))
            unwritten += 1
    with atomic_output(args.output) as sink:
        sink.write("".join(text + "\n" for text in out).encode("utf-8"))
    return 2 if unread else 1 if unwritten else 0


def _note(text: str) -> None:
    print(clip(f"sudoku: {text}"), file=sys.stderr)
