"""The player's mistakes: which wrong digit "Why is it wrong?" explains, and Undo to first mistake.

Why is it wrong? explains the wrong digit the hint named, else the first one Check named, else the first
on the board; the engine's proof (``engine.why_wrong``, found by the host off the lock) is kept for the
board it was asked on, like a hint.

Undo to first mistake brings back the board as it last stood with no wrong digit, as one move.

The first mistake is the first wrong digit of those standing now: walking the move log back from the
board shown, the first board (since the puzzle was loaded) with no digit that differs from the
solution is the one before it.  Every move since then is taken back, notes included, as one move
(cause ``rewind``) so Undo brings it all back.  A wrong digit the player already put right does not
count: going back before it would take back good moves for nothing.
"""

from __future__ import annotations

from desktop.midend.game import Game
from desktop.midend.moves import Cell, GameError
from desktop.midend.rules import wrong_cells


def digit_to_explain(game: Game, hint_cell: int | None) -> tuple[int, int]:
    """Return the (cell, digit) Why is it wrong? explains; GameError ``no_solution`` when the solution is
    not known, ``no_mistake`` when no digit is wrong."""
    if game.solution is None:
        raise GameError("no_solution", "The puzzle has no single solution: no digit can be called wrong.")
    wrong = game.wrong()
    if not wrong:
        raise GameError("no_mistake", "No digit on the board is wrong.")
    checked = [c for c in (game.last_check or {}).get("cells", []) if c in wrong]
    cell = hint_cell if hint_cell in wrong else (checked or wrong)[0]
    return cell, game.digits[cell]


def before_first_mistake(game: Game) -> dict[int, Cell]:
    """Return the states of the cells that differ on the last board with no wrong digit; GameError
    ``no_solution`` when the solution is not known, ``no_mistake`` when no digit is wrong,
    ``mistake_too_old`` when the first mistake is older than the moves kept."""
    solution = game.solution
    if solution is None:
        raise GameError("no_solution", "The puzzle has no single solution: no digit can be called wrong.")
    if not wrong_cells(game.digits, solution):
        raise GameError("no_mistake", "No digit on the board is wrong.")
    digits = list(game.digits)
    states: dict[int, Cell] = {}
    for move in reversed(game.undo_log):
        if move.puzzle is not None:
            break  # the puzzle itself arrived here: nothing before it belongs to this game
        for change in reversed(move.changes):
            states[change.cell] = change.before
            digits[change.cell] = change.before.digit
        if not wrong_cells(digits, solution):
            return states
    raise GameError("mistake_too_old", "The first mistake is older than the moves kept; use Restart.")
