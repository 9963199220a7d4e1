"""The published variant puzzles as dicts, for the variant logic tests: train.jsonl's fields with the
puzzle read by the engine's f-puzzles reader and the solution as digits."""

from __future__ import annotations

import json
from typing import Any

from tests.harness.variant_data import TRAIN, records


def train_records() -> list[dict[str, Any]]:
    """The train file's records: id, name, size, count, solution (a tuple of digits or None), puzzle."""
    rows = [json.loads(line) for line in TRAIN.read_text().splitlines()]
    pairs = zip(rows, records(), strict=True)
    return [{**row, "puzzle": rec.puzzle, "solution": rec.solution} for row, rec in pairs]
