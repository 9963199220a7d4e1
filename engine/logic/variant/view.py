"""The CLI's JSON view of a variant step: cells ``[row, col]`` and candidates ``[row, col, digit]``
counted from 1 (as the classic view, :mod:`engine.jsonview`), plus what the page draws: ``cages``,
``lines``, ``dots`` and ``houses`` with their cells, and ``explanation`` in both languages.
``detail`` is the step's own record as the engine keeps it (cells 0..N*N-1)."""

from __future__ import annotations

from typing import Any

from engine.logic.variant.words import explain_variant, technique_name
from engine.puzzle.model import Puzzle, constraint_cells
from engine.steps import Step


def _rc(cell: int, n: int) -> list[int]:
    return [cell // n + 1, cell % n + 1]


def variant_step_json(step: Step, puzzle: Puzzle) -> dict[str, Any]:
    """The JSON-able view of a variant step of ``puzzle`` (IndexError for a constraint index it lacks)."""
    n = puzzle.size
    d = step.detail
    out: dict[str, Any] = {
        "technique": step.technique,
        "name": {"en": technique_name(step.technique, "en"), "zh": technique_name(step.technique, "zh")},
        "placements": [[*_rc(c, n), v] for c, v in step.placements],
        "eliminations": [[*_rc(c, n), v] for c, v in step.eliminations],
        "cells": [_rc(c, n) for c in step.cells],
        "candidates": [[*_rc(c, n), v] for c, v in step.candidates],
    }
    if step.links:  # a chain's or wing's links, (from, to, strong?), as the classic JSON gives them
        out["links"] = [[[*_rc(a, n), x], [*_rc(b, n), y], strong] for (a, x), (b, y), strong in step.links]
    for key in ("cages", "lines", "dots"):
        if key in d:
            out[key] = [_marked(puzzle, i) for i in d[key]]
    refs = (d.get("houses") or ([d["house"]] if "house" in d else [])) + d.get("fills", [])
    if refs:
        out["houses"] = [{"kind": r["kind"], "number": r["index"] + 1 if r["kind"] != "cage" else r["index"],
                          "cells": [_rc(c, n) for c in r["cells"]]} for r in refs]
    out["detail"] = dict(d)
    out["explanation"] = {"en": explain_variant(step, "en"), "zh": explain_variant(step, "zh")}
    return out


def _marked(puzzle: Puzzle, index: int) -> dict[str, Any]:
    con = puzzle.constraints[index]
    record: dict[str, Any] = {"index": index, "kind": con.kind,
                              "cells": [_rc(c, puzzle.size) for c in constraint_cells(con)]}
    for key in ("total", "colour", "even"):
        if getattr(con, key, None) is not None:
            record[key] = getattr(con, key)
    return record
