"""What makes a puzzle hard: its rating on three scales, the techniques its logical path uses, and
the bottleneck step.

- **SE scale** — :func:`engine.rating.difficulty.rate`'s score and level (Sudoku Explainer's scale).
- **HoDoKu-style score** — the sum, over every step of the same path, of the step's base score in
  HoDoKu's default step configuration (``Options.DEFAULT_SOLVER_STEPS``: full house and naked single
  4, hidden single 14, locked candidates 50, naked pair 60, hidden pair 70, X-wing 140, XY-wing 160,
  nice loop / AIC 280, forcing chain 500, brute force 10000, …: :data:`HODOKU_SCORE`).  A technique
  HoDoKu has no step type for is charged as the step HoDoKu would find there instead (WXYZ- to
  TUVWXYZ-wings and aligned exclusions as ALS-XZ, a grouped strong-link fish as a grouped nice loop,
  3D Medusa as a nice loop, a unique loop or BUG+n as
  a uniqueness test, Nishio and digit forcing chains as a forcing chain, an MSLS or exocet as a
  template, a guess as brute force).  HoDoKu's own path may differ from ours, so this is HoDoKu's
  price list on our path, not HoDoKu's rating.
- **QQwing's class** — by QQwing's ``getDifficulty`` rule: *expert* if it must guess, else
  *intermediate* if it uses a pointing pair/triple, a box/line reduction, a naked or a hidden pair,
  else *easy* if it uses a hidden single, else *simple* (naked singles only).  QQwing knows only
  those techniques, always tries naked singles, then hidden singles, then the others, and guesses
  when they stall: so the class is the first of simple/easy/intermediate whose techniques alone
  solve the puzzle (each tried with our driver, cheapest first), expert otherwise.  It agrees with
  QQwing's own labels on all 4,000 puzzles of ``../shared/data/ratings/qqwing_*.sdm``.
- **techniques** — how many steps of each technique the path has, in the order first used.
- **bottleneck** — the first step of the highest cost on the path (its index from 0, technique and
  cost): where the puzzle is hardest, the step that decides its SE score.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from engine.candidates import CandidateGrid
from engine.logic.human import cheapest_step, checked_grid, drive
from engine.rating.difficulty import Rating, rate

HODOKU_SCORE: dict[str, int] = {
    "full_house": 4, "naked_single": 4, "hidden_single": 14,
    "locked_pair": 40, "locked_triple": 60, "pointing": 50, "claiming": 50,
    "naked_pair": 60, "naked_triple": 80, "hidden_pair": 70, "hidden_triple": 100,
    "naked_quad": 120, "hidden_quad": 150,
    "x_wing": 140, "swordfish": 150, "jellyfish": 160,
    "finned_x_wing": 130, "sashimi_x_wing": 150, "finned_swordfish": 200, "sashimi_swordfish": 240,
    "finned_jellyfish": 250, "sashimi_jellyfish": 260,
    "remote_pair": 110, "bug_plus_1": 100, "skyscraper": 130, "two_string_kite": 150,
    "turbot_fish": 120, "empty_rectangle": 120, "w_wing": 150, "xy_wing": 160, "xyz_wing": 180,
    "unique_rectangle_1": 100, "unique_rectangle_2": 100, "unique_rectangle_3": 100,
    "unique_rectangle_4": 100, "unique_rectangle_5": 100, "unique_rectangle_6": 100,
    "hidden_rectangle": 100, "avoidable_rectangle": 100,
    "simple_coloring": 150, "multi_coloring": 200, "sue_de_coq": 250,
    "x_chain": 260, "xy_chain": 260, "aic": 280,
    "als_xz": 300, "als_xy_wing": 320, "als_chain": 340, "death_blossom": 360,
    "franken_x_wing": 300, "franken_swordfish": 350, "franken_jellyfish": 370,
    "finned_franken_x_wing": 390, "finned_franken_swordfish": 410, "finned_franken_jellyfish": 430,
    "mutant_x_wing": 450, "mutant_swordfish": 450, "mutant_jellyfish": 450,
    "finned_mutant_x_wing": 470, "finned_mutant_swordfish": 470, "finned_mutant_jellyfish": 470,
    "kraken_fish": 500, "forcing_chain": 500, "forcing_net": 700, "guess": 10000,
    # techniques HoDoKu has no step type for: the step it would find there instead
    "wxyz_wing": 300, "vwxyz_wing": 300, "uvwxyz_wing": 300, "tuvwxyz_wing": 300, "grouped_fish": 300,
    "aligned_pair_exclusion": 300, "aligned_triple_exclusion": 300,
    "medusa_3d": 280, "unique_loop": 100, "bug_plus_n": 100,
    "siamese_franken_fish": 430, "siamese_mutant_fish": 470,
    "nishio": 500, "digit_forcing_chain": 500, "msls": 10000, "exocet": 10000,
}
"""HoDoKu's base score per step, by our technique id (see the module docstring)."""

HODOKU_DEFAULT = 500
"""The charge of a technique not in :data:`HODOKU_SCORE` (one added later): a forcing chain's."""

QQWING_CLASSES: tuple[tuple[str, frozenset[str]], ...] = (
    ("simple", frozenset({"full_house", "naked_single"})),
    ("easy", frozenset({"full_house", "naked_single", "hidden_single"})),
    ("intermediate", frozenset({"full_house", "naked_single", "hidden_single", "pointing", "claiming",
                                "locked_pair", "naked_pair", "hidden_pair"})),
)
"""QQwing's classes below expert and the techniques each may use (a locked pair is a naked pair)."""


def hodoku_score(rating: Rating) -> int:
    """Return the sum of HoDoKu's base scores of the path's steps (0 for an empty path); never fails."""
    return sum(HODOKU_SCORE.get(step.technique, HODOKU_DEFAULT) for step in rating.steps)


def qqwing_class(grid: str | np.ndarray | list[int]) -> str:
    """Return QQwing's class of a unique puzzle: simple, easy, intermediate or expert; raises
    InvalidPuzzleError for a repeated given."""
    values = checked_grid(grid)
    for name, allowed in QQWING_CLASSES:
        cg = CandidateGrid.from_grid(values)
        for _ in drive(cg, lambda state, ids=allowed: cheapest_step(state, True, among=ids.__contains__)):
            pass
        if cg.is_solved():
            return name
    return "expert"


def rating_breakdown(grid: str | np.ndarray | list[int], rating: Rating | None = None) -> dict[str, Any]:
    """Return the JSON-able breakdown of a unique puzzle (see the module docstring) from ``rating``
    (rated here when None); raises as :func:`engine.rating.difficulty.rate` does (a repeated given, no
    solution)."""
    rating = rating or rate(grid, unique=True)
    counts: dict[str, int] = {}
    for step in rating.steps:
        counts[step.technique] = counts.get(step.technique, 0) + 1
    scores = rating.scores
    at = scores.index(max(scores)) if scores else -1
    return {
        "score": rating.score,
        "level": rating.level.value,
        "hodoku_score": hodoku_score(rating),
        "qqwing": qqwing_class(grid),
        "techniques": counts,
        "steps": len(rating.steps),
        "bottleneck": None if at < 0 else {"index": at, "technique": rating.steps[at].technique,
                                           "score": scores[at]},
    }
