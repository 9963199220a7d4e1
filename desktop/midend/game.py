"""One puzzle being played: its board (digits, origins, notes), every move with its cause, undo/redo.

Tatham's *game state* (digits, origins, notes, mode, the move log: Undo restores it), plus the timer and
the last Check answer (not undone).  The board has the puzzle's :class:`~desktop.midend.shape.Shape`
(size N, regions, constraints; classic 9x9 unless a variant is loaded): every per-cell list has N*N
entries, and a change of puzzle carries the shape in its move, so Undo brings the old shape back;
view state lives in the UI and the settings.  A :class:`Move` (cause,
:class:`Change` tuple) is plain data that saves to JSON.  No threads, I/O or clock: ``now`` is given.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from desktop.midend import moves
from desktop.midend.colours import NO_COLOUR, Colour, Paint, note_colour, wire_note_colours, with_note_colour
from desktop.midend.marks import NO_MARKS, Mark, Marks, shown
from desktop.midend.moves import Cell, Change, GameError, Move, Puzzle
from desktop.midend.rules import conflict_list, header_status, judged_digits, quick_status, wrong_cells
from desktop.midend.shape import CLASSIC, Shape, candidates, peers
from desktop.midend.timer import Timer

_SERIALS = itertools.count(1)


class Game:
    """One board with origins, notes, mode, undo/redo, timer; mutators raise GameError on a refused move."""

    def __init__(self, difficulty: str = "any", shape: Shape = CLASSIC) -> None:
        self.serial = next(_SERIALS)  # names this game in keys (an id() may be reused once it is gone)
        self.shape = shape  # the puzzle's size, regions and constraints
        self.digits = [0] * shape.n_cells
        self.origins = [""] * shape.n_cells
        self.notes = [0] * shape.n_cells
        self.colours = [NO_COLOUR] * shape.n_cells  # the player's colours (never seen by the engine)
        self.marks = [NO_MARKS] * shape.n_cells  # corner and centre marks (desktop/midend/marks.py)
        self.mode = "play"
        self.version = 0
        self.colour_steps = 0  # how many of the version's steps only changed colours or marks (board_version)
        self.moves_made = 0  # new moves made since this game was built (not Undo, not Redo)
        self.difficulty = difficulty
        self.daily = ""  # the date of a daily puzzle ("YYYY-MM-DD"), "" for any other
        self.recorded = False  # this puzzle's solve time is counted (see Play.record_if_solved)
        # the solution and the shape and givens it was found for: used only while those are shown
        self._solution: tuple[Shape, tuple[int, ...], tuple[int, ...]] | None = None
        self.timer = Timer()
        self.paused = False
        self.last_check: dict[str, Any] | None = None
        self.mistakes_checked = 0  # wrong digits Check has named in this puzzle (for the Solved dialog)
        self.undo_log: list[Move] = []
        self.redo_log: list[Move] = []

    # -- moves ----------------------------------------------------------------------------------

    def set_cell(self, cell: int, digit: int) -> bool:
        """Put ``digit`` (0 clears) in ``cell``, dropping it from its peers' notes in the same move.

        Returns False if nothing changed; GameError for a given outside Enter puzzle.
        """
        self._refuse_off_board(cell, digit)
        self._refuse_given(cell)
        origin = "" if digit == 0 else "given" if self.mode == "enter" else "entry"
        wanted = [(cell, Cell(digit, origin, 0 if digit else self.notes[cell]))]
        if digit:
            wanted += self._peer_notes_without(cell, digit)
        return self._commit("entry", wanted)

    def toggle_note(self, cell: int, digit: int) -> bool:
        """Add or remove note ``digit`` 1-N in an empty ``cell``; GameError on a filled cell."""
        self._refuse_off_board(cell, digit)
        if self.digits[cell]:
            raise GameError("filled", f"{self.shape.cell_name(cell)} holds a digit; erase it to make notes.")
        notes = self.notes[cell] ^ (1 << (digit - 1))
        return self._commit("note", [(cell, Cell(0, "", notes))])

    def paint(self, cell: int, colour: int) -> bool:
        """Paint ``cell`` with ``colour`` 1-COLOURS, or take it off when it has that colour already."""
        now = self.colours[cell]
        return self._paint([(cell, now._replace(cell=0 if now.cell == colour else colour))])

    def paint_note(self, cell: int, digit: int, colour: int) -> bool:
        """Paint candidate ``digit`` of the empty ``cell`` (toggled as :meth:`paint`); GameError on a
        filled cell."""
        if self.digits[cell]:
            name = self.shape.cell_name(cell)
            raise GameError("filled", f"{name} holds a digit; its candidates have no colour.")
        now = self.colours[cell]
        painted = with_note_colour(now.notes, digit, 0 if note_colour(now.notes, digit) == colour else colour)
        return self._paint([(cell, now._replace(notes=painted))])

    def toggle_mark(self, cell: int, digit: int, kind: str) -> bool:
        """Add or remove the ``kind`` ("corner"/"centre") mark ``digit`` in an empty ``cell``; GameError
        on a filled cell."""
        if self.digits[cell]:
            raise GameError("filled", f"{self.shape.cell_name(cell)} holds a digit; erase it to make marks.")
        return self._commit("mark", [], marks=[(cell, self.marks[cell].toggled(kind, digit))])

    def set_marks(self, marks: Iterable[tuple[int, Marks]]) -> bool:
        """Give cells these marks as one move (clear a cell's, fill the cages'); False if none changed."""
        return self._commit("mark", [], marks=marks)

    def clear_colours(self) -> bool:
        """Take every colour off the board as one undoable move; False when there was none."""
        return self._paint(self._uncoloured())

    def fill_candidates(self) -> bool:
        """Write every empty cell's candidates (by its peers' digits) as its notes, one undoable move."""
        masks = candidates(self.digits, self.shape)
        empty = [c for c in range(self.shape.n_cells) if not self.digits[c]]
        return self._commit("note", [(c, Cell(0, "", int(masks[c]))) for c in empty])

    def place(self, placements: Iterable[tuple[int, int]], cause: str) -> bool:
        """Fill cells with digits for a hint, a fill or a solve, as one undoable move (peers' notes too)."""
        origin = {"hint": "inferred", "fill": "inferred", "solve": "solved"}[cause]
        return self._commit(cause, list(self._placing(placements, origin).items()))

    def apply_step(self, placements: Iterable[tuple[int, int]], eliminations: Iterable[tuple[int, int]],
                   shown: list[int]) -> bool:
        """Make a hint's step one undoable move (cause "hint"): its digits placed, its eliminations
        struck from the notes; a cell without notes first gets ``shown[cell]``, the candidates the
        hint reasoned from.  Returns False if nothing changed; GameError while paused."""
        wanted = self._placing(placements, "inferred")
        for cell, digit in eliminations:
            state = wanted.get(cell, self._state(cell))
            if not state.digit:
                wanted[cell] = Cell(0, "", (state.notes or shown[cell]) & ~(1 << (digit - 1)))
        return self._commit("hint", list(wanted.items()))

    def restore(self, states: dict[int, Cell]) -> bool:
        """Put ``states`` back in their cells as one undoable move (cause "rewind"); False if none changed."""
        return self._commit("rewind", list(states.items()))

    def load_puzzle(self, grid: Iterable[int], cause: str = "new", difficulty: str = "any",
                    solution: Sequence[int] | None = None, notes: list[int] | None = None,
                    now: float = 0.0, daily: str = "", shape: Shape = CLASSIC) -> bool:
        """Replace the board with a puzzle of ``shape`` (its N*N digits all givens) and ``notes``: one
        undoable move that also swaps the shape, solution, difficulty and timer (a ``solution`` that
        does not fit is dropped).  ValueError for a grid that is not N*N cells.

        The timer restarts; returns False if nothing at all changed.
        """
        values = [int(v) for v in grid]
        if len(values) != shape.n_cells:
            raise ValueError(f"the puzzle has {shape.n_cells} cells, not {len(values)}")
        marks = notes or [0] * shape.n_cells
        self.paused = False  # a new puzzle is shown at once
        wanted = [(c, Cell(d, "given" if d else "", 0 if d else marks[c] & shape.all_notes))
                  for c, d in enumerate(values)]
        wanted += [(c, Cell(0, *moves.EMPTY_CELL)) for c in range(len(values), len(self.digits))]  # shrunk
        known = tuple(int(d) for d in solution) if moves.fits_givens(solution, values, shape) else None
        return self._commit(cause, wanted, Puzzle(known, difficulty, 0, daily, shape=shape), now,
                            self._uncoloured())

    def set_shape(self, shape: Shape, now: float = 0.0, clear: bool = False) -> bool:
        """Make ``shape`` the puzzle's (Enter puzzle's kind, size, constraints and regions) as one
        undoable change of puzzle (cause "enter"): the cells are emptied when ``clear`` or the size
        changes, else kept; the solution is dropped.  False if nothing changed."""
        keep = not clear and shape.size == self.shape.size
        cells = range(max(len(self.digits), shape.n_cells))
        wanted = [] if keep else [(c, Cell(0, *moves.EMPTY_CELL)) for c in cells]
        return self._commit("enter", wanted, Puzzle(None, self.difficulty, 0, shape=shape), now,
                            [] if keep else self._uncoloured())

    def restart(self, now: float = 0.0) -> bool:
        """Take the board back to its givens (notes too) and the timer to zero, one undoable move."""
        return self._commit("restart", [
            (c, Cell(d, o, 0) if o == "given" else Cell(0, "", 0))
            for c, (d, o) in enumerate(zip(self.digits, self.origins, strict=True))
        ], self.puzzle(now)._replace(timer_ms=0), now, self._uncoloured())

    def clear(self, now: float = 0.0) -> bool:
        """Empty the whole board, givens and notes too, as one undoable move (no solution, timer zero)."""
        return self._commit("clear", [(c, Cell(0, "", 0)) for c in range(self.shape.n_cells)],
                            Puzzle(None, "any", 0, shape=self.shape), now, self._uncoloured())

    def undo(self, now: float = 0.0) -> bool:
        """Take back the last move (a change of puzzle brings back the old one's solution, difficulty and
        time); returns False when there is none."""
        return self._step_history(self.undo_log, self.redo_log, now, after=False)

    def redo(self, now: float = 0.0) -> bool:
        """Make the last undone move again; returns False when there is none."""
        return self._step_history(self.redo_log, self.undo_log, now, after=True)

    def _step_history(self, source: list, target: list, now: float, after: bool) -> bool:
        """Move the last move of ``source`` to ``target``, made again (``after``) or taken back."""
        self._refuse_paused()
        if not source:
            return False
        move = self._with_time_now(source.pop(), now, side=0 if after else 1)
        self._apply(move, after=after)
        target.append(move)
        return True

    # -- the puzzle -----------------------------------------------------------------------------

    @property
    def solution(self) -> list[int] | None:
        """The solution of the givens on the board, or None when it is not known (or not unique)."""
        if self._solution is None or self._solution[:2] != (self.shape, tuple(self.givens())):
            return None
        return list(self._solution[2])

    @solution.setter
    def solution(self, value: Sequence[int] | None) -> None:
        """Keep ``value`` as the solution of the givens now shown; one that does not fit them is dropped."""
        givens = self.givens()
        fits = moves.fits_givens(value, givens, self.shape)
        self._solution = (self.shape, tuple(givens), tuple(int(d) for d in value)) if fits else None

    def puzzle(self, now: float) -> Puzzle:
        """Return the puzzle's identity as a move saves it (solution, difficulty, time played)."""
        known = self.solution
        return Puzzle(None if known is None else tuple(known), self.difficulty, self.timer.elapsed(now),
                      self.daily, self.recorded, self.shape)
    def set_mode(self, mode: str) -> bool:
        """Switch between "play" and "enter"; returns False if already there (the mode is not undone)."""
        if mode == self.mode:
            return False
        self.mode = mode
        self.version += 1
        return True

    # -- clock and check ------------------------------------------------------------------------

    def tick(self, now: float) -> None:
        """Let the clock run exactly while a puzzle is being played: not paused, not solved, not empty."""
        puzzle = "given" in self.origins or bool(self.shape.constraints)  # a killer may have no givens
        playing = (not self.paused and self.mode == "play" and puzzle
                   and quick_status(self.digits, self.version, self.shape)["kind"] != "solved")
        if playing:
            self.timer.start(now)
        else:
            self.timer.stop(now)

    def set_paused(self, paused: bool, now: float) -> bool:
        """Pause (the board is hidden, the clock stops) or resume; False if nothing changed."""
        if paused == self.paused:
            return False
        self.paused = paused
        self.version += 1
        self.tick(now)
        return True

    def check(self, now: float) -> dict[str, Any]:
        """Return (kept until the next move) the Check answer: wrong cells, else empty ones, else solved."""
        wrong = wrong_cells(self.digits, self.solution)
        wrong += [c for c in self.conflict_cells() if c not in wrong and self.origins[c] != "given"]
        empty = self.digits.count(0)
        if wrong:
            result = {"kind": "wrong", "cells": sorted(wrong), "empty": empty}
            self.mistakes_checked += len(wrong)
        elif empty:
            result = {"kind": "empty", "empty": empty}
        else:
            self.tick(now)
            result = {"kind": "solved", "ms": self.timer.elapsed(now)}
        self.last_check = result
        self.version += 1
        return result

    def wrong(self) -> list[int]:
        """Return the cells whose digit differs from the known solution ([] when it is not known)."""
        return wrong_cells(self.digits, self.solution)

    # -- inside ---------------------------------------------------------------------------------

    def _take_puzzle(self, puzzle: Puzzle) -> None:
        """Make ``puzzle`` the one played (its cells are already on the board): shape, solution, level,
        time."""
        self.shape = puzzle.shape
        self.solution = puzzle.solution
        self.difficulty = puzzle.difficulty
        self.daily = puzzle.daily
        self.recorded = puzzle.recorded
        self.mistakes_checked = 0
        self.timer.banked_ms, self.timer.since = puzzle.timer_ms, None  # the owner's tick restarts it

    def _refuse_off_board(self, cell: int, digit: int) -> None:
        """Refuse a cell or digit the puzzle shown does not have (the page may speak of the last one)."""
        n = self.shape.size
        if not 0 <= cell < n * n or not 0 <= digit <= n:
            raise GameError("bad_argument", f"This puzzle has cells 0 to {n * n - 1} and digits 1 to {n}.",
                            {"name": "cell", "low": 0, "high": n * n - 1})

    def _refuse_given(self, cell: int) -> None:
        if self.mode == "play" and self.origins[cell] == "given":
            raise GameError("read_only", "That cell is a given; switch to Enter puzzle to change it.")

    def _peer_notes_without(self, cell: int, digit: int) -> list[tuple[int, Cell]]:
        bit = 1 << (digit - 1)
        return [(p, Cell(0, "", self.notes[p] & ~bit)) for p in peers(self.shape)[cell]
                if not self.digits[p] and self.notes[p] & bit]

    def _placing(self, placements: Iterable[tuple[int, int]], origin: str) -> dict[int, Cell]:
        """Return the cells' new states for placing digits: the cells and their peers' notes."""
        wanted: dict[int, Cell] = {}
        for cell, digit in placements:
            wanted[cell] = Cell(digit, origin, 0)
            for peer, state in self._peer_notes_without(cell, digit):
                wanted.setdefault(peer, state)
                wanted[peer] = wanted[peer]._replace(notes=wanted[peer].notes & ~(1 << (digit - 1)))
        return wanted

    def _state(self, cell: int) -> Cell:
        if cell >= len(self.digits):  # off the board shown: a bigger puzzle's cell is empty now
            return Cell(0, *moves.EMPTY_CELL)
        return Cell(self.digits[cell], self.origins[cell], self.notes[cell])

    def _refuse_paused(self) -> None:
        if self.paused:
            raise GameError("paused", "The game is paused; resume it first.")

    def _uncoloured(self) -> list[tuple[int, Colour]]:
        return [(c, NO_COLOUR) for c, tint in enumerate(self.colours) if tint != NO_COLOUR]

    def _paint(self, painted: list[tuple[int, Colour]]) -> bool:
        return self._commit("colour", [], paints=painted)

    def _commit(self, cause: str, wanted: Iterable[tuple[int, Cell]], puzzle: Puzzle | None = None,
                now: float = 0.0, paints: Iterable[tuple[int, Colour]] = (),
                marks: Iterable[tuple[int, Marks]] = ()) -> bool:
        self._refuse_paused()
        changes = tuple(Change(c, self._state(c), state) for c, state in wanted if self._state(c) != state)
        painted = tuple(Paint(c, self.colours[c], tint) for c, tint in paints if self.colours[c] != tint)
        if puzzle is not None:  # a change of puzzle (new, Restart, Clear) takes every mark off
            marks = [(c, NO_MARKS) for c, m in enumerate(self.marks) if m != NO_MARKS]
        marked = tuple(Mark(c, self.marks[c], m) for c, m in marks if self.marks[c] != m)
        pair = None if puzzle is None else (self.puzzle(now), puzzle)
        if not changes and not painted and not marked and (pair is None or pair[0] == pair[1]):
            return False
        move = Move(cause, changes, pair, painted, marked)
        self._apply(move, after=True)
        self.undo_log.append(move)
        del self.undo_log[:-moves.HISTORY_LIMIT]
        self.redo_log.clear()
        self.moves_made += 1
        return True

    def _with_time_now(self, move: Move, now: float, side: int) -> Move:
        """Return ``move`` with the puzzle it leaves (``side`` 1: after, 0: before) as it stands now, so
        a Redo or a second Undo comes back to the time this puzzle had when it was left."""
        if move.puzzle is None:
            return move
        pair = list(move.puzzle)
        pair[side] = self.puzzle(now)
        return move._replace(puzzle=(pair[0], pair[1]))

    def _apply(self, move: Move, after: bool) -> None:
        if move.puzzle is not None:  # a change of shape: room for every cell the move names
            self._resize(max([len(self.digits), *(ch.cell + 1 for ch in move.changes)]))
        for ch in move.changes:
            state = ch.after if after else ch.before
            self.digits[ch.cell], self.origins[ch.cell], self.notes[ch.cell] = state
        for paint in move.paints:
            self.colours[paint.cell] = paint.after if after else paint.before
        for mark in move.marks:
            self.marks[mark.cell] = mark.after if after else mark.before
        if move.puzzle is not None:
            self._take_puzzle(move.puzzle[1 if after else 0])
            self._resize(self.shape.n_cells)
        self.colour_steps += not move.changes and move.puzzle is None
        self.version += 1
        self.last_check = None  # a Check answers for the board it saw

    def _resize(self, cells: int) -> None:
        """Make every per-cell list ``cells`` long: cells added are empty, cells dropped were emptied by
        the move that drops them."""
        blanks = (("digits", 0), ("origins", ""), ("notes", 0), ("colours", NO_COLOUR), ("marks", NO_MARKS))
        for name, blank in blanks:
            values = getattr(self, name)
            setattr(self, name, values[:cells] + [blank] * (cells - len(values)))

    # -- views ----------------------------------------------------------------------------------

    @property
    def board_version(self) -> int:
        """The version as the rules see it: a move that only paints colours or makes marks leaves it (so a
        hint or an analysis of the board stays)."""
        return self.version - self.colour_steps

    @property
    def can_undo(self) -> bool:
        """True when there is a move to take back."""
        return bool(self.undo_log)

    @property
    def can_redo(self) -> bool:
        """True when there is an undone move to make again."""
        return bool(self.redo_log)

    def grid(self) -> np.ndarray:
        """Return the digits on the board as an engine grid."""
        return np.array(self.digits, dtype=np.uint8)

    def givens(self) -> list[int]:
        """Return the puzzle: the given digits, 0 elsewhere."""
        return [d if o == "given" else 0 for d, o in zip(self.digits, self.origins, strict=True)]

    def judges_board(self, show_mistakes: bool) -> bool:
        """True if the header judges the whole board (Show mistakes on, or Enter puzzle), else the givens."""
        return show_mistakes or self.mode == "enter"

    def judged(self, show_mistakes: bool) -> list[int]:
        """Return the digits the header's solution count is about (see :func:`rules.header_status`)."""
        return judged_digits(self.digits, self.givens(), self.judges_board(show_mistakes), self.shape)

    def model(self) -> Any:
        """Return the engine Puzzle of the givens on the board; ParseError (a ValueError) when the shape
        is not a whole puzzle yet (a jigsaw being painted)."""
        return self.shape.model(self.givens())

    def conflict_cells(self) -> list[int]:
        """Return the cells taking part in a repeated digit, ascending ([] when none)."""
        return sorted({c for item in conflict_list(self.digits, self.shape) for c in item["cells"]})

    def snapshot(self, now: float, show_mistakes: bool = False) -> dict[str, Any]:
        """Return the JSON-able game part of the UI's state (the board is withheld while paused)."""
        hidden, n = self.paused, self.shape.n_cells
        return {
            "version": self.version,
            "shape": self.shape.wire(),
            "digits": [0] * n if hidden else list(self.digits),
            "origins": [""] * n if hidden else list(self.origins),
            "notes": [0] * n if hidden else list(self.notes),
            "colours": [0] * n if hidden else [c.cell for c in self.colours],
            "note_colours": [0] * n if hidden else [wire_note_colours(c.notes) for c in self.colours],
            "corner": shown(self.marks, self.digits, "corner", hidden),
            "centre": shown(self.marks, self.digits, "centre", hidden),
            "mode": self.mode,
            "conflicts": [] if hidden else self.conflict_cells(),
            "wrong": self.wrong() if show_mistakes and not hidden else [],
            "status": header_status(self.digits, self.givens(), self.version,
                                    self.judges_board(show_mistakes), self.shape),
            "candidates": candidates(self.digits, self.shape),
            "can_undo": self.can_undo,
            "can_redo": self.can_redo,
            "paused": self.paused,
            "timer": {"ms": self.timer.elapsed(now), "running": self.timer.running},
            "check": self.last_check,
            "difficulty": self.difficulty,
            "hints_used": moves.hints_used(self.undo_log),
            "mistakes_checked": self.mistakes_checked,
        }
