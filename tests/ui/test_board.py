"""The board in a real browser engine: structure, typing, keys, conflicts, Enter puzzle and its checks.

Everything is found through the accessibility contract of issue 5 (roles and names) and read back
from the cells' labels; the page talks to a real ``desktop.contract.api.Api`` (tests/harness).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from desktop.contract.api import Api
from tests.harness.app import shutdown_api
from tests.harness.contract import BUTTONS, cell_label
from tests.harness.puzzles import easy_with_solution, exactly_two, grid_of, no_solution, repeated_given
from tests.harness.server import QueueBridge, UiServer, wait_for

pytestmark = pytest.mark.browser


def test_board_is_a_grid_of_81_row_major_labelled_cells(ui):
    expect(ui.board()).to_have_count(1)
    assert ui.labels() == [cell_label(c, 0) for c in range(81)]
    assert ui.page.get_by_role("row").count() == 9
    assert ui.readonly_cells() == set()
    assert ui.invalid_cells() == set()


def test_every_control_of_the_contract_is_there(ui):
    for name in BUTTONS:
        if name == "Resume":
            continue  # one Pause/Resume button: it reads "Pause" while nothing is paused
        expect(ui.button(name)).to_have_count(1)
    expect(ui.button("Candidates")).to_have_attribute("aria-pressed", "false")
    expect(ui.control("combobox", "Algorithm")).to_have_count(1)
    slider = ui.control("slider", "Step delay")
    expect(slider).to_have_count(1)
    assert 0 <= int(slider.input_value()) <= 1000
    for name in ("Steps", "Backtracks"):
        assert ui.number(name) == 0
    assert ui.board_state().startswith("Valid")


def test_typing_a_digit_fills_the_selected_cell(ui):
    ui.cell(10).click()
    expect(ui.cell(10)).to_have_attribute("aria-selected", "true")
    assert ui.selected_cells() == {10}
    ui.page.keyboard.press("7")
    expect(ui.cell(10)).to_have_attribute("aria-label", cell_label(10, 7))
    ui.page.keyboard.press("3")  # a new digit replaces the old one
    expect(ui.cell(10)).to_have_attribute("aria-label", cell_label(10, 3))
    assert ui.digits() == [3 if c == 10 else 0 for c in range(81)]


@pytest.mark.parametrize("key", ["Backspace", "Delete", "0", "Escape"])
def test_clearing_keys_empty_the_cell(ui, key):
    ui.type_digit(40, 9)
    expect(ui.cell(40)).to_have_attribute("aria-label", cell_label(40, 9))
    ui.page.keyboard.press(key)
    expect(ui.cell(40)).to_have_attribute("aria-label", cell_label(40, 0))


def test_letters_and_other_keys_do_not_change_the_board(ui):
    ui.type_digit(0, 4)
    for key in ("a", "x", "Space", "-"):
        ui.page.keyboard.press(key)
    expect(ui.cell(0)).to_have_attribute("aria-label", cell_label(0, 4))
    assert sum(1 for d in ui.digits() if d) == 1


def test_arrow_keys_and_tab_move_the_selection(ui):
    ui.cell(40).click()  # r5c5
    moves = [("ArrowRight", 41), ("ArrowDown", 50), ("ArrowLeft", 49), ("ArrowUp", 40), ("Tab", 41)]
    for key, expected in moves:
        ui.page.keyboard.press(key)
        expect(ui.cell(expected)).to_have_attribute("aria-selected", "true")
        assert ui.selected_cells() == {expected}, f"after {key}"
    ui.page.keyboard.press("6")  # typing goes where the selection went
    expect(ui.cell(41)).to_have_attribute("aria-label", cell_label(41, 6))


def test_arrow_keys_stop_at_the_edge_of_the_board(ui):
    ui.cell(0).click()
    ui.page.keyboard.press("ArrowUp")
    ui.page.keyboard.press("ArrowLeft")
    expect(ui.cell(0)).to_have_attribute("aria-selected", "true")
    ui.cell(80).click()
    ui.page.keyboard.press("ArrowDown")
    expect(ui.cell(80)).to_have_attribute("aria-selected", "true")


@pytest.mark.parametrize(
    ("first", "second", "unit"),
    [(0, 8, "row"), (0, 72, "column"), (0, 20, "box")],
)
def test_a_repeated_digit_marks_both_cells_invalid(ui, first, second, unit):
    ui.type_digit(first, 5)
    ui.type_digit(second, 5)
    expect(ui.cell(first)).to_have_attribute("aria-invalid", "true")
    expect(ui.cell(second)).to_have_attribute("aria-invalid", "true")
    assert ui.invalid_cells() == {first, second}, unit
    expect(ui.status("Board state")).to_have_text(re.compile(r"^Invalid"))
    ui.type_digit(second, "Backspace")  # resolving the conflict clears both marks
    expect(ui.cell(first)).not_to_have_attribute("aria-invalid", "true")
    assert ui.invalid_cells() == set()
    expect(ui.status("Board state")).to_have_text(re.compile(r"^Valid"))


def test_enter_puzzle_makes_givens_that_cannot_be_changed_in_play(ui):
    puzzle, solution = easy_with_solution(0)
    ui.enter_puzzle(puzzle)
    ui.button("Enter puzzle").click()  # leave the mode: the digits are now the puzzle's givens
    expect(ui.button("Enter puzzle")).to_have_attribute("aria-pressed", "false")
    givens = {c for c, d in enumerate(grid_of(puzzle)) if d}
    wait_for(lambda: ui.readonly_cells() == givens, message="givens are not aria-readonly after Enter puzzle")
    given = min(givens)
    ui.cell(given).click()
    ui.page.keyboard.press("Backspace")
    ui.page.keyboard.press(str(int(puzzle[given]) % 9 + 1))
    empty = next(c for c in range(81) if c not in givens)
    ui.type_digit(empty, solution[empty])  # an entry still goes in (and shows the page is not stuck)
    ui.wait_digits(lambda d: d[empty] == int(solution[empty]))
    assert ui.digits()[given] == int(puzzle[given]), "a given changed in play mode"
    assert empty not in ui.readonly_cells(), "an entry became read-only"

    def look(cell: int) -> list[str]:
        return ui.cell(cell).evaluate("e => [getComputedStyle(e).color, getComputedStyle(e).fontWeight]")

    assert look(given) != look(empty), "givens must look different from entries"


def test_enter_puzzle_check_names_the_repeated_digit(ui):
    row = repeated_given(0)
    ui.enter_puzzle(row["modified_puzzle"])
    cell, digit = int(row["cell_index0"]), int(row["digit"])
    ui.button("Enter puzzle").click()
    expect(ui.status("Board state")).to_have_text(re.compile(r"^Invalid"))
    text = ui.board_state()
    assert str(digit) in text, f"Board state does not name the repeated digit {digit}: {text!r}"
    assert cell in ui.invalid_cells()
    # the check is announced once it is made ("Checking..." may come first): wait for its claim
    _announced(ui, rf"repeat.*\b{digit}\b|\b{digit}\b.*(twice|times)")


def test_enter_puzzle_check_says_there_is_no_solution(ui):
    row = no_solution(0)
    ui.enter_puzzle(row["modified_puzzle"])
    ui.button("Enter puzzle").click()
    expect(ui.status("Board state")).to_have_text(re.compile(r"^Unsolvable"))
    assert ui.invalid_cells() == set(), "no digit repeats: nothing is marked invalid"
    _announced(ui, r"no solution")


def test_enter_puzzle_check_counts_several_solutions(ui):
    row = exactly_two(0)
    ui.enter_puzzle(row["puzzle77"])
    ui.button("Enter puzzle").click()
    check = _announced(ui, r"several solutions: 2\b")
    assert not re.search(r"exactly one|no solution", check, re.I), check
    expect(ui.status("Board state")).to_have_text(re.compile(r"^Valid"))


def test_enter_puzzle_check_confirms_exactly_one_solution(ui):
    puzzle, _ = easy_with_solution(1)
    ui.enter_puzzle(puzzle)
    ui.button("Enter puzzle").click()
    check = _announced(ui, r"exactly one|unique")
    assert not re.search(r"no solution|\d+ solutions", check, re.I), check
    expect(ui.status("Board state")).to_have_text(re.compile(r"^Valid"))


def _announced(ui, pattern: str, timeout: float = 15.0) -> str:
    """Return what the page announces (live regions and alerts, not the status readouts) once it matches."""
    live = ui.page.locator("[aria-live]:not([aria-live=off]):not([role=status]), [role=alert]")
    found = {"text": ""}

    def read() -> bool:
        found["text"] = " | ".join(t.strip() for t in live.all_inner_texts() if t.strip())
        return bool(re.search(pattern, found["text"], re.I))

    wait_for(read, timeout, 0.05, f"nothing announced matching {pattern!r}; live text: {found['text']!r}")
    return found["text"]


def test_board_state_follows_the_board(ui):
    puzzle, solution = easy_with_solution(2)
    expect(ui.status("Board state")).to_have_text(re.compile(r"^Valid"))
    ui.enter_puzzle(puzzle)
    ui.button("Enter puzzle").click()
    expect(ui.status("Board state")).to_have_text(re.compile(r"^Valid"))
    empties = [c for c, ch in enumerate(puzzle) if ch in ".0"]
    # a wrong digit that repeats a given in its row: Invalid
    row = range(empties[0] // 9 * 9, empties[0] // 9 * 9 + 9)
    row_given = next(int(puzzle[c]) for c in row if puzzle[c] != "0")
    ui.type_digit(empties[0], row_given)
    expect(ui.status("Board state")).to_have_text(re.compile(r"^Invalid"))
    ui.page.keyboard.press("Backspace")
    expect(ui.status("Board state")).to_have_text(re.compile(r"^Valid"))
    for cell in empties:  # typing the solution in: Solved at the last digit
        ui.type_digit(cell, solution[cell])
    expect(ui.status("Board state")).to_have_text(re.compile(r"^Solved"))


def test_controls_used_before_the_first_state_do_nothing_and_raise_nothing(chromium, data_dir):
    """The page is drawn before Python answers; controls pressed in that moment must not throw."""
    bridge = QueueBridge()
    api = Api(bridge, data_dir=data_dir, lang="en")
    server = UiServer(api, bridge).start()  # served, but no pywebview shim: the state never arrives
    context = chromium.new_context(viewport={"width": 1200, "height": 900})
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.goto(server.url)
        expect(page.get_by_role("gridcell")).to_have_count(81)
        early = ("New puzzle", "Clear", "Enter puzzle", "Candidates", "Fill last remaining cells", "Solve")
        for name in early:  # some sit in a tab not shown or in the Menu: clicked as a script would
            button = page.get_by_role("button", name=name, exact=True, include_hidden=True)
            button.first.dispatch_event("click")
        page.get_by_role("combobox", name="Algorithm", include_hidden=True).evaluate(
            "el => { el.selectedIndex = 1; el.dispatchEvent(new Event('change', {bubbles: true})); }")
        page.wait_for_timeout(300)  # let any handler that would fail run to its end
        assert errors == []
        candidates = page.get_by_role("button", name="Candidates", exact=True, include_hidden=True)
        expect(candidates).not_to_have_attribute("aria-pressed", "true")
    finally:
        context.close()
        server.close()
        shutdown_api(api)
