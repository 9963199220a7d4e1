"""What is being played: one puzzle, or a set of puzzles with Previous/Next, plus the player's times.

Each puzzle of a set is a whole :class:`Game` (entries, notes, undo history, timer), so moving
through the set keeps everything.  Pure: the time is always given by the caller.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from desktop.midend.game import Game
from engine import daily_streak

TIMES_KEPT = 200  # solve times kept per difficulty for best/average


def solved_by_player(game: Game) -> bool:
    """True if ``game``'s board is full, repeats nothing, matches its solution, and no solve run put a
    digit there (a puzzle the solver solved is marked so and counts nowhere)."""
    if game.digits.count(0) or game.conflict_cells() or "solved" in game.origins:
        return False
    return not game.wrong()


def calendar(solved: Sequence[str], today: str) -> dict[str, Any]:
    """Return what the calendar shows: ``today`` (ISO, "" until told), the streak to it, the days solved."""
    days = sorted(set(solved))
    dates = (dt.date.fromisoformat(d) for d in days)
    streak = daily_streak(dates, dt.date.fromisoformat(today)) if today else 0
    return {"today": today, "streak": streak, "solved": days}


class Play:
    """The games being played (one unless a set), which one is shown, and solve times per difficulty."""

    def __init__(self, games: list[Game] | None = None, index: int = 0, is_set: bool = False) -> None:
        self.games = games or [Game()]
        self.index = min(max(index, 0), len(self.games) - 1)
        self.is_set = is_set
        self.times: dict[str, list[int]] = {}
        self.daily: set[str] = set()  # the dates ("YYYY-MM-DD") whose daily puzzle the player solved
        self.expected = len(self.games)  # a set still being made: how many it will hold
        # a set left for a game outside it (Enter puzzle, paste, import): Undo goes back to it, and
        # Redo from there shows the game outside again
        self.aside: tuple[list[Game], int, int] | None = None
        self.outside: Game | None = None
        # how many moves the set's game had to redo when Undo came back to it: Redo goes out of the set
        # only from there (a further Undo inside the set is redone first)
        self.outside_depth = 0

    @property
    def game(self) -> Game:
        """The game on the board."""
        return self.games[self.index]

    def start_set(self, first: Game, count: int, now: float) -> None:
        """Replace what is played by a set of ``count`` whose first puzzle is ``first``."""
        self.game.timer.stop(now)
        self.games, self.index, self.is_set, self.expected = [first], 0, True, count
        self.aside = self.outside = None

    def add(self, game: Game) -> None:
        """Append a freshly made puzzle to the set, where it is shown or kept aside."""
        (self.aside[0] if self.aside is not None and not self.is_set else self.games).append(game)

    def leave_set(self, game: Game, now: float) -> bool:
        """Play ``game`` outside the set, keeping the set aside for Undo; False when no set is shown."""
        if not self.is_set:
            return False
        self.game.timer.stop(now)
        self.aside, self.outside = (self.games, self.index, self.expected), None
        self.games, self.index, self.is_set, self.expected = [game], 0, False, 1
        return True

    def back_to_set(self, now: float) -> bool:
        """Undo past the first move outside the set: show the set as it was left; False if none."""
        if self.aside is None or self.is_set:
            return False
        self.game.timer.stop(now)
        self.outside = self.game
        (self.games, self.index, self.expected), self.is_set, self.aside = self.aside, True, None
        self.outside_depth = len(self.game.redo_log)
        self.game.version += 1
        return True

    def redo_leaves_set(self) -> bool:
        """True when Redo is to show the game outside the set again: Undo came back from it last."""
        return self.outside is not None and self.is_set and len(self.game.redo_log) == self.outside_depth

    def forward_from_set(self, now: float) -> bool:
        """Redo of :meth:`back_to_set`: the game outside the set again; False if there is none."""
        outside = self.outside
        if outside is None or not self.is_set:
            return False
        self.leave_set(outside, now)
        outside.version += 1
        return True

    def go(self, delta: int, now: float) -> bool:
        """Show the previous (-1) or next (+1) puzzle of the set; False at either end."""
        target = self.index + delta
        if not self.is_set or not 0 <= target < len(self.games):
            return False
        self.game.timer.stop(now)
        self.index = target
        self.game.version += 1
        return True

    def record_if_solved(self, now: float) -> None:
        """Count the shown puzzle's time once, when the player solved its board (not the Solve button);
        the mark is the puzzle's, so Undo, Redo and a relaunch never count it again."""
        game = self.game
        if game.recorded or not solved_by_player(game):
            return
        game.recorded = True
        if game.daily:
            self.daily.add(game.daily)
        times = self.times.setdefault(game.difficulty, [])
        times.append(game.timer.elapsed(now))
        del times[:-TIMES_KEPT]

    def progress(self) -> dict[str, Any]:
        """Return the set's progress for the page: position, size, solved count."""
        solved = sum(1 for g in self.games if solved_by_player(g))  # the rule Statistics counts by
        return {"is_set": self.is_set, "index": self.index, "count": max(self.expected, len(self.games)),
                "made": len(self.games), "solved": solved}

    def statistics(self) -> dict[str, dict[str, int]]:
        """Return best and average solve times (ms) and the number solved, per difficulty."""
        return {level: {"best": min(t), "average": sum(t) // len(t), "solved": len(t)}
                for level, t in sorted(self.times.items()) if t}
