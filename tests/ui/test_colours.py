"""Colours in a real browser engine (issue 32): the Colours mode paints cells and notes by key and pad,
Undo, Redo, Clear colours and a relaunch keep the mid end's word, and a cell's label names its colour."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.harness.contract import cell_label

pytestmark = pytest.mark.browser


def test_colour_mode_paints_cells_and_a_note_through_undo_redo_and_a_relaunch(ui):
    givens, solution = ui.play_easy()
    given, empty = givens.index(next(d for d in givens if d)), givens.index(0)
    colours = ui.button("Colours")
    ui.cell(given).click()
    ui.page.keyboard.press("v")  # SudokuPad's V (C before issue 40: now Centre marks)
    expect(colours).to_have_attribute("aria-pressed", "true")
    ui.page.keyboard.press("2")
    label = cell_label(given, givens[given])
    expect(ui.cell(given)).to_have_attribute("aria-label", f"{label}, colour 2")
    expect(ui.cell(given)).to_have_attribute("data-colour", "2")
    ui.cell(empty).click()
    ui.page.locator(".pad-key[data-digit='5']").click()  # the pad paints too
    ui.page.keyboard.press("Shift+7")  # note 7 in the colour last used: 5
    empty_label = f"{cell_label(empty, 0)}, coloured notes 7 colour 5, colour 5"
    expect(ui.cell(empty)).to_have_attribute("aria-label", empty_label)
    assert ui.digits() == givens, "colours never enter a digit"
    ui.page.keyboard.press("Control+z")
    expect(ui.cell(empty)).to_have_attribute("aria-label", f"{cell_label(empty, 0)}, colour 5")
    ui.page.keyboard.press("Control+y")
    expect(ui.cell(empty)).to_have_attribute("aria-label", empty_label)
    ui.page.keyboard.press("5")  # the same colour again takes it off
    note_only = f"{cell_label(empty, 0)}, coloured notes 7 colour 5"
    expect(ui.cell(empty)).to_have_attribute("aria-label", note_only)
    ui.page.keyboard.press("9")  # there is no colour 9: nothing changes
    ui.relaunch()
    expect(ui.cell(given)).to_have_attribute("aria-label", f"{label}, colour 2")
    expect(ui.cell(empty)).to_have_attribute("aria-label", re.compile("coloured notes 7 colour 5$"))
    expect(ui.button("Colours")).to_have_attribute("aria-pressed", "false")  # the mode is view state
    ui.cell(empty).click()
    ui.page.keyboard.press(str(solution[empty]))  # out of colour mode digits are digits again
    expect(ui.cell(empty)).to_have_attribute("aria-label", cell_label(empty, solution[empty]))


def test_clear_colours_is_one_undoable_move(ui):
    givens, _ = ui.play_easy()
    ui.button("Colours").click()
    for cell, key in ((0, "1"), (40, "4"), (80, "8")):
        ui.cell(cell).click()
        ui.page.keyboard.press(key)
    expect(ui.cell(80)).to_have_attribute("aria-label", re.compile(", colour 8$"))
    ui.button("Clear colours").click()
    for cell in (0, 40, 80):
        expect(ui.cell(cell)).to_have_attribute("aria-label", cell_label(cell, givens[cell]))
    expect(ui.button("Clear colours")).to_be_disabled()
    ui.button("Undo").click()
    for cell, colour in ((0, 1), (40, 4), (80, 8)):
        expect(ui.cell(cell)).to_have_attribute("aria-label", re.compile(f", colour {colour}$"))
