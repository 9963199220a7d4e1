"""One trace for every solve algorithm: backtracking, smart search and human logic, as one stream of
:class:`~engine.solve.search.Event` values a display replays.

:data:`ALGORITHMS` lists the algorithms with their names in English and Chinese, in the order a
menu shows them.  The search algorithms' events are described in :mod:`engine.solve.search`; human
logic's are:

* ``logic``: one easiest-first step (its :class:`~engine.steps.Step` in ``step``); ``forced`` holds
  its placements, ``cell`` and ``digit`` its first placement (or its first elimination's cell
  and 0); ``steps`` counts the steps so far.
* ``guess``: the same for the driver's last resort, the solution's digit for one cell (not logic).
* ``solved`` or ``failed``: the last event; ``failed`` when the givens repeat a digit or the
  candidates reach a dead end (no solution).

On a variant puzzle (a model :class:`~engine.puzzle.model.Puzzle` that is not classic) human logic is
the variant logic's (:mod:`engine.logic.variant`): the same events, each step found one at a time on a
:class:`~engine.logic.variant.state.VariantState`, its guesses the digits of the solution the variant
solver finds first (so a display shows a guess where logic stops, as for a classic puzzle).

The candidates a display shows during human logic are ``CandidateGrid.from_grid(start)`` with each
event's step applied in turn (:meth:`engine.candidates.CandidateGrid.apply`); searches have no
candidate state beyond the placed digits.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from engine.grid import as_grid
from engine.solve.search import RUNS, Event


class Algorithm(NamedTuple):
    """A solve algorithm: its id, its names and its event stream over a grid's 81 digits."""

    id: str
    name_en: str
    name_zh: str
    run: Callable[[list[int]], Iterator[Event]]


def _human(values: list[int]) -> Iterator[Event]:
    """Yield human logic's events over ``values``: each step as it is found, then solved or failed."""
    from engine.errors import InvalidPuzzleError
    from engine.logic.human import iter_steps  # the strategies: loaded only when human logic runs

    steps = 0
    try:
        for step in iter_steps(values):
            steps += 1
            for c, d in step.placements:
                values[c] = d
            yield _step_event(step, steps)
    except InvalidPuzzleError:
        pass
    yield Event("solved" if all(values) else "failed", -1, 0, 0, steps, 0)


def _step_event(step: Any, steps: int) -> Event:
    """Return human logic's event for its ``steps``-th step (a logic step, or a guess)."""
    cell, digit = step.placements[0] if step.placements else (step.eliminations[0][0], 0)
    kind = "guess" if step.technique == "guess" else "logic"
    return Event(kind, cell, digit, 0, steps, 0, tuple(step.placements), step)


def human_variant(puzzle: Any) -> Iterator[Event]:
    """Yield the variant logic's events over a variant ``puzzle``, each step as it is found (nothing is
    worked out before the first is asked for), then solved, or failed when it has no solution."""
    from engine.logic.variant.driver import variant_next_step  # the variant logic: only when it runs
    from engine.logic.variant.search import solutions
    from engine.logic.variant.state import VariantState

    found = solutions(puzzle, 1)  # the guesses' digits; none: the givens lead nowhere
    state = VariantState.start(puzzle, found[0] if found else None)
    steps = 0
    while found and not state.is_solved() and not state.is_broken():
        step = variant_next_step(puzzle, state)
        if step is None:
            break
        state.apply(step)
        steps += 1
        yield _step_event(step, steps)
    yield Event("solved" if found and state.is_solved() and not state.is_broken() else "failed",
                -1, 0, 0, steps, 0)


ALGORITHMS: dict[str, Algorithm] = {
    a.id: a
    for a in (
        Algorithm("naive", "Backtracking", "回溯法", RUNS["naive"]),
        Algorithm("smart", "Smart search", "智能搜索", RUNS["smart"]),
        Algorithm("human", "Human logic", "人类逻辑", _human),
    )
}


def trace(grid: Any, algorithm: str = "naive") -> Iterator[Event]:
    """Return a lazy iterator of ``algorithm``'s events over ``grid`` (81 digits, or a model Puzzle of
    any size or variant: human logic then runs the variant logic); ValueError for an unknown algorithm or
    a grid that is not 81 digits."""
    found = ALGORITHMS.get(algorithm)
    if found is None:
        raise ValueError(f"unknown algorithm {algorithm!r} (expected one of {', '.join(ALGORITHMS)})")
    from engine.puzzle.model import Puzzle

    if isinstance(grid, Puzzle):  # a classic puzzle runs as its 81 digits; a variant in its own search
        if not grid.is_classic and algorithm == "human":
            return human_variant(grid)
        if not grid.is_classic:
            from engine.solve.variant_trace import trace as trace_variant

            return trace_variant(grid, algorithm)
        grid = list(grid.givens)
    return found.run([int(v) for v in as_grid(grid)])
