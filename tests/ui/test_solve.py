"""Watching it solve, in a real browser engine: algorithms, delay, Pause/Resume/Step/Stop, candidates,
"Fill last remaining cells" and "New puzzle", through the accessibility contract and the real Api.
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from engine import PEERS, UNITS, count_solutions, is_solution
from tests.harness.puzzles import easy_with_solution, grid_of, seventeen_clue
from tests.harness.server import wait_for
from tests.harness.states import newest_state

pytestmark = pytest.mark.browser


def _set_delay(ui, ms: int) -> None:
    slider = ui.control("slider", "Step delay")
    slider.fill(str(ms))
    expect(slider).to_have_value(str(ms))


def _choose(ui, algorithm: str) -> None:
    combo = ui.control("combobox", "Algorithm")
    combo.select_option(algorithm)
    expect(combo).to_have_value(algorithm)


def _load(ui, puzzle: str) -> None:
    ui.enter_puzzle(puzzle)
    ui.button("Enter puzzle").click()
    expect(ui.button("Enter puzzle")).to_have_attribute("aria-pressed", "false")


def _rate(ui, seconds: float) -> float:
    """Return Steps per second over a measuring window (the window is the measurement, not a wait)."""
    s0, t0 = ui.number("Steps"), time.monotonic()
    time.sleep(seconds)
    s1, t1 = ui.number("Steps"), time.monotonic()
    return (s1 - s0) / (t1 - t0)


@pytest.mark.parametrize(
    ("algorithm", "puzzle"),
    [
        ("naive", easy_with_solution(3)[0]),
        ("smart", seventeen_clue(0)),
        ("smart", seventeen_clue(1)),
        ("human", easy_with_solution(8)[0]),
    ],
    ids=["backtracking-easy", "smart-17clue-a", "smart-17clue-b", "human-logic-easy"],
)
def test_solve_at_delay_0_shows_a_correct_solution(ui, algorithm, puzzle):
    _load(ui, puzzle)
    _choose(ui, algorithm)
    _set_delay(ui, 0)
    ui.button("Solve").click()
    expect(ui.status("Board state")).to_have_text(re.compile(r"^Solved"), timeout=60_000)
    digits = ui.digits()
    assert is_solution(digits, grid_of(puzzle)), f"not a solution: {digits}"
    steps = ui.number("Steps")
    empties = puzzle.count("0") + puzzle.count(".")
    if algorithm == "naive":  # one try per empty cell at least; smart's propagation may place many at once
        assert steps >= empties
    else:
        assert steps >= 1
    assert ui.number("Backtracks") >= 0
    # batched: the page is updated at frame rate, not once per event
    messages = ui.bridge.named("frame")
    elapsed_s = max(m["elapsed_ms"] for m in messages) / 1000
    assert len(messages) <= 70 * elapsed_s + 10, (len(messages), elapsed_s, steps)


def test_a_long_backtracking_run_at_delay_0_is_batched(ui):
    _load(ui, seventeen_clue(0))
    _choose(ui, "naive")
    _set_delay(ui, 0)
    ui.button("Solve").click()
    wait_for(lambda: ui.number("Steps") > 20_000, 60, 0.1, "a naive run at delay 0 does not get going")
    ui.button("Stop").click()
    wait_for(lambda: newest_state(ui.bridge)["session"]["status"] == "stopped", 10, message="no stop")
    final = newest_state(ui.bridge)["session"]
    expect(ui.status("Steps")).to_have_text(str(final["steps"]))  # the page shows the final count
    messages = len(ui.bridge.named("frame"))
    assert final["steps"] > 20 * messages, f"{messages} bridge messages for {final['steps']} events"
    assert messages <= 70 * final["elapsed_ms"] / 1000 + 10


def test_pause_step_resume_stop_and_live_delay(ui):
    puzzle = seventeen_clue(2)
    _load(ui, puzzle)
    _choose(ui, "naive")  # millions of events: the run outlasts the test
    _set_delay(ui, 200)
    ui.button("Solve").click()
    wait_for(lambda: ui.number("Steps") >= 2, 10, message="the solve does not start")

    rate = _rate(ui, 3.0)
    assert 2.5 <= rate <= 7.5, f"at 200 ms the counter should advance about 5 a second, got {rate:.2f}"

    ui.button("Pause").click()
    expect(ui.button("Resume")).to_have_count(1)
    expect(ui.button("Pause")).to_have_count(0)
    wait_for(lambda: newest_state(ui.bridge)["session"]["status"] == "paused", 5, message="not paused")
    time.sleep(0.3)  # the event in hand lands, and its frame
    paused_at = ui.bridge.named("frame")[-1]["position"]
    expect(ui.status("Steps")).to_have_text(str(paused_at))  # what is in flight has landed
    time.sleep(1.0)  # the window in which a paused run must not move
    assert ui.number("Steps") == paused_at, "Pause does not freeze the run"

    before = ui.digits()
    ui.button("Step").click()
    expect(ui.status("Steps")).to_have_text(str(paused_at + 1))
    time.sleep(0.6)
    assert ui.number("Steps") == paused_at + 1, "Step must add exactly one"
    assert ui.digits() != before, "a step of a backtracking run changes one cell"

    ui.button("Resume").click()
    expect(ui.button("Pause")).to_have_count(1)
    wait_for(lambda: ui.number("Steps") >= paused_at + 3, 5, message="Resume does not restart the run")

    _set_delay(ui, 1000)  # live: slower at once
    time.sleep(0.3)
    slow = _rate(ui, 3.0)
    assert slow <= 2.0, f"at 1000 ms the counter should advance about 1 a second, got {slow:.2f}"
    _set_delay(ui, 0)  # live: as fast as the screen can follow
    fast_from = ui.number("Steps")
    wait_for(lambda: ui.number("Steps") > fast_from + 1000, 15, 0.05, "delay 0 does not speed the run up")

    ui.button("Stop").click()
    expect(ui.button("Solve")).to_be_enabled()
    stopped_at = ui.number("Steps")
    time.sleep(0.5)
    assert ui.number("Steps") == stopped_at, "Stop does not stop the run"
    assert not ui.board_state().startswith("Solved")
    # the givens survive a stopped run, and the board takes input again
    assert all(ui.digits()[c] == d for c, d in enumerate(grid_of(puzzle)) if d)


def _hidden_singles_fixpoint(grid: list[int]) -> list[int]:
    """Apply hidden singles (peer-exclusion candidates) until none is left; written apart from the app."""
    grid = list(grid)
    changed = True
    while changed:
        changed = False
        for unit in UNITS:
            placed = {grid[c] for c in unit}
            for digit in range(1, 10):
                if digit in placed:
                    continue
                spots = [c for c in unit if not grid[c] and all(grid[p] != digit for p in PEERS[c])]
                if len(spots) == 1:
                    grid[spots[0]] = digit
                    placed.add(digit)
                    changed = True
    return grid


def test_fill_last_remaining_cells_applies_hidden_singles_in_their_own_colour(ui):
    puzzle, solution = easy_with_solution(4)
    _load(ui, puzzle)
    entry = next(c for c, ch in enumerate(puzzle) if ch == "0")
    ui.type_digit(entry, solution[entry])  # one entry, to compare its colour with the inferred ones
    start = ui.wait_digits(lambda d: d[entry] != 0)
    expected = _hidden_singles_fixpoint(start)
    assert expected != start, "test data: the puzzle has a hidden single"
    ui.button("Fill last remaining cells").click()
    digits = ui.wait_digits(lambda d: d != start, message="Fill last remaining cells changed nothing")
    digits = ui.wait_digits(lambda d: d == expected, message=f"expected {expected}, board {digits}")
    assert all(d == int(solution[c]) for c, d in enumerate(digits) if d)
    inferred = next(c for c in range(81) if expected[c] and not start[c])
    given = next(c for c, ch in enumerate(puzzle) if ch != "0")

    def colour(cell: int) -> str:
        return ui.cell(cell).evaluate("e => getComputedStyle(e).color")

    assert colour(inferred) != colour(entry), "inferred digits need their own colour"
    assert colour(inferred) != colour(given)


def test_candidates_toggle_shows_every_empty_cells_possible_numbers(ui):
    puzzle, _ = easy_with_solution(5)
    _load(ui, puzzle)
    grid = grid_of(puzzle)
    toggle = ui.button("Candidates")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    empties = [c for c in range(81) if not grid[c]]
    assert all(not re.search(r"\d", ui.cell(c).inner_text()) for c in empties[:5])
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    texts = ui.cells().evaluate_all("cells => cells.map(c => c.textContent)")
    for cell in empties:
        shown = sorted(int(ch) for ch in re.findall(r"[1-9]", texts[cell]))
        possible = [d for d in range(1, 10) if all(grid[p] != d for p in PEERS[cell])]
        assert shown == possible, f"cell {cell}: shows {shown}, possible {possible}"
    # candidates follow the board: a digit placed removes it from its peers' candidates
    cell = empties[0]
    digit = min(d for d in range(1, 10) if all(grid[p] != d for p in PEERS[cell]))
    ui.type_digit(cell, digit)
    peer = next(p for p in PEERS[cell] if not grid[p] and p != cell)
    wait_for(
        lambda: str(digit) not in re.sub(r"\s", "", ui.cell(peer).text_content() or ""),
        10,
        message="a placed digit stays among its peer's candidates",
    )
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    assert not re.search(r"\d", ui.cell(peer).inner_text())


def test_new_puzzle_has_exactly_one_solution(ui):
    puzzles = []
    for _ in range(2):
        before = ui.digits()
        ui.button("New puzzle").click()
        digits = ui.wait_digits(
            lambda d, b=before: d != b and sum(1 for x in d if x) >= 17,
            60,
            message="New puzzle did not show a puzzle",
        )
        givens = {c for c, d in enumerate(digits) if d}
        wait_for(
            lambda g=givens: ui.readonly_cells() == g, 10, message="the new puzzle's digits are not givens"
        )
        assert count_solutions(digits, limit=2) == 1
        expect(ui.status("Board state")).to_have_text(re.compile(r"^Valid"))
        puzzles.append(digits)
    assert puzzles[0] != puzzles[1], "two New puzzles in a row were the same"


def test_clear_empties_the_board(ui):
    _load(ui, easy_with_solution(6)[0])
    ui.button("Clear").click()
    ui.wait_digits(lambda d: not any(d), message="Clear left digits on the board")
    assert ui.readonly_cells() == set()
