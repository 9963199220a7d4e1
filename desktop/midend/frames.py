"""Where the desktop turns the engine's solve events into run frames: the one place that knows the
engine's trace (``engine.trace``: one event stream for backtracking, smart search and human logic)
and the one wire form of an event the page's ``frame`` events carry, and of a step wherever one
crosses to the page (a run's event, a hint at its last level, the trainer's answer): its data and the
engine's words for it, in one field.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def engine_trace(grid: Any, algorithm: str) -> Iterator[Any]:
    """Return the engine's lazy event stream of ``algorithm`` over ``grid`` (81 digits, or an engine
    Puzzle of any size and constraints); ValueError for an unknown algorithm."""
    from engine import Puzzle, trace  # loaded on the worker, never on the UI's thread

    if isinstance(grid, Puzzle):
        return iter(trace(grid, algorithm))
    return iter(trace([int(d) for d in grid], algorithm))


def wire_step(step: Any) -> dict[str, Any]:
    """Return a step as it crosses to the page: ``Step.to_dict()`` plus ``words``, the engine's
    explanation in each language (``{"en", "zh"}``); never fails for a step the engine made."""
    from engine import explain  # the wording loads every family of techniques: only when asked

    return {**step.to_dict(), "words": {lang: explain(step, lang) for lang in ("en", "zh")}}


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
        out["step"] = wire_step(step)  # on the worker, like the trace
    return out
