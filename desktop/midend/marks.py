"""Corner and centre marks (issue 40, SudokuPad's and Cracking the Cryptic's convention), beside the notes.

A cell's marks are a :class:`Marks`: two bit masks, bit d-1 = digit d (so boards up to 16x16 fit), the
corner marks (digits that must go in one of a few cells of a unit) and the centre marks (the digits the
cell may still hold).  They are game state: a :class:`Mark` is part of a
:class:`~desktop.midend.game.Move` (undone, saved), never seen by the rules, hints or the engine.  A digit
placed in a cell hides its marks (the snapshot shows none) but keeps them: erase it and they are back,
as SudokuPad does.  A change of puzzle (new, Restart, Clear) takes every mark off.
"""

from __future__ import annotations

from typing import Any, NamedTuple

KINDS = ("corner", "centre")
MAX_DIGIT = 16  # the largest board's digits: a mask fits in 16 bits


class Marks(NamedTuple):
    """One cell's marks: corner and centre masks (bit d-1 = digit d)."""

    corner: int = 0
    centre: int = 0

    def toggled(self, kind: str, digit: int) -> Marks:
        """Return these marks with ``digit``'s ``kind`` ("corner"/"centre") mark added or taken off."""
        return self._replace(**{kind: getattr(self, kind) ^ (1 << (digit - 1))})

    def cleared(self, kind: str) -> Marks:
        """Return these marks without any of ``kind``."""
        return self._replace(**{kind: 0})


NO_MARKS = Marks()


class Mark(NamedTuple):
    """One cell's marks before and after a move."""

    cell: int
    before: Marks
    after: Marks


def mask_valid(mask: Any) -> bool:
    """True if ``mask`` is a marks mask of digits 1-MAX_DIGIT (False for anything else, bools included)."""
    return isinstance(mask, int) and not isinstance(mask, bool) and 0 <= mask < 1 << MAX_DIGIT


def shown(marks: list[Marks], digits: list[int], kind: str, hidden: bool) -> list[int]:
    """Return the ``kind`` masks the page draws: none on a filled cell (the digit hides them) or while
    the game is ``hidden`` (paused)."""
    return [0 if hidden or d else getattr(m, kind) for m, d in zip(marks, digits, strict=True)]


class MarkCommands:
    """The mid end's commands for marks, mixed into :class:`~desktop.midend.midend.Midend`."""

    def _do_toggle_mark(self, now: float, cell: int, digit: int, kind: str) -> dict[str, Any]:
        return {"changed": self.game.toggle_mark(cell, digit, kind)}  # type: ignore[attr-defined]

    def _do_clear_marks(self, now: float, cell: int, kind: str) -> dict[str, Any]:
        return {"changed": self.game.clear_marks(cell, kind)}  # type: ignore[attr-defined]
