"""The published variant puzzles as dicts, for the variant logic tests: train.jsonl's fields with the
puzzle read by the engine's f-puzzles reader and the solution as digits."""

from __future__ import annotations

import json
from typing import Any

from engine.logic.variant import VariantState, variant_next_step
from engine.steps import Step
from tests.harness.variant_data import TRAIN, records


def train_records() -> list[dict[str, Any]]:
    """The train file's records: id, name, size, count, solution (a tuple of digits or None), puzzle."""
    rows = [json.loads(line) for line in TRAIN.read_text().splitlines()]
    pairs = zip(rows, records(), strict=True)
    return [{**row, "puzzle": rec.puzzle, "solution": rec.solution} for row, rec in pairs]


def first_step_of(record: dict[str, Any], technique: str) -> Step | None:
    """The first step of ``technique`` on the record's logical path (the driver's choice at each state);
    None if the path ends without one."""
    state = VariantState.start(record["puzzle"], record["solution"])
    while not state.is_solved():
        step = variant_next_step(state.puzzle, state)
        if step.technique == technique:
            return step
        state.apply(step)
    return None
