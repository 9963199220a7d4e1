"""A private minimal f-puzzles JSON reader for the variant logic tests, until engine.parse_puzzle reads
them (the formats are another branch's work): only what /work/shared/data/variants uses."""

from __future__ import annotations

import json
from pathlib import Path
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

TRAIN = Path(__file__).resolve().parents[2] / "shared" / "data" / "variants" / "train.jsonl"
DIGITS = "123456789ABCDEFG"


def _cell(name: str, n: int) -> int:
    r, c = name.upper()[1:].split("C")
    return (int(r) - 1) * n + int(c) - 1


def read_fpuzzles(data: dict[str, Any]) -> Puzzle:
    """The model of an f-puzzles JSON object (what the train file holds)."""
    n = data["size"]
    givens, regions = [], []
    for row in data["grid"]:
        for cell in row:
            givens.append(int(cell["value"]) if cell.get("given") and cell.get("value") else 0)
            regions.append(cell.get("region"))
    if all(g is None for g in regions):
        regions = []
    else:
        from engine.puzzle.model import standard_regions
        std = standard_regions(n)
        regions = [std[i] if g is None else int(g) for i, g in enumerate(regions)]
    cells = lambda names: tuple(_cell(x, n) for x in names)  # noqa: E731
    cons: list = []
    for cage in data.get("killercage", []):
        value = cage.get("value")
        cons.append(Cage(cells(cage["cells"]), int(value) if value not in (None, "") else None))
    for region in data.get("extraregion", []):
        cons.append(ExtraRegion(cells(region["cells"])))
    if data.get("diagonal+"):
        cons.append(Diagonal(False))
    if data.get("diagonal-"):
        cons.append(Diagonal(True))
    for key in ("antiknight", "antiking", "nonconsecutive", "disjointgroups"):
        if data.get(key):
            cons.append(Rule(key))
    for neg in data.get("negative", []):
        names = {"difference": "negative_white", "ratio": "negative_black", "xv": "negative_xv"}
        cons.append(Rule(names[neg]))
    for thermo in data.get("thermometer", []):
        for line in thermo["lines"]:
            cons.append(Thermometer(cells(line)))
    for arrow in data.get("arrow", []):
        circle = cells(arrow["cells"])
        for line in arrow["lines"]:
            cons.append(Arrow(circle, tuple(c for c in cells(line) if c not in circle)))
    for lk in data.get("littlekillersum", []):
        if lk.get("value") not in (None, ""):
            cons.append(LittleKiller(cells(lk["cells"]), int(lk["value"])))
    for sw in data.get("sandwichsum", []):
        r, c = (int(x) for x in sw["cell"].upper()[1:].split("C"))
        total = int(sw["value"])
        cons.append(Sandwich("row", r - 1, total) if c == 0 else Sandwich("col", c - 1, total))
    for key, colour in (("difference", "white"), ("ratio", "black")):
        for dot in data.get(key, []):
            cons.append(Dot(cells(dot["cells"]), colour, int(dot.get("value") or 0)))
    for mark in data.get("xv", []):
        cons.append(XV(cells(mark["cells"]), 10 if mark["value"].upper() == "X" else 5))
    for key in ("odd", "even"):
        for p in data.get(key, []):
            cons.append(Parity(_cell(p["cell"], n), key == "even"))
    return Puzzle.checked(n, givens, regions, cons)


def train_records() -> list[dict[str, Any]]:
    """The train file's records: id, name, size, count, solution (a tuple of digits or None), puzzle."""
    out = []
    for line in TRAIN.read_text().splitlines():
        rec = json.loads(line)
        sol = rec.get("solution")
        out.append({**rec, "puzzle": read_fpuzzles(rec["fpuzzles"]),
                    "solution": tuple(DIGITS.index(ch) + 1 for ch in sol) if sol else None})
    return out
