"""The mid end's play features (desktop/midend): notes, causes, restart, check, timer, pause, sets."""

from __future__ import annotations

import numpy as np
import pytest

from desktop.midend import Game, Play, Timer
from desktop.midend.rules import unique_solution
from engine import PEERS, is_solution

PUZZLE = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
GIVENS = [int(c) for c in PUZZLE]


def _game() -> Game:
    game = Game("hard")
    game.load_puzzle(GIVENS, "new", difficulty="hard", solution=unique_solution(GIVENS))
    return game


def test_the_solution_known_to_the_mid_end_is_a_solution_of_the_givens():
    solution = unique_solution(GIVENS)
    assert is_solution(np.array(solution, dtype=np.uint8), np.array(GIVENS, dtype=np.uint8))
    assert unique_solution([0] * 81) is None  # several solutions: none is "the" solution


def test_fill_candidates_then_a_digit_clears_it_from_peers_and_one_undo_brings_it_back():
    game = _game()
    assert game.fill_candidates()
    before = list(game.notes)
    solution = game.solution
    cell = GIVENS.index(0)
    digit = solution[cell]
    peers_with = [p for p in PEERS[cell] if game.notes[p] & (1 << (digit - 1))]
    assert peers_with  # the move has something to clean
    assert game.set_cell(cell, digit)
    assert all(not game.notes[p] & (1 << (digit - 1)) for p in peers_with)
    assert game.notes[cell] == 0
    assert game.undo_log[-1].cause == "entry"
    assert game.undo()
    assert game.notes == before and game.digits[cell] == 0


def test_notes_toggle_and_are_refused_on_a_filled_cell():
    game = _game()
    cell = GIVENS.index(0)
    assert game.toggle_note(cell, 4) and game.toggle_note(cell, 7)
    assert game.notes[cell] == (1 << 3) | (1 << 6)
    assert game.toggle_note(cell, 4) and game.notes[cell] == 1 << 6
    assert [m.cause for m in game.undo_log[-3:]] == ["note"] * 3
    try:
        game.toggle_note(0, 1)
    except Exception as err:
        assert getattr(err, "code", "") == "filled"
    else:
        raise AssertionError("a note went into a given")


def test_restart_returns_to_the_givens_in_one_undoable_move():
    game = _game()
    game.set_cell(2, 1)
    game.toggle_note(3, 5)
    board = (list(game.digits), list(game.notes))
    assert game.restart()
    assert game.digits == GIVENS and game.notes == [0] * 81
    assert game.undo_log[-1].cause == "restart"
    assert game.undo() and (game.digits, game.notes) == board


def test_check_counts_empty_cells_then_names_wrong_ones_then_says_solved():
    game = _game()
    assert game.check(0) == {"kind": "empty", "empty": GIVENS.count(0)}
    solution = game.solution
    empties = [c for c in range(81) if not GIVENS[c]]
    wrong = empties[0]
    game.set_cell(wrong, solution[wrong] % 9 + 1)
    result = game.check(0)
    assert result["kind"] == "wrong" and result["cells"] == [wrong]
    assert game.wrong() == [wrong]
    game.set_cell(wrong, 0)
    game.timer.start(1000)
    game.place([(c, solution[c]) for c in empties], "solve")
    result = game.check(4000)
    assert result == {"kind": "solved", "ms": 3000}


def test_the_timer_runs_while_playing_stops_when_paused_or_solved():
    game = _game()
    game.tick(0)
    assert game.timer.running
    assert game.set_paused(True, 2000)
    assert not game.timer.running and game.timer.elapsed(9000) == 2000
    snap = game.snapshot(9000)
    assert snap["paused"] and snap["digits"] == [0] * 81  # the board is hidden
    assert game.set_paused(False, 10000)
    game.place([(c, d) for c, d in enumerate(game.solution) if not GIVENS[c]], "solve")
    game.tick(11000)
    assert not game.timer.running and game.timer.elapsed(99000) == 3000


def test_a_timer_never_runs_backwards():
    timer = Timer(500)
    timer.start(1000)
    assert timer.elapsed(900) == 500 and timer.elapsed(1250) == 750


def test_a_set_keeps_each_puzzle_whole_across_previous_and_next_and_counts_solved():
    first, second = _game(), _game()
    play = Play()
    play.start_set(first, 3, 0)
    play.add(second)
    first.set_cell(2, 4)
    first.toggle_note(3, 2)
    assert play.go(1, 0) and play.game is second
    assert not play.go(1, 0)  # the third is not made yet
    for c, d in enumerate(second.solution):
        if not GIVENS[c]:
            second.set_cell(c, d)
    play.record_if_solved(5000)
    assert play.progress() == {"is_set": True, "index": 1, "count": 3, "made": 2, "solved": 1}
    assert play.go(-1, 0) and play.game.digits[2] == 4 and play.game.notes[3] == 2 and play.game.can_undo
    assert set(play.statistics()) == {"hard"}


def test_a_step_read_back_from_json_explains_itself_in_a_fresh_interpreter():
    import json
    import subprocess
    import sys

    from engine import CandidateGrid, explain, next_step

    step = next_step(CandidateGrid.from_grid(GIVENS), unique=True)
    script = (
        "import json, sys\n"
        "from engine import Step, explain\n"  # nothing has imported the techniques yet
        "step = Step.from_dict(json.loads(sys.argv[1]))\n"
        "print(explain(step, 'en')); print(explain(step, 'zh'))\n"
    )
    out = subprocess.run([sys.executable, "-c", script, json.dumps(step.to_dict())],
                         capture_output=True, text=True, check=True).stdout.splitlines()
    assert out == [explain(step, "en"), explain(step, "zh")]
    assert not out[0].startswith(step.technique)


def test_show_mistakes_marks_a_wrong_digit_at_once():
    game = _game()
    cell = GIVENS.index(0)
    game.set_cell(cell, game.solution[cell] % 9 + 1)
    assert game.snapshot(0, show_mistakes=True)["wrong"] == [cell]
    assert game.snapshot(0)["wrong"] == []


def test_a_board_finished_by_the_solve_button_is_no_solve_time_of_the_players():
    game = _game()
    play = Play([game])
    game.place([(c, d) for c, d in enumerate(game.solution) if not GIVENS[c]], "solve")
    play.record_if_solved(5000)
    assert play.statistics() == {}
    assert game.undo()
    for c, d in enumerate(game.solution):
        if not GIVENS[c]:
            game.set_cell(c, d)
    play.record_if_solved(9000)
    assert set(play.statistics()) == {"hard"}


def _set_of_two():
    """Return a mid end playing a set of two, on its second puzzle with one move made, and a puzzle."""
    from desktop.midend.midend import Midend

    p = [int(c) for c in "530070000600195000098000060800060003400803001700020006060000280000419005000080079"]
    q = [0] * 81
    q[:9] = [1, 2, 3, 4, 5, 6, 7, 8, 0]
    mid = Midend(Play(), {"show_mistakes": False})
    mid.do({"name": "load_set", "puzzles": [(p, None), (q, None)]}, 0.0)
    mid.do({"name": "go_puzzle", "delta": 1}, 1.0)
    mid.do({"name": "set_cell", "cell": 8, "digit": 9}, 2.0)
    return mid, p


def test_leaving_a_set_keeps_it_aside_and_undo_comes_back_to_it_through_a_save():
    from desktop.io import saves
    from desktop.midend.midend import Midend

    mid, p = _set_of_two()
    for leave in ({"name": "set_mode", "mode": "enter"}, {"name": "load", "givens": p, "solution": None,
                                                          "cause": "paste"}):
        mid.do(leave, 3.0)
        outside = mid.snapshot(3.0)
        assert not outside["set"]["is_set"] and outside["can_undo"]
        assert mid.do({"name": "undo"}, 4.0)["changed"]  # one Undo: the set, where it was left
        back = mid.snapshot(4.0)
        assert back["set"] == {"is_set": True, "index": 1, "count": 2, "made": 2, "solved": 0}
        assert back["digits"][:9] == [1, 2, 3, 4, 5, 6, 7, 8, 9] and back["can_redo"]
        play, notices = saves.load(saves.dump(mid.play, 4.0))  # and so after a relaunch
        again = Midend(play, mid.settings)
        assert notices == [] and again.snapshot(4.0)["can_redo"]
        assert again.do({"name": "redo"}, 5.0)["changed"]  # Redo: the game outside again
        assert again.snapshot(5.0)["digits"] == outside["digits"]
        assert not again.snapshot(5.0)["set"]["is_set"]
    mid.do({"name": "set_cell", "cell": 8, "digit": 0}, 6.0)
    assert not mid.snapshot(6.0)["can_redo"]  # a move in the set since: Redo does not leave it


@pytest.mark.parametrize("move", [
    {"name": "set_cell", "cell": 8, "digit": 0}, {"name": "toggle_note", "cell": 20, "digit": 4},
    {"name": "paint", "cell": 20, "colour": 3}, {"name": "restart"}, {"name": "go_puzzle", "delta": -1},
    {"name": "fill_candidates"},
], ids=lambda move: move["name"])
def test_any_new_move_in_the_set_drops_redo_out_of_it_and_undo_in_it_does_not(move):
    mid, p = _set_of_two()
    mid.do({"name": "load", "givens": p, "solution": None, "cause": "paste"}, 3.0)
    mid.do({"name": "undo"}, 4.0)  # back in the set; Redo would leave it again
    assert mid.do({"name": "undo"}, 4.5)["changed"] and mid.snapshot(4.5)["can_redo"]  # Undo in the set
    mid.do({"name": "redo"}, 4.7)
    assert mid.do(move, 5.0)["changed"]
    assert not mid.snapshot(5.0)["can_redo"]
