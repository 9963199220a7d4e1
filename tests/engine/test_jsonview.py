"""The CLI's JSON counts every cell, candidate and unit from 1, under ``detail`` too, for every technique.

The steps: each technique's first steps on HoDoKu's library cases and the driver's whole path
through a few of the hardest known puzzles (forcing chains, nishio, kraken fish on the way).
"""

from __future__ import annotations

import itertools
import json
import re
from functools import cache

from engine import Step, as_grid, explain, iter_steps, parse_state, step_json
from engine.logic.techniques import technique
from engine.output.jsonview import DETAIL, PLAIN
from tests.harness.paths import DATA

HARDEST = DATA / "bench" / "forum_hardest_1106.txt"
CELL = re.compile(r"r([1-9])c([1-9])")
KINDS = ("row", "column", "box")


@cache
def _steps() -> list[Step]:
    """A few steps of every technique the library has cases of, and the driver's hard paths."""
    from tests.engine.test_reglib import CASES

    out: list[Step] = []
    shown: dict[str, int] = {}
    for case in CASES:
        if shown.get(case.tid, 0) < 3:
            shown[case.tid] = shown.get(case.tid, 0) + 1
            out += itertools.islice(technique(case.tid).find(parse_state(case.state)), 3)
    for puzzle in HARDEST.read_text().split()[::100][:6]:
        out += iter_steps(as_grid(puzzle.replace(".", "0")), unique=True)
    return out


def _pairs(value: object) -> list[list[int]]:
    """Every ``[row, col]`` or ``[row, col, digit]`` list inside a JSON value."""
    if not isinstance(value, list):
        return [p for v in value.values() for p in _pairs(v)] if isinstance(value, dict) else []
    if 2 <= len(value) <= 3 and all(type(x) is int for x in value) and all(1 <= x <= 9 for x in value[:2]):
        return [value]
    return [p for v in value for p in _pairs(v)]


def test_every_detail_key_is_known_to_be_converted_or_plain() -> None:
    steps = _steps()
    techniques_seen = {s.technique for s in steps}
    assert len(techniques_seen) >= 60, sorted(techniques_seen)
    unknown = {(s.technique, k) for s in steps for k in s.detail if k not in DETAIL and k not in PLAIN}
    assert not unknown, sorted(unknown)
    assert not set(DETAIL) & PLAIN


def test_cells_under_detail_are_one_based_and_name_what_the_step_shows() -> None:
    checked = 0
    for step in _steps():
        data = json.loads(json.dumps(step_json(step), ensure_ascii=False))
        shown = {(c // 9 + 1, c % 9 + 1) for c in step.cells}
        shown |= {(c // 9 + 1, c % 9 + 1) for c, _ in step.candidates + step.eliminations + step.placements}
        text = data["explanation"]["en"]
        shown |= {(int(r), int(c)) for r, c in CELL.findall(text)}
        for key in set(step.detail) & set(DETAIL):
            value = data["detail"][key]
            if key == "chains":  # a kraken branch's last placement may be the contradiction, not in words
                value = [chain[0] for chain in value]
            for pair in _pairs(value):
                assert tuple(pair[:2]) in shown, (step.technique, key, pair, text)
                checked += 1
            units = data["detail"][key] if key in ("base", "cover", "cover2") else None
            for u in units if isinstance(units, list) else []:  # basic fish name them in text
                assert u[0] in KINDS and 1 <= u[1] <= 9
    assert checked >= 1000


def test_units_are_kind_and_number_and_a_placement_is_row_col_digit() -> None:
    step = next(s for s in _steps() if s.technique == "hidden_single")
    data = step_json(step)
    ((cell, digit),) = step.placements
    assert data["placements"] == [[cell // 9 + 1, cell % 9 + 1, digit]]
    ((unit,),) = [step.units]
    kind, number = data["units"][0]
    assert f"{kind} {number}" in data["explanation"]["en"] and 1 <= number <= 9 and kind in KINDS
    assert unit == {"row": 0, "column": 9, "box": 18}[kind] + number - 1


def test_a_forcing_chain_branch_reads_from_one() -> None:
    step = next(s for s in _steps() if s.technique.endswith("forcing_chain") and "branches" in s.detail)
    branch = step_json(step)["detail"]["branches"][0]
    c, d = step.detail["branches"][0]["assume"]
    assert branch["assume"] == [c // 9 + 1, c % 9 + 1, d]
    assert f"r{c // 9 + 1}c{c % 9 + 1}" in explain(step, "en")

