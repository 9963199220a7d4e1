"""Paste, Import and Export in a real browser engine against the real Api (issue 9, item 8)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.harness.contract import cell_label
from tests.harness.puzzles import easy_with_solution, grid_of
from tests.harness.states import state_of

pytestmark = pytest.mark.browser

PUZZLE = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
SS = "\n".join([
    "53.|.7.|...", "6..|195|...", ".98|...|.6.", "---+---+---",
    "8..|.6.|..3", "4..|8.3|..1", "7..|.2.|..6", "---+---+---",
    ".6.|...|28.", "...|419|..5", "...|.8.|.79",
])
SDK = "#A Author\n#D a comment\n" + "\n".join(PUZZLE[r * 9:r * 9 + 9].replace("0", ".") for r in range(9))
BLOCK = "\n".join(" ".join(PUZZLE[r * 9:r * 9 + 9]) for r in range(9))


def _import(ui, text: str) -> None:
    ui.button("Import").click()
    dialog = ui.page.get_by_role("dialog")
    dialog.get_by_role("textbox", name="Puzzle text").fill(text)
    dialog.get_by_role("button", name="Load", exact=True).click()


def test_ctrl_v_on_the_board_loads_an_81_character_line(ui):
    puzzle, _ = easy_with_solution(3)
    ui.context.grant_permissions(["clipboard-read", "clipboard-write"])
    ui.page.evaluate("text => navigator.clipboard.writeText(text)", puzzle)
    ui.cell(0).click()
    ui.page.keyboard.press("Control+v")
    ui.wait_digits(lambda d: d == grid_of(puzzle), message="the pasted puzzle is not on the board")
    assert ui.readonly_cells() == {c for c, ch in enumerate(puzzle) if ch not in ".0"}


@pytest.mark.parametrize("text", [PUZZLE, BLOCK, SDK, SS], ids=["line", "block", "sdk", "ss"])
def test_each_import_form_gives_the_right_board(ui, text):
    _import(ui, text)
    ui.wait_digits(lambda d: d == grid_of(PUZZLE))
    expect(ui.page.get_by_role("dialog")).to_have_count(0)


def test_a_pencil_mark_grid_and_a_729_line_bring_their_notes(ui):
    ui.api.import_text(PUZZLE)
    pencil = ui.api.export_text("pencil")["text"]
    line = ui.api.export_text("candidates")["text"]
    assert len(line) == 729
    ui.api.clear()
    for text in (pencil, line):
        _import(ui, text)
        givens = grid_of(PUZZLE)  # a cell with one candidate reads as placed; every given is there
        ui.wait_digits(lambda d, givens=givens: all(d[c] == g for c, g in enumerate(givens) if g))
        expect(ui.cell(2)).to_have_attribute("aria-label", f"{cell_label(2, 0)}, notes 1 2 4")
        ui.button("Clear").click()


def test_malformed_text_leaves_the_board_and_says_where(ui):
    _import(ui, PUZZLE)
    ui.wait_digits(lambda d: d == grid_of(PUZZLE))
    bad = SS.replace("195", "1x5")
    _import(ui, bad)
    dialog = ui.page.get_by_role("dialog")
    expect(dialog.get_by_role("alert")).to_contain_text("line 2, column 6")
    dialog.get_by_role("button", name="Close", exact=True).click()
    assert ui.digits() == grid_of(PUZZLE)


def test_export_shows_each_format_and_copy_puts_it_on_the_clipboard(ui):
    ui.context.grant_permissions(["clipboard-read", "clipboard-write"])
    _import(ui, PUZZLE)
    ui.wait_digits(lambda d: d == grid_of(PUZZLE))
    ui.button("Export").click()
    dialog = ui.page.get_by_role("dialog")
    text = dialog.get_by_role("textbox", name="Export text")
    expect(text).to_have_value(PUZZLE.replace("0", "."))
    fmt = dialog.get_by_role("combobox", name="Format")
    fmt.select_option("block")
    expect(text).to_have_value("\n".join(PUZZLE[r * 9:r * 9 + 9] for r in range(9)))
    fmt.select_option("candidates")
    expect(text).to_have_value(re.compile(r"^[1-9.]{729}$"))
    dialog.get_by_role("button", name="Copy", exact=True).click()
    assert ui.page.evaluate("navigator.clipboard.readText()") == text.input_value()
    ui.page.keyboard.press("Escape")
    expect(ui.page.get_by_role("dialog")).to_have_count(0)


def test_a_text_of_five_puzzles_is_played_as_a_set_of_five(ui):
    second = PUZZLE.translate(str.maketrans("12", "21"))
    _import(ui, "\n".join([PUZZLE, second, PUZZLE, second, PUZZLE]))
    dialog = ui.page.get_by_role("dialog")
    expect(dialog.get_by_role("alert")).to_contain_text("5 puzzles")
    dialog.get_by_role("button", name="Play as a set", exact=True).click()
    expect(ui.page.get_by_role("dialog")).to_have_count(0)
    ui.wait_digits(lambda d: d == grid_of(PUZZLE))
    assert state_of(ui.api)["set"]["count"] == 5


def test_export_offers_the_puzzle_or_the_current_board(ui):
    _import(ui, PUZZLE)
    ui.wait_digits(lambda d: d == grid_of(PUZZLE))
    ui.type_digit(2, 4)
    ui.wait_digits(lambda d: d[2] == 4)
    ui.button("Export").click()
    dialog = ui.page.get_by_role("dialog")
    text = dialog.get_by_role("textbox", name="Export text")
    expect(text).to_have_value(PUZZLE.replace("0", "."))  # the puzzle: givens only
    dialog.get_by_role("radio", name="Current board").check()
    expect(text).to_have_value((PUZZLE[:2] + "4" + PUZZLE[3:]).replace("0", "."))
    dialog.get_by_role("radio", name="Puzzle").check()
    expect(text).to_have_value(PUZZLE.replace("0", "."))


def test_a_file_opened_from_outside_goes_through_the_import_dialog(ui, tmp_path):
    """What `sudoku-studio FILE` and a second launch do (desktop/contract/open.py): the page takes the
    file on the `opened` event and its puzzles are offered as a set, as Import offers them."""
    second = PUZZLE.translate(str.maketrans("12", "21"))
    path = tmp_path / "three.sdm"
    path.write_text("\n".join([PUZZLE, second, PUZZLE]) + "\n", encoding="ascii")
    ui.api._open_later(str(path))
    dialog = ui.page.get_by_role("dialog")
    expect(dialog.get_by_role("alert")).to_contain_text("3 puzzles")
    expect(dialog.get_by_role("textbox", name="Puzzle text")).to_have_value(path.read_text(encoding="ascii"))
    dialog.get_by_role("button", name="Play as a set", exact=True).click()
    # (run alone, the solver's kernels compile here first: numba's JIT in the suite)
    expect(ui.page.get_by_role("dialog")).to_have_count(0, timeout=120_000)
    ui.wait_digits(lambda d: d == grid_of(PUZZLE))
    assert state_of(ui.api)["set"]["count"] == 3
    ui.api._open_later(str(tmp_path / "gone.txt"))  # a file that went away: the dialog says so
    expect(ui.page.get_by_role("dialog").get_by_role("alert")).to_contain_text("gone.txt")


def test_a_sudokuwiki_link_pasted_into_import_loads_its_puzzle(ui):
    from engine import sudokuwiki_link

    _import(ui, sudokuwiki_link(PUZZLE))
    expect(ui.page.get_by_role("dialog")).to_have_count(0, timeout=120_000)
    ui.wait_digits(lambda d: d == grid_of(PUZZLE))
    _import(ui, "https://example.com/sudoku?bd=1")  # a site we do not read is named
    expect(ui.page.get_by_role("dialog").get_by_role("alert")).to_contain_text("example.com")
    dialog = ui.page.get_by_role("dialog")  # still open, the text kept: paste another
    dialog.get_by_role("textbox", name="Puzzle text").fill("https://f-puzzles.com/?load=N4IgzglgXgpiBcBOAN")
    dialog.get_by_role("button", name="Load", exact=True).click()
    expect(dialog.get_by_role("alert")).to_contain_text("damaged")  # a site we read, its link cut short
