"""``sudoku rate FILE [--json]``: the difficulty of every puzzle in a file, one line each on stdout.

    <number>\\t<level>\\t<score>\\t<hardest technique id>

``number`` is 1-based; ``level`` is easy, medium, hard, expert, master or extreme (see
:mod:`engine.rating`).  A puzzle that cannot be rated gets ``<number>\\terror\\t<why>``: not a
puzzle (with its line and column), a repeated given, or no solution.  With ``--json`` the output
is one JSON array of objects (``number``, ``level``, ``level_zh``, ``score``, ``hardest``,
``se_needs``, ``logic_only``, ``steps``; or ``number`` and ``error``); ``se_needs`` is null, or,
when the hardest technique is one Sudoku Explainer lacks, the technique SE needs there instead,
whose price the step was given.  Exit status 0 when every puzzle was
rated, 1 otherwise, 2 for usage or file errors.  A progress bar shows on a terminal.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from engine.cli.common import clip, progress, puzzle_chunks, reading, write_stdout

CHUNK = 256
"""Puzzles read at a time: rating takes milliseconds each, so small chunks keep output flowing."""


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    """Add ``rate``'s arguments to ``parser``."""
    parser.add_argument(
        "file", metavar="FILE", help="file of puzzles, one per line or 9-line blocks ('-' = stdin)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON array instead of lines")


def rate_one(number: int, grid: Any, error: Exception | None) -> dict[str, Any]:
    """Return the JSON-able rating record of one puzzle (an ``error`` record when it cannot be rated)."""
    from engine.errors import SudokuError
    from engine.rating import rate

    if error is not None:
        return {"number": number, "error": f"not a puzzle: {error}"}
    try:
        rating = rate(grid)
    except (SudokuError, ValueError) as err:
        return {"number": number, "error": str(err)}
    return {
        "number": number,
        "level": rating.level.value,
        "level_zh": rating.level.zh,
        "score": rating.score,
        "hardest": rating.hardest,
        "se_needs": rating.se_needs or None,
        "logic_only": rating.logic_only,
        "steps": len(rating.steps),
    }


def _line(record: dict[str, Any]) -> str:
    if "error" in record:
        return clip(f"{record['number']}\terror\t{record['error']}")
    return f"{record['number']}\t{record['level']}\t{record['score']:.2f}\t{record['hardest']}"


def run(args: argparse.Namespace) -> int:
    """Rate every puzzle in FILE: return 0 if all were rated, else 1; FileError for file errors."""
    from engine.formats import parse_chunk

    failed = 0
    first = True
    with reading(args.file) as source:
        if args.json:
            write_stdout("[")
        with progress(None, "rating") as bar:
            for chunk in puzzle_chunks(source, args.file, CHUNK):
                grids, errors = parse_chunk(chunk)
                for i, error in enumerate(errors):
                    record = rate_one(chunk.first + i, grids[i], error)
                    failed += "error" in record
                    if args.json:
                        text = json.dumps(record, ensure_ascii=False)
                        write_stdout(("" if first else ",") + "\n  " + text)
                    else:
                        write_stdout(_line(record) + "\n")
                    first = False
                    bar.update(1)
        if args.json:
            write_stdout("\n]\n")
    return 1 if failed else 0
