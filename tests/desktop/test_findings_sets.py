"""Issue 37's findings about sets: one arriving after the player moved on keeps the player's game one
Undo away; Undo back into a set, then Redo, comes out of it again, paused or not."""

from __future__ import annotations

from desktop.bridge import RecordingBridge
from desktop.contract.api import Api
from desktop.midend import Play
from desktop.midend.midend import Midend
from tests.harness.states import state_of

P = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
P_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
Q = P.translate(str.maketrans("12", "21"))
Q_SOLUTION = P_SOLUTION.translate(str.maketrans("12", "21"))
R = P.translate(str.maketrans("34", "43"))
NOW = 1000.0


def _digits(text: str) -> list[int]:
    return [int(ch) for ch in text]


def _midend() -> Midend:
    return Midend(Play(), {"show_mistakes": False})


def _set_arrives(mid: Midend, token: int) -> None:
    mid.do({"name": "set_puzzle_made", "token": token, "givens": _digits(Q), "solution": _digits(Q_SOLUTION),
            "difficulty": "easy", "count": 3, "first": True}, NOW)


def test_a_puzzle_typed_in_while_a_set_is_made_is_one_undo_away_when_the_set_arrives():
    mid = _midend()
    token = mid.do({"name": "make_set", "count": 3}, NOW)["token"]
    mid.do({"name": "set_mode", "mode": "enter"}, NOW)
    mid.do({"name": "set_cell", "cell": 0, "digit": 7}, NOW)
    _set_arrives(mid, token)
    if mid.play.is_set:  # the set arrived: the typed puzzle is one Undo away
        assert mid.snapshot(NOW)["can_undo"]
        assert mid.do({"name": "undo"}, NOW)["changed"]
    assert mid.game.digits[0] == 7 and mid.game.origins[0] == "given"


def test_digits_typed_on_the_shown_puzzle_while_a_set_is_made_are_one_undo_away():
    mid = _midend()
    mid.do({"name": "load", "givens": _digits(P), "solution": _digits(P_SOLUTION), "cause": "import"}, NOW)
    token = mid.do({"name": "make_set", "count": 3}, NOW)["token"]
    cell = P.index("0")
    mid.do({"name": "set_cell", "cell": cell, "digit": int(P_SOLUTION[cell])}, NOW)
    _set_arrives(mid, token)
    assert mid.play.is_set and mid.game.givens() == _digits(Q)
    assert mid.do({"name": "undo"}, NOW)["changed"]
    assert mid.game.givens() == _digits(P) and mid.game.digits[cell] == int(P_SOLUTION[cell])
    assert mid.game.solution == _digits(P_SOLUTION)
    assert mid.do({"name": "redo"}, NOW)["changed"] and mid.game.givens() == _digits(Q)


def test_a_set_with_nothing_to_lose_before_it_starts_with_nothing_to_undo():
    mid = _midend()
    token = mid.do({"name": "make_set", "count": 3}, NOW)["token"]
    _set_arrives(mid, token)
    assert mid.play.is_set and not mid.snapshot(NOW)["can_undo"]


def _into_a_set_and_back(mid: Midend, pause: bool) -> None:
    """A set of two; a move taken back on its first puzzle; P imported; Undo back into the set."""
    mid.do({"name": "load_set", "puzzles": [(_digits(Q), _digits(Q_SOLUTION)), (_digits(R), None)]}, NOW)
    cell = Q.index("0")
    mid.do({"name": "set_cell", "cell": cell, "digit": 5}, NOW)
    mid.do({"name": "undo"}, NOW)
    if pause:
        mid.do({"name": "set_paused", "paused": True}, NOW)
    mid.do({"name": "load", "givens": _digits(P), "solution": _digits(P_SOLUTION), "cause": "import"}, NOW)
    assert mid.do({"name": "undo"}, NOW)["changed"]
    assert mid.play.is_set and mid.game.givens() == _digits(Q)


def test_redo_after_undo_back_into_a_set_comes_out_of_it():
    mid = _midend()
    _into_a_set_and_back(mid, pause=False)
    assert mid.do({"name": "redo"}, NOW)["changed"]
    assert not mid.play.is_set and mid.game.givens() == _digits(P)


def test_redo_after_undo_back_into_a_paused_set_comes_out_of_it():
    mid = _midend()
    _into_a_set_and_back(mid, pause=True)
    assert mid.game.paused
    assert mid.do({"name": "redo"}, NOW)["changed"]  # no "paused": the set's puzzle is left as it was
    assert not mid.play.is_set and mid.game.givens() == _digits(P)


def test_undo_inside_the_set_after_coming_back_is_redone_first():
    """Back in the set, a further Undo there is what Redo makes again; the next Redo comes out."""
    mid = _midend()
    mid.do({"name": "load_set", "puzzles": [(_digits(Q), _digits(Q_SOLUTION)), (_digits(R), None)]}, NOW)
    cell = Q.index("0")
    mid.do({"name": "set_cell", "cell": cell, "digit": 5}, NOW)
    mid.do({"name": "load", "givens": _digits(P), "solution": _digits(P_SOLUTION), "cause": "import"}, NOW)
    mid.do({"name": "undo"}, NOW)  # back into the set, its digit still there
    assert mid.do({"name": "undo"}, NOW)["changed"] and mid.game.digits[cell] == 0
    assert mid.do({"name": "redo"}, NOW)["changed"] and mid.play.is_set and mid.game.digits[cell] == 5
    assert mid.do({"name": "redo"}, NOW)["changed"] and mid.game.givens() == _digits(P)


def test_redo_out_of_a_set_after_a_relaunch(tmp_path):
    """The same on the real Api, with a relaunch between the Undo and the Redo."""
    api = Api(RecordingBridge(), tmp_path, "en")
    assert api.import_set(f"{Q}\n{R}\n")["ok"]
    cell = Q.index("0")
    assert api.set_cell(cell, 5)["ok"] and api.undo()["ok"]
    assert api.import_text(P)["ok"] and api.undo()["changed"]
    api._shutdown()
    api = Api(RecordingBridge(), tmp_path, "en")
    assert api.redo()["changed"]
    state = state_of(api)
    assert not state["set"]["is_set"] and "".join(map(str, state["digits"])) == P
    api._shutdown()


def test_a_puzzle_typed_before_a_set_arrives_survives_on_the_real_api(tmp_path):
    # typed before the set is asked for: a warm maker delivers a set in milliseconds, so typing "while it
    # is made" would race it; the mid end decides at the set's arrival either way (the first test above
    # types while it is made), and this one checks the host and Api carry that to the player
    bridge = RecordingBridge()
    api = Api(bridge, tmp_path, "en")
    try:
        assert api.set_mode("enter")["ok"] and api.set_cell(0, 7)["ok"]
        typed_board = [7] + [0] * 80
        assert api.start_set(3, "easy")["ok"]
        bridge.wait_for("state", lambda p: p["state"]["set"]["is_set"], timeout=120)  # the set arrives
        state = state_of(api)
        assert state["digits"] != typed_board and state["can_undo"]  # the set's puzzle shows
        assert api.undo()["changed"]
        assert state_of(api)["digits"] == typed_board  # the typed puzzle is one Undo away
    finally:
        api._shutdown()
