"""Arrows in a house: the arrows whose lines lie in one house, filled together with it; found on a board
where two arrows share a box and cut what each alone keeps, not found with one arrow, sound on random
states of the published arrow puzzles, worded in both languages."""

from __future__ import annotations

from engine.logic.variant import VARIANT_TECHNIQUES, VariantState, explain_variant
from engine.logic.variant.arrowhouse import arrow_house
from engine.logic.variant.lines import arrow
from engine.logic.variant.state import digits_of, mask_of
from engine.puzzle.model import Arrow, Puzzle
from tests.harness.variant_reader import sound_cuts


def _cell(name: str) -> int:
    r, c = name[1:].split("c")
    return (int(r) - 1) * 9 + int(c) - 1


TWO = [Arrow(circle=(_cell("r1c1"),), line=(_cell("r2c1"), _cell("r3c1"))),
       Arrow(circle=(_cell("r1c2"),), line=(_cell("r2c2"), _cell("r3c2")))]


def _box1(arrows: list[Arrow]) -> VariantState:
    """Box 1 with the arrows' line cells down to 1, 2, 3, 5, and each arrow's own step taken."""
    state = VariantState.start(Puzzle.checked(9, [0] * 81, (), arrows))
    for a in arrows:
        for c in a.line:
            state.cands[c] = mask_of([1, 2, 3, 5])
    for step in list(arrow(state)):
        state.apply(step)
    return state


def _left(state: VariantState, steps: list, name: str) -> list[int]:
    c = _cell(name)
    gone = {d for s in steps for x, d in s.eliminations if x == c}
    return [d for d in digits_of(state.cands[c]) if d not in gone]


def test_two_arrows_in_box_1_share_1_2_3_5_so_their_circles_are_4_and_7():
    state = _box1(TWO)
    assert digits_of(state.cands[_cell("r1c1")]) == [3, 4, 5, 6, 7, 8]  # each arrow alone: two of 1, 2, 3, 5
    steps = [s for s in arrow_house(state) if state.changes(s)]
    assert steps and steps[0].technique == "arrow_house"
    # 3 = 1+2 leaves 3+5 = 8, 5 = 2+3 leaves 1+5 = 6: each uses a digit of the other's line
    assert _left(state, steps, "r1c1") == [4, 7] and _left(state, steps, "r1c2") == [4, 7]
    assert steps[0].detail["house"]["kind"] == "box" and sorted(steps[0].detail["lines"]) == [0, 1]
    en, zh = explain_variant(steps[0]), explain_variant(steps[0], "zh")
    assert "box 1" in en and "the arrow from r1c1 and the arrow from r1c2" in en
    assert "第1宫" in zh and "圆圈在 r1c1 的箭头" in zh


def test_one_arrow_in_box_1_keeps_every_sum_of_two_of_its_line_digits():
    state = _box1(TWO[:1])
    steps = [s for s in arrow_house(state) if state.changes(s)]
    assert _left(state, steps, "r1c1") == [3, 4, 5, 6, 7, 8]


def test_arrows_in_a_house_never_cut_the_solution_on_random_states_of_the_arrow_puzzles():
    assert sound_cuts(arrow_house, ("iss-ctc-tribute", "iss-pill-arrow-sudoku"), 60, 39) > 10


def test_arrows_in_a_house_are_tried_after_each_arrow_alone_and_before_the_pairs_and_fish():
    ids = [t.id for t in VARIANT_TECHNIQUES]
    assert ids.index("arrow") < ids.index("arrow_houses") < ids.index("arrow_house") < ids.index("naked_pair")
