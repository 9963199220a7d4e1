"""``sudoku check FILE``: classify every puzzle in a file, one tab-separated line each on stdout.

    <number>\\t<status>\\t<detail>

``number`` is 1-based; ``status`` is one of ``unique``, ``multiple``, ``unsolvable``, ``invalid``
(a repeated given), ``malformed`` (not a puzzle) or ``unsupported`` (a constraint the model does not
know, named in the detail); ``detail`` says why in words: the repeated digits and their cells, the
parse error with its line and column, "2 or more solutions".  Exit status 0 when every puzzle is
unique, 2 when one is unsupported or for usage or file errors, 1 otherwise.  The file is streamed in
chunks, each classified in one compiled call, like ``sudoku -s``; f-puzzles JSON lines, links and
lines of other sizes among the classic lines are checked one by one (engine/puzzle/lines.py).
"""

from __future__ import annotations

import argparse

from engine.cli.common import progress, puzzle_chunks, reading, write_stdout
from engine.solve.chunks import check_chunk

CHUNK = 20_000
"""Puzzles per classify_batch call: proving uniqueness means a full search, so keep the bar moving."""


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    """Add ``check``'s arguments to ``parser``."""
    parser.description = (
        "Classify every puzzle in FILE: one line each, tab-separated: number, status "
        "(unique, multiple, unsolvable, invalid, malformed, unsupported), detail.  "
        "Exit status 0 if all are unique, 2 if one has a constraint the engine does not know or for usage "
        "or file errors, 1 otherwise."
    )
    parser.add_argument("file", metavar="FILE", help="puzzles in line or block form, f-puzzles JSON lines or "
                        "links ('-' for standard input)")


def run(args: argparse.Namespace) -> int:
    """Classify every puzzle in FILE: return 0 if all are unique, 2 if one is unsupported, else 1; FileError
    for file errors."""
    not_unique = refused = 0
    with reading(args.file) as source, progress(None, "checking") as bar:
        for chunk in puzzle_chunks(source, args.file, CHUNK):
            lines, bad, unknown = check_chunk(chunk)
            not_unique += bad
            refused += unknown
            write_stdout("\n".join(lines) + "\n")
            bar.update(len(lines))
    return 2 if refused else 1 if not_unique else 0
