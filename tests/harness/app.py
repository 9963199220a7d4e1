"""One browser page running the real ``ui/`` against a real ``desktop.contract.api.Api`` on a data folder.

:class:`UiApp` owns the Api, the HTTP server and the page; :meth:`UiApp.relaunch` is "quit and start
again": a new Api on the same data folder, a new server, the page loaded afresh.  Its helpers find
things only by the accessibility contract (role + accessible name) and read the board only from the
cells' labels.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Locator, Page, expect

from desktop.contract.api import Api
from tests.harness.contract import BOARD, MENU, PLACES, BoardReader, digits_from_labels
from tests.harness.puzzles import easy_with_solution, grid_of
from tests.harness.server import QueueBridge, UiServer, shim_script


def shutdown_api(api: Any) -> None:
    """Stop an Api's worker threads the way the window's closing does (no-op if it has nothing to stop)."""
    for name in ("_shutdown", "_close", "close"):
        stop = getattr(api, name, None)
        if callable(stop):
            stop()
            return


class UiApp(BoardReader):
    """The real front end in Chromium, bridged to a real Api; ``page`` is the Playwright page."""

    def __init__(self, browser: Browser, data_dir: Path, lang: str | None = "en") -> None:
        self.data_dir = data_dir
        self.lang = lang
        self.context = browser.new_context(
            bypass_csp=True,  # events are run like pywebview's run_js, which no page policy blocks
            viewport={"width": 1200, "height": 900},
            locale="en-US",
        )
        self.context.set_default_timeout(15_000)
        self.page: Page = self.context.new_page()
        self.console_errors: list[str] = []
        self.page.on("pageerror", lambda err: self.console_errors.append(str(err)))
        self.api: Any = None
        self.bridge: QueueBridge | None = None
        self.server: UiServer | None = None
        self.escaped: list[str] = []  # exceptions that left an Api method, over every launch

    # --- lifecycle --------------------------------------------------------------------------------

    def launch(self, first: bool = False) -> UiApp:
        """Start an Api on the data folder, serve the page and wait for an interactive board; ``first``:
        start as the app does (desktop/app.py), a first launch opening an easy puzzle, else the board
        of an empty data folder stays empty (what most tests start from)."""
        self.bridge = QueueBridge()
        self.api = Api(self.bridge, data_dir=self.data_dir, lang=self.lang)
        if first:
            self.api._open_first_puzzle()
        self.api._start()  # as the app does when its window shows
        if self.server is None:
            self.context.add_init_script(shim_script())
        self.server = UiServer(self.api, self.bridge).start()
        self.page.goto(self.server.url)
        self.wait_ready()
        return self

    def wait_ready(self) -> None:
        """Wait until the page has drawn the answer of its first get_state and shows 81 labelled cells."""
        # the board is drawn before the state arrives; the answered call says the state is in
        self.page.wait_for_function("window.__harness && window.__harness.answered.get_state >= 1")
        expect(self.cells()).to_have_count(81)
        expect(self.status("Board state")).to_have_text(re.compile(r"\S"))

    def stop(self) -> None:
        """Quit: shut the Api's threads down and stop the server (the page stays, disconnected)."""
        if self.api is not None:
            shutdown_api(self.api)
        if self.server is not None:
            self.escaped += self.server.escaped
            self.server.close()

    def relaunch(self) -> UiApp:
        """Quit and start again on the same data folder."""
        self.stop()
        return self.launch()

    def close(self) -> None:
        """Quit and close the browser context."""
        self.stop()
        self.context.close()

    # --- the accessibility contract ---------------------------------------------------------------

    def board(self) -> Locator:
        """The grid named "Sudoku board"."""
        return self.page.get_by_role("grid", name=BOARD)

    def cells(self) -> Locator:
        """The 81 gridcells, in DOM order."""
        return self.board().get_by_role("gridcell")

    def cell(self, index: int) -> Locator:
        """Gridcell 0-80 (row-major)."""
        return self.cells().nth(index)

    def button(self, name: str) -> Locator:
        """The button with exactly this accessible name (its tab or the Menu opened when it is not shown)."""
        return self.control("button", name)

    def status(self, name: str) -> Locator:
        """The role=status element with exactly this accessible name (its tab shown if need be)."""
        return self.control("status", name)

    def control(self, role: str, name: str) -> Locator:
        """The element of this role and exact name, after opening its place (PLACES) if it is not shown."""
        found = self.page.get_by_role(role, name=name, exact=True)
        place = PLACES.get(name)
        if place is None:
            return found
        menu = self.page.get_by_role("button", name=MENU, exact=True)
        if place != MENU and menu.get_attribute("aria-expanded") == "true":
            menu.click()  # the open menu may lie over the control
        if found.count():
            return found
        if place == MENU:
            menu.click()
            return found
        tab = self.page.get_by_role("tab", name=place, exact=True)
        if not tab.count():
            return found  # the page is in another language: the caller looks for a name that is not there
        tab.click()
        expect(tab).to_have_attribute("aria-selected", "true")
        return found

    def number(self, name: str) -> int:
        """The integer text of a status (Steps, Backtracks); raises AssertionError if it is not one."""
        text = self.status(name).inner_text().strip()
        assert re.fullmatch(r"\d+", text), f"status {name!r} reads {text!r}, not a number"
        return int(text)

    def labels(self) -> list[str | None]:
        """The aria-label of every gridcell, in DOM order."""
        return self.cells().evaluate_all("cells => cells.map(c => c.getAttribute('aria-label'))")

    def cell_attrs(self, name: str) -> list[str | None]:
        """One attribute of every gridcell, in DOM order."""
        return self.cells().evaluate_all(f"cells => cells.map(c => c.getAttribute({name!r}))")

    def digits(self) -> list[int]:
        """The 81 digits the board's labels say, 0 for empty."""
        return digits_from_labels(self.labels())

    def invalid_cells(self) -> set[int]:
        """Cells with aria-invalid="true"."""
        return {i for i, v in enumerate(self.cell_attrs("aria-invalid")) if v == "true"}

    def readonly_cells(self) -> set[int]:
        """Cells with aria-readonly="true" (givens)."""
        return {i for i, v in enumerate(self.cell_attrs("aria-readonly")) if v == "true"}

    def selected_cells(self) -> set[int]:
        """Cells with aria-selected="true"."""
        return {i for i, v in enumerate(self.cell_attrs("aria-selected")) if v == "true"}

    def board_state(self) -> str:
        """The Board state text."""
        return self.status("Board state").inner_text().strip()

    def type_digit(self, cell: int, digit: int | str) -> None:
        """Click a cell and press a key (a digit, or a key name such as "Backspace")."""
        self.cell(cell).click()
        self.page.keyboard.press(str(digit))

    def play_easy(self, index: int = 0) -> tuple[list[int], list[int]]:
        """Type easy puzzle ``index`` in Enter puzzle and leave the mode; return (givens, solution)."""
        puzzle, solution = easy_with_solution(index)
        self.enter_puzzle(puzzle)
        self.button("Enter puzzle").click()
        expect(self.button("Enter puzzle")).to_have_attribute("aria-pressed", "false")
        return grid_of(puzzle), grid_of(solution)

    def enter_puzzle(self, puzzle: str) -> None:
        """Type a puzzle's givens in Enter puzzle mode, clicking each cell (the mode is left on)."""
        self.button("Enter puzzle").click()
        expect(self.button("Enter puzzle")).to_have_attribute("aria-pressed", "true")
        for cell, ch in enumerate(puzzle):
            if ch not in ".0":
                self.type_digit(cell, ch)
        expected = [0 if ch in ".0" else int(ch) for ch in puzzle]
        self.wait_digits(lambda d: d == expected, message="the typed givens do not show on the board")
