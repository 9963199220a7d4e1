"""The real window: ``python -m desktop`` under Xvfb with the Qt backend, driven through QtWebEngine's
remote-debugging port using only the accessibility contract (the way the outside checks drive it).
"""

from __future__ import annotations

import os
import re
import struct
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from harness.puzzles import grid_of, seventeen_clue
from harness.server import wait_for
from harness.window import WindowApp
from harness.xvfb import Xvfb

from engine.grid import is_solution
from engine.solver import count_solutions

pytestmark = pytest.mark.window

STARTUP_SANITY_S = 30.0  # a sanity bound only: the 3 s target is benchmarks/bench_startup.py's


@pytest.fixture(scope="module")
def xvfb() -> Iterator[Xvfb]:
    server = Xvfb()
    try:
        yield server
    finally:
        server.close()


@pytest.fixture
def data_dir() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="sudoku-studio-window-") as folder:
        yield Path(folder)


@pytest.fixture
def window(xvfb: Xvfb, data_dir: Path) -> Iterator[WindowApp]:
    app = WindowApp(xvfb.display, data_dir)
    try:
        yield app
    finally:
        app.kill()


def _enter_by_clicking(app: WindowApp, puzzle: str) -> None:
    app.click_button("Enter puzzle")
    wait_for(lambda: app._page().attr(app.button("Enter puzzle"), "aria-pressed") == "true", 5)
    for cell, ch in enumerate(puzzle):
        if ch not in ".0":
            app.type_digit(cell, ch)
    app.wait_digits(lambda d: d == grid_of(puzzle), message="the clicked-in givens do not show")
    app.click_button("Enter puzzle")
    wait_for(lambda: app._page().attr(app.button("Enter puzzle"), "aria-pressed") == "false", 5)


def _png_size(png: bytes) -> tuple[int, int]:
    assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", png[16:24])


def test_enter_a_17_clue_puzzle_solve_it_quit_and_relaunch(window, data_dir):
    window.launch()
    print(f"\ncold start to an interactive board: {window.startup_s:.2f} s")
    assert window.startup_s < STARTUP_SANITY_S
    assert window.board_state().startswith("Valid")

    puzzle = seventeen_clue(3)
    _enter_by_clicking(window, puzzle)
    wait_for(lambda: window.board_state().startswith("Valid"), 15, message=window.board_state())
    assert window.readonly_cells() == {c for c, d in enumerate(grid_of(puzzle)) if d}

    window.choose("Algorithm", "smart")
    window.set_delay(0)
    window.click_button("Solve")
    wait_for(lambda: window.board_state().startswith("Solved"), 60, 0.1, "the window never says Solved")
    solved = window.digits()
    assert is_solution(solved, grid_of(puzzle))
    assert window.number("Steps") >= 1

    assert window.close() == 0, window.log_text()
    window.launch()  # quit and relaunch: the board comes back
    assert window.digits() == solved
    assert window.readonly_cells() == {c for c, d in enumerate(grid_of(puzzle)) if d}
    assert window.board_state().startswith("Solved")
    assert window.close() == 0


def test_delay_pause_step_conflicts_and_new_puzzle_in_the_window(window, data_dir):
    window.launch()
    window.type_digit(0, 5)
    window.type_digit(4, 5)
    wait_for(lambda: window.invalid_cells() == {0, 4}, 10, message="a repeated digit is not marked twice")
    assert window.board_state().startswith("Invalid")
    window.type_digit(4, "Backspace")
    wait_for(lambda: window.invalid_cells() == set(), 10)

    window.click_button("New puzzle")

    def is_new_puzzle(d: list[int]) -> bool:
        return sum(1 for x in d if x) >= 17 and window.readonly_cells() == {c for c, x in enumerate(d) if x}

    digits = window.wait_digits(is_new_puzzle, 60, message="New puzzle does not show a puzzle of givens")
    assert count_solutions(digits, limit=2) == 1

    window.choose("Algorithm", "naive")
    window.set_delay(200)
    window.click_button("Solve")
    wait_for(lambda: window.number("Steps") >= 2, 15, message="the solve does not start")
    s0, t0 = window.number("Steps"), time.monotonic()
    time.sleep(3.0)  # the measuring window
    s1, t1 = window.number("Steps"), time.monotonic()
    rate = (s1 - s0) / (t1 - t0)
    print(f"\nsteps per second at 200 ms: {rate:.2f}")
    assert 2.5 <= rate <= 7.5, rate

    window.click_button("Pause")
    window.button("Resume")  # the button's name flips
    last: list[int] = []

    def settled() -> bool:  # two readings 300 ms apart agree: what was in flight has landed
        last.append(window.number("Steps"))
        time.sleep(0.3)
        return window.number("Steps") == last[-1]

    wait_for(settled, 5, message="the counter keeps moving after Pause")
    frozen = last[-1]
    time.sleep(1.0)  # the window in which a paused run must not move
    assert window.number("Steps") == frozen, "Pause does not freeze the counter"
    window.click_button("Step")
    wait_for(lambda: window.number("Steps") == frozen + 1, 5, message="Step does not add one")
    time.sleep(0.5)
    assert window.number("Steps") == frozen + 1, "Step must add exactly one"

    shot = window.screenshot(data_dir.with_name(data_dir.name + ".png"))
    width, height = _png_size(shot)
    assert width >= 600 and height >= 400
    target = os.environ.get("SUDOKU_STUDIO_SCREENSHOT")
    if target:  # how docs/screenshot.png is made: a real screenshot of this window
        Path(target).write_bytes(shot)

    window.click_button("Resume")
    window.set_delay(0)
    wait_for(lambda: window.number("Steps") > frozen + 200, 15, message="delay 0 does not speed up")
    started = time.monotonic()
    assert window.close() == 0, window.log_text()  # closing mid-run exits at once and cleanly
    assert time.monotonic() - started < 10


def test_the_console_script_opens_the_window_in_chinese_with_lang_zh(xvfb, data_dir):
    # the README's command runs this script; as root the app itself must turn Chromium's sandbox off
    script = Path(sys.executable).with_name("sudoku-studio")
    app = WindowApp(xvfb.display, data_dir, lang="zh", command=[str(script), "--backend", "qt"],
                    sandbox_flag=False)
    try:
        app.launch()
        text = app._page().evaluate("document.body.innerText")
        assert re.search("[\u4e00-\u9fff]", text), "no Chinese text with --lang zh"
        wait_for(lambda: app._page().query("button", "Solve") == [], 10, message="English button names in zh")
        assert app.close() == 0
    finally:
        app.kill()
