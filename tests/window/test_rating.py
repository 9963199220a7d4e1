"""The Learn tab's status "Rating" in the real window (``python -m desktop`` under Xvfb, driven over CDP
through the accessibility contract): the breakdown the engine gives for an SE 8.0 puzzle that SE 1.2.1's
own techniques make master, and its hardest step opened on the Timeline."""

from __future__ import annotations

import pytest

from engine import explain, iter_steps, rate, rating_breakdown, technique_name
from engine.rating.difficulty import score_of
from tests.harness.puzzles import DATA, grid_of
from tests.harness.server import wait_for
from tests.window.test_window import _enter_by_clicking, _selected_tab

pytestmark = pytest.mark.window


def _walked_master() -> str:
    """The first tuning-half SE 8.0 puzzle rated master only by SE's own walk (its path's steps score
    below 8.0)."""
    with open(DATA / "ratings" / "se_rated_stratified_sample.txt", encoding="ascii") as handle:
        for line in handle:
            sha, puzzle, se = line.split()
            if int(sha, 16) % 2 or se != "8.0":
                continue
            rating = rate(puzzle, unique=True)
            if rating.level.value == "master" and score_of(list(rating.scores)) < 8.0:
                return puzzle
    raise AssertionError("no SE 8.0 puzzle is master by SE's own walk alone")


def test_the_rating_status_and_its_hardest_step_on_the_timeline_in_the_window(window):
    puzzle = _walked_master()
    found = rating_breakdown(puzzle)
    steps = list(iter_steps(puzzle))
    assert found["level"] == "master" and found["score"] >= 8.0
    app = window.launch()
    _enter_by_clicking(app, puzzle)
    page = app._page()
    menu = page.one("button", "Menu")
    if page.attr(menu, "aria-expanded") == "true":  # left open by finding "Enter puzzle" in it
        page.click(menu)
    page.click(page.one("tab", "Learn"))
    wait_for(lambda: _selected_tab(app) == "Learn", 5)
    scores = f"SE {found['score']} · HoDoKu {found['hodoku_score']} · QQwing: expert"
    wait_for(lambda: scores in app.status_text("Rating"), 60, message="no rating shown")
    assert app.status_text("Rating").startswith("Level: Master")
    at, hardest = found["bottleneck"]["index"], found["bottleneck"]["technique"]
    assert steps[at].technique == hardest
    app.click_button(f"Hardest step: {at + 1}. {technique_name(hardest)} ({found['bottleneck']['score']})"
                     " — open it on the Timeline")
    wait_for(lambda: _selected_tab(app) == "Watch", 10, message="the Timeline did not open")
    wait_for(lambda: app.status_text("Steps") == str(at + 1), 30, message="not at the hardest step")
    assert app.status_text("Explanation") == explain(steps[at], "en")
    board = grid_of(puzzle)
    for step in steps[: at + 1]:
        for cell, digit in step.placements:
            board[cell] = digit
    app.wait_digits(lambda d: d == board, timeout=10, message="the board is not the state before that step")
