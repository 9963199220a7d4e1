"""``sudoku daily [--date YYYY-MM-DD] [--difficulty LEVEL] [--json]``: the puzzle of the day.

Prints the day's puzzle at the level (default medium) as one 81-character line (``.`` = empty), so
it pipes into ``sudoku print -`` or ``sudoku explain``; with ``--json`` one object: ``date``,
``level``, ``level_zh``, ``score``, ``puzzle``.  Every copy of the same version prints the same
puzzle for the same date and level (:mod:`engine.make.daily`).  The date defaults to today (local time).
"""

from __future__ import annotations

import argparse
import json

from engine.cli.common import CommandError, UsageError, write_stdout


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    """Add ``daily``'s options to ``parser``."""
    parser.add_argument("--date", metavar="YYYY-MM-DD", help="the day (default: today)")
    parser.add_argument("--difficulty", default="medium", metavar="LEVEL", help="easy to master (medium)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the line")


def run(args: argparse.Namespace) -> int:
    """Print the daily puzzle and return 0; UsageError for a bad date or level, CommandError if the
    generator finds no puzzle at the level."""
    from engine.formats import format_line
    from engine.make.daily import daily_puzzle, parse_date
    from engine.make.generator import GenerationError
    from engine.rating.difficulty import Difficulty

    try:
        day = None if args.date is None else parse_date(args.date)
    except ValueError as err:
        raise UsageError(f"argument --date: {err}") from None
    try:
        level = Difficulty.parse(args.difficulty)
        daily = daily_puzzle(day, level)
    except ValueError as err:
        raise UsageError(f"argument --difficulty: {err}") from None
    except GenerationError as err:  # not seen on any date tried; the generator's attempts are finite
        raise CommandError(f"no daily puzzle for {args.date or 'today'}: {err}") from None
    line = format_line(daily.puzzle)
    if args.json:
        record = {
            "date": daily.date.isoformat(),
            "level": daily.level.value,
            "level_zh": daily.level.zh,
            "score": daily.score,
            "puzzle": line,
        }
        write_stdout(json.dumps(record, ensure_ascii=False) + "\n")
    else:
        write_stdout(line + "\n")
    return 0
