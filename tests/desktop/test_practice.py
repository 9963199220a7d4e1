"""The technique trainer's Python half: desktop/midend/trainer.py (the Trainer the mid end owns, its commands,
the scores' save body), its jobs (desktop/host/practice.py) and its calls (desktop/contract/practice.py), on
the real Api and the shipped bank."""

from __future__ import annotations

import json
import time

import numpy as np
import pytest

from desktop.contract.api import Api
from desktop.midend import GameError, Play
from desktop.midend.midend import Midend
from desktop.midend.trainer import TOP_UP_MS, Trainer, dump_scores, grade, load_scores
from engine import TECHNIQUES, CandidateGrid, practice_step, solve
from tests.harness.states import state_of


def _shown(api) -> dict:
    return state_of(api)["practice"]


def _state(shown: dict) -> CandidateGrid:
    return CandidateGrid(shown["digits"], shown["cands"], sum(g << c for c, g in enumerate(shown["givens"])))


def test_the_picker_lists_every_technique_but_guess_by_family_with_level_and_bank_size(api):
    assert api.practise_open()["ok"]
    shown = _shown(api)
    ids = [e["id"] for e in shown["techniques"]]
    assert "guess" not in ids and sorted(ids) == sorted(t.id for t in TECHNIQUES if t.id != "guess")
    families = [e["family"] for e in shown["techniques"]]
    assert all(families.index(f) == i or families[i - 1] == f for i, f in enumerate(families))  # grouped
    levels = ("easy", "medium", "hard", "expert", "master", "extreme")
    assert all(e["level"] in levels for e in shown["techniques"])
    assert all(e["few"] for e in shown["techniques"] if e["states"] < 30)
    assert shown["technique"] == "full_house" and shown["number"] == 1  # the easiest with enough states


def test_the_real_step_is_right_a_part_missing_the_solutions_digit_wrong_and_the_game_untouched(api):
    game = state_of(api)
    assert api.practise_open("x_wing")["ok"]
    shown = _shown(api)
    step = practice_step(_state(shown), "x_wing")
    first, *rest = step.eliminations
    assert api.practise_mark(*first, "strike")["ok"]
    assert api.practise_check()["verdict"] == ("missing" if rest else "right")
    for cell, digit in rest:
        assert api.practise_mark(cell, digit, "strike")["ok"]
    assert api.practise_check()["verdict"] == "right"
    assert _shown(api)["answer"]["step"]["eliminations"] == [list(p) for p in step.eliminations]
    assert api.practise_next()["ok"]
    shown = _shown(api)
    cell = shown["digits"].index(0)
    truth = int(solve(np.array(shown["digits"], dtype=np.uint8))[cell])
    assert api.practise_mark(cell, truth, "strike")["ok"]
    assert api.practise_check()["verdict"] == "wrong"
    assert _shown(api)["wrong"] == [[cell, truth]]
    assert api.practise_close()["ok"] and _shown(api) == {"open": False}
    after = state_of(api)
    assert (after["digits"], after["version"], after["can_undo"]) == (game["digits"], game["version"],
                                                                      game["can_undo"])


def test_scores_count_the_first_check_of_a_state_and_are_kept_in_their_own_versioned_file(tmp_path, bridge):
    api = Api(bridge, tmp_path, "en")
    api.practise_open("hidden_single")
    step = practice_step(_state(_shown(api)), "hidden_single")
    for cell, digit in step.placements:
        api.practise_mark(cell, digit, "place")
    assert api.practise_check()["verdict"] == "right"
    api.practise_check()  # a second check of the same state does not count
    api.practise_next()
    api.practise_show()
    api.practise_check()  # after Show answer: not counted
    body = json.loads((tmp_path / "practice.json").read_text())
    assert body == {"format": "sudoku-studio/practice", "version": 1,
                    "scores": {"hidden_single": {"right": 1, "tries": 1}}}
    again = Api(bridge, tmp_path, "en")
    again.practise_open("")
    entry = next(e for e in _shown(again)["techniques"] if e["id"] == "hidden_single")
    assert (entry["right"], entry["tries"]) == (1, 1)


def test_a_damaged_scores_file_is_kept_aside_and_the_trainer_starts_fresh(tmp_path, bridge):
    (tmp_path / "practice.json").write_text('{"format": "sudoku-studio/practice", "version": 1, "scores": 5}')
    api = Api(bridge, tmp_path, "en")
    assert api.practise_open("")["ok"]
    assert all(e["tries"] == 0 for e in _shown(api)["techniques"])
    assert [p.name.startswith("practice.json.damaged-") for p in tmp_path.iterdir()].count(True) == 1


@pytest.mark.parametrize("body", [
    None, {}, {"format": "sudoku-studio/practice", "version": 2, "scores": {}},
    {"format": "sudoku-studio/practice", "version": 1, "scores": {"x_wing": {"right": 2, "tries": 1}}},
    {"format": "sudoku-studio/practice", "version": 1, "scores": {"x_wing": {"right": True, "tries": 1}}},
    {"format": "sudoku-studio/practice", "version": 1, "scores": {"x_wing": [1, 1]}},
])
def test_malformed_scores_are_refused(body):
    with pytest.raises(ValueError):
        load_scores(body)


def test_scores_round_trip():
    scores = {"x_wing": {"right": 3, "tries": 5}, "aic": {"right": 0, "tries": 1}}
    assert load_scores(json.loads(json.dumps(dump_scores(scores)))) == scores


@pytest.mark.parametrize("call,args,code", [
    ("practise_open", ("guess",), "bad_argument"),
    ("practise_open", ("x" * 100,), "bad_argument"),
    ("practise_open", (3,), "bad_argument"),
    ("practise_open", ("exocet",), "no_practice_states"),
    ("practise_next", (), "nothing_to_do"),
    ("practise_check", (), "nothing_to_do"),
    ("practise_mark", (81, 1, "strike"), "bad_argument"),
    ("practise_mark", (0, 1, "erase"), "bad_argument"),
    ("practise_mark", (0, True, "strike"), "bad_argument"),
])
def test_bad_calls_are_refused_with_a_code(api, call, args, code):
    answer = getattr(api, call)(*args)
    assert not answer["ok"] and answer["error"]["code"] == code


def test_marking_a_filled_cell_or_a_missing_candidate_is_refused(api):
    api.practise_open("x_wing")
    shown = _shown(api)
    filled = next(c for c in range(81) if shown["digits"][c])
    assert api.practise_mark(filled, 1, "strike")["error"]["code"] == "not_a_candidate"
    empty = next(c for c in range(81) if not shown["digits"][c] and shown["cands"][c] != 511)
    absent = next(d for d in range(1, 10) if not shown["cands"][empty] >> (d - 1) & 1)
    assert api.practise_mark(empty, absent, "strike")["error"]["code"] == "not_a_candidate"


def test_a_technique_with_few_states_is_topped_up_in_the_background(api, bridge, monkeypatch):
    from engine import next_step

    # hidden singles (30 shipped) count as few: quick to find
    monkeypatch.setattr("desktop.midend.trainer.FEW", 32)
    monkeypatch.setattr("desktop.host.practice.CHUNK_SECONDS", 1.0)
    assert api.practise_open("hidden_single")["ok"]

    def topped(payload: dict) -> bool:
        shown = payload["state"].get("practice", {})
        entry = next((e for e in shown.get("techniques", []) if e["id"] == "hidden_single"), None)
        return entry is not None and entry["states"] == 32 and not entry["few"]

    bridge.wait_for("state", topped, timeout=60)
    trainer = api._host.midend.trainer
    found = trainer.found["hidden_single"]
    assert len(found) == 2
    assert all(next_step(state.copy(), unique=True).technique == "hidden_single" for state in found)
    drawn = 0
    for _ in range(200):  # the found states are drawn among the shipped ones (moved at random)
        trainer.next_state()
        drawn += trainer.state.values.count(0) in {s.values.count(0) for s in found}
    assert drawn


def test_the_top_up_stops_when_the_trainer_leaves_the_technique(api, monkeypatch):
    # So many states wanted that the look cannot end by finding them before the close below.
    monkeypatch.setattr("desktop.midend.trainer.FEW", 100_000)
    monkeypatch.setattr("desktop.host.practice.CHUNK_SECONDS", 0.5)
    api.practise_open("hidden_single")
    assert api._host.midend.looking == "hidden_single"
    api.practise_close()
    deadline = time.monotonic() + 10
    while api._host.midend.looking and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not api._host.midend.looking


def test_every_technique_with_states_grades_its_real_step_right_and_the_solutions_digit_wrong():
    from engine import bank_counts

    trainer = Trainer({}, seed=7)
    trainer.opened = True
    practised = [tid for tid, count in bank_counts().items() if count]
    assert len(practised) >= 50
    for tid in practised:
        trainer.choose(tid)
        step = practice_step(trainer.state, tid)
        assert step is not None and step.technique == tid
        for cell, digit in step.eliminations:
            trainer.mark(cell, digit, "strike")
        for cell, digit in step.placements:
            trainer.mark(cell, digit, "place")
        asked = trainer.question()
        assert trainer.graded(asked, grade(asked)) == "right", tid
        trainer.next_state()
        cell = trainer.state.values.index(0)
        truth = int(solve(np.array(trainer.state.values, dtype=np.uint8))[cell])
        trainer.mark(cell, truth, "strike")
        asked = trainer.question()
        assert trainer.graded(asked, grade(asked)) == "wrong", tid
    assert all(score == {"right": 1, "tries": 2} for score in trainer.scores.values())


def _midend(scores: dict | None = None) -> Midend:
    return Midend(Play(), {"show_mistakes": False}, scores=scores, seed=11)


def test_the_midend_owns_the_trainer_and_says_when_the_scores_are_to_be_saved():
    mid = _midend({"x_wing": {"right": 2, "tries": 3}})
    assert "practice" not in mid.snapshot(0)  # not used yet in this run
    assert mid.do({"name": "practice_open", "technique": "hidden_single"}, 0) == {"changed": False}
    shown = mid.snapshot(0)["practice"]
    assert shown["open"] and shown["technique"] == "hidden_single" and shown["number"] == 1
    assert next(e for e in shown["techniques"] if e["id"] == "x_wing")["right"] == 2
    step = practice_step(_state(shown), "hidden_single")
    for cell, digit in step.placements:
        mid.do({"name": "practice_mark", "cell": cell, "digit": digit, "kind": "place"}, 1)
    asked = mid.do({"name": "practice_question"}, 2)["question"]
    first = mid.do({"name": "practice_graded", "question": asked, "graded": grade(asked)}, 3)
    again = mid.do({"name": "practice_graded", "question": asked, "graded": grade(asked)}, 4)
    assert (first["verdict"], first["scores"], again["scores"]) == ("right", True, False)
    assert mid.practice_scores == {"x_wing": {"right": 2, "tries": 3},
                                   "hidden_single": {"right": 1, "tries": 1}}
    assert mid.snapshot(5)["version"] == 0 and not mid.snapshot(5)["can_undo"]  # the game untouched
    mid.do({"name": "practice_close"}, 6)
    assert mid.snapshot(6)["practice"] == {"open": False}


def test_a_check_after_show_answer_scores_nothing_and_asks_no_save():
    mid = _midend()
    mid.do({"name": "practice_open", "technique": "x_wing"}, 0)
    asked = mid.do({"name": "practice_question"}, 1)["question"]
    mid.do({"name": "practice_shown", "question": asked, "step": None}, 2)
    after = mid.do({"name": "practice_graded", "question": asked, "graded": grade(asked)}, 3)
    assert not after["scores"] and mid.practice_scores == {}


def test_a_grade_or_a_step_for_marks_changed_meanwhile_is_refused_as_stale():
    mid = _midend()
    mid.do({"name": "practice_open", "technique": "x_wing"}, 0)
    asked = mid.do({"name": "practice_question"}, 1)["question"]
    cell = next(c for c in range(81) if not asked.state.values[c])
    digit = next(d for d in range(1, 10) if asked.state.cands[cell] >> (d - 1) & 1)
    mid.do({"name": "practice_mark", "cell": cell, "digit": digit, "kind": "strike"}, 2)
    for command in ({"name": "practice_graded", "question": asked, "graded": grade(asked)},
                    {"name": "practice_shown", "question": asked, "step": None}):
        with pytest.raises(GameError) as refused:
            mid.do(command, 3)
        assert refused.value.code == "stale"
    assert mid.practice_scores == {} and mid.snapshot(3)["practice"]["verdict"] == ""


def test_top_up_states_are_kept_only_while_their_technique_is_shown_with_few(monkeypatch):
    from engine import practice_states

    monkeypatch.setattr("desktop.midend.trainer.FEW", 32)
    found = practice_states("hidden_single", 3, np.random.default_rng(5))
    mid = _midend()
    assert mid.do({"name": "practice_open", "technique": "hidden_single"}, 0)["top_up"] == "hidden_single"
    assert "top_up" not in mid.do({"name": "practice_open", "technique": ""}, 1)  # one look at a time
    answer = mid.do({"name": "practice_found", "technique": "hidden_single", "states": found[:1]}, 2)
    assert answer["more"] and len(mid.trainer.found["hidden_single"]) == 1
    mid.do({"name": "practice_close"}, 3)
    answer = mid.do({"name": "practice_found", "technique": "hidden_single", "states": found[1:]}, 4)
    assert not answer["more"] and mid.looking == "" and len(mid.trainer.found["hidden_single"]) == 1
    assert mid.do({"name": "practice_open", "technique": ""}, 5)["top_up"] == "hidden_single"
    late = mid.do({"name": "practice_found", "technique": "hidden_single", "states": []}, 5 + TOP_UP_MS)
    assert not late["more"] and mid.looking == ""  # its time is spent for this run
    assert "top_up" not in mid.do({"name": "practice_open", "technique": ""}, 6 + TOP_UP_MS)
    ended = mid.do({"name": "practice_found", "technique": "x_wing", "states": found}, 7 + TOP_UP_MS)
    assert not ended["more"] and len(mid.trainer.found["hidden_single"]) == 1  # not the look going on
