"""States of variant puzzles for the page, as the wire contract of issue 40 describes them: the game's
snapshot with ``shape`` (size, box, regions and the engine's ``Puzzle.to_dict()`` constraints) and every
per-cell array N*N long.  A test hands one to the page as Python does (a ``state`` event)."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from engine.puzzle.fpuzzles import read_fpuzzles
from engine.puzzle.model import SIZES, Puzzle, standard_regions
from tests.harness.variant_data import TRAIN

PER_CELL = ("digits", "origins", "notes", "colours", "note_colours", "candidates")


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
