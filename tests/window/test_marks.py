"""Issue 40 in the real window: corner and centre marks typed in the "Corner marks" and "Centre marks"
modes are kept apart in the cell's label, undone, and restored after a relaunch; Ctrl+digit and
Ctrl+Shift+digit reach the page through QtWebEngine as one corner and one centre mark; on a 16x16
Alt+C turns Centre marks on (C types 12 there) and C then writes centre mark 12, which Undo takes back."""

from __future__ import annotations

import json

import pytest

from tests.harness.contract import cell_label
from tests.harness.server import wait_for
from tests.harness.variant_data import TRAIN
from tests.harness.variant_states import board_digits

pytestmark = pytest.mark.window


def _label_is(app, cell: int, want: str, message: str) -> None:
    wait_for(lambda: app.labels()[cell] == want, 10, message=f"{message}: {app.labels()[cell]!r}")


def test_corner_and_centre_marks_are_kept_apart_undone_and_kept_over_a_relaunch(window, data_dir):
    app = window.launch()
    page = app._page()
    givens = app.wait_digits(any, 120, message="the first launch shows an empty board, not a puzzle")
    empty = givens.index(0)
    base = cell_label(empty, 0)
    app.click_button("Corner marks")
    wait_for(lambda: page.attr(app.button("Corner marks"), "aria-pressed") == "true", 5)
    app.type_digit(empty, 1)
    page.press("2")
    _label_is(app, empty, f"{base}, corner marks 1 2", "no corner marks")
    app.click_button("Centre marks")
    wait_for(lambda: page.attr(app.button("Centre marks"), "aria-pressed") == "true", 5)
    assert page.attr(app.button("Corner marks"), "aria-pressed") == "false"
    app.type_digit(empty, 3)
    page.press("4")
    _label_is(app, empty, f"{base}, corner marks 1 2, centre marks 3 4", "no centre marks")
    assert app.digits() == givens, "marks never enter a digit"
    app.click_button("Undo")
    kept = f"{base}, corner marks 1 2, centre marks 3"
    _label_is(app, empty, kept, "Undo did not take back the last mark")

    assert app.close() == 0, app.log_text()
    app.launch()
    page = app._page()
    wait_for(lambda: app.labels()[empty] == kept, 20, message="the marks did not survive a relaunch")
    assert page.attr(app.button("Centre marks"), "aria-pressed") == "false"  # the mode is view state
    page.click(app.cells()[empty])
    page.press("5", ctrl=True)
    page.press("6", ctrl=True, shift=True)
    _label_is(app, empty, f"{base}, corner marks 1 2 5, centre marks 3 6", "Ctrl+digit, Ctrl+Shift+digit")
    assert app.close() == 0, app.log_text()


def test_on_a_16x16_alt_c_turns_centre_marks_on_and_c_writes_centre_mark_12_undone(window):
    record = next(r for r in map(json.loads, TRAIN.read_text().splitlines()) if r["id"] == "iss-16x16-jigsaw")
    app = window.launch()
    page = app._page()
    app.wait_digits(any, 120, message="the first launch shows an empty board, not a puzzle")
    app.click_button("Import")
    box = page.one("textbox", "Puzzle text")
    page.click(box)
    page.send("Input.insertText", text=json.dumps(record["fpuzzles"]))
    page.click(page.one("button", "Load"))
    wait_for(lambda: len(app.labels()) == 256, 120, message="no 16x16 board")
    digits = board_digits(app.labels())
    empty = digits.index(0)
    base = app.labels()[empty]
    page.click(app.cells()[empty])
    page.press("c", alt=True)
    wait_for(lambda: page.attr(app.button("Centre marks"), "aria-pressed") == "true", 5,
             message="Alt+C did not turn Centre marks on")
    page.press("c")
    _label_is(app, empty, f"{base}, centre marks 12", "C in Centre marks mode on a 16x16")
    assert board_digits(app.labels()) == digits, "C wrote a mark, not the digit 12"
    app.click_button("Undo")
    _label_is(app, empty, base, "Undo did not take the centre mark back")
    assert app.close() == 0, app.log_text()
