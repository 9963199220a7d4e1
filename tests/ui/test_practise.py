"""The technique trainer in a real browser engine: "Practise" (Learn tab) opens a dialog with the
combobox "Technique", a board of its own, "Check answer", "Show answer", "Next state" and the status
"Practice result" (desktop/CONTRACT.md).

The right answer is the engine's own step on the state the page shows (read from the Api's state, as
the page gets it); a wrong one strikes the solution's own digit, which no step can remove.
"""

from __future__ import annotations

import random
import time

import numpy as np
import pytest
from playwright.sync_api import expect

from engine import CandidateGrid, bank_counts, practice_step, solve
from tests.harness.states import state_of

pytestmark = pytest.mark.browser

SEED = 30
RIGHT = "Right: that is exactly the step."


def _practice(ui) -> dict:
    return state_of(ui.api)["practice"]


def _wait(ui, test, what: str) -> dict:
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        shown = _practice(ui)
        if test(shown):
            return shown
        time.sleep(0.05)
    raise AssertionError(f"the trainer never showed {what}: {shown}")


def _drawn(ui, shown: dict) -> None:
    """Wait until the page draws ``shown``: each cell's digit or candidates on the practice board, no
    result yet."""
    cells = [str(d) if d else "".join(str(k) for k in range(1, 10) if m >> (k - 1) & 1)
             for d, m in zip(shown["digits"], shown["cands"], strict=True)]
    ui.page.wait_for_function(
        "want => [...document.querySelectorAll('#practise-board [role=gridcell]')]"
        ".map(e => e.textContent.replace(/\\s/g, '')).join(',') === want",
        arg=",".join(cells))
    expect(ui.page.get_by_role("status", name="Practice result")).to_have_text("")


def _state(shown: dict) -> CandidateGrid:
    givens = sum(1 << c for c, g in enumerate(shown["givens"]) if g)
    return CandidateGrid(list(shown["digits"]), list(shown["cands"]), givens)


def _click(ui, cell: int, digit: int, place: bool = False) -> None:
    """Click candidate ``digit`` of ``cell`` on the practice board (Shift held to place it)."""
    target = ui.page.get_by_role("grid", name="Practice board").get_by_role("gridcell").nth(cell)
    box = target.bounding_box()
    x = box["width"] * (((digit - 1) % 3) + 0.5) / 3
    y = box["height"] * (((digit - 1) // 3) + 0.5) / 3
    target.click(position={"x": x, "y": y}, modifiers=["Shift"] if place else [])


def _mark(ui, shown: dict, eliminations, placements) -> None:
    for cell, digit in eliminations:
        _click(ui, cell, digit)
    for cell, digit in placements:
        _click(ui, cell, digit, place=True)
    want = ({tuple(p) for p in eliminations}, {tuple(p) for p in placements})
    _wait(ui, lambda s: ({tuple(p) for p in s["struck"]}, {tuple(p) for p in s["placed"]}) == want,
          f"the marks made ({want})")


def _open(ui) -> None:
    ui.button("Practise").click()
    expect(ui.page.get_by_role("dialog")).to_be_visible()
    _wait(ui, lambda s: s["open"] and s.get("digits"), "a state")


def test_the_real_step_answers_right_and_a_wrong_candidate_answers_wrong_for_ten_techniques(ui):
    game = ui.digits()
    _open(ui)
    picker = ui.page.get_by_role("combobox", name="Technique")
    expect(picker).to_be_visible()
    rich = sorted(tid for tid, count in bank_counts().items() if count >= 30)
    chosen = random.Random(SEED).sample(rich, 10)
    result = ui.page.get_by_role("status", name="Practice result")
    for tid in chosen:
        picker.select_option(tid)
        shown = _wait(ui, lambda s, tid=tid: s["technique"] == tid and s.get("digits"), tid)
        _drawn(ui, shown)
        state = _state(shown)
        step = practice_step(state, tid)
        _mark(ui, shown, step.eliminations, step.placements)
        ui.page.get_by_role("button", name="Check answer").click()
        expect(result).to_have_text(RIGHT)
        expect(ui.page.get_by_role("status", name="Practice explanation")).not_to_have_text("")

        number = shown["number"]
        ui.page.get_by_role("button", name="Next state").click()
        shown = _wait(ui, lambda s, n=number: s["number"] == n + 1, f"another {tid} state")
        _drawn(ui, shown)
        solution = solve(np.array(shown["digits"], dtype=np.uint8))
        cell = next(c for c in range(81) if not shown["digits"][c])
        _mark(ui, shown, [(cell, int(solution[cell]))], [])
        ui.page.get_by_role("button", name="Check answer").click()
        expect(result, f"{tid}: {shown}").to_contain_text("Wrong:")
        expect(result).to_contain_text(f"r{cell // 9 + 1}c{cell % 9 + 1}")
    # each technique's score shows in the picker: one right of two tries
    option = picker.locator(f"option[value={chosen[0]}]")
    expect(option).to_contain_text("1/2 right")
    ui.page.get_by_role("button", name="Close").click()
    expect(ui.page.get_by_role("dialog")).to_be_hidden()
    assert ui.digits() == game  # the game was never touched


def test_show_answer_draws_the_step_and_the_scores_are_kept_across_a_restart(ui_app):
    ui = ui_app.launch()
    _open(ui)
    picker = ui.page.get_by_role("combobox", name="Technique")
    picker.select_option("x_chain")
    shown = _wait(ui, lambda s: s["technique"] == "x_chain" and s.get("digits"), "an X-chain")
    _drawn(ui, shown)
    ui.page.get_by_role("button", name="Show answer").click()
    expect(ui.page.get_by_role("status", name="Practice explanation")).to_contain_text("X-chain")
    step = practice_step(_state(shown), "x_chain")
    cells = ui.page.get_by_role("grid", name="Practice board").get_by_role("gridcell")
    for cell, _ in step.eliminations:
        expect(cells.nth(cell).locator(".cand.struck")).to_have_count(1)
    expect(ui.page.locator("#practise-links path")).to_have_count(len(step.links))
    ui.page.get_by_role("button", name="Check answer").click()  # after Show answer: not scored
    expect(ui.page.get_by_role("status", name="Practice result")).to_contain_text("Missing")
    ui.page.get_by_role("button", name="Next state").click()
    shown = _wait(ui, lambda s, n=shown["number"]: s["number"] == n + 1, "another X-chain")
    _drawn(ui, shown)
    step = practice_step(_state(shown), "x_chain")
    _mark(ui, shown, step.eliminations, step.placements)
    ui.page.get_by_role("button", name="Check answer").click()
    expect(ui.page.get_by_role("status", name="Practice result")).to_have_text(RIGHT)
    ui.page.keyboard.press("Escape")
    expect(ui.page.get_by_role("dialog")).to_be_hidden()
    ui = ui_app.relaunch()
    _open(ui)
    assert _practice(ui)["technique"] == "full_house"  # a new run starts on the first technique
    expect(ui.page.locator("#practise-technique option[value=x_chain]")).to_contain_text("1/1 right")


def test_new_puzzle_by_technique_makes_a_puzzle_that_needs_it(ui):
    from engine import TECHNIQUES, rate

    order = [t.id for t in TECHNIQUES]
    needs = ui.page.get_by_role("combobox", name="Must use")
    expect(needs.locator("option[value=xy_wing]")).to_have_text("XY-Wing (hard)")
    needs.select_option("xy_wing")
    deadline = time.monotonic() + 10
    while state_of(ui.api)["settings"]["needs"] != "xy_wing" and time.monotonic() < deadline:
        time.sleep(0.05)
    expect(ui.page.get_by_role("combobox", name="Difficulty")).to_be_disabled()
    empty = ui.digits()
    ui.button("New puzzle").click()
    digits = ui.wait_digits(lambda d: d != empty, timeout=60)
    path = [step.technique for step in rate(digits).steps]
    assert "xy_wing" in path and max(order.index(t) for t in path) <= order.index("xy_wing")
    ui.relaunch()
    expect(ui.page.get_by_role("combobox", name="Must use")).to_have_value("xy_wing")


def test_the_trainer_speaks_chinese(ui):
    assert ui.api.set_setting("language", "zh")["ok"]
    ui.page.get_by_role("tab", name="学习").click()
    ui.page.get_by_role("button", name="练习").click()
    expect(ui.page.get_by_role("combobox", name="技巧", exact=True)).to_be_visible()
    for name in ("检查答案", "显示答案", "下一个局面"):
        expect(ui.page.get_by_role("button", name=name)).to_be_visible()
    expect(ui.page.locator("#practise-technique optgroup").first).to_have_attribute("label", "唯一数")
    ui.page.get_by_role("button", name="显示答案").click()
    expect(ui.page.get_by_role("status", name="练习结果")).to_have_text("已显示答案。")
    expect(ui.page.get_by_role("status", name="练习讲解")).to_contain_text("唯一空格")
