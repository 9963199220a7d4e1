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
            cell, digit = step.placements[0] if step.placements else (step.eliminations[0][0], 0)
            kind = "guess" if step.technique == "guess" else "logic"
            yield Event(kind, cell, digit, 0, steps, 0, tuple(step.placements), step)
    except InvalidPuzzleError:
        pass
    yield Event("solved" if all(values) else "failed", -1, 0, 0, steps, 0)


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
    any size or variant); ValueError for an unknown algorithm, a grid that is not 81 digits, or human
    logic on a variant."""
    found = ALGORITHMS.get(algorithm)
    if found is None:
        raise ValueError(f"unknown algorithm {algorithm!r} (expected one of {', '.join(ALGORITHMS)})")
    from engine.puzzle.model import Puzzle

    if isinstance(grid, Puzzle):  # a classic puzzle runs as its 81 digits; a variant in its own search
        if not grid.is_classic:
            from engine.solve.variant_trace import trace as trace_variant

            return trace_variant(grid, algorithm)
        grid = list(grid.givens)
    return found.run([int(v) for v in as_grid(grid)])
