"""The technique trainer in the real window (``python -m desktop`` under Xvfb, driven over CDP through
the accessibility contract): Practise opens it, the keyboard marks the engine's own step on the state
the practice board shows, Check answer says right, and closing it leaves the game as it was.
"""

from __future__ import annotations

import re

import pytest

from engine import CandidateGrid, explain, practice_step
from tests.harness.server import wait_for

pytestmark = pytest.mark.window

_LABEL = re.compile(r"row (\d), column (\d), (?:(\d)|empty(?:, notes ([\d ]+))?)$")
_BOARD_LABELS = ("[...document.querySelectorAll('#practise-board [role=gridcell]')]"
                 ".map(e => e.getAttribute('aria-label'))")


def _shown_state(page) -> CandidateGrid:
    """The practice board's state, read from its cells' labels (digits, and candidates as notes)."""
    values, cands = [], []
    for index, label in enumerate(page.evaluate(_BOARD_LABELS)):
        found = _LABEL.match(label.split(";")[0])
        assert found and (int(found[1]) - 1) * 9 + int(found[2]) - 1 == index, label
        values.append(int(found[3] or 0))
        cands.append(sum(1 << (int(d) - 1) for d in (found[4] or "").split()))
    return CandidateGrid(values, cands, 0)


def _go(page, start: int, cell: int) -> None:
    """Move the practice board's selection from ``start`` to ``cell`` with the arrow keys."""
    rows, cols = cell // 9 - start // 9, cell % 9 - start % 9
    for _ in range(abs(rows)):
        page.press("ArrowDown" if rows > 0 else "ArrowUp")
    for _ in range(abs(cols)):
        page.press("ArrowRight" if cols > 0 else "ArrowLeft")


def test_the_trainer_grades_the_real_step_right_in_the_window_and_leaves_the_game_alone(window):
    app = window.launch()
    page = app._page()
    game = app.wait_digits(any, 120, message="the first launch shows an empty board, not a puzzle")
    app.click_button("Practise")
    picker = page.one("combobox", "Technique")

    def drawn() -> list[str] | None:  # the practice board's labels, once a state is drawn on it
        labels = page.evaluate(_BOARD_LABELS)
        return labels if any("notes" in label for label in labels) else None

    first = wait_for(drawn, 60, message="no practice state shown")  # the easiest technique's
    app.choose("Technique", "x_wing")
    assert page.call_on(picker, "function() { return this.value; }") == "x_wing"
    wait_for(lambda: (drawn() or first) != first, 60, message="no X-wing state shown")
    state = _shown_state(page)
    step = practice_step(state, "x_wing")
    assert step is not None and step.technique == "x_wing" and step.eliminations
    # select a filled cell (a click there marks nothing), then mark each elimination with the keyboard
    start = next(c for c in range(81) if state.values[c])
    page.evaluate(f"document.querySelector('#practise-board [data-cell=\"{start}\"]')"
                  ".dispatchEvent(new MouseEvent('mousedown', {bubbles: true, button: 0}))")
    at = start
    for cell, digit in step.eliminations:
        _go(page, at, cell)
        page.press(str(digit))
        at = cell
    wait_for(lambda: sum("struck" in label for label in page.evaluate(_BOARD_LABELS))
             == len({c for c, _ in step.eliminations}), 30, message="the marks did not land")
    app.click_button("Check answer")
    wait_for(lambda: app.status_text("Practice result") == "Right: that is exactly the step.", 90,
             message=f"not graded right: {app.status_text('Practice result')!r}")
    assert app.status_text("Practice explanation") == explain(step, "en") or "X-Wing" in app.status_text(
        "Practice explanation")
    app.click_button("Next state")
    wait_for(lambda: app.status_text("Practice result") == "", 10)
    app.click_button("Close")
    wait_for(lambda: not page.query("button", "Check answer"), 10, message="the trainer did not close")
    assert app.digits() == game
    assert "x_wing" in (app.data_dir / "practice.json").read_text()
