"""The board-first window (issue 28) in a real browser engine: sizes, no scrolling, nothing over the
board, one mode's tools at a time, the number pad's counts, the "Solved" dialog, the first launch.

Everything is found by role and accessible name (desktop/CONTRACT.md) and measured by bounding boxes.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.harness.app import UiApp
from tests.harness.contract import PLACES, TABS, cell_label
from tests.harness.puzzles import easy_with_solution, grid_of

pytestmark = pytest.mark.browser

# the smallest board each window size must give (issue 28: 540 at 1024x700, 860 at 1920x1080)
SIZES = [((1024, 700), 540), ((1366, 768), 600), ((1920, 1080), 860)]

# what every visible control is, for the overlap check
CONTROLS = "button, select, input, textarea, [role=status], [role=tab], output, label"


def _play(ui, index: int = 0) -> tuple[list[int], list[int]]:
    return ui.play_easy(index)


def _overlapping(ui) -> list[str]:
    """Return the visible controls whose box overlaps the board's (the board's own cells aside)."""
    return ui.page.evaluate(
        """(selector) => {
          const board = document.querySelector('[role=grid]').getBoundingClientRect();
          const hits = [];
          for (const el of document.querySelectorAll(selector)) {
            if (el.closest('[role=grid]') || !el.checkVisibility()) continue;
            const r = el.getBoundingClientRect();
            if (r.width === 0 || r.height === 0) continue;
            const apart = r.right <= board.left || r.left >= board.right || r.bottom <= board.top
              || r.top >= board.bottom;
            if (!apart) {
              hits.push(`${el.tagName} ${el.id || el.textContent.trim().slice(0, 20)}`);
            }
          }
          return hits;
        }""",
        CONTROLS,
    )


def _scrolls(ui) -> bool:
    return ui.page.evaluate(
        "() => { const e = document.scrollingElement;"
        " return e.scrollHeight > innerHeight || e.scrollWidth > innerWidth; }"
    )


@pytest.mark.parametrize(("size", "least"), SIZES, ids=[f"{w}x{h}" for (w, h), _ in SIZES])
def test_the_board_is_large_and_alone_and_the_page_never_scrolls(ui, size, least):
    ui.page.set_viewport_size({"width": size[0], "height": size[1]})
    _play(ui)
    ui.button("Fill candidates").click()  # notes in every empty cell: their size is measured too
    expect(ui.cell(ui.digits().index(0))).to_have_attribute("aria-label", re.compile("notes"))
    for tab in TABS:
        ui.page.get_by_role("tab", name=tab, exact=True).click()
        box = ui.board().bounding_box()
        assert box is not None
        assert box["width"] >= least and box["height"] >= least, (tab, box)
        assert abs(box["width"] - box["height"]) <= 1, box
        assert box["x"] >= 0 and box["y"] >= 0
        assert box["x"] + box["width"] <= size[0] and box["y"] + box["height"] <= size[1]
        assert not _scrolls(ui), f"the page scrolls at {size} in {tab}"
        assert _overlapping(ui) == [], tab
    ui.button("Menu").click()  # the open menu stays off the board too
    assert _overlapping(ui) == []
    size_of = "(sel) => parseFloat(getComputedStyle(document.querySelector(sel)).fontSize)"
    note = ui.page.evaluate(size_of, ".cell.has-notes .cand")
    digit = ui.page.evaluate(size_of, ".cell")
    if size == (1024, 700):
        assert note >= 11, note
    assert digit >= least / 15 and note >= least / 44  # both scale with the board


def test_each_tab_shows_its_own_controls_only_and_the_choice_survives_a_relaunch(ui):
    for tab in TABS:
        ui.page.get_by_role("tab", name=tab, exact=True).click()
        expect(ui.page.get_by_role("tab", name=tab, exact=True)).to_have_attribute("aria-selected", "true")
        for name, place in PLACES.items():
            if place not in TABS or name in ("Resume", "Resume game", "Stop making the set", "Explanation",
                                             "Fill centre marks"):
                continue  # the other face of a flipping button, a button shown only while a set is made
                # or for a puzzle with cage sums (tests/ui/test_variant_entry.py)
            role = "status" if name in ("Timer", "Set progress", "Check result", "Steps", "Backtracks",
                                        "Elapsed time", "Rating") else None
            role = role or {"Algorithm": "combobox", "Step delay": "slider", "Timeline": "slider",
                            "Show mistakes as I type": "checkbox"}.get(name, "button")
            found = ui.page.get_by_role(role, name=name, exact=True)
            expect(found).to_have_count(1 if place == tab else 0)
    ui.relaunch()
    expect(ui.page.get_by_role("tab", name="Watch", exact=True)).to_have_attribute("aria-selected", "true")
    expect(ui.page.get_by_role("button", name="Solve", exact=True)).to_be_visible()
    expect(ui.page.get_by_role("button", name="Check", exact=True)).to_have_count(0)


def test_a_hint_shows_learn_and_a_solve_shows_watch(ui):
    _play(ui)
    ui.page.get_by_role("tab", name="Play", exact=True).click()
    ui.page.keyboard.press("h")
    expect(ui.page.get_by_role("tab", name="Learn", exact=True)).to_have_attribute("aria-selected", "true")
    expect(ui.page.get_by_role("status", name="Explanation", exact=True)).not_to_be_empty()
    ui.page.keyboard.press("]")  # Step starts a run
    expect(ui.page.get_by_role("tab", name="Watch", exact=True)).to_have_attribute("aria-selected", "true")


def test_in_a_short_window_the_open_menu_scrolls_inside_itself(ui):
    ui.page.set_viewport_size({"width": 1024, "height": 460})
    ui.button("Menu").click()
    box = ui.page.locator("#menu").bounding_box()
    assert box is not None and box["y"] + box["height"] <= 460, box
    about = ui.button("About")
    about.scroll_into_view_if_needed()
    expect(about).to_be_in_viewport()
    assert not _scrolls(ui)


def test_the_menu_holds_the_rest_and_the_keyboard_reaches_it(ui):
    menu = ui.page.get_by_role("button", name="Menu", exact=True)
    menu.focus()
    ui.page.keyboard.press("Enter")
    expect(menu).to_have_attribute("aria-expanded", "true")
    items = ("Play a set", "Enter puzzle", "Import", "Export", "Statistics", "Keyboard shortcuts", "About")
    for name in items:
        expect(ui.page.get_by_role("button", name=name, exact=True)).to_be_visible()
    for role, name in (("combobox", "Language"), ("combobox", "Theme"), ("checkbox", "Show timer")):
        expect(ui.page.get_by_role(role, name=name, exact=True)).to_be_visible()
    expect(ui.page.get_by_role("button", name="Play a set", exact=True)).to_be_focused()
    ui.page.keyboard.press("ArrowDown")
    expect(ui.page.get_by_role("button", name="Enter puzzle", exact=True)).to_be_focused()
    ui.page.keyboard.press("Escape")
    expect(menu).to_have_attribute("aria-expanded", "false")
    ui.button("About").click()
    about = ui.page.get_by_role("dialog", name="About")
    expect(about).to_contain_text(re.compile(r"\d+\.\d+\.\d+"))
    expect(about).to_contain_text("MIT")
    ui.page.keyboard.press("Escape")
    expect(ui.board().locator("[aria-selected=true]")).to_be_focused()


def test_the_pad_counts_what_is_left_and_is_off_for_a_digit_placed_nine_times(ui):
    givens, solution = _play(ui)
    five = ui.page.get_by_role("group", name="Digits").get_by_role("button", name="5", exact=True)
    left = 9 - givens.count(5)
    expect(five).to_have_accessible_description(f"{left} left")
    for cell in [c for c in range(81) if not givens[c] and solution[c] == 5]:
        ui.type_digit(cell, 5)
        left -= 1
        expect(five).to_have_accessible_description(f"{left} left")
    expect(five).to_be_disabled()
    ui.page.keyboard.press("Control+z")
    expect(five).to_be_enabled()
    ui.page.keyboard.press("n")
    expect(ui.page.get_by_role("group", name="Digits")).to_contain_text("Notes")


def _finish_by_hand(ui, givens, solution) -> None:
    for cell in range(81):
        if not givens[cell]:
            ui.type_digit(cell, solution[cell])


def test_solving_by_hand_opens_solved_with_the_time_and_a_new_puzzle(ui):
    givens, solution = _play(ui)
    _finish_by_hand(ui, givens, solution)
    dialog = ui.page.get_by_role("dialog", name="Solved")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(re.compile(r"Time\s*\d+:\d\d"))
    expect(dialog).to_contain_text(re.compile(r"Best\s*\d+:\d\d"))
    expect(dialog).to_contain_text(re.compile(r"Hints used\s*0"))
    expect(dialog).to_contain_text(re.compile(r"Mistakes checked\s*0"))
    expect(dialog.get_by_role("button", name="Next puzzle", exact=True)).to_have_count(0)
    dialog.get_by_role("button", name="New puzzle", exact=True).click()
    expect(dialog).to_be_hidden()
    ui.wait_digits(lambda d: any(d) and d != solution, timeout=90, message="no new puzzle came")


def test_in_a_set_the_solved_dialog_leads_on_to_the_next_puzzle(ui):
    lines = "\n".join(easy_with_solution(i)[0] for i in range(2))
    ui.button("Import").click()
    ui.page.get_by_role("textbox", name="Puzzle text").fill(lines)
    ui.button("Load").click()
    ui.button("Play as a set").click()
    expect(ui.status("Set progress")).to_have_text("Puzzle 1 of 2, 0 solved")
    _finish_by_hand(ui, grid_of(easy_with_solution(0)[0]), grid_of(easy_with_solution(0)[1]))
    dialog = ui.page.get_by_role("dialog", name="Solved")
    dialog.get_by_role("button", name="Next puzzle", exact=True).click()
    expect(ui.status("Set progress")).to_have_text("Puzzle 2 of 2, 1 solved")
    ui.wait_digits(lambda d: d == grid_of(easy_with_solution(1)[0]))


def test_a_puzzle_the_solver_finished_says_so_without_the_dialog(ui):
    _play(ui)
    ui.control("slider", "Step delay").fill("0")
    ui.button("Solve").click()
    expect(ui.status("Board state")).to_have_text(re.compile("^Solved"), timeout=60_000)
    expect(ui.page.get_by_text(re.compile("Solved by the solver")).first).to_be_visible()
    expect(ui.page.get_by_role("dialog", name="Solved")).to_have_count(0)


def test_the_first_launch_opens_a_puzzle_not_an_empty_board(chromium, data_dir):
    app = UiApp(chromium, data_dir)
    try:
        app.launch(first=True)
        digits = app.wait_digits(any, timeout=120, message="the first launch shows an empty board")
        assert app.readonly_cells() == {c for c in range(81) if digits[c]}
        assert cell_label(0, digits[0]) == app.labels()[0]
        app.relaunch()  # later launches resume
        assert app.digits() == digits
    finally:
        app.close()
    assert not app.escaped and not app.console_errors


def test_clear_and_new_puzzle_over_a_game_in_progress_say_undo_brings_it_back(ui):
    givens, solution = _play(ui)
    cell = givens.index(0)
    ui.type_digit(cell, solution[cell])
    message = ui.page.locator("#message")
    ui.button("New puzzle").click()
    expect(message).to_contain_text("Undo", timeout=90_000)
    ui.button("Undo").click()
    expect(ui.cell(cell)).to_have_attribute("aria-label", cell_label(cell, solution[cell]))
    ui.button("Clear").click()
    expect(message).to_contain_text("Undo")
    ui.wait_digits(lambda d: not any(d))
    ui.button("Undo").click()
    expect(ui.cell(cell)).to_have_attribute("aria-label", cell_label(cell, solution[cell]))


def _luminance(rgb: str) -> float:
    r, g, b = (int(v) / 255 for v in re.findall(r"\d+", rgb)[:3])
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _contrast(a: str, b: str) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


# WCAG AA: 4.5:1 for small text (notes, candidates, labels), 3:1 for the board's large digits and for
# the selection ring (non-text); the row/column and selection tints must stand out from the surface
# by our own bar (WCAG sets none for a tint): 1.15:1 and 1.25:1
SMALL_TEXT = ("--ink", "--muted")
LARGE_TEXT = ("--given", "--entry", "--inferred", "--solved", "--trace", "--conflict-ink")
GROUNDS = ("--surface", "--surface-2", "--selected-bg", "--peer-bg", "--same-bg")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_both_themes_keep_text_selection_and_highlights_legible(ui, theme):
    ui.control("combobox", "Theme").select_option(theme)
    expect(ui.page.locator("html")).to_have_attribute("data-scheme", theme)
    colours = ui.page.evaluate(
        """(names) => {
          const probe = document.createElement('span');
          document.body.append(probe);
          const out = {};
          for (const name of names) {
            probe.style.color = `var(${name})`;
            out[name] = getComputedStyle(probe).color;
          }
          probe.remove();
          return out;
        }""",
        [*SMALL_TEXT, *LARGE_TEXT, *GROUNDS, "--accent"],
    )
    short = []
    for fg in (*SMALL_TEXT, *LARGE_TEXT):
        least = 4.5 if fg in SMALL_TEXT else 3.0
        short += [f"{fg} on {bg}: {_contrast(colours[fg], colours[bg]):.2f}" for bg in GROUNDS
                  if _contrast(colours[fg], colours[bg]) < least]
    for bg in ("--surface", "--selected-bg"):
        if _contrast(colours["--accent"], colours[bg]) < 3.0:
            short.append(f"selection ring on {bg}")
    assert short == [], short
    assert _contrast(colours["--peer-bg"], colours["--surface"]) >= 1.15
    assert _contrast(colours["--selected-bg"], colours["--surface"]) >= 1.25
