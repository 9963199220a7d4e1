"""The daily puzzle in the app (issue 32): which date and level, making it, and the calendar's figures.

The puzzle itself is the engine's (:func:`engine.daily_puzzle`: seeded by the date and the level, so
every copy of the same version agrees).  The mid end marks a daily puzzle's date on its game and, when
the player solves it, in the statistics; here the streak is counted from those dates and today.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any

from desktop.midend import GameError, play
from desktop.midend.rules import unique_solution
from engine import daily_puzzle

LEVELS = ("easy", "medium", "hard", "expert", "master")
DEFAULT_LEVEL = "medium"  # the Difficulty setting "any" plays this level's daily puzzle


def level_of(setting: str) -> str:
    """Return the daily level for the Difficulty setting (``"any"``: medium)."""
    return setting if setting in LEVELS else DEFAULT_LEVEL


def day_of(text: str, today: dt.date) -> dt.date:
    """Return the date ``YYYY-MM-DD`` (``""``: today); GameError ``bad_argument`` for a malformed date
    or one after today (its puzzle is not out yet)."""
    if not text:
        return today
    try:
        day = dt.date.fromisoformat(text) if len(text) == 10 else None
    except ValueError:
        day = None
    if day is None:
        raise GameError("bad_argument", "date must be written YYYY-MM-DD", {"name": "date"})
    if day > today:
        raise GameError("future_day", "That day's puzzle is not out yet.", {"date": text})
    return day


def make(day: dt.date, level: str) -> tuple[list[int], list[int] | None]:
    """Return the givens of ``day``'s puzzle at ``level`` and their solution; raises what the engine
    raises (GenerationError, never seen)."""
    givens = [int(d) for d in daily_puzzle(day, level).puzzle]
    return givens, unique_solution(givens)


def calendar(solved: Iterable[str], today: dt.date) -> dict[str, Any]:
    """Return what the calendar shows: today, the streak up to today, the days solved."""
    return play.calendar(list(solved), today.isoformat())
