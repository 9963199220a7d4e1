"""``sudoku-studio --self-test``: open the real window, enter a puzzle through the UI, solve it, check it.

Used to prove that a build works on the machine it runs on (the bundle test runs it from the built
folder).  It drives the page only as a user or a screen reader would, through the accessibility
contract of desktop/CONTRACT.md: it clicks gridcells and buttons found by their accessible names,
types digits as key events, and reads the board back from the cells' ``aria-label`` s.  The answer
is checked by :func:`engine.grid.is_solution`, independently of the solver that produced it.

It also checks the window's title and icon (with the Qt back end, where it can read them).
It never touches the user's games: :class:`SelfTest` gives the window a temporary data folder.
Exit status: 0 passed; 1 a check failed; 3 the window did not come up or answer in time.
The reason for a failure is one line on stderr.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

# Wikipedia's example puzzle: unique solution, needs only singles, solved at once by any algorithm
PUZZLE = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"

FAILED = 1
TIMED_OUT = 3

_LABEL = re.compile(r"^row (\d), column (\d), (empty|[1-9])$")

# Page-side helpers, installed once; everything is synchronous so evaluate_js returns plain values.
_HELPERS = r"""
window.__selftest = (() => {
  const name = (el) => (el.getAttribute('aria-label') || el.textContent || '').trim();
  const byName = (selector, text) =>
    [...document.querySelectorAll(selector)].find((el) => name(el) === text) || null;
  const button = (text) => byName('button, [role=button]', text);
  // the game's board only: the photo review and the trainer have grids of their own
  const cells = () => {
    const board = byName('[role=grid]', 'Sudoku board');
    return board ? [...board.querySelectorAll('[role=gridcell]')] : [];
  };
  const labelled = (text) => {
    const found = byName('[aria-label], label', text);
    if (found && found.tagName === 'LABEL' && found.control) return found.control;
    return found;
  };
  const status = (text) => {
    const el = [...document.querySelectorAll('[role=status]')].find((s) => name(s).startsWith(text)
      || (s.getAttribute('aria-label') || '') === text);
    return el ? el.textContent.trim() : null;
  };
  const key = (target, k) => {
    for (const type of ['keydown', 'keyup']) {
      const init = {key: k, code: 'Digit' + k, bubbles: true, cancelable: true};
      target.dispatchEvent(new KeyboardEvent(type, init));
    }
  };
  return {
    // drawn, labelled from the first state, and the API attached
    ready: () => cells().length === 81 && cells().every((c) => c.getAttribute('aria-label'))
      && !!(window.pywebview && window.pywebview.api),
    labels: () => cells().map((c) => c.getAttribute('aria-label') || ''),
    pressed: (text) => { const b = button(text); return b ? b.getAttribute('aria-pressed') : null; },
    enabled: (text) => {
      const b = button(text);
      return !!b && !b.disabled && b.getAttribute('aria-disabled') !== 'true';
    },
    click: (text) => { const b = button(text); if (!b) return false; b.click(); return true; },
    boardState: () => status('Board state'),
    // the error shown to the user, if any (role=alert, not hidden)
    alert: () => {
      const shown = (a) => !a.hidden && a.textContent.trim();
      const el = [...document.querySelectorAll('[role=alert]')].find(shown);
      return el ? el.textContent.trim() : '';
    },
    type: (cell, digit) => {
      const c = cells()[cell];
      if (!c) return false;
      c.dispatchEvent(new MouseEvent('mousedown', {bubbles: true}));
      c.click();
      c.focus();
      key(document.activeElement && document.activeElement !== document.body ? document.activeElement : c,
          String(digit));
      return true;
    },
    choose: (text, value) => {
      const el = labelled(text);
      if (!el) return false;
      el.value = String(value);
      el.dispatchEvent(new Event('input', {bubbles: true}));
      el.dispatchEvent(new Event('change', {bubbles: true}));
      return true;
    },
  };
})();
true;
"""


class SelfTestFailure(Exception):
    """A check of the self-test failed; the message is the reason shown to the user."""


def cell_digit(label: str) -> int:
    """Return the digit (0 = empty) in a label like "row 1, column 2, 5"; raises SelfTestFailure otherwise."""
    found = _LABEL.match(label.strip())
    if not found:
        raise SelfTestFailure(f"unexpected gridcell label {label!r}")
    return 0 if found.group(3) == "empty" else int(found.group(3))


def board_from_labels(labels: list[str]) -> list[int]:
    """Return the 81 digits the gridcells announce, checking each names its own row and column."""
    if len(labels) != 81:
        raise SelfTestFailure(f"the board has {len(labels)} gridcells, not 81")
    digits = []
    for cell, label in enumerate(labels):
        found = _LABEL.match(label.strip())
        if not found or (int(found.group(1)), int(found.group(2))) != (cell // 9 + 1, cell % 9 + 1):
            raise SelfTestFailure(f"gridcell {cell} is labelled {label!r}")
        digits.append(cell_digit(label))
    return digits


class SelfTest:
    """One run of the self-test against one window: :meth:`run` is pywebview's start function."""

    def __init__(self, puzzle: str = PUZZLE, timeout: float = 240.0) -> None:
        self.puzzle = [int(ch) for ch in puzzle]
        self.timeout = timeout
        self.status: int = TIMED_OUT
        self.data_dir = Path(tempfile.mkdtemp(prefix="sudoku-studio-selftest-"))
        self._deadline = time.monotonic() + timeout
        self._window: Any = None
        self._alert_before = ""
        self._watchdog = threading.Timer(timeout + 30, self._give_up)
        self._watchdog.daemon = True

    # -- pywebview side ------------------------------------------------------------------------
    def run(self, window: Any) -> None:
        """Drive ``window`` through the whole test, record the status and close the window."""
        self._window = window
        self._watchdog.start()
        started = time.monotonic()
        try:
            self._drive()
            self.status = 0
            print(f"self-test: passed in {time.monotonic() - started:.1f} s", flush=True)
        except SelfTestFailure as err:
            self.status = FAILED
            print(f"self-test: FAILED: {err}", file=sys.stderr, flush=True)
        except TimeoutError as err:
            self.status = TIMED_OUT
            print(f"self-test: FAILED: timed out {err}", file=sys.stderr, flush=True)
        except Exception as err:  # the window went away, JavaScript threw: still one clear line
            self.status = FAILED
            print(f"self-test: FAILED: {type(err).__name__}: {err}", file=sys.stderr, flush=True)
        finally:
            self._watchdog.cancel()
            with contextlib.suppress(Exception):
                window.destroy()

    def cleanup(self) -> None:
        """Remove the temporary data folder (never fails)."""
        shutil.rmtree(self.data_dir, ignore_errors=True)

    def _give_up(self) -> None:
        # the GUI thread is stuck (the page never loaded, a call never returned): report and leave
        print(f"self-test: FAILED: no answer from the window within {self.timeout:.0f} s", file=sys.stderr,
              flush=True)
        self.cleanup()
        os._exit(TIMED_OUT)

    # -- the test ------------------------------------------------------------------------------
    def _js(self, expression: str) -> Any:
        return self._window.evaluate_js(expression)

    def _call(self, helper: str, *args: Any) -> Any:
        return self._js(f"window.__selftest.{helper}({', '.join(json.dumps(a) for a in args)})")

    def _wait(self, what: str, test: Callable[[], Any], limit: float = 30.0) -> Any:
        end = min(time.monotonic() + limit, self._deadline)
        while True:
            value = test()
            if value:
                return value
            if time.monotonic() > end:
                raise TimeoutError(f"waiting for {what}")
            time.sleep(0.05)

    def _board(self) -> list[int]:
        return board_from_labels(self._call("labels"))

    def _press(self, name: str) -> None:
        self._wait(f'the "{name}" button to be enabled', lambda: self._call("enabled", name), 60)
        if not self._call("click", name):
            raise SelfTestFailure(f'no "{name}" button')

    def _drive(self) -> None:
        def installed() -> bool:
            # install the helpers until they stick (the page may still be replacing itself)
            if not self._js("typeof window.__selftest === 'object'"):
                self._js(_HELPERS)
            return bool(self._js("typeof window.__selftest === 'object'"))

        self._wait("the page to load", installed, 60)
        self._check_window()
        self._wait("the board and the API", lambda: self._call("ready"), 60)
        # wall-clock time, so a launcher can measure the start-up (benchmarks/bench_bundle_startup.py)
        print(f"self-test: board ready at {time.time():.3f}", flush=True)
        if any(self._board()):
            self._press("Clear")
            self._wait("an empty board", lambda: not any(self._board()))
        if self._call("pressed", "Enter puzzle") != "true":
            self._press("Enter puzzle")
            self._wait("Enter puzzle mode", lambda: self._call("pressed", "Enter puzzle") == "true", 10)
        for cell, digit in enumerate(self.puzzle):
            if digit:
                self._type(cell, digit)
        self._press("Enter puzzle")  # leave Enter puzzle: the givens are fixed
        # leaving checks the puzzle with the solver, which compiles first on a cold cache: allow for it
        self._wait("Enter puzzle mode to end", lambda: self._call("pressed", "Enter puzzle") != "true", 150)
        if not self._call("choose", "Step delay", 0):
            raise SelfTestFailure('no "Step delay" slider')
        if not self._call("choose", "Algorithm", "smart"):
            raise SelfTestFailure('no "Algorithm" combobox')
        self._alert_before = self._call("alert")
        self._press("Solve")
        state = self._wait('"Board state" to read Solved', self._solved, 150)
        self._check(state)

    def _check_window(self) -> None:
        # the title and icon a desktop shows; read from the Qt window where that is the back end
        native = getattr(self._window, "native", None)
        if native is None or not hasattr(native, "windowIcon"):
            return
        if native.windowTitle() != "Sudoku Studio":
            raise SelfTestFailure(f"the window's title is {native.windowTitle()!r}")
        if native.windowIcon().isNull():
            raise SelfTestFailure("the window has no icon")

    def _type(self, cell: int, digit: int) -> None:
        if not self._call("type", cell, digit):
            raise SelfTestFailure(f"gridcell {cell} not found")
        try:
            self._wait(f"r{cell // 9 + 1}c{cell % 9 + 1} to read {digit}",
                       lambda: cell_digit(self._call("labels")[cell]) == digit, 10)
        except TimeoutError:
            raise SelfTestFailure(f"typing {digit} into gridcell {cell} did not enter it") from None

    def _solved(self) -> str | None:
        state = self._call("boardState") or ""
        if state.startswith(("Invalid", "Unsolvable")):
            raise SelfTestFailure(f'"Board state" reads {state!r}')
        alert = self._call("alert")
        if alert and alert != self._alert_before:
            raise SelfTestFailure(f"the window shows an error: {alert!r}")
        return state if state.startswith("Solved") else None

    def _check(self, state: str) -> None:
        from engine import is_solution  # here, not at import: --version must stay instant

        board = self._board()
        if not is_solution(board, self.puzzle):
            shown = "".join(map(str, board))
            raise SelfTestFailure(f'"Board state" reads {state!r} but the board {shown} is not a solution')
