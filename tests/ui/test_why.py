"""Why is it wrong? and Undo to first mistake in a real browser engine, through their accessibility
names (desktop/CONTRACT.md): buttons "Why is it wrong?" and "Undo to first mistake", status
"Explanation", the SVG layer "Chain links".  The proof the page words is replayed from its words alone
with plain propagation (tests/harness/proof.py)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from engine import solve
from tests.harness.proof import replay_words

pytestmark = pytest.mark.browser

PUZZLE = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
GIVENS = [int(c) for c in PUZZLE]
SOLUTION = [int(d) for d in solve(GIVENS)]
RIGHT, (WRONG, DIGIT) = 2, (28, 1)  # r4c2 = 1 repeats nothing: its proof is a chain of singles


def _load(ui) -> None:
    ui.button("Import").click()
    dialog = ui.page.get_by_role("dialog")
    dialog.get_by_role("textbox", name="Puzzle text").fill(PUZZLE)
    dialog.get_by_role("button", name="Load").click()
    ui.wait_digits(lambda d: d == GIVENS)


def _type(ui, cell: int, digit: int) -> None:
    ui.type_digit(cell, digit)
    ui.wait_digits(lambda d: d[cell] == digit)


def _start() -> list[int]:
    start = list(GIVENS)
    start[RIGHT] = SOLUTION[RIGHT]
    return start


def test_after_check_why_is_it_wrong_words_a_proof_we_replay_and_draws_its_chain(ui):
    _load(ui)
    why = ui.page.get_by_role("button", name="Why is it wrong?", exact=True)
    expect(why).to_be_hidden()
    _type(ui, RIGHT, SOLUTION[RIGHT])
    _type(ui, WRONG, DIGIT)
    ui.button("Check").click()
    expect(ui.status("Check result")).to_have_text("Wrong: r4c2")
    expect(why).to_be_visible()
    why.click()
    explanation = ui.page.get_by_role("status", name="Explanation", exact=True)
    expect(explanation).to_contain_text("Why r4c2 is not 1:")
    text = explanation.inner_text()
    assert replay_words(_start(), text) == (WRONG, DIGIT)
    assert text.count("\n") >= 4 and "Then" in text
    layer = ui.page.get_by_role("img", name="Chain links")
    assert layer.locator(".link").count() >= 3
    _type(ui, WRONG, 0)  # the board changed: the proof is gone, so is the button
    expect(why).to_be_hidden()
    expect(ui.page.locator("#explanation")).not_to_contain_text("Why r4c2")
    assert ui.console_errors == []


def test_key_w_after_a_hint_names_the_digit_and_the_proof_is_in_chinese_too(ui):
    _load(ui)
    _type(ui, WRONG, DIGIT)
    ui.button("Hint").click()
    explanation = ui.status("Explanation")
    expect(explanation).to_contain_text("r4c2")
    ui.board().focus()
    ui.page.keyboard.press("w")
    expect(explanation).to_contain_text("Why r4c2 is not 1:")
    replay_words(list(GIVENS), explanation.inner_text())
    ui.api.set_setting("language", "zh")
    explanation = ui.page.locator("#explanation")  # its name is Chinese now
    expect(explanation).to_contain_text("为什么 r4c2 不是 1")
    expect(explanation).to_contain_text("矛盾")
    assert ui.console_errors == []


def test_undo_to_first_mistake_restores_the_board_before_it_and_undo_brings_the_moves_back(ui):
    _load(ui)
    _type(ui, RIGHT, SOLUTION[RIGHT])
    before = ui.digits()
    _type(ui, WRONG, DIGIT)
    later = next(c for c in range(81) if not GIVENS[c] and c not in (RIGHT, WRONG))
    _type(ui, later, SOLUTION[later])
    after = ui.digits()
    ui.button("Check").click()
    ui.button("Undo to first mistake").click()
    ui.wait_digits(lambda d: d == before)
    expect(ui.page.get_by_role("button", name="Undo to first mistake", exact=True)).to_be_hidden()
    ui.button("Undo").click()
    ui.wait_digits(lambda d: d == after)
    assert ui.console_errors == []
