"""``sudoku generate``: puzzles with exactly one solution, one 81-character line each (``.`` = empty).

Output goes to standard output unless ``-o OUT`` names a file (written to a temporary file and
renamed, like every output of ours): unlike ``-c``'s ``sudoku.txt`` tradition, a few puzzles are
most often piped or read on screen.  The same ``--seed`` gives the same puzzles.

``--needs TECHNIQUE`` keeps only puzzles whose logical solution path (the one ``sudoku explain``
shows) uses that technique, and ``--hardest TECHNIQUE`` lets the path use nothing rated harder
than that one (default: the needed technique itself); each puzzle is looked for for up to
``--time-limit`` seconds (default 30), and a technique too rare to find in that time is an error.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

import numpy as np

from engine.cli.common import CommandError, UsageError, clip, known_names, positive_int, progress, seed_int
from engine.output.atomic import atomic_output

MAX_COUNT = 1_000_000


def _clue_floor(text: str) -> int:
    """Return ``text`` as a clue count 0-81; ArgumentTypeError (a usage error) otherwise."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 0 <= value <= 81:
        raise argparse.ArgumentTypeError(f"{value} is not a clue count 0-81")
    return value


def _seconds(text: str) -> float:
    """Return ``text`` as a positive number of seconds; ArgumentTypeError (a usage error) otherwise."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text} is not a positive number of seconds")
    return value


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    """Add ``sudoku generate``'s options to ``parser``."""
    from engine.make.generator import Symmetry

    add = parser.add_argument
    add("-n", "--count", type=positive_int, default=1, metavar="COUNT", help="how many puzzles (default 1)")
    add("--seed", type=seed_int, metavar="S", help="make the output reproducible (0 to 2**128-1)")
    add("--symmetry", choices=[s.value for s in Symmetry], default="none",
        help="the symmetry the givens keep (default none)")
    add("--min-clues", type=_clue_floor, metavar="K",
        help="keep at least K givens (default: as few as possible)")
    add("-o", "--output", default="-", metavar="OUT", help="output file (default: standard output)")
    add("--difficulty", metavar="LEVEL",
        help="only puzzles rated exactly LEVEL: easy, medium, hard, expert or master")
    add("--needs", metavar="TECHNIQUE", help="only puzzles whose logical solution uses TECHNIQUE (an id)")
    add("--hardest", metavar="TECHNIQUE",
        help="with --needs: nothing rated harder than TECHNIQUE on the path (default: the needed one)")
    add("--variant", metavar="KIND",
        help="f-puzzles JSON lines of: killer, killer-givens, jigsaw, x, windoku, thermo, classic")
    add("--size", type=positive_int, metavar="N", help="grid size 4, 6, 8, 9, 12 or 16 (alone: classic)")
    add("--time-limit", type=_seconds, default=None, metavar="S",
        help="with --needs: give up after looking S seconds for one puzzle (default 30)")


def _acceptor(args: argparse.Namespace) -> Callable[[np.ndarray], bool] | None:
    """Return the keep-or-reject predicate the options ask for, or None to keep every puzzle.

    The seam for ``--difficulty``: return a predicate that grades a puzzle and keeps only the
    level asked for; :func:`engine.make.generator.generate` retries with new grids until it holds.
    Raises UsageError for an unknown level or ``extreme`` (a guess cannot be asked for).
    """
    if getattr(args, "difficulty", None) is None:
        return None
    from engine.rating.difficulty import Difficulty, accept_level

    try:
        level = Difficulty.parse(args.difficulty)
    except ValueError as err:
        raise UsageError(f"argument --difficulty: {err}") from None
    if level is Difficulty.EXTREME:
        raise UsageError("argument --difficulty: extreme puzzles need a guess and cannot be made on purpose")
    return accept_level(level)


def _target(args: argparse.Namespace) -> dict[str, Any]:
    """Return ``generate``'s needs/hardest arguments; UsageError for an unknown, unaskable or
    inconsistent technique (the message lists the known ids)."""
    if args.needs is None:
        for given, option in ((args.hardest, "--hardest"), (args.time_limit, "--time-limit")):
            if given is not None:
                raise UsageError(f"argument {option}: only with --needs")
        return {}
    from engine.logic.techniques import techniques
    from engine.make.targets import check_target

    try:
        check_target(args.needs, args.hardest)
    except ValueError as err:
        unknown = str(err).startswith("unknown")
        known = [t.id for t in techniques() if t.id != "guess"]
        wrong = args.needs if args.needs not in known else args.hardest
        listed = f" ({known_names(str(wrong or ''), known)})" if unknown else ""
        raise UsageError(f"argument --needs/--hardest: {clip(str(err), 80)}{listed}") from None
    return {"needs": args.needs, "hardest": args.hardest, "time_limit": args.time_limit}


def run(args: argparse.Namespace) -> int:
    """Write ``args.count`` unique puzzles and return 0; CommandError if no acceptable puzzle is found."""
    from engine.make.generator import GenerationError, generate

    if args.count > MAX_COUNT:
        raise UsageError(f"argument -n/--count: {args.count:,} is more than {MAX_COUNT:,}")
    rng = np.random.default_rng(args.seed)
    if getattr(args, "variant", None) is not None or getattr(args, "size", None) is not None:
        return _run_variants(args, rng)
    accept = _acceptor(args)
    target = _target(args)
    line = np.empty(82, dtype=np.uint8)
    line[81] = ord("\n")
    with atomic_output(args.output) as out, progress(args.count, "puzzles") as bar:
        for _ in range(args.count):
            try:
                puzzle = generate(symmetry=args.symmetry, clues=args.min_clues, accept=accept, rng=rng,
                                  **target)
            except GenerationError as err:
                raise CommandError(str(err)) from None
            line[:81] = np.where(puzzle == 0, ord("."), puzzle + ord("0"))
            out.write(line.tobytes())
            bar.update(1)
    return 0


def _run_variants(args: argparse.Namespace, rng: np.random.Generator) -> int:
    """Write ``args.count`` variant puzzles as f-puzzles JSON lines and return 0; UsageError for a bad
    combination of kind, size and level, CommandError if no puzzle of the level is found."""
    import json

    from engine.make.generator import GenerationError
    from engine.make.variants import check_request, generate_variant
    from engine.puzzle.fpuzzles import write_fpuzzles

    kind = args.variant or "classic"
    for given, option in ((args.needs, "--needs"), (args.min_clues, "--min-clues")):
        if given is not None:
            raise UsageError(f"argument {option}: not with --variant or --size")
    if args.symmetry != "none":
        raise UsageError("argument --symmetry: not with --variant or --size (variant givens are rotational)")
    try:
        check_request(kind, args.size, args.difficulty)
    except ValueError as err:
        raise UsageError(f"argument --variant/--size/--difficulty: {clip(str(err), 100)}") from None
    with atomic_output(args.output) as out, progress(args.count, "puzzles") as bar:
        for _ in range(args.count):
            try:
                puzzle = generate_variant(kind, args.size, rng, args.difficulty)
            except GenerationError as err:
                raise CommandError(str(err)) from None
            out.write((json.dumps(write_fpuzzles(puzzle), separators=(",", ":")) + "\n").encode())
            bar.update(1)
    return 0
