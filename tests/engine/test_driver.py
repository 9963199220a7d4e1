"""The one step driver, the bit-mask vocabulary and the strategy modules' import structure."""

from __future__ import annotations

import ast
import itertools
import random

import pytest

import engine
from engine import CandidateGrid, as_grid, rate, solve
from engine.logic.human import changes, drive, fill_hidden_singles, is_broken, iter_steps, parse_state
from engine.logic.strategies.singles import hidden_single
from engine.logic.techniques import technique, techniques
from engine.masks import MASK_DIGITS, POPCOUNT, bits, common_peers, digit_of, digits_text, mask_digits
from tests.harness import reglib
from tests.harness.paths import DATA, ROOT

CORRECTNESS = DATA / "correctness"
HARDEST = DATA / "bench" / "forum_hardest_1106.txt"
COVERED = [t for t in techniques() if t.covered_by]
ALS_CODES = {"als_xz": "0901", "als_xy_wing": "0902", "als_chain": "0903"}  # HoDoKu's reglib codes


def _kaggle(n: int) -> list[tuple[str, str]]:
    """Return the first ``n`` (puzzle, solution) pairs of the Kaggle sample."""
    rows = (CORRECTNESS / "kaggle_bryanpark_first1000.csv").read_text().split()[1 : n + 1]
    return [(puzzle, solution) for puzzle, solution in (row.split(",") for row in rows)]


def _digits(text: str) -> list[int]:
    return as_grid(text).tolist()


@pytest.mark.parametrize("puzzle,solution", _kaggle(10))
def test_fill_hidden_singles_places_only_solution_digits_once(puzzle, solution):
    digits = _digits(puzzle)
    placed = fill_hidden_singles(digits)
    assert placed
    assert len({c for c, _ in placed}) == len(placed)
    for cell, digit in placed:
        assert digits[cell] == 0 and int(solution[cell]) == digit
    for cell, digit in placed:
        digits[cell] = digit
    assert fill_hidden_singles(digits) == []


def test_fill_hidden_singles_is_the_facade_function():
    assert engine.fill_hidden_singles is fill_hidden_singles
    assert "fill_hidden_singles" in engine.__all__


def test_drive_stops_on_a_broken_board():
    puzzle, _ = _kaggle(1)[0]
    cg = CandidateGrid.from_grid(_digits(puzzle))
    cg.cands[_digits(puzzle).index(0)] = 0  # a dead end: nothing may be inferred from it
    assert is_broken(cg)
    assert list(drive(cg, lambda state: next(iter(hidden_single(state)), None))) == []


def test_drive_stops_on_a_step_that_changes_nothing():
    puzzle, _ = _kaggle(1)[0]
    cg = CandidateGrid.from_grid(_digits(puzzle))
    first = next(iter(hidden_single(cg)))
    cg.apply(first)
    assert not changes(cg, first)
    assert list(drive(cg, lambda _: first)) == []


def test_drive_applies_each_step_it_yields():
    puzzle, solution = _kaggle(2)[1]
    cg = CandidateGrid.from_grid(_digits(puzzle))
    steps = list(drive(cg, lambda state: next(iter(hidden_single(state)), None)))
    assert steps and all(not changes(cg, s) for s in steps)
    assert all(cg.values[c] == int(solution[c]) for s in steps for c, _ in s.placements)


def test_iter_steps_and_rate_walk_the_same_path():
    puzzle, _ = _kaggle(3)[2]
    assert [s.to_dict() for s in iter_steps(_digits(puzzle))] == [
        s.to_dict() for s in rate(_digits(puzzle)).steps
    ]


def test_masks_vocabulary():
    assert POPCOUNT[0b101010101] == 5 and MASK_DIGITS[0b100000101] == (1, 3, 9)
    assert mask_digits(0b11) == [1, 2] and digits_text(0b100010000) == "59" and digit_of(1 << 6) == 7
    assert list(bits((1 << 80) | 5)) == [0, 2, 80]
    row1 = sum(1 << c for c in range(9))
    assert common_peers(row1) == 0  # no cell sees all of row 1 (a cell does not see itself)
    assert common_peers(0b11) & row1 == row1 & ~0b11


def _strategy_imports(name: str) -> set[str]:
    tree = ast.parse((ROOT / "engine" / "logic" / "strategies" / f"{name}.py").read_text())
    found = set()
    for node in ast.walk(tree):
        module = node.module if isinstance(node, ast.ImportFrom) else None
        if module and module.startswith("engine.logic.strategies."):
            found.add(module.rsplit(".", 1)[1])
    return found


def test_strategy_modules_import_each_other_without_cycles():
    names = [p.stem for p in (ROOT / "engine" / "logic" / "strategies").glob("*.py") if p.stem != "__init__"]
    graph = {n: _strategy_imports(n) for n in names}
    assert "chains" not in graph["als"] and "als" not in graph["chains"]
    assert "links" in graph["als"] and "links" in graph["chains"]
    for a, b in itertools.permutations(names, 2):
        assert not (b in graph[a] and a in graph[b]), f"{a} and {b} import each other"


def test_bit_helpers_are_defined_once():
    """No strategy module keeps its own copy of the mask vocabulary."""
    for path in (ROOT / "engine" / "logic" / "strategies").glob("*.py"):
        tree = ast.parse(path.read_text())
        defined = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
        assigned = {
            t.id for n in tree.body if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)
        }
        assert not defined & {"bits", "common_peers", "_digits", "_digit", "popcount"}, path.name
        assert not assigned & {"POPCOUNT", "MASK_DIGITS", "CELL_BIT", "PEER_MASK", "UNIT_MASK"}, path.name


def _removals(steps) -> set[tuple[int, int, bool]]:
    return {(c, d, False) for s in steps for c, d in s.eliminations} | {
        (c, d, True) for s in steps for c, d in s.placements}


def _covered_states(tid: str) -> list[CandidateGrid]:
    """Return the reglib cases of ``tid`` (each in a random orientation) and every fifth state on the
    way through two of the hardest puzzles, where ALS patterns abound."""
    rng = random.Random(tid)
    out = []
    for case in reglib.load_cases(ALS_CODES[tid]):
        moved = reglib.random_orientation(rng)
        out.append(parse_state(moved.state(case.state.to_sukaku())))
    easy = [t for t in techniques() if t.score < 6.0 and not t.needs_unique]
    for puzzle in HARDEST.read_text().split()[40::150][:2]:
        solution = "".join(map(str, solve(as_grid(puzzle.replace(".", "0")))))
        out += [cg for cg, _ in reglib.walk(puzzle, solution, easy)][::5]
    return out


def test_covered_techniques_are_the_als_ones_covered_by_the_aic():
    assert {t.id: t.covered_by for t in COVERED} == dict.fromkeys(ALS_CODES, "aic")


@pytest.mark.parametrize("tid", sorted(ALS_CODES))
def test_a_covered_technique_removes_only_what_its_cover_removes(tid):
    """The driver skips ``tid`` where the AIC found nothing: sound only if the AIC makes every
    removal ``tid`` makes (each such pattern is an AIC through its sets' nodes)."""
    tech = technique(tid)
    cover = technique(tech.covered_by)
    fired = 0
    for cg in _covered_states(tid):
        found = _removals(tech.find(cg))
        fired += bool(found)
        assert found <= _removals(cover.find(cg))
    assert fired >= 10
