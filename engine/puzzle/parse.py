"""Any text a person gives as a puzzle, read into the model; a solution written as one line.

:func:`parse_puzzle` reads, in this order of tests:

* JSON (text starting with ``{``): f-puzzles JSON when it has ``grid``, the model's own form
  (``Puzzle.to_dict``, docs/variants.md) when it has ``givens``;
* a link (f-puzzles, SudokuPad, SudokuWiki: engine/puzzle/links.py) or a bare SudokuPad id
  (``fpuzzles…``, ``fpuz…``, ``scf…``);
* a line of N*N cells, row by row: 81 is the classic 9x9; 16, 36, 64, 144 and 256 the classic 4x4,
  6x6, 8x8, 12x12 and 16x16.  A cell is ``.`` or ``0`` (empty), ``1``-``9``, then ``A``-``G`` (10-16);
* several lines: a classic 9x9 grid in any form ``engine.formats.parse_grid_text`` reads.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from engine.errors import ParseError
from engine.puzzle.model import DIGIT_CHARS, Puzzle, digit_char

LINE_SIZES = {16: 4, 36: 6, 64: 8, 81: 9, 144: 12, 256: 16}


def parse_puzzle(text: str) -> Puzzle:
    """Return the puzzle ``text`` holds (JSON, a link, a line of cells); ParseError naming what is wrong,
    UnknownConstraintError (a ParseError) naming a constraint the model does not know."""
    body = text.strip().lstrip("\ufeff")
    if not body:
        raise ParseError("no puzzle found in the text")
    if body.startswith("{"):
        return parse_json(body)
    from engine.puzzle import links

    if links.looks_like_link(body):
        return links.read_link(body)
    if body.startswith(("fpuzzles", "fpuz", "scf")) and not any(ch.isspace() for ch in body):
        return links.read_sudokupad_id(body)
    if "\n" in body:
        return _classic_block(text)
    return parse_cells(body)


def parse_json(text: str) -> Puzzle:
    """Return the puzzle of f-puzzles JSON or of the model's own JSON; ParseError if it is neither."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as err:
        raise ParseError(f"not JSON: {str(err)[:80]}") from None
    if isinstance(data, dict) and "grid" in data:
        from engine.puzzle.fpuzzles import read_fpuzzles

        return read_fpuzzles(data)
    if isinstance(data, dict) and "givens" in data:
        return Puzzle.from_dict(data)
    raise ParseError("JSON that is not a puzzle (f-puzzles JSON has 'size' and 'grid', ours 'size' and "
                     "'givens')")


def parse_cells(line: str) -> Puzzle:
    """Return the classic puzzle of a line of N*N cells (N = 4, 6, 8, 9, 12, 16); ParseError naming the
    column of a bad cell or the wrong length."""
    body = line.strip()
    size = LINE_SIZES.get(len(body))
    if size is None:
        raise ParseError(f"wrong length: {len(body)} cells (a puzzle line has 16, 36, 64, 81, 144 or 256)")
    givens = []
    for column, ch in enumerate(body, 1):
        digit = 0 if ch in ".0" else DIGIT_CHARS.find(ch.upper()) + 1
        if ch not in ".0" and not 1 <= digit <= size:
            allowed = f"1-{size}" if size <= 9 else f"1-9, A-{DIGIT_CHARS[size - 1]}"
            raise ParseError(f"bad character {ch!r} (expected {allowed}, 0 or '.')", 1, column)
        givens.append(digit)
    return Puzzle.checked(size, givens)


def _classic_block(text: str) -> Puzzle:
    from engine.formats import parse_grid_text

    grid, _ = parse_grid_text(text)
    return Puzzle.checked(9, grid.tolist())


def format_solution(puzzle: Puzzle, digits: Sequence[int]) -> str:
    """Return a solution (or any filling) as one line of N*N characters, 1-9 then A-G, ``.`` for 0;
    ValueError if ``digits`` is not N*N digits 0-N."""
    values = [int(d) for d in digits]
    if len(values) != puzzle.n_cells or any(not 0 <= d <= puzzle.size for d in values):
        raise ValueError(f"a {puzzle.size}x{puzzle.size} solution is {puzzle.n_cells} digits 0-{puzzle.size}")
    return "".join(digit_char(d) for d in values)


def format_givens(puzzle: Puzzle) -> str:
    """Return the puzzle's givens as one line of N*N characters (``.`` for an empty cell)."""
    return format_solution(puzzle, puzzle.givens)
