"""``sudoku -c N``: write N distinct complete grids in the classic form (default file ``sudoku.txt``).

The plain path imports numpy only (never numba): its whole process must cost about as much as
writing the output, see benchmarks/bench_create.py.  ``--essentially-different`` needs the
compiled canonical form and the solver, so it pays for numba.
"""

from __future__ import annotations

import argparse

import numpy as np

from engine.cli.common import UsageError, counted, progress, say_written
from engine.make.grids import MAX_GRIDS, classic_chunks, classic_text, plan_grids
from engine.output.atomic import atomic_output


def _check(args: argparse.Namespace) -> None:
    # the parser checks N >= 1; the upper bound is ours, and must fail before any file is opened
    if args.create > MAX_GRIDS:
        raise UsageError(f"argument -c: {args.create:,} is more than {MAX_GRIDS:,}")


def _write_plain(args: argparse.Namespace, rng: np.random.Generator) -> None:
    plan = plan_grids(args.create, rng, args.first)
    with atomic_output(args.output) as out, progress(args.create, "grids", unit="grid") as bar:
        pending = None
        for count, text in classic_chunks(plan):
            if pending is not None:
                out.write(pending)
            pending = text
            bar.update(count)
        out.write(pending[:-1])  # the last grid has no blank line after it


def _write_essentially_different(args: argparse.Namespace, rng: np.random.Generator) -> None:
    from engine.make.canonical import essentially_different_grids

    # the output is opened first, so a bad OUT is reported before minutes of work, not after
    with atomic_output(args.output) as out:
        with progress(args.create, "essentially different grids", unit="grid") as bar:
            grids = essentially_different_grids(
                args.create, rng=rng, first=args.first, on_progress=bar.update
            )
        out.write(memoryview(classic_text(grids))[:-1])


def run(args: argparse.Namespace) -> int:
    """Write the grids ``args`` asks for and return 0; raises UsageError if N is above 1,000,000."""
    _check(args)
    rng = np.random.default_rng(args.seed)
    if args.essentially_different:
        _write_essentially_different(args, rng)
        say_written(args, counted(args.create, "essentially different grid"))
    else:
        _write_plain(args, rng)
        say_written(args, counted(args.create, "grid"))
    return 0
