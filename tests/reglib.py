"""HoDoKu's regression library (``../shared/data/techniques/reglib-1.4.txt``) as test cases.

A case line is ``:<code>[-variant]:<candidates>:<givens>:<deleted>:<eliminations>:<placements>:<extra>``;
``<givens>`` holds 81 cells (``+d`` a placed digit, ``.`` empty) and candidate lists are
space-separated ``<digit><row><col>`` triples, 1-based.  The state is the givens with candidates by
peer exclusion, minus ``<deleted>``.  A ``-x`` variant is a case where the technique must not fire.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from engine.candidates import CandidateGrid

REGLIB = Path(__file__).resolve().parents[2] / "shared" / "data" / "techniques" / "reglib-1.4.txt"


class Case(NamedTuple):
    """One reglib line: HoDoKu code, variant, state, expected (cell, digit) eliminations/placements."""

    code: str
    variant: str
    line: int
    state: CandidateGrid
    eliminations: frozenset[tuple[int, int]]
    placements: frozenset[tuple[int, int]]
    extra: str

    @property
    def fail_case(self) -> bool:
        """True for a ``-x`` case, where the technique must find nothing."""
        return self.variant == "x"


def _triples(text: str) -> frozenset[tuple[int, int]]:
    out = set()
    for item in text.split():
        d, r, c = int(item[0]), int(item[1]), int(item[2])
        out.add(((r - 1) * 9 + c - 1, d))
    return frozenset(out)


def _givens(text: str) -> list[int]:
    values = [int(ch) if ch.isdigit() else 0 for ch in text.replace("+", "")]
    if len(values) != 81:
        raise ValueError(f"givens with {len(values)} cells")
    return values


def parse_case(text: str, line: int = 0) -> Case:
    """Return the case of one reglib line; raises ValueError if the line is not a case."""
    fields = text.rstrip("\n").split(":")
    fields += [""] * (8 - len(fields))  # a few fail cases omit the trailing empty fields
    if len(fields) < 8 or fields[0] != "":
        raise ValueError(f"line {line}: not a reglib case")
    code, _, variant = fields[1].partition("-")
    state = CandidateGrid.from_grid(_givens(fields[3]))
    for cell, digit in _triples(fields[4]):
        state.eliminate(cell, digit)
    return Case(code, variant, line, state, _triples(fields[5]), _triples(fields[6]), fields[7])


def load_cases(*codes: str) -> list[Case]:
    """Return every case of the given HoDoKu codes (all cases if none), in file order."""
    cases = []
    with REGLIB.open(encoding="utf-8") as f:
        for n, text in enumerate(f, start=1):
            if not text.startswith(":"):
                continue
            case = parse_case(text, n)
            if not codes or case.code in codes:
                cases.append(case)
    return cases
