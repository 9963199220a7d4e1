"""Autosave and restore, a damaged save, language and theme, in a real browser engine.

"Quit and relaunch" is a new Api on the same data folder and the page loaded afresh (UiApp.relaunch):
nothing but the files in the data folder carries over.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.harness.contract import BUTTONS
from tests.harness.puzzles import easy_with_solution, grid_of
from tests.harness.server import wait_for

pytestmark = pytest.mark.browser


def _live_text(ui) -> str:
    live = ui.page.locator("[aria-live]:not([aria-live=off]):not([role=status]), [role=alert]")
    return " | ".join(t.strip() for t in live.all_inner_texts() if t.strip())


def test_board_mode_and_settings_are_restored_after_a_relaunch(ui):
    puzzle, solution = easy_with_solution(7)
    ui.enter_puzzle(puzzle)
    ui.button("Enter puzzle").click()
    entries = [c for c, ch in enumerate(puzzle) if ch == "0"][:3]
    for cell in entries:
        ui.type_digit(cell, solution[cell])
    expected = ui.wait_digits(lambda d: all(d[c] for c in entries))
    givens = ui.readonly_cells()
    ui.control("slider", "Step delay").fill("300")
    ui.control("combobox", "Algorithm").select_option("naive")
    ui.button("Candidates").click()
    expect(ui.button("Candidates")).to_have_attribute("aria-pressed", "true")

    ui.relaunch()
    assert ui.digits() == expected
    assert ui.readonly_cells() == givens == {c for c, d in enumerate(grid_of(puzzle)) if d}
    expect(ui.control("slider", "Step delay")).to_have_value("300")
    expect(ui.control("combobox", "Algorithm")).to_have_value("naive")
    expect(ui.button("Candidates")).to_have_attribute("aria-pressed", "true")
    expect(ui.button("Enter puzzle")).to_have_attribute("aria-pressed", "false")


def test_enter_puzzle_mode_is_restored_after_a_relaunch(ui):
    ui.button("Enter puzzle").click()
    ui.type_digit(0, 8)
    ui.wait_digits(lambda d: d[0] == 8)
    ui.relaunch()
    expect(ui.button("Enter puzzle")).to_have_attribute("aria-pressed", "true")
    assert ui.digits()[0] == 8


def test_a_damaged_save_starts_fresh_keeps_a_backup_and_says_so(ui_app):
    ui_app.launch()
    ui_app.type_digit(4, 2)
    ui_app.wait_digits(lambda d: d[4] == 2)
    ui_app.stop()
    save = ui_app.data_dir / "game.json"
    assert save.is_file(), "the board was not autosaved to game.json"
    garbage = b'{"format": "sudoku-studio/game", "version": 1, "game": {"digits": [1, 2'  # cut short
    save.write_bytes(garbage)

    ui_app.launch()
    assert not any(ui_app.digits()), "a damaged save should give a fresh, empty board"
    backups = [p for p in ui_app.data_dir.iterdir() if p.name.startswith("game.json") and p != save]
    assert [p.read_bytes() for p in backups] == [garbage], "the damaged file is not kept beside the save"
    wait_for(
        lambda: re.search(r"damaged|backup|could not be read", _live_text(ui_app), re.I),
        10,
        message=f"the user is not told about the damaged save: {_live_text(ui_app)!r}",
    )
    ui_app.type_digit(4, 3)  # and the app works
    ui_app.wait_digits(lambda d: d[4] == 3)


def test_language_switch_to_chinese_and_back(ui):
    language = ui.control("combobox", "Language")
    language.select_option("zh")
    expect(ui.page.locator("body")).to_contain_text(re.compile("[\u4e00-\u9fff]"))
    # the English names are gone, wherever the controls are
    expect(ui.page.get_by_role("button", name="Solve", exact=True, include_hidden=True)).to_have_count(0)
    assert ui.page.evaluate("document.documentElement.lang").startswith("zh")
    ui.relaunch()  # the choice is saved
    expect(ui.page.locator("body")).to_contain_text(re.compile("[\u4e00-\u9fff]"))
    ui.page.get_by_role("button", name=re.compile("^(Menu|菜单)$")).click()  # the language as --lang says
    ui.page.get_by_role("combobox").filter(has=ui.page.locator("option[value=en]")).select_option("en")
    for name in BUTTONS:
        if name != "Resume":
            expect(ui.button(name)).to_have_count(1)
    expect(ui.control("combobox", "Language")).to_have_value("en")
    assert ui.labels()[0] == "row 1, column 1, empty"


def _background_luminance(ui) -> float:
    rgb = ui.page.evaluate("getComputedStyle(document.body).backgroundColor")
    r, g, b = (int(v) for v in re.findall(r"\d+", rgb)[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_theme_switch_between_light_and_dark(ui):
    theme = ui.control("combobox", "Theme")
    expect(theme).to_have_value("system")  # the default follows the system's colour scheme
    ui.page.emulate_media(color_scheme="dark")
    wait_for(lambda: _background_luminance(ui) < 90, 5, message="'system' does not follow a dark system")
    ui.page.emulate_media(color_scheme="light")
    wait_for(lambda: _background_luminance(ui) > 160, 5, message="'system' does not follow a light system")
    theme.select_option("dark")
    wait_for(lambda: _background_luminance(ui) < 90, 5, message="the dark theme is not dark")
    theme.select_option("light")
    wait_for(lambda: _background_luminance(ui) > 160, 5, message="the light theme is not light")
    theme.select_option("dark")
    wait_for(lambda: _background_luminance(ui) < 90, 5)
    ui.relaunch()
    expect(ui.control("combobox", "Theme")).to_have_value("dark")
    assert _background_luminance(ui) < 90
