"""The rules the mid end applies to a board: repeats, the quick status, the solver's checks, fills.

Pure functions of 81 digits (the solver is loaded lazily, so callers keep them off the UI thread).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from engine import N_CELLS, UNITS, candidate_masks, conflicts, unit_name

CHECK_CAP = 10  # "several solutions" are counted up to this many ("at least 10")


def _repeats(digits: Sequence[int]) -> bool:
    """True if some unit holds a digit twice (the common answer, no, found without the engine's details)."""
    for cells in UNITS:
        seen = [digits[c] for c in cells if digits[c]]
        if len(seen) != len(set(seen)):
            return True
    return False


def conflict_list(digits: Sequence[int]) -> list[dict[str, Any]]:
    """Return every repeated digit as JSON-able dicts (digit, unit kind, 1-based index, cells); [] if none."""
    if not _repeats(digits):
        return []
    out = []
    for conflict in conflicts(np.asarray(digits, dtype=np.uint8)):
        kind, index = unit_name(conflict.unit)
        out.append({"digit": conflict.digit, "kind": kind, "index": index + 1, "cells": list(conflict.cells)})
    return out


def quick_status(digits: Sequence[int], version: int) -> dict[str, Any]:
    """Return the board state the rules tell at once (no search): invalid, solved, unsolvable or valid.

    "Unsolvable" is only claimed here for an empty cell no digit fits; deeper dead ends are found by
    the solver later (``solutions`` stays None until then).
    """
    found = conflict_list(digits)
    filled = sum(1 for d in digits if d)
    status: dict[str, Any] = {
        "kind": "valid",
        "version": version,
        "filled": filled,
        "conflicts": found,
        "solutions": None,
    }
    if found:
        status["kind"] = "invalid"
    elif filled == N_CELLS:
        status["kind"] = "solved"
        status["solutions"] = 1
    elif filled == 0:
        status["kind"] = "empty"
    elif _dead_cell(digits):
        status["kind"] = "unsolvable"
        status["solutions"] = 0
    return status


def header_status(
    digits: Sequence[int], givens: Sequence[int], version: int, judge_board: bool
) -> dict[str, Any]:
    """Return the status the header shows: the whole board's when ``judge_board`` (Show mistakes on, or a
    board without givens), else only the rules and the givens: a wrong digit that repeats nothing is
    not given away ("unsolvable" is then said only of the puzzle itself)."""
    board = quick_status(digits, version)
    if judge_board or board["kind"] in ("invalid", "solved") or not any(givens):
        return board
    return dict(quick_status(givens, version), filled=board["filled"])


def judged_digits(digits: Sequence[int], givens: Sequence[int], judge_board: bool) -> list[int]:
    """Return the digits whose solutions the header counts (see :func:`header_status`)."""
    return list(digits if judge_board or not any(givens) else givens)


def _dead_cell(digits: Sequence[int]) -> bool:
    masks = candidate_masks(np.asarray(digits, dtype=np.uint8))
    return any(d == 0 and m == 0 for d, m in zip(digits, masks, strict=True))


def refine_status(status: dict[str, Any], solutions: int) -> dict[str, Any]:
    """Return ``status`` with the solver's count (0, 1 or 2 meaning "two or more") folded in."""
    out = dict(status, solutions=min(solutions, 2))
    if status["kind"] in ("valid", "empty") and solutions == 0:
        out["kind"] = "unsolvable"
    return out


def check_puzzle(digits: Sequence[int], cap: int = CHECK_CAP) -> dict[str, Any]:
    """Return what a puzzle is: invalid (repeats named), none, unique, or multiple (counted up to ``cap``).

    Loads the compiled solver (numba) on first use, so callers keep it off the UI thread.
    """
    found = conflict_list(digits)
    result: dict[str, Any] = {"kind": "invalid", "count": 0, "capped": False, "cap": cap, "conflicts": found}
    if found:
        return result
    from engine import count_solutions  # numba: loaded only when a check is needed

    count = count_solutions(np.asarray(digits, dtype=np.uint8), cap)
    result["count"] = count
    result["capped"] = count >= cap
    result["kind"] = "none" if count == 0 else "unique" if count == 1 else "multiple"
    return result


def hidden_singles(digits: Sequence[int]) -> list[tuple[int, int]]:
    """Return the placements found by applying the engine's hidden singles until none is left ([] if none).

    Stops early, keeping what it found, once an empty cell has no candidate left (a board that is
    already wrong: nothing more can be inferred from it).  The loop is the engine's one step driver.
    """
    from engine import fill_hidden_singles  # the rule lives in the engine

    return fill_hidden_singles(list(digits))


def unique_solution(givens: Sequence[int]) -> list[int] | None:
    """Return the one solution of ``givens``, or None if they repeat a digit, have none or several."""
    if conflict_list(givens):
        return None
    from engine import count_solutions, solve  # numba: loaded only when a solution is needed

    grid = np.asarray(givens, dtype=np.uint8)
    if count_solutions(grid, 2) != 1:
        return None
    return [int(d) for d in solve(grid)]


def wrong_cells(digits: Sequence[int], solution: Sequence[int] | None) -> list[int]:
    """Return the filled cells whose digit differs from ``solution``, ascending ([] when it is unknown)."""
    if solution is None:
        return []
    return [c for c, (d, s) in enumerate(zip(digits, solution, strict=True)) if d and d != s]
