"""Undo to first mistake (desktop/midend/mistakes.py): one undoable move back to the last clean board."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.bridge import RecordingBridge
from desktop.contract.api import Api
from desktop.io import saves
from desktop.midend import GameError, Play
from desktop.midend.hints import Finding
from desktop.midend.midend import Midend
from desktop.midend.rules import unique_solution
from tests.harness.proof import replay
from tests.harness.states import state_of

PUZZLE = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
GIVENS = [int(c) for c in PUZZLE]
SOLUTION = unique_solution(GIVENS)
EMPTY = [c for c in range(81) if not GIVENS[c]]
CHAINED = (28, 1)  # r4c2 = 1 repeats nothing: the proof is a chain of naked and hidden singles


def _mid() -> Midend:
    mid = Midend(Play(), {"show_mistakes": False})
    mid.do({"name": "load", "givens": GIVENS, "solution": SOLUTION, "cause": "new"}, 0)
    return mid


def _wrong(cell: int) -> int:
    return SOLUTION[cell] % 9 + 1


def _board(mid: Midend) -> tuple[list[int], list[str], list[int]]:
    game = mid.game
    return list(game.digits), list(game.origins), list(game.notes)


def test_undo_to_first_mistake_takes_back_every_move_since_it_as_one_move_and_undo_restores_them():
    mid = _mid()
    a, b, c, d = EMPTY[:4]
    mid.do({"name": "set_cell", "cell": a, "digit": SOLUTION[a]}, 1)
    mid.do({"name": "toggle_note", "cell": d, "digit": 3}, 2)
    clean = _board(mid)
    mid.do({"name": "set_cell", "cell": b, "digit": _wrong(b)}, 3)  # the first mistake
    mid.do({"name": "set_cell", "cell": c, "digit": SOLUTION[c]}, 4)  # a right digit after it
    mid.do({"name": "toggle_note", "cell": d, "digit": 5}, 5)
    mid.do({"name": "fill_candidates"}, 6)
    after = _board(mid)
    moves = len(mid.game.undo_log)
    assert mid.do({"name": "undo_to_mistake"}, 7) == {"changed": True}
    assert _board(mid) == clean
    assert mid.game.wrong() == []
    assert len(mid.game.undo_log) == moves + 1 and mid.game.undo_log[-1].cause == "rewind"
    assert mid.do({"name": "undo"}, 8)["changed"]
    assert _board(mid) == after
    mid.do({"name": "redo"}, 9)
    assert _board(mid) == clean


def test_a_mistake_already_put_right_is_not_gone_back_past():
    mid = _mid()
    a, b = EMPTY[:2]
    mid.do({"name": "set_cell", "cell": a, "digit": _wrong(a)}, 1)
    mid.do({"name": "set_cell", "cell": a, "digit": SOLUTION[a]}, 2)  # put right
    clean = _board(mid)
    mid.do({"name": "set_cell", "cell": b, "digit": _wrong(b)}, 3)
    mid.do({"name": "undo_to_mistake"}, 4)
    assert _board(mid) == clean and mid.game.digits[a] == SOLUTION[a]


def test_with_two_mistakes_standing_the_board_goes_back_before_the_first():
    mid = _mid()
    a, b, c = EMPTY[:3]
    clean = _board(mid)
    mid.do({"name": "set_cell", "cell": a, "digit": _wrong(a)}, 1)
    mid.do({"name": "set_cell", "cell": b, "digit": SOLUTION[b]}, 2)
    mid.do({"name": "set_cell", "cell": c, "digit": _wrong(c)}, 3)
    mid.do({"name": "undo_to_mistake"}, 4)
    assert _board(mid) == clean


@pytest.mark.parametrize("setup, code", [
    ("right", "no_mistake"),
    ("no_solution", "no_solution"),
    ("paused", "paused"),
])
def test_undo_to_first_mistake_is_refused_with_a_code_and_changes_nothing(setup, code):
    mid = _mid()
    cell = EMPTY[0]
    if setup == "right":
        mid.do({"name": "set_cell", "cell": cell, "digit": SOLUTION[cell]}, 1)
    else:
        mid.do({"name": "set_cell", "cell": cell, "digit": _wrong(cell)}, 1)
    if setup == "no_solution":
        mid.do({"name": "load", "givens": [0] * 80 + [1], "solution": None, "cause": "import"}, 2)
        mid.do({"name": "set_cell", "cell": 0, "digit": 2}, 3)
    if setup == "paused":
        mid.do({"name": "set_paused", "paused": True}, 2)
    before, moves = _board(mid), len(mid.game.undo_log)
    with pytest.raises(GameError) as err:
        mid.do({"name": "undo_to_mistake"}, 4)
    assert err.value.code == code
    assert _board(mid) == before and len(mid.game.undo_log) == moves


def test_the_rewind_move_saves_and_loads_and_still_undoes():
    mid = _mid()
    cell = EMPTY[0]
    mid.do({"name": "set_cell", "cell": cell, "digit": _wrong(cell)}, 1)
    wrong = _board(mid)
    mid.do({"name": "undo_to_mistake"}, 2)
    play, problems = saves.load(json.loads(json.dumps(saves.dump(mid.play, 3))))
    assert problems == []
    again = Midend(play, mid.settings)
    assert again.game.undo_log[-1].cause == "rewind"
    again.do({"name": "undo"}, 4)
    assert _board(again) == wrong


# -- Why is it wrong? ----------------------------------------------------------------------------------

def _api(tmp_path):
    return Api(RecordingBridge(), tmp_path, "en")


def _state(api) -> dict:
    return state_of(api)


def test_why_is_it_wrong_after_check_shows_a_proof_whose_placements_are_singles_ending_in_a_contradiction(
        tmp_path):
    api = _api(tmp_path)
    assert api.import_text(PUZZLE)["ok"]
    right, (cell, digit) = EMPTY[0], CHAINED
    api.set_cell(right, SOLUTION[right])
    api.set_cell(cell, digit)
    assert api.check()["check"]["cells"] == [cell]
    assert api.why_wrong() == {"ok": True}
    state = _state(api)
    why = state["why"]
    assert (why["cell"], why["digit"], why["solution_digit"]) == (cell, digit, SOLUTION[cell])
    reasons = {s["reason"] for s in why["steps"] if s["kind"] == "place"}
    assert why["found"] and reasons == {"assumed", "naked_single", "hidden_single"}
    replay(GIVENS, state["digits"], SOLUTION, why)
    api.set_cell(cell, 0)  # the board changed: the proof is gone with it
    assert _state(api)["why"] is None


def test_why_explains_the_digit_the_hint_named():
    mid = _mid()
    a, b = EMPTY[:2]
    mid.do({"name": "set_cell", "cell": a, "digit": _wrong(a)}, 1)
    mid.do({"name": "set_cell", "cell": b, "digit": _wrong(b)}, 2)
    mid.hints.start(mid.board_key(), Finding("wrong", b, _wrong(b)))
    asked = mid.do({"name": "why_wanted"}, 3)
    assert (asked["cell"], asked["digit"]) == (b, _wrong(b))
    mid.do({"name": "why_found", "key": asked["key"], "why": {"cell": b}}, 4)
    assert mid.snapshot(5)["why"] == {"cell": b}
    mid.do({"name": "hint_deeper"}, 6)  # the hint takes its place back
    assert mid.snapshot(7)["why"] is None


def test_a_proof_for_an_older_board_is_refused_and_without_a_wrong_digit_why_says_so(tmp_path):
    mid = _mid()
    cell = EMPTY[0]
    mid.do({"name": "set_cell", "cell": cell, "digit": _wrong(cell)}, 1)
    asked = mid.do({"name": "why_wanted"}, 2)
    mid.do({"name": "set_cell", "cell": cell, "digit": 0}, 3)
    with pytest.raises(GameError) as err:
        mid.do({"name": "why_found", "key": asked["key"], "why": {}}, 4)
    assert err.value.code == "busy" and mid.snapshot(5)["why"] is None
    api = _api(tmp_path)
    api.import_text(PUZZLE)
    assert api.why_wrong()["error"]["code"] == "no_mistake"


MOVES = st.lists(st.tuples(st.sampled_from(EMPTY[:12]), st.integers(0, 9), st.booleans()), min_size=1,
                 max_size=25)  # (cell, digit, a note?) on a few cells, so digits meet and replace each other


@settings(max_examples=60, deadline=None)
@given(moves=MOVES)
def test_any_sequence_undo_to_first_mistake_leaves_the_last_clean_board_and_undo_the_board_it_left(moves):
    mid = _mid()
    boards = [_board(mid)]  # the board after each move, the loaded puzzle first
    for cell, digit, note in moves:
        if note and digit and not mid.game.digits[cell]:
            mid.do({"name": "toggle_note", "cell": cell, "digit": digit}, 1)
        else:
            mid.do({"name": "set_cell", "cell": cell, "digit": digit}, 1)
        if _board(mid) != boards[-1]:
            boards.append(_board(mid))
    clean = [b for b in boards if not any(d and d != s for d, s in zip(b[0], SOLUTION, strict=True))]
    wrong_now = bool(mid.game.wrong())
    last = boards[-1]
    if not wrong_now:
        with pytest.raises(GameError):
            mid.do({"name": "undo_to_mistake"}, 2)
        return
    at = max(i for i, b in enumerate(boards) if b in clean)
    assert all(b not in clean for b in boards[at + 1:])
    assert mid.do({"name": "undo_to_mistake"}, 2)["changed"]
    assert _board(mid) == boards[at] and mid.game.wrong() == []
    mid.do({"name": "undo"}, 3)
    assert _board(mid) == last
