"""Why a digit is wrong on a variant puzzle: the variant logic's steps from assuming it to a contradiction.

The classic proof (:mod:`engine.logic.why`) follows singles with their premises; a variant step (a cage's
combinations, a thermometer's bounds, ...) does not name the facts it rests on, so the proof here is made
in two passes:

1. From the givens and the player's correct digits, with the eliminations the cages, lines and dots make
   on their own (the notes a variant player writes; they hold on the board as it is), the wrong digit is
   placed (a peer holding it already is a ``clash``: no chain needed) and the variant logic's steps (no
   guess) are applied until the state breaks, each the cheapest one reading a cell the assumption has
   moved so far (so the chain grows from the assumption, as a person follows one): an empty cell with no
   digit left (``no_digit``), a house holding a digit twice (``repeat``) or a constraint that can no
   longer hold (``constraint``: its cells filled against it, a cage or little killer whose candidates
   cannot make its total).  No break within :data:`MAX_STEPS` steps: no short chain (``found`` False), and
   the answer is the solution's digit there, as the classic one's.
2. Walking back from the contradiction, a step is kept when it changed a cell that the contradiction or
   a kept later step looks at (its cells, houses and constraints); the cells it looks at are then needed
   too.  So the steps kept are every one the contradiction may rest on, read cell by cell: a superset of
   the true premises, and far fewer than the steps taken across the whole board.  More than
   :data:`MAX_KEPT` kept steps is no short chain either.  A step that reads no cell the assumption (or a
   step resting on it) moved holds on the board as it is (``follows`` False): said before the assumption.

Codes only: the words are made at the edge (each step's by ``engine.explain_variant``, the rest by the
caller from the contradiction's kind).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.logic.variant.check import _constraints_hold
from engine.logic.variant.state import VariantState
from engine.logic.variant.sums import cage_support, linear_support
from engine.logic.variant.techniques import VARIANT_TECHNIQUES
from engine.puzzle.model import Puzzle, constraint_cells
from engine.steps import Step

MAX_STEPS = 80
"""Variant steps followed after the assumption before giving up."""

MAX_KEPT = 24
"""The most steps a proof may keep to count as a reasonable chain (else: the solution's digit)."""

NOTES = frozenset({"parity", "cage_sum", "cage_combinations", "xv", "kropki", "greater_than", "thermometer",
                   "xv_negative", "kropki_negative", "non_consecutive_pair"})
"""The techniques whose eliminations stand for the player's notes before the assumption."""

REACH = 1.0
"""How much dearer (technique cost) a step reading the assumption's cells may be than the cheapest step."""


@dataclass(frozen=True)
class VariantWhy:
    """Why ``digit`` cannot go in ``cell`` of a variant: the steps kept and the contradiction they reach
    (None and ``found`` False when no short chain was found), and the solution's digit there."""

    cell: int
    digit: int
    solution_digit: int
    steps: tuple[Step, ...] = ()
    contradiction: dict[str, Any] | None = None
    notes: int = 0  # steps of the constraints' own eliminations made before the assumption
    follows: tuple[bool, ...] = ()  # per step: it rests on the assumption (else it holds as the board is)

    @property
    def found(self) -> bool:
        """True when the steps reach a contradiction."""
        return self.contradiction is not None

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-able dict: cells 0..N*N-1, ``variant`` true, each step as ``Step.to_dict()``."""
        return {"cell": self.cell, "digit": self.digit, "solution_digit": self.solution_digit,
                "found": self.found, "variant": True, "steps": [s.to_dict() for s in self.steps],
                "contradiction": self.contradiction, "notes": self.notes, "follows": list(self.follows)}


def why_wrong_variant(puzzle: Puzzle, digits: Sequence[int], cell: int, digit: int,
                      solution: Sequence[int]) -> VariantWhy:
    """Return why ``digit`` is wrong in ``cell`` of the variant ``puzzle`` (its givens) whose ``solution``
    is known, with the player's ``digits`` (wrong ones other than ``cell``'s are ignored); ValueError for
    a cell off the grid, a given's cell, or the solution's own digit."""
    n_cells = puzzle.n_cells
    if not 0 <= cell < n_cells or not 1 <= digit <= puzzle.size or len(digits) != n_cells:
        raise ValueError(f"cell must be 0-{n_cells - 1} and digit 1-{puzzle.size}, got {cell} and {digit}")
    right = int(solution[cell])
    if puzzle.givens[cell]:
        raise ValueError(f"the cell {cell} is a given ({puzzle.givens[cell]})")
    if digit == right:
        raise ValueError(f"{digit} is the solution's digit in cell {cell}: it is not wrong")
    values = tuple(g or (d if d == solution[i] and i != cell else 0)
                   for i, (g, d) in enumerate(zip(puzzle.givens, digits, strict=True)))
    state = VariantState.start(replace(puzzle, givens=values))  # its regions and constraints kept
    marked = _constraint_notes(state)
    clash = next((p for p in sorted(state.geometry.peers[cell]) if state.values[p] == digit), None)
    if clash is not None:
        return VariantWhy(cell, digit, right, (), {"kind": "clash", "cell": clash, "digit": digit}, marked)
    before = list(state.cands)
    state.place(cell, digit)
    touched = {cell} | {c for c in range(n_cells) if state.cands[c] != before[c]}  # what the assumption moved
    taken: list[tuple[Step, frozenset[int], bool]] = []
    contradiction = _broken(state)
    while contradiction is None and len(taken) < MAX_STEPS:
        step = _next(state, touched)
        if step is None:
            break
        follows = bool(_looks_at(step, state.puzzle) & touched)  # else it holds on the board as it is
        before_values, before = list(state.values), list(state.cands)
        state.apply(step)
        changed = frozenset(c for c in range(n_cells)
                            if state.values[c] != before_values[c] or state.cands[c] != before[c])
        if follows:
            touched |= changed
        taken.append((step, changed, follows))
        contradiction = _broken(state)
    kept = [] if contradiction is None else _kept(taken, contradiction, state.puzzle)
    if contradiction is None or len(kept) > MAX_KEPT:
        return VariantWhy(cell, digit, right, notes=marked)
    return VariantWhy(cell, digit, right, tuple(s for s, _ in kept), contradiction, marked,
                      tuple(f for _, f in kept))


def _constraint_notes(state: VariantState) -> int:
    """Apply the eliminations the cages, lines and dots make on their own (:data:`NOTES`: the notes a
    variant player writes before looking for the mistake; they hold on the board as it is, so the chain
    need not say them); return how many steps that took."""
    count, changed = 0, True
    while changed and count < MAX_STEPS:
        changed = False
        for tech in VARIANT_TECHNIQUES:
            if tech.id not in NOTES:
                continue
            for step in tech.find(state):
                if not step.placements and state.changes(step):
                    state.apply(step)
                    count, changed = count + 1, True
    return count


def _next(state: VariantState, touched: set[int]) -> Step | None:
    """Return the cheapest technique's step that reads a cell the assumption has moved so far (the chain
    grows from it, as a person follows one), looking no further than :data:`REACH` above the cheapest
    step of all, which it falls back to; None when logic is stuck (no guess)."""
    fallback: Step | None = None
    top = 0.0
    for tech in VARIANT_TECHNIQUES:
        if tech.id == "guess" or (fallback is not None and tech.cost > top):
            continue
        for step in tech.find(state):
            if not state.changes(step):
                continue
            if _looks_at(step, state.puzzle) & touched:
                return step
            if fallback is None:
                fallback, top = step, tech.cost + REACH
    return fallback


def _broken(state: VariantState) -> dict[str, Any] | None:
    """Return the contradiction the state holds (an empty cell with no digit left, a digit twice in a
    house), or None."""
    for c, (v, m) in enumerate(zip(state.values, state.cands, strict=True)):
        if not v and not m:
            return {"kind": "no_digit", "cell": c}
    for house in state.geometry.houses:
        seen: dict[int, int] = {}
        for c in house.cells:
            d = state.values[c]
            if d and d in seen:
                return {"kind": "repeat", "digit": d, "cells": [seen[d], c],
                        "house": {"kind": house.kind, "index": house.index, "cells": list(house.cells)}}
            if d:
                seen[d] = c
    for index, con in enumerate(state.puzzle.constraints):
        cells = sorted(set(constraint_cells(con)))
        if cells and _fails(state, con, cells):
            return {"kind": "constraint", "index": index, "cells": cells}
    return None


def _fails(state: VariantState, con: Any, cells: list[int]) -> bool:
    """True when a constraint can no longer hold: its cells filled against it, or a cage or little killer
    whose candidates can no longer make its total."""
    masks = tuple(state.mask(c) for c in cells)
    if all(state.values[c] for c in cells):
        return not _constraints_hold(replace(state.puzzle, constraints=(con,)), state.values)
    if con.kind == "cage" and con.total is not None:
        return not cage_support(con.total, tuple(state.mask(c) for c in con.cells))[1]
    if con.kind == "littlekiller":
        ones = (1,) * len(con.cells)
        return not any(linear_support(tuple(state.mask(c) for c in con.cells), ones, con.total))
    return not all(masks)


def _looks_at(step: Step, puzzle: Puzzle) -> set[int]:
    """Return the cells a step reads: its own, its houses' and the cells of the constraints it uses."""
    detail = step.detail
    cells = set(step.cells) | {c for c, _ in (*step.placements, *step.eliminations)}
    houses = detail.get("houses") or ([detail["house"]] if "house" in detail else [])
    for house in houses:
        cells.update(house.get("cells", ()))
    for key in ("cages", "lines", "dots"):
        for i in detail.get(key, ()):
            cells.update(constraint_cells(puzzle.constraints[i]))
    return cells


def _kept(taken: list[tuple[Step, frozenset[int], bool]], contradiction: dict[str, Any],
          puzzle: Puzzle) -> list[tuple[Step, bool]]:
    """Return the steps the contradiction may rest on, in order, each with whether it rests on the
    assumption (see the module docstring, pass 2)."""
    needed = set(contradiction.get("cells", ()))
    if "cell" in contradiction:
        needed.add(contradiction["cell"])
    if contradiction["kind"] == "repeat":
        needed.update(contradiction["house"]["cells"])
    kept = []
    for step, changed, follows in reversed(taken):
        if changed & needed:
            kept.append((step, follows))
            needed |= _looks_at(step, puzzle)
    return kept[::-1]
