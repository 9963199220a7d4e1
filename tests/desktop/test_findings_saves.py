"""Issue 37's finding: a loaded save's solution is checked against its givens (the one solution, or
none known), with a notice, so Check and the mistakes shown go by the right one."""

from __future__ import annotations

import json

import numpy as np

from desktop.bridge import RecordingBridge
from desktop.contract.api import Api
from engine import count_solutions
from tests.harness.states import state_of

P = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
P_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def _saved(tmp_path, moves=()) -> dict:
    api = Api(RecordingBridge(), tmp_path, "en")
    assert api.import_text(P)["ok"]
    for cell, digit in moves:
        assert api.set_cell(cell, digit)["ok"]
    api._shutdown()
    return json.loads((tmp_path / "game.json").read_text())


def _relaunch(tmp_path, body: dict) -> tuple[Api, dict]:
    (tmp_path / "game.json").write_text(json.dumps(body))
    api = Api(RecordingBridge(), tmp_path, "en")
    assert api.set_setting("show_mistakes", True)["ok"]
    return api, state_of(api)


def _loosening_given() -> int:
    """A given of P whose loss leaves the puzzle with several solutions (found, not assumed)."""
    digits = [int(ch) for ch in P]
    for cell, digit in enumerate(digits):
        if digit:
            fewer = digits[:cell] + [0] + digits[cell + 1:]
            if count_solutions(np.array(fewer, dtype=np.uint8), 2) > 1:
                return cell
    raise AssertionError("every given of P can go")


def test_a_given_re_marked_as_an_entry_drops_the_solution_with_a_notice(tmp_path):
    body = _saved(tmp_path)
    cell = _loosening_given()
    game = body["play"]["games"][0]
    game["origins"][cell] = 2  # "entry": the givens left have several solutions
    game["undo"], game["redo"] = [], []
    api, state = _relaunch(tmp_path, body)
    codes = [n["code"] for n in state["notices"]]
    assert "solution_checked" in codes
    # the player's digit there is no longer judged against the old solution: no puzzle, no mistake
    other = next(d for d in range(1, 10) if d != int(P_SOLUTION[cell]))
    api.set_cell(cell, other)
    assert state_of(api)["wrong"] == []
    answer = api.check()
    assert answer["ok"] and answer["check"].get("cells", []) == []
    api._shutdown()


def test_a_saved_solution_that_does_not_solve_the_givens_is_worked_out_again(tmp_path):
    cell = P.index("0")
    wrong = next(d for d in range(1, 10) if d != int(P_SOLUTION[cell]) and str(d) not in P[:9])
    body = _saved(tmp_path, [(cell, wrong)])
    game = body["play"]["games"][0]
    swapped = list(P_SOLUTION)
    swapped[0], swapped[1] = swapped[1], swapped[0]  # no longer a valid grid
    game["solution"] = "".join(swapped)
    api, state = _relaunch(tmp_path, body)
    assert "solution_checked" in [n["code"] for n in state["notices"]]
    assert state["wrong"] == [cell]  # mistakes shown at once, by the one solution
    api._shutdown()


def test_a_sound_save_loads_without_a_notice_and_keeps_its_solution(tmp_path):
    cell = P.index("0")
    wrong = next(d for d in range(1, 10) if d != int(P_SOLUTION[cell]) and str(d) not in P[:9])
    body = _saved(tmp_path, [(cell, wrong)])
    api, state = _relaunch(tmp_path, body)
    assert state["notices"] == [] and state["wrong"] == [cell]
    api._shutdown()


def test_an_undo_back_to_a_puzzle_whose_saved_solution_is_wrong_uses_the_right_one(tmp_path):
    """A move's puzzle carries its solution too: a wrong one there is put right when the save loads."""
    from desktop.io import saves

    cell = P.index("0")
    body = _saved(tmp_path, [(cell, int(P_SOLUTION[cell]))])
    api = Api(RecordingBridge(), tmp_path, "en")
    assert api.import_text(P.translate(str.maketrans("12", "21")))["ok"]
    api._shutdown()
    body = json.loads((tmp_path / "game.json").read_text())
    game = body["play"]["games"][0]
    import_move = game["undo"][-1]
    assert import_move["cause"] == "import" and import_move["puzzle"][0]["solution"] == P_SOLUTION
    # P is unique, so no other grid keeps its givens: the damage is a valid grid that does not keep them
    import_move["puzzle"][0]["solution"] = P_SOLUTION[::-1]
    play, _ = saves.load(body)
    undone = play.game
    undone.undo(0.0)
    assert undone.givens() == [int(ch) for ch in P]
    assert undone.solution == [int(ch) for ch in P_SOLUTION]
