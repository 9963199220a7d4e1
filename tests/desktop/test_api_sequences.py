"""Issue 27's findings, each sequence of calls a regression test on the real Api (engine, storage real)."""

from __future__ import annotations

from desktop.bridge import RecordingBridge
from desktop.contract.api import Api
from tests.harness.states import state_of

P = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
P_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
Q = P.translate(str.maketrans("12", "21"))



def _state(api: Api) -> dict:
    return state_of(api)


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
    api._start()  # the warm-up starts as the window shows, so the analysis runs
    api.import_text(P)
    cell = next(c for c in range(81) if P[c] == "0")
    wrong = next(d for d in range(1, 10) if str(d) != P_SOLUTION[cell]
                 and not any(_state(api)["digits"][p] == d for p in _peers(cell)))
    api.set_cell(cell, wrong)
    version = _state(api)["version"]
    found = _analysed(bridge, version)
    assert found["status"]["kind"] == "valid"
    assert _state(api)["status"]["kind"] == "valid"
    api.set_setting("show_mistakes", True)  # now the header may judge the whole board
    version = _state(api)["version"]
    found = _analysed(bridge, version)
    assert found["status"]["kind"] == "unsolvable"


def _analysed(bridge: RecordingBridge, version: int) -> dict:
    """Return the first state of board ``version`` or later whose solutions the solver has counted."""
    return bridge.wait_for("state", lambda p: p["state"]["version"] >= version
                           and p["state"]["status"]["solutions"] is not None, timeout=60)["state"]


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


def test_a_later_set_replaces_an_earlier_one_and_cancel_stops_its_maker(api, bridge):
    api.start_set(1000, "any")
    bridge.wait_for("state", lambda p: p["state"]["set"]["is_set"], timeout=60)
    api.start_set(5, "any")
    assert api.cancel_set()["ok"]
    import time
    time.sleep(3)  # the first maker, had it run on, would have added puzzles by now
    made = _state(api)["set"]["made"]
    time.sleep(2)
    state = _state(api)
    assert state["set"]["made"] == made and state["set"]["count"] == made and not state["making_set"]
    assert made <= 5


def test_an_import_made_while_a_new_puzzle_is_made_is_not_replaced_by_it(api, bridge):
    assert api.new_puzzle()["ok"]
    assert api.import_text(P)["ok"]
    import time
    time.sleep(3)  # long enough for the generator to finish a puzzle
    state = _state(api)
    assert state["digits"] == [int(c) for c in P] and state["busy"] is None


def test_a_paused_game_is_not_solved_behind_its_back(api):
    api.import_text(P)
    api.set_paused(True)
    refused = api.solve("smart")
    assert refused["ok"] is False and refused["error"]["code"] == "paused"
    assert _state(api)["digits"] == [0] * 81  # still hidden


def test_seek_then_stop_after_a_solved_run_leaves_nothing_busy(api, bridge):
    api.import_text(P)
    api.set_delay(0)
    api.solve("smart")
    bridge.wait_for("state", lambda p: p["state"]["session"]["status"] == "solved", timeout=60)
    assert api.seek(0)["ok"]
    assert api.stop()["ok"]
    import time
    deadline = time.monotonic() + 5
    while _state(api)["session"]["status"] not in ("stopped", "idle") and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _state(api)["session"]["status"] == "stopped"
    answer = api.undo()
    assert answer["ok"], answer


def test_a_symlinked_save_keeps_its_link(tmp_path):
    elsewhere = tmp_path / "synced"
    elsewhere.mkdir()
    data = tmp_path / "data"
    first = Api(RecordingBridge(), data, "en")
    first.import_text(P)
    (elsewhere / "game.json").write_bytes((data / "game.json").read_bytes())
    (data / "game.json").unlink()
    (data / "game.json").symlink_to(elsewhere / "game.json")
    again = Api(RecordingBridge(), data, "en")
    again.set_cell(2, 4)
    assert (data / "game.json").is_symlink()
    assert state_of(Api(RecordingBridge(), data, "en"))["digits"][2] == 4


def test_quit_closes_the_window_and_export_offers_the_puzzle_or_the_board(api, bridge):
    api.import_text(P)
    api.set_cell(2, 4)
    assert api.export_text("line", "puzzle")["text"] == P.replace("0", ".")
    assert api.export_text("line", "board")["text"][2] == "4"
    assert api.export_text("line")["text"][2] == "4"
    assert api.export_text("line", "givens")["error"]["code"] == "bad_argument"
    assert api.quit() == {"ok": True} and bridge.closed_window


def test_enter_puzzle_starts_a_blank_game_outside_the_set_without_its_timer(api):
    api.import_set("\n".join([P, Q]))
    api.set_cell(2, 4)
    import time
    time.sleep(0.05)
    assert api.set_mode("enter")["ok"]
    state = _state(api)
    assert state["digits"] == [0] * 81 and not state["set"]["is_set"] and state["timer"]["ms"] == 0
    for cell, ch in enumerate(Q):
        if ch != "0":
            api.set_cell(cell, int(ch))
    assert api.set_mode("play")["check"]["kind"] == "unique"
    assert _wrong_after_check(api) == []
