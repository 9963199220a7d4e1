"""``sudoku practise TECHNIQUE [-n N] [--seed S] [-o OUT]``: board states for practising one technique.

Writes N states (default 1) whose easiest step is TECHNIQUE (an id, as ``sudoku hint --technique``
takes), one 729-character candidate line each (what ``sudoku hint`` reads: 9 characters per cell,
position k holds digit k+1 while it is a candidate, else ``.``; a placed digit shows as its lone
candidate).  Each is a state of the shipped practice bank (states met on the solution paths of
puzzles our own generator made), drawn at random and transformed at random (digits relabelled,
rows, columns, bands and stacks permuted, maybe transposed); ``sudoku hint`` on it gives the step
(but for avoidable rectangles: their step rests on placed digits, and ``sudoku hint`` takes every
solved cell of a line for a given, as a line cannot tell them apart).
A technique the bank lacks is looked for in freshly generated puzzles for up to 30 s.  Exit
status 0; 1 when no state can be found; 2 for an unknown technique or bad options.
"""

from __future__ import annotations

import argparse

import numpy as np

from engine.cli.common import CommandError, UsageError, clip, known_names, positive_int, seed_int
from engine.output.atomic import atomic_output

MAX_COUNT = 100_000


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    """Add ``practise``'s arguments to ``parser``."""
    parser.add_argument("technique", metavar="TECHNIQUE", help="the technique's id, e.g. x_wing")
    parser.add_argument(
        "-n", "--count", type=positive_int, default=1, metavar="N", help="how many states (default 1)"
    )
    parser.add_argument("--seed", type=seed_int, metavar="S", help="make the output reproducible")
    parser.add_argument(
        "-o", "--output", default="-", metavar="OUT", help="output file (default: standard output)"
    )


def run(args: argparse.Namespace) -> int:
    """Write the states and return 0; UsageError for an unknown technique, CommandError if none is found."""
    from engine.logic.techniques import techniques
    from engine.make.practice import practice_states

    known = [t.id for t in techniques() if t.id != "guess"]
    if args.technique not in known:
        listed = known_names(args.technique, known)
        raise UsageError(f"unknown technique {clip(repr(args.technique), 30)} ({listed})")
    if args.count > MAX_COUNT:
        raise UsageError(f"argument -n/--count: {args.count:,} is more than {MAX_COUNT:,}")
    try:
        states = practice_states(args.technique, args.count, np.random.default_rng(args.seed))
    except LookupError as err:
        raise CommandError(str(err)) from None
    with atomic_output(args.output) as out:
        out.write("".join(cg.to_sukaku() + "\n" for cg in states).encode("ascii"))
    return 0
