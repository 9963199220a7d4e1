"""A game's plain values: where a digit came from, why a move was made, a cell's state, a change, the
puzzle a move swaps in, a move, and the refusal the rules answer (:class:`GameError`).  All of it is
plain data that saves to JSON (desktop/io/saves.py); :mod:`desktop.midend.game` makes and undoes moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from desktop.midend.colours import Paint
from desktop.midend.marks import Mark
from desktop.midend.rules import conflict_list
from desktop.midend.shape import CLASSIC, Shape

# where a digit came from; "" = the cell is empty
ORIGINS = ("", "given", "entry", "inferred", "solved")
MODES = ("play", "enter")
# why a move was made: the player typed a digit or a note, a hint or Fill last remaining cells or a
# solve placed digits, a puzzle arrived (new, imported or typed in with Enter puzzle), Restart puzzle or
# Clear, Undo to first mistake took moves back, the player painted colours (Clear colours too), or made
# or erased corner and centre marks
CAUSES = ("entry", "note", "hint", "fill", "solve", "new", "import", "restart", "clear", "enter", "rewind",
          "colour", "mark")
PUZZLE_CAUSES = ("new", "import", "restart", "clear", "enter")  # moves that carry a Puzzle
HISTORY_LIMIT = 500  # undo steps kept (and saved)
EMPTY_CELL = ("", 0)  # what a cell off a smaller board is: empty, no notes


class GameError(Exception):
    """A move the rules refuse: ``code`` and ``params`` for the page to word, ``message`` in English."""

    def __init__(self, code: str, message: str, params: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params or {}


class Cell(NamedTuple):
    """One cell's game state: digit 0-N, origin, notes (bit d-1 = note d)."""

    digit: int
    origin: str
    notes: int


class Change(NamedTuple):
    """One cell's state before and after a move."""

    cell: int
    before: Cell
    after: Cell


class Puzzle(NamedTuple):
    """What a change of puzzle swaps besides the cells: the solution of its givens (None: not known or
    not unique), its difficulty, time played, a daily puzzle's date, if its solve time is counted, and
    its shape."""

    solution: tuple[int, ...] | None
    difficulty: str
    timer_ms: int
    daily: str = ""
    recorded: bool = False
    shape: Shape = CLASSIC


class Move(NamedTuple):
    """One undoable move: why it was made, what it changed, for a change of puzzle the puzzle's
    identity before and after (so Undo brings back the old puzzle with its solution and time), the
    colours and the corner and centre marks it changed."""

    cause: str
    changes: tuple[Change, ...]
    puzzle: tuple[Puzzle, Puzzle] | None = None
    paints: tuple[Paint, ...] = ()
    marks: tuple[Mark, ...] = ()


def fits_givens(solution: Sequence[int] | None, givens: Sequence[int], shape: Shape = CLASSIC) -> bool:
    """True if ``solution`` is a complete grid of ``shape`` repeating nothing that keeps every given;
    False for None."""
    n = shape.size
    if solution is None or len(solution) != n * n or len(givens) != n * n:
        return False
    if not all(1 <= d <= n for d in solution):
        return False
    if any(g and g != s for g, s in zip(givens, solution, strict=True)):
        return False
    return not conflict_list(solution, shape)


def hints_used(undo_log: list[Move]) -> int:
    """Return how many hints were applied to the puzzle shown (moves kept since it was loaded); 0 if none."""
    used = 0
    for move in reversed(undo_log):
        if move.puzzle is not None:
            break
        used += move.cause == "hint"
    return used
