"""Where the desktop turns the engine's solve events into run frames: the one place that knows the
engine's trace (``engine.trace``: one event stream for backtracking, smart search and human logic)
and the one wire form of an event the page's ``frame`` events carry, and of a step wherever one
crosses to the page (a run's event, a hint at its last level, the trainer's answer): its data and the
engine's words for it, in one field.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

_UNIT_KINDS = {"row": 0, "col": 1, "box": 2, "region": 2}


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


def wire_variant_step(step: Any, size: int) -> dict[str, Any]:
    """Return a variant logic step (of a board of ``size``) as it crosses to the page: ``Step.to_dict()``
    with ``units`` where it points (row r, column N + c, region 2N + k), ``constraints`` (the indices of
    the cages, lines and dots it uses, also as ``highlight.constraints``: what the page draws), ``words``
    (the engine's explanation, {"en", "zh"}) and ``name`` (the technique's, {"en", "zh"})."""
    from engine import explain_variant

    units, _, constraints, _ = variant_focus(step, size)
    words = {lang: explain_variant(step, lang) for lang in ("en", "zh")}
    return {**step.to_dict(), "units": units, "constraints": constraints,
            "highlight": {"constraints": constraints}, "words": words, "name": variant_names(step.technique)}


def variant_names(technique: str) -> dict[str, str]:
    """Return a variant technique's names ({"en", "zh"}; its id for both when the registry lacks it)."""
    from engine import VARIANT_TECHNIQUES

    record = next((t for t in VARIANT_TECHNIQUES if t.id == technique), None)
    if record is None:
        return {"en": technique, "zh": technique}
    return {"en": record.name_en, "zh": record.name_zh}


def variant_focus(step: Any, size: int) -> tuple[list[int], dict[str, Any] | None, list[int], list[int]]:
    """Return where a variant step points: its unit ids (rows, columns, regions), its first house, the
    constraints it uses, and the cells to look at first."""
    detail = step.detail
    houses = detail.get("houses") or ([detail["house"]] if "house" in detail else [])
    units = [_UNIT_KINDS[h["kind"]] * size + h["index"] for h in houses if h.get("kind") in _UNIT_KINDS]
    constraints = sorted({i for key in ("cages", "lines", "dots") for i in detail.get(key, ())})
    house = None
    if houses:
        first = houses[0]
        house = {"kind": first["kind"], "index": first["index"], "cells": list(first["cells"])}
    if house is not None:
        focus = house["cells"]
    elif constraints and "cage" in detail:
        focus = list(detail["cage"]["cells"])
    else:
        focus = sorted(set(step.cells) or {c for c, _ in (*step.placements, *step.eliminations)})
    return units, house, constraints, focus


def event_dict(ev: Any, size: int = 0) -> dict[str, Any]:
    """Return the JSON-able form of one event (kind, cell, digit, depth, forced; logic steps add more:
    the variant logic's on a board of ``size`` N, the classic's when ``size`` is 0)."""
    out = {
        "kind": str(ev.kind),
        "cell": int(ev.cell),
        "digit": int(ev.digit),
        "depth": int(ev.depth),
        "forced": [[int(c), int(d)] for c, d in (ev.forced or ())],
    }
    step = getattr(ev, "step", None)
    if step is not None:
        out["step"] = wire_variant_step(step, size) if size else wire_step(step)
    return out
