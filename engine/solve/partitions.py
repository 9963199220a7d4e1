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
Blank lines and ``#`` comments are dropped, as ``sudoku -s`` drops them.  Roads not taken: a
scheduler of our own (the brief: use an existing engine); pickling numpy arrays between workers
(text partitions are what these engines read and write, and parsing is a small part of solving).
"""

from __future__ import annotations

from collections.abc import Iterable

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
