"""Sharing (issue 32) through the real Api: SudokuWiki's link of the board, and opening it in a browser."""

from __future__ import annotations

import os

from engine import sudokuwiki_board

PUZZLE = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
SOLVER = "https://www.sudokuwiki.org/sudoku.htm?bd="


def test_the_link_of_a_known_puzzle_is_the_solver_address_and_its_81_digits(api):
    assert api.import_text(PUZZLE)["ok"]
    assert api.share_link() == {"ok": True, "text": SOLVER + PUZZLE}


def test_the_players_digits_make_the_162_character_form_that_tells_them_from_clues(api):
    api.import_text(PUZZLE)
    cell = PUZZLE.index("0")
    assert api.set_cell(cell, 4)["ok"]
    text = api.share_link()["text"]
    board = text.removeprefix(SOLVER)
    assert len(board) == 162
    code = int(board[2 * cell:2 * cell + 2], 32)
    assert code == (1 << 3) << 1, "digit 4 as a bit, not a clue"
    assert int(board[0:2], 32) == ((1 << 4) << 1 | 1), "r1c1's 5 is a clue"
    digits = [int(ch) for ch in PUZZLE]
    digits[cell] = 4
    assert board == sudokuwiki_board(PUZZLE, digits)


def test_an_empty_board_has_nothing_to_share(api):
    assert api.share_link()["error"]["code"] == "no_puzzle"


def test_open_in_sudokuwiki_hands_the_link_to_the_system_browser(api, system_browser):
    api.import_text(PUZZLE)
    assert api.open_sudokuwiki() == {"ok": True}
    assert system_browser.read_text() == SOLVER + PUZZLE


def test_without_any_browser_open_says_so(api, monkeypatch):
    monkeypatch.setenv("BROWSER", os.devnull + "/none")
    monkeypatch.setattr("webbrowser._tryorder", None)
    monkeypatch.setattr("webbrowser._browsers", {})
    monkeypatch.setenv("PATH", "/nonexistent")
    api.import_text(PUZZLE)
    assert api.open_sudokuwiki()["error"]["code"] == "no_browser"
