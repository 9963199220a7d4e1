"""Where the desktop turns the engine's solve events into run frames: the one place that knows the
engine's trace (``engine.trace``: one event stream for backtracking, smart search and human logic)
and the one wire form of an event the page's ``solve`` frames carry.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any


def engine_trace(grid: Sequence[int], algorithm: str) -> Iterator[Any]:
    """Return the engine's lazy event stream of ``algorithm`` over ``grid``; ValueError for an unknown one."""
    from engine import trace  # loaded on the worker, never on the UI's thread

    return iter(trace([int(d) for d in grid], algorithm))


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
        from engine import explain  # on the worker, like the trace

        out["explain"] = {"en": explain(step, "en"), "zh": explain(step, "zh")}
    return out
