"""The technique trainer's engine part (``engine.make.practice``) and ``sudoku practise``.

Grading is checked on HoDoKu's regression library (tests/harness/reglib.py): each case's own answer,
moved by a random transformation together with its state, must grade right (95% per technique,
as tests/engine/test_reglib.py asks of the finders), and grading must not depend on the transformation.
"""

from __future__ import annotations

import random
from collections import defaultdict

import numpy as np
import pytest

from engine import UNITS, CandidateGrid, generate, is_solution, next_step, parse_state, solve
from engine.cli import main
from engine.make.practice import (
    MIN_BANK,
    Transform,
    bank_counts,
    decode_state,
    encode_state,
    find_states,
    grade_answer,
    load_bank,
    practice_states,
    practice_step,
)
from tests.engine.test_reglib import CASES

# AIC cases are many and slow to enumerate: a fixed sample of them
_AIC_SAMPLE = set(random.Random(3).sample([i for i, c in enumerate(CASES) if c.tid == "aic"], 25))
GRADED = [c for i, c in enumerate(CASES) if not c.fail and (c.tid != "aic" or i in _AIC_SAMPLE)]


def test_library_answers_grade_right_when_transformed() -> None:
    rng = np.random.default_rng(5)
    right: dict[str, list[bool]] = defaultdict(list)
    same = 0
    for case in GRADED:
        cg = parse_state(case.state, solved_are_givens=False)
        move = Transform.random(rng)
        answer = move.pairs(case.eliminations), move.pairs(case.placements)
        moved = grade_answer(move.state(cg), case.tid, *answer)
        plain = grade_answer(cg, case.tid, case.eliminations, case.placements)
        right[case.tid].append(moved.verdict == "right")
        same += moved.verdict == plain.verdict
    assert len(right) >= 50
    for tid, verdicts in right.items():
        assert sum(verdicts) >= 0.95 * len(verdicts), tid
    assert same >= 0.99 * len(GRADED)


def test_a_wrong_mark_or_a_partial_answer_is_graded_so() -> None:
    rng = np.random.default_rng(6)
    for case in random.Random(4).sample(GRADED, 60):
        move = Transform.random(rng)
        cg = move.state(parse_state(case.state, solved_are_givens=False))
        struck, placed = move.pairs(case.eliminations), move.pairs(case.placements)
        if grade_answer(cg, case.tid, struck, placed).verdict != "right":
            continue
        # a candidate no step of the technique removes, marked too: wrong
        removable = {p for s in _steps(cg, case.tid) for p in s.eliminations}
        keep = next((c, d) for c in range(81) for d in range(1, 10)
                    if cg.cands[c] >> (d - 1) & 1 and (c, d) not in removable)
        assert grade_answer(cg, case.tid, (*struck, keep), placed).verdict == "wrong"
        if len(struck) > 1:  # part of the step: missing, unless another step does exactly that
            partial = grade_answer(cg, case.tid, struck[:1], placed)
            alone = any(set(s.eliminations) == set(struck[:1]) and set(s.placements) == set(placed)
                        for s in _steps(cg, case.tid))
            assert partial.verdict == ("right" if alone else "missing")
            assert alone or set(partial.missing) | set(struck[:1]) == set(partial.step.eliminations)
        assert grade_answer(cg, case.tid).verdict == "missing"


def _steps(cg: CandidateGrid, tid: str) -> list:
    from engine.logic.human import all_steps

    return list(all_steps(cg, tid))


def test_transforms_keep_validity_and_move_steps_as_the_finders_see_them() -> None:
    rng = np.random.default_rng(7)
    solution = solve(generate(seed=3))
    for _ in range(20):
        move = Transform.random(rng)
        moved = [0] * 81
        for c in range(81):
            moved[move.cells[c]] = move.digits[solution[c] - 1]
        grid = np.array(moved, dtype=np.uint8)
        assert is_solution(grid, np.zeros(81, dtype=np.uint8))
        assert sorted(move.unit(u) for u in range(27)) == list(range(27))
        assert all({move.cells[c] for c in UNITS[u]} == set(UNITS[move.unit(u)]) for u in range(27))
    found = find_states(["x_wing", "xy_wing", "naked_pair"], 2, rng, 60.0)
    for tid, states in found.items():
        assert len(states) == 2
        for cg in states:
            move = Transform.random(rng)
            step = move.step(practice_step(cg, tid))
            there = _steps(move.state(cg), tid)
            effects = {(frozenset(s.eliminations), frozenset(s.placements)) for s in there}
            assert (frozenset(step.eliminations), frozenset(step.placements)) in effects
            assert set(step.cells) <= {c for s in there for c in s.cells}


def test_found_states_have_the_technique_as_their_easiest_step() -> None:
    found = find_states(["pointing", "skyscraper", "hidden_pair"], 3, np.random.default_rng(8), 60.0)
    for tid, states in found.items():
        assert len(states) == 3
        for cg in states:
            assert next_step(cg, unique=True).technique == tid
            back = decode_state(encode_state(cg))
            assert (back.values, back.cands, back.givens) == (cg.values, cg.cands, cg.givens)


def test_the_shipped_bank_holds_states_of_their_technique() -> None:
    bank = load_bank()
    counts = bank_counts()
    assert sum(n >= MIN_BANK for n in counts.values()) >= 30
    assert set(bank) <= set(counts)
    rng = random.Random(9)
    for tid, states in bank.items():
        for text in rng.sample(states, min(2, len(states))):
            assert next_step(decode_state(text), unique=True).technique == tid


def test_practice_states_are_transformed_bank_states() -> None:
    rng = np.random.default_rng(10)
    states = practice_states("x_wing", 5, rng)
    assert len({cg.to_sukaku() for cg in states}) == 5
    for cg in states:
        assert practice_step(cg, "x_wing").technique == "x_wing"
    with pytest.raises(KeyError):
        practice_states("nope", 1, rng)


def test_cli_practise_writes_candidate_lines(capsys: pytest.CaptureFixture) -> None:
    assert main(["practise", "xy_wing", "-n", "4", "--seed", "1"]) == 0
    lines = capsys.readouterr().out.split()
    assert len(lines) == 4 and all(len(line) == 729 for line in lines)
    for line in lines:
        assert next_step(parse_state(line), unique=True).technique == "xy_wing"
    assert main(["practise", "xy_wing", "-n", "4", "--seed", "1"]) == 0
    assert capsys.readouterr().out.split() == lines
    assert main(["practise", "nope"]) == 2
    assert "unknown technique 'nope'" in capsys.readouterr().err


def test_ten_random_techniques_real_step_right_one_wrong_candidate_wrong() -> None:
    rng = np.random.default_rng(11)
    chosen = random.Random(12).sample(sorted(load_bank()), 10)
    for tid in chosen:
        (cg,) = practice_states(tid, 1, rng)
        step = practice_step(cg, tid)
        assert step.technique == tid
        assert grade_answer(cg, tid, step.eliminations, step.placements).verdict == "right"
        removable = {p for s in _steps(cg, tid) for p in (*s.eliminations, *s.placements)}
        other = next((c, d) for c in range(81) for d in range(1, 10)
                     if cg.cands[c] >> (d - 1) & 1 and (c, d) not in removable)
        graded = grade_answer(cg, tid, (*step.eliminations, other), step.placements)
        assert graded.verdict == "wrong" and graded.wrong == (other,)


def test_striking_the_digit_a_full_house_places_is_wrong() -> None:
    # a strike and a placement of the same (cell, digit) are different answers: the trainer's wrong
    # candidate (the solution's own digit) on the full house's cell was graded "missing"
    rng = np.random.default_rng(1)
    seen = 0
    for cg in practice_states("full_house", 80, rng):
        (cell, digit), = practice_step(cg, "full_house").placements
        graded = grade_answer(cg, "full_house", [(cell, digit)])
        assert graded.verdict == "wrong" and graded.wrong == ((cell, digit),)
        assert grade_answer(cg, "full_house", (), [(cell, digit)]).verdict == "right"
        seen += 1
    assert seen == 80
