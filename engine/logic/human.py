"""The step driver: solve like a person, one easiest step at a time.

:func:`next_step` tries the techniques of the registry (:mod:`engine.logic.techniques`) cheapest first by
what a step costs in the rating (:func:`driver_order`) and returns the cheapest step they find
(usually the first technique that fires: its first step); :func:`solve_path` applies such steps
until the grid is full.  When no logical technique fires, the ``guess`` technique (the exact
solver's digit for one cell, registered as the last resort) keeps the path going, so every solvable
puzzle finishes.  Uniqueness techniques (unique rectangles, BUG+1, ...) assume the puzzle has
exactly one solution; they are tried only when that is known.

:func:`parse_state` reads what ``sudoku hint`` accepts (an 81-character puzzle or a 729-character
candidate line); :mod:`engine.output.jsonview` turns steps into the CLI's JSON.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

import numpy as np

from engine.candidates import ALL_DIGITS, CandidateGrid
from engine.errors import InvalidPuzzleError
from engine.grid import PEERS, as_grid, conflicts
from engine.logic.strategies import Technique
from engine.logic.strategies.singles import hidden_single
from engine.logic.techniques import TECHNIQUES, step_cost
from engine.logic.techniques import technique as _technique
from engine.steps import Step


def next_step(cg: CandidateGrid, technique: str | None = None, unique: bool = True) -> Step | None:
    """Return the easiest step (or ``technique``'s first step), or None if nothing fires.

    Easiest is by what the step costs (:func:`engine.logic.techniques.step_cost`): techniques are tried in
    :func:`driver_order`, each for its first step, until the next one cannot cost less than the
    best step found.  Most steps cost their technique's price, so the first technique that fires
    wins; but an AIC through a group or an almost locked set, or a long forcing chain, costs more,
    and a cheaper technique tried after it (aligned triple exclusion, Nishio, ...) then wins, as in
    SE's ladder.  A technique covered by one that found nothing on this state
    (:attr:`~engine.logic.strategies.Technique.covered_by`) is not asked.  Raises KeyError for an unknown
    technique id.  Uniqueness techniques are skipped unless ``unique`` says the puzzle is known to
    have one solution.
    """
    if technique is not None:
        tech = _technique(technique)
        if tech.needs_unique and not unique:
            return None
        return next(iter(tech.find(cg)), None)
    return cheapest_step(cg, unique)


def cheapest_step(
    cg: CandidateGrid,
    unique: bool = True,
    among: Callable[[str], bool] | None = None,
    at_least: float = 0.0,
    below: float = float("inf"),
    cost: Callable[[Step], float] | None = None,
) -> Step | None:
    """Return the cheapest step of the techniques ``among`` admits (by id; all by default) whose
    ladder cost is at least ``at_least`` and below ``below``, or None if none of them fires.

    What a step costs is ``cost`` (:func:`engine.logic.techniques.step_cost` by default); the ladder is
    walked as :func:`next_step` describes.
    """
    cost = cost or step_cost
    best, best_cost = None, below
    fruitless: set[str] = set()  # the techniques that found nothing here: those they cover find nothing too
    for tech in TECHNIQUES:
        if tech.cost >= best_cost:
            break
        if (tech.cost < at_least or among is not None and not among(tech.id)
                or tech.needs_unique and not unique or tech.covered_by in fruitless):
            continue
        step = next(iter(tech.find(cg)), None)
        if step is None:
            fruitless.add(tech.id)
            continue
        score = cost(step)
        if score < best_cost:
            best, best_cost = step, score
    return best


def driver_order() -> list[Technique]:
    """Return the techniques in the order the driver tries them: cheapest first by what a step
    costs in the rating (:attr:`~engine.logic.strategies.Technique.cost`), ties by registered score.

    So the path is the one Sudoku Explainer's ladder would take: a W-wing (registered 4.4, but its
    puzzles are SE 5-6) waits until the uniqueness tests and wings SE charges 4.5-5.5 are tried.
    Measured on the tuning half: Spearman 0.946 -> 0.953 with the same costs, SE 4.x's mean error
    +0.45 -> +0.19.
    """
    return list(TECHNIQUES)


def all_steps(cg: CandidateGrid, technique: str | None = None, unique: bool = True) -> Iterator[Step]:
    """Yield every distinct step that changes ``cg``, of every technique easiest first (or of ``technique``).

    The last-resort ``guess`` is left out unless asked for by name: it is not reasoning.  Raises
    KeyError for an unknown technique id; uniqueness techniques are skipped unless ``unique``.
    """
    chosen = [_technique(technique)] if technique is not None else [
        t for t in driver_order() if t.id != "guess"
    ]
    seen: set[Step] = set()
    for tech in chosen:
        if tech.needs_unique and not unique:
            continue
        for step in tech.find(cg):
            if step not in seen and changes(cg, step):
                seen.add(step)
                yield step


def is_broken(cg: CandidateGrid) -> bool:
    """Return True when an empty cell has no candidate left (the state has no solution)."""
    # filled cells have no candidates, so more empty masks than filled cells means a dead end
    # (two list counts: the loop over the 81 cells was 3% of rating an SE 9 puzzle)
    return cg.cands.count(0) > len(cg.values) - cg.values.count(0)


def changes(cg: CandidateGrid, step: Step) -> bool:
    """Return True when applying ``step`` would place a digit or remove a candidate."""
    return any(not cg.values[c] for c, _ in step.placements) or any(
        cg.cands[c] >> (d - 1) & 1 for c, d in step.eliminations
    )


def drive(cg: CandidateGrid, pick: Callable[[CandidateGrid], Step | None]) -> Iterator[Step]:
    """Apply ``pick``'s step to ``cg`` and yield it, again and again: the one step loop.

    Stops when the grid is solved, when an empty cell has no candidate left, when ``pick``
    returns None, or when its step would change nothing (it would loop forever).  ``cg`` is
    changed in place, so a caller can tell from it afterwards why the loop stopped.
    """
    while not cg.is_solved() and not is_broken(cg):
        step = pick(cg)
        if step is None or not changes(cg, step):
            return
        cg.apply(step)
        yield step


def iter_steps(grid: np.ndarray | list[int], unique: bool | None = None) -> Iterator[Step]:
    """Yield the steps that solve ``grid`` lazily, easiest first at every point, each found only when asked.

    ``unique=None`` asks the exact solver whether the puzzle has one solution (uniqueness
    techniques are used only then).  Raises InvalidPuzzleError (on the first ``next``) if a given
    repeats in a unit; for a puzzle without a solution the steps stop where the candidates reach a
    dead end.
    """
    values = checked_grid(grid)
    if unique is None:
        from engine.solve.solver import count_solutions  # the compiled solver, loaded only when needed

        unique = count_solutions(values, limit=2) == 1
    yield from drive(CandidateGrid.from_grid(values), lambda cg: next_step(cg, unique=unique))


def checked_grid(grid: str | np.ndarray | Sequence[int]) -> np.ndarray:
    """Return ``grid`` (anything :func:`engine.as_grid` reads) as a uint8 array; raises ValueError if it
    is not 81 digits, InvalidPuzzleError if a given repeats in a unit."""
    values = as_grid(grid)
    found = conflicts(values)
    if found:
        raise InvalidPuzzleError(f"repeated given: {found[0].describe()}")
    return values


def fill_hidden_singles(digits: Sequence[int]) -> list[tuple[int, int]]:
    """Return the (cell, digit) placements made by applying hidden singles until none is left.

    This is "fill the last remaining cells" of the desktop game.  It stops early, keeping what it
    found, once an empty cell has no candidate left (a board that is already wrong: nothing more
    can be inferred from it); [] when no hidden single is there.
    """
    def pick(cg: CandidateGrid) -> Step | None:
        return next((s for s in hidden_single(cg) if changes(cg, s)), None)

    placed: list[tuple[int, int]] = []
    for step in drive(CandidateGrid.from_grid(list(digits)), pick):
        placed.extend(step.placements)
    return placed


def solve_path(grid: np.ndarray | list[int], unique: bool | None = None) -> list[Step]:
    """Return the steps that solve ``grid`` (see :func:`iter_steps`); raises InvalidPuzzleError for
    repeated givens."""
    return list(iter_steps(grid, unique))


def parse_state(text: str, solved_are_givens: bool = True) -> CandidateGrid:
    """Return the candidate state of an 81-character puzzle or a 729-character candidate line.

    Raises ValueError (a ParseError for puzzles) if the text is neither, and InvalidPuzzleError if a
    puzzle repeats a given.  In a candidate line a placed digit cannot be told from a lone
    candidate, so a cell whose one candidate no peer shares counts as placed (that changes no
    candidate); a cell with no candidate at all counts as filled, with its digit inferred from the
    peers where they leave one.  Every solved cell of a candidate line counts as a given (it may be
    one), so no uniqueness step rests on it; ``solved_are_givens`` False counts them all placed, for a
    line known to hold no given (HoDoKu's library cases, whose placed digits the tests keep apart).
    """
    body = text.strip()
    if len(body) == 729:
        return _from_candidate_line(body, solved_are_givens)
    from engine.formats import parse_line

    grid = parse_line(body)
    found = conflicts(grid)
    if found:
        raise InvalidPuzzleError(f"repeated given: {found[0].describe()}")
    return CandidateGrid.from_grid(grid)


def _from_candidate_line(text: str, solved_are_givens: bool) -> CandidateGrid:
    cg = CandidateGrid.from_sukaku(text)
    cands = cg.cands
    for cell in range(81):
        mask = cands[cell]
        if mask and not mask & (mask - 1) and not any(cands[p] & mask for p in PEERS[cell]):
            cg.values[cell] = mask.bit_length()
    for cell in range(81):
        if cg.values[cell]:
            cands[cell] = 0
    for cell in range(81):
        if cg.values[cell] or cands[cell]:
            continue
        seen = 0
        for p in PEERS[cell]:
            v = cg.values[p]
            seen |= cands[p] | (1 << (v - 1) if v else 0)
        left = ALL_DIGITS & ~seen
        if left and not left & (left - 1):
            cg.values[cell] = left.bit_length()
    # a line cannot tell givens from placed digits: every solved cell counts as a given, so no
    # uniqueness step (an avoidable rectangle) rests on a digit that may be a given
    if solved_are_givens:
        cg.givens = sum(1 << cell for cell in range(81) if cg.values[cell])
    return cg
