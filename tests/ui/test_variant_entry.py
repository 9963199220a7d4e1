"""Variants in a real browser (issue 40, items 2, 3 and 5): an f-puzzles JSON file dropped on the window
loads with its rules (one with a constraint we do not read is named in the alert, the board unchanged),
"Fill centre marks" writes a Killer's cages of few combinations as centre marks (one Undo takes them
back), and Enter puzzle from a 16x16 X starts an empty 16x16 X with "Puzzle kind" and "Size" set so."""

from __future__ import annotations

import base64
import json
import re

import pytest
from playwright.sync_api import expect

from tests.harness.server import wait_for
from tests.harness.variant_states import board_digits, train_puzzle
from tests.ui.test_variant_keys import import_text
from tests.ui.test_variant_play import ROWS

pytestmark = pytest.mark.browser


def _drop(ui, data: str, mime: str, name: str) -> None:
    """Drop a file holding ``data`` on the window, as the browser does for a file from the file manager."""
    ui.page.evaluate(
        """([b64, mime, name]) => {
            const bytes = Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
            const data = new DataTransfer();
            data.items.add(new File([bytes], name, { type: mime }));
            for (const type of ["dragenter", "dragover", "drop"]) {
                const event = new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true });
                document.body.dispatchEvent(event);
            }
        }""",
        [base64.b64encode(data.encode()).decode("ascii"), mime, name],
    )


def test_a_dropped_fpuzzles_file_loads_with_its_rules_and_an_unknown_constraint_changes_nothing(ui):
    puzzle = train_puzzle("iss-killer")
    _drop(ui, json.dumps(ROWS["iss-killer"]["fpuzzles"]), "application/json", "killer.json")
    cages = [c for c in puzzle.constraints if c.kind == "cage"]
    wait_for(lambda: all(f"summing to {k.total}" in ui.labels()[k.cells[0]] for k in cages), 60,
             message="the dropped Killer's cages are not in the cells' labels")
    expect(ui.page.get_by_role("dialog")).to_have_count(0)
    labels = ui.labels()
    odd = dict(ROWS["iss-16x16-jigsaw"]["fpuzzles"], palindrome=[{"lines": [["R1C1", "R1C2", "R1C3"]]}])
    _drop(ui, json.dumps(odd), "", "palindrome.fpuzzles")  # no type: read as text, not as a picture
    expect(ui.page.get_by_role("alert")).to_contain_text("palindrome")
    expect(ui.page.get_by_role("dialog")).to_have_count(0)
    assert ui.labels() == labels, "a refused file changed the board"
    _drop(ui, json.dumps(ROWS["iss-6x6"]["fpuzzles"]), "", "six.json")
    expect(ui.cells()).to_have_count(36, timeout=60_000)
    wait_for(lambda: board_digits(ui.labels()) == list(train_puzzle("iss-6x6").givens), 20,
             message="the dropped 6x6's givens")


def test_fill_centre_marks_writes_the_few_combination_cages_and_undo_takes_them_back(ui):
    import_text(ui, json.dumps(ROWS["iss-killer"]["fpuzzles"]), 81)
    button = ui.button("Fill centre marks")
    expect(button).to_be_visible()
    button.click()
    expect(ui.page.locator("#message")).to_contain_text(re.compile(r"Centre marks written in \d+ cages?"))
    marked = [label for label in ui.labels() if ", centre marks " in label]
    assert marked, "no cell got centre marks"
    ui.button("Undo").click()
    wait_for(lambda: not any(", centre marks " in label for label in ui.labels()), 10,
             message="Undo left centre marks")
    ui.control("combobox", "Language").select_option("zh")
    expect(ui.page.get_by_role("button", name="填入中心标记", exact=True)).to_be_visible()


def test_enter_puzzle_from_a_16x16_x_starts_an_empty_16x16_x(ui):
    import_text(ui, json.dumps(ROWS["iss-16x16-sudoku-x-hard"]["fpuzzles"]), 256)
    expect(ui.button("Fill centre marks")).to_be_hidden()  # no cage sums: not offered
    ui.button("Menu").click()
    ui.button("Enter puzzle").click()
    expect(ui.page.get_by_role("group", name="Puzzle editor")).to_be_visible()
    expect(ui.control("combobox", "Puzzle kind")).to_have_value("x")
    expect(ui.control("combobox", "Size")).to_have_value("16")
    expect(ui.cells()).to_have_count(256)
    wait_for(lambda: not any(board_digits(ui.labels())), 20, message="the board is not empty")
    assert ui.page.locator("#figures .fig-diagonal").count() == 2, "the X's two diagonals are drawn"
