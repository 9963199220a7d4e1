"""The hint ladder's findings and views on a variant (any size, any constraint): the engine's variant
logic (``engine.variant_next_step``) in place of the classic step driver.

The ladder is the classic one (:mod:`desktop.midend.hints`): a wrong digit, then notes lacking the
solution's digit, then a step shown one level deeper on each press.  What differs is where a variant
step points: a house of any kind, or the constraints it uses (``detail["cages"]``, ``["lines"]``,
``["dots"]``: indices into the shape's constraints, as the snapshot's ``shape.constraints``).  A house
that is a row, a column or a region keeps the classic unit numbering, stretched to N: row r is r,
column c is N + c, region k is 2N + k.  No words are made here: the technique id (and its names from
the engine's registry) and codes go to the page, and at the last level the engine's explanation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from desktop.midend.frames import variant_focus, variant_names, wire_variant_step
from desktop.midend.game import GameError
from desktop.midend.hints import LEVELS, Finding, Ladder, wrong_or_notes
from desktop.midend.shape import Shape


def find(digits: Sequence[int], origins: Sequence[str], notes: Sequence[int],
         solution: Sequence[int] | None, shape: Shape) -> Finding:
    """Return what a variant hint says first; ``solution`` None (not unique) skips the checks against it
    and the last-resort guess."""
    from engine import VariantState, variant_next_step  # the variant logic: loaded only when asked

    found = wrong_or_notes(digits, origins, notes, solution)
    if found is not None:
        return found
    try:
        puzzle = shape.model(digits)
    except ValueError as err:  # a jigsaw whose regions are still being painted
        message = f"The puzzle is not whole yet: {err}"
        raise GameError("invalid_board", message, {"message": str(err)}) from None
    state = VariantState.start(puzzle, None if solution is None else tuple(solution))
    for cell, mask in enumerate(notes):
        if not digits[cell] and mask:
            state.cands[cell] &= mask  # the player's notes are the state the hint reasons from
    cands = [0 if d else m for d, m in zip(digits, state.cands, strict=True)]
    step = variant_next_step(puzzle, state, guess=solution is not None)
    if step is None:
        return Finding("none", cands=cands, shape=shape)
    return Finding("step", step=step, cands=cands, shape=shape)


def view(found: Finding, level: int, last: int) -> dict[str, Any]:
    """Return the JSON-able variant hint at ``level`` (``last``: the level Apply needs): as the classic
    view, plus ``technique_name`` ({"en", "zh"}), ``constraints`` (the indices the step uses) and
    ``house`` ({"kind", "index", "cells"} or None); the step at the last level with ``words``."""
    step, shape = found.step, found.shape
    assert step is not None and shape is not None
    units, house, constraints, focus = variant_focus(step, shape.size)
    digit = step.detail.get("digit", 0) if isinstance(step.detail.get("digit", 0), int) else 0
    out: dict[str, Any] = {
        "level": level,
        "kind": "step",
        "variant": True,
        "technique": step.technique if level >= 2 or step.technique == "guess" else "",
        "technique_name": variant_names(step.technique) if level >= 2 or step.technique == "guess" else None,
        "unit": units[0] if units else -1,
        "digit": digit,
        "house": house,
        "constraints": constraints,
        "highlight": {"units": units[:1], "digit": digit, "cells": focus, "constraints": constraints},
        "can_apply": level >= last,
        "step": wire_variant_step(step, shape.size) if level >= last else None,
    }
    if level >= 3:
        cells = sorted(set(step.cells) | {c for c, _ in step.placements}) or sorted(
            {c for c, _ in (*step.placements, *step.eliminations)})
        changed = (*step.placements, *step.eliminations)
        out["cells"] = cells
        out["digits"] = sorted({d for _, d in step.candidates} or {d for _, d in changed})
        out["highlight"].update(units=units, cells=cells, candidates=[list(p) for p in step.candidates])
    if level >= last:
        out["highlight"]["eliminations"] = [list(p) for p in step.eliminations]
        out["highlight"]["placements"] = [list(p) for p in step.placements]
    return out


def ladder_view(ladder: Ladder) -> dict[str, Any]:
    """The hint for the page: a variant step's view here, anything else the classic ladder's."""
    found = ladder.finding
    if found is not None and found.kind == "step" and found.step is not None and found.shape is not None:
        return view(found, ladder.level, LEVELS)
    return ladder.view()
