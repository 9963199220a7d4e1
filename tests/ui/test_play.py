"""Play in a real browser engine: Check, notes, Restart, Pause game and the Timer, sets, the keyboard.

Everything is found through the accessibility names of issue 9 (desktop/CONTRACT.md) and read back
from the cells' labels and the statuses; the page talks to a real ``desktop.contract.api.Api``
(tests/harness).
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from engine import solve
from tests.harness.contract import cell_label
from tests.harness.paths import FIXTURES
from tests.harness.states import newest_state

PUZZLE = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"

pytestmark = pytest.mark.browser


def _play(ui, index: int = 0) -> tuple[list[int], list[int]]:
    return ui.play_easy(index)


def _name(cell: int) -> str:
    return f"r{cell // 9 + 1}c{cell % 9 + 1}"


def test_check_counts_empty_cells_then_names_the_wrong_ones_then_says_solved(ui):
    givens, solution = _play(ui)
    result = ui.status("Check result")
    ui.button("Check").click()
    expect(result).to_have_text(f"{givens.count(0)} cells are still empty.")
    first, second = [c for c in range(81) if not givens[c]][:2]
    ui.type_digit(first, solution[first] % 9 + 1)
    ui.type_digit(second, solution[second] % 9 + 1)
    ui.page.keyboard.press("Control+Enter")
    expect(result).to_have_text(f"Wrong: {_name(first)}, {_name(second)}")
    assert {first, second} <= ui.invalid_cells()
    ui.button("Hint").click()  # never builds on a wrong digit: it names the cell first
    expect(ui.status("Explanation")).to_have_text(f"{_name(first)} is not {solution[first] % 9 + 1}.")
    ui.type_digit(first, "Backspace")
    ui.type_digit(second, "Backspace")
    ui.button("Fill last remaining cells").click()
    ui.wait_digits(lambda d: d == solution)
    solved = ui.page.get_by_role("dialog", name="Solved")  # the player finished it (issue 28)
    expect(solved).to_be_visible()
    ui.page.keyboard.press("Escape")
    expect(solved).to_be_hidden()
    ui.button("Check").click()
    expect(result).to_have_text(re.compile(r"^Solved in \d+:\d\d\.$"))
    expect(ui.status("Board state")).to_have_text("Solved")


def test_fill_candidates_then_a_digit_clears_its_peers_notes_and_one_undo_brings_them_back(ui):
    givens, solution = _play(ui)
    ui.button("Fill candidates").click()
    cell = givens.index(0)
    digit = solution[cell]
    expect(ui.cell(cell)).to_have_attribute("aria-label", re.compile(r", empty, notes [1-9]"))
    before = ui.labels()
    peers = [p for p in range(81)
             if p != cell and (p // 9 == cell // 9 or p % 9 == cell % 9) and not givens[p]]
    assert any(f" {digit}" in (before[p] or "").split("notes")[-1] for p in peers)
    ui.type_digit(cell, digit)
    expect(ui.cell(cell)).to_have_attribute("aria-label", cell_label(cell, digit))
    after = ui.labels()
    assert all(str(digit) not in (after[p] or "").split("notes")[-1] for p in peers)
    ui.page.keyboard.press("Control+z")
    expect(ui.cell(cell)).to_have_attribute("aria-label", before[cell])
    assert ui.labels() == before


def test_notes_mode_and_shift_digit_toggle_pencil_marks_that_survive_a_relaunch(ui):
    givens, _ = _play(ui)
    cell = givens.index(0)
    ui.cell(cell).click()
    ui.page.keyboard.press("n")
    expect(ui.button("Notes")).to_have_attribute("aria-pressed", "true")
    ui.page.keyboard.press("7")
    ui.page.keyboard.press("2")
    ui.page.keyboard.press("n")
    expect(ui.button("Notes")).to_have_attribute("aria-pressed", "false")
    ui.page.keyboard.press("Shift+4")
    label = f"{cell_label(cell, 0)}, notes 2 4 7"
    expect(ui.cell(cell)).to_have_attribute("aria-label", label)
    ui.relaunch()
    expect(ui.cell(cell)).to_have_attribute("aria-label", label)
    ui.button("Undo").click()
    expect(ui.cell(cell)).to_have_attribute("aria-label", f"{cell_label(cell, 0)}, notes 2 7")


def test_restart_puzzle_returns_to_the_givens_and_is_undoable(ui):
    givens, solution = _play(ui)
    cell = givens.index(0)
    ui.type_digit(cell, solution[cell])
    ui.button("Restart puzzle").click()
    ui.wait_digits(lambda d: d == givens)
    ui.button("Undo").click()
    expect(ui.cell(cell)).to_have_attribute("aria-label", cell_label(cell, solution[cell]))


def test_pause_game_hides_the_board_and_stops_the_timer(ui):
    givens, _ = _play(ui)
    timer = ui.status("Timer")
    ui.page.wait_for_timeout(1200)
    ui.button("Pause game").click()
    expect(ui.button("Resume game")).to_have_count(1)
    ui.wait_digits(lambda d: d == [0] * 81, message="the board still shows while paused")
    shown = timer.inner_text()
    ui.page.wait_for_timeout(1500)
    assert timer.inner_text() == shown and shown != "0:00"
    ui.button("Resume game").click()
    ui.wait_digits(lambda d: d == givens)


def test_a_set_keeps_entries_across_previous_next_and_a_relaunch(ui):
    ui.button("Play a set").click()
    dialog = ui.page.get_by_role("dialog")
    count = dialog.get_by_role("spinbutton", name="Count")
    expect(count).to_have_value("10")
    count.fill("2")
    dialog.get_by_role("combobox", name="Difficulty").select_option("any")
    dialog.get_by_role("button", name="Start", exact=True).click()
    progress = ui.status("Set progress")
    expect(progress).to_have_text("Puzzle 1 of 2, 0 solved", timeout=90_000)
    first = ui.wait_digits(lambda d: any(d))
    cell = first.index(0)
    ui.type_digit(cell, 1)
    expect(ui.button("Next puzzle")).to_be_enabled(timeout=90_000)
    ui.button("Next puzzle").click()
    expect(progress).to_have_text("Puzzle 2 of 2, 0 solved")
    ui.page.keyboard.press("5")  # focus came back to the board
    ui.button("Previous puzzle").click()
    expect(ui.cell(cell)).to_have_attribute("aria-label", cell_label(cell, 1))
    ui.relaunch()
    expect(ui.status("Set progress")).to_have_text("Puzzle 1 of 2, 0 solved")
    expect(ui.cell(cell)).to_have_attribute("aria-label", cell_label(cell, 1))
    ui.button("Undo").click()
    expect(ui.cell(cell)).to_have_attribute("aria-label", cell_label(cell, 0))


def test_after_ctrl_n_typed_digits_go_into_the_board_without_tab(ui):
    ui.page.keyboard.press("Control+n")
    ui.wait_digits(lambda d: any(d), timeout=60, message="no new puzzle arrived")
    digits = ui.digits()
    for _ in range(9):
        if not digits[ui.selected_cells().pop()]:
            break
        ui.page.keyboard.press("ArrowRight")
    cell = ui.selected_cells().pop()
    ui.page.keyboard.press("6")
    expect(ui.cell(cell)).to_have_attribute("aria-label", cell_label(cell, 6))


def test_the_play_controls_read_in_chinese(ui):
    ui.control("combobox", "Language").select_option("zh")
    expect(ui.page.get_by_role("button", name="检查", exact=True)).to_have_count(1)
    expect(ui.page.get_by_role("button", name="暂停游戏", exact=True)).to_have_count(1)
    expect(ui.page.get_by_role("status", name="检查结果", exact=True)).to_have_count(1)


def test_question_mark_lists_the_shortcuts_and_esc_gives_the_board_back(ui):
    ui.cell(40).click()
    ui.page.keyboard.press("?")
    dialog = ui.page.get_by_role("dialog", name="Keyboard shortcuts")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Ctrl+Enter")
    ui.page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    ui.page.keyboard.press("8")
    expect(ui.cell(40)).to_have_attribute("aria-label", cell_label(40, 8))


def test_a_hint_is_told_again_in_the_new_language(ui):
    _play(ui)
    ui.button("Hint").click()
    expect(ui.status("Explanation")).to_contain_text("Look at")
    message = ui.page.locator("#explanation")  # its name is Chinese too after the switch
    english = message.inner_text()
    ui.control("combobox", "Language").select_option("zh")
    expect(message).not_to_have_text(english)
    expect(message).to_contain_text("第")


def test_a_version_1_save_of_the_old_release_loads_with_its_undo(ui_app, data_dir):
    import json

    fixture = FIXTURES / "game_v1.json"
    (data_dir / "game.json").write_bytes(fixture.read_bytes())
    ui = ui_app.launch()
    digits = [int(c) for c in json.loads(fixture.read_text())["game"]["digits"]]
    ui.wait_digits(lambda d: d == digits)
    ui.button("Undo").click()
    expect(ui.cell(2)).to_have_attribute("aria-label", cell_label(2, 0))


def test_show_mistakes_as_i_type_marks_a_wrong_digit_at_once(ui):
    givens, solution = _play(ui)
    ui.control("checkbox", "Show mistakes as I type").check()
    cell = givens.index(0)
    ui.type_digit(cell, solution[cell] % 9 + 1)
    expect(ui.cell(cell)).to_have_attribute("aria-invalid", "true")
    ui.type_digit(cell, solution[cell])
    expect(ui.cell(cell)).not_to_have_attribute("aria-invalid", "true")


# holds every set_setting call at pywebview's entry point until window.__release() sends them on
_HOLD_SETTINGS = """() => {
  const pw = window.pywebview, send = pw._jsApiCallback.bind(pw), held = [];
  pw._jsApiCallback = (name, args, id) =>
    name === "set_setting" ? held.push([name, args, id]) : send(name, args, id);
  window.__release = () => held.splice(0).forEach((call) => send(...call));
}"""


def test_a_ticked_setting_stays_ticked_when_the_board_redraws_before_its_answer(ui):
    """A redraw between the click and the answer (an analysis, a timer tick) once undid the tick."""
    givens, solution = _play(ui)
    ui.page.evaluate(_HOLD_SETTINGS)
    box = ui.control("checkbox", "Show mistakes as I type")
    box.check()
    cell = givens.index(0)
    ui.cell(cell).click()  # selecting a cell redraws the page
    expect(ui.cell(cell)).to_have_attribute("aria-selected", "true")
    expect(box).to_be_checked()
    ui.page.evaluate("() => window.__release()")
    ui.type_digit(cell, solution[cell] % 9 + 1)
    expect(ui.cell(cell)).to_have_attribute("aria-invalid", "true")
    expect(box).to_be_checked()


@pytest.mark.parametrize(("width", "height"), [(1024, 700), (1366, 768), (1920, 1080)])
def test_nothing_is_cut_off_or_scrolls_from_1024x700_to_1920x1080(ui, width, height):
    ui.page.set_viewport_size({"width": width, "height": height})
    ui.page.wait_for_timeout(200)
    size = ui.page.evaluate(
        "() => ({sw: document.documentElement.scrollWidth, sh: document.documentElement.scrollHeight,"
        " board: document.querySelector('[role=grid]').getBoundingClientRect().width})"
    )
    assert size["sw"] <= width and size["sh"] <= height, size
    for name in ("Check", "Next puzzle", "Import", "Export", "Solve", "Hint"):
        box = ui.button(name).bounding_box()
        assert box and box["y"] + box["height"] <= height and box["x"] + box["width"] <= width, name
    if width == 1920:
        assert size["board"] >= 600  # the board grows with the space it has


def test_a_set_being_made_shows_progress_and_can_be_stopped(ui):
    ui.button("Play a set").click()
    dialog = ui.page.get_by_role("dialog")
    dialog.get_by_role("spinbutton", name="Count").fill("300")
    dialog.get_by_role("button", name="Start", exact=True).click()
    progress = ui.status("Set progress")
    expect(progress).to_contain_text("Puzzle 1 of 300", timeout=60_000)
    ui.button("Stop making the set").click()
    expect(ui.button("Stop making the set")).to_have_count(0, timeout=30_000)
    expect(progress).to_have_text(re.compile(r"^Puzzle 1 of ([1-9]\d?|1\d\d|2\d\d), 0 solved$"))


def test_statistics_show_the_players_solve_time_and_keep_it_across_a_relaunch(ui):
    _, solution = _play(ui)
    ui.button("Statistics").click()
    dialog = ui.page.get_by_role("dialog", name="Statistics")
    expect(dialog).to_contain_text("No puzzle solved yet.")
    ui.page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    ui.button("Fill last remaining cells").click()
    ui.wait_digits(lambda d: d == solution)
    ui.relaunch()
    ui.button("Statistics").click()
    dialog = ui.page.get_by_role("dialog", name="Statistics")
    row = dialog.locator("tbody tr")
    expect(row).to_have_count(1)
    cells = row.first.locator("td")
    expect(cells.nth(0)).to_have_text("Any")
    expect(cells.nth(1)).to_have_text("1")
    expect(cells.nth(2)).to_have_text(re.compile(r"^\d+:\d\d$"))
    expect(cells.nth(3)).to_have_text(re.compile(r"^\d+:\d\d$"))
    ui.page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


def test_a_set_of_five_hard_puzzles_keeps_entries_and_notes_across_next_and_a_relaunch(ui):
    ui.button("Play a set").click()
    dialog = ui.page.get_by_role("dialog")
    dialog.get_by_role("spinbutton", name="Count").fill("5")
    dialog.get_by_role("combobox", name="Difficulty").select_option("hard")
    dialog.get_by_role("button", name="Start", exact=True).click()
    progress = ui.status("Set progress")
    expect(progress).to_have_text("Puzzle 1 of 5, 0 solved", timeout=120_000)
    first = ui.wait_digits(lambda d: any(d))
    entry, noted = [c for c in range(81) if not first[c]][:2]
    ui.type_digit(entry, 1)
    ui.type_digit(noted, "Shift+7")  # a one-off note
    for n in (2, 3):
        expect(ui.button("Next puzzle")).to_be_enabled(timeout=120_000)
        ui.button("Next puzzle").click()
        expect(progress).to_have_text(f"Puzzle {n} of 5, 0 solved")
    third = ui.wait_digits(lambda d: any(d) and d != first)
    wrong = third.index(0)
    ui.button("Check").click()
    result = ui.status("Check result")
    expect(result).to_have_text(f"{third.count(0)} cells are still empty.")
    ui.type_digit(wrong, solve(third)[wrong] % 9 + 1)
    ui.relaunch()
    expect(ui.status("Set progress")).to_have_text("Puzzle 3 of 5, 0 solved")
    ui.button("Check").click()
    expect(result).to_have_text(f"Wrong: {_name(wrong)}")
    ui.button("Previous puzzle").click()
    ui.button("Previous puzzle").click()
    expect(progress).to_have_text("Puzzle 1 of 5, 0 solved")
    expect(ui.cell(entry)).to_have_attribute("aria-label", cell_label(entry, 1))
    expect(ui.cell(noted)).to_have_attribute("aria-label", re.compile(r", empty, notes 7$"))


def test_switching_to_chinese_rewords_the_last_message(ui):
    ui.button("Import").click()
    dialog = ui.page.get_by_role("dialog")
    dialog.get_by_role("textbox", name="Puzzle text").fill(PUZZLE)
    dialog.get_by_role("button", name="Load", exact=True).click()
    message = ui.page.locator("#message")
    expect(message).to_have_text(re.compile(r"^Puzzle loaded: \d+ givens\.$"))
    ui.control("combobox", "Language").select_option("zh")
    expect(message).to_have_text(re.compile(r"^已载入题目：\d+ 个已知数。$"))


def test_a_message_is_shown_each_time_it_happens_even_in_the_same_words(ui):
    sent = []

    def tell(notice_id: int) -> None:
        """Send the newest state again with a notice of that id (a seq beyond any the Api will reach)."""
        sent.append(notice_id)
        state = newest_state(ui.bridge)
        notice = {"id": notice_id, "level": "info", "code": "new_puzzle", "message": "New puzzle",
                  "params": {"clues": 24, "difficulty": "hard", "replaced": False}}
        ui.bridge.emit("state", {"state": {**state, "seq": 10**6 + len(sent), "notices": [notice]}})

    message = ui.page.locator("#message")
    tell(1000)
    expect(message).to_have_text("New puzzle (Hard): 24 givens, exactly one solution.")
    ui.button("Clear").click()
    expect(message).to_have_text("Board cleared. Press Undo (Ctrl+Z) to bring it back.")
    tell(1000)  # the same notice again: told once
    time.sleep(0.3)
    expect(message).to_have_text("Board cleared. Press Undo (Ctrl+Z) to bring it back.")
    tell(1001)  # a new one in the same words is told again
    expect(message).to_have_text("New puzzle (Hard): 24 givens, exactly one solution.")


@pytest.mark.parametrize("button", ["New puzzle", "Daily puzzle"])
def test_a_puzzle_made_before_its_call_answers_is_not_taken_for_one_still_being_made(ui, button):
    """The state with the new puzzle can reach the page before the call's answer: the page must not
    then say "Making…" (or keep its buttons disabled) for a puzzle that is already on the board."""
    givens, _ = _play(ui)

    def late(route):
        response = route.fetch()
        time.sleep(1.0)  # the puzzle is made in milliseconds: its state event comes first
        route.fulfill(response=response)

    ui.page.route(re.compile(r"/api/(new_puzzle|daily_puzzle)$"), late)
    ui.button(button).click()
    if button == "Daily puzzle":
        ui.page.get_by_role("dialog", name=button).get_by_role("button", name="Play today's puzzle").click()
    ui.wait_digits(lambda d: d != givens and any(d), message="no new puzzle came")
    time.sleep(1.5)  # past the late answer
    expect(ui.button("New puzzle")).to_be_enabled()
    message = ui.page.locator("#message").inner_text()
    assert "Making" not in message, message
