"""Sharing in a real browser (issue 32): Copy link, Copy puzzle and Open in SudokuWiki, from the Menu."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PUZZLE = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
SOLVER = "https://www.sudokuwiki.org/sudoku.htm?bd="


def _load(ui) -> None:
    ui.page.evaluate("text => navigator.clipboard.writeText(text)", PUZZLE)
    ui.board().focus()
    ui.page.keyboard.press("Control+v")
    ui.wait_digits(lambda d: "".join(map(str, d)) == PUZZLE)


def test_copy_link_and_copy_puzzle_put_the_link_and_the_line_on_the_clipboard(ui):
    ui.context.grant_permissions(["clipboard-read", "clipboard-write"])
    _load(ui)
    ui.button("Copy link").click()
    expect(ui.page.locator("#message")).to_have_text(f"SudokuWiki link copied: {SOLVER}{PUZZLE}")
    assert ui.page.evaluate("navigator.clipboard.readText()") == SOLVER + PUZZLE
    ui.type_digit(PUZZLE.index("0"), 4)
    ui.button("Copy link").click()
    long_form = re.compile(f"copied: {re.escape(SOLVER)}[0-9a-v]{{162}}$")
    expect(ui.page.locator("#message")).to_have_text(long_form)
    link = ui.page.evaluate("navigator.clipboard.readText()")
    assert link.startswith(SOLVER) and len(link) == len(SOLVER) + 162  # the player's digit: the long form
    ui.button("Copy puzzle").click()
    line = PUZZLE.replace("0", ".")  # as Export writes it
    expect(ui.page.locator("#message")).to_have_text(f"Puzzle copied: {line}")
    assert ui.page.evaluate("navigator.clipboard.readText()") == line


def test_open_in_sudokuwiki_hands_the_link_to_the_system_browser(ui, system_browser):
    ui.context.grant_permissions(["clipboard-read", "clipboard-write"])
    _load(ui)
    ui.button("Open in SudokuWiki").click()
    expect(ui.page.locator("#message")).to_have_text("SudokuWiki opens in your browser.")
    assert system_browser.read_text() == SOLVER + PUZZLE
