"""Corner and centre marks in a real browser engine (issue 40): the "Corner marks" and "Centre marks" modes
and SudokuPad's keys write marks kept apart in a cell's label, Undo takes back the last, a relaunch keeps
them, the modifiers mark one digit, and the modes exclude each other and Notes and Colours."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.harness.contract import cell_label

pytestmark = pytest.mark.browser


def _pressed(ui, name: str, pressed: bool) -> None:
    expect(ui.button(name)).to_have_attribute("aria-pressed", "true" if pressed else "false")


def test_corner_and_centre_marks_by_the_buttons_are_kept_apart_undone_and_kept_over_a_relaunch(ui):
    givens, solution = ui.play_easy()
    empty = givens.index(0)
    base = cell_label(empty, 0)
    ui.button("Corner marks").click()
    _pressed(ui, "Corner marks", True)
    _pressed(ui, "Notes", False)
    ui.cell(empty).click()
    for key in "12":
        ui.page.keyboard.press(key)
    expect(ui.cell(empty)).to_have_attribute("aria-label", f"{base}, corner marks 1 2")
    ui.button("Centre marks").click()
    _pressed(ui, "Centre marks", True)
    _pressed(ui, "Corner marks", False)
    ui.cell(empty).click()
    ui.page.locator(".pad-key[data-digit='3']").click()  # the pad marks too
    ui.page.keyboard.press("4")
    marked = f"{base}, corner marks 1 2, centre marks 3 4"
    expect(ui.cell(empty)).to_have_attribute("aria-label", marked)
    expect(ui.cell(empty).locator(".marks .centre")).to_have_text("34")
    expect(ui.cell(empty).locator(".marks .corner")).to_have_text("12")
    assert ui.digits() == givens, "marks never enter a digit"
    ui.button("Undo").click()
    expect(ui.cell(empty)).to_have_attribute("aria-label", f"{base}, corner marks 1 2, centre marks 3")
    ui.relaunch()
    expect(ui.cell(empty)).to_have_attribute("aria-label", f"{base}, corner marks 1 2, centre marks 3")
    _pressed(ui, "Centre marks", False)  # the mode is view state: a relaunch starts with digits
    ui.cell(empty).click()
    ui.page.keyboard.press(str(solution[empty]))
    expect(ui.cell(empty)).to_have_attribute("aria-label", cell_label(empty, solution[empty]))
    ui.page.keyboard.press("Delete")  # the digit hid the marks; erased, they are back
    expect(ui.cell(empty)).to_have_attribute("aria-label", f"{base}, corner marks 1 2, centre marks 3")


def test_sudokupads_keys_choose_the_mode_and_the_modifiers_mark_one_digit(ui):
    givens, _ = ui.play_easy()
    empty = givens.index(0)
    base = cell_label(empty, 0)
    ui.cell(empty).click()
    ui.page.keyboard.press("x")
    _pressed(ui, "Corner marks", True)
    ui.page.keyboard.press("5")
    ui.page.keyboard.press("c")
    _pressed(ui, "Centre marks", True)
    _pressed(ui, "Corner marks", False)
    ui.page.keyboard.press("6")
    ui.page.keyboard.press("z")  # digits again
    _pressed(ui, "Centre marks", False)
    ui.page.keyboard.press("Control+7")  # one corner mark
    ui.page.keyboard.press("Control+Shift+8")  # one centre mark
    ui.page.keyboard.press("Shift+9")  # one note, as before
    label = f"{base}, notes 9, corner marks 5 7, centre marks 6 8"
    expect(ui.cell(empty)).to_have_attribute("aria-label", label)
    ui.page.keyboard.press("n")
    _pressed(ui, "Notes", True)
    ui.page.keyboard.press("x")  # one mode at a time
    _pressed(ui, "Notes", False)
    _pressed(ui, "Corner marks", True)
    ui.page.keyboard.press("Backspace")  # in a marks mode Erase takes that kind of marks off first
    expect(ui.cell(empty)).to_have_attribute("aria-label", f"{base}, notes 9, centre marks 6 8")
    ui.page.keyboard.press("v")  # Colours (SudokuPad's V) ends the marks mode
    _pressed(ui, "Colours", True)
    _pressed(ui, "Corner marks", False)
    ui.page.keyboard.press("x")  # and a marks mode ends Colours
    _pressed(ui, "Colours", False)
    _pressed(ui, "Corner marks", True)
    ui.page.keyboard.press("v")
    ui.page.keyboard.press("n")  # so does Notes
    _pressed(ui, "Colours", False)
    _pressed(ui, "Notes", True)
    ui.page.keyboard.press("x")
    ui.button("Corner marks").click()  # pressed again: digits
    _pressed(ui, "Corner marks", False)
    ui.cell(givens.index(next(d for d in givens if d))).click()
    ui.page.keyboard.press("Control+1")  # a given takes no marks: refused, nothing changes
    expect(ui.page.get_by_role("alert")).to_contain_text("digit")
    assert ui.digits() == givens


def test_the_shortcuts_sheet_says_which_keys_mark(ui):
    ui.play_easy()
    ui.button("Keyboard shortcuts").click()
    sheet = ui.page.get_by_role("dialog", name="Keyboard shortcuts")
    for words in ("Toggle one corner mark", "Toggle one centre mark", "Corner marks on or off",
                  "Centre marks on or off (SudokuPad's C; Colours moved to V)", "Colours on or off"):
        expect(sheet).to_contain_text(words)


def test_a_cells_marks_are_named_in_chinese_after_a_language_switch(ui):
    givens, _ = ui.play_easy()
    empty = givens.index(0)
    ui.cell(empty).click()
    ui.page.keyboard.press("Control+1")
    ui.page.keyboard.press("Control+Shift+3")
    expect(ui.cell(empty)).to_have_attribute("aria-label", re.compile(", corner marks 1, centre marks 3$"))
    ui.control("combobox", "Language").select_option("zh")
    cell = ui.page.locator(f"#board [data-cell='{empty}']")  # the board has a Chinese name now
    expect(cell).to_have_attribute("aria-label", re.compile("，角标 1，中心标记 3$"))
    expect(ui.page.locator("#corner-marks")).to_have_text("角标")
