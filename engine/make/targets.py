"""Generation by technique: keep a puzzle whose logical path needs one technique and nothing harder.

A puzzle *needs* a technique when the rating's path (:func:`engine.rating.difficulty.rate`'s steps: the
driver's cheapest step, again and again) uses it at least once.  *Nothing harder than* technique H
means every step of the path costs (:func:`engine.logic.techniques.step_cost`) at most what a step of H
costs at least (:func:`engine.rating.difficulty.technique_cost`), or is itself a step of H (a forcing chain
or an AIC through a group costs more than its technique's floor: it is still that technique).

The path is followed lazily and stops at its first step that is too hard, so most rejected
puzzles cost a few steps, not a whole rating; a puzzle that has used the technique by then is
repaired (a given added where the harder step was) rather than thrown away.  How rare a technique
is decides the time: of the generator's minimal puzzles (3,973, seed 1) an X-wing is on 7.6% of the
paths, a swordfish on 1.6%, a death blossom on 0.2%; with nothing harder than the X-wing allowed,
about 1 in 200 puzzles (repairs included) qualifies (benchmarks/bench_generate_needs.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from engine.steps import Step

Accept = Callable[[np.ndarray], bool]

NEEDS_TIME_LIMIT = 30.0
"""Seconds :func:`engine.make.generator.generate` looks for a puzzle needing a technique by default."""


def check_target(needs: str, hardest: str | None = None) -> tuple[str, str]:
    """Return (needs, hardest), hardest defaulting to needs; ValueError for an unknown technique, for
    ``guess`` (a guess cannot be asked for) or for a ``hardest`` cheaper than ``needs``."""
    from engine.logic.techniques import technique_cost

    hardest = needs if hardest is None else hardest
    for tid in (needs, hardest):
        try:
            technique_cost(tid)
        except KeyError:
            raise ValueError(f"unknown technique {tid!r}") from None
        if tid == "guess":
            raise ValueError("a guess is not a technique a puzzle can be made to need")
    if technique_cost(hardest) < technique_cost(needs):
        raise ValueError(
            f"{hardest} ({technique_cost(hardest):.1f}) is easier than {needs} ({technique_cost(needs):.1f})"
        )
    return needs, hardest


def aim_technique(
    needs: str,
    hardest: str | None = None,
    also: Accept | None = None,
    image: Callable[[int], int] | None = None,
) -> Callable[[np.ndarray, np.ndarray], np.ndarray | None]:
    """Return a function of (unique puzzle, its solution) giving a puzzle whose path uses ``needs``
    and nothing harder than ``hardest`` (and that ``also`` keeps), or None; raises ValueError as
    :func:`check_target` does.

    A puzzle whose path uses ``needs`` and then meets a harder step is *repaired*, not thrown away:
    the solution's digit goes into a cell that step would settle (and into its ``image`` under the
    generator's symmetry) as a new given, and the path is walked again, up to MAX_REPAIRS times.
    The puzzle stays unique (a given from its solution) but may no longer be minimal.
    """
    walk = _walker(*check_target(needs, hardest))

    def aim(puzzle: np.ndarray, solution: np.ndarray) -> np.ndarray | None:
        puzzle = puzzle.copy()
        for _ in range(MAX_REPAIRS + 1):
            used, too_hard = walk(puzzle)
            if not used:
                return None
            if too_hard is None:
                return puzzle if also is None or also(puzzle) else None
            cell = _settled_cell(too_hard)
            for c in {cell, image(cell) if image else cell}:
                puzzle[c] = solution[c]
        return None

    return aim


MAX_REPAIRS = 3
"""How many harder steps :func:`aim_technique` replaces by a given before giving a puzzle up."""


def _settled_cell(step: Step) -> int:
    """Return a cell whose digit the step places or narrows (the first placement, else elimination)."""
    return (step.placements or step.eliminations)[0][0]


def _walker(needs: str, hardest: str) -> Callable[[np.ndarray], tuple[bool, Step | None]]:
    """Return a function walking a unique puzzle's rating path: whether it used ``needs`` before the
    first step harder than ``hardest`` (None if there is none, and the whole path was walked)."""
    from engine.logic.human import iter_steps
    from engine.logic.techniques import step_cost as step_score
    from engine.logic.techniques import technique_cost

    ceiling = technique_cost(hardest)

    def walk(puzzle: np.ndarray) -> tuple[bool, Step | None]:
        used = False
        for step in iter_steps(puzzle, unique=True):
            if step.technique != hardest and step_score(step) > ceiling:
                return used, step
            used = used or step.technique == needs
        return used, None

    return walk
