"""Soundness: no step ever places a wrong digit or eliminates the solution's digit.

Every step is checked against the puzzle's known solution.  Two walks:

* the technique walk: on each state every registered technique is asked for all its steps (not
  only the first), each is checked, and the easiest one is applied; when none fires the walk
  places one solution digit (the test's own oracle) and goes on, so the later, harder states of
  hard puzzles are reached without waiting for the slow last-resort searches;
* the driver walk: :func:`engine.logic.human.solve_path` end to end, which must finish with the solution.

The fast suite samples about fifty puzzles; ``-m slow`` walks 2,000 puzzles of all difficulties
(easy Sudoku Exchange puzzles up to the hardest-known collections) with every pattern technique
and runs the whole driver on 200 of them.
"""

from __future__ import annotations

import numpy as np
import pytest

from engine import CandidateGrid, Step, solve_path
from engine.logic.strategies import Technique
from engine.logic.techniques import techniques
from tests.harness.paths import DATA

CORRECTNESS = DATA / "correctness"
# the last-resort searches (singles followed from every candidate, and the guess) are exercised by
# the driver walk; the walk asks all the others, the single-link forcing chains and Nishio included
WALKED = [t for t in techniques() if t.id not in {"guess", "forcing_net"}]
# the cheap finders are asked for every instance, the chain searches (minutes on hard puzzles if
# exhausted at every state) for their first step
EXHAUSTED = {t.id for t in WALKED if t.score < 6.0}


def _se_pairs() -> list[tuple[str, str]]:
    rows = (CORRECTNESS / "se_pairs_with_rating.tsv").read_text().splitlines()[1:]
    return [(r.split("\t")[1], r.split("\t")[2]) for r in rows]


def _hard() -> list[tuple[str, str]]:
    rows = (CORRECTNESS / "DERIVED_unique_solutions.tsv").read_text().splitlines()[1:]
    return [(r.split("\t")[1].replace(".", "0"), r.split("\t")[2]) for r in rows]


def _sample(rows: list[tuple[str, str]], n: int) -> list[tuple[str, str]]:
    return rows[:: max(1, len(rows) // n)][:n]


def _wrong(step: Step, solution: str) -> list[str]:
    bad = [f"{step.technique} places {d} in cell {c}" for c, d in step.placements if int(solution[c]) != d]
    bad += [f"{step.technique} removes {d} from cell {c}" for c, d in step.eliminations
            if int(solution[c]) == d]
    return bad


def technique_walk(
    puzzle: str, solution: str, walked: list[Technique] = WALKED
) -> tuple[list[str], set[str]]:
    """Walk a puzzle as described above; return the wrong moves found and the techniques that fired."""
    cg = CandidateGrid.from_grid([int(ch) for ch in puzzle])
    wrong: list[str] = []
    fired: set[str] = set()
    while not cg.is_solved():
        first = None
        for tech in walked:
            for step in tech.find(cg):
                wrong += _wrong(step, solution)
                fired.add(step.technique)
                first = first or step
                if tech.id not in EXHAUSTED:
                    break
            if first is not None:
                break
        if wrong:
            return wrong, fired
        if first is None:
            cell = min((c for c in range(81) if not cg.values[c]), key=lambda c: bin(cg.cands[c]).count("1"))
            cg.place(cell, int(solution[cell]))
        else:
            cg.apply(first)
    return wrong, fired


def _check_walks(rows: list[tuple[str, str]], walked: list[Technique] = WALKED) -> set[str]:
    fired: set[str] = set()
    for puzzle, solution in rows:
        wrong, seen = technique_walk(puzzle, solution, walked)
        assert not wrong, f"{puzzle}: {wrong[:3]}"
        fired |= seen
    return fired


def test_technique_walk_is_sound_on_easy_to_hard_puzzles() -> None:
    fired = _check_walks(_sample(_se_pairs(), 40) + _sample(_hard(), 12))
    # the sample reaches well beyond singles
    assert {"pointing", "naked_pair", "x_wing", "xy_wing", "aic"} <= fired


@pytest.mark.parametrize("puzzle,solution", _sample(_se_pairs(), 8))
def test_solve_path_finishes_with_the_solution(puzzle: str, solution: str) -> None:
    grid = np.array([int(ch) for ch in puzzle], dtype=np.uint8)
    path = solve_path(grid)
    cg = CandidateGrid.from_grid(grid)
    for step in path:
        assert not _wrong(step, solution)
        cg.apply(step)
    assert "".join(map(str, cg.values)) == solution


def test_two_solution_puzzles_never_use_uniqueness() -> None:
    rows = (CORRECTNESS / "derived_exactly2_deadly_rectangle.tsv").read_text().splitlines()[1:]
    needs_unique = {t.id for t in techniques() if t.needs_unique}
    for row in rows[::50]:
        puzzle, first, second = row.split("\t")[:3]
        grid = np.array([int(ch) for ch in puzzle.replace(".", "0")], dtype=np.uint8)
        path = solve_path(grid)
        assert not {s.technique for s in path} & needs_unique
        for step in path:
            if step.technique == "guess":  # the guess picks one of the two solutions
                break
            assert not _wrong(step, first) and not _wrong(step, second)


SLOW_PUZZLES = _sample(_se_pairs(), 1000) + _sample(_hard(), 1000)
PATTERNS = [t for t in WALKED if t.score < 6.0]  # everything short of the chain searches


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(10))
def test_pattern_techniques_are_sound_on_2000_puzzles(chunk: int) -> None:
    # every instance of every pattern technique on every state of 2,000 puzzles, in ten chunks
    _check_walks(SLOW_PUZZLES[chunk::10], PATTERNS)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(10))
def test_solve_path_is_sound_on_a_wide_sample(chunk: int) -> None:
    # the whole driver, chains and last resorts included, on 200 puzzles of all difficulties
    rows = _sample(_se_pairs(), 150) + _sample(_hard(), 50)
    for puzzle, solution in rows[chunk::10]:
        grid = np.array([int(ch) for ch in puzzle], dtype=np.uint8)
        for step in solve_path(grid, unique=True):
            assert not _wrong(step, solution), puzzle
