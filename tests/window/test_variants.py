"""Issue 40 in the real window, by accessible names: a pasted f-puzzles link of a Killer shows its cages
in the cells' labels, Watch with smart search solves it to its published solution, a hint names a cage
technique and its Explanation speaks of the cage; a 6x6 and a 16x16 imported as f-puzzles JSON have 36
and 256 cells that take typed digits and Check."""

from __future__ import annotations

import json
import re

import pytest

import engine
from tests.harness.server import wait_for
from tests.harness.variant_data import TRAIN
from tests.harness.variant_states import board_digits
from tests.harness.window import WindowApp

pytestmark = pytest.mark.window
DIGITS = "123456789ABCDEFG"


def _record(puzzle_id: str) -> dict:
    return next(r for r in map(json.loads, TRAIN.read_text().splitlines()) if r["id"] == puzzle_id)


def _solution(record: dict) -> list[int]:
    return [DIGITS.index(ch.upper()) + 1 for ch in record["solution"]]


def _import(app: WindowApp, text: str, cells: int) -> list[int]:
    """Paste ``text`` into Import's "Puzzle text" as typed input, Load it, wait for a board of ``cells``."""
    page = app._page()
    app.click_button("Import")
    box = page.one("textbox", "Puzzle text")
    page.click(box)
    page.send("Input.insertText", text=text)
    page.click(page.one("button", "Load"))
    wait_for(lambda: len(app.labels()) == cells, 60, message=f"no board of {cells} cells")
    return board_digits(app.labels())


def _message(app: WindowApp) -> str:
    return app._page().evaluate("document.getElementById('message').textContent.trim()")


def test_a_pasted_killer_link_shows_its_cages_is_watched_solved_and_hinted_by_its_cages(window):
    record = _record("iss-killer")
    puzzle = engine.read_fpuzzles(record["fpuzzles"])
    app = window.launch()
    app.wait_digits(any, 120, message="the first launch shows an empty board, not a puzzle")
    assert _import(app, engine.fpuzzles_link(puzzle), 81) == [0] * 81
    labels = app.labels()
    for cage in (c for c in puzzle.constraints if c.kind == "cage"):
        words = f"cage of {len(cage.cells)} cells summing to {cage.total}"
        assert all(words in labels[cell] for cell in cage.cells), (words, labels[cage.cells[0]])

    page = app._page()
    app.click_button("Hint")
    texts = [""]
    for _ in range(4):  # down the hint ladder to the full explanation
        wait_for(lambda: app.status_text("Explanation") not in texts, 60, message="no deeper hint")
        texts.append(explained := app.status_text("Explanation"))
        if re.search(r"\bcage\b", explained):
            break
        app.click_button("Hint")
    assert re.search(r"\bcage\b", explained), explained

    page.click(page.one("tab", "Watch"))
    app.choose("Algorithm", "smart")
    app.set_delay(0)
    app.click_button("Solve")
    wait_for(lambda: app.board_state() == "Solved", 120, message=f"smart search: {app.board_state()!r}")
    assert board_digits(app.labels()) == _solution(record)
    assert app.close() == 0, app.log_text()


@pytest.mark.parametrize(("puzzle_id", "size"), [("iss-6x6", 6), ("iss-16x16-jigsaw", 16)])
def test_a_6x6_and_a_16x16_imported_as_json_take_typed_digits_and_check(window, puzzle_id, size):
    record = _record(puzzle_id)
    app = window.launch()
    app.wait_digits(any, 120, message="the first launch shows an empty board, not a puzzle")
    givens = _import(app, json.dumps(record["fpuzzles"]), size * size)
    solution = _solution(record)
    empty = [c for c, d in enumerate(givens) if not d]
    big = next(c for c in empty if solution[c] == size)  # the biggest digit: a letter past 9
    app.type_digit(big, DIGITS[size - 1].lower() if size > 9 else size)
    wait_for(lambda: board_digits(app.labels())[big] == size, 10, message=app.labels()[big])
    wrong = next(c for c in empty if c != big)
    app.type_digit(wrong, solution[wrong] % size + 1 if solution[wrong] % size + 1 <= 9 else 1)
    wait_for(lambda: board_digits(app.labels())[wrong] != 0, 10, message=app.labels()[wrong])
    app.click_button("Check")
    named = f"Wrong: r{wrong // size + 1}c{wrong % size + 1}"
    wait_for(lambda: app.status_text("Check result") == named, 20, message=app.status_text("Check result"))
    assert wrong in app.invalid_cells() and big not in app.invalid_cells()
    assert app.close() == 0, app.log_text()
