"""The accessibility contract of issue 5 (item 10) as data: names, label format, and reading it back.

Both the browser tests (Playwright) and the real-window tests (DevTools) find elements only through
these names and read the board only from the cells' labels, as a screen reader would.
"""

from __future__ import annotations

import re
from typing import Any

BOARD = "Sudoku board"
BUTTONS = (
    "New puzzle",
    "Clear",
    "Enter puzzle",
    "Solve",
    "Pause",
    "Resume",
    "Step",
    "Stop",
    "Candidates",
    "Fill last remaining cells",
)
STATUSES = ("Steps", "Backtracks", "Board state")

# issue 28: where each control lives (desktop/CONTRACT.md): the tab that shows it, or the header's Menu;
# a driver opens that place first when the control is not on screen.  Names not listed are always shown.
TABS = ("Play", "Learn", "Watch")
MENU = "Menu"
PLACES: dict[str, str] = {
    **dict.fromkeys(("Check", "Notes", "Fill candidates", "Restart puzzle", "Pause game", "Resume game",
                     "Clear", "Previous puzzle", "Next puzzle", "Stop making the set", "Timer",
                     "Set progress", "Check result", "Show mistakes as I type", "Colours", "Clear colours"),
                    "Play"),
    **dict.fromkeys(("Hint", "Apply", "Candidates", "Fill last remaining cells", "Explanation",
                     "Rating", "Practise"), "Learn"),
    **dict.fromkeys(("Algorithm", "Step delay", "Solve", "Pause", "Resume", "Step back", "Step", "Stop",
                     "Timeline", "Steps", "Backtracks", "Elapsed time"), "Watch"),
    **dict.fromkeys(("Play a set", "Enter puzzle", "Import", "Export", "Statistics", "Keyboard shortcuts",
                     "Language", "Theme", "Show timer", "About"), MENU),
    # issue 32
    **dict.fromkeys(("Daily puzzle", "Copy link", "Open in SudokuWiki", "Copy puzzle", "Print…"), MENU),
    # issue 40
    **dict.fromkeys(("Corner marks", "Centre marks", "Fill centre marks"), "Play"),
}
BOARD_STATE_WORDS = ("Solved", "Valid", "Invalid", "Unsolvable")

# issue 32: a coloured cell's label ends with its colour, after its coloured notes; issue 40: its corner and
# centre marks come after its notes, and a typed puzzle of several solutions ends it with its true candidates
_LABEL = re.compile(r"^row ([1-9]), column ([1-9]), (empty|[1-9])(?:, notes [1-9](?: [1-9])*)?"
                    r"(?:, corner marks \d+(?: \d+)*)?(?:, centre marks \d+(?: \d+)*)?"
                    r"(?:, coloured notes [1-9] colour [1-8](?:, [1-9] colour [1-8])*)?(?:, colour [1-8])?"
                    r"(?:, true candidates [1-9](?: [1-9])*)?$")


def cell_label(cell: int, digit: int) -> str:
    """Return the label the contract gives cell 0-80 holding digit (0 = empty)."""
    return f"row {cell // 9 + 1}, column {cell % 9 + 1}, {digit if digit else 'empty'}"


def parse_label(label: str | None) -> tuple[int, int]:
    """Return ``(cell 0-80, digit 0-9)`` from a gridcell label; raises AssertionError if malformed."""
    match = _LABEL.match(label or "")
    assert match, f"gridcell label {label!r} does not follow 'row R, column C, D|empty'"
    row, col, value = match.groups()
    return (int(row) - 1) * 9 + int(col) - 1, 0 if value == "empty" else int(value)


def digits_from_labels(labels: list[str | None]) -> list[int]:
    """Return the 81 digits of a board from its 81 cell labels in DOM order; checks row-major order."""
    assert len(labels) == 81, f"expected 81 gridcells, found {len(labels)}"
    digits = []
    for index, label in enumerate(labels):
        cell, digit = parse_label(label)
        assert cell == index, f"gridcell {index} is labelled {label!r}: cells must be row-major"
        digits.append(digit)
    return digits


def as_line(digits: list[int]) -> str:
    """Return 81 digits as an 81-character line, ``.`` for empty."""
    return "".join(str(d) if d else "." for d in digits)


class BoardReader:
    """What both drivers (browser page and real window) share: waiting on the board read from labels.

    A subclass provides ``digits()``, the 81 digits read from the gridcells' labels.
    """

    def digits(self) -> list[int]:
        raise NotImplementedError

    def wait_digits(self, predicate: Any, timeout: float = 15.0, message: str = "") -> list[int]:
        """Return the board's digits once ``predicate(digits)`` holds; AssertionError after timeout."""
        from tests.harness.server import wait_for

        found: list[list[int]] = []

        def check() -> bool:
            found[:] = [self.digits()]
            return bool(predicate(found[0]))

        wait_for(check, timeout, 0.05, message or "the board never reached the expected digits")
        return found[0]


# pywebview's raw entry point as any script in the page can call it (ui/js/api.js does the same):
# register the answer callback, call, resolve with the parsed answer, {error} if pywebview rejects,
# or "no answer" after 3 s (pywebview never answers a name it cannot find)
PAGE_CALL = """
(name, params) => new Promise((resolve) => {
  const pw = window.pywebview, id = 'probe' + Math.random().toString().slice(2);
  pw._returnValuesCallbacks[name] = pw._returnValuesCallbacks[name] || {};
  pw._returnValuesCallbacks[name][id] = (answer) => {
    const value = JSON.parse(answer.value);
    resolve(answer.isError ? {error: value} : value);
  };
  pw._jsApiCallback(name, params, id);
  setTimeout(() => resolve('no answer'), 3000);
})
"""
