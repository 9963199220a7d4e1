"""The daily puzzle: the same in two processes, unique and at its level, another on another date."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys

import pytest

from engine import Symmetry, as_grid, count_solutions, daily_puzzle, daily_streak, format_line, rate
from engine.cli import main


def _daily_in_a_new_process(*argv: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "engine", "daily", "--json", *argv],
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_two_processes_agree_on_a_unique_puzzle_at_the_level(level: str) -> None:
    first = _daily_in_a_new_process("--date", "2026-12-01", "--difficulty", level)
    second = _daily_in_a_new_process("--date", "2026-12-01", "--difficulty", level)
    assert first == second
    assert first["date"] == "2026-12-01" and first["level"] == level
    puzzle = as_grid(first["puzzle"])
    assert count_solutions(puzzle, 2) == 1
    rating = rate(puzzle)
    assert rating.level.value == level and rating.score == first["score"]
    assert Symmetry.ROTATIONAL.holds(puzzle)


def test_another_date_or_level_gives_another_puzzle() -> None:
    days = [dt.date(2026, 12, 1) + dt.timedelta(days=i) for i in range(5)]
    lines = {format_line(daily_puzzle(d, "easy").puzzle) for d in days}
    assert len(lines) == len(days)
    levels = {format_line(daily_puzzle("2026-12-01", lv).puzzle) for lv in ("easy", "medium", "hard")}
    assert len(levels) == 3


def test_the_command_prints_the_line_and_defaults_to_today(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["daily", "--date", "2026-12-01"]) == 0
    assert capsys.readouterr().out == format_line(daily_puzzle(dt.date(2026, 12, 1)).puzzle) + "\n"
    assert main(["daily", "--difficulty", "easy"]) == 0
    assert capsys.readouterr().out == format_line(daily_puzzle(dt.date.today(), "easy").puzzle) + "\n"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--date", "2026-02-30"], "not a date written YYYY-MM-DD"),
        (["--date", "1.12.2026"], "not a date written YYYY-MM-DD"),
        (["--difficulty", "extreme"], "no extreme daily puzzle"),
        (["--difficulty", "impossible"], "unknown difficulty"),
    ],
)
def test_a_bad_date_or_level_is_a_usage_error(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["daily", *argv]) == 2
    captured = capsys.readouterr()
    assert message in captured.err and not captured.out


def test_the_streak_counts_consecutive_days_up_to_today_or_yesterday() -> None:
    today = dt.date(2026, 12, 10)
    day = dt.timedelta(days=1)
    assert daily_streak([], today) == 0
    assert daily_streak([today, today - day, today - 2 * day, today - 4 * day], today) == 3
    assert daily_streak([today - day, today - 2 * day], today) == 2  # today's not done yet: still alive
    assert daily_streak([today - 2 * day], today) == 0  # a missed day ends it
    assert daily_streak([today + day, today], today) == 1  # a future day does not count
