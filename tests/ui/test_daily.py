"""The daily puzzle in a real browser engine (issue 32): the Menu's Daily puzzle shows a calendar, plays
today's puzzle (the engine's for today at the chosen level), and a solve marks the day and the streak."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from playwright.sync_api import expect

from desktop.midend.rules import unique_solution
from engine import daily_puzzle

pytestmark = pytest.mark.browser


def test_todays_puzzle_is_played_and_solving_it_marks_the_day_and_the_streak(ui):
    today = dt.date.today()
    ui.control("combobox", "Difficulty").select_option("easy")
    ui.button("Daily puzzle").click()
    dialog = ui.page.get_by_role("dialog", name="Daily puzzle")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("status", name="Streak")).to_have_text("Streak: 0 days")
    day = dialog.locator("button[aria-current=date]")
    expect(day).to_have_text(str(today.day))
    expect(day).not_to_have_attribute("aria-label", re.compile("solved"))
    dialog.get_by_role("button", name="Play today's puzzle").click()
    givens = [int(d) for d in daily_puzzle(today, "easy").puzzle]
    ui.wait_digits(lambda d: d == givens, timeout=60)
    solution = unique_solution(givens)
    for cell, digit in enumerate(solution):
        if not givens[cell]:
            ui.type_digit(cell, digit)
    solved = ui.page.get_by_role("dialog", name="Solved")
    expect(solved).to_be_visible()
    ui.page.keyboard.press("Escape")
    ui.button("Daily puzzle").click()
    expect(dialog.get_by_role("status", name="Streak")).to_have_text("Streak: 1 day")
    expect(day).to_have_attribute("aria-label", re.compile(", solved$"))
    ui.page.keyboard.press("Escape")
    ui.relaunch()
    ui.button("Statistics").click()
    stats = ui.page.get_by_role("dialog", name="Statistics")
    expect(stats).to_contain_text("Daily puzzle: Streak: 1 day · 1 daily puzzle solved in all.")
    ui.page.keyboard.press("Escape")
    ui.button("Daily puzzle").click()
    expect(ui.page.get_by_role("status", name="Streak")).to_have_text("Streak: 1 day")


def test_a_past_day_of_the_calendar_plays_that_days_puzzle_and_later_days_are_off(ui):
    today = dt.date.today()
    ui.button("Daily puzzle").click()
    dialog = ui.page.get_by_role("dialog", name="Daily puzzle")
    dialog.get_by_role("button", name="Previous month").click()
    first = dialog.locator("#daily-calendar button").first
    expect(dialog.get_by_role("button", name="Next month")).to_be_enabled()
    first.click()
    last_month = (today.replace(day=1) - dt.timedelta(days=1)).replace(day=1)
    givens = [int(d) for d in daily_puzzle(last_month, "medium").puzzle]  # Any plays Medium
    ui.wait_digits(lambda d: d == givens, timeout=60)
    ui.button("Daily puzzle").click()
    expect(dialog.get_by_role("button", name="Next month")).to_be_disabled()
    later = dialog.locator("#daily-calendar button[aria-current=date] ~ button")
    assert all(later.nth(i).is_disabled() for i in range(later.count()))
