"""Whole chunks of puzzles in one compiled call: what ``sudoku -s`` and ``sudoku check`` do per chunk, and
what :mod:`engine.solve.partitions` maps over a distributed engine's partitions.

A chunk is parsed with numpy, solved or classified in one compiled batch call and formatted in one buffer;
only bad entries take the per-puzzle Python path.  The CLI reads the files, spreads chunks over processes
and writes the results; this module never touches a file, so the core never needs the CLI.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from engine.errors import ParseError, clip
from engine.formats import Chunk, Form, format_entries_bulk, parse_chunk
from engine.grid import conflicts


def why_not_unique(grid: Any) -> str | None:
    """Return why a well-formed puzzle has not exactly one solution (its repeated givens, "no solution",
    "several solutions"), or None when it has one."""
    from engine.solve.solver import count_solutions  # numba: not for ``sudoku --help``

    count = count_solutions(grid, limit=2)
    if count == 1:
        return None
    if count >= 2:
        return "several solutions"
    found = conflicts(grid)
    return "; ".join(c.describe() for c in found) if found else "no solution"


class ChunkResult(NamedTuple):
    """A solved chunk: the bytes to write, the stderr lines, and how many puzzles were not solved."""

    out: bytes
    messages: list[str]
    failed: int
    count: int
    refused: int = 0  # puzzles with a constraint the model does not know


def _assemble(chunk: Chunk, solutions: np.ndarray, ok: np.ndarray) -> bytes:
    """Return the chunk's output: solved runs formatted in bulk, every other puzzle's raw text."""
    if ok.all():
        return format_entries_bulk(solutions, chunk.form)
    pieces: list[bytes] = []
    i, n = 0, len(ok)
    while i < n:
        j = i
        while j < n and ok[j] == ok[i]:
            j += 1
        if ok[i]:
            pieces.append(format_entries_bulk(solutions[i:j], chunk.form))
        else:
            pieces.extend(text + b"\n" for text in chunk.texts[i:j])
        i = j
    return (b"" if chunk.form is Form.LINE else b"\n").join(pieces)


def solve_chunk(chunk: Chunk) -> ChunkResult:
    """Parse, solve and format one chunk of puzzles; bad puzzles are reported, never raised."""
    from engine.solve.solver import solve_batch

    grids, errors = parse_chunk(chunk)
    good = np.array([e is None for e in errors], dtype=bool)
    solutions = grids
    ok = np.zeros(len(errors), dtype=bool)
    if good.all():
        solutions, ok = solve_batch(grids)
    elif good.any():
        solutions = grids.copy()
        solutions[good], ok[good] = solve_batch(grids[good])
    messages, texts, refused = [], chunk.texts, 0
    for i in np.flatnonzero(~ok).tolist():
        number, line, error = chunk.first + i, chunk.lines[i], errors[i]
        reason = None
        if error and chunk.form is Form.LINE and (other := _solve_other(chunk.texts[i], line)):
            if other.solution is not None:  # written in place of the line, as a failed one is
                texts = texts if texts is not chunk.texts else list(texts)
                texts[i] = other.solution
                continue
            error, reason, refused = other.error, other.reason, refused + other.refused
        where = f"puzzle {number}" if error else f"puzzle {number} (line {line})"  # a ParseError has it
        messages.append(f"{where}: {error or reason or why_not_unique(grids[i])}")
    out = _assemble(chunk._replace(texts=texts), solutions, ok)
    return ChunkResult(out, messages, len(messages), len(errors), refused)


def _solve_other(text: bytes, line: int) -> Any:
    """The variant way for a line the classic path rejected (imported only then: ~50 ms of start-up)."""
    from engine.puzzle.lines import solve_line

    return solve_line(text, line)


def _verdict(grid: np.ndarray, count: int, error: ParseError | None) -> tuple[str, str]:
    """Return (status word, human detail) for one puzzle."""
    if error is not None:
        return "malformed", str(error)
    if count < 0:
        return "invalid", "; ".join(c.describe() for c in conflicts(grid))
    if count == 0:
        return "unsolvable", "no solution"
    if count == 1:
        return "unique", "one solution"
    return "multiple", "2 or more solutions"


def check_chunk(chunk: Chunk) -> tuple[list[str], int, int]:
    """Return the output lines for a chunk of puzzles, how many are not unique and how many of those have a
    constraint the model does not know."""
    from engine.solve.solver import classify_batch

    grids, errors = parse_chunk(chunk)
    good = np.array([e is None for e in errors], dtype=bool)
    counts = np.zeros(len(errors), dtype=np.int64)
    if good.any():
        _, counts[good] = classify_batch(grids[good], limit=2)
    lines, not_unique, refused = [], 0, 0
    for i, (count, error) in enumerate(zip(counts.tolist(), errors, strict=True)):
        other = None
        if error and chunk.form is Form.LINE:
            from engine.puzzle.lines import check_line  # only then: ~50 ms of start-up

            other = check_line(chunk.texts[i], chunk.lines[i])
        if other is not None:
            status, detail, refused = other.status, other.detail, refused + other.refused
        else:
            status, detail = _verdict(grids[i], count, error)
        not_unique += status != "unique"
        lines.append(clip(f"{chunk.first + i}\t{status}\t{detail}"))
    return lines, not_unique, refused
