"""Difficulty: how hard a puzzle is for a person, on Sudoku Explainer's scale (1.0-12).

The puzzle is solved step by step, always with the cheapest step
(:func:`engine.logic.human.next_step`: techniques tried in :func:`engine.logic.human.driver_order`, by what a
step costs here, :func:`technique_cost`, as SE's own ladder tries its techniques by their rating,
until none left can cost less than the best step found).  A step
costs what SE would charge for the reasoning it needs: SE's own value for the techniques SE names
(2.6 pointing ... 4.4 XYZ-wing, 4.5-4.8 uniqueness, 5.0-5.4 quads and jellyfish, 5.6 BUG+1, 6.2
aligned pair exclusion; Sukaku Explainer's 5.7-6.1 grouped strong-link fish, 6.6 UVWXYZ-wing and
7.5 TUVWXYZ-wing), and for a
pattern SE does not name (W-wing, kite, finned fish, Sue de Coq,
WXYZ- and VWXYZ-wings, BUG+n, 3D Medusa, XY-chains, AICs, ALS-XZ) the SE rating its puzzles get when
it is their hardest step (:data:`SE_COST`); an AIC through a group or an almost locked set
GROUPED_CHAIN_EXTRA more (SE has neither node: it needs a forcing chain there); forcing chains
their own score by kind and length (``detail["score"]``); 10.0 a guess; and a step of a technique
SE has nothing like at least SE's cheapest own step on the same state (:func:`se_floor`).  The
hardest step dominates, as in SE: a hardest step SE charges exactly (its aligned triple exclusion,
or a floor that is SE's own Nishio, counted as SE counts it) scores its cost; otherwise::

    score = hardest + extra + min(cap, allowance * (hard_steps - 1))

where ``hard_steps`` counts the steps costing within HARD_MARGIN of the hardest and
(extra, allowance, cap) depend on the hardest step's range (:data:`ALLOWANCES`): a puzzle that needs
many chains is harder for SE than one chain (SE then needs forcing chains where we still find
chains); below 6 no allowance; a hardest step of 7.0-8.0 adds 0.15 (the diary's round 8).  A
singles-only puzzle that naked singles alone cannot finish gets HIDDEN_SINGLES_BONUS more
(QQwing's simple and easy differ so).  A score in the expert band (not charged exactly) becomes
what the path of SE 1.2.1's own techniques reaches when that is 8.0 or more
(:func:`engine.rating.se_path.se_path_price`: steps SE lacks can take our path past a place where SE needs
a Nishio or a forcing chain; the rated data's SE is 1.2.1's set).  The level is read off the score,
by SE band:

=========  ========  ==================================================  ===========
level      Chinese   needs (typically)                                   SE band
=========  ========  ==================================================  ===========
easy       简单      singles only                                        < 2.5
medium     中等      locked candidates, pairs, X-wing, hidden pairs      2.5 - 3.4
hard       困难      triples, fish, wings, uniqueness, quads, BUG        3.5 - 5.9
expert     专家      Sue de Coq, chains, nice loops, Franken fish, ATE   6.0 - 7.99
master     大师      chains through groups or ALS, forcing chains        8.0 - 9.9
extreme    极限      an exocet, or a guess (logic alone cannot finish)   10
=========  ========  ==================================================  ===========

The costs, allowances, margin and extras were fitted on the *even* half of
``../shared/data/ratings/se_rated_stratified_sample.txt`` (lines whose sha1 prefix is even as a hex
number); the odd half is held out of all tuning and is what ``benchmarks/bench_rating.py`` reports
(held out, issue 30, round 15: Spearman 0.981 with SE, MAE 0.22, 972 of 999 SE 8+ puzzles and 46
of 903 SE 7.x puzzles rated master).  How each value
was fitted, round by round, with its figures: ``benchmarks/README.md``, "The rating's tuning diary".

Roads not taken: SE's own ladder alone (MAE 0.64: SE 4-5 puzzles rated 1.1-1.5 too high); the
technique's own search order as the driver's; counting all steps (rewards long easy puzzles); a
chain's length in its cost, or an extra for ALS nodes on top of groups (the fit gave them no weight);
refitting SE's values for the techniques it names; costs fitted on fewer than 4 puzzles; master's
band from 7.6-7.8 (levels then agree with SE's bands less often); fixed prices for the techniques SE
lacks instead of :func:`se_floor` (no price separates their hard uses from their cheap ones).
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import NamedTuple

import numpy as np

from engine.candidates import CandidateGrid
from engine.errors import SudokuError
from engine.grid import PEERS
from engine.logic.human import cheapest_step, checked_grid, drive, next_step
from engine.logic.techniques import step_cost
from engine.rating.se_nishio import nishio_price
from engine.rating.se_path import NEEDS_CHAINS, SE_LACKS, se_charge, se_path_price
from engine.steps import Step

HARD_MARGIN = 0.6
HIDDEN_SINGLES_BONUS = 0.1

# hardest step's lower bound -> (extra, allowance per extra hard step, cap); the first that applies wins
ALLOWANCES: tuple[tuple[float, float, float, float], ...] = (
    (8.1, 0.0, 0.07, 0.69), (7.0, 0.15, 0.09, 0.5), (6.0, 0.0, 0.09, 0.5), (0.0, 0.0, 0.0, 0.0))

# SE's own techniques that SE charges exactly for the puzzles they finish: such a hardest step
# scores its cost, without the lift or the allowance (round 10, above; a Nishio floor too, round 14)
SE_EXACT = frozenset({"aligned_triple_exclusion"})
FLOOR_CAP = NEEDS_CHAINS


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
        """Return the highest score (SE scale) a puzzle of this level may have."""
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
    Difficulty.EASY: 2.4,
    Difficulty.MEDIUM: 3.4,
    Difficulty.HARD: 5.9,
    Difficulty.EXPERT: 7.99,  # master is SE's band, 8.0 or more (issue 30: it was 7.9)
    Difficulty.MASTER: 9.99,
    Difficulty.EXTREME: 10.0,
}


class UnsolvableError(SudokuError, ValueError):
    """A puzzle without a solution: it has nothing to rate."""


class Rating(NamedTuple):
    """A puzzle's difficulty: score, level, hardest technique id, the solving steps, and, when the
    hardest step is one SE lacks raised to its floor, the technique SE needs there instead
    (``forcing_chain`` for a chain or net of FLOOR_CAP or more); ``scores`` what each step costs
    (after that raise), so the first step of the highest is the bottleneck."""

    score: float
    level: Difficulty
    hardest: str
    steps: tuple[Step, ...]
    se_needs: str = ""
    scores: tuple[float, ...] = ()

    @property
    def logic_only(self) -> bool:
        """True when no step is a guess."""
        return all(s.technique != "guess" for s in self.steps)


def se_floor(cg: CandidateGrid, cost: float, unique: bool = True) -> tuple[float, str]:
    """Return what SE's cheapest own step on a state costs (a Nishio at any price, the others from
    ``cost``), up to FLOOR_CAP, and its technique (FLOOR_CAP and ``forcing_chain`` when none of SE's
    techniques fires below it); never fails.

    SE's own: every technique not in SE_LACKS, with SE's Nishio priced as SE counts it
    (:func:`engine.rating.se_nishio.nishio_price`: our Nishio is cheaper by 0.2-0.4 where SE needs one; round
    14).  Other techniques costing less than ``cost`` are not asked: the driver took the SE-lacking
    step because they found nothing.  A Nishio is asked at any price: the driver passes over ours
    (charged 0.5 more for the puzzles it finishes) for a 7.6-7.7 mutant fish, where SE takes it.
    """
    nishio = nishio_price(cg, below=FLOOR_CAP)
    if nishio is not None and nishio <= cost:
        return nishio, "nishio"
    step = cheapest_step(cg, unique, among=lambda tid: tid not in SE_LACKS and tid != "nishio", at_least=cost,
                         below=FLOOR_CAP if nishio is None else nishio, cost=se_charge)
    if step is not None:
        return se_charge(step), step.technique
    return (FLOOR_CAP, "forcing_chain") if nishio is None else (nishio, "nishio")


def level_of(hardest: float) -> Difficulty:
    """Return the level whose SE band holds a score (extreme above 9.99)."""
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
    extra, allowance, cap = next((e, a, c) for low, e, a, c in ALLOWANCES if hardest >= low)
    return round(hardest + extra + min(cap, allowance * (hard_steps - 1)), 2)


def rate(
    grid: str | np.ndarray | list[int],
    unique: bool | None = None,
    stop_above: float | None = None,
) -> Rating | None:
    """Return the rating of a puzzle; raises InvalidPuzzleError for a repeated given and
    UnsolvableError when it has no solution.

    ``unique=None`` asks the exact solver (uniqueness techniques are used only for unique puzzles).
    With ``stop_above``, return None as soon as a step scores more than that (the generator's
    early reject).
    """
    values = checked_grid(grid)
    if unique is None:
        from engine.solve.solver import count_solutions

        count = count_solutions(values, limit=2)
        if count == 0:
            raise UnsolvableError("the puzzle has no solution")
        unique = count == 1
    cg = CandidateGrid.from_grid(values)
    steps: list[Step] = []
    scores: list[float] = []
    lacking: list[tuple[int, CandidateGrid]] = []  # the steps SE has no technique for, and their states

    def pick(state: CandidateGrid) -> Step | None:
        step = next_step(state, unique=unique)
        if step is not None and step.technique in SE_LACKS:
            lacking.append((len(steps), state.copy()))
        return step

    for step in drive(cg, pick):
        score = step_cost(step)
        if stop_above is not None and score > stop_above:
            return None
        steps.append(step)
        scores.append(score)
    if not cg.is_solved():  # only when even the solver finds no solution from here
        raise UnsolvableError("the puzzle has no solution")
    se_needs = _raise_to_floors(scores, lacking, unique)
    hardest_score = max(scores, default=0.0)
    at = next((i for i, v in enumerate(scores) if v == hardest_score), None)
    hardest = "" if at is None else steps[at].technique
    # SE charges exactly: its own ATE, and a Nishio counted as SE counts it where a step SE lacks needed one
    exact = hardest in SE_EXACT or se_needs.get(at) == "nishio"
    score = hardest_score if exact else score_of(scores)
    if not exact and level_of(score) is Difficulty.EXPERT:
        # SE's own techniques alone may need a Nishio or a forcing chain where one of ours went past
        se_price = se_path_price(CandidateGrid.from_grid(values), unique)
        if se_price >= NEEDS_CHAINS:
            score = max(score, se_price)
    if hardest_score <= _SINGLES_CEILING and not _naked_singles_solve(values):
        score = round(score + HIDDEN_SINGLES_BONUS, 2)
    # a guess or an exocet (both 10.0) is extreme; below, allowances never lift a score past master
    extreme = hardest_score >= Difficulty.EXTREME.ceiling
    level = Difficulty.EXTREME if extreme else level_of(min(score, Difficulty.MASTER.ceiling))
    return Rating(score, level, hardest, tuple(steps), se_needs.get(at, ""), tuple(scores))


_SINGLES_CEILING = 2.3


def _raise_to_floors(
    scores: list[float], lacking: list[tuple[int, CandidateGrid]], unique: bool
) -> dict[int, str]:
    """Raise the score of each step SE lacks (its index and the state before it) to its floor;
    return the technique SE needs instead at each step raised."""
    se_needs: dict[int, str] = {}
    # a floor (at most FLOOR_CAP) cannot reach the hard steps of a path whose hardest is well above it
    if not lacking or max(scores, default=0.0) - HARD_MARGIN > FLOOR_CAP:
        return se_needs
    for i, state in lacking:
        # past the end: the driver's last pick changed nothing and was not applied
        if i < len(scores) and scores[i] < FLOOR_CAP:
            floor, technique = se_floor(state, scores[i], unique)
            if floor > scores[i]:
                scores[i], se_needs[i] = floor, technique
    return se_needs


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
        raise ValueError("extreme puzzles need an exocet or a guess; they cannot be generated on purpose")

    def accept(puzzle: np.ndarray) -> bool:
        if also is not None and not also(puzzle):
            return False
        rating = rate(puzzle, unique=True, stop_above=target.ceiling)
        return rating is not None and rating.level is target

    return accept
