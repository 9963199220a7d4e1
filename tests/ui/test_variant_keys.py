"""The keys of a board over 9 in a real browser (issue 40): A-G are digits 10-16 in every entry mode
(digits, notes, corner and centre marks) and as one-off marks and notes with Shift, Ctrl and Ctrl+Shift;
the letter shortcuts that are digits there (C centre marks, A apply) are reached with Alt, the others
(N, P, V, H) work as on a 9x9, and the shortcuts sheet says so in English and Chinese."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

import engine
from tests.harness.server import wait_for
from tests.harness.variant_states import board_digits, train_puzzle
from tests.ui.test_variant_play import ROWS

pytestmark = pytest.mark.browser


def import_text(ui, text: str, cells: int) -> None:
    """Load ``text`` through Import (the first count of a big board loads the solver: a long wait)."""
    ui.button("Import").click()
    dialog = ui.page.get_by_role("dialog")
    dialog.get_by_role("textbox", name="Puzzle text").fill(text)
    dialog.get_by_role("button", name="Load", exact=True).click()
    expect(ui.page.get_by_role("dialog")).to_have_count(0, timeout=60_000)
    expect(ui.cells()).to_have_count(cells)


def _pressed(ui, name: str, pressed: bool) -> None:
    expect(ui.button(name)).to_have_attribute("aria-pressed", "true" if pressed else "false")


def _ends(ui, cell: int, tail: str) -> None:
    expect(ui.cell(cell), ui.page.locator("#announcer").inner_text()).to_have_attribute(
        "aria-label", re.compile(re.escape(tail) + "$"))


def test_a_to_g_enter_digits_notes_and_marks_on_a_16x16_and_alt_reaches_centre_marks(ui):
    puzzle = train_puzzle("iss-16x16-jigsaw")
    import_text(ui, json.dumps(ROWS["iss-16x16-jigsaw"]["fpuzzles"]), 256)
    empty = [c for c, d in enumerate(puzzle.givens) if not d]
    ui.cell(empty[0]).click()
    ui.page.keyboard.press("a")  # 10 typed, the hint not applied
    expect(ui.cell(empty[0])).to_have_attribute("aria-label", re.compile(r", 10(,|$)"))
    ui.page.keyboard.press("Delete")
    # the 10 gone first: a snapshot with it still there lets the Delete pass for the applied hint
    expect(ui.cell(empty[0])).not_to_have_attribute("aria-label", re.compile(r", 10(,|$)"))
    before, seen = board_digits(ui.labels()), [""]
    for _ in range(6):  # H down the hint ladder until its step can be applied, then Alt+A applies it
        ui.page.keyboard.press("h")
        wait_for(lambda: ui.status("Explanation").inner_text() not in seen, 60,  # noqa: B023
                 message=f"H gave no deeper hint: {seen} {ui.page.locator('#announcer').inner_text()}")
        seen.append(ui.status("Explanation").inner_text())
        if ui.button("Apply").is_enabled():
            break
    expect(ui.button("Apply")).to_be_enabled()
    ui.page.keyboard.press("Alt+a")
    wait_for(lambda: board_digits(ui.labels()) != before, 20, message="Alt+A did not apply the hint")
    placed = board_digits(ui.labels())
    cell = placed.index(0)
    ui.cell(cell).click()
    ui.page.keyboard.press("c")  # a digit here: 12, not the centre marks
    expect(ui.cell(cell)).to_have_attribute("aria-label", re.compile(r", 12(,|$)"))
    _pressed(ui, "Centre marks", False)
    ui.cell(cell).click()  # (the digit typed after an applied hint takes focus off the board: not keys')
    ui.page.keyboard.press("Delete")
    ui.page.keyboard.press("Alt+c")  # the centre marks on a board over 9
    _pressed(ui, "Centre marks", True)
    for key in "ca":
        ui.page.keyboard.press(key)
    _ends(ui, cell, ", centre marks 10 12")
    ui.page.keyboard.press("x")
    _pressed(ui, "Corner marks", True)
    ui.page.keyboard.press("g")
    ui.page.keyboard.press("Alt+c")  # Alt+C again from another marks mode: centre marks
    _pressed(ui, "Centre marks", True)
    ui.page.keyboard.press("Alt+c")  # and again: digits
    _pressed(ui, "Centre marks", False)
    ui.page.keyboard.press("Control+b")  # one corner mark 11
    ui.page.keyboard.press("Control+Shift+D")  # one centre mark 13
    ui.page.keyboard.press("Shift+E")  # one note 14
    ui.page.keyboard.press("n")
    _pressed(ui, "Notes", True)
    ui.page.keyboard.press("f")  # a note 15 in Notes mode
    _ends(ui, cell, ", notes 14 15, corner marks 11 16, centre marks 10 12 13")
    assert board_digits(ui.labels()) == placed, "no mark or note entered a digit"
    ui.button("Undo").click()
    _ends(ui, cell, ", notes 14, corner marks 11 16, centre marks 10 12 13")

    ui.page.keyboard.press("v")  # Colours: a letter paints (10 is past the 8 colours), never types
    _pressed(ui, "Colours", True)
    ui.page.keyboard.press("a")
    expect(ui.page.locator("#announcer")).to_contain_text("Colours are 1 to 8")
    ui.page.keyboard.press("3")  # the cell's colour 3, the pen of its notes
    ui.page.keyboard.press("Shift+E")  # note 14 painted with the pen: read back from the wire's base 9
    _ends(ui, cell, ", coloured notes 14 colour 3, colour 3")
    ui.page.keyboard.press("v")
    _pressed(ui, "Colours", False)
    _pressed(ui, "Notes", False)  # Colours ended Notes: one mode at a time
    ui.page.keyboard.press("p")  # Pause and resume as on a 9x9
    expect(ui.button("Resume game")).to_be_visible()
    ui.page.keyboard.press("p")
    expect(ui.button("Pause game")).to_be_visible()


def test_on_a_12x12_c_types_12_and_d_is_no_digit(ui):
    blank = engine.write_fpuzzles(engine.Puzzle.checked(12, [0] * 144))
    import_text(ui, json.dumps(blank), 144)
    ui.cell(13).click()
    ui.page.keyboard.press("d")  # 13 is past 12: nothing
    ui.page.keyboard.press("Control+d")
    expect(ui.cell(13)).to_have_attribute("aria-label", re.compile(r"^row 2, column 2, empty$"))
    ui.page.keyboard.press("c")
    expect(ui.cell(13)).to_have_attribute("aria-label", re.compile(r"^row 2, column 2, 12$"))


def test_the_shortcuts_sheet_says_the_keys_of_a_board_over_9_in_both_languages(ui):
    ui.play_easy()
    ui.button("Keyboard shortcuts").click()
    sheet = ui.page.get_by_role("dialog", name="Keyboard shortcuts")
    expect(sheet).to_contain_text("Digits 10-16 on a 12x12 or 16x16 board, in every mode")
    expect(sheet).to_contain_text("Alt+C turns Centre marks on or off and Alt+A applies the hint")
    expect(ui.button("Centre marks")).to_have_attribute("aria-keyshortcuts", "C Alt+C")
    sheet.get_by_role("button", name="Close").click()
    ui.control("combobox", "Language").select_option("zh")
    ui.page.get_by_role("button", name="键盘快捷键").click()
    sheet = ui.page.get_by_role("dialog")
    expect(sheet).to_contain_text("用 Alt+C 开关中心标记")
    expect(sheet).to_contain_text("Alt+字母")
