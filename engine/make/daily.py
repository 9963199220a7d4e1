"""The daily puzzle: one puzzle per date and level, the same on every copy of the same version.

The puzzle is :func:`engine.make.generator.generate`'s, seeded by the date and the level alone (numpy's
SeedSequence of ``DAILY_SALT``, the date's ordinal and the level's rank), keeping the givens'
half-turn symmetry and exactly the level asked for.  No clock, network or file is involved, so two
copies agree without talking; a new version that changes the generator or the rating may change
the puzzles (numpy keeps PCG64's stream, so numpy upgrades do not).  The app's calendar and streak
are built on :func:`daily_streak`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import NamedTuple

import numpy as np

from engine.rating.difficulty import Difficulty

DAILY_SALT = 0x5D0C_D41
"""Keeps the daily stream apart from every other use of a small seed (``sudoku generate --seed 1``)."""
DEFAULT_LEVEL = Difficulty.MEDIUM


class DailyPuzzle(NamedTuple):
    """The puzzle of a date at a level: the date, the level, the givens (81 digits) and the score."""

    date: dt.date
    level: Difficulty
    puzzle: np.ndarray
    score: float


def parse_date(text: str) -> dt.date:
    """Return the date written ``YYYY-MM-DD``; raises ValueError naming the text otherwise."""
    try:
        if len(text) != 10:
            raise ValueError
        return dt.date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a date written YYYY-MM-DD") from None


def daily_puzzle(day: dt.date | str | None = None, level: Difficulty | str = DEFAULT_LEVEL) -> DailyPuzzle:
    """Return the daily puzzle of ``day`` (a date or ``YYYY-MM-DD``; default today, local time) at
    ``level``; raises ValueError for a bad date, an unknown level or extreme (a guess cannot be made),
    GenerationError if the generator's attempts find no puzzle at the level (never seen)."""
    from engine.make.generator import Symmetry, generate
    from engine.rating.difficulty import rate

    date = dt.date.today() if day is None else parse_date(day) if isinstance(day, str) else day
    target = level if isinstance(level, Difficulty) else Difficulty.parse(level)
    if target is Difficulty.EXTREME:
        raise ValueError("there is no extreme daily puzzle: extreme puzzles need a guess")
    rng = np.random.default_rng([DAILY_SALT, date.toordinal(), target.rank])
    puzzle = generate(rng=rng, symmetry=Symmetry.ROTATIONAL, difficulty=target.value)
    return DailyPuzzle(date, target, puzzle, rate(puzzle, unique=True).score)


def daily_streak(solved: Iterable[dt.date], today: dt.date) -> int:
    """Return how many consecutive days up to ``today`` have a solved daily puzzle; a streak that ends
    yesterday still counts (today's puzzle may not be done yet).  Days after ``today`` are ignored."""
    days = set(solved)
    day = today if today in days else today - dt.timedelta(days=1)
    count = 0
    while day in days:
        count += 1
        day -= dt.timedelta(days=1)
    return count
