"""The real desktop window (``python -m desktop``) under Xvfb, driven through QtWebEngine's DevTools port.

:class:`WindowApp` launches the app as a user would (its own process, the Qt backend, a private X
display, ``SUDOKU_STUDIO_DATA_DIR`` for isolation, ``QTWEBENGINE_REMOTE_DEBUGGING`` for the port),
connects a :class:`~harness.cdp.CdpPage`, and offers the same contract-only helpers as the browser
harness: elements are found in the accessibility tree by role and name, the board is read from the
cells' accessible names, input is real mouse and key events.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

from tests.harness.cdp import CdpError, CdpPage
from tests.harness.contract import BOARD, MENU, PLACES, BoardReader, digits_from_labels
from tests.harness.paths import ROOT
from tests.harness.server import wait_for
from tests.harness.xvfb import close_window, free_port

REPO = ROOT
TITLE = "Sudoku Studio"


class WindowApp(BoardReader):
    """One run of the real app; ``page`` is its DevTools connection, ``startup_s`` its cold start."""

    def __init__(
        self,
        display: str,
        data_dir: Path,
        lang: str = "en",
        log: Path | None = None,
        command: list[str] | None = None,
        sandbox_flag: bool = True,
    ) -> None:
        self.display = display
        self.data_dir = data_dir
        self.lang = lang
        # the Qt back end explicitly: these tests drive it through QtWebEngine's DevTools port
        self.command = command or [sys.executable, "-m", "desktop", "--backend", "qt"]
        self.sandbox_flag = sandbox_flag  # False: leave QTWEBENGINE_CHROMIUM_FLAGS to the app
        self.log = log or data_dir.with_name(data_dir.name + ".log")
        self.proc: subprocess.Popen | None = None
        self.page: CdpPage | None = None
        self.startup_s = 0.0

    def launch(self, timeout: float = 60.0) -> WindowApp:
        """Start the app and wait until the board takes input; ``startup_s`` is that time."""
        port = free_port()
        env = dict(os.environ)
        env.update(
            DISPLAY=self.display,
            QTWEBENGINE_CHROMIUM_FLAGS="--no-sandbox",
            QTWEBENGINE_REMOTE_DEBUGGING=f"127.0.0.1:{port}",
            SUDOKU_STUDIO_DATA_DIR=str(self.data_dir),
            QT_QPA_PLATFORM="xcb",
        )
        env.pop("WAYLAND_DISPLAY", None)
        # the window runs the kernels as a user's does (compiled ahead of time where scripts/dev built
        # them): under the suite's JIT a fresh clone's first launches spent their first minute compiling
        env.pop("SUDOKU_STUDIO_KERNELS", None)
        if not self.sandbox_flag:
            env.pop("QTWEBENGINE_CHROMIUM_FLAGS")
        started = time.monotonic()
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(
                [*self.command, "--lang", self.lang],
                cwd=REPO,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        try:
            self.page = CdpPage.connect(port, timeout)
            self.wait_interactive(timeout - (time.monotonic() - started))
            self.startup_s = time.monotonic() - started
            if self.lang == "en":
                self.check_contract_tree()
        except Exception as err:
            log = self.log_text()
            raise AssertionError(f"the window did not come up: {err}\n--- app log ---\n{log}") from err
        return self

    def wait_interactive(self, timeout: float) -> None:
        """Wait until the page shows 81 labelled gridcells and a Board state reading (status text)."""
        page = self._page()
        # polled with plain DOM reads of the contract's attributes: cheap, and unlike an accessibility
        # query never left unanswered while the window has not painted yet (which would skew startup_s)
        # English: the status named Board state has its text; Chinese: the page has switched language
        loaded = (
            "!!(document.querySelector('[role=status][aria-label=\"Board state\"]') || {}).textContent"
            if self.lang == "en"
            else "document.documentElement.lang.startsWith('zh')"
        )
        probe = (
            "document.readyState === 'complete' && "
            "document.querySelectorAll('[role=grid] [role=gridcell][aria-label]').length === 81 && " + loaded
        )
        wait_for(lambda: page.evaluate(probe), timeout, 0.02, "no interactive board", (CdpError,))

    def check_contract_tree(self, timeout: float = 20.0) -> None:
        """Assert the accessibility tree has the grid "Sudoku board" of 81 cells and a Board state text."""
        again = (CdpError,)
        wait_for(lambda: len(self._cell_nodes()) == 81, timeout, 0.05, "no Sudoku board of 81 cells", again)
        wait_for(lambda: self.board_state(), timeout, 0.05, "Board state is empty", again)

    def log_text(self) -> str:
        """The app's stdout and stderr so far (last 4000 characters)."""
        try:
            return self.log.read_text(errors="replace")[-4000:]
        except OSError:
            return ""

    def close(self, timeout: float = 15.0) -> int:
        """Close the window as a user does and return the exit status; kills it if it hangs."""
        assert self.proc is not None
        if self.page is not None:
            self.page.close()
            self.page = None
        if self.proc.poll() is None:
            try:
                close_window(self.display, TITLE)
                return self.proc.wait(timeout)
            except (LookupError, subprocess.TimeoutExpired):
                self.kill()
                raise
        return self.proc.returncode

    def kill(self) -> None:
        """Drop the DevTools connection and end this app's process (only it) if it still runs."""
        if self.page is not None:
            self.page.close()
            self.page = None
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)

    # --- the accessibility contract ---------------------------------------------------------------

    def _cell_nodes(self) -> list[dict]:
        page = self._page()
        grids = page.query("grid", BOARD)
        if len(grids) != 1:
            return []
        return self._ax_nodes("gridcell")

    def _ax_nodes(self, role: str) -> list[dict]:
        return self._page().ax_nodes(role)

    def _page(self) -> CdpPage:
        assert self.page is not None, "the window is not connected"
        return self.page

    def cells(self) -> list[int]:
        """The backend node ids of the 81 gridcells, row-major."""
        return [n["backendDOMNodeId"] for n in self._cell_nodes()]

    def labels(self) -> list[str]:
        """The gridcells' accessible names (their aria-labels), from the accessibility tree."""
        return [n.get("name", {}).get("value", "") for n in self._cell_nodes()]

    def digits(self) -> list[int]:
        """The 81 digits the cells' labels say, 0 for empty."""
        return digits_from_labels(self.labels())

    def cell_attr(self, name: str) -> list[str | None]:
        """One DOM attribute of every gridcell."""
        return self._page().attrs_all(self.cells(), name)

    def invalid_cells(self) -> set[int]:
        """Cells with aria-invalid="true"."""
        return {i for i, v in enumerate(self.cell_attr("aria-invalid")) if v == "true"}

    def readonly_cells(self) -> set[int]:
        """Cells with aria-readonly="true"."""
        return {i for i, v in enumerate(self.cell_attr("aria-readonly")) if v == "true"}

    def button(self, name: str) -> int:
        """The node of the one button with this accessible name (its tab or the Menu opened if need be)."""
        return self.control("button", name)

    def control(self, role: str, name: str) -> int:
        """The node of the one element of this role and name, after opening its place (PLACES) if it is
        not shown."""
        page = self._page()
        place = PLACES.get(name)
        if place is None:
            return page.one(role, name)
        menu = page.one("button", MENU)
        if place != MENU and page.attr(menu, "aria-expanded") == "true":
            page.click(menu)  # the open menu may lie over the control
        if not page.query(role, name):
            if place == MENU:
                page.click(menu)
            else:
                tab = page.one("tab", place)
                page.click(tab)
                wait_for(lambda: page.attr(tab, "aria-selected") == "true", 5, message=f"{place} not shown")
        return page.one(role, name)

    def click_button(self, name: str, timeout: float = 60.0) -> None:
        """Click the button with this accessible name once it is enabled (as a user waits for it)."""
        page, node = self._page(), self.button(name)
        wait_for(lambda: page.attr(node, "disabled") is None, timeout, message=f"{name!r} stays disabled")
        page.click(node)

    def status_text(self, name: str) -> str:
        """The text of the role=status element with this accessible name."""
        return self._page().text(self.control("status", name))

    def number(self, name: str) -> int:
        """The integer a status shows (Steps, Backtracks)."""
        text = self.status_text(name)
        assert re.fullmatch(r"\d+", text), f"status {name!r} reads {text!r}"
        return int(text)

    def board_state(self) -> str:
        """The Board state text."""
        return self.status_text("Board state")

    def type_digit(self, cell: int, key: str | int) -> None:
        """Click a cell and press a key."""
        page = self._page()
        page.click(self.cells()[cell])
        page.press(str(key))

    def set_delay(self, ms: int) -> None:
        """Set the Step delay slider with the keyboard (Home, then ArrowRight by its step)."""
        page = self._page()
        slider = self.control("slider", "Step delay")
        page.click(slider)
        page.press("Home")
        step = int(page.attr(slider, "step") or 1)
        for _ in range(ms // step):
            page.press("ArrowRight")
        wait_for(
            lambda: page.call_on(slider, "function() { return this.value; }") == str(ms),
            5,
            message=f"the Step delay slider does not read {ms}",
        )

    def choose(self, combobox: str, value: str) -> None:
        """Pick an option of a native <select> combobox by its value (popups are not part of the page)."""
        page = self._page()
        node = self.control("combobox", combobox)
        page.call_on(
            node,
            "function(v) { this.focus(); this.value = v;"
            " this.dispatchEvent(new Event('input', {bubbles: true}));"
            " this.dispatchEvent(new Event('change', {bubbles: true})); return this.value; }",
            value,
        )

    def screenshot(self, path: Path) -> bytes:
        """Save and return a PNG of the window's page."""
        png = self._page().screenshot()
        path.write_bytes(png)
        return png
