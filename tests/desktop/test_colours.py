"""Colours (issue 32): cells and candidates painted through the mid end, undone, cleared, unseen by rules."""

from __future__ import annotations

import json

import pytest

from desktop.io import saves
from desktop.midend import GameError
from desktop.midend.colours import COLOURS
from desktop.midend.midend import Midend
from tests.harness.midends import EMPTY, GIVENS, PUZZLE, do, hard_midend
from tests.harness.states import state_of


def _note_colour(packed: int, digit: int) -> int:
    """Candidate ``digit``'s colour in a snapshot's note colours (CONTRACT: place 9**(digit-1))."""
    return packed // 9 ** (digit - 1) % 9


def test_there_are_at_least_six_colours():
    assert COLOURS >= 6


def test_painting_a_cell_twice_with_its_colour_takes_it_off_and_each_paint_is_undoable():
    midend = hard_midend()
    assert do(midend, "paint", cell=0, colour=2)
    assert midend.snapshot(0)["colours"][0] == 2
    assert do(midend, "paint", cell=0, colour=5)
    assert do(midend, "paint", cell=0, colour=5)
    assert midend.snapshot(0)["colours"][0] == 0
    assert do(midend, "undo") and midend.snapshot(0)["colours"][0] == 5
    assert do(midend, "undo") and midend.snapshot(0)["colours"][0] == 2
    assert do(midend, "redo") and do(midend, "redo") and midend.snapshot(0)["colours"][0] == 0
    assert midend.game.undo_log[-1].cause == "colour"


def test_a_candidate_colour_is_its_own_and_refused_in_a_filled_cell():
    midend = hard_midend()
    assert do(midend, "paint_note", cell=EMPTY, digit=4, colour=3)
    assert do(midend, "paint_note", cell=EMPTY, digit=9, colour=8)
    packed = midend.snapshot(0)["note_colours"][EMPTY]
    assert [_note_colour(packed, d) for d in range(1, 10)] == [0, 0, 0, 3, 0, 0, 0, 0, 8]
    assert midend.snapshot(0)["colours"][EMPTY] == 0
    with pytest.raises(GameError) as err:
        do(midend, "paint_note", cell=0, digit=4, colour=3)
    assert err.value.code == "filled"
    assert do(midend, "undo") and _note_colour(midend.snapshot(0)["note_colours"][EMPTY], 9) == 0


def test_clear_colours_is_one_undoable_move_and_false_when_there_is_nothing():
    midend = hard_midend()
    assert not do(midend, "clear_colours")
    for cell, colour in ((0, 1), (10, 2), (80, 6)):
        do(midend, "paint", cell=cell, colour=colour)
    do(midend, "paint_note", cell=EMPTY, digit=1, colour=4)
    assert do(midend, "clear_colours")
    state = midend.snapshot(0)
    assert not any(state["colours"]) and not any(state["note_colours"])
    assert do(midend, "undo")
    state = midend.snapshot(0)
    assert (state["colours"][0], state["colours"][10], state["colours"][80]) == (1, 2, 6)
    assert _note_colour(state["note_colours"][EMPTY], 1) == 4


def test_colours_change_nothing_the_rules_see_and_stay_when_a_digit_is_typed():
    midend = hard_midend()
    before = midend.snapshot(0)
    do(midend, "paint", cell=EMPTY, colour=3)
    after = midend.snapshot(0)
    for key in ("digits", "notes", "origins", "candidates", "conflicts", "wrong", "hints_used"):
        assert after[key] == before[key]
    assert dict(after["status"], version=0) == dict(before["status"], version=0)
    do(midend, "set_cell", cell=EMPTY, digit=1)
    assert midend.snapshot(0)["colours"][EMPTY] == 3


def test_a_new_puzzle_restart_and_clear_take_the_colours_and_undo_brings_them_back():
    midend = hard_midend()
    do(midend, "paint", cell=3, colour=7)
    for name in ("restart", "clear"):
        assert do(midend, name) and not any(midend.snapshot(0)["colours"])
        assert do(midend, "undo") and midend.snapshot(0)["colours"][3] == 7
    midend.do({"name": "load", "givens": GIVENS, "solution": None, "cause": "import"}, 0.0)
    assert not any(midend.snapshot(0)["colours"])
    assert do(midend, "undo") and midend.snapshot(0)["colours"][3] == 7


def test_colours_are_hidden_while_paused_and_refused_then():
    midend = hard_midend()
    do(midend, "paint", cell=3, colour=7)
    do(midend, "set_paused", paused=True)
    assert not any(midend.snapshot(0)["colours"])
    with pytest.raises(GameError):
        do(midend, "paint", cell=4, colour=1)


def test_colours_and_their_history_survive_a_save_and_relaunch():
    midend = hard_midend()
    do(midend, "paint", cell=3, colour=7)
    do(midend, "paint_note", cell=EMPTY, digit=2, colour=1)
    do(midend, "undo")
    play, notices = saves.load(json.loads(json.dumps(saves.dump(midend.play, 0.0))))
    again = Midend(play, {"show_mistakes": False})
    assert notices == [] and again.snapshot(0)["colours"][3] == 7
    assert do(again, "redo") and _note_colour(again.snapshot(0)["note_colours"][EMPTY], 2) == 1
    assert do(again, "undo") and do(again, "undo") and not any(again.snapshot(0)["colours"])


def test_the_page_paints_through_the_api_and_a_relaunch_restores_the_colours(tmp_path):
    from desktop.bridge import RecordingBridge
    from desktop.contract.api import Api

    api = Api(RecordingBridge(), tmp_path, "en")
    assert api.import_text(PUZZLE)["ok"]
    assert api.paint(0, 2) == {"ok": True}
    assert api.paint_note(EMPTY, 5, 6)["ok"]
    assert api.paint_note(0, 5, 6)["error"]["code"] == "filled"
    assert api.clear_colours() == {"ok": True, "changed": True}
    assert api.undo()["changed"]
    state = state_of(Api(RecordingBridge(), tmp_path, "en"))
    assert state["colours"][0] == 2 and _note_colour(state["note_colours"][EMPTY], 5) == 6


def test_a_hint_shown_stays_while_colours_are_painted_and_goes_when_a_digit_is_typed():
    from desktop.midend import hints

    midend = hard_midend()
    answer = midend.do({"name": "hint_deeper"}, 0.0)
    game = midend.game
    found = hints.find(list(game.digits), list(game.origins), list(game.notes), game.solution)
    midend.do({"name": "hint_found", "key": answer["key"], "finding": found}, 0.0)
    assert midend.snapshot(0)["hint"]["level"] == 1
    do(midend, "paint", cell=EMPTY, colour=4)
    do(midend, "paint_note", cell=EMPTY, digit=1, colour=4)
    do(midend, "undo")
    assert midend.snapshot(0)["hint"]["level"] == 1
    assert midend.do({"name": "hint_deeper"}, 0.0)["found"]  # the ladder goes on on the same board
    do(midend, "set_cell", cell=EMPTY, digit=1)
    assert midend.snapshot(0)["hint"] is None


def test_a_16x16s_candidates_14_to_16_keep_their_colours_on_the_wire(tmp_path):
    from desktop.bridge import RecordingBridge
    from desktop.contract.api import Api
    from tests.desktop.test_variants import _record

    api = Api(RecordingBridge(), tmp_path, "en")
    assert api.import_text(json.dumps(_record("iss-16x16-jigsaw")["fpuzzles"]))["ok"]
    cell = state_of(api)["digits"].index(0)
    painted = {1: 3, 14: 5, 15: 8, 16: 7}
    for digit, colour in painted.items():
        assert api.paint_note(cell, digit, colour)["ok"]
    packed = state_of(api)["note_colours"][cell]
    assert packed < 2**53  # a JavaScript number holds it exactly
    assert {d: _note_colour(packed, d) for d in range(1, 17) if _note_colour(packed, d)} == painted
