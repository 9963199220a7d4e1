"""The 45 rule with little killers: a house covered once by diagonals leaves their outside cells a known
sum; found on a hand-made board, worded in both languages, sound on random states of random ones."""

from __future__ import annotations

import random

import engine
from engine.logic.variant import VariantState, diagonals, explain_variant, variant_next_step
from engine.logic.variant.view import variant_step_json
from engine.puzzle.model import LittleKiller, Puzzle
from tests.harness.variant_reader import random_state

# a 4x4: the diagonal r1c2-r2c1 sums to 3 and r1c1-r4c4 to 10; together they cover box 1 once
BOARD = Puzzle.checked(4, [0] * 16, (), [LittleKiller((1, 4), 3, (0, 3), "DL"),
                                         LittleKiller((0, 5, 10, 15), 10, (0, 0), "DR")])


def test_two_diagonals_covering_a_box_leave_their_outside_cells_the_rest_of_their_sums():
    state = VariantState.start(BOARD)
    assert variant_next_step(BOARD, state, "diagonal_leftovers") is not None
    step = next(s for s in diagonals.diagonal_leftovers(state) if s.detail["house"]["kind"] == "box"
                and s.detail["house"]["index"] == 0)
    # 3 + 10 - 10 (box 1): r3c3 + r4c4 = 3, so each is 1 or 2
    assert step.detail["total"] == 3 and step.cells == (10, 15)
    assert set(step.eliminations) == {(10, 3), (10, 4), (15, 3), (15, 4)}
    assert step.detail["lines"] == [0, 1] and step.detail["fills"] == []
    view = variant_step_json(step, BOARD)  # what the page draws: both diagonals and the box
    assert [line["kind"] for line in view["lines"]] == ["littlekiller"] * 2
    assert [h["kind"] for h in view["houses"]] == ["box"]
    en, zh = explain_variant(step), explain_variant(step, "zh")
    assert "little killer diagonal" in en and "box 1" in en and "sum to 3" in en and "{" not in en
    assert "小杀手斜线" in zh and "之和为 3" in zh and "{" not in zh
    row = next(s for s in diagonals.diagonal_leftovers(state) if s.detail["house"]["kind"] == "row")
    # row 1: the diagonals and box 2 cover it; outside it they hold all of row 2, which the words take out
    assert row.detail["total"] == 3 and "less the whole row 2" in explain_variant(row)
    assert "除去整个第2行" in explain_variant(row, "zh")


def test_a_diagonal_alone_does_not_cover_a_house_it_leaves_cells_of():
    lone = Puzzle.checked(4, [0] * 16, (), [LittleKiller((0, 5, 10, 15), 10, (0, 0), "DR")])
    assert list(diagonals.diagonal_leftovers(VariantState.start(lone))) == []


def _diagonals(n: int) -> list[tuple[int, ...]]:
    """Every diagonal of an n x n grid of two cells or more, down-right and down-left, from the edges."""
    out = set()
    for r0, c0 in [(0, c) for c in range(n)] + [(r, 0) for r in range(n)] + [(r, n - 1) for r in range(n)]:
        for dc in (1, -1):
            cells = []
            r, c = r0, c0
            while 0 <= r < n and 0 <= c < n:
                cells.append(r * n + c)
                r, c = r + 1, c + dc
            if len(cells) >= 2:
                out.add(tuple(cells))
    return sorted(out)


def test_the_leftovers_cut_no_solution_digit_on_random_states_of_random_little_killers():
    rng = random.Random(39)
    every = _diagonals(9)
    fired = 0
    for seed in range(12):
        sol = tuple(int(d) for d in engine.complete_grids(1, seed=seed)[0].ravel())
        lines = rng.sample(every, 24)  # fewer seldom cover a house once
        puzzle = Puzzle.checked(9, [0] * 81, (), [LittleKiller(cells, sum(sol[c] for c in cells))
                                                  for cells in lines])
        rec = {"puzzle": puzzle, "solution": sol}
        for _ in range(10):
            # up to every cell placed: a long sum outside a house cuts only once its cells are narrow
            for step in diagonals.diagonal_leftovers(random_state(rec, rng, 1, 0.5)):
                assert all(sol[c] != d for c, d in step.eliminations), step
                fired += 1
    assert fired > 10
