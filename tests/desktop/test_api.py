"""The object exposed to JavaScript (desktop/contract/api.py), called in-process as pywebview would call it.

The Bridge is a RecordingBridge (the page's stand-in); the engine, the game, the storage and the
sessions are all real.
"""

from __future__ import annotations

import inspect
import json
import time

import numpy as np
import pytest

from desktop.bridge import RecordingBridge
from desktop.contract.api import Api
from desktop.io.storage import GAME_FILE
from engine import count_solutions, is_solution
from tests.harness.states import state_of, wait_notice

# Wikipedia's example puzzle (unique)
PUZZLE = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"

CONTRACT = {
    "cancel_set", "check", "check_puzzle", "clear", "fill_candidates", "fill_singles", "get_state", "quit",
    "import_set",
    "go_puzzle", "import_text", "export_text", "open_file", "save_file",
    "hint", "apply_hint", "seek", "step_back", "new_puzzle", "pause", "redo", "restart", "resume",
    "set_cell", "set_delay", "set_mode",
    "set_paused", "set_setting", "solve", "start_set", "step", "stop", "toggle_note", "undo",
    # photos (desktop/contract/photo.py)
    "open_image", "read_image_data", "check_grid", "load_photo", "close_photo",
    "practise_open", "practise_next", "practise_mark", "practise_check", "practise_show", "practise_close",
    "techniques",
    "paint", "paint_note", "clear_colours", "share_link", "open_sudokuwiki", "daily_puzzle", "print_pdf",
    "take_opened",  # desktop/contract/open.py
}
CONTRACT |= {"undo_to_mistake", "why_wrong", "rate_puzzle", "open_step"}  # desktop/contract/learn.py
CONTRACT |= {"toggle_mark", "clear_marks", "fill_cage_marks"}  # desktop/contract/marks.py
# desktop/contract/enter.py
CONTRACT |= {"enter_shape", "add_constraint", "remove_constraint", "set_region", "new_variant"}


def _after(api: Api, answer: dict) -> dict:
    """Return the state after a call that answered ok (answers carry no state: the page gets events)."""
    assert answer["ok"], answer
    return state_of(api)


def _enter(api: Api, puzzle: str) -> None:
    assert api.set_mode("enter")["ok"]
    for cell, ch in enumerate(puzzle):
        if ch not in ".0":
            assert api.set_cell(cell, int(ch))["ok"]


def test_only_the_contract_is_public():
    public = {n for n, v in inspect.getmembers(Api) if not n.startswith("_")}
    assert public == CONTRACT


@pytest.mark.parametrize(
    "method,args",
    [
        ("set_cell", ()),
        ("set_cell", (0,)),
        ("set_cell", (0, 1, 2)),
        ("set_cell", ("0", 1)),
        ("set_cell", (0, "5")),
        ("set_cell", (True, 1)),
        ("set_cell", (81, 1)),
        ("set_cell", (-1, 1)),
        ("set_cell", (0, 10)),
        ("set_cell", (0.5, 1)),
        ("set_cell", (None, None)),
        ("set_cell", ([0], {})),
        ("set_cell", (2**80, 1)),
        ("set_mode", ("x" * 1_000_000,)),
        ("set_mode", ("PLAY",)),
        ("set_mode", (None,)),
        ("solve", ("quantum",)),
        ("solve", (["naive"],)),
        ("solve", ()),
        ("set_delay", (-1,)),
        ("set_delay", (1001,)),
        ("set_delay", ("100",)),
        ("set_delay", (float("nan"),)),
        ("set_setting", ("language", "fr")),
        ("set_setting", ("theme", "x" * 100_000)),
        ("set_setting", ("x" * 100_000, 1)),
        ("set_setting", ("candidates", 1)),
        ("set_setting", ("delay", True)),
        ("set_setting", ("__class__", 1)),
        ("set_setting", ("difficulty", "impossible")),
        ("set_setting", ("tab", "menu")),
        ("get_state", (1,)),
        ("undo", ("please",)),
        ("paint", (0, 0)),
        ("paint", (0, 9)),
        ("paint", (81, 1)),
        ("paint", (0, True)),
        ("paint_note", (0, 0, 1)),
        ("paint_note", (0, 1, 9)),
        ("clear_colours", (1,)),
        ("toggle_mark", (0, 1, "middle")),
        ("toggle_mark", (0, 10, "corner")),
        ("clear_marks", (81, "centre")),
    ],
)
def test_bad_calls_answer_an_error_and_change_nothing(api, method, args):
    before = state_of(api)
    answer = getattr(api, method)(*args)
    assert answer["ok"] is False
    assert answer["error"]["code"] == "bad_argument"
    assert 0 < len(answer["error"]["message"]) < 300
    json.dumps(answer)
    after = state_of(api)
    assert (after["digits"], after["settings"], after["mode"]) == (
        before["digits"], before["settings"], before["mode"],
    )
    assert api.set_cell(0, 5)["ok"], "the API still works"


def test_every_answer_and_event_is_json(api, bridge):
    answers = [api.get_state(), api.set_cell(0, 5), api.undo(), api.redo(), api.set_mode("enter"),
               api.set_mode("play"), api.check_puzzle(), api.fill_singles(), api.set_delay(0),
               api.set_setting("theme", "dark"), api.clear()]
    for answer in answers:
        assert answer["ok"] is True, answer
        json.dumps(answer, allow_nan=False)
    assert bridge.named("state"), "changes are pushed to the page"


def test_typing_conflicts_and_the_board_state(api):
    state = _after(api, api.set_cell(0, 5))
    assert state["digits"][0] == 5 and state["origins"][0] == "entry"
    state = _after(api, api.set_cell(8, 5))
    assert state["conflicts"] == [0, 8]
    assert state["status"]["kind"] == "invalid"
    assert state["status"]["conflicts"] == [{"digit": 5, "kind": "row", "index": 1, "cells": [0, 8]}]
    state = _after(api, api.set_cell(8, 0))
    assert state["conflicts"] == [] and state["status"]["kind"] == "valid"


def test_givens_are_read_only_in_play_and_leaving_enter_checks(api):
    _enter(api, PUZZLE)
    answer = api.set_mode("play")
    assert answer["check"]["kind"] == "unique"
    assert state_of(api)["mode"] == "play"
    refused = api.set_cell(0, 1)
    assert refused["ok"] is False and refused["error"]["code"] == "read_only"
    assert state_of(api)["digits"][0] == 5


def test_leaving_enter_mode_reports_several_solutions_up_to_the_cap(api):
    _enter(api, "1" + "0" * 80)
    check = api.set_mode("play")["check"]
    assert check["kind"] == "multiple" and check["capped"] and check["count"] == check["cap"] == 10


def test_the_analysis_marks_an_unsolvable_board(api, bridge):
    # no repeated digit and every empty cell has a candidate, yet no solution (from the test data rule)
    from tests.desktop.test_game import _rows

    row = _rows("derived_nosolution_noduplicate.tsv", 1)[0]
    api._start()  # the warm-up starts as the window shows
    _enter(api, row["modified_puzzle"])
    version = state_of(api)["version"]
    found = bridge.wait_for("state", lambda p: p["state"]["version"] == version
                            and p["state"]["status"]["solutions"] is not None, timeout=60)["state"]
    assert found["status"]["kind"] == "unsolvable"
    assert state_of(api)["status"]["kind"] == "unsolvable"


def test_fill_singles_fills_inferred_cells_of_the_solution(api):
    _enter(api, PUZZLE)
    api.set_mode("play")
    answer = api.fill_singles()
    assert answer["placed"] > 0
    state = state_of(api)
    assert state["status"]["kind"] == "solved"  # this puzzle falls to hidden singles alone
    assert is_solution(state["digits"], [int(ch) for ch in PUZZLE])
    assert {c for c, o in enumerate(state["origins"]) if o == "inferred"} == {
        c for c, ch in enumerate(PUZZLE) if ch == "0"
    }
    assert _after(api, api.undo())["digits"] == [int(ch) for ch in PUZZLE]


def test_a_hint_is_the_easiest_step_and_changes_nothing(api):
    _enter(api, PUZZLE)
    api.set_mode("play")
    before = state_of(api)["digits"]
    for _ in range(4):  # the ladder's fourth level shows the whole step
        answer = _after(api, api.hint())["hint"]
    hint = answer["step"]  # the one wire form of a step: Step.to_dict plus the engine's words for it
    assert hint["technique"] and hint["words"]["en"] and hint["words"]["zh"]
    assert "text" not in answer  # the ladder's other levels are codes the page words
    solution = _after(api, api.fill_singles())["digits"]  # this puzzle is all singles: the known solution
    api.undo()
    assert hint["placements"] and all(solution[c] == d for c, d in hint["placements"])
    assert state_of(api)["digits"] == before


def test_fill_singles_refuses_a_board_with_repeats(api):
    api.set_cell(0, 5)
    api.set_cell(1, 5)
    answer = api.fill_singles()
    assert answer["ok"] is False and answer["error"]["code"] == "invalid_board"


def test_new_puzzle_arrives_as_an_event_with_exactly_one_solution(api, bridge):
    answer = api.new_puzzle()
    assert answer == {"ok": True, "pending": True}
    notice = wait_notice(bridge, lambda n: n["code"] == "new_puzzle", timeout=60)
    state = state_of(api)
    grid = np.array(state["digits"], dtype=np.uint8)
    assert count_solutions(grid, 2) == 1
    assert notice["params"]["clues"] == int(np.count_nonzero(grid))
    assert notice["params"]["replaced"] is False  # nothing was in progress
    assert all(o == "given" for d, o in zip(state["digits"], state["origins"], strict=True) if d)
    assert state["busy"] is None and state["mode"] == "play"


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_new_puzzle_at_a_difficulty_is_rated_that_level(api, bridge, level):
    from engine import rate

    api.set_setting("difficulty", level)
    api.new_puzzle()
    notice = wait_notice(bridge, lambda n: n["code"] == "new_puzzle", timeout=120)
    assert notice["params"]["difficulty"] == level
    digits = state_of(api)["digits"]
    assert rate(np.array(digits, dtype=np.uint8)).level.value == level


def test_everything_is_restored_by_the_next_launch(tmp_path, bridge):
    first = Api(bridge, tmp_path, None)
    _enter(first, PUZZLE)
    first.set_cell(2, 4)
    first.set_setting("language", "zh")
    first.set_setting("theme", "dark")
    first.set_setting("algorithm", "naive")
    first.set_delay(250)
    first.set_setting("candidates", True)
    first.set_setting("difficulty", "hard")
    first.set_setting("tab", "learn")
    state = state_of(first)
    second = state_of(Api(RecordingBridge(), tmp_path, None))
    for key in ("digits", "origins", "mode", "settings", "can_undo"):
        assert second[key] == state[key], key
    assert second["settings"] == {"language": "zh", "theme": "dark", "algorithm": "naive", "delay": 250,
                                  "candidates": True, "difficulty": "hard", "show_mistakes": False,
                                  "show_timer": True, "tab": "learn", "window": None, "needs": ""}


def test_lang_argument_overrides_the_saved_language_until_the_user_switches(tmp_path):
    Api(RecordingBridge(), tmp_path, "en").set_setting("language", "zh")
    api = Api(RecordingBridge(), tmp_path, "en")
    assert state_of(api)["settings"]["language"] == "en"
    api.set_setting("language", "zh")
    assert state_of(api)["settings"]["language"] == "zh"


def test_a_damaged_save_is_reported_once_and_the_app_works(tmp_path):
    (tmp_path / GAME_FILE).write_text("{ this is not json")
    api = Api(RecordingBridge(), tmp_path, "en")
    notices = state_of(api)["notices"]
    assert [n["code"] for n in notices] == ["damaged_save"]
    assert "damaged" in notices[0]["message"] and notices[0]["params"]["what"] == "game"
    assert any(p.name.startswith(GAME_FILE + ".damaged-") for p in tmp_path.iterdir())
    assert api.set_cell(0, 1)["ok"]
    assert json.loads((tmp_path / GAME_FILE).read_text())["play"]["games"][0]["digits"][0] == "1"


def test_a_save_failure_is_said_once_and_play_goes_on(tmp_path, bridge):
    api = Api(bridge, tmp_path / "data", "en")
    (tmp_path / "data").write_text("a file where the folder should be")
    assert api.set_cell(0, 1)["ok"]
    assert api.set_cell(1, 2)["ok"]
    assert api.set_cell(2, 3)["ok"]
    assert [n["code"] for n in state_of(api)["notices"]] == ["save_failed"]


def test_calls_from_many_threads_keep_the_state_consistent(api):
    import threading

    def worker(base: int) -> None:
        for i in range(30):
            api.set_cell(base + i % 9, (i % 9) + 1)
            api.get_state()

    threads = [threading.Thread(target=worker, args=(9 * k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    state = state_of(api)
    assert state["digits"][:36] == [d for _ in range(4) for d in range(1, 10)]
    assert state["conflicts"] == list(range(36))  # each column holds its digit four times


def test_settings_take_effect_in_the_state_and_answers_carry_no_state(api):
    assert api.set_delay(0) == {"ok": True}
    assert state_of(api)["settings"]["delay"] == 0
    assert _after(api, api.set_setting("candidates", True))["settings"]["candidates"] is True
    assert _after(api, api.set_setting("theme", "light"))["settings"]["theme"] == "light"


def test_warm_up_reports_the_solver_ready(api, bridge):
    api._start()  # the warm-up starts as the window shows
    bridge.wait_for("state", lambda p: p["state"]["solver_ready"], timeout=60)
    started = time.monotonic()
    assert api.check_puzzle()["ok"]
    assert time.monotonic() - started < 5


def _play(api: Api) -> dict:
    """Load PUZZLE as a puzzle to play (entered, then played) and return the state."""
    _enter(api, PUZZLE)
    return _after(api, api.set_mode("play"))


def test_check_says_empty_then_wrong_cells_then_solved(api):
    _play(api)
    empty = PUZZLE.count("0")
    answer = api.check()
    assert answer["check"] == {"kind": "empty", "empty": empty}
    assert state_of(api)["check"] == answer["check"]
    solution = [int(d) for d in _after(api, api.fill_singles())["digits"]]  # all singles: the solution
    api.undo()
    wrong = PUZZLE.index("0")
    api.set_cell(wrong, solution[wrong] % 9 + 1)
    told = _after(api, api.hint())["hint"]  # the solution is known from leaving Enter puzzle: no Check first
    assert told["kind"] == "wrong" and (told["cell"], told["digit"]) == (wrong, solution[wrong] % 9 + 1)
    assert told["highlight"]["cells"] == [wrong] and not told["can_apply"]
    assert api.check()["check"]["cells"] == [wrong]
    assert _after(api, api.hint())["hint"]["kind"] == "wrong"  # again: still the wrong digit, no deeper
    assert api.fill_singles()["error"]["code"] == "wrong_digit"
    api.set_cell(wrong, 0)
    api.fill_singles()
    result = api.check()["check"]
    assert result["kind"] == "solved" and result["ms"] >= 0


def test_notes_fill_candidates_and_a_digit_cleans_peers_in_one_undo(api):
    _play(api)
    assert _after(api, api.toggle_note(2, 4))["notes"][2] == 1 << 3
    state = _after(api, api.fill_candidates())
    notes = state["notes"]
    assert notes[2] == state["candidates"][2] and notes[0] == 0
    cleaned = _after(api, api.set_cell(2, 4))["notes"]
    assert all(not cleaned[p] & (1 << 3) for p in (3, 5, 6, 7, 8))  # row 1 peers
    assert _after(api, api.undo())["notes"] == notes
    assert api.toggle_note(0, 1)["error"]["code"] == "filled"
    assert api.toggle_note(2, 0)["error"]["code"] == "bad_argument"


def test_restart_then_undo_and_both_survive_a_relaunch(tmp_path):
    api = Api(RecordingBridge(), tmp_path, None)
    _play(api)
    api.set_cell(2, 4)
    api.toggle_note(3, 6)
    assert _after(api, api.restart())["digits"] == [int(c) for c in PUZZLE]
    again = Api(RecordingBridge(), tmp_path, None)
    state = _after(again, again.undo())
    assert state["digits"][2] == 4 and state["notes"][3] == 1 << 5


def test_pause_hides_the_board_and_stops_the_timer(api):
    _play(api)
    paused = _after(api, api.set_paused(True))
    assert paused["paused"] and paused["digits"] == [0] * 81 and not paused["timer"]["running"]
    ms = paused["timer"]["ms"]
    time.sleep(0.05)
    assert state_of(api)["timer"]["ms"] == ms
    assert api.set_cell(2, 4)["error"]["code"] == "paused"  # no move on a hidden board
    resumed = _after(api, api.set_paused(False))
    assert not resumed["paused"] and resumed["timer"]["running"] and resumed["digits"][0] == 5


def test_a_set_is_made_played_through_and_restored_by_the_next_launch(tmp_path, bridge):
    api = Api(bridge, tmp_path, None)
    assert api.start_set(3, "any") == {"ok": True, "pending": True}
    bridge.wait_for("state", lambda p: p["state"]["set"]["made"] == 3 and not p["state"]["making_set"],
                    timeout=120)
    state = state_of(api)
    assert state["set"] == {"is_set": True, "index": 0, "count": 3, "made": 3, "solved": 0}
    first = state["digits"]
    cell = first.index(0)
    api.set_cell(cell, 1)
    state = _after(api, api.go_puzzle("next"))
    assert state["set"]["index"] == 1 and state["digits"] != first
    again = Api(RecordingBridge(), tmp_path, None)
    restored = _after(again, again.go_puzzle("previous"))
    assert restored["set"]["index"] == 0 and restored["digits"][cell] == 1 and restored["can_undo"]
    assert api.start_set(0, "any")["error"]["code"] == "bad_argument"
    assert api.go_puzzle(1)["error"]["code"] == "bad_argument"


class _DialogBridge(RecordingBridge):
    """The page's stand-in plus a window whose native file dialog always answers ``path``."""

    def __init__(self, path) -> None:
        super().__init__()
        self.path = path

    def choose_file(self, kind: str):
        return str(self.path)


def test_import_text_loads_givens_and_bad_text_changes_nothing(api):
    state = _after(api, api.import_text(PUZZLE))
    assert state["digits"] == [int(c) for c in PUZZLE] and state["can_undo"]
    bad = api.import_text(PUZZLE[:40] + "x" + PUZZLE[41:])
    assert bad["error"]["code"] == "bad_text" and "line 1, column 41" in bad["error"]["message"]
    repeated = api.import_text("55" + PUZZLE[2:])
    assert repeated["error"]["code"] == "bad_text"
    assert state_of(api)["digits"] == [int(c) for c in PUZZLE]
    assert api.import_text(5)["error"]["code"] == "bad_argument"


def test_export_and_import_of_the_729_line_keep_the_notes(api):
    api.import_text(PUZZLE)
    api.fill_candidates()
    api.toggle_note(2, 1)  # the player's notes, not the engine's candidates, are exported
    line = api.export_text("candidates")["text"]
    notes = state_of(api)["notes"]
    api.clear()
    state = _after(api, api.import_text(line))
    assert state["notes"][2] == notes[2] and state["digits"][0] == 5
    assert api.export_text("xml")["error"]["code"] == "bad_argument"


def test_save_file_writes_the_export_atomically_and_open_file_reads_it(tmp_path):
    target = tmp_path / "out.sdk"
    api = Api(_DialogBridge(target), tmp_path / "data", None)
    api.import_text(PUZZLE)
    assert api.save_file("block")["saved"] == "out.sdk"
    assert target.read_text().split() == [PUZZLE[r * 9:r * 9 + 9] for r in range(9)]
    assert api.open_file()["text"] == target.read_text()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
    assert Api(RecordingBridge(), tmp_path / "d2", None).open_file()["error"]["code"] == "no_window"


def test_making_a_set_can_be_cancelled_keeping_the_puzzles_made(api, bridge):
    api.start_set(200, "any")
    bridge.wait_for("state", lambda p: p["state"]["set"]["is_set"], timeout=60)
    assert api.cancel_set()["ok"]
    bridge.wait_for("state", lambda p: not p["state"]["making_set"], timeout=60)
    state = state_of(api)
    assert 1 <= state["set"]["made"] < 200 and state["set"]["count"] == state["set"]["made"]
    assert state["busy"] is None and any(state["digits"])


def test_a_set_still_being_made_when_the_app_closed_is_finished_at_the_next_launch(tmp_path, bridge):
    from desktop.io.storage import Storage
    from desktop.midend import Game, Play

    first = Game("any")
    first.load_puzzle([int(c) for c in PUZZLE], "new")
    play = Play()
    play.start_set(first, 3, 0.0)  # the app closed after the first of three
    Storage(tmp_path).save_game(play, 0.0)
    api = Api(bridge, tmp_path, "en")
    assert state_of(api)["set"]["count"] == 3
    assert not state_of(api)["making_set"]  # the page's calls start nothing: the maker waits for the window
    api._start()
    bridge.wait_for("state", lambda p: p["state"]["set"]["made"] == 3 and not p["state"]["making_set"],
                    timeout=120)
    state = state_of(api)
    assert state["set"]["index"] == 0 and state["digits"] == [int(c) for c in PUZZLE]
    seen = {tuple(state["digits"])}
    for _ in range(2):
        state = _after(api, api.go_puzzle("next"))
        seen.add(tuple(state["digits"]))
    assert len(seen) == 3  # the made ones differ from each other and from the first


def test_a_hint_belongs_to_its_puzzle_of_a_set_even_where_their_board_versions_agree(api, bridge):
    assert api.start_set(2, "easy")["ok"]
    bridge.wait_for("state", lambda p: p["state"]["set"]["made"] == 2 and not p["state"]["making_set"],
                    timeout=120)
    assert api.fill_candidates()["ok"]  # one move here: this board's version is the next one's on arrival
    first = _after(api, api.hint())
    assert _after(api, api.hint())["hint"]["level"] == 2 and first["hint"]["level"] == 1
    other = _after(api, api.go_puzzle("next"))
    assert other["version"] == first["version"]  # each game numbers its own versions
    assert other["hint"] is None
    assert _after(api, api.hint())["hint"]["level"] == 1  # a new ladder, not the first puzzle's going on
    assert _after(api, api.go_puzzle("previous"))["hint"] is None  # the ladder follows the board shown


def test_the_first_launch_opens_an_easy_puzzle_and_a_later_launch_resumes(tmp_path):
    bridge = RecordingBridge()
    first = Api(bridge, tmp_path, "en")
    assert first._open_first_puzzle() is True
    assert first._open_first_puzzle() is False  # once
    wait_notice(bridge, lambda n: n["code"] == "new_puzzle", timeout=120)
    state = state_of(first)
    assert state["difficulty"] == "easy" and state["settings"]["difficulty"] == "any"
    first._shutdown()
    again = Api(RecordingBridge(), tmp_path, "en")
    assert again._open_first_puzzle() is False
    assert state_of(again)["digits"] == state["digits"]
    again._shutdown()


def test_entering_a_puzzle_drops_the_first_launch_puzzle_still_being_made(tmp_path):
    api = Api(RecordingBridge(), tmp_path, "en")
    api._open_first_puzzle()
    assert api.set_mode("enter")["ok"]
    api.set_cell(0, 5)
    time.sleep(3)  # long enough for an easy puzzle to be made (and dropped)
    state = state_of(api)
    assert state["mode"] == "enter" and state["digits"][0] == 5 and sum(map(bool, state["digits"])) == 1
    api._shutdown()


def test_a_new_puzzle_over_a_game_in_progress_says_it_replaced_one(api, bridge):
    api.new_puzzle()
    first = wait_notice(bridge, lambda n: n["code"] == "new_puzzle", timeout=60)
    assert first["params"]["replaced"] is False
    digits = state_of(api)["digits"]
    api.set_cell(digits.index(0), 1)
    api.new_puzzle()
    notices = wait_notice(bridge, lambda n: n["code"] == "new_puzzle" and n["id"] != first["id"], timeout=60)
    assert notices["params"]["replaced"] is True


def test_mistakes_named_by_check_are_counted_for_the_puzzle_and_saved(tmp_path):
    api = Api(RecordingBridge(), tmp_path, "en")
    _play(api)
    assert state_of(api)["mistakes_checked"] == 0
    api.set_cell(2, 1)  # r1c3 is 4 in the solution; a 1 repeats nothing
    assert api.check()["check"]["cells"] == [2]
    api.check()  # named again: counted again (each Check that finds it)
    assert state_of(api)["mistakes_checked"] == 2
    api._shutdown()
    again = Api(RecordingBridge(), tmp_path, "en")
    assert state_of(again)["mistakes_checked"] == 2
    again.restart()  # a puzzle started again starts counting again
    assert state_of(again)["mistakes_checked"] == 0
    again._shutdown()


# every call of the contract with arguments it accepts, in an order a session could take
EVERY_CALL = [
    ("get_state", ()), ("import_text", (PUZZLE,)), ("set_cell", (2, 4)), ("toggle_note", (3, 2)),
    ("undo", ()), ("redo", ()), ("set_mode", ("enter",)), ("set_mode", ("play",)), ("check_puzzle", ()),
    ("check", ()), ("hint", ()), ("apply_hint", ()), ("why_wrong", ()), ("undo_to_mistake", ()),
    ("rate_puzzle", ()), ("fill_candidates", ()), ("fill_singles", ()), ("restart", ()), ("paint", (2, 1)),
    ("paint_note", (3, 1, 2)), ("clear_colours", ()), ("toggle_mark", (3, 1, "corner")),
    ("clear_marks", (3, "corner")), ("fill_cage_marks", ()), ("export_text", ("line",)), ("share_link", ()),
    ("open_sudokuwiki", ()), ("techniques", ()), ("practise_open", ("",)),
    ("practise_mark", (0, 1, "strike")), ("practise_check", ()), ("practise_show", ()), ("practise_next", ()),
    ("practise_close", ()), ("set_paused", (True,)), ("set_paused", (False,)), ("set_delay", (0,)),
    ("set_setting", ("theme", "dark")), ("open_step", (0,)), ("stop", ()), ("solve", ("smart",)),
    ("pause", ()), ("resume", ()), ("step", ()), ("stop", ()), ("seek", (1,)), ("step_back", ()),
    ("stop", ()), ("check_grid", (PUZZLE.replace("0", "."),)),
    ("set_mode", ("enter",)), ("enter_shape", ("killer", 6)), ("set_region", (0, 0)),
    ("add_constraint", ({"kind": "cage", "cells": [0, 1], "total": 3},)), ("remove_constraint", (0,)),
    ("set_mode", ("play",)), ("new_variant", ("x", 4)),
    ("read_image_data", ("not base64!",)), ("load_photo", (PUZZLE.replace("0", "."),)), ("close_photo", ()),
    ("open_image", ()), ("open_file", ()), ("take_opened", ()), ("save_file", ("line",)),
    ("print_pdf", ("puzzle", 1, False)),
    ("import_set", (PUZZLE + "\n" + PUZZLE[::-1],)), ("go_puzzle", ("next",)), ("start_set", (2, "easy")),
    ("cancel_set", ()), ("new_puzzle", ()), ("daily_puzzle", ("",)), ("clear", ()), ("quit", ()),
]
# the values a question answers (CONTRACT.md); nothing else rides on an answer
QUESTION_VALUES = {"changed", "check", "placed", "pending", "text", "name", "saved", "techniques", "verdict",
                   "items", "index", "cages"}


def test_no_answer_of_any_call_carries_state(api, bridge, system_browser):
    from desktop.exposed import public_method_names

    assert {name for name, _ in EVERY_CALL} == set(public_method_names(Api)), "a call is missing here"
    answers = [(name, getattr(api, name)(*args)) for name, args in EVERY_CALL]
    for name, answer in answers:
        assert "state" not in answer and "hint" not in answer, (name, answer)
        if answer["ok"]:
            assert set(answer) - {"ok"} <= QUESTION_VALUES, (name, answer)
        else:
            assert set(answer) == {"ok", "error"} and "state" not in answer["error"]["params"], (name, answer)
    refused = {name for name, answer in answers if not answer["ok"]}
    assert len(refused) < len(answers) // 3, refused  # most calls were made for real, not refused
    assert bridge.named("state"), "the state came as events"
    api._shutdown()


def test_the_page_receives_only_state_and_frame_events_over_a_session(api, bridge):
    api._start()  # as the app does when its window shows
    assert api.get_state() == {"ok": True}
    assert api.import_text(PUZZLE)["ok"]
    for cell, digit in ((2, 4), (3, 6), (2, 0), (3, 0)):
        assert api.set_cell(cell, digit)["ok"]
    assert api.toggle_note(2, 4)["ok"] and api.undo()["ok"] and api.redo()["ok"]
    for _ in range(4):
        assert api.hint()["ok"]
    assert api.apply_hint()["ok"] and api.check()["ok"]
    assert api.set_setting("language", "zh")["ok"] and api.set_delay(0)["ok"]
    assert api.step()["ok"] and api.step_back()["ok"]
    assert api.solve("smart")["ok"]
    bridge.wait_for("state", lambda p: p["state"]["session"]["status"] == "solved", 60)
    assert api.undo()["ok"] and api.new_puzzle()["ok"]
    wait_notice(bridge, lambda n: n["code"] == "new_puzzle", timeout=60)
    assert api.practise_open("")["ok"] and api.practise_show()["ok"] and api.practise_close()["ok"]
    names = {name for name, _ in bridge.events}
    assert names == {"state", "frame"}, names  # notices ride in the state; a run's board in frames
    frames = bridge.named("frame")
    assert all("status" not in f and "session" not in f and f["run"] > 0 for f in frames)
    api._shutdown()
