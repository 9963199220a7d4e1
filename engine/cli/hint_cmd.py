"""``sudoku hint GRID [--all] [--technique ID] [--json]``: the easiest next logical step, or all of them.

GRID is an 81-character puzzle (``0`` or ``.`` for empty) or a 729-character candidate line
("Sukaku": 9 characters per cell, position k holds digit k+1 while it is a candidate, else ``.``
or ``0``), or a variant puzzle (f-puzzles JSON, a link, a file: :mod:`engine.cli.variant_cmds`).
Prints the step and its explanation, or with ``--json`` the step as JSON; prints
``null`` and exits 1 when no step is found, says the grid is solved (``null`` with ``--json``) and
exits 0 when no cell is empty; a puzzle with no solution is refused (status 1), as ``explain``
refuses it.  Uniqueness techniques are used for a puzzle only
when it has exactly one solution; a candidate line is assumed to come from such a puzzle.
With ``--all`` every distinct step the techniques (or ``--technique``'s) find on the state is
listed, easiest technique first, one per line (JSON lines with ``--json``): for learners who want
to see all that is there, and for regression checks against other solvers' step lists.
"""

from __future__ import annotations

import argparse
import json

from engine.cli import variant_cmds
from engine.cli.common import CommandError, Parser, UsageError, add_json_and_lang, clip, known_names
from engine.solve.chunks import why_not_unique


def add_arguments(parser: Parser, name: str) -> None:
    """Declare ``hint``'s arguments on ``parser``."""
    parser.add_argument("grid", metavar="GRID", help="81-character puzzle or 729-character candidate line")
    parser.add_argument("--technique", metavar="ID", help="steps of this technique only")
    parser.add_argument("--all", action="store_true", help="list every step found, one per line")
    add_json_and_lang(parser, "print the step as JSON", "language of the explanation")


def run(args: argparse.Namespace) -> int:
    """Print the easiest step (or the technique's first); return 1 if none; UsageError on bad input."""
    from engine.errors import SudokuError
    from engine.logic.human import all_steps, next_step, parse_state
    from engine.logic.techniques import technique, techniques
    from engine.output.jsonview import step_json
    from engine.words.wording import explain

    status = variant_cmds.run_if_variant(args, "grid", variant_cmds.hint)  # f-puzzles JSON, a link, ...
    if status is not None:
        return status
    if args.technique is not None:
        try:
            technique(args.technique)
        except KeyError:
            known = known_names(args.technique, sorted(t.id for t in techniques()))
            raise UsageError(f"unknown technique {clip(repr(args.technique), 30)} ({known})") from None
    text = args.grid.strip()
    if len(text) not in (81, 729):
        raise UsageError(f"GRID must have 81 or 729 characters, got {len(text)}")
    try:
        cg = parse_state(text)
    except (SudokuError, ValueError) as err:
        raise UsageError(f"bad GRID: {err}") from None
    unique = True
    if len(text) == 81:
        why = why_not_unique(cg.grid())
        if why is not None and why != "several solutions":  # a step towards no solution would mislead
            raise CommandError(f"GRID has {why}" if why == "no solution" else f"GRID: {why}")
        unique = why is None
    solved = all(cg.values)
    if solved:
        steps = []
    elif args.all:
        steps = list(all_steps(cg, args.technique, unique=unique))
    else:
        steps = [s for s in (next_step(cg, args.technique, unique=unique),) if s is not None]
    if not steps:
        if not (args.json and args.all):  # JSON lines: no step is no line
            print("null" if args.json else "the grid is solved: no step left" if solved else "no step found")
        return 0 if solved else 1
    for step in steps:
        if args.json:
            print(json.dumps(step_json(step), ensure_ascii=False), flush=args.all)
        else:
            print(f"{step.technique}: {explain(step, args.lang)}", flush=args.all)
    return 0
