"""The published variant puzzles as dicts, for the variant logic tests: train.jsonl's fields with the
puzzle read by the engine's f-puzzles reader and the solution as digits."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable
from typing import Any

from engine.logic.variant import VARIANT_TECHNIQUES, VariantState, variant_next_step
from engine.logic.variant.state import digits_of
from engine.steps import Step
from tests.harness.variant_data import TRAIN, records


def train_records() -> list[dict[str, Any]]:
    """The train file's records: id, name, size, count, solution (a tuple of digits or None), puzzle."""
    rows = [json.loads(line) for line in TRAIN.read_text().splitlines()]
    pairs = zip(rows, records(), strict=True)
    return [{**row, "puzzle": rec.puzzle, "solution": rec.solution} for row, rec in pairs]


def state_before(record: dict[str, Any], technique: str) -> tuple[VariantState, Step | None]:
    """The state on the record's logical path (the driver's choice at each state) where ``technique`` is
    first the step, and that step; the solved state and None if the path ends without one."""
    state = VariantState.start(record["puzzle"], record["solution"])
    while not state.is_solved():
        step = variant_next_step(state.puzzle, state)
        if step.technique == technique:
            return state, step
        state.apply(step)
    return state, None


def first_step_of(record: dict[str, Any], technique: str) -> Step | None:
    """The first step of ``technique`` on the record's logical path; None if the path ends without one."""
    return state_before(record, technique)[1]


def stall_state(record: dict[str, Any], below: float = 7.0) -> VariantState:
    """The record's state where every technique cheaper than ``below`` (the contradiction chains' 7.0)
    stops (the solved state if they solve it)."""
    state = VariantState.start(record["puzzle"], record["solution"])
    cheap = [t for t in VARIANT_TECHNIQUES if t.cost < below]
    while True:
        step = next((s for t in cheap for s in t.find(state) if state.changes(s)), None)
        if step is None:
            return state
        state.apply(step)


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


def sound_cuts(finder: Callable[[VariantState], Iterable[Step]], ids: tuple[str, ...], states: int,
               seed: int) -> int:
    """How many steps of ``finder`` cut something on ``states`` random states of each train puzzle of
    ``ids`` (part 3, keep_low 0.3); AssertionError at the first step that cuts a solution digit."""
    rng = random.Random(seed)
    recs = [r for r in train_records() if r["id"] in ids]
    assert len(recs) == len(ids), "a puzzle id is not in the train file"
    fired = 0
    for rec in recs:
        sol = rec["solution"]
        for _ in range(states):
            for step in finder(random_state(rec, rng, part=3, keep_low=0.3)):
                assert all(sol[c] != d for c, d in step.eliminations), (rec["id"], step)
                fired += bool(step.eliminations)
    return fired
