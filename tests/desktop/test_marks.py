"""Corner and centre marks (issue 40): moves of the mid end, undone and redone, kept apart from notes and
from each other, hidden under a digit, taken off by a change of puzzle, saved and loaded (v3 saves too)."""

from __future__ import annotations

import json

import pytest

from desktop.io import saves
from desktop.midend import Game, GameError
from desktop.midend.midend import Midend
from tests.harness.midends import EMPTY, do, hard_midend
from tests.harness.paths import FIXTURES


def _marks(midend: Midend, cell: int = EMPTY) -> tuple[int, int, int]:
    state = midend.snapshot(0)
    return state["corner"][cell], state["centre"][cell], state["notes"][cell]


def _mask(*digits: int) -> int:
    return sum(1 << (d - 1) for d in digits)


def test_corner_and_centre_marks_are_kept_apart_from_each_other_and_from_notes():
    midend = hard_midend()
    for digit in (1, 2):
        assert do(midend, "toggle_mark", cell=EMPTY, digit=digit, kind="corner")
    assert do(midend, "toggle_mark", cell=EMPTY, digit=3, kind="centre")
    assert do(midend, "toggle_note", cell=EMPTY, digit=4)
    assert _marks(midend) == (_mask(1, 2), _mask(3), _mask(4))
    assert do(midend, "toggle_mark", cell=EMPTY, digit=1, kind="corner")  # again: off
    assert _marks(midend) == (_mask(2), _mask(3), _mask(4))
    assert [m.cause for m in midend.game.undo_log[-3:]] == ["mark", "note", "mark"]
    assert len(midend.snapshot(0)["corner"]) == len(midend.snapshot(0)["centre"]) == 81


def test_each_mark_is_one_move_that_undo_and_redo_walk_back_and_forth():
    midend = hard_midend()
    do(midend, "toggle_mark", cell=EMPTY, digit=5, kind="corner")
    do(midend, "toggle_mark", cell=EMPTY, digit=7, kind="centre")
    do(midend, "toggle_mark", cell=EMPTY, digit=8, kind="centre")
    assert do(midend, "undo") and _marks(midend)[:2] == (_mask(5), _mask(7))
    assert do(midend, "undo") and _marks(midend)[:2] == (_mask(5), 0)
    assert do(midend, "redo") and do(midend, "redo") and _marks(midend)[:2] == (_mask(5), _mask(7, 8))
    assert do(midend, "clear_marks", cell=EMPTY, kind="centre")
    assert _marks(midend)[:2] == (_mask(5), 0)
    assert not do(midend, "clear_marks", cell=EMPTY, kind="centre")  # nothing left to clear
    assert do(midend, "undo") and _marks(midend)[:2] == (_mask(5), _mask(7, 8))


def test_a_digit_hides_the_marks_and_erasing_it_shows_them_again():
    midend = hard_midend()
    do(midend, "toggle_mark", cell=EMPTY, digit=6, kind="corner")
    do(midend, "set_cell", cell=EMPTY, digit=4)
    assert _marks(midend)[:2] == (0, 0)
    with pytest.raises(GameError) as err:
        do(midend, "toggle_mark", cell=EMPTY, digit=1, kind="centre")
    assert err.value.code == "filled"
    with pytest.raises(GameError):
        do(midend, "toggle_mark", cell=0, digit=1, kind="corner")  # a given
    do(midend, "set_cell", cell=EMPTY, digit=0)
    assert _marks(midend)[:2] == (_mask(6), 0)


def test_marks_change_nothing_the_rules_see_and_a_change_of_puzzle_takes_them_off():
    midend = hard_midend()
    before = midend.snapshot(0)
    key = midend.board_key()
    do(midend, "toggle_mark", cell=EMPTY, digit=9, kind="centre")
    after = midend.snapshot(0)
    for field in ("digits", "notes", "candidates", "conflicts"):
        assert after[field] == before[field]
    assert {**after["status"], "version": 0} == {**before["status"], "version": 0}
    assert midend.board_key() == key  # a hint or the analysis of the board stays
    assert do(midend, "restart")
    assert _marks(midend)[:2] == (0, 0)
    assert do(midend, "undo") and _marks(midend)[:2] == (0, _mask(9))


def test_marks_are_withheld_while_paused():
    midend = hard_midend()
    do(midend, "toggle_mark", cell=EMPTY, digit=2, kind="corner")
    do(midend, "set_paused", paused=True)
    assert _marks(midend)[:2] == (0, 0)
    with pytest.raises(GameError) as err:
        do(midend, "toggle_mark", cell=EMPTY, digit=3, kind="corner")
    assert err.value.code == "paused"


def test_marks_of_digits_up_to_16_fit_their_masks():
    game = Game()
    assert game.toggle_mark(EMPTY, 16, "corner") and game.marks[EMPTY].corner == 1 << 15


def test_marks_and_their_history_round_trip_through_a_save():
    midend = hard_midend()
    do(midend, "toggle_mark", cell=EMPTY, digit=1, kind="corner")
    do(midend, "toggle_mark", cell=EMPTY, digit=2, kind="corner")
    do(midend, "toggle_mark", cell=EMPTY, digit=3, kind="centre")
    do(midend, "undo")
    body = json.loads(json.dumps(saves.dump(midend.play, 0.0)))
    assert body["version"] == saves.VERSION == 4
    play, notices = saves.load(body)
    copy = Midend(play, {"show_mistakes": False})
    assert notices == []
    assert _marks(copy)[:2] == (_mask(1, 2), 0)
    assert do(copy, "redo") and _marks(copy)[:2] == (_mask(1, 2), _mask(3))
    assert do(copy, "undo") and do(copy, "undo") and _marks(copy)[:2] == (_mask(1), 0)


def test_a_saved_history_whose_marks_do_not_fit_the_board_is_dropped_with_a_notice():
    midend = hard_midend()
    do(midend, "toggle_mark", cell=EMPTY, digit=1, kind="corner")
    body = json.loads(json.dumps(saves.dump(midend.play, 0.0)))
    body["play"]["games"][0]["marks"] = [[EMPTY, _mask(2), 0]]  # the move says it left corner 1
    play, notices = saves.load(body)
    assert play.game.marks[EMPTY].corner == _mask(2) and not play.game.can_undo
    assert notices and "did not fit" in notices[0]


@pytest.mark.parametrize("bad", [[[EMPTY, 1 << 16, 0]], [[EMPTY, True, 0]], [[81, 1, 0]], [[EMPTY, 1]]])
def test_a_bad_saved_mark_is_refused_by_name(bad):
    body = json.loads(json.dumps(saves.dump(hard_midend().play, 0.0)))
    body["play"]["games"][0]["marks"] = bad
    with pytest.raises(ValueError):
        saves.load(body)


def test_the_v3_save_before_marks_loads_with_its_colours_and_history_and_takes_marks():
    body = json.loads((FIXTURES / "game_v3.json").read_text())
    assert body["version"] == 3
    play, notices = saves.load(body)
    game = play.game
    assert notices == []
    assert [m.cause for m in game.undo_log] == ["import", "entry", "note", "note", "colour", "colour"]
    assert game.colours[0].cell == 3 and all(m == (0, 0) for m in game.marks)
    assert game.toggle_mark(3, 5, "centre") and game.undo() and game.undo()  # the mark, then v3's paint
    assert game.marks[3] == (0, 0) and game.colours[3].notes == 0


def test_the_api_checks_a_marks_arguments(api):
    assert api.toggle_mark(EMPTY, 1, "corner")["ok"]
    for args in ((81, 1, "corner"), (EMPTY, 0, "corner"), (EMPTY, 10, "centre"), (EMPTY, 1, "middle"),
                 (EMPTY, True, "corner")):
        answer = api.toggle_mark(*args)
        assert not answer["ok"] and answer["error"]["code"] == "bad_argument"
    assert not api.clear_marks(EMPTY, "side")["ok"]
    assert api.clear_marks(EMPTY, "corner")["ok"]
