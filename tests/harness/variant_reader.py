"""The published variant puzzles as dicts, for the variant logic tests: train.jsonl's fields with the
puzzle read by the engine's f-puzzles reader and the solution as digits."""

from __future__ import annotations

import json
import random
from typing import Any

from engine.logic.variant import VariantState, variant_next_step
from engine.logic.variant.state import digits_of
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


def random_state(record: dict[str, Any], rng: random.Random, part: int, keep_low: float) -> VariantState:
    """A state of the record's puzzle that still holds its solution: up to 1/``part`` of the cells given
    their solution digit, then each wrong candidate kept with a chance drawn from ``keep_low``..1."""
    sol = record["solution"]
    state = VariantState.start(record["puzzle"], sol)
    for c in rng.sample(range(len(sol)), rng.randint(0, len(sol) // part)):
        if not state.values[c]:
            state.place(c, sol[c])
    keep = keep_low + (1 - keep_low) * rng.random()
    for c, m in enumerate(state.cands):
        for d in digits_of(m):
            if d != sol[c] and rng.random() > keep:
                state.eliminate(c, d)
    return state
