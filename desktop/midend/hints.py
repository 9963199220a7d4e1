"""The hint ladder: each press of Hint shows one level more of the same step, until it can be applied.

1. where to look (a unit, or a digit when the step has no unit),
2. which technique,
3. which cells and candidates,
4. the whole step explained, ready for Apply.

Before any step the hint says what is wrong with the player's board: a digit that is not the
solution's, or notes that have lost a digit the solution needs (the notes are the hint's candidate
state, so a missing candidate would make it reason from a falsehood).  A hint belongs to the board
version it was found on (of that game: a set's puzzles number their versions each on their own): any
move makes a new board, and the ladder starts again at level 1.
Pure: the engine is asked, nothing is threaded, stored or timed here.  No words are made here: the
hint carries codes and parameters the page words (ui/js/learn.js), and at its last level the step with
the engine's words for it.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from desktop.midend.frames import wire_step
from engine import (
    CandidateGrid,
    Step,
    box_of,
    candidate_masks,
    next_step,
)

LEVELS = 4


@dataclass
class Finding:
    """What a first press of Hint found: a wrong digit, notes lacking a digit, a step, or nothing."""

    kind: str  # "wrong" | "notes" | "step" | "none"
    cell: int = -1
    digit: int = 0
    step: Step | None = None
    cands: list[int] = field(default_factory=list)  # the candidate state the step was found on
    shape: Any = None  # a variant's Shape (its step is the variant logic's); None: classic


def candidate_state(digits: Sequence[int], notes: Sequence[int]) -> list[int]:
    """Return the hint's candidates: a cell's notes where it has some (less what its peers hold), else
    every digit its peers leave."""
    masks = candidate_masks(np.asarray(digits, dtype=np.uint8))
    return [0 if d else (int(m) & n if n else int(m)) for d, n, m in zip(digits, notes, masks, strict=True)]


def find(digits: Sequence[int], origins: Sequence[str], notes: Sequence[int],
         solution: Sequence[int] | None) -> Finding:
    """Return what the hint should say first; ``solution`` None (not unique) skips the checks against it."""
    found = wrong_or_notes(digits, origins, notes, solution)
    if found is not None:
        return found
    cands = candidate_state(digits, notes)
    values = [int(d) for d in digits]
    # avoidable rectangles may only use digits the player placed: the engine must know the givens
    givens = sum(1 << cell for cell, origin in enumerate(origins) if origin == "given")
    step = next_step(CandidateGrid(values, cands[:], givens), unique=solution is not None)
    if step is None:
        return Finding("none", cands=cands)
    return Finding("step", step=step, cands=cands)


def wrong_or_notes(digits: Sequence[int], origins: Sequence[str], notes: Sequence[int],
                   solution: Sequence[int] | None) -> Finding | None:
    """Return the player's first wrong digit, else the first notes lacking the solution's digit, else
    None (always None when the solution is not known)."""
    if solution is None:
        return None
    for cell, (d, origin) in enumerate(zip(digits, origins, strict=True)):
        if d and origin != "given" and d != solution[cell]:
            return Finding("wrong", cell, d)
    for cell, (d, n) in enumerate(zip(digits, notes, strict=True)):
        if not d and n and not n >> (solution[cell] - 1) & 1:
            return Finding("notes", cell, solution[cell])
    return None


class Ladder:
    """The hint on screen: the board it belongs to, what was found, and how deep it is shown.

    A board is named by a key the caller makes from the game and its version.
    """

    def __init__(self) -> None:
        self.board: Hashable = None
        self.level = 0
        self.finding: Finding | None = None

    def current(self, board: Hashable) -> bool:
        """True when a hint is shown for ``board``."""
        return self.finding is not None and board == self.board

    def deeper(self, board: Hashable) -> bool:
        """Go one level deeper if the hint still belongs to ``board``; False when a new one is needed."""
        if not self.current(board):
            return False
        if self.finding.kind == "step":
            self.level = min(self.level + 1, LEVELS)
        return True

    def start(self, board: Hashable, finding: Finding) -> None:
        """Show ``finding`` at level 1 for ``board``."""
        self.board, self.level, self.finding = board, 1, finding

    def ready(self, board: Hashable) -> Finding | None:
        """Return the finding when its whole step is shown for ``board`` (Apply may use it), else None."""
        found = self.finding
        if not self.current(board) or found.kind != "step" or self.level < LEVELS:
            return None
        return found

    def view(self) -> dict[str, Any]:
        """Return the JSON-able hint for the page: codes and parameters it words (the level, what to look
        at, the technique, cells and digits), what to highlight, and at the last level the step itself
        with the engine's words for it."""
        found = self.finding
        if found is None:
            return {"level": 0, "kind": "none", "highlight": {}, "can_apply": False}
        if found.kind != "step" or found.step is None:
            return {"level": 1, "kind": found.kind, "cell": found.cell, "digit": found.digit,
                    "highlight": {"cells": [found.cell] if found.cell >= 0 else []}, "can_apply": False}
        step, level = found.step, self.level
        unit, digit = _focus(step)
        out: dict[str, Any] = {
            "level": level,
            "kind": "step",
            # a guess is no reasoning: the page says so from the first level rather than "look at …"
            "technique": step.technique if level >= 2 or step.technique == "guess" else "",
            "unit": unit,
            "digit": digit,
            "highlight": _highlight(step, level),
            "can_apply": level >= LEVELS,
            "step": wire_step(step) if level >= LEVELS else None,
        }
        if level >= 3:
            changed = (*step.placements, *step.eliminations)
            out["cells"] = _cells(step)
            out["digits"] = sorted({d for _, d in step.candidates} or {d for _, d in changed})
        return out


def _focus(step: Step) -> tuple[int, int]:
    """Return (unit, digit) to point at first: the step's first unit, else its one digit, else the box
    of its first cell; the other is -1 / 0."""
    if step.units:
        return step.units[0], 0
    digits = {d for _, d in (*step.placements, *step.eliminations, *step.candidates)}
    if len(digits) == 1:
        return -1, digits.pop()
    return 18 + box_of(_cells(step)[0]), 0


def _cells(step: Step) -> list[int]:
    """Return the pattern's cells (and where it places), or the cells it changes when it names none."""
    if step.cells:
        return sorted(set(step.cells) | {c for c, _ in step.placements})
    return sorted({c for c, _ in (*step.placements, *step.eliminations)})


def _highlight(step: Step, level: int) -> dict[str, Any]:
    unit, digit = _focus(step)
    out: dict[str, Any] = {"units": [unit] if unit >= 0 else [], "digit": digit}
    if level >= 3:
        out["units"] = list(step.units) or out["units"]
        out["cells"] = _cells(step)
        out["candidates"] = [list(p) for p in step.candidates]
    if level >= LEVELS:
        out["eliminations"] = [list(p) for p in step.eliminations]
        out["placements"] = [list(p) for p in step.placements]
        out["links"] = [[list(a), list(b), strong] for a, b, strong in step.links]
    return out
