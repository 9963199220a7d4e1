"""``sudoku -s FILE [-o OUT] [--jobs N]``: solve every puzzle in a file, in the file's own form.

The file is streamed in chunks of :data:`CHUNK` puzzles: each chunk is parsed with numpy, solved in
one compiled ``solve_batch`` call and formatted in one buffer, so memory stays flat however long
the file is, and only bad entries ever take the per-puzzle Python path.  The k-th entry written is
always the k-th puzzle read: a malformed, invalid or unsolvable puzzle is written back as it stood
(line endings aside) and reported in one line on stderr, e.g.::

    puzzle 17 (line 120): no solution
    puzzle 18 (line 121): repeated 5 in row 1 (r1c1, r1c4)
    puzzle 19: line 122, column 5: bad character 'x' (expected 1-9, 0 or '.')

A puzzle with several solutions gets the first one the solver finds, silently: ``-s`` answers
"a solution", ``sudoku check`` answers "how many".  Comment and blank lines are not copied.

A line-form file may mix classic lines with f-puzzles JSON objects (one a line), links (f-puzzles,
SudokuPad, SudokuWiki) and lines of other sizes (engine/puzzle/lines.py); only the lines the compiled
classic path rejects go that way, and a solution of size N is written as one line of N*N characters.
A puzzle with a constraint the model does not know is written back, reported naming the constraint,
and the run exits with status 2.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
from collections import deque
from collections.abc import Iterator
from typing import BinaryIO

from engine.cli.common import (
    check_output,
    clip,
    counted,
    progress,
    puzzle_chunks,
    raise_if_signalled,
    reading,
    say_written,
)
from engine.formats import Chunk, Form
from engine.output.atomic import atomic_output
from engine.solve.chunks import ChunkResult, solve_chunk

CHUNK = 20_000
"""Puzzles per solve_batch call: ~20 MB of Python objects and arrays in flight (50,000 took 54 MB
for no measurable speed-up: one call's overhead is microseconds)."""

JOBS_CHUNK = 2_500
"""Puzzles per task with ``--jobs``: small tasks balance the processes (hard puzzles cluster in files)."""


def _worker_ignores_ctrl_c() -> None:
    """Leave Ctrl-C to the main process (it stops the pool); a worker would print a traceback."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _results(chunks: Iterator[Chunk], jobs: int) -> Iterator[ChunkResult]:
    """Yield each chunk's result in input order, in this process or spread over ``jobs`` processes."""
    first = next(chunks)
    second = next(chunks, None) if jobs > 1 else None
    if second is None:  # one process, or nothing worth spreading: no pool to start
        for chunk in itertools.chain([first], chunks):
            yield solve_chunk(chunk)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    # spawn, not fork: a fresh interpreter is safe whatever threads this one runs, on every OS
    pool = ProcessPoolExecutor(
        jobs, mp_context=multiprocessing.get_context("spawn"), initializer=_worker_ignores_ctrl_c
    )
    try:
        pending: deque = deque()
        for chunk in itertools.chain([first, second], chunks):
            pending.append(pool.submit(solve_chunk, chunk))
            if len(pending) >= 2 * jobs:  # bounded read-ahead keeps memory flat
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _size(source: BinaryIO) -> int | None:
    """Return the size of a regular input file, None for a pipe or terminal."""
    try:
        st = os.fstat(source.fileno())
    except (OSError, ValueError, AttributeError):
        return None
    import stat

    return st.st_size if stat.S_ISREG(st.st_mode) else None


def _solve(source: BinaryIO, args: argparse.Namespace) -> int:
    size = _size(source)
    chunks = puzzle_chunks(source, args.solve, CHUNK if args.jobs == 1 else JOBS_CHUNK)
    first = next(chunks)
    chunks = itertools.chain([first], chunks)
    positions: deque[int] = deque()  # bytes read when each chunk was cut, for the progress bar

    def cut() -> Iterator[Chunk]:
        for chunk in chunks:
            if size:
                positions.append(source.tell())
            yield chunk

    failed = done = total = refused = 0
    with atomic_output(args.output) as out, progress(size, "solving", unit="B" if size else "puzzle") as bar:
        for k, result in enumerate(_results(cut(), args.jobs)):
            if k and first.form is not Form.LINE:
                out.write(b"\n")  # the blank line between the last grid of a chunk and the next
            out.write(result.out)
            for message in result.messages:
                print(clip(message), file=sys.stderr)
            failed += result.failed
            refused += result.refused
            total += result.count
            position = positions.popleft() if size else done + result.count
            bar.update(position - done)
            done = position
            raise_if_signalled()
    if failed:
        note = f" ({total - failed:,} solved, {failed:,} not: see above)"
        say_written(args, counted(total, "puzzle"), note)
    else:
        say_written(args, counted(total, "solution"))
    return 2 if refused else 1 if failed else 0


def run(args: argparse.Namespace) -> int:
    """Solve ``args.solve`` into ``args.output``: 0 all solved, 1 some not, 2 some refused (a constraint the
    model does not know); FileError for file problems."""
    with reading(args.solve) as source:
        check_output(args.output, args.solve)
        return _solve(source, args)
