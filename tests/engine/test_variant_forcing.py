"""The forcing chains where every branch agrees: a cell's candidates, a house digit's places and a
cage's digit sets split into branches, what holds in every branch found on boards made for it, sound
on a published killer's states, worded in both languages."""

from __future__ import annotations

import random

import pytest

from engine.logic.variant import VariantState, explain_variant, forcing
from engine.logic.variant.state import digits_of, mask_of
from engine.logic.variant.view import variant_step_json
from engine.puzzle.model import Cage, Puzzle
from tests.harness.variant_reader import first_step_of, train_records


def _cell(name: str) -> int:
    r, c = name[1:].split("c")
    return (int(r) - 1) * 9 + int(c) - 1


def _keep(state: VariantState, name: str, digits: str) -> None:
    state.cands[_cell(name)] &= mask_of(int(ch) for ch in digits)


def test_a_cell_of_two_candidates_whose_branches_both_fill_a_pair_clears_the_row():
    state = VariantState.start(Puzzle.checked(9, [0] * 81, (), []))
    _keep(state, "r1c1", "12")
    _keep(state, "r1c2", "12")
    steps = list(forcing.forcing_chain(state))
    assert steps, "no forcing chain on a pair of cells"
    step = steps[0]
    assert step.technique == "forcing_chain" and not step.placements
    gone = {(c, d) for c, d in step.eliminations}
    assert {(_cell("r1c9"), 1), (_cell("r1c9"), 2), (_cell("r3c3"), 1)} <= gone
    assert all(d in (1, 2) for _, d in gone)
    en, zh = explain_variant(step), explain_variant(step, "zh")
    assert " or " in en and "if r1c" in en and "{" not in en
    assert "或" in zh and "{" not in zh


def test_a_cage_of_two_digit_sets_whose_branches_fill_a_box_takes_1_to_4_from_it():
    puzzle = Puzzle.checked(9, [0] * 81, (), [Cage((_cell("r1c1"), _cell("r1c2")), 5)])
    state = VariantState.start(puzzle)
    for name in ("r1c1", "r1c2"):
        _keep(state, name, "1234")
    _keep(state, "r2c1", "12")
    _keep(state, "r2c2", "34")
    steps = [s for s in forcing.forcing_chain(state) if s.detail["source"] == "cage"]
    assert steps, "no forcing chain on the cage's two digit sets"
    step = steps[0]
    assert step.detail["combos"] == [[1, 4], [2, 3]]
    gone = set(step.eliminations)
    assert {(_cell("r3c3"), d) for d in (1, 2, 3, 4)} <= gone
    view = variant_step_json(step, puzzle)
    assert view["explanation"]["en"].startswith("the cage of 5 at r1c1-r1c2 is 1+4 or 2+3")
    assert "只能是 1+4 或 2+3" in view["explanation"]["zh"]


@pytest.mark.slow
def test_forcing_chains_plain_and_nested_are_sound_on_random_states_of_a_published_killer():
    rec = next(r for r in train_records() if r["id"] == "iss-tarek-all-6")
    sol = rec["solution"]
    rng = random.Random(6)
    fired = 0
    for _ in range(6):
        state = VariantState.start(rec["puzzle"], sol)
        for c in rng.sample(range(81), rng.randint(10, 30)):
            state.place(c, sol[c])
        for c, m in enumerate(state.cands):
            for d in digits_of(m):
                if d != sol[c] and rng.random() < 0.3:
                    state.eliminate(c, d)
        for step in [*forcing.forcing_chain(state), *forcing.nested_forcing_chain(state)]:
            assert all(sol[c] != d for c, d in step.eliminations), step
            assert all(sol[c] == d for c, d in step.placements), step
            assert "{" not in explain_variant(step) + explain_variant(step, "zh")
            fired += 1
    assert fired > 0


def test_a_nested_forcing_chain_fires_where_the_other_chains_stop_on_a_published_killer():
    rec = next(r for r in train_records() if r["id"] == "iss-tarek-all-5")
    sol = rec["solution"]
    found = first_step_of(rec, "nested_forcing_chain")
    assert found is not None
    assert all(sol[c] != d for c, d in found.eliminations) and all(sol[c] == d for c, d in found.placements)
    assert any("inner" in b for b in found.detail["branches"])
    en, zh = explain_variant(found), explain_variant(found, "zh")
    assert "cannot be" in en and "either way" in en and "{" not in en
    assert "不能是" in zh and "无论哪种情况" in zh and "{" not in zh
