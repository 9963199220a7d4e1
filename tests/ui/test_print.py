"""Print… in a real browser engine (issue 32): the Menu's dialog saves the puzzle as a PDF where the save
dialog says (the window's dialog answers a path here), and a refusal is said in the dialog."""

from __future__ import annotations

import subprocess

import pytest
from playwright.sync_api import expect

from tests.engine.test_print import PUZZLES, _grids_on, _pages

pytestmark = pytest.mark.browser


def test_print_saves_the_puzzle_with_its_solution_and_title(ui, tmp_path):
    pdf = tmp_path / "club.pdf"
    asked = []
    ui.bridge.choose_file = lambda kind: asked.append(kind) or str(pdf)
    ui.button("Print…").click()
    dialog = ui.page.get_by_role("dialog", name="Print")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Save as PDF…").click()
    expect(dialog.get_by_role("alert")).to_have_text("There is no puzzle on the board.")
    assert asked == [] and not pdf.exists()
    dialog.get_by_role("button", name="Close").click()
    ui.context.grant_permissions(["clipboard-read", "clipboard-write"])
    ui.page.evaluate("text => navigator.clipboard.writeText(text)", PUZZLES[3])
    ui.board().focus()
    ui.page.keyboard.press("Control+v")
    ui.wait_digits(lambda d: "".join(str(x) if x else "." for x in d) == PUZZLES[3])
    ui.button("Print…").click()
    expect(dialog.get_by_role("radio", name="The whole set")).to_be_disabled()  # not playing a set
    dialog.get_by_role("combobox", name="Puzzles per page").select_option("2")
    dialog.get_by_role("checkbox", name="Solutions on the last pages").check()
    dialog.get_by_role("textbox", name="Title").fill("Club night")
    dialog.get_by_role("button", name="Save as PDF…").click()
    # the PDF rates the puzzle first: the human solver's kernels may be compiled now (a minute on CI)
    expect(ui.page.locator("#message")).to_have_text("Saved club.pdf: print it from your PDF viewer.",
                                                     timeout=60_000)
    expect(dialog).to_be_hidden()
    assert asked == ["pdf"]
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert "Club night" in text and "Solutions" in text
    grids = [g for page in _pages(pdf) for g in _grids_on(page)]
    assert "".join(str(d) if d else "." for d in grids[0][2]) == PUZZLES[3]
    assert [label for label, _, _ in grids] == ["No.", "Solution"]
