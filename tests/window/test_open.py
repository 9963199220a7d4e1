"""Opening puzzles from outside the real window (issue 41): ``sudoku-studio FILE``, ``sudoku-studio LINK``
and a second launch that hands its file to the window already open, under Xvfb with the Qt backend."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine import sudokuwiki_link
from tests.harness.puzzles import easy_with_solution, grid_of
from tests.harness.server import wait_for
from tests.harness.window import REPO, WindowApp

pytestmark = pytest.mark.window

APP = [sys.executable, "-m", "desktop", "--backend", "qt"]


@pytest.fixture
def folder(data_dir: Path) -> Path:
    """The folder of the files opened, and the app's data folder in it (``data``)."""
    (data_dir / "data").mkdir()
    return data_dir


def _five_puzzles(folder: Path) -> tuple[Path, list[str]]:
    puzzles = [easy_with_solution(i)[0] for i in range(10, 15)]
    path = folder / "five puzzles.txt"
    path.write_text("".join(p + "\n" for p in puzzles), encoding="ascii")
    return path, puzzles


class OpenedWindow(WindowApp):
    """A window launched with a file of several puzzles: the Import dialog is open, modal, so the
    accessibility tree holds the dialog and not the board under it until the dialog closes."""

    def check_contract_tree(self, timeout: float = 20.0) -> None:
        wait_for(lambda: _offers_a_set(self), timeout, 0.1, "the window does not offer the puzzles as a set")


def _offers_a_set(app: WindowApp) -> bool:
    page = app._page()
    return bool(page.query("dialog", "Import")) and bool(page.query("button", "Play as a set"))


def test_a_file_of_five_puzzles_on_the_command_line_is_offered_as_a_set(xvfb, folder):
    path, puzzles = _five_puzzles(folder)
    app = OpenedWindow(xvfb.display, folder / "data", command=[*APP, str(path)])
    try:
        app.launch()
        wait_for(lambda: _offers_a_set(app), 30, 0.1, "the window does not offer the file's puzzles as a set")
        app.click_button("Play as a set")
        wait_for(lambda: app.status_text("Set progress").startswith("Puzzle 1 of 5"), 30, 0.1,
                 "Play as a set did not start the file's five puzzles")
        assert app.digits() == grid_of(puzzles[0])
        assert app.close() == 0, app.log_text()
    finally:
        app.kill()


def test_a_sudokuwiki_link_on_the_command_line_opens_its_puzzle(xvfb, folder):
    puzzle, _ = easy_with_solution(21)
    app = WindowApp(xvfb.display, folder / "data", command=[*APP, sudokuwiki_link(puzzle)])
    try:
        app.launch()
        app.wait_digits(lambda d: d == grid_of(puzzle), 30, "the link's puzzle is not on the board")
        assert app.readonly_cells() == {c for c, d in enumerate(grid_of(puzzle)) if d}
        assert app.close() == 0, app.log_text()
    finally:
        app.kill()


def test_a_second_launch_with_a_file_loads_it_into_the_first_window_and_exits(xvfb, folder):
    puzzle, _ = easy_with_solution(33)
    one = folder / "one.sdm"
    one.write_text(puzzle + "\n", encoding="ascii")
    five, _ = _five_puzzles(folder)
    app = WindowApp(xvfb.display, folder / "data", command=APP)
    try:
        app.launch()
        env = dict(os.environ, DISPLAY=xvfb.display, SUDOKU_STUDIO_DATA_DIR=str(folder / "data"),
                   QT_QPA_PLATFORM="xcb", QTWEBENGINE_CHROMIUM_FLAGS="--no-sandbox")
        started = time.monotonic()
        # a relative path from another folder: the second launch makes it absolute for the first
        second = subprocess.run([*APP, one.name, "--lang", "en"], cwd=folder, env=env, capture_output=True,
                                text=True, timeout=60)
        print(f"\nsecond launch handed over and exited in {time.monotonic() - started:.2f} s")
        assert second.returncode == 0, second.stderr
        app.wait_digits(lambda d: d == grid_of(puzzle), 30, "the second launch's puzzle is not in the window")
        # and a file of several: the first window offers them as a set
        third = subprocess.run([*APP, str(five)], cwd=REPO, env=env, capture_output=True, text=True,
                               timeout=60)
        assert third.returncode == 0, third.stderr
        wait_for(lambda: _offers_a_set(app), 30, 0.1, "the second launch's five puzzles are not offered")
        assert app.proc is not None and app.proc.poll() is None  # the first window is still the one
        assert app.close() == 0, app.log_text()
    finally:
        app.kill()
    assert not (folder / "data" / "instance.sock").exists()  # the first instance removed its socket
