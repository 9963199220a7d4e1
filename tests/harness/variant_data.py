"""The published variant puzzles of ``../shared/data/variants/train.jsonl`` as model puzzles, read by a
minimal private f-puzzles reader (the tests' and benchmark's own, independent of engine's formats)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.puzzle.model import (
    XV,
    Arrow,
    Cage,
    Diagonal,
    Dot,
    ExtraRegion,
    LittleKiller,
    Parity,
    Puzzle,
    Rule,
    Sandwich,
    Thermometer,
)
from tests.harness.paths import DATA

TRAIN = DATA / "variants" / "train.jsonl"
DIGITS = "123456789ABCDEFG"


@dataclass(frozen=True)
class Record:
    """One published puzzle: its id, the puzzle, its known count (None: not decided) and solution."""

    id: str
    puzzle: Puzzle
    count: int | None
    solution: tuple[int, ...] | None

    @property
    def kind(self) -> str:
        """A name for the puzzle's kind: its constraints' kinds (and rules), or classic/jigsaw and size."""
        names = sorted({c.name if isinstance(c, Rule) else c.kind for c in self.puzzle.constraints})
        if self.puzzle.is_jigsaw:
            names.insert(0, "jigsaw")
        base = "+".join(names) or "classic"
        return base if self.puzzle.size == 9 else f"{base} {self.puzzle.size}x{self.puzzle.size}"


def _cell(name: str, n: int) -> int:
    m = re.fullmatch(r"R(\d+)C(\d+)", name)
    assert m, name
    return (int(m.group(1)) - 1) * n + int(m.group(2)) - 1


def _cells(names: list[str], n: int) -> tuple[int, ...]:
    return tuple(_cell(x, n) for x in names)


def puzzle_from_fpuzzles(data: dict[str, Any]) -> Puzzle:
    """Return the model puzzle of one f-puzzles JSON object (the keys train.jsonl uses)."""
    n = data["size"]
    givens, regions, cons = [], [], []
    for row in data["grid"]:
        for cell in row:
            givens.append(int(cell["value"]) if cell.get("given") and cell.get("value") else 0)
            regions.append(cell.get("region"))
    if any(x is None for x in regions):
        regions = []
    for cage in data.get("killercage", []):
        value = cage.get("value")
        cons.append(Cage(_cells(cage["cells"], n), int(value) if value not in (None, "") else None))
    for region in data.get("extraregion", []):
        cons.append(ExtraRegion(_cells(region["cells"], n)))
    if data.get("diagonal+"):
        cons.append(Diagonal(anti=False))
    if data.get("diagonal-"):
        cons.append(Diagonal(anti=True))
    for key in ("antiknight", "antiking", "nonconsecutive", "disjointgroups"):
        if data.get(key):
            cons.append(Rule(key))
    for thermo in data.get("thermometer", []):
        for line in thermo["lines"]:
            cons.append(Thermometer(_cells(line, n)))
    for arrow in data.get("arrow", []):
        circle = _cells(arrow["cells"], n)
        for line in arrow["lines"]:
            cells = tuple(c for c in _cells(line, n) if c not in circle)
            cons.append(Arrow(circle, cells))
    for lk in data.get("littlekillersum", []):
        if lk.get("value") not in (None, ""):
            cons.append(LittleKiller(_cells(lk["cells"], n), int(lk["value"])))
    for sw in data.get("sandwichsum", []):
        r, c = map(int, re.fullmatch(r"R(\d+)C(\d+)", sw["cell"]).groups())
        axis, index = ("col", c - 1) if r == 0 else ("row", r - 1)
        cons.append(Sandwich(axis, index, int(sw["value"])))
    for dot in data.get("difference", []):
        cons.append(Dot(_cells(dot["cells"], n), "white", int(dot.get("value") or 0)))
    for dot in data.get("ratio", []):
        cons.append(Dot(_cells(dot["cells"], n), "black", int(dot.get("value") or 0)))
    for xv in data.get("xv", []):
        cons.append(XV(_cells(xv["cells"], n), 10 if xv["value"] == "X" else 5))
    for key, even in (("odd", False), ("even", True)):
        for item in data.get(key, []):
            cons.append(Parity(_cell(item["cell"], n), even))
    negative = {"difference": "negative_white", "ratio": "negative_black", "xv": "negative_xv"}
    for name in data.get("negative", []):
        cons.append(Rule(negative[name]))
    return Puzzle.checked(n, givens, regions, cons)


@cache
def records() -> tuple[Record, ...]:
    """Every puzzle of train.jsonl, in file order."""
    out = []
    for line in TRAIN.read_text().splitlines():
        row = json.loads(line)
        text = row.get("solution")
        solution = tuple(DIGITS.index(ch) + 1 for ch in text) if text else None
        out.append(Record(row["id"], puzzle_from_fpuzzles(row["fpuzzles"]), row["count"], solution))
    return tuple(out)
