"""Enter puzzle for variants: the kind and size of the puzzle typed in, its constraints and a jigsaw's
regions, each an undoable change of the puzzle's shape (cause "enter") made only in Enter puzzle.

A kind starts as the empty puzzle of that size with what the kind always has: X its two diagonals,
Windoku its four windows, the anti-knight, anti-king and non-consecutive kinds their rule; every other
kind (killer, jigsaw, thermo, ...) starts with none and is drawn constraint by constraint.  A
constraint is a record of the engine model's JSON (``{"kind": "cage", "cells": [...], "total": 15}``,
docs/variants.md), checked by the engine's model: a bad one is refused with its reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import engine
from desktop.midend.game import Game, GameError
from desktop.midend.rules import check_puzzle, true_candidates, unique_solution
from desktop.midend.shape import KINDS, SIZES, Shape

Result = dict[str, Any]
MAX_CONSTRAINTS = 400  # far more than any published puzzle draws
RULE_KINDS = ("antiknight", "antiking", "nonconsecutive")
# the kinds the editor names (ui/js/editor.js KINDS and RULES)
ENTER_KINDS = ("classic", "killer", "jigsaw", "x", "windoku", "thermo", *RULE_KINDS)


def starting_shape(kind: str, size: int) -> Shape:
    """Return the empty puzzle of ``kind`` and ``size``; GameError ``bad_argument`` for a kind that
    size cannot have (Windoku is 9x9 only)."""
    if kind not in KINDS or size not in SIZES:
        raise GameError("bad_argument", f"No {kind} puzzle of size {size}.", {"kind": kind, "size": size})
    shape = Shape.empty(kind, size)
    if kind == "x":
        return _with(shape, [{"kind": "diagonal", "anti": False}, {"kind": "diagonal", "anti": True}])
    if kind == "windoku":
        if size != 9:
            raise GameError("bad_argument", "Windoku is a 9x9 puzzle (its four 3x3 windows).",
                            {"kind": kind, "size": size})
        windows = [[r * 9 + c for r in range(top, top + 3) for c in range(left, left + 3)]
                   for top in (1, 5) for left in (1, 5)]
        return _with(shape, [{"kind": "region", "cells": cells} for cells in windows])
    if kind in RULE_KINDS:
        return _with(shape, [{"kind": "rule", "name": kind}])
    return shape


def blank_like(shape: Shape) -> Shape:
    """Return the empty puzzle Enter puzzle starts from one of ``shape``: its size and kind (a kind the
    editor's "Puzzle kind" does not offer, such as arrow or kropki, starts classic: what is drawn names
    it); never fails (every shape's kind and size can start)."""
    return starting_shape(shape.kind if shape.kind in ENTER_KINDS else "classic", shape.size)


def checked_constraint(shape: Shape, record: Any) -> Any:
    """Return the engine constraint ``record`` describes on ``shape``; GameError ``bad_constraint``
    saying what is wrong with it."""
    data = {"size": shape.size, "givens": "." * shape.n_cells, "regions": list(shape.regions),
            "constraints": [record]}
    try:
        return engine.Puzzle.from_dict(data).constraints[0]
    except (ValueError, TypeError) as err:
        message = getattr(err, "message", str(err))
        raise GameError("bad_constraint", f"That constraint cannot be drawn: {message}",
                        {"message": message}) from None


def _with(shape: Shape, records: list[dict[str, Any]]) -> Shape:
    return Shape(shape.size, shape.regions, tuple(checked_constraint(shape, r) for r in records), shape.kind)


def typed_puzzle(digits: list[int], shape: Shape) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """What a typed puzzle is (``check_puzzle``), and the command that keeps its solution (one) or its
    true candidates (several) for the mid end; None for no solution or repeats."""
    check = check_puzzle(digits, shape=shape)
    if check["kind"] == "unique":
        return check, {"name": "solution_found", "givens": digits, "solution": unique_solution(digits, shape),
                       "shape": shape}
    if check["kind"] == "multiple":
        return check, {"name": "true_candidates", "givens": digits, "shape": shape,
                       "masks": true_candidates(digits, shape)}
    return check, None


class EnterCommands:
    """The mid end's Enter puzzle commands for variants, mixed into :class:`~desktop.midend.midend.Midend`
    (which gives the game shown)."""

    game: Game
    true_cands: tuple[Any, list[int]] | None  # (the puzzle's shape and givens, the masks found for it)

    def _entering(self) -> Game:
        game = self.game
        if game.mode != "enter":
            raise GameError("not_entering", "Switch to Enter puzzle to change the puzzle's kind or rules.")
        return game

    def _do_enter_shape(self, now: float, kind: str, size: int) -> Result:
        """Start the empty puzzle of ``kind`` and ``size`` in Enter puzzle (one undoable move)."""
        game = self._entering()
        return {"changed": game.set_shape(starting_shape(kind, size), now, clear=True)}

    def _do_add_constraint(self, now: float, record: Any) -> Result:
        """Add the model constraint ``record`` to the puzzle being entered; answers its ``index``."""
        game = self._entering()
        shape = game.shape
        if len(shape.constraints) >= MAX_CONSTRAINTS:
            raise GameError("bad_constraint", f"A puzzle holds at most {MAX_CONSTRAINTS} constraints.",
                            {"message": "too many"})
        added = checked_constraint(shape, record)
        changed = game.set_shape(shape.with_constraints((*shape.constraints, added)), now)
        return {"changed": changed, "index": len(shape.constraints)}

    def _do_remove_constraint(self, now: float, index: int) -> Result:
        """Take constraint ``index`` (of the snapshot's ``shape.constraints``) off the puzzle entered."""
        game = self._entering()
        kept = list(game.shape.constraints)
        if not 0 <= index < len(kept):
            raise GameError("bad_argument", f"The puzzle has no constraint {index}.",
                            {"name": "index", "low": 0, "high": len(kept) - 1})
        del kept[index]
        return {"changed": game.set_shape(game.shape.with_constraints(kept), now)}

    def _do_set_region(self, now: float, cell: int, region: int) -> Result:
        """Paint ``cell`` into jigsaw region ``region`` 0..N-1 (the regions may be uneven while painting:
        leaving Enter puzzle says so)."""
        game = self._entering()
        n = game.shape.size
        if not 0 <= cell < n * n or not 0 <= region < n:
            raise GameError("bad_argument", f"Cells are 0 to {n * n - 1} and regions 0 to {n - 1}.",
                            {"name": "region", "low": 0, "high": n - 1})
        regions = list(game.shape.regions)
        regions[cell] = region
        return {"changed": game.set_shape(game.shape.with_regions(regions), now)}

    def _true_candidates(self) -> list[int] | None:
        """The true candidates found for the puzzle shown, None unless it is the one they were found for."""
        found, game = self.true_cands, self.game
        if found is None or found[0] != (game.shape, tuple(game.givens())):
            return None
        return list(found[1])

    def _do_true_candidates(self, now: float, givens: Sequence[int], shape: Shape,
                            masks: Sequence[int] | None) -> Result:
        """The true candidates of the puzzle ``givens`` of ``shape`` (several solutions), found by the
        caller: the state's ``true_candidates`` while they are the puzzle shown."""
        self.true_cands = None if masks is None else ((shape, tuple(givens)), [int(m) for m in masks])
        return {"changed": False}
