"""The deeper nested contradiction: where every other chain stops on a published puzzle, a trial that
dies once its own contradictions, nested chains among them, are out; its words are a proof."""

from __future__ import annotations

import pytest

from engine.logic.variant import chains, deeper, explain_variant
from engine.logic.variant.state import Geometry, VariantState
from engine.puzzle.model import Cage, Puzzle
from tests.harness.variant_reader import state_before, train_records

RECORDS = {r["id"]: r for r in train_records()}
PUZZLE = "iss-wecoc-1"  # guessed 5 times with the deep nested contradiction as the last chain


def _dies(state: VariantState, cell: int, digit: int, fact: dict) -> bool:
    """True when ``digit`` in ``cell`` dies by the worded facts: each inner fact's own proof holds (each
    then taken out), and the simple and 45 rule's steps then kill the trial."""
    s = state.copy()
    s.place(cell, digit)
    why = chains.run(s, [], chains.WIDE)
    for inner in fact.get("inner", []):
        if why is not None:
            return True
        if not _dies(s, inner["cell"], inner["digit"], inner):
            return False
        s.eliminate(inner["cell"], inner["digit"])
        why = chains.run(s, [], chains.WIDE)
    return why is not None


def _own(state: VariantState) -> VariantState:
    """The same candidates on a geometry of their own: no search of a path counted against it."""
    return VariantState(Geometry.of(state.puzzle), list(state.values), list(state.cands), state.solution)


@pytest.fixture(scope="module")
def found() -> tuple[dict, VariantState, object]:
    rec = RECORDS[PUZZLE]
    state, step = state_before(rec, "deeper_nested_contradiction")
    assert step is not None, "no deeper nested chain on the path"
    return rec, state, step


@pytest.mark.slow
def test_the_deeper_chain_fires_on_a_published_killer_where_the_others_stop_and_is_sound(found):
    rec, state, step = found
    (cell, digit), = step.eliminations
    assert rec["solution"][cell] != digit
    nested_facts = [f for f in step.detail["inner"] if f.get("inner")]
    assert nested_facts, "no inner fact is a nested chain of its own"
    assert all(rec["solution"][c] != d for c, d in step.candidates)


@pytest.mark.slow
def test_the_deeper_chains_words_are_a_proof_in_both_languages(found):
    _, state, step = found
    (cell, digit), = step.eliminations
    assert _dies(state, cell, digit, step.detail)
    en, zh = explain_variant(step), explain_variant(step, "zh")
    assert en.startswith("if ") and en.count("cannot be") >= 2 and "{" not in en
    assert zh.startswith("如果") and zh.count("不能是") >= 2 and "{" not in zh


@pytest.mark.slow
def test_the_compiled_search_picks_only_wrong_candidates_and_the_replay_words_one(found):
    rec, walked, _ = found
    state = _own(walked)  # the path searched this state already, and a path searches a state once
    fast = chains.prober(state, True)
    picked = deeper._outer(state, fast, True)
    assert picked and all(rec["solution"][c] != d for c, d in picked)
    assert any(deeper.replay(state, c, d, True) is not None for c, d in picked)


@pytest.mark.slow
def test_a_proof_missing_its_nested_fact_does_not_kill_the_trial(found):
    _, state, step = found
    (cell, digit), = step.eliminations
    first = next(i for i, f in enumerate(step.detail["inner"]) if f.get("inner"))
    cut = {**step.detail, "inner": step.detail["inner"][:first]}
    assert not _dies(state, cell, digit, cut)


def test_a_path_never_searches_one_state_twice_nor_past_its_budget(monkeypatch):
    # a 4x4 of many solutions (r1c1 + r1c2 = 3): no candidate dies, so every search is spent in vain
    state = VariantState.start(Puzzle.checked(4, [0] * 16, (), [Cage((0, 1), 3)]))
    fast = chains.prober(state, True)
    assert deeper._outer(state, fast, True) == []
    spent = state.geometry.remember("deeper_spent", dict)
    first = spent["trials"]
    assert first > 0
    assert deeper._outer(state, fast, True) == [] and spent["trials"] == first  # the same state: no search
    moved = state.copy()
    moved.eliminate(0, 1)
    deeper._outer(moved, fast, True)
    assert spent["trials"] > first  # a new state: a new search
    monkeypatch.setattr(deeper, "PATH_BUDGET", spent["trials"])
    before = spent["trials"]
    moved.eliminate(0, 2)
    deeper._outer(moved, fast, True)
    assert spent["trials"] == before  # the budget is spent: no search


def test_a_16x16_is_searched_too_and_past_9x9_under_the_smaller_path_budget(monkeypatch):
    # an empty 16x16 with one cage: no candidate dies, so every search is spent in vain (kept small here)
    monkeypatch.setattr(deeper, "BUDGET", 20_000)
    state = VariantState.start(Puzzle.checked(16, [0] * 256, (), [Cage((0, 1), 3)]))
    assert list(deeper.deeper_nested_contradiction(state)) == []
    spent = state.geometry.remember("deeper_spent", dict)
    assert spent["trials"] > 0  # searched: the chain runs past 9x9
    monkeypatch.setattr(deeper, "PAST_9_BUDGET", spent["trials"])
    moved = state.copy()
    moved.eliminate(2, 1)
    before = spent["trials"]
    assert list(deeper.deeper_nested_contradiction(moved)) == []
    assert spent["trials"] == before < deeper.PATH_BUDGET  # past 9x9 the smaller budget is spent
