"""Undo to first mistake (desktop/midend/rewind.py): one undoable move back to the last clean board."""

from __future__ import annotations

import json

import pytest

from desktop import saves
from desktop.midend import GameError, Play
from desktop.midend.midend import Midend
from desktop.midend.rules import unique_solution

PUZZLE = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
GIVENS = [int(c) for c in PUZZLE]
SOLUTION = unique_solution(GIVENS)
EMPTY = [c for c in range(81) if not GIVENS[c]]


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
    ("right", "nothing_to_do"),
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
