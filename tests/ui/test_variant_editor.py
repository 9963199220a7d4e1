"""The variant editor of Enter puzzle in a real browser (issue 40, item 2), by its accessible names: the
puzzle kind and size, drawing a cage (clicks and a drag) and a thermometer, the rules, what each sends
through the Api (the calls the page made, as the server saw them), and the true candidates of a puzzle
with several solutions shown in its cells."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.harness.puzzles import exactly_two
from tests.harness.server import wait_for
from tests.harness.states import newest_state
from tests.harness.variant_states import feed

pytestmark = pytest.mark.browser


def enter(ui) -> None:
    """Switch Enter puzzle on from the Menu and wait for its editor."""
    ui.button("Menu").click()
    ui.button("Enter puzzle").click()
    expect(ui.page.get_by_role("group", name="Puzzle editor")).to_be_visible()


def sent(ui, name: str) -> list[list]:
    """The arguments of every call ``name`` the page made so far."""
    return [args for method, args in ui.server.calls if method == name]


def drawn_cells(ui) -> int:
    """How many cells the constraint being drawn covers on the board."""
    return ui.page.locator("#figures .fig-pending").count()


def test_the_editor_shows_only_in_enter_puzzle_with_kind_and_size(ui):
    expect(ui.page.get_by_role("combobox", name="Puzzle kind")).to_have_count(0)
    enter(ui)
    kind = ui.page.get_by_role("combobox", name="Puzzle kind")
    size = ui.page.get_by_role("combobox", name="Size")
    texts = [t.strip() for t in kind.locator("option").all_inner_texts()]
    assert texts[:6] == ["Classic", "Killer", "Jigsaw", "X", "Windoku", "Thermo"]
    assert [t.strip() for t in size.locator("option").all_inner_texts()] == [
        "4x4", "6x6", "8x8", "9x9", "12x12", "16x16"]
    expect(kind).to_have_value("classic")
    expect(size).to_have_value("9")
    size.select_option("16")
    wait_for(lambda: sent(ui, "enter_shape") == [["classic", 16]], message=str(sent(ui, "enter_shape")))
    kind.select_option("killer")
    wait_for(lambda: len(sent(ui, "enter_shape")) == 2, message=str(sent(ui, "enter_shape")))
    assert sent(ui, "enter_shape")[1][0] == "killer"


def test_drawing_a_cage_by_clicks_and_a_drag_then_finishing_it_sends_the_cage(ui):
    enter(ui)
    draw = ui.button("Draw cage")
    expect(ui.page.get_by_role("spinbutton", name="Cage sum")).to_have_count(0)  # only while drawing a cage
    draw.click()
    expect(draw).to_have_attribute("aria-pressed", "true")
    finish = ui.button("Finish cage")
    expect(finish).to_be_disabled()
    ui.cell(0).click()
    start, end = ui.cell(1).bounding_box(), ui.cell(10).bounding_box()
    ui.page.mouse.move(start["x"] + 8, start["y"] + 8)
    ui.page.mouse.down()
    ui.page.mouse.move(end["x"] + 8, end["y"] + 8, steps=6)
    ui.page.mouse.up()
    wait_for(lambda: drawn_cells(ui) == 3, message=f"{drawn_cells(ui)} cells drawn")
    ui.cell(20).click()
    ui.cell(20).click()  # a second click takes the cell out again
    wait_for(lambda: drawn_cells(ui) == 3, message=f"{drawn_cells(ui)} cells drawn")
    ui.page.get_by_role("spinbutton", name="Cage sum").fill("15")
    expect(finish).to_be_enabled()
    finish.click()
    wait_for(lambda: sent(ui, "add_constraint"), message="no add_constraint")
    assert sent(ui, "add_constraint") == [[{"kind": "cage", "cells": [0, 1, 10], "total": 15}]]
    wait_for(lambda: drawn_cells(ui) == 0, message="the finished cage is still drawn as pending")
    expect(draw).to_have_attribute("aria-pressed", "true")  # ready for the next cage
    draw.click()
    expect(draw).to_have_attribute("aria-pressed", "false")


def test_a_cage_is_drawn_from_the_keyboard_too(ui):
    enter(ui)
    ui.button("Draw cage").click()
    ui.cell(40).click()  # the press puts the cell in
    for key in ("ArrowRight", "Enter", "ArrowDown", "Enter", "ArrowLeft", "Enter", "Enter"):  # 49 in, out
        ui.page.keyboard.press(key)
    wait_for(lambda: drawn_cells(ui) == 3, message=f"{drawn_cells(ui)} cells drawn")
    ui.button("Finish cage").click()  # no sum: a cage without one
    wait_for(lambda: sent(ui, "add_constraint"), message="no add_constraint")
    assert sent(ui, "add_constraint") == [[{"kind": "cage", "cells": [40, 41, 50], "total": None}]]


def test_a_thermometer_keeps_its_cells_in_order_from_the_bulb(ui):
    enter(ui)
    ui.button("Draw thermometer").click()
    for cell in (20, 11, 2):
        ui.cell(cell).click()
    ui.button("Finish thermometer").click()
    wait_for(lambda: sent(ui, "add_constraint"), message="no add_constraint")
    assert sent(ui, "add_constraint") == [[{"kind": "thermo", "cells": [20, 11, 2]}]]


def test_ticking_a_rule_adds_it(ui):
    enter(ui)
    ui.page.get_by_role("checkbox", name="Anti-knight").check()
    wait_for(lambda: sent(ui, "add_constraint"), message="no add_constraint")
    assert sent(ui, "add_constraint") == [[{"kind": "rule", "name": "antiknight"}]]


def test_true_candidates_are_shown_in_the_cells_and_named(ui):
    row = exactly_two(0)
    puzzle, a, b = row["puzzle77"], row["solution_a"], row["solution_b"]
    truth = [0 if p != "0" else (1 << (int(x) - 1)) | (1 << (int(y) - 1))
             for p, x, y in zip(puzzle, a, b, strict=True)]
    state = dict(newest_state(ui.bridge), seq=10_000, true_candidates=truth,
                 digits=[int(ch) for ch in puzzle], origins=["given" if ch != "0" else "" for ch in puzzle])
    feed(ui.page, state)
    status = ui.page.get_by_role("status", name="True candidates")
    expect(status).to_be_visible()
    labels = ui.labels()
    for cell in (c for c, ch in enumerate(puzzle) if ch == "0"):
        digits = " ".join(str(d) for d in sorted({int(a[cell]), int(b[cell])}))
        assert labels[cell].endswith(f", true candidates {digits}"), labels[cell]
        shown = ui.cell(cell).inner_text().split()
        assert sorted(shown) == digits.split(), shown
    assert not re.search("true candidates", labels[puzzle.index("5")])


def test_a_click_near_an_edge_puts_a_dot_x_or_v_between_the_two_cells(ui):
    enter(ui)
    ui.button("Draw X").click()
    expect(ui.button("Draw X")).to_have_attribute("aria-pressed", "true")
    box = ui.cell(0).bounding_box()
    ui.page.mouse.click(box["x"] + box["width"] - 3, box["y"] + box["height"] / 2)  # r1c1's right edge
    wait_for(lambda: sent(ui, "add_constraint"), message="no add_constraint")
    ui.button("Draw black dot").click()
    box = ui.cell(13).bounding_box()
    ui.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + 3)  # r2c5's top edge
    wait_for(lambda: len(sent(ui, "add_constraint")) == 2, message=str(sent(ui, "add_constraint")))
    assert sent(ui, "add_constraint") == [[{"kind": "xv", "total": 10, "cells": [0, 1]}],
                                          [{"kind": "dot", "colour": "black", "value": 0, "cells": [4, 13]}]]


def test_each_drawn_constraint_is_listed_with_a_button_that_removes_it(ui):
    enter(ui)
    base = newest_state(ui.bridge)
    assert base["mode"] == "enter"
    regions = [(r // 3) * 3 + c // 3 for r in range(9) for c in range(9)]
    constraints = [{"kind": "rule", "name": "antiking"}, {"kind": "cage", "cells": [0, 1], "total": 3},
                   {"kind": "thermo", "cells": [30, 31, 32]}]
    feed(ui.page, dict(base, seq=10_000, shape={"size": 9, "box": [3, 3], "regions": regions,
                                                "constraints": constraints, "kind": "killer", "title": ""}))
    listed = ui.page.get_by_role("list", name="Constraints")
    expect(listed.get_by_role("listitem")).to_have_count(2)  # the rule is its checkbox
    expect(ui.page.get_by_role("checkbox", name="Anti-king")).to_be_checked()
    expect(ui.page.get_by_role("combobox", name="Puzzle kind")).to_have_value("killer")
    listed.get_by_role("button", name="Remove thermometer at r4c4").click()
    wait_for(lambda: sent(ui, "remove_constraint"), message="no remove_constraint")
    assert sent(ui, "remove_constraint") == [[2]]
    listed.get_by_role("button", name="Remove cage of 2 cells summing to 3 at r1c1").click()
    wait_for(lambda: len(sent(ui, "remove_constraint")) == 2, message=str(sent(ui, "remove_constraint")))
    assert sent(ui, "remove_constraint")[1] == [1]


def test_greater_than_points_from_the_pressed_cell_and_odd_even_mark_one_cell(ui):
    enter(ui)
    ui.button("Draw greater than").click()
    box = ui.cell(10).bounding_box()
    ui.page.mouse.click(box["x"] + 3, box["y"] + box["height"] / 2)  # r2c2's left edge: r2c2 > r2c1
    wait_for(lambda: sent(ui, "add_constraint"), message="no add_constraint")
    ui.button("Draw even").click()
    ui.cell(40).click()
    ui.button("Draw odd").click()
    ui.cell(41).click()
    ui.page.keyboard.press("ArrowRight")
    ui.page.keyboard.press("Enter")
    wait_for(lambda: len(sent(ui, "add_constraint")) == 4, message=str(sent(ui, "add_constraint")))
    assert sent(ui, "add_constraint") == [[{"kind": "greater", "cells": [10, 9]}],
                                          [{"kind": "parity", "even": True, "cell": 40}],
                                          [{"kind": "parity", "even": False, "cell": 41}],
                                          [{"kind": "parity", "even": False, "cell": 42}]]


def test_painting_a_jigsaw_region_sends_each_cell_and_wrong_sizes_are_said(ui):
    enter(ui)
    paint = ui.button("Paint region")
    paint.click()
    expect(paint).to_have_attribute("aria-pressed", "true")
    ui.page.get_by_role("spinbutton", name="Region").fill("2")
    ui.cell(0).click()  # r1c1 is in box 1: into region 2
    start, end = ui.cell(9).bounding_box(), ui.cell(10).bounding_box()
    ui.page.mouse.move(start["x"] + 8, start["y"] + 8)
    ui.page.mouse.down()
    ui.page.mouse.move(end["x"] + 8, end["y"] + 8, steps=4)
    ui.page.mouse.up()
    wait_for(lambda: len(sent(ui, "set_region")) == 3, message=str(sent(ui, "set_region")))
    assert sent(ui, "set_region") == [[0, 1], [9, 1], [10, 1]]
    base = newest_state(ui.bridge)
    regions = [(r // 3) * 3 + c // 3 for r in range(9) for c in range(9)]
    regions[0] = 1  # box 1 has 8 cells, box 2 has 10
    shape = {"size": 9, "box": [3, 3], "regions": regions, "constraints": [], "kind": "jigsaw", "title": ""}
    feed(ui.page, dict(base, seq=10_000, shape=shape))
    expect(ui.page.get_by_role("status", name="Region sizes")).to_have_text(
        "Wrong sizes: region 1 has 8 cells, region 2 has 10 cells; each region needs 9.")
