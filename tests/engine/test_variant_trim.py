"""A nested chain's words keep only the inner contradictions its trial needs: fewer than the replay
found, each still shown by its own worded trial, and the trial still dies by the words."""

from __future__ import annotations

import pytest

from engine.logic.variant import chains, nested, trim
from engine.logic.variant.driver import variant_next_step
from engine.logic.variant.state import VariantState
from tests.harness.variant_reader import state_before, train_records

RECORDS = {r["id"]: r for r in train_records()}


def _before(record: dict, technique: str) -> tuple[VariantState, object]:
    state, step = state_before(record, technique)
    assert step is not None, f"no {technique} on the path"
    return state, step


def _proves(state: VariantState, step: object, wide: bool, drop: int = 0) -> bool:
    """True when the step's words (less its last ``drop`` inner facts) are a proof: with its candidate
    placed, each inner candidate's worded trial dies (each then taken out), and the simple steps then
    kill the trial."""
    (cell, digit), = step.eliminations
    inner = step.detail["inner"][:len(step.detail["inner"]) - drop]
    s = state.copy()
    s.place(cell, digit)
    finders = chains.WIDE if wide else chains.FOLLOW
    why = chains.run(s, [], finders)
    for fact in inner:
        if why is not None or chains.trial(s, fact["cell"], fact["digit"], finders)[0] is None:
            return False  # words that kill the trial before its last inner fact name one too many
        s.eliminate(fact["cell"], fact["digit"])
        why = chains.run(s, [], finders)
    return why is not None


def test_a_published_killers_nested_chain_names_fewer_inner_contradictions_than_its_replay_found():
    rec = RECORDS["iss-ctc-tribute"]
    state, step = _before(rec, "nested_contradiction")
    (cell, digit), = step.eliminations
    full = nested.replay(state, cell, digit)
    assert rec["solution"][cell] != digit
    assert 0 < len(step.detail["inner"]) < len(full["inner"])
    assert _proves(state, step, wide=False)
    assert not _proves(state, step, wide=False, drop=1)  # the last one kept is needed


def test_the_fewest_are_the_whole_list_when_the_check_does_not_kill_the_trial():
    rec = RECORDS["iss-ctc-tribute"]
    state, step = _before(rec, "nested_contradiction")
    (cell, digit), = step.eliminations
    fast = chains.prober(state)
    inner = [(f["cell"], f["digit"]) for f in nested.replay(state, cell, digit)["inner"]]
    assert trim.fewest(fast, state, cell, digit, inner[:1], False) == inner[:1]
    assert len(trim.fewest(fast, state, cell, digit, inner, False)) == len(step.detail["inner"])


@pytest.mark.slow
def test_every_nested_chain_on_a_published_killers_path_is_a_proof_no_longer_than_its_replay():
    rec = RECORDS["iss-tarek-all-12"]
    state = VariantState.start(rec["puzzle"], rec["solution"])
    shorter = fired = 0
    while not state.is_solved():
        step = variant_next_step(state.puzzle, state)
        if step.technique == "nested_contradiction":
            (cell, digit), = step.eliminations
            full = len(nested.replay(state, cell, digit)["inner"])
            assert rec["solution"][cell] != digit and len(step.detail["inner"]) <= full
            assert _proves(state, step, wide=False), step
            shorter += len(step.detail["inner"]) < full
            fired += 1
        state.apply(step)
    assert fired > 0 and shorter > 0
