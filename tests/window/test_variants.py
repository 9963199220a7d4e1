"""Issue 40 in the real window, by accessible names: a pasted f-puzzles link of a Killer shows its cages
in the cells' labels, Watch with smart search solves it to its published solution, a hint names a cage
technique and its Explanation speaks of the cage, Watch with human logic plays the variant logic's steps to
its solution and Step back goes back through them; a 6x6 and a 16x16 imported as f-puzzles JSON have 36
and 256 cells that take typed digits and Check."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

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
    page.press("a", ctrl=True)  # the dialog keeps the last text loaded: typing replaces it
    page.send("Input.insertText", text=text)
    page.click(page.one("button", "Load"))
    wait_for(lambda: len(app.labels()) == cells, 60, message=f"no board of {cells} cells")
    return board_digits(app.labels())


def _message(app: WindowApp) -> str:
    return app._page().evaluate("document.getElementById('message').textContent.trim()")


def _watch_to_the_end(app: WindowApp, algorithm: str) -> None:
    """Run Watch's Solve with ``algorithm`` at no delay until the board is solved (fails after 120 s)."""
    page = app._page()
    page.click(page.one("tab", "Watch"))
    app.choose("Algorithm", algorithm)
    app.set_delay(0)
    app.click_button("Solve")
    wait_for(lambda: app.board_state() == "Solved", 120, message=f"{algorithm}: {app.board_state()!r}")


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

    app.click_button("Hint")
    texts = [""]
    for _ in range(4):  # down the hint ladder to the full explanation
        wait_for(lambda: app.status_text("Explanation") not in texts, 60, message="no deeper hint")
        texts.append(explained := app.status_text("Explanation"))
        if re.search(r"\bcage\b", explained):
            break
        app.click_button("Hint")
    assert re.search(r"\bcage\b", explained), explained

    _watch_to_the_end(app, "smart")
    assert board_digits(app.labels()) == _solution(record)
    assert app.close() == 0, app.log_text()


def test_watching_human_logic_on_a_pasted_killer_reaches_its_solution_and_steps_back(window):
    record = _record("iss-killer")
    puzzle = engine.read_fpuzzles(record["fpuzzles"])
    path = engine.variant_path(puzzle, tuple(_solution(record)))
    app = window.launch()
    app.wait_digits(any, 120, message="the first launch shows an empty board, not a puzzle")
    assert _import(app, engine.fpuzzles_link(puzzle), 81) == [0] * 81
    _watch_to_the_end(app, "human")
    assert board_digits(app.labels()) == _solution(record)
    assert app.number("Steps") == len(path) + 1  # one event a variant step, then solved
    app.click_button("Step back")
    wait_for(lambda: app.number("Steps") == len(path), 10, message="Step back did not go one event back")
    assert app.status_text("Explanation") == engine.explain_variant(path[-1], "en")
    app.click_button("Step back")
    wait_for(lambda: app.number("Steps") == len(path) - 1, 10, message="a second Step back did not go back")
    board = [0] * 81
    for step in path[:-1]:  # the board after the steps shown
        for cell, digit in step.placements:
            board[cell] = digit
    wait_for(lambda: board_digits(app.labels()) == board, 10, message="the board is not the step's")
    assert app.status_text("Explanation") == engine.explain_variant(path[-2], "en")
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


def _draw_cage(app: WindowApp, cells: tuple[int, ...], total: int | None) -> None:
    """Draw a cage as a setter does: its cells clicked in "Draw cage" mode, its sum typed, Finish cage."""
    page = app._page()
    for cell in cells:
        page.click(app.cells()[cell])
    if total is not None:
        box = page.one("spinbutton", "Cage sum")
        page.click(box)
        page.press("a", ctrl=True)
        page.send("Input.insertText", text=str(total))
    app.click_button("Finish cage", 10)


def _leave_enter_puzzle(app: WindowApp) -> str:
    """Leave Enter puzzle and return what the page then says of the typed puzzle."""
    app.click_button("Enter puzzle")
    wait_for(lambda: "solution" in _message(app), 120, message=f"leaving said {_message(app)!r}")
    return _message(app)


def test_a_killer_drawn_in_enter_puzzle_has_one_solution_and_without_a_cage_several_true_candidates(window):
    puzzle = engine.read_fpuzzles(_record("iss-white-room-killer-sudoku")["fpuzzles"])
    cages = [c for c in puzzle.constraints if c.kind == "cage"]
    assert not any(puzzle.givens) and len(cages) == len(puzzle.constraints)
    without = [engine.Puzzle.checked(9, puzzle.givens, (), cages[:i] + cages[i + 1:])
               for i in range(len(cages))]
    dropped = next(i for i, other in enumerate(without) if engine.count_solutions(other) == 2)
    app = window.launch()
    page = app._page()
    app.wait_digits(any, 120, message="the first launch shows an empty board, not a puzzle")
    for leave_out in (None, dropped):
        app.click_button("Enter puzzle")
        wait_for(lambda: page.attr(app.button("Enter puzzle"), "aria-pressed") == "true", 5)
        app.choose("Puzzle kind", "killer")
        wait_for(lambda: not any(board_digits(app.labels())), 20, message="no blank board for a Killer")
        app.click_button("Draw cage")
        for index, cage in enumerate(cages):
            if index != leave_out:
                _draw_cage(app, cage.cells, cage.total)
        drawn = [c for i, c in enumerate(cages) if i != leave_out]
        wait_for(lambda: all(f"summing to {c.total}" in app.labels()[c.cells[0]] for c in drawn), 20,  # noqa: B023
                 message="the drawn cages are not in the cells' labels")
        said = _leave_enter_puzzle(app)
        if leave_out is None:
            assert said == "The puzzle has exactly one solution.", said
        else:
            assert "several solutions" in said, said
            status = page.one("status", "True candidates")
            assert page.text(status), "True candidates is empty"
            wait_for(lambda: any(", true candidates " in label for label in app.labels()), 60,
                     message="no cell shows its true candidates")
    assert app.close() == 0, app.log_text()


def _jigsaw_x() -> engine.Puzzle:
    """A Jigsaw with both X diagonals and one solution: a generated jigsaw's regions, a solution with the
    diagonals, and its digits given in a seeded order until the count is one."""
    import random

    regions, diagonals = engine.generate_variant("jigsaw", rng=7).regions, (engine.Diagonal(False),
                                                                             engine.Diagonal(True))
    solution = engine.solve(engine.Puzzle.checked(9, [0] * 81, regions, diagonals))
    givens, order = [0] * 81, random.Random(7).sample(range(81), 81)
    while engine.count_solutions(engine.Puzzle.checked(9, givens, regions, diagonals)) > 1:
        cell = order.pop()
        givens[cell] = solution[cell]
    return engine.Puzzle.checked(9, givens, regions, diagonals)


SHOTS = (  # docs/ screenshot, the puzzle, the figures its constraints draw
    ("screenshot-killer.png", lambda: engine.read_fpuzzles(_record("iss-killer")["fpuzzles"]), ("fig-cage",)),
    ("screenshot-jigsaw-x.png", _jigsaw_x, ("fig-diagonal",)),
    ("screenshot-thermo-arrow.png", lambda: engine.read_fpuzzles(_record("iss-ctc-tribute")["fpuzzles"]),
     ("fig-thermo", "fig-arrow", "fig-cage")),
    ("screenshot-16x16-jigsaw.png", lambda: engine.read_fpuzzles(_record("iss-16x16-jigsaw")["fpuzzles"]),
     ()),
)


def test_a_killer_a_jigsaw_with_x_a_thermo_arrow_and_a_16x16_are_drawn_in_the_window(window, data_dir):
    """Each kind's figures are on the board after an import; with SUDOKU_STUDIO_SCREENSHOTS set to a
    folder (docs/), the window's screenshots are kept there."""
    app = window.launch()
    page = app._page()
    app.wait_digits(any, 120, message="the first launch shows an empty board, not a puzzle")
    for name, make, figures in SHOTS:
        puzzle = make()
        _import(app, engine.fpuzzles_link(puzzle), puzzle.n_cells)
        wait_for(lambda: board_digits(app.labels()) == list(puzzle.givens), 20, message=name)  # noqa: B023
        for figure in figures:
            drawn = page.evaluate(f"document.querySelectorAll('#figures .{figure}').length")
            assert drawn, f"{name}: no {figure} drawn"
        png = app.screenshot(data_dir.with_name(f"{data_dir.name}-{name}"))
        folder = os.environ.get("SUDOKU_STUDIO_SCREENSHOTS")
        if folder:
            (Path(folder) / name).write_bytes(png)
    assert app.close() == 0, app.log_text()
