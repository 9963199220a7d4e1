"""Wings and chains on every variant house: each found on a board where it runs through a variant's
house or rule (an X diagonal, a cage, an anti-knight move, a killer cage that must hold a digit, a
16x16 grid) and not found without it; sound on random states of published puzzles; worded in both
languages; drawn with its links; tried before the contradiction trials."""

from __future__ import annotations

import random

import pytest

from engine.logic.techniques import technique_cost
from engine.logic.variant import VARIANT_TECHNIQUES, VariantState, explain_variant
from engine.logic.variant.state import mask_of
from engine.logic.variant.view import variant_step_json
from engine.puzzle.model import Cage, Diagonal, Puzzle, Rule, Thermometer
from tests.harness.variant_reader import random_state, train_records

NEW = ("xy_wing", "xyz_wing", "w_wing", "x_chain", "xy_chain", "aic")


def cell(name: str, n: int = 9) -> int:
    """``r1c1`` -> 0 (1-based row and column)."""
    r, c = name[1:].split("c")
    return (int(r) - 1) * n + int(c) - 1


def find(technique: str, state: VariantState) -> list:
    """Every step of ``technique`` that changes ``state``."""
    record = next(t for t in VARIANT_TECHNIQUES if t.id == technique)
    return [s for s in record.find(state) if state.changes(s)]


def start(constraints: list, n: int = 9, **cands: list[int]) -> VariantState:
    """An empty puzzle's state with the named cells' candidates set (``r1c1=[1, 2]``)."""
    state = VariantState.start(Puzzle.checked(n, [0] * (n * n), (), constraints))
    for name, ds in cands.items():
        state.cands[cell(name, n)] = mask_of(ds)
    return state


def only(state: VariantState, digit: int, keep: list[str], cells: list[int]) -> None:
    """Remove ``digit`` from ``cells`` but the named ones (a house's places cut down to those)."""
    kept = {cell(x, state.size) for x in keep}
    for c in cells:
        if c not in kept:
            state.cands[c] &= ~mask_of([digit])


def removed(steps: list) -> set[tuple[int, int]]:
    return {e for s in steps for e in s.eliminations}


def test_an_xy_wing_whose_pivot_sees_a_pincer_only_along_the_x_diagonal():
    wing = {"r1c1": [1, 2], "r5c5": [1, 3], "r1c9": [2, 3]}
    assert not find("xy_wing", start([], **wing))  # r1c1 and r5c5 share no row, column or box
    state = start([Diagonal(anti=True)], **wing)
    steps = find("xy_wing", state)
    assert steps[0].detail["pivot"] == cell("r1c1") and steps[0].detail["digit"] == 3
    # r9c9 sees r5c5 along the diagonal too
    assert removed(steps) == {(cell("r1c5"), 3), (cell("r5c9"), 3), (cell("r9c9"), 3)}
    en = explain_variant(steps[0])
    assert en.startswith("r1c1 holds 1/2 and sees r1c9 and r5c5, which hold 2/3 and 1/3 (r1c1 and r5c5 share")
    assert "diagonal" in en and "对角线" in explain_variant(steps[0], "zh")


def test_an_xyz_wing_whose_pivot_shares_only_a_cage_with_a_pincer():
    wing = {"r3c3": [1, 2, 3], "r4c4": [2, 3], "r3c8": [1, 3]}
    assert not find("xyz_wing", start([], **wing))
    state = start([Cage((cell("r3c3"), cell("r3c4"), cell("r4c4")))], **wing)
    (step,) = find("xyz_wing", state)
    assert step.eliminations == ((cell("r3c4"), 3),)  # the one cell seeing the pivot and both pincers


def test_a_w_wing_whose_strong_link_end_is_a_knight_move_from_one_cell():
    def board(constraints: list) -> VariantState:
        state = start(constraints, r3c2=[4, 7], r1c8=[4, 7])
        only(state, 4, ["r5c3", "r5c8"], [cell(f"r5c{k}") for k in range(1, 10)])  # row 5's 4s
        return state

    assert not find("w_wing", board([]))  # r5c3 sees r3c2 only by a knight's move
    steps = find("w_wing", board([Rule("antiknight")]))
    assert steps and all(d == 7 for _, d in removed(steps))
    assert (cell("r1c2"), 7) in removed(steps)  # sees r3c2 (column 2) and r1c8 (row 1)
    step = steps[0]
    ((p, q, strong),) = step.links
    assert {p, q} == {(cell("r5c3"), 4), (cell("r5c8"), 4)} and strong
    assert "knight's move" in explain_variant(step) and "马步" in explain_variant(step, "zh")


def test_an_x_chain_whose_weak_link_runs_along_the_x_diagonal():
    def board(constraints: list) -> VariantState:
        state = start(constraints)
        only(state, 5, ["r1c1", "r1c7"], [cell(f"r1c{k}") for k in range(1, 10)])
        only(state, 5, ["r5c5", "r5c9"], [cell(f"r5c{k}") for k in range(1, 10)])
        return state

    assert not find("x_chain", board([]))
    steps = find("x_chain", board([Diagonal(anti=True)]))
    want = {(cell(x), 5) for x in ("r2c9", "r3c9", "r4c7", "r6c7")}
    assert set(steps[0].eliminations) == want  # the cells seeing both r1c7 and r5c9
    assert steps[0].detail["chain_links"][1]["house"]["kind"] == "diagonal"  # r1c1 - r5c5
    assert explain_variant(steps[0]).startswith("(5)r1c7 = (5)r1c1 - (5)r5c5 = (5)r5c9")


def test_an_xy_chain_on_a_16x16_grid_through_a_cage():
    n = 16
    names = {"r1c1": [1, 2], "r1c10": [2, 3], "r9c12": [3, 4], "r9c2": [4, 1]}
    cage = Cage((cell("r1c10", n), cell("r9c12", n)))  # the link between r1c10 and r9c12
    assert not find("xy_chain", start([], n, **names))
    steps = find("xy_chain", start([cage], n, **names))
    assert steps and len(steps[0].detail["chain_nodes"]) == 8
    assert (cell("r1c2", n), 1) in steps[0].eliminations and (cell("r9c1", n), 1) in steps[0].eliminations
    assert "r10c1" in explain_variant(steps[0])  # a cell of r9c2's box in r1c1's column (16x16 names)


def test_an_aic_through_a_killer_cage_that_must_hold_its_digit():
    # the cage of 3 at r1c1-r1c2 must hold 1: (1)r1c1 = (1)r1c2 - (1)r4c2 = (6)r4c2 - (6)r4c8 = (7)r4c8
    # - (7)r7c8 = (1)r7c8, so r1c1 or r7c8 is 1
    cands = {"r4c2": [1, 6], "r4c8": [6, 7], "r7c8": [1, 7]}
    want = {(cell("r1c8"), 1), (cell("r7c1"), 1)}
    assert not any(set(s.eliminations) == want for s in find("aic", start([], **cands)))
    state = start([Cage((cell("r1c1"), cell("r1c2")), 3)], **cands)
    step = next(s for s in find("aic", state) if set(s.eliminations) == want)
    assert {"house"} == set(step.detail["chain_links"][0]) and step.detail["houses"][0]["kind"] == "cage"
    en, zh = explain_variant(step), explain_variant(step, "zh")
    assert "the cage of 3 at r1c1-r1c2 must hold 1" in en and "和为 3 的笼子" in zh
    view = variant_step_json(step, state.puzzle)
    assert view["links"][0] == [[1, 1, 1], [1, 2, 1], True] and len(view["links"]) == 7


@pytest.mark.parametrize(("constraint", "why", "words"), [
    (Rule("nonconsecutive"), {"mark": "nonconsecutive"}, "neighbours cannot be consecutive"),
    (Thermometer((0, 1)), {"mark": "thermo", "index": 0}, "the thermometer rises from one to the other"),
])
def test_an_aic_through_the_digits_a_rule_or_a_thermometer_forbids_together(constraint, why, words):
    # (2)r1c1 = (5)r1c1 - (4)r1c2 = (8)r1c2 - (8)r1c5 = (2)r1c5: the weak link is the constraint's (5
    # beside 4 is consecutive; a thermometer from r1c1 needs r1c2 above r1c1)
    cands = {"r1c1": [2, 5], "r1c2": [4, 8], "r1c5": [2, 8]}
    assert not any((cell("r1c9"), 2) in s.eliminations for s in find("aic", start([], **cands)))
    state = start([constraint], **cands)
    step = next(s for s in find("aic", state) if (cell("r1c9"), 2) in s.eliminations)
    assert step.detail["chain_links"][1] == {"pair": why}
    assert f"(5)r1c1 and (4)r1c2 cannot both hold ({words})" in explain_variant(step)
    assert "不能同时成立" in explain_variant(step, "zh")
    if "index" in why:  # the page draws the line the link rests on
        assert variant_step_json(step, state.puzzle)["lines"][0]["kind"] == "thermo"


def test_the_costs_are_the_classic_engines_and_chains_come_before_the_contradiction_trials():
    ids = [t.id for t in VARIANT_TECHNIQUES]
    for tid in NEW[:-1]:
        assert next(t.cost for t in VARIANT_TECHNIQUES if t.id == tid) == technique_cost(tid)
    assert ids.index("aic") < ids.index("contradiction")
    assert max(t.cost for t in VARIANT_TECHNIQUES if t.id in NEW) <= min(
        t.cost for t in VARIANT_TECHNIQUES if t.id == "contradiction")


RECORDS = [r for r in train_records() if r["solution"] is not None and not r["id"].startswith("iss-long")]


@pytest.mark.parametrize("technique", NEW)
def test_every_wing_and_chain_is_sound_and_worded_on_random_states_of_published_puzzles(technique):
    fired = 0
    for rec in RECORDS:
        rng = random.Random(rec["id"] + technique)
        for _ in range(2):
            state = random_state(rec, rng, 5, 0.5)
            for k, step in enumerate(find(technique, state)):
                assert all(rec["solution"][c] != d for c, d in step.eliminations), (rec["id"], step)
                assert all(rec["solution"][c] == d for c, d in step.placements), (rec["id"], step)
                en, zh = explain_variant(step), explain_variant(step, "zh")
                assert "{" not in en and "{" not in zh and any("\u4e00" <= ch <= "\u9fff" for ch in zh)
                fired += 1
                if k >= 10:
                    break
    assert fired > 0
