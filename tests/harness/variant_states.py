"""States of variant puzzles for the page, as the wire contract of issue 40 describes them: the game's
snapshot with ``shape`` (size, box, regions and the engine's ``Puzzle.to_dict()`` constraints) and every
per-cell array N*N long.  A test hands one to the page as Python does (a ``state`` event)."""

from __future__ import annotations

import json
import math
import re
from functools import cache
from typing import Any

from engine.puzzle.fpuzzles import read_fpuzzles
from engine.puzzle.model import SIZES, Puzzle, standard_regions
from tests.harness.variant_data import TRAIN

PER_CELL = ("digits", "origins", "notes", "colours", "note_colours", "candidates")
# a gridcell's label on a board of any size: its place and digit (10-16 as numbers), then anything the
# later features add (notes, marks, colours, what constrains the cell)
_VARIANT_LABEL = re.compile(r"^row (\d+), column (\d+), (empty|\d+)(?:, .+)?$")


def read_label(label: str | None) -> tuple[int, int, int]:
    """``(row, column, digit)`` of a gridcell label of any size (rows and columns from 1, 0 empty);
    AssertionError if it does not begin "row R, column C, D|empty"."""
    match = _VARIANT_LABEL.match(label or "")
    assert match, f"gridcell label {label!r} does not begin 'row R, column C, D|empty'"
    row, col, value = match.groups()
    return int(row), int(col), 0 if value == "empty" else int(value)


def board_digits(labels: list[str | None]) -> list[int]:
    """The N*N digits of a board read from its gridcells' labels in DOM order; checks they are row-major."""
    n = math.isqrt(len(labels))
    assert n * n == len(labels) and n in (4, 6, 8, 9, 12, 16), f"{len(labels)} gridcells is no board"
    digits = []
    for index, label in enumerate(labels):
        row, col, digit = read_label(label)
        assert (row - 1) * n + col - 1 == index, f"gridcell {index} is labelled {label!r}: not row-major"
        digits.append(digit)
    return digits


@cache
def train_puzzle(puzzle_id: str) -> Puzzle:
    """The published puzzle ``puzzle_id`` of the variants' training set, read by the engine; KeyError if
    there is none of that id."""
    for line in TRAIN.read_text().splitlines():
        row = json.loads(line)
        if row["id"] == puzzle_id:
            return read_fpuzzles(json.dumps(row["fpuzzles"]))
    raise KeyError(puzzle_id)


def shape_of(puzzle: Puzzle, kind: str = "") -> dict[str, Any]:
    """The state's ``shape`` for a puzzle, as the contract gives it."""
    data = puzzle.to_dict()
    return {"size": puzzle.size, "box": list(SIZES[puzzle.size]),
            "regions": list(data.get("regions") or standard_regions(puzzle.size)),
            "constraints": data.get("constraints", []), "kind": kind or "variant", "title": puzzle.title}


def variant_state(base: dict[str, Any], puzzle: Puzzle, seq: int = 10_000) -> dict[str, Any]:
    """``base`` (a state the Api sent) made the state of ``puzzle``'s start: its givens, its shape, N*N
    arrays, no conflict; ``seq`` above the Api's so the page takes it."""
    n = puzzle.n_cells
    state = dict(base)
    state.update({
        "shape": shape_of(puzzle), "digits": list(puzzle.givens),
        "origins": ["given" if d else "" for d in puzzle.givens], "notes": [0] * n, "colours": [0] * n,
        "note_colours": [0] * n, "candidates": [0] * n, "conflicts": [], "wrong": [], "seq": seq,
        "check": None, "hint": None, "why": None,
    })
    state["status"] = {**base["status"], "kind": "valid", "conflicts": []}
    return state


def feed(page: Any, state: dict[str, Any]) -> None:
    """Hand the page a state as the bridge does (``window.sudokuEvents.dispatch``)."""
    page.evaluate("s => window.sudokuEvents.dispatch('state', {state: s})", state)
