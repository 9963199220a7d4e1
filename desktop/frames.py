"""Where the desktop turns the engine's solve events into run frames: the one place that knows the
engine's trace (backtracking and smart search from ``engine.trace``, human logic from its step driver)
and the one wire form of an event the page's ``solve`` frames carry.  Kept small on purpose: when the
engine gives one event stream for every algorithm, only this module changes.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

from desktop.midend.timeline import RunEvent


def engine_trace(grid: Sequence[int], algorithm: str) -> Iterator[Any]:
    """Return the lazy event stream of ``algorithm`` over ``grid``; ValueError for an unknown algorithm."""
    if algorithm == "human":
        return logic_trace(grid)
    from engine import trace  # loaded on the worker, never on the UI's thread

    return iter(trace(np.asarray(grid, dtype=np.uint8), algorithm))


def logic_trace(grid: Sequence[int]) -> Iterator[RunEvent]:
    """Yield the engine's easiest-first logical steps over ``grid`` as events, then solved or failed.

    Lazy like the search traces: a step is found only when the display asks for it.  The engine's
    last resort (a "guess" from the exact solver) keeps every solvable puzzle going to the end.
    """
    from engine import InvalidPuzzleError, iter_steps

    values = [int(d) for d in grid]
    steps = 0
    try:
        for step in iter_steps(values):
            steps += 1
            for c, d in step.placements:
                values[c] = d
            where = step.placements[0] if step.placements else (step.eliminations[0][0], 0)
            kind = "guess" if step.technique == "guess" else "logic"  # the solver's digit, not logic
            yield RunEvent(kind, where[0], where[1], 0, steps, 0, tuple(step.placements), step)
    except InvalidPuzzleError:
        pass
    yield RunEvent("solved" if all(values) else "failed", -1, 0, 0, steps, 0)


def event_dict(ev: Any) -> dict[str, Any]:
    """Return the JSON-able form of one event (kind, cell, digit, depth, forced; logic steps add more)."""
    out = {
        "kind": str(ev.kind),
        "cell": int(ev.cell),
        "digit": int(ev.digit),
        "depth": int(ev.depth),
        "forced": [[int(c), int(d)] for c, d in (ev.forced or ())],
    }
    step = getattr(ev, "step", None)
    if step is not None:
        # as a hint answers: the step's one wire form, and its texts for the page to show
        out["step"] = step.to_dict()
        out["explain"] = {"en": step.explain("en"), "zh": step.explain("zh")}
    return out
