"""The daily puzzle in the app (issue 32): made as a new puzzle, marked solved, counted in a streak, saved."""

from __future__ import annotations

import datetime as dt
import json
import time

import numpy as np
import pytest

from desktop.bridge import RecordingBridge
from desktop.contract.api import Api
from desktop.io import daily, saves
from desktop.midend import Game, Play
from desktop.midend.midend import Midend
from engine import count_solutions, daily_puzzle
from tests.harness.states import state_of

DAY = "2026-11-01"  # a day before the machine's today (later days are refused)


def _wait(api: Api, test, timeout: float = 120.0) -> dict:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        state = state_of(api)
        if test(state):
            return state
        time.sleep(0.1)
    raise AssertionError("the state never came")


def test_the_daily_puzzle_of_a_date_arrives_as_the_engines_puzzle_of_that_date_and_level(tmp_path):
    api = Api(RecordingBridge(), tmp_path, "en")
    assert api.set_setting("difficulty", "easy")["ok"]
    assert api.daily_puzzle(DAY) == {"ok": True, "pending": True}
    state = _wait(api, lambda s: s["daily"]["date"] == DAY)
    want = [int(d) for d in daily_puzzle(DAY, "easy").puzzle]
    assert [d if o == "given" else 0 for d, o in zip(state["digits"], state["origins"], strict=True)] == want
    assert count_solutions(np.array(want, dtype=np.uint8), 2) == 1
    assert state["difficulty"] == "easy" and state["can_undo"]
    assert api.undo()["changed"] and state_of(api)["daily"]["date"] == ""


@pytest.mark.parametrize("date", ["2026-13-01", "tomorrow", "2026-02-30", 20261201])
def test_a_malformed_date_is_refused(api, date):
    assert api.daily_puzzle(date)["error"]["code"] == "bad_argument"


def test_a_day_after_today_is_not_out_yet(api):
    later = (dt.date.today() + dt.timedelta(days=1)).isoformat()
    assert api.daily_puzzle(later)["error"]["code"] == "future_day"


def _solved_daily(day: str) -> Midend:
    puzzle = daily_puzzle(day, "easy").puzzle
    givens = [int(d) for d in puzzle]
    solution = daily.unique_solution(givens)
    midend = Midend(Play([Game()]), {"show_mistakes": False})
    token = midend.do({"name": "make_puzzle"}, 0)["token"]
    midend.do({"name": "puzzle_made", "token": token, "givens": givens, "solution": solution,
               "difficulty": "easy", "daily": day}, 0)
    for cell, digit in enumerate(solution):
        if not givens[cell]:
            midend.do({"name": "set_cell", "cell": cell, "digit": digit}, 0)  # the last one records it
    return midend


def test_solving_a_daily_puzzle_marks_its_day_and_the_mark_is_saved():
    midend = _solved_daily(DAY)
    assert midend.snapshot(0)["daily"] == {"date": DAY, "solved": [DAY], "today": "", "streak": 0}
    midend.do({"name": "today", "date": DAY}, 0)  # the calendar counts to the date the host told
    assert midend.snapshot(0)["daily"] == {"date": DAY, "solved": [DAY], "today": DAY, "streak": 1}
    body = json.loads(json.dumps(saves.dump(midend.play, 0)))
    play, notices = saves.load(body)
    assert notices == [] and play.daily == {DAY} and play.game.daily == DAY
    assert play.game.undo_log[0].puzzle[1].daily == DAY  # the change of puzzle carries its date


def test_the_streak_counts_consecutive_solved_days_up_to_today_or_yesterday():
    today = dt.date(2026, 12, 5)
    days = ["2026-12-01", "2026-12-03", "2026-12-04"]
    assert daily.calendar(days, today) == {"today": "2026-12-05", "streak": 2, "solved": days}
    assert daily.calendar([*days, "2026-12-05"], today)["streak"] == 3
    assert daily.calendar(["2026-12-01"], today)["streak"] == 0


def test_a_save_with_a_bad_daily_date_is_refused():
    body = saves.dump(Play([Game()]), 0)
    body["play"]["daily"] = ["12/01/2026"]
    with pytest.raises(ValueError, match="daily"):
        saves.load(json.loads(json.dumps(body)))
