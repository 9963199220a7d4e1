"""The variant contradiction chains the compiled propagation picks: the filter is sound, a trial it flags
is worded, and the nested forcing chain (and the deep one, where a guess came) fires on a published
killer, sound on random states, in both languages."""

from __future__ import annotations

import random

import pytest

from engine.logic.variant import chains, explain_variant, nested
from engine.logic.variant.state import popcount
from engine.puzzle.model import Cage, Puzzle
from engine.solve.variant_prober import Prober
from tests.harness.variant_reader import first_step_of, random_state, stall_state, train_records

RECORDS = {r["id"]: r for r in train_records()}
KILLERS = ["iss-hs-killers-7", "iss-tarek-all-3", "iss-wecoc-2"]


def test_the_prober_finds_a_digit_a_cage_cannot_take_and_a_broken_state():
    fast = Prober(Puzzle.checked(4, [0] * 16, (), [Cage((0, 1), 3)]))  # r1c1 + r1c2 = 3 on a 4x4
    row = fast.state([0b1111] * 16)
    assert fast.dead(row, [(0, 3), (0, 1), (1, 2), (5, 4)]) == [(0, 3)]
    assert fast.propagate(row)[0] == 0b0011
    assert fast.propagate(fast.state([0b0001, 0b0001] + [0b1111] * 14)) is None


@pytest.mark.parametrize("rid", KILLERS)
def test_the_compiled_filter_flags_only_candidates_off_the_solution(rid):
    rec = RECORDS[rid]
    rng = random.Random(rid)
    flagged = 0
    for _ in range(8):
        state = random_state(rec, rng, 4, 0.6)
        for c, d in chains.flagged(state):
            assert rec["solution"][c] != d
            flagged += 1
    assert flagged > 0


def test_a_flagged_candidate_of_a_cell_past_the_trials_cap_is_worded_as_a_contradiction():
    state = stall_state(RECORDS["iss-tarek-all-6"])
    wide = [(c, d) for c, d in chains.flagged(state) if popcount(state.cands[c]) > chains.MAX_CANDIDATES]
    assert wide, "the stall has no dead candidate in a cell of many candidates"
    steps = list(chains.contradiction(state))
    sol = RECORDS["iss-tarek-all-6"]["solution"]
    assert steps and all(sol[c] != d for s in steps for c, d in s.eliminations)
    assert any(s.eliminations[0] in wide for s in steps)
    for step in steps[:3]:
        assert explain_variant(step).startswith("if ") and explain_variant(step, "zh").startswith("如果")


@pytest.mark.parametrize(("rid", "technique"), [
    # tarek-all-6: since a cage's digit sets are fitted cell by cell, plain chains finish hs-killers-7
    ("iss-tarek-all-6", "nested_contradiction"),
    # tarek-all-15 guessed at its 22nd step: inner trials on cells of 3 candidates found nothing there
    ("iss-tarek-all-15", "deep_nested_contradiction"),
])
def test_a_nested_chain_fires_where_the_plainer_chains_stop_on_a_published_killer(rid, technique):
    rec = RECORDS[rid]
    found = first_step_of(rec, technique)
    assert found is not None
    (c, d), = found.eliminations
    assert rec["solution"][c] != d and found.detail["inner"]
    en, zh = explain_variant(found), explain_variant(found, "zh")
    assert en.startswith("if ") and "cannot be" in en and "{" not in en
    assert zh.startswith("如果") and "不能是" in zh and "{" not in zh


def test_a_trial_the_worded_steps_kill_alone_is_a_plain_chain_not_a_nested_one_with_no_inner_step():
    state = stall_state(RECORDS["iss-tarek-all-6"])
    # a step whose trial the simple steps kill (not one that needed the 45 rule's steps)
    plain = next(s for s in chains.contradiction(state) if chains.trial(state, *s.eliminations[0])[0])
    (c, d), = plain.eliminations
    facts = nested.replay(state, c, d)
    assert facts is not None and facts["inner"] == []
    step = nested.step_of(state, c, d, facts)
    assert step.technique == "contradiction" and "inner" not in step.detail
    assert explain_variant(step) == explain_variant(plain) and "{" not in explain_variant(step, "zh")


@pytest.mark.slow
def test_the_nested_chain_is_sound_on_random_states_of_published_killers():
    fired = 0
    for rid in KILLERS:
        rec = RECORDS[rid]
        rng = random.Random(rid + "-nested")
        for _ in range(3):
            for step in nested.nested_contradiction(random_state(rec, rng, 4, 0.6)):
                assert all(rec["solution"][c] != d for c, d in step.eliminations), step
                # inner eliminations hold under the false hypothesis only (they may take the solution digit)
                deads = {fact["dead"] for fact in step.detail["inner"]}
                assert deads and deads <= {"cell", "house", "repeat", "cage", "line"}
                fired += 1
    assert fired > 0


@pytest.mark.slow
def test_the_deep_nested_chain_is_sound_on_random_states_of_published_killers():
    fired = 0
    for rid in [*KILLERS, "iss-tarek-all-13", "iss-hs-killers-9"]:
        rec = RECORDS[rid]
        rng = random.Random(rid + "-deep")
        for _ in range(4):  # near the start (few digits placed, most candidates kept), where it is needed
            for step in nested.deep_nested_contradiction(random_state(rec, rng, 9, 0.9)):
                assert all(rec["solution"][c] != d for c, d in step.eliminations), step
                deep = step.technique == "deep_nested_contradiction"
                assert deep == bool(step.detail.get("inner")), step  # none inner: worded as a plain one
                assert step.detail["dead"] in {"cell", "house", "repeat", "cage", "line"}
                fired += 1
    assert fired > 0
