"""HoDoKu's regression library (``../shared/data/techniques/reglib-1.4.txt``) as test cases.

A case line is ``:<code>[-variant]:<candidates>:<givens>:<deleted>:<eliminations>:<placements>:<extra>``;
``<givens>`` holds 81 cells (``+d`` a placed digit, ``.`` empty) and candidate lists are
space-separated ``<digit><row><col>`` triples, 1-based.  The state is the givens with candidates by
peer exclusion, minus ``<deleted>``.  A ``-x`` variant is a case where the technique must not fire.

Also what the technique tests share: a random orientation of a state (:func:`random_orientation`),
a walk through a hard puzzle that notes where easier techniques are stuck (:func:`walk`), the steps
a technique finds on such states (:func:`steps_on`), the checks every technique must pass on them
(:func:`assert_sound`, :func:`assert_orientation_free`) and candidate look-ups for the checks that
recompute a technique's definition (:func:`digits_in`, :func:`holding`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from engine import PEERS, UNITS, CandidateGrid, Step, as_grid, iter_steps, parse_state, solve
from engine.logic.strategies import Technique
from engine.logic.techniques import technique
from tests.harness.paths import DATA

REGLIB = DATA / "techniques" / "reglib-1.4.txt"


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


Pair = tuple[int, int]


class Orientation(NamedTuple):
    """A validity-preserving change of a grid: digits relabelled, bands/stacks and the lines within
    them permuted, maybe transposed; ``relabel[d - 1]`` is digit d's new name, ``cells[c]`` cell c's
    new place."""

    relabel: list[int]
    cells: list[int]

    def pairs(self, pairs: Iterable[Pair]) -> frozenset[Pair]:
        """Return (cell, digit) pairs moved the same way."""
        return frozenset((self.cells[c], self.relabel[d - 1]) for c, d in pairs)

    def state(self, line: str) -> str:
        """Return a 729-character candidate line moved."""
        new = [""] * 81
        for cell in range(81):
            chars = ["."] * 9
            for k, ch in enumerate(line[9 * cell : 9 * cell + 9]):
                if ch != ".":
                    chars[self.relabel[k] - 1] = str(self.relabel[k])
            new[self.cells[cell]] = "".join(chars)
        return "".join(new)


def random_orientation(rng: random.Random) -> Orientation:
    """Return an orientation drawn from ``rng`` (the same seed gives the same one)."""
    relabel = list(range(1, 10))
    rng.shuffle(relabel)

    def lines() -> list[int]:
        bands = rng.sample(range(3), 3)
        return [b * 3 + i for b in bands for i in rng.sample(range(3), 3)]

    rows, cols, flip = lines(), lines(), rng.random() < 0.5
    cells = []
    for cell in range(81):
        # new position (r, c) takes old row rows[r], old col cols[c]
        r, c = rows.index(cell // 9), cols.index(cell % 9)
        cells.append(c * 9 + r if flip else r * 9 + c)
    return Orientation(relabel, cells)


def walk(puzzle: str, solution: str, easier: list[Technique]) -> Iterator[tuple[CandidateGrid, bool]]:
    """Yield every state on the way from ``puzzle`` to ``solution`` and whether it is stuck: where
    none of ``easier`` finds a step, the solution's digit goes into the cell with fewest candidates."""
    cg = CandidateGrid.from_grid([int(ch) for ch in puzzle.replace(".", "0")])
    while not cg.is_solved():
        step = next((s for t in easier for s in t.find(cg)), None)
        yield cg.copy(), step is None
        if step is None:
            cell = min((c for c in range(81) if not cg.values[c]), key=lambda c: cg.cands[c].bit_count())
            cg.place(cell, int(solution[cell]))
        else:
            cg.apply(step)


Found = list[tuple[str, str, list[Step]]]  # (candidate line, solution, the steps found there)


def driver_states(puzzles: Iterable[str]) -> list[tuple[str, str]]:
    """Return (candidate line, solution) for every state on the step driver's paths through ``puzzles``."""
    out = []
    for puzzle in puzzles:
        grid = as_grid(puzzle)
        solution = "".join(map(str, solve(grid)))
        cg = CandidateGrid.from_grid(grid)
        for step in iter_steps(grid, unique=True):
            out.append((cg.to_sukaku(), solution))
            cg.apply(step)
    return out


def steps_on(tid: str, states: Iterable[tuple[str, str]]) -> Found:
    """Return (state, solution, steps) for every (candidate line, solution) where ``tid`` finds a step."""
    find = technique(tid).find
    return [(state, solution, steps) for state, solution in states
            if (steps := list(find(parse_state(state))))]


def assert_sound(tid: str, found: Found, least: int = 5) -> None:
    """Assert ``tid`` fired on at least ``least`` states and every step only removes wrong candidates."""
    assert len(found) >= least, f"{tid} fired on only {len(found)} states"
    for state, solution, steps in found:
        for step in steps:
            assert step.eliminations and not step.placements
            wrong = [(c, d) for c, d in step.eliminations if int(solution[c]) == d]
            assert not wrong, (tid, state, step)


def assert_orientation_free(tid: str, found: Found) -> None:
    """Assert ``tid`` finds the same steps, moved, after relabelling, permuting and transposing each state."""
    find = technique(tid).find
    for k, (state, _, steps) in enumerate(found):
        moved = random_orientation(random.Random(f"{tid}-{k}"))
        want = {moved.pairs(s.eliminations) for s in steps}
        got = {frozenset(s.eliminations) for s in find(parse_state(moved.state(state)))}
        assert got == want, (tid, state)


def digits_in(cg: CandidateGrid, cells: Iterable[int]) -> set[int]:
    """Return the digits that are candidates in any of ``cells``."""
    return {d for c in cells for d in range(1, 10) if cg.cands[c] >> (d - 1) & 1}


def holding(cg: CandidateGrid, cells: Iterable[int], d: int) -> list[int]:
    """Return the cells of ``cells`` where ``d`` is a candidate, in their order."""
    return [c for c in cells if cg.cands[c] >> (d - 1) & 1]


def in_one_unit(cells: set[int]) -> bool:
    """Return True if one row, column or box holds all of ``cells``."""
    return any(cells <= set(unit) for unit in UNITS)


def assert_bent_set(cg: CandidateGrid, step: Step, size: int) -> list[int]:
    """Assert ``step`` is a bent set of ``size`` cells (as many digits, spread over units, at most one
    digit whose cells do not share a unit) removing only what its rule removes; return that loose
    digit in a list ([] when every digit is locked)."""
    cells = set(step.cells)
    assert len(cells) == size and not in_one_unit(cells)
    digits = digits_in(cg, cells)
    assert len(digits) == size
    holders = {d: set(holding(cg, cells, d)) for d in digits}
    loose = [d for d in digits if not in_one_unit(holders[d])]
    assert len(loose) <= 1
    for c, d in step.eliminations:
        assert c not in cells and d in (loose or digits)
        assert all(h in PEERS[c] for h in holders[d]), (step, c, d)
    return loose
