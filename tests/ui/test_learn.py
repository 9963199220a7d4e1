"""Learn in a real browser engine: the hint ladder, the timeline of a run, chains drawn on the board.

Everything is found through the accessibility names of issue 11 (desktop/CONTRACT.md): buttons
"Hint", "Apply", "Step back", "Step", slider "Timeline", status "Explanation", the SVG layer "Chain
links".  What the page shows is compared with the engine's own answer for the same puzzle.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from playwright.sync_api import expect

from engine import candidate_masks, explain, iter_steps, solve
from tests.harness.puzzles import DATA, easy_with_solution, grid_of

pytestmark = pytest.mark.browser

# the first step of this puzzle (SE 3.4, from the rated sample) removes candidates: a pointing pair
POINTING_FIRST = "031805970000000000800901006000040000060000020070306040009050400200010007700000003"
# the 16th step of this one (SE 5.7) is an XY-chain
XY_CHAIN = "050000030902000408400000001046805390703060804800000002009604700004273900000000000"


def _medium() -> str:
    """The first puzzle of QQWing's "intermediate" file (singles and intersections: no guess)."""
    return (DATA / "ratings" / "qqwing_intermediate.sdm").read_text().split()[0]


def _load(ui, puzzle: str, givens: list[int] | None = None) -> list[int]:
    """Import a puzzle (or a candidate line with its ``givens``) through the Import dialog; return them."""
    ui.button("Import").click()
    dialog = ui.page.get_by_role("dialog")
    dialog.get_by_role("textbox", name="Puzzle text").fill(puzzle)
    dialog.get_by_role("button", name="Load").click()
    givens = givens or grid_of(puzzle)
    ui.wait_digits(lambda d: d == givens)
    return givens


def _explanation(ui) -> str:
    return ui.status("Explanation").inner_text().strip()


def _press_hint(ui, times: int) -> str:
    for _ in range(times):
        before = _explanation(ui)
        ui.button("Hint").click()
        expect(ui.status("Explanation")).not_to_have_text(before)
    return _explanation(ui)


def _classes(ui, name: str) -> set[int]:
    return {i for i, c in enumerate(ui.cell_attrs("class")) if name in (c or "").split()}


def test_four_presses_go_from_where_to_look_to_an_applied_step_that_agrees_with_the_solution(ui):
    puzzle, solution = easy_with_solution(3)
    givens = _load(ui, puzzle)
    answer = grid_of(solution)
    ui.button("Hint").click()
    where = re.compile(r"^Look at (row|column|box) [1-9]\.$|^Look at the [1-9]s\.$")
    expect(ui.status("Explanation")).to_have_text(where)
    assert len(_classes(ui, "area")) == 9 or _classes(ui, "focus-digit")  # a unit or a digit is highlighted
    expect(ui.button("Apply")).to_be_disabled()
    assert _press_hint(ui, 1).startswith("There is a ")
    third = _press_hint(ui, 1)
    assert re.match(r"^Look at (r[1-9]c[1-9](, )?)+, candidates? ", third), third
    outlined = _classes(ui, "hint")
    assert outlined and all(f"r{c // 9 + 1}c{c % 9 + 1}" in third for c in outlined)
    whole = _press_hint(ui, 1)
    expect(ui.button("Apply")).to_be_enabled()
    ui.button("Apply").click()
    ui.wait_digits(lambda d: d != givens)
    placed = [c for c, d in enumerate(ui.digits()) if d != givens[c]]
    assert placed and all(ui.digits()[c] == answer[c] for c in placed), whole
    assert all(f"r{c // 9 + 1}c{c % 9 + 1}" in whole for c in placed)
    expect(ui.status("Explanation")).to_have_text("")  # the move made a new board: no hint on it
    ui.page.keyboard.press("Control+z")  # Apply was one undoable move
    ui.wait_digits(lambda d: d == givens)


def test_any_other_move_starts_the_ladder_again(ui):
    puzzle, solution = easy_with_solution(4)
    givens = _load(ui, puzzle)
    _press_hint(ui, 2)
    expect(ui.status("Explanation")).to_contain_text("There is a ")
    cell = givens.index(0)
    ui.type_digit(cell, grid_of(solution)[cell])
    expect(ui.status("Explanation")).to_have_text("")
    ui.button("Hint").click()
    expect(ui.status("Explanation")).to_contain_text("Look at ")
    expect(ui.button("Apply")).to_be_disabled()


def test_a_wrong_digit_and_notes_lacking_the_solution_are_named_first(ui):
    puzzle, solution = easy_with_solution(5)
    givens = _load(ui, puzzle)
    answer = grid_of(solution)
    empty = [c for c in range(81) if not givens[c]]
    wrong = answer[empty[-1]] % 9 + 1
    ui.type_digit(empty[-1], wrong)
    ui.button("Hint").click()
    name = f"r{empty[-1] // 9 + 1}c{empty[-1] % 9 + 1}"
    expect(ui.status("Explanation")).to_have_text(f"{name} is not {wrong}.")
    assert _classes(ui, "hint") == {empty[-1]}
    ui.type_digit(empty[-1], "Backspace")
    ui.button("Fill candidates").click()
    masks = candidate_masks(np.array(givens, dtype=np.uint8))
    cell = next(c for c in empty if int(masks[c]).bit_count() > 1)  # notes remain after the strike
    ui.cell(cell).click()
    ui.page.keyboard.press(f"Shift+Digit{answer[cell]}")  # the player strikes the right digit out
    expect(ui.cell(cell)).not_to_have_attribute("aria-label", re.compile(rf"notes.* {answer[cell]}\b"))
    ui.button("Hint").click()
    name = f"r{cell // 9 + 1}c{cell % 9 + 1}"
    expect(ui.status("Explanation")).to_have_text(f"Your notes in {name} lack {answer[cell]}.")


def test_the_hint_reasons_from_the_notes_and_never_repeats_a_step_they_made(ui):
    givens = _load(ui, POINTING_FIRST)
    step = next(iter_steps(POINTING_FIRST))  # the engine's first step: eliminations only
    assert step.eliminations and not step.placements
    first = _press_hint(ui, 4)
    assert first == explain(step, "en")
    ui.button("Fill candidates").click()  # the notes now equal the candidates: the same step
    empty = givens.index(0)
    # (the fill lands before the presses: landing between them, it restarted the ladder mid-way)
    expect(ui.cell(empty)).to_have_attribute("aria-label", re.compile(r", notes \d"))
    assert _press_hint(ui, 4) == first
    ui.button("Apply").click()
    for cell, digit in step.eliminations:  # struck from the player's notes, in one move
        expect(ui.cell(cell)).not_to_have_attribute("aria-label", re.compile(rf"notes.* {digit}\b"))
    second = _press_hint(ui, 4)
    assert second != first  # the notes already made that step: the hint moves on from them
    ui.button("Undo").click()
    ui.button("Undo").click()  # no notes again
    ui.wait_digits(lambda d: d == givens)
    expect(ui.cell(empty)).not_to_have_attribute("aria-label", re.compile(r", notes \d"))
    assert _press_hint(ui, 4) == first


def _human(ui, delay: int = 0) -> None:
    ui.control("combobox", "Algorithm").select_option("human")
    slider = ui.control("slider", "Step delay")
    slider.fill(str(delay))


def _board_after(puzzle: str, count: int) -> list[int]:
    digits = grid_of(puzzle)
    for step, _ in zip(iter_steps(puzzle), range(count), strict=False):
        for cell, digit in step.placements:
            digits[cell] = digit
    return digits


ARROW_TROUBLE = """layer => {
  const board = document.querySelector('[role=grid]');
  const origin = board.getBoundingClientRect();
  const centre = (el) => { const r = el.getBoundingClientRect();
    return {x: r.left - origin.left + r.width / 2, y: r.top - origin.top + r.height / 2, w: r.width}; };
  const digits = [...board.querySelectorAll('[data-cell]')]
    .filter(c => c.querySelector('.digit').textContent.trim())
    .map(c => ({cell: c.dataset.cell, ...centre(c)}));
  const out = [];
  for (const path of layer.querySelectorAll('.link')) {
    const ends = [path.dataset.from, path.dataset.to].map(s => s.split(':'));
    const total = path.getTotalLength();
    for (const [[cell, digit], at] of [[ends[0], 0], [ends[1], total]]) {
      const box = centre(board.querySelector(`[data-cell="${cell}"]`));
      const d = Number(digit) - 1;
      const cx = box.x - box.w / 2 + ((d % 3) + 0.5) * box.w / 3;
      const cy = box.y - box.w / 2 + (Math.floor(d / 3) + 0.5) * box.w / 3;
      const p = path.getPointAtLength(at);
      if (Math.hypot(p.x - cx, p.y - cy) < box.w / 7 - 0.5) out.push(`ends on the digit ${cell}:${digit}`);
    }
    for (let i = 1; i < 40; i += 1) {
      const p = path.getPointAtLength(total * i / 40);
      for (const q of digits) {
        if (q.cell !== ends[0][0] && q.cell !== ends[1][0] && Math.hypot(p.x - q.x, p.y - q.y) < q.w * 0.25) {
          out.push(`crosses the digit in cell ${q.cell}`);
        }
      }
    }
  }
  return [...new Set(out)];
}"""


def test_the_timeline_steps_back_exactly_scrubs_to_the_puzzle_and_solve_goes_on_from_there(ui):
    puzzle = _medium()
    assert all(s.technique != "guess" for s in iter_steps(puzzle))  # reaches the solution without a guess
    givens = _load(ui, puzzle)
    _human(ui, 0)
    timeline = ui.control("slider", "Timeline")
    for count in range(1, 21):
        ui.button("Step").click()
        expect(ui.status("Steps")).to_have_text(str(count))
    expect(timeline).to_have_value("20")
    assert ui.digits() == _board_after(puzzle, 20)
    assert _explanation(ui) == explain(list(iter_steps(puzzle))[19], "en")
    for count in range(19, 14, -1):
        ui.button("Step back").click()
        expect(ui.status("Steps")).to_have_text(str(count))
    expect(timeline).to_have_value("15")
    assert ui.digits() == _board_after(puzzle, 15)
    timeline.fill("0")
    expect(ui.status("Steps")).to_have_text("0")
    ui.wait_digits(lambda d: d == givens)
    expect(ui.button("Step back")).to_be_disabled()
    ui.button("Step").click()  # on from the puzzle: the first step again
    expect(ui.status("Steps")).to_have_text("1")
    assert ui.digits() == _board_after(puzzle, 1)
    ui.button("Solve").click()
    expect(ui.status("Board state")).to_have_text("Solved", timeout=30_000)
    assert ui.digits() == [int(d) for d in solve(puzzle)]


def test_a_chain_step_is_drawn_as_arrows_and_explained_in_both_languages(ui):
    steps = list(iter_steps(XY_CHAIN))
    index = next(i for i, s in enumerate(steps) if s.links)
    chain = steps[index]
    _load(ui, XY_CHAIN)
    _human(ui, 0)
    ui.button("Solve").click()
    expect(ui.status("Board state")).to_have_text("Solved", timeout=30_000)
    timeline = ui.control("slider", "Timeline")
    timeline.fill(str(index + 1))  # the board just after the chain's step
    expect(ui.status("Explanation")).to_have_text(explain(chain, "en"))
    said = _explanation(ui)
    assert ": If " in said and "either way" in said and "<>" not in said  # plain words, not notation
    layer = ui.page.get_by_role("img", name="Chain links")
    expect(layer).to_be_visible()
    lines = layer.locator(".link")
    expect(lines).to_have_count(len(chain.links))
    strong = sum(1 for *_, s in chain.links if s)
    expect(layer.locator(".link.strong")).to_have_count(strong)
    expect(layer.locator(".link.weak")).to_have_count(len(chain.links) - strong)
    dashes = layer.locator(".link.weak").first.evaluate("l => getComputedStyle(l).strokeDasharray")
    assert dashes not in ("", "none")
    described = layer.locator("desc").text_content()
    assert described.count("link") == len(chain.links)
    # issue 28: each arrow ends at its candidates' circle edges, never on their digits, and no point of it
    # lies on a digit shown in another cell (it curves around them)
    trouble = layer.evaluate(ARROW_TROUBLE)
    assert trouble == [], trouble
    for cell, digit in chain.eliminations:  # removed candidates are shown struck
        struck = ui.cell(cell).locator(".cand.struck")
        expect(struck).to_have_text(str(digit))
    ui.control("combobox", "Language").select_option("zh")
    expect(ui.page.locator("#explanation")).to_have_text(explain(chain, "zh"))
    assert "如果" in ui.page.locator("#explanation").inner_text()
    assert "链" in ui.page.locator("#links desc").text_content()
    ui.page.get_by_role("combobox", name="语言").select_option("en")
    timeline.fill(str(index))  # one step earlier: no chain on screen
    expect(layer).to_be_hidden()



def test_a_hint_on_imported_notes_draws_its_chain_and_apply_strikes_the_eliminations(ui):
    from engine import CandidateGrid, as_grid

    steps = list(iter_steps(XY_CHAIN))
    at = next(i for i, s in enumerate(steps) if s.links)
    state = CandidateGrid.from_grid(list(as_grid(XY_CHAIN)))
    for step in steps[:at]:
        state.apply(step)
    _load(ui, state.to_sukaku(), state.values)  # digits as givens, candidates as the player's notes
    whole = _press_hint(ui, 4)
    assert whole == explain(steps[at], "en") and whole.count("If ") >= 1
    layer = ui.page.get_by_role("img", name="Chain links")
    expect(layer.locator(".link")).to_have_count(len(steps[at].links))
    ui.button("Apply").click()
    for cell, digit in steps[at].eliminations:
        expect(ui.cell(cell)).not_to_have_attribute("aria-label", re.compile(rf"notes.* {digit}\b"))
    expect(layer).to_be_hidden()


def _exocet_state() -> tuple[str, list[int]]:
    """Return a candidate line where the driver's next step is a junior exocet (on the way through
    the hardest puzzles: easy techniques, else the solver's digit), and its placed digits."""
    from engine import next_step, parse_state
    from engine.logic.techniques import technique, techniques
    from tests.harness.reglib import walk

    easy = [t for t in techniques() if t.score < 6.0 and not t.needs_unique]
    for puzzle in (DATA / "bench" / "forum_hardest_1905_11plus.txt").read_text().split()[7::4800]:
        solution = "".join(map(str, solve(puzzle)))
        for cg, _ in walk(puzzle, solution, easy):
            line = cg.to_sukaku()
            state = parse_state(line)
            if next(iter(technique("exocet").find(state)), None) and next_step(state).technique == "exocet":
                return line, [int(v) for v in state.values]
    raise AssertionError("no walked state needs an exocet next")


def _named_explained_and_applied(ui, line: str, givens: list[int], name: str, opening: str) -> None:
    """Import the notes, ask Hint twice (the technique's name, then the whole step as the engine
    explains it), Apply, and see the step's candidates struck from the notes."""
    from engine import next_step, parse_state

    step = next_step(parse_state(line))
    _load(ui, line, givens)
    assert _press_hint(ui, 2) == f"There is a {name} here."
    whole = _press_hint(ui, 2)
    assert whole == explain(step, "en") and whole.startswith(opening)
    ui.button("Apply").click()
    for cell, digit in step.eliminations:
        expect(ui.cell(cell)).not_to_have_attribute("aria-label", re.compile(rf"notes.* {digit}\b"))


def test_an_exocet_on_imported_notes_is_named_explained_and_applied(ui):
    _named_explained_and_applied(ui, *_exocet_state(), "Junior Exocet", "Junior exocet on ")


def _unique_loop_state() -> tuple[str, list[int]]:
    """Return a candidate line where the driver's next step is a unique loop (on the rated path of
    an SE 4.6 puzzle of the tuning half), and its placed digits."""
    from engine import CandidateGrid, next_step, parse_state
    from engine.logic.human import drive

    for line in (DATA / "ratings" / "se_rated_stratified_sample.txt").read_text().splitlines():
        sha, puzzle, se = line.split()
        if int(sha, 16) % 2 or se != "4.6":
            continue
        cg = CandidateGrid.from_grid([int(ch) for ch in puzzle])
        for step in drive(cg, lambda state: next_step(state, unique=True)):
            if step.technique == "unique_loop":
                break
            text = cg.to_sukaku()
            state = parse_state(text)
            if next_step(state).technique == "unique_loop":
                return text, [int(v) for v in state.values]
    raise AssertionError("no rated SE 4.6 path takes a unique loop")


def test_a_unique_loop_on_imported_notes_is_named_explained_and_applied(ui):
    _named_explained_and_applied(ui, *_unique_loop_state(), "Unique Loop", "Unique loop type ")
