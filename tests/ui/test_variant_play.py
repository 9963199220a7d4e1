"""Variants end to end in a real browser against the real Api (issue 40): a published puzzle's f-puzzles
JSON imported through the Import dialog shows its board (N x N cells, its constraints in the cells'
labels and drawn, its rules listed), takes digits typed as 1-9 and A-G, and checks."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from tests.harness.server import wait_for
from tests.harness.variant_data import TRAIN
from tests.harness.variant_states import board_digits, train_puzzle

pytestmark = pytest.mark.browser

ROWS = {json.loads(line)["id"]: json.loads(line) for line in TRAIN.read_text().splitlines()}


def import_puzzle(ui, puzzle_id: str):
    """Load a published puzzle's f-puzzles JSON through Import; return the engine's reading of it."""
    ui.button("Import").click()
    dialog = ui.page.get_by_role("dialog")
    dialog.get_by_role("textbox", name="Puzzle text").fill(json.dumps(ROWS[puzzle_id]["fpuzzles"]))
    dialog.get_by_role("button", name="Load", exact=True).click()
    expect(ui.page.get_by_role("dialog")).to_have_count(0)
    puzzle = train_puzzle(puzzle_id)
    expect(ui.cells()).to_have_count(puzzle.n_cells)
    wait_for(lambda: board_digits(ui.labels()) == list(puzzle.givens), message="the givens do not show")
    return puzzle


def test_an_imported_killer_names_its_cages_in_the_labels_and_draws_them(ui):
    puzzle = import_puzzle(ui, "iss-killer")
    labels = ui.labels()
    cages = puzzle.to_dict()["constraints"]
    for cage in cages:
        words = f"cage of {len(cage['cells'])} cells summing to {cage['total']}"
        for cell in cage["cells"]:
            assert words in labels[cell], labels[cell]
    assert ui.page.locator("#figures path.fig-cage").count() == len(cages)


def test_a_16x16_takes_a_to_g_and_checks_on_256_cells(ui):
    ui.page.set_viewport_size({"width": 1366, "height": 768})
    puzzle = import_puzzle(ui, "iss-16x16-sudoku-x-hard")
    assert ui.board().bounding_box()["width"] >= 620
    solution = ROWS["iss-16x16-sudoku-x-hard"]["solution"]
    empty = [c for c, d in enumerate(puzzle.givens) if d == 0]
    first = empty[0]
    digit = "123456789ABCDEFG".index(solution[first]) + 1
    ui.cell(first).click()
    ui.page.keyboard.press(solution[first].lower())
    expect(ui.cell(first)).to_have_attribute("aria-label", re.compile(rf", {digit}(,|$)"))
    ui.button("Check").click()
    expect(ui.status("Check result")).to_have_text(f"{len(empty) - 1} cells are still empty.")
    expect(ui.status("Board state")).to_have_text(re.compile(r"of 256 cells filled"))


def test_a_6x6_board_types_and_checks(ui):
    puzzle = import_puzzle(ui, "iss-6x6")
    solution = ROWS["iss-6x6"]["solution"]
    for cell in (c for c, d in enumerate(puzzle.givens) if d == 0):
        ui.type_digit(cell, solution[cell])
    wait_for(lambda: board_digits(ui.labels()) == [int(ch) for ch in solution], message="not all typed")
    expect(ui.status("Board state")).to_have_text(re.compile(r"^Solved"))


def test_global_rules_of_an_imported_puzzle_are_listed(ui):
    import_puzzle(ui, "iss-anti-knight-anti-king")
    rules = ui.page.get_by_role("list", name="Rules")
    expect(rules.get_by_role("listitem")).to_have_count(2)


def test_a_hint_on_a_killer_names_a_cage_technique_and_draws_what_it_uses(ui):
    import_puzzle(ui, "iss-killer")
    texts = []
    for _ in range(4):
        ui.button("Hint").click()
        ui.page.wait_for_timeout(400)
        texts.append(ui.status("Explanation").inner_text())
    assert re.search(r"cage", " ".join(texts), re.I), texts
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", texts[1]), texts[1]  # the technique's name, not its id
    assert ui.page.locator("#figures .fig-focus").count() >= 1


@pytest.mark.parametrize(("choice", "cells"), [("killer 9", 81), ("classic 6", 36), ("classic 16", 256)])
def test_new_puzzle_of_a_kind_makes_one_of_that_kind_and_size(ui, choice, cells):
    ui.page.get_by_role("combobox", name="Kind of new puzzle").select_option(choice)
    ui.button("New puzzle").click()
    expect(ui.cells()).to_have_count(cells, timeout=120_000)
    if choice.startswith("killer"):  # the board was 9x9 already: wait for the cages
        wait_for(lambda: any("summing to" in label for label in ui.labels()), 120, message="no cage came")
    else:
        wait_for(lambda: any(board_digits(ui.labels())), 30, message="no givens")
        board_state = ui.page.get_by_role("status", name="Board state")
        expect(board_state).to_contain_text("exactly one solution", timeout=60_000)
