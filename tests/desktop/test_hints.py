"""The hint ladder (desktop/midend/hints.py) and a hint's step as a move (Game.apply_step), on the engine."""

from __future__ import annotations

import numpy as np

from desktop.midend import Game, hints
from engine import (
    CandidateGrid,
    as_grid,
    candidate_masks,
    explain,
    iter_steps,
    next_step,
    solve,
)

# the first step of this puzzle (SE 3.4) is a pointing pair: eliminations only
POINTING_FIRST = "031805970000000000800901006000040000060000020070306040009050400200010007700000003"


def _board(puzzle: str) -> tuple[list[int], list[str], list[int], list[int]]:
    digits = [int(d) for d in as_grid(puzzle)]
    return digits, ["given" if d else "" for d in digits], [0] * 81, [int(d) for d in solve(puzzle)]


def test_the_ladder_goes_four_levels_deep_on_one_board_version_and_starts_again_on_another():
    digits, origins, notes, solution = _board(POINTING_FIRST)
    found = hints.find(digits, origins, notes, solution)
    ladder = hints.Ladder()
    ladder.start(7, found)
    views = [ladder.view()]
    for _ in range(4):
        assert ladder.deeper(7)
        views.append(ladder.view())
    assert [v["level"] for v in views] == [1, 2, 3, 4, 4]
    assert views[0]["unit"] >= 0 or views[0]["digit"], "level 1 says where to look"
    assert views[0]["technique"] == "" and views[0]["step"] is None
    assert views[1]["technique"] == found.step.technique and "cells" not in views[1]
    assert views[2]["cells"] and views[2]["digits"]
    step = views[3]["step"]  # the step's data and the engine's words for it, in one field
    assert views[3]["can_apply"] and {k: v for k, v in step.items() if k != "words"} == found.step.to_dict()
    assert step["words"] == {lang: explain(found.step, lang) for lang in ("en", "zh")}
    assert not any("text" in view for view in views)  # codes only: the page words the ladder
    assert ladder.ready(7) is found and ladder.ready(8) is None
    assert not ladder.deeper(8)  # another board version: a new hint is needed


def test_a_wrong_digit_then_notes_lacking_the_solution_are_found_before_any_step():
    digits, origins, notes, solution = _board(POINTING_FIRST)
    empty = [c for c in range(81) if not digits[c]]
    wrong = list(digits)
    wrong[empty[3]] = solution[empty[3]] % 9 + 1
    found = hints.find(wrong, origins, notes, solution)
    assert (found.kind, found.cell, found.digit) == ("wrong", empty[3], wrong[empty[3]])
    marks = list(notes)
    marks[empty[5]] = 0x1FF & ~(1 << (solution[empty[5]] - 1))
    found = hints.find(digits, origins, marks, solution)
    assert (found.kind, found.cell, found.digit) == ("notes", empty[5], solution[empty[5]])
    assert hints.find(digits, origins, marks, None).kind == "step"  # no solution known: no such check


def test_the_hint_reasons_from_the_notes_and_apply_strikes_its_eliminations_from_them():
    digits, origins, notes, solution = _board(POINTING_FIRST)
    first = hints.find(digits, origins, notes, solution)
    assert first.step == next(iter_steps(POINTING_FIRST)) and first.step.eliminations
    game = Game()
    game.load_puzzle(digits, solution=solution)
    assert game.apply_step(first.step.placements, first.step.eliminations, first.cands)
    masks = candidate_masks(np.array(digits, dtype=np.uint8))
    for cell, digit in first.step.eliminations:  # a cell without notes got the hint's, less the digit
        assert game.notes[cell] == int(masks[cell]) & ~(1 << (digit - 1))
    assert game.undo_log[-1].cause == "hint"
    second = hints.find(game.digits, game.origins, game.notes, solution)
    assert second.step != first.step  # the notes made that step: the hint goes on from them
    state = CandidateGrid(list(game.digits), hints.candidate_state(game.digits, game.notes))
    assert second.step == next_step(state)
    assert game.undo() and game.notes == [0] * 81


def test_a_guess_is_told_as_a_guess_from_the_first_level_not_as_a_place_to_look():
    digits = [0] * 81
    digits[0] = 1  # several solutions and no logic: only the solver's digit can go on
    found = hints.find(digits, ["given"] + [""] * 80, [0] * 81, None)
    assert found.step.technique == "guess"
    ladder = hints.Ladder()
    ladder.start(1, found)
    assert ladder.view()["technique"] == "guess"  # the page says logic cannot go on (ui/js/learn.js)
    ladder.deeper(1)
    assert ladder.view()["technique"] == "guess" and ladder.view()["step"] is None


def test_givens_are_told_to_the_engine_so_no_avoidable_rectangle_is_built_on_them():
    puzzle = "050000030902000408400000001046805390703060804800000002009604700004273900000000000"
    steps = list(iter_steps(puzzle))
    at = next(i for i, s in enumerate(steps) if s.links)  # an XY-chain, the easiest step there
    state = CandidateGrid.from_grid(list(as_grid(puzzle)))
    for step in steps[:at]:
        state.apply(step)
    # imported as a candidate line: every placed digit is a given, the candidates are notes
    origins = ["given" if d else "" for d in state.values]
    found = hints.find(state.values, origins, state.cands, [int(d) for d in solve(puzzle)])
    assert found.step == steps[at]
