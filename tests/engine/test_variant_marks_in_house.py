"""Marks in a house: the dots, XV marks, signs and thermometer steps joining cells of one house, filled
together with it; found on a board where two white dots share a box and cut what each alone keeps, not
found with one dot, sound on random states of the published dot, XV and thermometer puzzles, worded in
both languages and drawn with its dots."""

from __future__ import annotations

from engine.logic.variant import VARIANT_TECHNIQUES, VariantState, explain_variant
from engine.logic.variant.pairhouse import marks_in_house
from engine.logic.variant.pairs import kropki
from engine.logic.variant.state import digits_of, mask_of
from engine.logic.variant.view import variant_step_json
from engine.puzzle.model import Dot, Puzzle
from tests.harness.variant_reader import sound_cuts


def _cell(name: str) -> int:
    r, c = name[1:].split("c")
    return (int(r) - 1) * 9 + int(c) - 1


DOTS = [Dot((_cell("r1c1"), _cell("r1c2")), "white"), Dot((_cell("r2c1"), _cell("r2c2")), "white")]


def _box1(dots: list[Dot]) -> VariantState:
    """Box 1 with r1c1 = 1/2 and r2c1 = 2/3, and each dot's own step taken."""
    state = VariantState.start(Puzzle.checked(9, [0] * 81, (), dots))
    state.cands[_cell("r1c1")] = mask_of([1, 2])
    state.cands[_cell("r2c1")] = mask_of([2, 3])
    for step in list(kropki(state)):
        state.apply(step)
    return state


def _changing(state: VariantState) -> list:
    return [s for s in marks_in_house(state) if state.changes(s)]


def test_two_white_dots_in_box_1_leave_r2c1_3_and_r2c2_4():
    state = _box1(DOTS)
    assert digits_of(state.cands[_cell("r2c2")]) == [1, 2, 3, 4]  # the dot alone: next to 2 or 3
    steps = _changing(state)
    assert len(steps) == 1 and steps[0].detail["house"]["kind"] == "box"
    # r2c1 = 2 wants r1c1 = 1 and r1c2 = 2 twice in the box; then r2c2 is next to 3 with 2 taken
    assert set(steps[0].eliminations) >= {(_cell("r2c1"), 2), (_cell("r2c2"), 1), (_cell("r2c2"), 2),
                                          (_cell("r2c2"), 3)}
    view = variant_step_json(steps[0], state.puzzle)
    assert [d["kind"] for d in view["dots"]] == ["dot", "dot"]
    en, zh = explain_variant(steps[0]), explain_variant(steps[0], "zh")
    assert "box 1" in en and "r1c1-r1c2, r2c1-r2c2" in en and "第1宫" in zh and "标记" in zh


def test_one_white_dot_in_box_1_is_left_to_the_dot_and_the_chains():
    assert not _changing(_box1(DOTS[:1]))


def test_marks_in_a_house_never_cut_the_solution_on_random_states_of_the_marked_puzzles():
    ids = ("iss-kropki-sudoku", "iss-strict-kropki", "iss-xv-sudoku", "iss-a-kind-of-magic",
           "iss-ctc-tribute")
    assert sound_cuts(marks_in_house, ids, 40, 39) > 10


def test_marks_in_a_house_are_tried_after_each_mark_alone():
    ids = [t.id for t in VARIANT_TECHNIQUES]
    assert ids.index("kropki") < ids.index("kropki_negative") < ids.index("marks_in_house")
    assert ids.index("marks_in_house") < ids.index("naked_pair")
