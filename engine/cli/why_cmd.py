"""``sudoku why PUZZLE CELL DIGIT [--board DIGITS] [--json] [--lang en|zh]``: why a digit is wrong there.

PUZZLE is an 81-character puzzle (``0`` or ``.`` for empty), CELL a cell as ``r4c7`` (1-based) and
DIGIT 1-9.  ``--board`` gives the player's digits (81 characters; the givens may be left out, and
digits the solution does not have are ignored).  Prints the shortest chain of singles found that
starts at the digit and ends in a contradiction ("If r4c7 is 6, then r4c2 is 1 ..., so r6c2 has
no digit left"), or, when none of reasonable length exists, the solution's digit there.  With
``--json`` an object: ``found``, ``steps`` (each ``kind`` place/eliminate, ``cell`` as 1-based
``[row, col]``, ``digit``, ``reason``, ``unit`` 0-26 or -1, ``because`` indices into ``steps``),
``contradiction`` (``kind`` no_digit / no_place / clash, with its cell or unit), the
``solution_digit`` and the ``explanation`` in both languages.  Exit status 0, or 2 for a malformed
or unsolvable puzzle, a bad cell or digit, a given cell, or a digit that is the solution's.
"""

from __future__ import annotations

import argparse
import json
import re
from typing import Any

from engine.cli import variant_cmds
from engine.cli.common import UsageError, add_json_and_lang

_CELL = re.compile(r"[rR]([1-9])[cC]([1-9])")


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    """Add ``why``'s arguments to ``parser``."""
    parser.add_argument("puzzle", metavar="PUZZLE", help="81-character puzzle, 0 or . for empty cells")
    parser.add_argument("cell", metavar="CELL", help="the cell, as r4c7")
    parser.add_argument("digit", metavar="DIGIT", help="the wrong digit, 1-9")
    parser.add_argument("--board", metavar="DIGITS", help="the player's digits, 81 characters")
    add_json_and_lang(parser, "print the chain as a JSON object", "language of the explanation")


def parse_cell(text: str) -> int:
    """Return the cell 0-80 ``rRcC`` names (1-based); UsageError otherwise."""
    match = _CELL.fullmatch(text.strip())
    if match is None:
        raise UsageError(f"bad CELL {text!r}: write it as r4c7 (row and column 1-9)")
    return (int(match[1]) - 1) * 9 + int(match[2]) - 1


def run(args: argparse.Namespace) -> int:
    """Print why DIGIT is wrong in CELL and return 0; UsageError on bad input."""
    from engine.errors import SudokuError
    from engine.formats import parse_line
    from engine.logic.why import why_wrong
    from engine.words.why_words import explain_why

    status = variant_cmds.run_if_variant(args, "puzzle", variant_cmds.why)  # f-puzzles JSON, a link, ...
    if status is not None:
        return status
    cell = parse_cell(args.cell)
    if args.digit.strip() not in list("123456789"):
        raise UsageError(f"bad DIGIT {args.digit!r}: a digit 1-9")
    try:
        givens = parse_line(args.puzzle.strip())
        board = parse_line(args.board.strip()) if args.board else givens
        why = why_wrong(givens, board, cell, int(args.digit))
    except (SudokuError, ValueError) as err:
        raise UsageError(f"bad input: {err}") from None
    if args.json:
        print(json.dumps(why_json(why), ensure_ascii=False, indent=1))
    else:
        print(explain_why(why, args.lang))
    return 0


def _rc(cell: int) -> list[int]:
    return [cell // 9 + 1, cell % 9 + 1]


def why_json(why: Any) -> dict[str, Any]:
    """Return the CLI's JSON of a :class:`engine.logic.why.Why`: cells as 1-based ``[row, col]``, plus the
    words."""
    from engine.words.why_words import explain_why

    data = why.to_dict()
    data["cell"] = _rc(data["cell"])
    for step in data["steps"]:
        step["cell"] = _rc(step["cell"])
    if data["contradiction"] and "cell" in data["contradiction"]:
        data["contradiction"]["cell"] = _rc(data["contradiction"]["cell"])
    data["explanation"] = {"en": explain_why(why, "en"), "zh": explain_why(why, "zh")}
    return data
