"""``sudoku print FILE -o OUT.pdf``: the puzzles of a file as a PDF to print, with their solutions if asked.

    sudoku print FILE -o OUT.pdf [--per-page 1|2|4|6] [--solutions] [--title TEXT]
                                 [--paper a4|letter] [--lang en|zh]

FILE may mix classic lines with variant puzzles (f-puzzles JSON lines, f-puzzles or SudokuPad links,
lines of 16 to 256 cells: engine/puzzle/lines.py), printed with every constraint drawn.
Each puzzle is printed with its number in the file, its level and its score (a variant: its kind and
its variant level); the paper is the
locale's (Letter in the US, Canada and the other Letter countries, A4 elsewhere) unless
``--paper`` says.  Every puzzle must have exactly one solution: a file with a puzzle that is not
one, has none or has several writes nothing.  Exit status 0, 1 for such a puzzle or a title no
installed font can print, 2 for usage and file errors.  OUT is replaced only once the PDF is whole.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from engine.cli.common import (
    CommandError,
    FileError,
    check_output,
    display_name,
    progress,
    puzzle_chunks,
    reading,
)

if TYPE_CHECKING:
    from engine.output.printing import PrintedPuzzle

MAX_PUZZLES = 10_000
"""Most puzzles in one PDF (1,667 pages at six to a page): more is a mistake, not a print job."""


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    """Add ``print``'s arguments to ``parser``."""
    parser.add_argument("file", metavar="FILE",
                        help="puzzles, one per line (classic or variant) or 9-line blocks ('-' = stdin)")
    parser.add_argument("-o", "--output", required=True, metavar="OUT", help="the PDF file to write")
    parser.add_argument(
        "--per-page",
        type=int,
        choices=(1, 2, 4, 6),
        default=1,
        metavar="N",
        help="puzzles per page: 1, 2, 4 or 6 (default 1)",
    )
    parser.add_argument("--solutions", action="store_true", help="add the solutions on the last pages")
    parser.add_argument("--title", default="", metavar="TEXT", help="a title at the top of every puzzle page")
    parser.add_argument(
        "--paper", choices=("a4", "letter"), help="paper size (default: by the locale, else a4)"
    )
    parser.add_argument("--lang", choices=("en", "zh"), default="en", help="language of the labels")


def _printed_puzzles(path: str) -> list[PrintedPuzzle]:
    """Return the file's puzzles rated and solved for printing; FileError for text that is not a puzzle,
    CommandError for a puzzle without exactly one solution."""
    from engine.errors import SudokuError
    from engine.formats import parse_chunk
    from engine.output.printing import PrintError, printed_puzzle

    printed = []
    with reading(path) as source, progress(None, "rating") as bar:
        for chunk in puzzle_chunks(source, path, 64):
            grids, errors = parse_chunk(chunk)
            for i, error in enumerate(errors):
                number = chunk.first + i
                puzzle = grids[i] if error is None else _variant(chunk, i, error, path)
                if number > MAX_PUZZLES:
                    raise CommandError(f"more than {MAX_PUZZLES:,} puzzles; print the file in parts")
                try:
                    printed.append(printed_puzzle(puzzle, number))
                except PrintError as err:  # it names the puzzle
                    raise CommandError(str(err)) from None
                except SudokuError as err:
                    raise CommandError(f"puzzle {number}: {err}") from None
                bar.update(1)
    return printed


def _variant(chunk: Any, i: int, error: Exception, path: str) -> Any:
    """Return the model puzzle of a line the classic parser rejected; FileError naming the puzzle when it
    is no puzzle of any form (an unknown constraint is named)."""
    from engine.errors import ParseError
    from engine.formats import Form
    from engine.puzzle.lines import is_other_puzzle
    from engine.puzzle.parse import parse_puzzle

    text = chunk.texts[i].decode("utf-8", errors="replace")
    if chunk.form is Form.LINE and is_other_puzzle(text):
        try:
            return parse_puzzle(text)
        except ParseError as err:
            error = err
    raise FileError(f"{display_name(path)}: puzzle {chunk.first + i}: not a puzzle: {error}")


def run(args: argparse.Namespace) -> int:
    """Write the PDF and return 0; FileError, UsageError or CommandError as the module says."""
    from engine.output.fonts import MissingFontError
    from engine.output.printing import write_pdf

    check_output(args.output, args.file)
    printed = _printed_puzzles(args.file)
    try:
        write_pdf(
            args.output,
            printed,
            per_page=args.per_page,
            solutions=args.solutions,
            title=args.title,
            paper=args.paper,
            lang=args.lang,
        )
    except MissingFontError as err:
        raise CommandError(str(err)) from None
    return 0
