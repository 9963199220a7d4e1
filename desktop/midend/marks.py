"""Corner and centre marks (issue 40, SudokuPad's and Cracking the Cryptic's convention), beside the notes.

A cell's marks are a :class:`Marks`: two bit masks, bit d-1 = digit d (so boards up to 16x16 fit), the
corner marks (digits that must go in one of a few cells of a unit) and the centre marks (the digits the
cell may still hold).  They are game state: a :class:`Mark` is part of a
:class:`~desktop.midend.game.Move` (undone, saved), never seen by the rules, hints or the engine.  A digit
placed in a cell hides its marks (the snapshot shows none) but keeps them: erase it and they are back,
as SudokuPad does.  A change of puzzle (new, Restart, Clear) takes every mark off.

"Fill centre marks" (:func:`cage_centre_marks`) writes them for a Killer when asked: in each cage with a
sum that has at most :data:`FEW_COMBINATIONS` combinations of distinct digits left (given the digits
placed around it), each empty cell gets the digits those combinations allow it there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import engine
from desktop.midend.shape import Shape, candidates

KINDS = ("corner", "centre")
FEW_COMBINATIONS = 2  # a cage of at most this many combinations left gets its centre marks filled
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


def cage_centre_marks(shape: Shape, digits: Sequence[int],
                      marks: Sequence[Marks]) -> tuple[list[tuple[int, Marks]], int]:
    """Return the cells' new marks for Fill centre marks and how many cages gave them: an empty cell of a
    cage with few combinations left gets as centre marks the digits they allow it (of its own centre marks,
    those allowed, when some are); a cage that no combination fits any more is left alone."""
    free = candidates(list(digits), shape)
    new: dict[int, Marks] = {}
    cages = 0
    for con in shape.constraints:
        if con.kind != "cage" or con.total is None:
            continue
        masks = tuple(1 << (digits[c] - 1) if digits[c] else free[c] for c in con.cells)
        allowed, combos = engine.cage_support(con.total, masks)
        empty = [(c, a) for c, a in zip(con.cells, allowed, strict=True) if not digits[c]]
        if not 0 < len(combos) <= FEW_COMBINATIONS or not empty:
            continue
        cages += 1
        for cell, mask in empty:
            now = new.get(cell, marks[cell])
            new[cell] = now._replace(centre=now.centre & mask or mask)  # a cell in two cages: both
    return [(c, m) for c, m in new.items() if m != marks[c]], cages


class MarkCommands:
    """The mid end's commands for marks, mixed into :class:`~desktop.midend.midend.Midend`."""

    def _do_toggle_mark(self, now: float, cell: int, digit: int, kind: str) -> dict[str, Any]:
        return {"changed": self.game.toggle_mark(cell, digit, kind)}  # type: ignore[attr-defined]

    def _do_clear_marks(self, now: float, cell: int, kind: str) -> dict[str, Any]:
        game = self.game  # type: ignore[attr-defined]
        return {"changed": game.set_marks([(cell, game.marks[cell].cleared(kind))])}

    def _do_fill_cage_marks(self, now: float) -> dict[str, Any]:
        """Fill centre marks: the cages of few combinations' digits as their cells' centre marks, one move;
        ``cages`` counts the cages that gave marks (0: none has so few, or all are filled)."""
        game = self.game  # type: ignore[attr-defined]
        marks, cages = cage_centre_marks(game.shape, game.digits, game.marks)
        return {"changed": game.set_marks(marks), "cages": cages}
