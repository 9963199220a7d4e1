"""Difficulty: how hard a puzzle is for a person, from the steps the human solver needs.

The puzzle is solved step by step, always with the easiest technique that fires
(:func:`engine.human.next_step`); a step's score is its technique's (Sudoku Explainer's scale:
1.0 full house ... 6.2-8.0 Sue de Coq, chains (longer ones score more) and almost locked sets,
7.7-9.6 forcing chains by kind and length, 10.0 a guess).  The rating is::

    score = hardest + min(ALLOWANCE_CAP, ALLOWANCE * (hard_steps - 1))

where ``hardest`` is the highest step score and ``hard_steps`` counts the steps scoring within
HARD_MARGIN of it (at least 1): two X-chains are a little harder than one.  A singles-only puzzle
that naked singles alone cannot finish gets HIDDEN_SINGLES_BONUS more: finding a digit's one place
in a unit is the harder habit for a beginner (QQwing's simple and easy classes differ just so).
The level comes from ``hardest`` alone (so it names the hardest technique needed):

=========  ========  ===========================================================  ============
level      Chinese   needs                                                        hardest
=========  ========  ===========================================================  ============
easy       简单      singles only                                                 <= 2.3
medium     中等      locked candidates, pairs, X-wing, hidden pairs               <= 3.4
hard       困难      triples, fish, wings, colouring, uniqueness, quads, BUG      <= 5.9
expert     专家      Sue de Coq, chains, nice loops, almost locked sets            <= 7.6
master     大师      forcing chains                                               < 10
extreme    极限      a guess: logic alone cannot finish                           10
=========  ========  ===========================================================  ============

Roads not taken: SE's own rating (the hardest step only) ties thousands of puzzles; counting all
steps rewards long easy puzzles.  Thresholds were calibrated against the SE-rated sample and
QQwing's four classes in ``../shared/data/ratings`` (benchmarks/bench_rating.py).
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import NamedTuple

import numpy as np

from engine.candidates import CandidateGrid
from engine.errors import SudokuError
from engine.grid import PEERS
from engine.steps import Step

ALLOWANCE = 0.05
ALLOWANCE_CAP = 0.4
HARD_MARGIN = 0.5
HIDDEN_SINGLES_BONUS = 0.1


class Difficulty(str, enum.Enum):
    """The levels, easiest first; ``zh`` is the Chinese name and ``ceiling`` the highest step score."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    EXPERT = "expert"
    MASTER = "master"
    EXTREME = "extreme"

    @property
    def zh(self) -> str:
        """Return the level's Chinese name."""
        return _ZH[self]

    @property
    def ceiling(self) -> float:
        """Return the highest hardest-step score a puzzle of this level may need."""
        return _CEILING[self]

    @property
    def rank(self) -> int:
        """Return 0 for easy up to 5 for extreme."""
        return list(Difficulty).index(self)

    @classmethod
    def parse(cls, text: str) -> Difficulty:
        """Return the level named in English or Chinese (any case); raises ValueError otherwise."""
        key = text.strip().lower()
        for level in cls:
            if key in (level.value, level.zh):
                return level
        raise ValueError(f"unknown difficulty {text!r} (one of {', '.join(lv.value for lv in cls)})")


_ZH = {
    Difficulty.EASY: "简单",
    Difficulty.MEDIUM: "中等",
    Difficulty.HARD: "困难",
    Difficulty.EXPERT: "专家",
    Difficulty.MASTER: "大师",
    Difficulty.EXTREME: "极限",
}
_CEILING = {
    Difficulty.EASY: 2.3,
    Difficulty.MEDIUM: 3.4,
    Difficulty.HARD: 5.9,
    Difficulty.EXPERT: 7.6,
    Difficulty.MASTER: 9.99,
    Difficulty.EXTREME: 10.0,
}


class UnsolvableError(SudokuError, ValueError):
    """A puzzle without a solution: it has nothing to rate."""


class Rating(NamedTuple):
    """A puzzle's difficulty: score, level, hardest technique id, and the solving steps."""

    score: float
    level: Difficulty
    hardest: str
    steps: tuple[Step, ...]

    @property
    def logic_only(self) -> bool:
        """True when no step is a guess."""
        return all(s.technique != "guess" for s in self.steps)


def step_score(step: Step) -> float:
    """Return a step's difficulty: its own ``detail["score"]`` if it has one, else its technique's."""
    from engine.strategies import technique

    own = step.detail.get("score")
    if own is not None:
        return float(own)
    score = technique(step.technique).score
    length = step.detail.get("length")
    if step.technique in _LENGTH_SCORED and isinstance(length, int):
        # like Sudoku Explainer: a longer chain is harder to see, +0.1 per doubling beyond 4 links
        score += min(0.5, 0.1 * max(0, length - 4).bit_length())
    return round(score, 2)


_LENGTH_SCORED = frozenset({"x_chain", "xy_chain", "aic"})


def level_of(hardest: float) -> Difficulty:
    """Return the level whose band holds a hardest-step score."""
    for level in Difficulty:
        if hardest <= level.ceiling:
            return level
    return Difficulty.EXTREME


def score_of(scores: list[float]) -> float:
    """Return the rating score of a path's step scores (0.0 for an empty path)."""
    if not scores:
        return 0.0
    hardest = max(scores)
    hard_steps = sum(1 for s in scores if s >= hardest - HARD_MARGIN)
    return round(hardest + min(ALLOWANCE_CAP, ALLOWANCE * (hard_steps - 1)), 2)


def rate(
    grid: np.ndarray | list[int],
    unique: bool | None = None,
    stop_above: float | None = None,
) -> Rating | None:
    """Return the rating of a puzzle; raises InvalidPuzzleError for a repeated given and
    UnsolvableError when it has no solution.

    ``unique=None`` asks the exact solver (uniqueness techniques are used only for unique puzzles).
    With ``stop_above``, return None as soon as a step scores more than that (the generator's
    early reject).
    """
    from engine.human import checked_grid, drive, next_step

    values = checked_grid(grid)
    if unique is None:
        from engine.solver import count_solutions

        count = count_solutions(values, limit=2)
        if count == 0:
            raise UnsolvableError("the puzzle has no solution")
        unique = count == 1
    cg = CandidateGrid.from_grid(values)
    steps: list[Step] = []
    scores: list[float] = []
    for step in drive(cg, lambda state: next_step(state, unique=unique)):
        score = step_score(step)
        if stop_above is not None and score > stop_above:
            return None
        steps.append(step)
        scores.append(score)
    if not cg.is_solved():  # only when even the solver finds no solution from here
        raise UnsolvableError("the puzzle has no solution")
    hardest_score = max(scores, default=0.0)
    hardest = next((s.technique for s, v in zip(steps, scores, strict=True) if v == hardest_score), "")
    score = score_of(scores)
    if hardest_score <= _SINGLES_CEILING and not _naked_singles_solve(values):
        score = round(score + HIDDEN_SINGLES_BONUS, 2)
    return Rating(score, level_of(hardest_score), hardest, tuple(steps))


_SINGLES_CEILING = 2.3


def _naked_singles_solve(grid: np.ndarray) -> bool:
    """Return True if placing naked singles (cells with one candidate left) alone fills the grid."""
    cg = CandidateGrid.from_grid(grid)
    cands = cg.cands
    todo = [c for c in range(81) if not cg.values[c] and cands[c] and not cands[c] & (cands[c] - 1)]
    while todo:
        c = todo.pop()
        if cg.values[c] or not cands[c]:
            continue
        cg.place(c, cands[c].bit_length())
        todo.extend(p for p in PEERS[c] if not cg.values[p] and cands[p] and not cands[p] & (cands[p] - 1))
    return cg.is_solved()


def accept_level(
    level: Difficulty | str, also: Callable[[np.ndarray], bool] | None = None
) -> Callable[[np.ndarray], bool]:
    """Return a predicate keeping exactly the (unique) puzzles :func:`rate` puts at ``level`` and
    that ``also`` keeps; raises ValueError for an unknown level or extreme (no guess on purpose)."""
    target = level if isinstance(level, Difficulty) else Difficulty.parse(level)
    if target is Difficulty.EXTREME:
        raise ValueError("extreme puzzles need a guess; they cannot be generated on purpose")

    def accept(puzzle: np.ndarray) -> bool:
        if also is not None and not also(puzzle):
            return False
        rating = rate(puzzle, unique=True, stop_above=target.ceiling)
        return rating is not None and rating.level is target

    return accept
