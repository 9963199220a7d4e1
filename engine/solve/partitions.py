"""Partition-level solving for distributed engines: a list of text lines in, a list of lines out.

Dask, Spark or Ray split a big line-form file (one puzzle of 81 cells per line) into partitions of
lines and map a function over each; these are those functions.  Each partition is solved like a
chunk of ``sudoku -s`` (one compiled batch call, the same formatting), so concatenating the
partitions' outputs in order gives exactly the file ``sudoku -s`` writes::

    import dask.bag as db
    import engine

    bag = db.read_text("shards/*.txt").map_partitions(engine.solve_lines)
    bag.to_textfiles("out/*.txt", name_function="{:05d}".format, last_endline=True)

Variant lines (f-puzzles JSON, links, lines of other sizes) solve and classify as in ``sudoku -s``.
Blank lines and ``#`` comments are dropped, as ``sudoku -s`` drops them.  :func:`rate_lines` rates a
partition (classic or variant lines) as ``sudoku rate`` does.  Roads not taken: a
scheduler of our own (the brief: use an existing engine); pickling numpy arrays between workers
(text partitions are what these engines read and write, and parsing is a small part of solving).
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from engine.formats import Chunk, Form


def _chunk(lines: Iterable[str | bytes]) -> Chunk:
    """Return a partition's puzzle lines as one line-form chunk (numbered from 1 within it)."""
    bodies = [(ln.encode("utf-8") if isinstance(ln, str) else ln).rstrip(b"\r\n") for ln in lines]
    keep = [i for i, body in enumerate(bodies) if (s := body.strip()) and s[0] != ord("#")]
    return Chunk(Form.LINE, 1, [i + 1 for i in keep], [bodies[i] for i in keep])


def solve_lines(lines: Iterable[str | bytes]) -> list[str]:
    """Return, for each puzzle line, its first solution's line, in order, as ``sudoku -s`` writes it.

    A malformed, invalid or unsolvable puzzle comes back as it stood (never an exception).  Lines
    come back without line endings, as Dask's ``to_textfiles(..., last_endline=True)`` wants them.
    """
    from engine.solve.chunks import solve_chunk

    chunk = _chunk(lines)
    if not chunk.texts:
        return []
    text = solve_chunk(chunk).out.decode("utf-8", errors="replace")
    return text[:-1].split("\n")  # not splitlines(): a malformed line may hold \x0c and the like


def classify_lines(lines: Iterable[str | bytes]) -> list[str]:
    """Return, for each puzzle line, ``<status>\\t<detail>`` as ``sudoku check`` words it (without
    the puzzle number): unique, multiple, unsolvable, invalid or malformed; never raises for a puzzle.
    """
    from engine.solve.chunks import check_chunk

    chunk = _chunk(lines)
    if not chunk.texts:
        return []
    return [line.split("\t", 1)[1] for line in check_chunk(chunk)[0]]


def rate_lines(lines: Iterable[str | bytes]) -> list[str]:
    """Return, for each puzzle line (an 81-character classic line, or a variant's f-puzzles JSON or link
    on one line), ``<level>\t<score>\t<hardest technique>`` as ``sudoku rate`` words it (without the
    puzzle number), or ``error\t<why>``; never raises for a puzzle.  A variant's level is
    :func:`engine.logic.variant.rate_variant`'s (easy to extreme; see docs/variant-levels.md)."""
    texts = [ln.decode("utf-8", errors="replace") if isinstance(ln, bytes) else ln for ln in lines]
    return [_rate_text(t.strip()) for t in texts if t.strip() and not t.strip().startswith("#")]


def _rate_text(text: str) -> str:
    from engine.errors import SudokuError, clip
    from engine.formats import parse_line
    from engine.puzzle.parse import parse_puzzle

    try:
        puzzle = None if len(text) == 81 and not text.startswith(("{", "http")) else parse_puzzle(text)
        if puzzle is not None and not puzzle.is_classic:
            return _rate_variant_line(puzzle)
        grid = parse_line(text) if puzzle is None else np.array(puzzle.givens, dtype=np.uint8)
    except (SudokuError, ValueError) as err:
        return clip(f"error\tnot a puzzle: {err}")
    return _rate_classic(grid)


def _rate_classic(grid: np.ndarray) -> str:
    """``sudoku rate``'s words for one classic puzzle (a puzzle without one solution is an error)."""
    from engine.errors import SudokuError, clip
    from engine.rating.difficulty import rate
    from engine.solve.chunks import why_not_unique

    try:
        why = why_not_unique(grid)
        if why is not None:  # the rating of a puzzle without exactly one solution means nothing
            return clip(f"error\t{why}")
        rating = rate(grid, unique=True)
    except (SudokuError, ValueError) as err:
        return clip(f"error\t{err}")
    return f"{rating.level.value}\t{rating.score:.2f}\t{rating.hardest}"


def _rate_variant_line(puzzle: object) -> str:
    from engine.errors import clip
    from engine.logic.variant import rate_variant
    from engine.logic.variant.search import solutions

    try:
        found = solutions(puzzle, 2)  # type: ignore[arg-type]
    except RuntimeError as err:
        return clip(f"error\t{err}")
    if len(found) != 1:
        return "error\t" + ("no solution" if not found else "several solutions")
    rating = rate_variant(puzzle, found[0])  # type: ignore[arg-type]
    return f"{rating.level}\t{rating.score:.2f}\t{rating.hardest}"
