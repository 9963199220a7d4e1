"""The 45 rule with each crossing cage counted on the side it crosses least: a board made for it, its
words in both languages, and its cuts on random states of published killers checked against their
solutions."""

from __future__ import annotations

from engine.logic.variant import VariantState, explain_variant, nested, variant_next_step
from engine.logic.variant import cages as cage_steps
from engine.puzzle.model import Cage, Puzzle
from tests.harness.variant_reader import sound_cuts, train_records

SOLUTION = [int(ch) for ch in "534678912672195348198342567859761423426853791713924856961537284"
                               "287419635345286179"]


def _cell(name: str) -> int:
    r, c = name[1:].split("c")
    return (int(r) - 1) * 9 + int(c) - 1


def _cage(*names: str) -> Cage:
    cells = tuple(_cell(x) for x in names)
    return Cage(cells, sum(SOLUTION[c] for c in cells))


def _least(state: VariantState) -> list:
    steps = list(cage_steps.innies_outies(state)) + list(cage_steps.innies_outies_multi(state))
    return [s for s in steps if s.detail["form"] == "least"]


def test_row_1_counts_the_cage_mostly_in_it_in_and_the_cage_mostly_out_of_it_out() -> None:
    # row 1 of SOLUTION is 5 3 4 6 7 8 9 1 2: r1c1-r1c4 = 18 inside, r1c5-r1c7 + r2c7 = 27 mostly in,
    # r1c8 + r2c8 + r3c8 = 11 mostly out, r1c9 in no cage: r1c8 + r1c9 - r2c7 = 45 - 18 - 27 = 0, three
    # cells of box 3, so r2c7 (at least 1 + 2) is not 1 or 2 and neither innie (at most 9 - 1) is 9
    cons = [_cage("r1c1", "r1c2", "r1c3", "r1c4"), _cage("r1c5", "r1c6", "r1c7", "r2c7"),
            _cage("r1c8", "r2c8", "r3c8")]
    state = VariantState.start(Puzzle.checked(9, [0] * 81, (), cons), tuple(SOLUTION))
    (step,) = [s for s in _least(state) if [h["kind"] for h in s.detail["houses"]] == ["row"]]
    assert step.detail["innies"] == [_cell("r1c8"), _cell("r1c9")]
    assert step.detail["outies"] == [_cell("r2c7")]
    assert step.detail["total"] == 0 and step.detail["cages"] == [0, 1]
    assert set(step.eliminations) == {(_cell("r2c7"), 1), (_cell("r2c7"), 2), (_cell("r1c8"), 9),
                                      (_cell("r1c9"), 9)}
    assert all(SOLUTION[c] != d for c, d in step.eliminations)
    en, zh = explain_variant(step), explain_variant(step, "zh")
    assert "r1c8" in en and "side holding most of it" in en
    assert "r2c7" in zh and "多数格" in zh


def test_the_least_crossing_count_cuts_only_wrong_digits_on_published_killers() -> None:
    ids = ("iss-wecoc-1", "iss-wecoc-2", "iss-hs-killers-9")
    assert sound_cuts(_least, ids, 30, 39) > 10


def test_a_deep_chain_of_wecoc_2_needs_the_trials_picked_with_the_sums_across_houses(monkeypatch) -> None:
    """Early on wecoc-2's path a deep nested chain is found only by the trials the compiled propagation
    with the sums across houses picks (without them a guess came next); it cuts a wrong digit."""
    rec = next(r for r in train_records() if r["id"] == "iss-wecoc-2")
    sol = rec["solution"]
    state = VariantState.start(rec["puzzle"], tuple(sol))
    without = tuple(level for level in nested.DEEP if not level[0])
    for _ in range(30):
        step = variant_next_step(rec["puzzle"], state)
        assert step is not None and step.technique != "guess"
        if step.technique == "deep_nested_contradiction":
            with monkeypatch.context() as m:
                m.setattr(nested, "DEEP", without)
                if not list(nested.deep_nested_contradiction(state)):
                    break
        state.apply(step)
    else:
        raise AssertionError("no deep chain needed the sums across houses")
    assert step.eliminations and all(sol[c] != d for c, d in step.eliminations)
    assert explain_variant(step).startswith("if ") and explain_variant(step, "zh").startswith("如果")
