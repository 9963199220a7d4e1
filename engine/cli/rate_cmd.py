"""``sudoku rate PUZZLE|FILE ... [--json]``: the difficulty of every puzzle, one line each on stdout.

    <number>\\t<level>\\t<score>\\t<hardest technique id>

Each argument is an 81-character puzzle (``0`` or ``.`` for empty) or a file of puzzles (``-`` =
standard input); ``number`` counts the puzzles of all arguments from 1.  A file's line may also hold
a variant (f-puzzles JSON, a link, a line of another size): it is rated on the variant scale
(:func:`engine.logic.variant.rate_variant`, docs/variant-levels.md), as ``engine.rate_lines`` rates
it, with ``number``, ``level``, ``score`` and ``hardest`` only in ``--json``.  ``level`` is easy, medium,
hard, expert, master or extreme (see :mod:`engine.rating.difficulty`).  A puzzle that cannot be rated gets
``<number>\\terror\\t<why>``: not a puzzle (with its line and column), a repeated given, no solution,
or several solutions (a rating of those is meaningless).  With ``--json`` the output is one JSON
array of objects (``number``, ``level``, ``level_zh``, ``score``, ``hardest``, ``se_needs``,
``logic_only``, ``steps``, and the breakdown (:mod:`engine.rating.breakdown`): ``hodoku_score`` (the sum of
HoDoKu's base scores of the path's steps), ``qqwing`` (QQwing's class: simple, easy, intermediate or
expert), ``techniques`` (how many steps of each technique the path has) and ``bottleneck`` (``index``
from 0, ``technique`` and ``score`` of the first step of the highest cost); or ``number`` and
``error``); ``se_needs`` is null, or, when the hardest technique is one Sudoku Explainer lacks, the
technique SE needs there instead, whose price the step was given.  Exit status 0 when every puzzle
was rated, 1 otherwise, 2 for usage or file errors.
A progress bar shows on a terminal.
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Iterator
from typing import Any

from engine.cli.common import (
    FileError,
    clip,
    open_input,
    progress,
    puzzle_chunks,
    reading,
    write_stdout,
)
from engine.solve.chunks import why_not_unique

BREAKDOWN = ("hodoku_score", "qqwing", "techniques", "bottleneck")
"""The breakdown's fields ``--json`` adds to each record (``score`` and ``level`` are there already)."""

CHUNK = 256
"""Puzzles read at a time: rating takes milliseconds each, so small chunks keep output flowing."""


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    """Add ``rate``'s arguments to ``parser``."""
    parser.add_argument(
        "sources",
        nargs="+",
        metavar="PUZZLE|FILE",
        help="an 81-character puzzle, or a file of puzzles, one per line or 9-line blocks ('-' = stdin)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON array instead of lines")


def rate_one(number: int, grid: Any, error: Exception | None, detail: bool = False) -> dict[str, Any]:
    """Return the JSON-able rating record of one puzzle (an ``error`` record when it cannot be rated),
    with the breakdown when ``detail``."""
    from engine.errors import SudokuError
    from engine.rating.breakdown import rating_breakdown
    from engine.rating.difficulty import rate

    if error is not None:
        return {"number": number, "error": f"not a puzzle: {error}"}
    try:
        why = why_not_unique(grid)
        if why is not None:  # the rating of a puzzle without exactly one solution means nothing
            return {"number": number, "error": why}
        rating = rate(grid, unique=True)
        extra = rating_breakdown(grid, rating) if detail else {}
    except (SudokuError, ValueError) as err:
        return {"number": number, "error": str(err)}
    record = {
        "number": number,
        "level": rating.level.value,
        "level_zh": rating.level.zh,
        "score": rating.score,
        "hardest": rating.hardest,
        "se_needs": rating.se_needs or None,
        "logic_only": rating.logic_only,
        "steps": len(rating.steps),
    }
    record.update({key: extra[key] for key in BREAKDOWN if extra})
    return record


def _line(record: dict[str, Any]) -> str:
    if "error" in record:
        return clip(f"{record['number']}\terror\t{record['error']}")
    return f"{record['number']}\t{record['level']}\t{record['score']:.2f}\t{record['hardest']}"


def _typed_puzzle(text: str) -> bool:
    """True when a command-line argument is a puzzle typed out, not a file: no file of that name, and
    81 characters or only digits and dots."""
    body = text.strip()
    digits = bool(body) and all(ch in "0123456789." for ch in body)
    return (len(body) == 81 or digits) and not os.path.exists(text)


def _check(sources: list[str]) -> None:
    """Raise FileError for the first argument that is neither an 81-character puzzle nor a readable
    file, before anything is printed."""
    for source in sources:
        body = source.strip()
        if not _typed_puzzle(source):
            if source != "-":
                open_input(source).close()
        elif len(body) != 81:
            what = f"not a puzzle ({len(body)} characters, expected 81), nor a file"
            raise FileError(f"{clip(body, 90)}: {what}")


def _puzzles(sources: list[str]) -> Iterator[tuple[Any, Exception | None, bytes]]:
    """Yield (grid, parse error or None, the puzzle's text) for every puzzle of every argument (see
    :func:`_check`), in order."""
    from engine.errors import ParseError
    from engine.formats import parse_chunk, parse_line

    for source in sources:
        if _typed_puzzle(source):
            try:
                yield parse_line(source.strip()), None, b""
            except ParseError as err:  # a typo in a typed puzzle: reported like a file's bad line
                yield None, err, b""
            continue
        with reading(source) as handle:
            for chunk in puzzle_chunks(handle, source, CHUNK):
                grids, errors = parse_chunk(chunk)
                yield from zip(grids, errors, chunk.texts, strict=True)


def _variant_record(number: int, text: bytes, error: Exception) -> dict[str, Any] | None:
    """Return the rating record of a variant line, in ``engine.rate_lines``' words (a fault in it placed
    on the line ``error``, the classic parser's, names); None for a line not meant as a variant (that
    error then stands)."""
    from engine.errors import ParseError
    from engine.puzzle.lines import is_other_puzzle
    from engine.puzzle.parse import parse_puzzle
    from engine.solve.partitions import rate_lines

    body = text.decode("utf-8", errors="replace")
    if not is_other_puzzle(body):
        return None
    try:
        parse_puzzle(body)
    except ParseError as err:
        where = ParseError(err.message, getattr(error, "line", 1), err.column)
        return {"number": number, "error": clip(f"not a puzzle: {where}")}
    words = rate_lines([body])[0].split("\t")
    if words[0] == "error":
        return {"number": number, "error": words[1]}
    return {"number": number, "level": words[0], "score": float(words[1]), "hardest": words[2]}


def run(args: argparse.Namespace) -> int:
    """Rate every puzzle of the arguments: return 0 if all were rated, else 1; FileError for file errors."""
    _check(args.sources)
    failed = 0
    if args.json:
        write_stdout("[")
    with progress(None, "rating") as bar:
        for number, (grid, error, text) in enumerate(_puzzles(args.sources), start=1):
            variant = _variant_record(number, text, error) if error is not None else None
            record = variant or rate_one(number, grid, error, detail=args.json)
            failed += "error" in record
            if args.json:
                text = json.dumps(record, ensure_ascii=False)
                write_stdout(("" if number == 1 else ",") + "\n  " + text)
            else:
                write_stdout(_line(record) + "\n")
            bar.update(1)
    if args.json:
        write_stdout("\n]\n")
    return 1 if failed else 0
