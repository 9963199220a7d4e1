"""Issue 27's findings in a real browser engine against the real Api: a change of puzzle undone keeps
its own solution and time, the header does not give a mistake away, a watched solve is not counted,
Enter puzzle moves on as it is typed (Playwright + Chromium)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.harness.contract import cell_label
from tests.harness.puzzles import grid_of

pytestmark = pytest.mark.browser

P = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
P_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
Q = P.translate(str.maketrans("12", "21"))


def _paste(ui, text: str) -> None:
    ui.context.grant_permissions(["clipboard-read", "clipboard-write"])
    ui.page.evaluate("text => navigator.clipboard.writeText(text)", text)
    ui.cell(0).click()
    ui.page.keyboard.press("Control+v")
    ui.wait_digits(lambda d: d == grid_of(text), message="the pasted puzzle is not on the board")


def test_paste_then_undo_checks_the_old_board_against_its_own_solution_also_after_a_relaunch(ui):
    _paste(ui, P)
    ui.type_digit(2, 4)
    _paste(ui, Q)
    ui.button("Undo").click()
    ui.wait_digits(lambda d: d[2] == 4 and d[:2] == [5, 3])
    result = ui.status("Check result")
    ui.button("Check").click()
    expect(result).to_have_text(f"{P.count('0') - 1} cells are still empty.")
    ui.button("Hint").click()
    expect(ui.status("Explanation")).not_to_contain_text(" is not ")
    ui.relaunch()
    ui.button("Check").click()
    expect(ui.status("Check result")).to_have_text(f"{P.count('0') - 1} cells are still empty.")
    assert ui.invalid_cells() == set()


def test_with_show_mistakes_off_a_wrong_digit_leaves_the_header_valid(ui):
    _paste(ui, P)
    cell = 2  # r1c3: the solution's 4; a 1 repeats nothing in its row, column or box
    ui.type_digit(cell, 1)
    expect(ui.cell(cell)).to_have_attribute("aria-label", cell_label(cell, 1))
    ui.page.wait_for_timeout(1500)  # time for the solver's count of the board to come
    expect(ui.status("Board state")).to_have_text(re.compile(r"^Valid"))
    assert ui.page.locator("#state-icon").get_attribute("data-kind") != "bad"
    ui.control("checkbox", "Show mistakes as I type").check()
    expect(ui.status("Board state")).to_have_text(re.compile(r"^Unsolvable"), timeout=30_000)


def test_a_watched_solve_in_a_set_leaves_set_progress_unchanged(ui):
    ui.api.import_set(P + "\n" + Q)
    progress = ui.status("Set progress")
    expect(progress).to_have_text("Puzzle 1 of 2, 0 solved")
    ui.button("Solve").click()
    ui.wait_digits(lambda d: d == grid_of(P_SOLUTION), timeout=60, message="the solver did not finish")
    expect(ui.status("Board state")).to_have_text("Solved")
    expect(ui.status("Set progress")).to_have_text("Puzzle 1 of 2, 0 solved")  # back in the Play tab


def test_enter_puzzle_starts_blank_and_a_typed_digit_moves_on(ui):
    _paste(ui, P)
    ui.button("Enter puzzle").click()
    expect(ui.button("Enter puzzle")).to_have_attribute("aria-pressed", "true")
    ui.wait_digits(lambda d: d == [0] * 81, message="Enter puzzle did not start a blank puzzle")
    ui.cell(0).click()
    for key in "53":
        ui.page.keyboard.press(key)
    ui.wait_digits(lambda d: d[:2] == [5, 3])
    assert ui.selected_cells() == {2}
