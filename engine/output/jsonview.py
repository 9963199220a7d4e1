"""The CLI's JSON view of a step: everything counted from 1, as people count.

:meth:`Step.to_dict` is the engine's own wire form (saves, the desktop): cells 0-80, units 0-26.
Here that becomes the form ``sudoku hint --json`` and ``sudoku explain --json`` print: every cell
``[row, col]`` (1-9), every candidate ``[row, col, digit]`` and every unit ``[kind, number]``
(``["box", 6]``), at the top level and under ``detail`` alike.  ``detail`` is each technique's own
record, so its keys are converted by name (:data:`DETAIL`); a key holding only text, digits or
counts passes unchanged (:data:`PLAIN`).  The test walks every technique's steps and fails on a
key in neither table, so a new technique cannot bring 0-based cells back unnoticed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.grid import unit_name
from engine.steps import Step
from engine.words.wording import explain


def rc(cell: int) -> list[int]:
    """Return cell 0-80 as ``[row, col]`` counted from 1 (no check: callers pass cells)."""
    return [cell // 9 + 1, cell % 9 + 1]


def cand(pair: list[int] | tuple[int, int]) -> list[int]:
    """Return a (cell, digit) pair as ``[row, col, digit]`` (a negative digit, "assumed false", kept)."""
    return [*rc(pair[0]), pair[1]]


def unit(u: int) -> list[Any]:
    """Return unit 0-26 as ``[kind, number]``, e.g. ``["box", 6]``; IndexError outside 0-26."""
    kind, index = unit_name(u)
    return [kind, index + 1]


def _cells(value: Any) -> Any:
    return [rc(c) for c in value] if isinstance(value, list) else value


def _cands(value: Any) -> Any:
    return [cand(p) for p in value] if isinstance(value, list) else value


def _units(value: Any) -> Any:
    return [unit(u) for u in value] if isinstance(value, list) else value  # basic fish: text


def _cells_or_cands(value: Any) -> Any:
    """A list of cells (unique loops' extras) or of (cell, digit) pairs (BUG+n's extras)."""
    if isinstance(value, list) and value and isinstance(value[0], list):
        return _cands(value)
    return _cells(value)


def _sets(value: Any) -> Any:
    """ALS-chain: each set's cells; chains: ``[link number, the set's cells, its digits]``; ALS: text."""
    if not isinstance(value, list):
        return value
    out = []
    for s in value:
        if len(s) == 3 and isinstance(s[1], list):  # a chain's set: [link index, cells, digits text]
            out.append([s[0] + 1, _cells(s[1]), s[2]])
        else:
            out.append(_cells(s))
    return out


def _dry(dry: list) -> list:
    """What ran dry in a forcing branch (``["cell", c]``, ``["unit", u, d]``, ``["both", c, d]``,
    ``["clash"]``), its cell, unit and candidate counted from 1."""
    kind, *rest = dry
    if kind == "cell":
        return [kind, rc(rest[0])]
    if kind == "unit":
        return [kind, unit(rest[0]), rest[1]]
    if kind == "both":
        return [kind, cand(rest)]
    return list(dry)


def _branch(record: dict[str, Any]) -> dict[str, Any]:
    out = {**record, "assume": cand(record["assume"]), "placed": _cands(record["placed"])}
    if "dry" in record:
        out["dry"] = _dry(record["dry"])
    return out


def _branches(value: Any) -> Any:
    return [_branch(r) for r in value]


def _nodes(value: Any) -> Any:
    """A chain's nodes: ``[digit, cells]`` each."""
    return [[digit, _cells(cells)] for digit, cells in value]


def _kraken_chains(value: Any) -> Any:
    """Kraken fish: ``[start cell, the placement removing the target, placements made, broken]`` each."""
    return [[rc(start), cand((c, d)), length, broken] for start, c, d, length, broken in value]


def _one_cell(value: Any) -> Any:
    return rc(value) if isinstance(value, int) else value  # some techniques name the cell in text


DETAIL: dict[str, Callable[[Any], Any]] = {
    "base": _units,
    "branches": _branches,
    "cell": _one_cell,
    "chains": _kraken_chains,
    "cover": _units,
    "cover2": _units,
    "extras": _cells_or_cands,
    "first": _cands,  # 3D Medusa's colours (text in an ALS-chain: passed through)
    "nodes": _nodes,
    "second": _cands,
    "sets": _sets,
    "subset": _cells,
    "target": cand,
    "unit": unit,
}
"""``detail`` keys that hold cells, candidates or units, and how each becomes 1-based."""

PLAIN = frozenset({
    "across", "box", "box_cells", "box_digits", "chain", "col_digits", "colours", "cols", "companions",
    "core", "corner", "count", "digit", "digits", "ends", "extra", "far", "fins", "fins2", "fish_en",
    "fish_zh", "kind", "last", "length", "line_cells", "line_digits", "link", "link_digit", "locked",
    "n", "options", "pair", "pincers", "pivot", "rccs", "reason", "roof", "row_digits", "rows", "score",
    "set", "size", "source", "stem", "strong", "subset_digits", "targets", "triple", "blockers", "type",
    "x", "y", "z",
})
"""``detail`` keys that hold only text (cells already named ``r1c2``), digits, counts or 1-based numbers."""


def step_json(step: Step) -> dict[str, Any]:
    """Return the CLI's JSON view of :meth:`Step.to_dict`: the same keys, every cell, candidate and unit
    counted from 1 (under ``detail`` too), plus ``explanation`` in both languages."""
    data = step.to_dict()
    detail = {k: DETAIL[k](v) if k in DETAIL else v for k, v in data["detail"].items()}
    return {
        **data,
        "placements": _cands(data["placements"]),
        "eliminations": _cands(data["eliminations"]),
        "cells": _cells(data["cells"]),
        "units": [unit(u) for u in data["units"]],
        "candidates": _cands(data["candidates"]),
        "links": [[cand(a), cand(b), strong] for a, b, strong in data["links"]],
        "detail": detail,
        "explanation": {"en": explain(step, "en"), "zh": explain(step, "zh")},
    }
