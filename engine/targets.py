"""Generation by technique: keep a puzzle whose logical path needs one technique and nothing harder.

A puzzle *needs* a technique when the rating's path (:func:`engine.rating.rate`'s steps: the
driver's cheapest step, again and again) uses it at least once.  *Nothing harder than* technique H
means every step of the path costs (:func:`engine.rating.step_score`) at most what a step of H
costs at least (:func:`engine.rating.technique_cost`), or is itself a step of H (a forcing chain
or an AIC through a group costs more than its technique's floor: it is still that technique).

The predicate follows the path lazily and rejects a puzzle at its first step that is too hard, so
most rejected puzzles cost a few steps, not a whole rating.  How rare a technique is decides the
time: from the generator's minimal puzzles (60 s, 3,973 puzzles, seed 1), an X-wing is on 7.6% of
the paths, a swordfish on 1.6%, a death blossom on 0.2% (benchmarks/bench_generate_needs.py).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

Accept = Callable[[np.ndarray], bool]

NEEDS_TIME_LIMIT = 30.0
"""Seconds :func:`engine.generator.generate` looks for a puzzle needing a technique by default."""


def check_target(needs: str, hardest: str | None = None) -> tuple[str, str]:
    """Return (needs, hardest), hardest defaulting to needs; ValueError for an unknown technique, for
    ``guess`` (a guess cannot be asked for) or for a ``hardest`` cheaper than ``needs``."""
    from engine.rating import technique_cost

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


def accept_technique(needs: str, hardest: str | None = None, also: Accept | None = None) -> Accept:
    """Return a predicate keeping the unique puzzles whose rating path uses ``needs`` and nothing
    harder than ``hardest`` (default: ``needs``), and that ``also`` keeps; raises ValueError as
    :func:`check_target` does."""
    from engine.human import iter_steps
    from engine.rating import step_score, technique_cost

    needs, hardest = check_target(needs, hardest)
    ceiling = technique_cost(hardest)

    def accept(puzzle: np.ndarray) -> bool:
        if also is not None and not also(puzzle):
            return False
        used = False
        for step in iter_steps(puzzle, unique=True):
            if step.technique != hardest and step_score(step) > ceiling:
                return False
            used = used or step.technique == needs
        return used

    return accept
