"""The variant step driver: solve like a person, one easiest step at a time, and the level it takes.

:func:`variant_next_step` tries the registry's techniques cheapest first and returns the first step
that changes the state; :func:`variant_path` applies such steps until the grid is full, ending a
failed logical path with ``guess`` steps (the solution's digit), as the classic driver does.

Levels (:func:`rate_variant`) come from the path's hardest step, by technique cost:

    level    hardest cost   what it takes
    easy     <= 2.0         singles, one-combination cages, the rules, dots, XV, thermometers
    medium   <= 3.0         locked candidates, cage combinations and overlaps, arrows, little
                            killers, naked pairs, the 45 rule on one house, sandwiches
    hard     <= 4.0         hidden pairs, naked and hidden triples, X-wing, swordfish, the 45 rule on
                            several houses, the cages of a house fitted together
    expert   < 10           quads, jellyfish, wings, X-, XY- and alternating inference chains,
                            contradiction and forcing chains
    extreme  10             a guess: logic (these techniques) alone does not finish

The costs of the house techniques are Sudoku Explainer's (full house 1.0 ... hidden quad 5.4), so a
classic puzzle's level here is read on SE's ladder; no public reference rates variant techniques, so
each variant technique got the SE cost of the house technique a person's reasoning about it
resembles most: a one-combination cage or a dot's pair table is a naked-single-like look at one
group of cells (1.6-1.8); several combinations, a cage crossing a house and a line's sum are
locked-candidate-like (2.4-2.8); the 45 rule on one house is pair-like (3.0), on several houses
triple-like (3.8).  docs/variant-levels.md says the same with the measured figures.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.logic.variant.state import VariantState
from engine.logic.variant.techniques import GUESS_COST, VARIANT_TECHNIQUES, variant_technique
from engine.puzzle.model import Puzzle
from engine.steps import Step

LEVELS = (("easy", "简单", 2.0), ("medium", "中等", 3.0), ("hard", "困难", 4.0),
          ("expert", "专家", GUESS_COST - 0.01), ("extreme", "极限", GUESS_COST))


def variant_next_step(puzzle: Puzzle, state: VariantState | None = None, technique: str | None = None,
                      guess: bool = True, ceiling: float = GUESS_COST) -> Step | None:
    """The easiest step on ``state`` (the puzzle's start by default), or ``technique``'s first step, or
    None when nothing of cost at most ``ceiling`` fires (a guess only when the state knows the solution
    and ``guess``); KeyError for an unknown technique."""
    state = state or VariantState.start(puzzle)
    chosen = [variant_technique(technique)] if technique else VARIANT_TECHNIQUES
    for tech in chosen:
        if (tech.id == "guess" and not guess) or tech.cost > ceiling:
            continue
        for step in tech.find(state):
            if state.changes(step):
                return step
    return None


def variant_steps(state: VariantState, technique: str | None = None) -> list[Step]:
    """Every distinct step that changes ``state``, of every technique cheapest first (no guess), or of
    ``technique``; KeyError for an unknown technique."""
    chosen = ([variant_technique(technique)] if technique
              else [t for t in VARIANT_TECHNIQUES if t.id != "guess"])
    out, seen = [], set()
    for tech in chosen:
        for step in tech.find(state):
            if step not in seen and state.changes(step):
                seen.add(step)
                out.append(step)
    return out


def variant_path(puzzle: Puzzle, solution: tuple[int, ...] | None = None,
                 keep_going: Callable[[], bool] | None = None, ceiling: float = GUESS_COST) -> list[Step]:
    """The steps that solve the puzzle, easiest first, guessing the solution's digit where logic stops;
    ``solution`` is found by search when not given (RuntimeError if the puzzle has none); the path so far
    once ``keep_going`` (asked before each step: a hard killer's path takes seconds) answers False, or
    where no technique of cost at most ``ceiling`` goes on."""
    if solution is None:
        from engine.logic.variant.search import solutions

        found = solutions(puzzle, 1)
        if not found:
            raise RuntimeError("the puzzle has no solution")
        solution = found[0]
    state = VariantState.start(puzzle, tuple(solution))
    path = []
    while not state.is_solved() and not state.is_broken():
        if keep_going is not None and not keep_going():
            break
        step = variant_next_step(puzzle, state, ceiling=ceiling)
        if step is None:
            break
        state.apply(step)
        path.append(step)
    return path


@dataclass(frozen=True)
class VariantRating:
    """A variant puzzle's level, its hardest step's cost and technique, and its path."""

    level: str
    level_zh: str
    score: float
    hardest: str
    steps: tuple[Step, ...]

    @property
    def logic_only(self) -> bool:
        return all(s.technique != "guess" for s in self.steps)


def level_of(cost: float) -> tuple[str, str]:
    """The level (English, Chinese) of a hardest step's cost."""
    for en, zh, top in LEVELS:
        if cost <= top:
            return en, zh
    return LEVELS[-1][0], LEVELS[-1][1]


def rate_variant(puzzle: Puzzle, solution: tuple[int, ...] | None = None,
                 keep_going: Callable[[], bool] | None = None,
                 ceiling: float = GUESS_COST) -> VariantRating | None:
    """The puzzle's level from its path's hardest step; RuntimeError for a puzzle with no solution, None
    when ``keep_going`` (asked before each step) answered False before the path was done, or when the
    path needs a technique of cost above ``ceiling`` (a generator's quick "harder than this level": the
    cheaper techniques choose the same steps, and the dear chains past it are never searched)."""
    path = variant_path(puzzle, solution, keep_going, ceiling)
    if keep_going is not None and not keep_going():
        return None
    placed = {c for s in path for c, _ in s.placements} | {c for c, d in enumerate(puzzle.givens) if d}
    if len(placed) < puzzle.n_cells:  # stopped under the ceiling
        return None
    costs = [(variant_technique(s.technique).cost, s.technique) for s in path] or [(0.0, "")]
    score, hardest = max(costs)
    en, zh = level_of(score)
    return VariantRating(en, zh, score, hardest, tuple(path))
