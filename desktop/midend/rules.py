"""The rules the mid end applies to a board: repeats, the quick status, the solver's checks, fills.

Pure functions of a board's digits and its :class:`~desktop.midend.shape.Shape` (classic 9x9 unless
given; the solver is loaded lazily, so callers keep them off the UI thread).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from desktop.midend.shape import CLASSIC, Shape, candidates, houses
from engine import UNITS, conflicts, unit_name

CHECK_CAP = 10  # "several solutions" are counted up to this many ("at least 10")
TRUE_SEARCHES = 1000  # true candidates needing more searches than this are not worked out (None)
ENUMERATED = 500  # solutions listed by one search before true candidates are asked digit by digit
LOGIC_CEILING = 9.0  # the variant logic striking what no solution has: every chain but the deeper nested one


def _repeats(digits: Sequence[int], shape: Shape = CLASSIC) -> bool:
    """True if some house holds a digit twice (the common answer, no, found without the engine's details)."""
    for cells in UNITS if shape.is_classic else (cells for _, _, cells in houses(shape)):
        seen = [digits[c] for c in cells if digits[c]]
        if len(seen) != len(set(seen)):
            return True
    return False


def conflict_list(digits: Sequence[int], shape: Shape = CLASSIC) -> list[dict[str, Any]]:
    """Return every repeated digit as JSON-able dicts (digit, unit kind, 1-based index, cells); [] if none.

    A variant's houses are named row, column, box (region for a jigsaw's pieces), extra, diagonal,
    cage or disjoint; a cage's index is its place among the shape's constraints (0-based, as the
    snapshot's ``shape.constraints``)."""
    if not _repeats(digits, shape):
        return []
    if not shape.is_classic:
        return _variant_conflicts(digits, shape)
    out = []
    for conflict in conflicts(np.asarray(digits, dtype=np.uint8)):
        kind, index = unit_name(conflict.unit)
        out.append({"digit": conflict.digit, "kind": kind, "index": index + 1, "cells": list(conflict.cells)})
    return out


def _variant_conflicts(digits: Sequence[int], shape: Shape) -> list[dict[str, Any]]:
    out = []
    for kind, index, cells in houses(shape):
        for digit in sorted({digits[c] for c in cells if digits[c]}):
            where = [c for c in cells if digits[c] == digit]
            if len(where) > 1:
                number = index if kind == "cage" else index + 1
                out.append({"digit": digit, "kind": kind, "index": number, "cells": where})
    return out


def quick_status(digits: Sequence[int], version: int, shape: Shape = CLASSIC) -> dict[str, Any]:
    """Return the board state the rules tell at once (no search): invalid, solved, unsolvable or valid.

    "Unsolvable" is only claimed here for an empty cell no digit fits; deeper dead ends are found by
    the solver later (``solutions`` stays None until then).
    """
    found = conflict_list(digits, shape)
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
    elif filled == len(digits):
        status["kind"] = "solved"
        status["solutions"] = 1
    elif filled == 0:
        status["kind"] = "empty"
    elif _dead_cell(digits, shape):
        status["kind"] = "unsolvable"
        status["solutions"] = 0
    return status


def header_status(
    digits: Sequence[int], givens: Sequence[int], version: int, judge_board: bool, shape: Shape = CLASSIC
) -> dict[str, Any]:
    """Return the status the header shows: the whole board's when ``judge_board`` (Show mistakes on, or a
    board without givens), else only the rules and the givens: a wrong digit that repeats nothing is
    not given away ("unsolvable" is then said only of the puzzle itself).  A variant's constraints are a
    puzzle too: a killer without givens is judged by its cages."""
    board = quick_status(digits, version, shape)
    if judge_board or board["kind"] in ("invalid", "solved") or not _is_puzzle(givens, shape):
        return board
    judged = dict(quick_status(givens, version, shape), filled=board["filled"])
    if judged["kind"] == "empty" and board["filled"]:
        judged["kind"] = "valid"  # a puzzle without givens, played: not an empty board
    return judged


def judged_digits(digits: Sequence[int], givens: Sequence[int], judge_board: bool,
                  shape: Shape = CLASSIC) -> list[int]:
    """Return the digits whose solutions the header counts (see :func:`header_status`)."""
    return list(digits if judge_board or not _is_puzzle(givens, shape) else givens)


def _is_puzzle(givens: Sequence[int], shape: Shape) -> bool:
    """True when there is a puzzle to judge apart from the player's digits: givens, or constraints."""
    return any(givens) or bool(shape.constraints)


def _dead_cell(digits: Sequence[int], shape: Shape = CLASSIC) -> bool:
    masks = candidates(digits, shape)
    return any(d == 0 and m == 0 for d, m in zip(digits, masks, strict=True))


def refine_status(status: dict[str, Any], solutions: int) -> dict[str, Any]:
    """Return ``status`` with the solver's count (0, 1 or 2 meaning "two or more") folded in."""
    out = dict(status, solutions=min(solutions, 2))
    if status["kind"] in ("valid", "empty") and solutions == 0:
        out["kind"] = "unsolvable"
    return out


def check_puzzle(digits: Sequence[int], cap: int = CHECK_CAP, shape: Shape = CLASSIC) -> dict[str, Any]:
    """Return what a puzzle is: invalid (repeats named, or ``problem`` saying what is wrong with its
    shape, such as a jigsaw region of the wrong size), none, unique, or multiple (counted up to ``cap``).

    Loads the compiled solver (numba) on first use, so callers keep it off the UI thread.
    """
    found = conflict_list(digits, shape)
    result: dict[str, Any] = {"kind": "invalid", "count": 0, "capped": False, "cap": cap, "conflicts": found}
    if found:
        return result
    try:
        puzzle = _puzzle(digits, shape)
    except ValueError as err:
        return dict(result, problem=str(err))
    from engine import count_solutions  # numba: loaded only when a check is needed

    count = count_solutions(puzzle, cap)
    result["count"] = count
    result["capped"] = count >= cap
    result["kind"] = "none" if count == 0 else "unique" if count == 1 else "multiple"
    return result


def _puzzle(digits: Sequence[int], shape: Shape) -> Any:
    """Return what the engine solves: the classic grid, else the variant model (ValueError if unfit)."""
    if shape.is_classic:
        return np.asarray(digits, dtype=np.uint8)
    return shape.model(digits)


def _checked_model(givens: Sequence[int], shape: Shape) -> Any:
    """Return the engine model of ``givens`` on ``shape``, or None when they repeat a digit or do not fit."""
    if conflict_list(givens, shape):
        return None
    try:
        return shape.model(givens)
    except ValueError:
        return None


def count(digits: Sequence[int], shape: Shape = CLASSIC, limit: int = 2) -> int | None:
    """Return the number of solutions of ``digits`` up to ``limit`` (0 for repeats), None when they do
    not fit the shape."""
    try:
        puzzle = _puzzle(digits, shape)
    except ValueError:
        return None
    from engine import count_solutions  # numba: loaded only when a count is needed

    return count_solutions(puzzle, limit)


def hidden_singles(digits: Sequence[int], shape: Shape = CLASSIC) -> list[tuple[int, int]]:
    """Return the placements found by applying the engine's hidden singles until none is left ([] if none).

    Stops early, keeping what it found, once an empty cell has no candidate left (a board that is
    already wrong: nothing more can be inferred from it).  The loop is the engine's one step driver.
    """
    if not shape.is_classic:
        return _variant_hidden_singles(digits, shape)
    from engine import fill_hidden_singles  # the rule lives in the engine

    return fill_hidden_singles(list(digits))


def _variant_hidden_singles(digits: Sequence[int], shape: Shape) -> list[tuple[int, int]]:
    """Return the variant logic's hidden singles (on every house of the shape) applied until none is left."""
    from engine import VariantState, variant_next_step

    try:
        puzzle = shape.model(digits)
    except ValueError:
        return []
    state, placed = VariantState.start(puzzle), []
    while not state.is_broken():
        step = variant_next_step(puzzle, state, technique="hidden_single")
        if step is None:
            break
        state.apply(step)
        placed.extend(step.placements)
    return placed


def unique_solution(givens: Sequence[int], shape: Shape = CLASSIC) -> list[int] | None:
    """Return the one solution of ``givens`` (of ``shape``), or None if they repeat a digit, do not fit
    the shape, have none or several."""
    model = _checked_model(givens, shape)
    if model is None:
        return None
    from engine import count_solutions, solutions, solve  # numba: loaded only when a solution is needed

    if not shape.is_classic:  # one search finds both (a hard killer's takes seconds: not two of them)
        found = solutions(model, 2)
        return list(found[0]) if len(found) == 1 else None
    puzzle = np.asarray(givens, dtype=np.uint8)  # the classic solver's form
    if count_solutions(puzzle, 2) != 1:
        return None
    return [int(d) for d in solve(puzzle)]


def true_candidates(givens: Sequence[int], shape: Shape = CLASSIC,
                    most: int = TRUE_SEARCHES) -> list[int] | None:
    """Return each cell's "true candidates", the digits some solution puts there (bit d-1 = digit d), or
    None when ``givens`` repeat a digit, do not fit the shape, have no solution, or need more than
    ``most`` searches.

    One search lists the first ENUMERATED solutions: fewer means they are all, and their digits are the
    answer (a killer without one cage: one search, 0.04 s, where a search per open digit took 15 s).
    Past that, the variant logic strikes what no solution has, and each (cell, digit) neither settles is
    asked about, with that digit given."""
    model = _checked_model(givens, shape)
    if model is None:
        return None
    from engine import solutions, solve

    def solved(digits: Sequence[int]) -> list[int] | None:
        found = solve(_puzzle(digits, shape))
        return None if found is None else [int(d) for d in found]

    listed = solutions(model, ENUMERATED)  # the variant search lists a classic puzzle's too
    if not listed:
        return None
    masks = [0] * len(givens)
    for found in listed:
        masks = [m | 1 << (d - 1) for m, d in zip(masks, found, strict=True)]
    if len(listed) < ENUMERATED:
        return masks
    possible = _logical_candidates(givens, shape)
    for cell, given in enumerate(givens):
        if given:
            continue
        for digit in range(1, shape.size + 1):
            if masks[cell] >> (digit - 1) & 1 or not possible[cell] >> (digit - 1) & 1:
                continue
            trial = list(givens)
            trial[cell] = digit
            if conflict_list(trial, shape):
                continue
            most -= 1
            if most < 0:
                return None
            found = solved(trial)
            if found is not None:
                masks = [m | 1 << (d - 1) for m, d in zip(masks, found, strict=True)]
    return masks


def _logical_candidates(givens: Sequence[int], shape: Shape, most: int = 200) -> list[int]:
    """Return each cell's digits left by the engine's variant logic (no guess): what it strikes is in no
    solution, so the true candidates need not ask about it."""
    from engine import VariantState, variant_next_step

    puzzle = shape.model(givens)
    state = VariantState.start(puzzle)
    for _ in range(most):
        if state.is_solved() or state.is_broken():
            break
        # the deeper nested chain's search spends its whole budget (~20 s) where nothing dies, as at each
        # stall of a puzzle of many solutions
        step = variant_next_step(puzzle, state, guess=False, ceiling=LOGIC_CEILING)
        if step is None:
            break
        state.apply(step)
    return [state.mask(c) for c in range(shape.n_cells)]


def wrong_cells(digits: Sequence[int], solution: Sequence[int] | None) -> list[int]:
    """Return the filled cells whose digit differs from ``solution``, ascending ([] when it is unknown)."""
    if solution is None:
        return []
    return [c for c, (d, s) in enumerate(zip(digits, solution, strict=True)) if d and d != s]
