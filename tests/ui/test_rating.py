"""The Learn tab's status "Rating" in a real browser engine: the puzzle's breakdown as the engine gives
it (engine.rating_breakdown), and its hardest step opened on the Timeline."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from engine import explain, iter_steps, rating_breakdown, technique_name
from tests.harness.states import state_of

pytestmark = pytest.mark.browser

XY_CHAIN = "050000030902000408400000001046805390703060804800000002009604700004273900000000000"


def _load(ui, puzzle: str) -> list[int]:
    ui.button("Import").click()
    dialog = ui.page.get_by_role("dialog")
    dialog.get_by_role("textbox", name="Puzzle text").fill(puzzle)
    dialog.get_by_role("button", name="Load").click()
    givens = [int(c) for c in puzzle]
    ui.wait_digits(lambda d: d == givens)
    return givens


def test_the_rating_status_shows_the_breakdown_and_its_hardest_step_opens_on_the_timeline(ui):
    givens = _load(ui, XY_CHAIN)
    found = rating_breakdown(XY_CHAIN)
    steps = list(iter_steps(XY_CHAIN))
    ui.page.get_by_role("tab", name="Learn").click()
    status = ui.page.get_by_role("status", name="Rating", exact=True)
    expect(status).to_contain_text(f"SE {found['score']} · HoDoKu {found['hodoku_score']} · QQwing: expert")
    text = status.inner_text()
    assert text.startswith(f"Level: {found['level'].capitalize()}") and f"{found['steps']} steps: " in text
    listed = ", ".join(f"{technique_name(t)} ×{n}" for t, n in found["techniques"].items())
    assert text.splitlines()[2] == f"{found['steps']} steps: {listed}"
    at = found["bottleneck"]["index"]
    hardest, score = found["bottleneck"]["technique"], found["bottleneck"]["score"]
    assert steps[at].technique == hardest
    button = ui.page.get_by_role("button", name=re.compile(r"^Hardest step: "))
    expect(button).to_have_text(re.compile(rf"^Hardest step: {at + 1}\. {re.escape(technique_name(hardest))} "
                                           rf"\({re.escape(str(score))}\)"))
    button.click()
    expect(ui.page.get_by_role("tab", name="Watch")).to_have_attribute("aria-selected", "true")
    expect(ui.page.get_by_role("status", name="Steps")).to_have_text(str(at + 1))
    expect(ui.page.get_by_role("status", name="Explanation")).to_have_text(explain(steps[at], "en"))
    board = list(givens)
    for step in steps[: at + 1]:
        for cell, digit in step.placements:
            board[cell] = digit
    ui.wait_digits(lambda d: d == board)
    assert state_of(ui.api)["digits"] == givens  # a view of the run: the game is unchanged
    assert ui.console_errors == []
