"""The step driver: easiest step first, uniqueness only when known, solve paths, JSON and round trips."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from engine import CandidateGrid, InvalidPuzzleError, Step, explain, is_solution
from engine.logic.human import driver_order, next_step, parse_state, solve_path
from engine.logic.techniques import technique, technique_cost, techniques
from tests.engine.test_reglib import CASES, Case  # noqa: E402  (the shared reglib loader, same folder)
from tests.harness.paths import DATA

# the CLI's JSON is a view of Step.to_dict: its keys, and both texts
CLI_KEYS = {*Step("any").to_dict(), "explanation"}

# an easy Sudoku Exchange puzzle and its solution (singles only)
_SE_PAIRS = (DATA / "correctness" / "se_pairs_with_rating.tsv").read_text().splitlines()[1:]
EASY, EASY_SOLUTION = next((p, s) for b, p, s, _ in (ln.split("\t") for ln in _SE_PAIRS) if b == "easy")
WORKING = [c for c in CASES if not c.fail]


def test_techniques_are_tried_easiest_first() -> None:
    # the registry, which the driver walks, holds them cheapest first by what a step costs in the
    # rating (SE's scale), ties by their registered score
    tried = driver_order()
    assert [t.id for t in tried] == [t.id for t in techniques()]
    keys = [(technique_cost(t.id), t.score) for t in tried]
    assert keys == sorted(keys)
    ids = [t.id for t in tried]
    assert ids.index("unique_rectangle_1") < ids.index("w_wing") and ids[-1] == "guess"
    order = [t.id for t in techniques()]
    assert order.index("full_house") < order.index("hidden_single") < order.index("naked_single")
    assert order.index("naked_single") < order.index("pointing") < order.index("x_wing")
    assert order.index("xy_wing") < order.index("unique_rectangle_1") < order.index("bug_plus_1")


@pytest.mark.parametrize("case", WORKING[::3], ids=lambda c: f"line{c.line}-{c.tid}")
def test_no_easier_technique_fires_before_the_driver_step(case: Case) -> None:
    cg = parse_state(case.state, solved_are_givens=False)
    step = next_step(cg)
    assert step is not None
    tried = driver_order()
    position = [t.id for t in tried].index(step.technique)
    for easier in tried[:position]:
        assert next(iter(easier.find(cg)), None) is None, f"{easier.id} fires before {step.technique}"
    # the case's own technique fires here, so the driver never needs anything costlier
    assert technique_cost(step.technique) <= technique_cost(case.tid)


def test_technique_argument_gives_that_techniques_first_step() -> None:
    case = next(c for c in WORKING if c.tid == "x_wing")
    step = next_step(parse_state(case.state, solved_are_givens=False), "x_wing")
    assert step is not None and step.technique == "x_wing"
    assert set(step.eliminations) == case.eliminations


def test_unknown_technique_is_a_key_error() -> None:
    with pytest.raises(KeyError, match="no_such_move"):
        next_step(CandidateGrid.from_grid(np.zeros(81, dtype=np.uint8)), "no_such_move")


def test_uniqueness_techniques_need_a_known_unique_puzzle() -> None:
    case = next(c for c in WORKING if c.tid == "unique_rectangle_1")
    cg = parse_state(case.state, solved_are_givens=False)
    assert next_step(cg, "unique_rectangle_1", unique=False) is None
    assert next_step(cg, "unique_rectangle_1", unique=True) is not None
    step = next_step(cg, unique=False)
    assert step is None or not technique(step.technique).needs_unique


def _replay(puzzle: str, path: list[Step]) -> CandidateGrid:
    cg = CandidateGrid.from_grid([int(ch) for ch in puzzle])
    for step in path:
        cg.apply(step)
    return cg


def test_solve_path_solves_an_easy_puzzle_with_singles_only() -> None:
    path = solve_path(np.array([int(ch) for ch in EASY], dtype=np.uint8))
    cg = _replay(EASY, path)
    assert is_solution(cg.values, [int(ch) for ch in EASY])
    assert "".join(map(str, cg.values)) == EASY_SOLUTION
    assert {s.technique for s in path} <= {"full_house", "hidden_single", "naked_single"}


def test_solve_path_rejects_repeated_givens() -> None:
    grid = np.zeros(81, dtype=np.uint8)
    grid[0] = grid[1] = 5
    with pytest.raises(InvalidPuzzleError, match=r"r1c1, r1c2"):
        solve_path(grid)


def test_solve_path_stops_at_a_dead_end_for_an_unsolvable_puzzle() -> None:
    line = (DATA / "correctness" / "derived_nosolution_noduplicate.tsv").read_text().splitlines()[1]
    puzzle = line.split("\t")[0]
    path = solve_path(np.array([int(ch) for ch in puzzle.replace(".", "0")], dtype=np.uint8))
    assert all(s.technique != "guess" for s in path)
    assert not _replay(puzzle.replace(".", "0"), path).is_solved()


def _first_steps() -> list[Step]:
    seen: dict[str, Step] = {}
    for case in WORKING:
        if case.tid not in seen:
            step = next_step(parse_state(case.state, solved_are_givens=False), case.tid)
            if step is not None:
                seen[case.tid] = step
    return list(seen.values())


@pytest.mark.parametrize("step", _first_steps(), ids=lambda s: s.technique)
def test_every_technique_step_round_trips_and_explains_itself(step: Step) -> None:
    again = Step.from_dict(json.loads(json.dumps(step.to_dict())))
    assert again == step and again.detail == step.detail
    for lang in ("en", "zh"):
        text = explain(step, lang)
        assert text and not re.search(r"\{[a-z_]+\}", text)  # no template field left unfilled
    assert explain(step, "en") != explain(step, "zh")


def test_candidate_line_reads_back_and_counts_lone_unshared_candidates_as_placed() -> None:
    case = next(c for c in WORKING if c.tid == "naked_single")
    cg = parse_state(case.state, solved_are_givens=False)
    assert cg.to_sukaku() == case.state
    (cell, digit), = case.placements
    assert cg.values[cell] == 0 and cg.cands[cell] == 1 << (digit - 1)  # a peer still has the digit
    placed = [c for c in range(81) if cg.values[c]]
    assert placed and all(cg.cands[c] == 0 for c in placed)


def test_candidate_line_with_empty_cells_for_placed_digits() -> None:
    case = next(c for c in WORKING if c.tid == "full_house")
    # the other way to write a placed cell: no candidate at all
    blank = "".join("." * 9 if cell.count(".") == 8 and _unshared(case.state, i) else cell
                    for i, cell in enumerate(case.state[9 * k: 9 * k + 9] for k in range(81)))
    step = next_step(parse_state(blank), "full_house")
    assert step is not None and set(step.placements) == case.placements


def _unshared(state: str, cell: int) -> bool:
    cg = CandidateGrid.from_sukaku(state)
    mask = cg.cands[cell]
    from engine import PEERS

    return not any(cg.cands[p] & mask for p in PEERS[cell])


def test_parse_state_rejects_bad_text() -> None:
    with pytest.raises(ValueError):
        parse_state("12345")
    with pytest.raises(ValueError):
        parse_state("x" * 729)
    with pytest.raises(InvalidPuzzleError):
        parse_state("11" + "0" * 79)
