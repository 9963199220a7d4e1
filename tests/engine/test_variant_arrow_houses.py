"""An arrow's line by houses: the line's cells in one house hold different digits, which bounds a long
line's sum where the plain sum cannot; found on a board made for it and sound on the long-sum arrows."""

from __future__ import annotations

from engine.logic.variant import VariantState, explain_variant, lines
from engine.puzzle.model import Arrow, Puzzle
from tests.harness.variant_reader import train_records


def _cell(name: str) -> int:
    r, c = name[1:].split("c")
    return (int(r) - 1) * 9 + int(c) - 1


def test_a_line_through_all_of_box_5_and_eight_cells_of_box_9_puts_8_in_the_circles_tens():
    snake = "r4c4 r4c5 r4c6 r5c6 r5c5 r5c4 r6c4 r6c5 r6c6 r7c7 r7c8 r7c9 r8c9 r8c8 r8c7 r9c7 r9c8"
    line = tuple(_cell(x) for x in snake.split())
    puzzle = Puzzle.checked(9, [0] * 81, (), [Arrow(circle=(_cell("r9c1"), _cell("r9c2")), line=line)])
    state = VariantState.start(puzzle)
    steps = list(lines.arrow_houses(state))
    assert steps
    step = steps[0]
    assert (step.detail["low"], step.detail["high"]) == (81, 89)  # 45 + (1..8 = 36 to 2..9 = 44)
    assert {d for c, d in step.eliminations if c == _cell("r9c1")} == {1, 2, 3, 4, 5, 6, 7, 9}
    assert (_cell("r9c2"), 8) in step.eliminations
    en, zh = explain_variant(step), explain_variant(step, "zh")
    assert "box 5 and box 9" in en and "81 to 89" in en
    assert "第5宫和第9宫" in zh and "81 到 89" in zh


def test_the_long_sum_arrows_are_cut_by_houses_and_every_cut_keeps_the_solution():
    for rec in train_records():
        if not rec["id"].startswith("iss-long-sums") or rec["solution"] is None:
            continue
        sol = rec["solution"]
        state = VariantState.start(rec["puzzle"], sol)
        fired = 0
        for _ in range(20):
            step = next(lines.arrow_houses(state), None)
            if step is None:
                break
            assert all(sol[c] != d for c, d in step.eliminations), step
            state.apply(step)
            fired += 1
        assert fired > 0, rec["id"]
