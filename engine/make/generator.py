"""Puzzles with exactly one solution, made by removing clues from a random complete grid.

The method (the classic one, as in Tatham's ``solo.c``): fill a random complete grid (the solver's
:func:`~engine.solve.solver.random_solution`), then visit the cells in a random order and empty each one
unless the puzzle would stop having a unique solution (the compiled counter, ``limit=2``).  With a
symmetry, cells are visited and emptied in *orbits* (a cell and its image), so the givens keep
the symmetry.  The result is *minimal* for its orbits: putting back any removable orbit is the
only way to add a clue, and removing any remaining orbit breaks uniqueness (or the clue floor).

Difficulty is not decided here: ``accept`` is a keep-or-reject predicate on the finished puzzle
(the human-technique grader passes one to get a target difficulty, like ``solo.c``'s exact-grade
loop); a rejected puzzle is thrown away and a new grid tried, up to ``max_attempts``.

Speed: about 1-2 ms per puzzle (median) with ``symmetry="none"`` on one core; the cost is some 60
calls of the counter, most of them on easy partial grids (benchmarks/bench_generate.py).
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable

import numpy as np

from engine.errors import SudokuError
from engine.grid import N_CELLS

Accept = Callable[[np.ndarray], bool]

MAX_ATTEMPTS = 1000
"""How many complete grids :func:`generate` tries by default before giving up on ``accept``."""


class GenerationError(SudokuError, RuntimeError):
    """No puzzle met the caller's ``accept`` predicate within the allowed attempts."""


class Symmetry(str, enum.Enum):
    """A symmetry the givens of a puzzle keep: each names the map a given's partner comes from."""

    NONE = "none"  # no constraint
    ROTATIONAL = "rotational"  # half-turn about the centre: (r, c) -> (8 - r, 8 - c)
    DIAGONAL = "diagonal"  # reflection in the main diagonal: (r, c) -> (c, r)
    MIRROR = "mirror"  # reflection in the middle column: (r, c) -> (r, 8 - c)

    def image(self, cell: int) -> int:
        """Return the cell a cell 0-80 maps to under this symmetry (itself for NONE)."""
        r, c = divmod(cell, 9)
        if self is Symmetry.ROTATIONAL:
            return (8 - r) * 9 + (8 - c)
        if self is Symmetry.DIAGONAL:
            return c * 9 + r
        if self is Symmetry.MIRROR:
            return r * 9 + (8 - c)
        return cell

    def orbits(self) -> list[tuple[int, ...]]:
        """Return the cells grouped into orbits (a cell with its image), each listed once, in cell order."""
        seen: set[int] = set()
        out = []
        for cell in range(N_CELLS):
            if cell not in seen:
                orbit = tuple(sorted({cell, self.image(cell)}))
                seen.update(orbit)
                out.append(orbit)
        return out

    def holds(self, puzzle: np.ndarray) -> bool:
        """Return True if a cell is given exactly when its image is (False if the givens break it)."""
        given = np.asarray(puzzle).reshape(N_CELLS) != 0
        return all(given[c] == given[self.image(c)] for c in range(N_CELLS))


def _remove_clues(
    solution: np.ndarray, orbits: list[tuple[int, ...]], floor: int, rng: np.random.Generator
) -> np.ndarray:
    """Return the solution with orbits emptied in random order while the puzzle stays unique."""
    from engine.solve.solver import count_solutions

    puzzle = solution.copy()
    filled = N_CELLS
    for i in rng.permutation(len(orbits)):
        orbit = orbits[i]
        if filled - len(orbit) < floor:
            continue  # a smaller orbit (the centre) may still fit under the floor
        cells = list(orbit)
        puzzle[cells] = 0
        if count_solutions(puzzle, 2) == 1:
            filled -= len(orbit)
        else:
            puzzle[cells] = solution[cells]
    return puzzle


def generate(
    seed: int | None = None,
    symmetry: Symmetry | str = Symmetry.NONE,
    clues: int | None = None,
    accept: Accept | None = None,
    rng: np.random.Generator | None = None,
    max_attempts: int | None = None,
    difficulty: str | None = None,
    needs: str | None = None,
    hardest: str | None = None,
    time_limit: float | None = None,
) -> np.ndarray:
    """Return a puzzle (81 digits, 0 = empty) with exactly one solution, its givens keeping ``symmetry``.

    ``clues`` is the fewest givens to keep (default: remove all that can go); ``accept`` keeps or
    rejects each finished puzzle.  The same ``seed`` (or the same state of ``rng``) gives the same
    puzzle.  Raises ValueError for an unknown symmetry or ``clues`` outside 0-81, and
    GenerationError if ``accept`` rejects ``max_attempts`` puzzles in a row (default MAX_ATTEMPTS) or
    none is kept within ``time_limit`` seconds.  ``difficulty`` (a level of
    :class:`engine.rating.difficulty.Difficulty`, easy to master) keeps only puzzles rated exactly that level.
    ``needs`` keeps only puzzles whose rating path uses that technique and nothing harder than
    ``hardest`` (default: ``needs``; see :mod:`engine.make.targets`); it then looks for up to
    ``time_limit`` seconds (default NEEDS_TIME_LIMIT, 30) however many attempts that takes, and
    raises ValueError for an unknown technique or a ``hardest`` easier than ``needs``.
    """
    from engine.solve.solver import random_solution

    sym = Symmetry(symmetry)
    floor = 0 if clues is None else int(clues)
    if not 0 <= floor <= N_CELLS:
        raise ValueError(f"clues must be 0-81, got {clues}")
    if max_attempts is not None and max_attempts < 1:
        raise ValueError(f"max_attempts must be at least 1, got {max_attempts}")
    if difficulty is not None:
        from engine.rating.difficulty import accept_level

        accept = accept_level(difficulty, accept)
    aim = None
    if needs is not None:
        from engine.make.targets import NEEDS_TIME_LIMIT, aim_technique

        aim = aim_technique(needs, hardest, accept, sym.image)
        time_limit = NEEDS_TIME_LIMIT if time_limit is None else time_limit
    elif hardest is not None:
        raise ValueError("hardest needs a technique to need (needs=...)")
    attempts = max_attempts or (None if needs is not None else MAX_ATTEMPTS)
    gen = rng if rng is not None else np.random.default_rng(seed)
    orbits = sym.orbits()
    deadline = None
    tried = 0
    while attempts is None or tried < attempts:
        solution = random_solution(gen)
        puzzle = _remove_clues(solution, orbits, floor, gen)
        tried += 1
        if aim is not None:
            puzzle = aim(puzzle, solution)
            if puzzle is not None:
                return puzzle
        elif accept is None or accept(puzzle):
            return puzzle
        if deadline is None and time_limit is not None:  # from here: the first may compile the kernels
            deadline = time.monotonic() + time_limit
        elif deadline is not None and time.monotonic() > deadline:
            raise GenerationError(_gave_up(needs, hardest, f"{time_limit:g} s ({tried:,} puzzles tried)"))
    raise GenerationError(_gave_up(needs, hardest, f"{attempts} attempts"))


def _gave_up(needs: str | None, hardest: str | None, within: str) -> str:
    if needs is None:
        return f"no acceptable puzzle in {within}; try a looser requirement"
    harder = "" if hardest in (None, needs) else f" and nothing harder than {hardest}"
    return (f"no puzzle needing {needs}{harder} found in {within}: it is too rare in generated "
            "puzzles; allow a harder technique as the hardest, or choose another")
