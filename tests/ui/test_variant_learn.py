"""Learn and Watch on a variant in a real browser against the real Api (issue 40 item 6): on a pasted
Killer, "Why is it wrong?" words the variant logic's proof and draws the cage it ends on, the status
"Rating" gives the variant level and opens its hardest step on the Timeline, and Step with "Human logic"
shows a variant step's words and draws the cage it uses."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

import engine
from tests.harness.server import wait_for
from tests.harness.states import state_of
from tests.harness.variant_data import TRAIN, records
from tests.harness.variant_states import board_digits

pytestmark = pytest.mark.browser

ROWS = {json.loads(line)["id"]: json.loads(line) for line in TRAIN.read_text().splitlines()}


def _killer():
    return next(r for r in records() if r.id == "iss-killer")


def import_puzzle(ui, puzzle_id: str) -> None:
    """Load a published puzzle's f-puzzles JSON through Import (the first load waits for the variant
    solver's kernels: a minute allowed)."""
    record = next(r for r in records() if r.id == puzzle_id)
    ui.button("Import").click()
    dialog = ui.page.get_by_role("dialog")
    dialog.get_by_role("textbox", name="Puzzle text").fill(json.dumps(ROWS[puzzle_id]["fpuzzles"]))
    dialog.get_by_role("button", name="Load", exact=True).click()
    expect(ui.page.get_by_role("dialog")).to_have_count(0, timeout=60_000)
    expect(ui.cells()).to_have_count(record.puzzle.n_cells)
    wait_for(lambda: board_digits(ui.labels()) == list(record.puzzle.givens), message="no givens shown")


def test_why_is_it_wrong_on_a_killer_words_the_variant_proof_and_draws_its_cage(ui):
    record = _killer()
    import_puzzle(ui, "iss-killer")
    cell, digit = 1, record.solution[1] % 9 + 1
    ui.type_digit(cell, digit)
    wait_for(lambda: board_digits(ui.labels())[cell] == digit, message="the digit does not show")
    ui.button("Check").click()
    expect(ui.status("Check result")).to_have_text("Wrong: r1c2")
    ui.page.get_by_role("button", name="Why is it wrong?", exact=True).click()
    explanation = ui.page.get_by_role("status", name="Explanation", exact=True)
    expect(explanation).to_contain_text(f"Why r1c2 is not {digit}:")
    why = state_of(ui.api)["why"]
    lines = explanation.inner_text().splitlines()
    suppose = lines.index(f"Suppose r1c2 is {digit}.")
    for step, follows in zip(why["steps"], why["follows"], strict=True):  # the engine's words for each step
        if follows:
            assert step["words"]["en"] in lines[suppose + 1:]
        else:  # it holds on the board as it is: said before the assumption
            assert f"Already: {step['words']['en']}" in lines[:suppose]
    assert lines[-1].endswith("a contradiction.")
    if why["contradiction"]["kind"] == "constraint":
        assert re.search(r"cage of \d+ cells summing to \d+", lines[-1]), lines[-1]
    assert ui.page.locator("#figures .fig-focus").count() >= 1  # the cage the proof uses is drawn
    assert ui.console_errors == []


def test_the_rating_of_a_killer_shows_its_variant_level_and_opens_its_hardest_step(ui):
    record = _killer()
    import_puzzle(ui, "iss-killer")
    rated = engine.rate_variant(record.puzzle, record.solution)
    names = {t.id: t.name_en for t in engine.VARIANT_TECHNIQUES}
    ui.page.get_by_role("tab", name="Learn").click()
    status = ui.page.get_by_role("status", name="Rating", exact=True)
    expect(status).to_contain_text("By the variant logic")
    lines = status.inner_text().splitlines()
    assert lines[0] == f"Level: {rated.level.capitalize()}"
    assert lines[1] == f"By the variant logic: hardest step {rated.score} ({names[rated.hardest]})"
    assert lines[2].startswith(f"{len(rated.steps)} steps: ") and names[rated.steps[0].technique] in lines[2]
    at = next(i for i, s in enumerate(rated.steps) if s.technique == rated.hardest)
    button = ui.page.get_by_role("button", name=re.compile(r"^Hardest step: "))
    expect(button).to_have_text(re.compile(rf"^Hardest step: {at + 1}\. {re.escape(names[rated.hardest])} "))
    button.click()
    expect(ui.page.get_by_role("tab", name="Watch")).to_have_attribute("aria-selected", "true")
    expect(ui.page.get_by_role("status", name="Steps")).to_have_text(str(at + 1))
    expect(ui.page.get_by_role("status", name="Explanation")).to_have_text(
        engine.explain_variant(rated.steps[at], "en"))
    assert ui.console_errors == []


def test_step_with_human_logic_on_a_killer_says_the_cage_step_and_draws_its_cage(ui):
    record = _killer()
    import_puzzle(ui, "iss-killer")
    first = engine.variant_path(record.puzzle, record.solution)[0]
    ui.page.get_by_role("tab", name="Watch").click()
    ui.control("combobox", "Algorithm").select_option("human")
    ui.button("Step").click()
    expect(ui.page.get_by_role("status", name="Steps")).to_have_text("1")
    words = engine.explain_variant(first, "en")
    expect(ui.page.get_by_role("status", name="Explanation")).to_have_text(words)
    assert "cage" in words.lower()
    assert ui.page.locator("#figures .fig-focus").count() == len(first.detail["cages"])
    assert ui.console_errors == []
