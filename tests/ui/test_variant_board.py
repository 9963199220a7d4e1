"""Variant boards in a real browser (issue 40, item 1): a state whose ``shape`` is the engine's own
``Puzzle.to_dict()`` of a published puzzle (../shared/data/variants) is handed to the page as the bridge
does, and the board is read back by the accessibility contract: N x N gridcells, labels with digits as
numbers and what constrains each cell, the rules list; the figures are checked against the puzzle.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.harness.server import wait_for
from tests.harness.states import newest_state
from tests.harness.variant_states import board_digits, feed, read_label, train_puzzle, variant_state

pytestmark = pytest.mark.browser

def show(ui, puzzle_id: str, seq: int = 10_000):
    """Hand the page the start of a published puzzle; return the puzzle."""
    puzzle = train_puzzle(puzzle_id)
    feed(ui.page, variant_state(newest_state(ui.bridge), puzzle, seq))
    expect(ui.cells()).to_have_count(puzzle.n_cells)
    return puzzle


def right_borders(ui) -> list[float]:
    """Each cell's right border width in CSS pixels."""
    return ui.cells().evaluate_all("cs => cs.map(c => parseFloat(getComputedStyle(c).borderRightWidth))")


def test_a_killer_names_each_cells_cage_and_draws_its_outlines_and_sums(ui):
    puzzle = show(ui, "iss-killer")
    labels = ui.labels()
    cages = puzzle.to_dict()["constraints"]
    assert cages and all(c["kind"] == "cage" for c in cages)
    for cage in cages:
        words = f"cage of {len(cage['cells'])} cells summing to {cage['total']}"
        for cell in cage["cells"]:
            assert labels[cell].endswith(words) or f"{words}," in labels[cell], labels[cell]
    assert ui.page.locator("#figures path.fig-cage").count() == len(cages)
    sums = ui.page.locator("#figures .fig-cage-sum").all_text_contents()
    assert sorted(map(int, sums)) == sorted(c["total"] for c in cages)
    expect(ui.page.get_by_role("list", name="Rules")).to_have_count(0)  # a killer has no global rule


def test_a_6x6_board_has_36_cells_and_types_only_1_to_6(ui):
    puzzle = show(ui, "iss-6x6")
    assert ui.page.get_by_role("row").count() == 6
    labels = ui.labels()
    assert [read_label(label)[:2] for label in labels] == [(r, c) for r in range(1, 7) for c in range(1, 7)]
    assert board_digits(labels) == list(puzzle.givens)
    empty = next(c for c, d in enumerate(puzzle.givens) if d == 0 and c % 6 == 5)
    ui.cell(empty).click()
    ui.page.keyboard.press("ArrowRight")  # the last column: the selection stays
    expect(ui.cell(empty)).to_have_attribute("aria-selected", "true")
    before = len(ui.server.calls)
    ui.page.keyboard.press("7")  # no 7 on a 6x6 board
    ui.page.keyboard.press("6")
    ui.page.wait_for_timeout(300)
    typed = [args for name, args in ui.server.calls[before:] if name == "set_cell"]
    assert typed == [[empty, 6]]
    pad = ui.page.get_by_role("group", name="Digits")
    expect(pad.get_by_role("button", name="7", exact=True, include_hidden=True)).to_be_hidden()
    expect(pad.get_by_role("button", name="6", exact=True)).to_be_visible()


def test_a_16x16_jigsaw_has_256_cells_is_620px_at_1366x768_and_takes_a_to_g(ui):
    ui.page.set_viewport_size({"width": 1366, "height": 768})
    puzzle = show(ui, "iss-16x16-jigsaw")
    assert ui.page.get_by_role("row").count() == 16
    labels = ui.labels()
    assert read_label(labels[2 * 16 + 11])[:2] == (3, 12)
    assert board_digits(labels) == list(puzzle.givens)
    assert any(d >= 10 for d in board_digits(labels)), "no digit 10-16 among the givens"
    box = ui.board().bounding_box()
    assert box["width"] >= 620 and box["height"] >= 620, box
    # the thick lines follow the jigsaw's pieces
    n, regions = 16, puzzle.regions
    widths = right_borders(ui)
    for cell in range(n * n):
        if cell % n < n - 1:
            assert (widths[cell] > 1.5) == (regions[cell] != regions[cell + 1]), cell
    empty = puzzle.givens.index(0)
    ui.cell(empty).click()
    before = len(ui.server.calls)

    def typed() -> list:
        return [args for name, args in ui.server.calls[before:] if name == "set_cell"]

    for count, key in enumerate(("g", "A", "9"), 1):  # each key's call answered before the next key:
        ui.page.keyboard.press(key)  # three at once may reach the test server out of order under load
        wait_for(lambda count=count: len(typed()) >= count, 10, message=f"no call for the key {key}")
    assert typed() == [[empty, 16], [empty, 10], [empty, 9]]
    assert not [name for name, _ in ui.server.calls[before:] if name in ("apply_hint", "paint")]


def test_thermometers_and_arrows_are_named_in_labels_and_drawn(ui):
    puzzle = show(ui, "iss-ctc-tribute")
    labels = ui.labels()
    records = puzzle.to_dict()["constraints"]
    thermos = [r for r in records if r["kind"] == "thermo"]
    arrows = [r for r in records if r["kind"] == "arrow"]
    assert thermos and arrows
    for thermo in thermos:
        assert "thermometer bulb" in labels[thermo["cells"][0]]
        assert all("thermometer, place" in labels[c] for c in thermo["cells"][1:])
    for arrow in arrows:
        assert all("arrow circle" in labels[c] for c in arrow["circle"])
        assert all("on an arrow" in labels[c] for c in arrow["line"])
    svg = ui.page.locator("#figures")
    assert svg.locator(".fig-thermo").count() == len(thermos)
    assert svg.locator(".fig-arrow-line").count() == 2 * len(arrows)  # a line and its head each


def test_a_16x16_with_global_rules_lists_them_and_keeps_its_620px_at_1366x768(ui):
    from engine import Puzzle, Rule

    ui.page.set_viewport_size({"width": 1366, "height": 768})
    jigsaw = train_puzzle("iss-16x16-jigsaw")
    rules = tuple(Rule(name) for name in ("antiknight", "antiking", "nonconsecutive", "disjointgroups"))
    puzzle = Puzzle.checked(16, [0] * 256, jigsaw.regions, rules)
    feed(ui.page, variant_state(newest_state(ui.bridge), puzzle))
    expect(ui.page.get_by_role("list", name="Rules").get_by_role("listitem")).to_have_count(4)
    box = ui.board().bounding_box()
    assert box["width"] >= 620 and box["height"] >= 620, box
    assert not ui.page.evaluate("() => document.scrollingElement.scrollHeight > innerHeight")


def test_global_rules_are_a_list_named_rules_in_english_and_chinese(ui):
    show(ui, "iss-anti-knight-anti-king")
    rules = ui.page.get_by_role("list", name="Rules")
    expect(rules.get_by_role("listitem")).to_have_count(2)
    text = rules.inner_text()
    assert "Anti-knight" in text and "Anti-king" in text
    ui.api.set_setting("language", "zh")
    base = newest_state(ui.bridge)
    feed(ui.page, variant_state(base, train_puzzle("iss-killer"), 20_000))
    feed(ui.page, variant_state(base, train_puzzle("iss-anti-knight-anti-king"), 20_001))
    rules = ui.page.get_by_role("list", name="规则")
    expect(rules.get_by_role("listitem")).to_have_count(2)
    assert "无马步" in rules.inner_text()


def test_edge_clues_and_outside_clues_are_drawn_where_the_puzzle_puts_them(ui):
    puzzle = show(ui, "iss-xv-sudoku")
    xvs = [r for r in puzzle.to_dict()["constraints"] if r["kind"] == "xv"]
    letters = ui.page.locator("#figures .fig-xv").all_text_contents()
    assert sorted(letters) == sorted("X" if r["total"] == 10 else "V" for r in xvs)
    labels = ui.labels()
    a, b = xvs[0]["cells"]
    assert f"with r{b // 9 + 1}c{b % 9 + 1}" in labels[a]
    puzzle = show(ui, "iss-6x6-little-killer", 10_001)
    killers = [r for r in puzzle.to_dict()["constraints"] if r["kind"] == "littlekiller"]
    sums = ui.page.locator("#figures .fig-outside").all_text_contents()
    assert sorted(map(int, sums)) == sorted(r["total"] for r in killers)
    rules = ui.page.get_by_role("list", name="Rules")
    expect(rules.get_by_role("listitem")).to_have_count(len(killers))
    # the clues outside the grid stay inside the window, beside the board
    grid = ui.board().bounding_box()
    for text in ui.page.locator("#figures .fig-outside").all():
        box = text.bounding_box()
        inside_x = grid["x"] < box["x"] + box["width"] / 2 < grid["x"] + grid["width"]
        inside_y = grid["y"] < box["y"] + box["height"] / 2 < grid["y"] + grid["height"]
        assert not (inside_x and inside_y), "an outside clue is drawn on the grid"
        assert box["x"] >= 0 and box["y"] >= 0


def test_a_classic_shape_draws_exactly_the_classic_board(ui):
    base = newest_state(ui.bridge)
    before = ui.labels()
    state = dict(base, seq=10_000, shape={"size": 9, "box": [3, 3], "regions": [
        (r // 3) * 3 + c // 3 for r in range(9) for c in range(9)], "constraints": [], "kind": "classic",
        "title": ""})
    feed(ui.page, state)
    ui.page.wait_for_timeout(200)
    assert ui.labels() == before
    expect(ui.page.locator("#figures")).to_be_hidden()
    expect(ui.page.get_by_role("list", name="Rules")).to_have_count(0)
    widths = right_borders(ui)
    assert [c for c in range(81) if widths[c] > 1.5] == [c for c in range(81) if c % 9 in (2, 5)]


def test_a_hint_on_a_16x16_names_its_unit_and_shades_its_16_cells(ui):
    puzzle = train_puzzle("iss-16x16-jigsaw")
    state = variant_state(newest_state(ui.bridge), puzzle)
    column = 16 + 11  # units: 16 rows, then 16 columns, then the regions
    state["hint"] = {"level": 1, "kind": "step", "technique": "hidden_single", "unit": column, "digit": 0,
                     "cells": [], "digits": [], "can_apply": False,
                     "highlight": {"units": [column], "digit": 0, "cells": [], "candidates": [],
                                   "eliminations": [], "placements": [], "links": []}}
    feed(ui.page, state)
    ui.page.get_by_role("tab", name="Learn").click()
    expect(ui.status("Explanation")).to_have_text("Look at column 12.")
    shaded = ui.cells().evaluate_all("cs => cs.map((c, i) => c.classList.contains('area') ? i : -1)")
    assert [c for c in shaded if c >= 0] == [r * 16 + 11 for r in range(16)]


def test_a_variant_hint_names_its_technique_and_draws_the_cage_it_uses_in_the_accent(ui):
    puzzle = train_puzzle("iss-killer")
    state = variant_state(newest_state(ui.bridge), puzzle)
    state["hint"] = {"level": 2, "kind": "step", "variant": True, "technique": "cage_combination",
                     "technique_name": {"en": "Cage combinations", "zh": "笼子组合"}, "unit": -1, "digit": 0,
                     "constraints": [1], "can_apply": False,
                     "highlight": {"units": [], "digit": 0, "cells": [2, 3, 4], "constraints": [1]}}
    first = dict(state, hint=dict(state["hint"], level=1, technique="", technique_name=None), seq=9_999)
    feed(ui.page, first)
    ui.page.get_by_role("tab", name="Learn").click()
    cage = puzzle.to_dict()["constraints"][1]
    row, col = min(cage["cells"]) // 9 + 1, min(cage["cells"]) % 9 + 1
    expect(ui.status("Explanation")).to_have_text(
        f"Look at the cage of {len(cage['cells'])} cells summing to {cage['total']} at r{row}c{col}.")
    feed(ui.page, state)
    expect(ui.status("Explanation")).to_contain_text("Cage combinations")
    focus = ui.page.locator("#figures .fig-focus")
    expect(focus).to_have_count(1)
    assert focus.locator("path.fig-cage").count() == 1
    assert focus.locator(".fig-cage-sum").text_content() == str(puzzle.to_dict()["constraints"][1]["total"])
    colour = focus.locator("path.fig-cage").evaluate("p => getComputedStyle(p).stroke")
    plain = ui.page.locator("#figures path.fig-cage").first.evaluate("p => getComputedStyle(p).stroke")
    assert colour != plain


def test_a_chain_link_on_a_16x16_starts_at_its_candidate_in_the_cells_4x4_grid(ui):
    state = variant_state(newest_state(ui.bridge), train_puzzle("iss-16x16-jigsaw"))
    link = [[0, 16], [17, 1], True]  # candidate 16: the bottom-right of cell 0's 4 x 4 candidates
    state["hint"] = {"level": 3, "kind": "step", "technique": "x_chain", "unit": -1, "digit": 16,
                     "cells": [0, 17], "digits": [16], "can_apply": False,
                     "highlight": {"units": [], "digit": 16, "cells": [0, 17], "candidates": link[:2],
                                   "eliminations": [], "placements": [], "links": [link]}}
    feed(ui.page, state)
    ui.page.get_by_role("tab", name="Learn").click()
    arrow = ui.page.get_by_role("img", name="Chain links").locator(".link.strong")
    expect(arrow).to_have_count(1)
    start = arrow.evaluate("""p => {
        const [x, y] = p.getAttribute("d").match(/-?[0-9.]+/g).map(Number);
        const svg = p.ownerSVGElement.getBoundingClientRect();
        const cell = document.querySelector('[data-cell="0"]').getBoundingClientRect();
        return [(svg.left + x - cell.left) / cell.width, (svg.top + y - cell.top) / cell.height];
    }""")
    assert 0.75 < start[0] < 1 and 0.75 < start[1] < 1, start  # on a 3 x 3 grid it was the middle cell
