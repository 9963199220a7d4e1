"""The mid end: one game's board, its moves, undo/redo and the checks the window shows.

Following Tatham's split, state here is *game state* (digits, where each came from, the mode, the
move log): Undo restores it.  View state (the selected cell, the candidates toggle, the delay) lives
in the UI and in settings.  A move is a plain tuple of :class:`Change` values, so the undo log saves
to JSON and loads back unchanged.  No threads and no I/O here; :mod:`desktop.api` guards a Game with
its lock and :mod:`desktop.storage` writes :meth:`Game.to_dict`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

import numpy as np

from engine.candidates import CandidateGrid, candidate_masks
from engine.grid import N_CELLS, conflicts, unit_name

# where a digit came from; "" = the cell is empty
ORIGINS = ("", "given", "entry", "inferred", "solved")
MODES = ("play", "enter")
CHECK_CAP = 10  # "several solutions" are counted up to this many ("at least 10")
HISTORY_LIMIT = 500  # undo steps kept (and saved)


class GameError(Exception):
    """A move the rules refuse; ``code`` is the API's error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Change(NamedTuple):
    """One cell's change: its digit and origin before and after."""

    cell: int
    before: int
    before_origin: str
    after: int
    after_origin: str


Move = tuple[Change, ...]


def conflict_list(digits: Sequence[int]) -> list[dict[str, Any]]:
    """Return every repeated digit as JSON-able dicts (digit, unit kind, 1-based index, cells); [] if none."""
    out = []
    for conflict in conflicts(np.asarray(digits, dtype=np.uint8)):
        kind, index = unit_name(conflict.unit)
        out.append({"digit": conflict.digit, "kind": kind, "index": index + 1, "cells": list(conflict.cells)})
    return out


def quick_status(digits: Sequence[int], version: int) -> dict[str, Any]:
    """Return the board state the rules tell at once (no search): invalid, solved, unsolvable or valid.

    "Unsolvable" is only claimed here for an empty cell no digit fits; deeper dead ends are found by
    the solver later (``solutions`` stays None until then).
    """
    found = conflict_list(digits)
    filled = sum(1 for d in digits if d)
    status: dict[str, Any] = {
        "kind": "valid",
        "version": version,
        "filled": filled,
        "conflicts": found,
        "solutions": None,
    }
    if found:
        status["kind"] = "invalid"
    elif filled == N_CELLS:
        status["kind"] = "solved"
        status["solutions"] = 1
    elif filled == 0:
        status["kind"] = "empty"
    elif _dead_cell(digits):
        status["kind"] = "unsolvable"
        status["solutions"] = 0
    return status


def _dead_cell(digits: Sequence[int]) -> bool:
    masks = candidate_masks(np.asarray(digits, dtype=np.uint8))
    return any(d == 0 and m == 0 for d, m in zip(digits, masks, strict=True))


def refine_status(status: dict[str, Any], solutions: int) -> dict[str, Any]:
    """Return ``status`` with the solver's count (0, 1 or 2 meaning "two or more") folded in."""
    out = dict(status, solutions=min(solutions, 2))
    if status["kind"] in ("valid", "empty") and solutions == 0:
        out["kind"] = "unsolvable"
    return out


def check_puzzle(digits: Sequence[int], cap: int = CHECK_CAP) -> dict[str, Any]:
    """Return what a puzzle is: invalid (repeats named), none, unique, or multiple (counted up to ``cap``).

    Loads the compiled solver (numba) on first use, so callers keep it off the UI thread.
    """
    found = conflict_list(digits)
    result: dict[str, Any] = {"kind": "invalid", "count": 0, "capped": False, "cap": cap, "conflicts": found}
    if found:
        return result
    from engine.solver import count_solutions  # numba: loaded only when a check is needed

    count = count_solutions(np.asarray(digits, dtype=np.uint8), cap)
    result["count"] = count
    result["capped"] = count >= cap
    result["kind"] = "none" if count == 0 else "unique" if count == 1 else "multiple"
    return result


def hidden_singles(digits: Sequence[int]) -> list[tuple[int, int]]:
    """Return the placements found by applying the engine's hidden singles until none is left ([] if none).

    Stops early, keeping what it found, once an empty cell has no candidate left (a board that is
    already wrong: nothing more can be inferred from it).
    """
    from engine.strategies.singles import hidden_single  # the rule lives in the engine

    cg = CandidateGrid.from_grid(list(digits))
    placed: list[tuple[int, int]] = []
    while not any(not v and not m for v, m in zip(cg.values, cg.cands, strict=True)):
        step = next((s for s in hidden_single(cg) if not cg.values[s.placements[0][0]]), None)
        if step is None:
            break
        cg.apply(step)
        placed.extend(step.placements)
    return placed


class Game:
    """One board with its origins, mode and undo/redo log; mutators raise GameError on a refused move."""

    def __init__(self) -> None:
        self.digits = [0] * N_CELLS
        self.origins = [""] * N_CELLS
        self.mode = "play"
        self.version = 0
        self._undo: list[Move] = []
        self._redo: list[Move] = []

    # -- moves ----------------------------------------------------------------------------------

    def set_cell(self, cell: int, digit: int) -> bool:
        """Put ``digit`` (0 clears) in ``cell``; False if nothing changed, GameError on a given in play."""
        if self.mode == "play" and self.origins[cell] == "given":
            raise GameError("read_only", "That cell is a given; switch to Enter puzzle to change it.")
        origin = "" if digit == 0 else "given" if self.mode == "enter" else "entry"
        return self._commit(self._changes([(cell, digit, origin)]))

    def clear(self) -> bool:
        """Empty the whole board as one undoable move; returns False if it was already empty."""
        return self._commit(self._changes((c, 0, "") for c in range(N_CELLS)))

    def load_puzzle(self, grid: Iterable[int]) -> bool:
        """Replace the board with a puzzle whose digits are all givens, as one undoable move."""
        values = [int(v) for v in grid]
        return self._commit(self._changes((c, d, "given" if d else "") for c, d in enumerate(values)))

    def place(self, placements: Iterable[tuple[int, int]], origin: str) -> bool:
        """Fill cells with digits of ``origin`` ("inferred", "solved") as one undoable move."""
        return self._commit(self._changes((c, d, origin) for c, d in placements))

    def undo(self) -> bool:
        """Take back the last move; returns False when there is none."""
        if not self._undo:
            return False
        move = self._undo.pop()
        for ch in move:
            self.digits[ch.cell], self.origins[ch.cell] = ch.before, ch.before_origin
        self._redo.append(move)
        self.version += 1
        return True

    def redo(self) -> bool:
        """Make the last undone move again; returns False when there is none."""
        if not self._redo:
            return False
        move = self._redo.pop()
        for ch in move:
            self.digits[ch.cell], self.origins[ch.cell] = ch.after, ch.after_origin
        self._undo.append(move)
        self.version += 1
        return True

    def set_mode(self, mode: str) -> bool:
        """Switch between "play" and "enter"; returns False if already there (the mode is not undone)."""
        if mode == self.mode:
            return False
        self.mode = mode
        self.version += 1
        return True

    def _changes(self, wanted: Iterable[tuple[int, int, str]]) -> Move:
        return tuple(
            Change(c, self.digits[c], self.origins[c], d, o)
            for c, d, o in wanted
            if (self.digits[c], self.origins[c]) != (d, o)
        )

    def _commit(self, move: Move) -> bool:
        if not move:
            return False
        for ch in move:
            self.digits[ch.cell], self.origins[ch.cell] = ch.after, ch.after_origin
        self._undo.append(move)
        del self._undo[:-HISTORY_LIMIT]
        self._redo.clear()
        self.version += 1
        return True

    # -- views ----------------------------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        """True when there is a move to take back."""
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        """True when there is an undone move to make again."""
        return bool(self._redo)

    def grid(self) -> np.ndarray:
        """Return the digits on the board as an engine grid."""
        return np.array(self.digits, dtype=np.uint8)

    def conflict_cells(self) -> list[int]:
        """Return the cells taking part in a repeated digit, ascending ([] when none)."""
        return sorted({c for item in conflict_list(self.digits) for c in item["cells"]})

    def snapshot(self) -> dict[str, Any]:
        """Return the JSON-able game part of the UI's state."""
        return {
            "version": self.version,
            "digits": list(self.digits),
            "origins": list(self.origins),
            "mode": self.mode,
            "conflicts": self.conflict_cells(),
            "status": quick_status(self.digits, self.version),
            "candidates": [int(m) for m in candidate_masks(self.grid())],
            "can_undo": self.can_undo,
            "can_redo": self.can_redo,
        }

    # -- saving ---------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Return the game as JSON-able data (board, origins, mode, undo and redo logs)."""
        return {
            "digits": "".join(str(d) for d in self.digits),
            "origins": [ORIGINS.index(o) for o in self.origins],
            "mode": self.mode,
            "undo": [[list(ch) for ch in move] for move in self._undo],
            "redo": [[list(ch) for ch in move] for move in self._redo],
        }

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        """Return the game ``to_dict`` described; raises ValueError naming the first malformed field."""
        if not isinstance(data, dict):
            raise ValueError("a saved game must be an object")
        game = cls()
        text = data.get("digits")
        if not isinstance(text, str) or len(text) != N_CELLS or not all(ch in "0123456789" for ch in text):
            raise ValueError("digits: expected 81 digits 0-9")
        origins = data.get("origins")
        if not isinstance(origins, list) or len(origins) != N_CELLS:
            raise ValueError("origins: expected 81 origin codes")
        game.digits = [int(ch) for ch in text]
        game.origins = [_origin(o) for o in origins]
        if any(bool(d) != bool(o) for d, o in zip(game.digits, game.origins, strict=True)):
            raise ValueError("origins: a filled cell without an origin or an empty one with one")
        mode = data.get("mode")
        if mode not in MODES:
            raise ValueError(f"mode: expected one of {MODES}")
        game.mode = mode
        game._undo = _moves(data.get("undo", []))[-HISTORY_LIMIT:]
        game._redo = _moves(data.get("redo", []))
        return game


def _origin(code: Any) -> str:
    if isinstance(code, bool) or not isinstance(code, int) or not 0 <= code < len(ORIGINS):
        raise ValueError(f"origins: {code!r} is not an origin code")
    return ORIGINS[code]


def _moves(data: Any) -> list[Move]:
    if not isinstance(data, list):
        raise ValueError("history: expected a list of moves")
    moves = []
    for move in data:
        if not isinstance(move, list):
            raise ValueError("history: a move must be a list of changes")
        moves.append(tuple(_change(ch) for ch in move))
    return moves


def _change(data: Any) -> Change:
    if not isinstance(data, list) or len(data) != 5:
        raise ValueError("history: a change must be [cell, before, origin, after, origin]")
    cell, before, before_origin, after, after_origin = data
    for value, top in ((cell, N_CELLS - 1), (before, 9), (after, 9)):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
            raise ValueError(f"history: {value!r} is out of range")
    if before_origin not in ORIGINS or after_origin not in ORIGINS:
        raise ValueError("history: unknown origin")
    return Change(cell, before, before_origin, after, after_origin)
