"""Issue 27's findings, each sequence of calls a regression test on the real Api (engine, storage real)."""

from __future__ import annotations

import pytest

from desktop.api import Api
from desktop.bridge import RecordingBridge

P = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
P_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
Q = P.translate(str.maketrans("12", "21"))


@pytest.fixture
def bridge() -> RecordingBridge:
    return RecordingBridge()


@pytest.fixture
def api(tmp_path, bridge) -> Api:
    return Api(bridge, tmp_path, "en")


def _state(api: Api) -> dict:
    return api.get_state()["state"]


def _wrong_after_check(api: Api) -> list[int]:
    answer = api.check()
    assert answer["ok"], answer
    return answer["check"].get("cells", [])


def test_paste_then_undo_checks_the_old_board_against_its_own_solution(tmp_path, bridge):
    api = Api(bridge, tmp_path, "en")
    assert api.import_text(P)["ok"]
    api.set_cell(2, 4)
    assert api.import_text(Q)["ok"]
    assert api.undo()["ok"]
    assert _state(api)["digits"][2] == 4
    assert _wrong_after_check(api) == []
    again = Api(RecordingBridge(), tmp_path, "en")  # the same after a relaunch
    assert _wrong_after_check(again) == []
    again.set_setting("show_mistakes", True)
    assert _state(again)["wrong"] == []


def test_import_clear_then_digits_are_not_marked_wrong(api):
    api.import_text(P)
    api.clear()
    api.set_cell(0, 1)
    api.set_cell(1, 2)
    assert _wrong_after_check(api) == []


def test_import_then_typing_a_given_in_enter_mode_does_not_mark_a_given_wrong(api):
    api.import_text(P)
    api.set_mode("enter")
    api.set_cell(0, 0)
    api.set_cell(1, 5)
    api.set_mode("play")
    assert _wrong_after_check(api) == []


def test_a_wrong_digit_that_repeats_nothing_is_not_given_away_by_the_header(api, bridge):
    api.get_state()  # starts the warm-up, so the analysis runs
    api.import_text(P)
    cell = next(c for c in range(81) if P[c] == "0")
    wrong = next(d for d in range(1, 10) if str(d) != P_SOLUTION[cell]
                 and not any(_state(api)["digits"][p] == d for p in _peers(cell)))
    api.set_cell(cell, wrong)
    version = _state(api)["version"]
    found = bridge.wait_for("analysis", lambda p: p["version"] >= version, timeout=60)
    assert found["status"]["kind"] == "valid"
    assert _state(api)["status"]["kind"] == "valid"
    api.set_setting("show_mistakes", True)  # now the header may judge the whole board
    version = _state(api)["version"]
    found = bridge.wait_for("analysis", lambda p: p["version"] >= version, timeout=60)
    assert found["status"]["kind"] == "unsolvable"


def _peers(cell: int) -> set[int]:
    r, c = divmod(cell, 9)
    return {p for p in range(81) if p != cell and (p // 9 == r or p % 9 == c
            or (p // 27 == r // 3 and p % 9 // 3 == c // 3))}


def test_restart_resets_the_timer(api):
    api.import_text(P)
    api.set_cell(2, 4)
    import time
    time.sleep(0.05)
    assert _state(api)["timer"]["ms"] > 0
    api.restart()
    assert _state(api)["timer"]["ms"] < 40
    api.undo()
    assert _state(api)["timer"]["ms"] >= 50


def test_set_cell_with_a_huge_number_is_a_clear_bad_argument(api):
    answer = api.set_cell(10**5000, 1)
    assert answer["ok"] is False and answer["error"]["code"] == "bad_argument"


def test_a_text_of_five_puzzles_is_offered_and_imported_as_a_set_of_five(api):
    text = "\n".join([P, Q, P, Q, P])
    refused = api.import_text(text)
    assert refused["ok"] is False and refused["error"]["code"] == "several_puzzles"
    assert refused["error"]["params"] == {"count": 5}
    assert api.import_set(text)["ok"]
    state = _state(api)
    assert state["set"]["is_set"] and state["set"]["count"] == 5 and state["set"]["made"] == 5
    assert state["digits"] == [int(c) for c in P]
    assert _wrong_after_check(api) == []
    api.go_puzzle("next")
    assert _state(api)["digits"] == [int(c) for c in Q]


def test_a_watched_solve_in_a_set_leaves_the_set_progress_unchanged(api, bridge):
    api.import_set("\n".join([P, Q]))
    assert api.solve("smart")["ok"]
    bridge.wait_for("state", lambda p: p["state"]["session"]["status"] == "solved", timeout=60)
    state = _state(api)
    assert 0 not in state["digits"]
    assert state["set"]["solved"] == 0 and state["statistics"] == {}
