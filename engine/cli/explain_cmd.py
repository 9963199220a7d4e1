"""``sudoku explain PUZZLE [--json] [--lang en|zh]``: the whole logical solution path.

PUZZLE is an 81-character puzzle (``0`` or ``.`` for empty), or a variant puzzle (f-puzzles JSON, a
link, a file holding one: :mod:`engine.cli.variant_cmds`).  Prints one numbered step per line,
``<n>. <technique>: <explanation>``, then the difficulty; with ``--json`` a JSON array of step
objects (the same form as ``sudoku hint --json``; a chain's ``links`` are its (from, to, strong)
candidate pairs).  Chains and forcing chains are spelled out link by link ("If r1c1 is 3, then …").
A step that is a ``guess`` says so: logic alone could not go on there.  When the hardest step is
of a technique Sudoku Explainer lacks, the difficulty line names what SE needs there instead (the
step is priced as that).  Exit status 0; 1 for a puzzle with no solution or several (it says
which); 2 for a malformed puzzle or a repeated given.
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from engine.cli import variant_cmds
from engine.cli.common import CommandError, UsageError, add_json_and_lang
from engine.solve.chunks import why_not_unique

if TYPE_CHECKING:
    from engine.rating.difficulty import Rating


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    """Add ``explain``'s arguments to ``parser``."""
    parser.add_argument("puzzle", metavar="PUZZLE",
                        help="81-character puzzle (0 or . for empty cells), or a variant's JSON or link")
    add_json_and_lang(parser, "print the steps as a JSON array", "language of the explanations")


def run(args: argparse.Namespace) -> int:
    """Print the solution path of PUZZLE and return 0; UsageError if it is not a solvable puzzle."""
    from engine.errors import SudokuError
    from engine.formats import parse_line
    from engine.output.jsonview import step_json
    from engine.rating.difficulty import rate
    from engine.words.wording import explain

    status = variant_cmds.run_if_variant(args, "puzzle", variant_cmds.explain)  # f-puzzles JSON, a link, ...
    if status is not None:
        return status
    try:
        grid = parse_line(args.puzzle.strip())
        why = why_not_unique(grid)
    except (SudokuError, ValueError) as err:
        raise UsageError(f"bad PUZZLE: {err}") from None
    if why is not None and why not in ("no solution", "several solutions"):
        raise UsageError(f"bad PUZZLE: {why}")  # a repeated given, as hint and rate call it
    if why is not None:  # a path to one of several solutions, or to none, would mislead
        raise CommandError(f"PUZZLE has {why}; a logical solution path needs exactly one")
    rating = rate(grid, unique=True)
    if args.json:
        print(json.dumps([step_json(s) for s in rating.steps], ensure_ascii=False, indent=1))
        return 0
    for n, step in enumerate(rating.steps, start=1):
        print(f"{n}. {step.technique}: {explain(step, args.lang)}")
    print(_difficulty(rating, args.lang))
    return 0


def _difficulty(rating: Rating, lang: str) -> str:
    zh = lang == "zh"
    hardest = rating.hardest
    if rating.se_needs:
        hardest += (f"；Sudoku Explainer 没有此技巧，此处需要 {rating.se_needs}" if zh
                    else f"; Sudoku Explainer lacks it and needs {rating.se_needs} here")
    level = rating.level.zh if zh else rating.level.value
    return f"{'难度' if zh else 'difficulty'}: {level} ({rating.score:.2f}, {hardest})"
