"""A small exact search over the variant logic: the solution a guess places, and whether it is unique.

Propagation applies every step of the cheap techniques (singles and each constraint's own) until
none changes the state, then the search tries each candidate of a cell with the fewest; every full
grid is checked by :func:`~engine.logic.variant.check.is_variant_solution`.  The variant engine's
compiled solver (``engine.solve.variant``) is far faster: :func:`solutions` uses it when it is
there; this search keeps the logic package whole on its own.
"""

from __future__ import annotations

from engine.logic.variant import cages, houses, lines, pairs, rules
from engine.logic.variant.check import is_variant_solution
from engine.logic.variant.state import VariantState, digits_of, popcount
from engine.logic.variant.sums import cage_support, linear_support
from engine.puzzle.model import Puzzle

_PROPAGATORS = (houses.naked_single, houses.hidden_single, rules.anti_knight, rules.anti_king,
                rules.non_consecutive, pairs.parity, cages.cage_sum, cages.cage_combinations,
                pairs.xv, pairs.kropki, pairs.greater_than, pairs.xv_negative, pairs.kropki_negative,
                lines.thermometer, lines.arrow, lines.little_killer, lines.sandwich)
NODE_LIMIT = 200000


def _propagate(state: VariantState) -> bool:
    """Apply the cheap techniques until nothing changes; False when the state runs dry."""
    changed = True
    while changed:
        changed = False
        for find in _PROPAGATORS:
            for step in list(find(state)):  # found on one state, then applied
                if state.changes(step):
                    state.apply(step)
                    changed = True
                    if state.is_broken():
                        return False
    return not state.is_broken() and not _dead(state)


def _dead(state: VariantState) -> bool:
    """True when a cage or line can no longer be filled (its finder then stays silent)."""
    for _, cage in state.cages():
        if not cage_support(cage.total, tuple(state.mask(c) for c in cage.cells))[1]:
            return True
    for con in state.puzzle.constraints:
        if con.kind == "thermo":
            if not any(lines.thermo_bounds([state.mask(c) for c in con.cells], state.size)):
                return True
        elif con.kind == "littlekiller" and not any(
                linear_support(tuple(state.mask(c) for c in con.cells), (1,) * len(con.cells), con.total)):
            return True
    return False


def solutions(puzzle: Puzzle, limit: int = 2) -> list[tuple[int, ...]]:
    """Up to ``limit`` solutions of the puzzle (none when it has none), by the variant engine's compiled
    solver when it is there, else by :func:`search`."""
    try:
        from engine.solve.variant import solutions as compiled

        return list(compiled(puzzle, limit))
    except ImportError:  # the variant engine (or its kernels) not in this tree
        return search(puzzle, limit)


def search(puzzle: Puzzle, limit: int = 2) -> list[tuple[int, ...]]:
    """Up to ``limit`` solutions of the puzzle (none when it has none); RuntimeError past NODE_LIMIT nodes."""
    found: list[tuple[int, ...]] = []
    nodes = 0
    stack = [VariantState.start(puzzle)]
    while stack and len(found) < limit:
        state = stack.pop()
        nodes += 1
        if nodes > NODE_LIMIT:
            raise RuntimeError("the search for the solution went past its node limit")
        if not _propagate(state):
            continue
        empty = [c for c, v in enumerate(state.values) if not v]
        if not empty:
            if is_variant_solution(puzzle, state.values):
                found.append(tuple(state.values))
            continue
        cell = min(empty, key=lambda c: popcount(state.cands[c]))
        for d in reversed(digits_of(state.cands[cell])):
            child = state.copy()
            child.place(cell, d)
            stack.append(child)
    return found
