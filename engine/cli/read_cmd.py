"""``sudoku read IMAGE... [--json] [-o OUT]``: read puzzles from photos or screenshots.

One line per image read, in order: the puzzle's 81 characters, ``.`` for an empty cell.  With
``--json`` each line is instead a JSON object: ``file``, ``puzzle``, ``status``, per-cell
``confidence``, the ``unsure`` cells (0-80), the grid's ``corners`` (x, y) in the image and the
``corrections`` the solver check made.  Notes on stderr name the unsure cells and a puzzle that
does not have exactly one solution.  An image that cannot be read (no grid, not an image, a
truncated file) gets one line on stderr and no output line; the exit status is then 1.
"""

from __future__ import annotations

import argparse
import json

from engine.cli.common import check_output, clip
from engine.grid import cell_name
from engine.output.atomic import atomic_output


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    """Add ``read``'s arguments to ``parser``."""
    parser.description = (
        "Read a Sudoku puzzle from each photo or screenshot: one 81-character line each ('.' empty).  "
        "Exit status 0 if every image was read, 1 otherwise, 2 for usage or file errors."
    )
    parser.add_argument("images", nargs="+", metavar="IMAGE", help="PNG, JPEG or any image Pillow reads")
    parser.add_argument("--json", action="store_true",
                        help="one JSON object a line: confidences, unsure cells, corners, corrections")
    parser.add_argument("-o", "--output", default="-", metavar="OUT",
                        help="output file (default: standard output)")


def _note(text: str) -> None:
    import sys

    print(clip(f"sudoku: {text}"), file=sys.stderr)


def _line(path: str, reading, as_json: bool) -> str:
    """Return the output line for one reading, and note its doubts on stderr."""
    if reading.unsure:
        _note(f"{path}: unsure cells {', '.join(cell_name(c) for c in reading.unsure)}")
    if reading.status != "unique":
        what = {"multiple": "has 2 or more solutions", "unsolvable": "has no solution",
                "invalid": "repeats a digit in a unit"}[reading.status]
        _note(f"{path}: the puzzle read {what}")
    if as_json:
        return json.dumps({"file": path, **reading.to_json()}, separators=(",", ":"))
    return reading.puzzle


def run(args: argparse.Namespace) -> int:
    """Read every image; return 0 if all were read, 1 if any was not; OutputError for output errors."""
    from engine.reader import ReadError, read_image
    from engine.reader.files import load_image

    check_output(args.output)
    failed = 0
    lines = []
    for path in args.images:
        try:
            reading = read_image(load_image(path))
        except ReadError as err:
            text = str(err)
            _note(text if text.startswith(path) else f"{path}: {text}")
            failed += 1
            continue
        lines.append(_line(path, reading, args.json))
    with atomic_output(args.output) as out:
        out.write("".join(line + "\n" for line in lines).encode())
    return 1 if failed else 0
