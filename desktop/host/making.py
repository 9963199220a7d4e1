"""Making puzzles beside the game: New puzzle, the daily puzzle, the first launch's easy puzzle and sets,
each made by the :class:`~desktop.host.maker.Maker`'s thread and handed back to the mid end as a command
carrying the token of its request (dropped once the token no longer names what is being made).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from desktop.host import workers
from desktop.host.calls import HostCalls
from desktop.host.maker import Maker
from desktop.io import daily
from desktop.midend import GameError


class MakerHost:
    """The puzzle maker for ``host``; every public method is safe from any thread.  The maker is always
    started under the host's lock together with the token just given (``move``'s ``then``): a maker
    started late for an older token would stop this one (the race test)."""

    def __init__(self, host: HostCalls, first_launch: bool) -> None:
        self._host = host
        self._first_launch = first_launch  # nothing saved yet: a new player
        self._maker = Maker(self._delivered)

    def new_puzzle(self) -> dict[str, Any]:
        """Start making a puzzle at the chosen difficulty; it arrives as a command (dropped if the
        player loaded another puzzle meanwhile); answers ``pending``; GameError ``busy`` while one is
        already being made."""
        level, needs = self._host.setting("difficulty"), self._host.setting("needs")
        self._host.stop_run()
        self._start({"name": "make_puzzle"}, lambda token: self._maker.one(token, level, needs))
        return {"pending": True}

    def new_variant(self, kind: str, size: int) -> dict[str, Any]:
        """Start making a puzzle of ``kind`` and ``size`` at the chosen difficulty, as New puzzle does;
        GameError ``bad_argument`` for a combination the engine does not make, ``busy`` as New puzzle."""
        try:
            workers.check_variant(kind, size)
        except ValueError as err:
            raise GameError("bad_argument", str(err), {"kind": kind, "size": size}) from None
        level = self._host.setting("difficulty")
        self._host.stop_run()
        self._start({"name": "make_puzzle"}, lambda token: self._maker.variant(token, kind, size, level))
        return {"pending": True}

    def daily_puzzle(self, date: str) -> None:
        """Start making the daily puzzle of ``date`` ("": today) at the chosen difficulty; it arrives as
        a command like a new puzzle; GameError for a malformed or future date, ``busy`` as New puzzle."""
        day = daily.day_of(date, dt.date.today())
        level = daily.level_of(self._host.setting("difficulty"))
        self._host.stop_run()
        self._start({"name": "make_puzzle"}, lambda token: self._maker.daily(token, day, level))

    def open_first_puzzle(self) -> bool:
        """On the first launch (no saved game) start making an easy puzzle, the chosen difficulty left
        alone; False (nothing done) on a later launch or a second call."""
        with self._host.lock:
            first, self._first_launch = self._first_launch, False
        if first:
            self._start({"name": "make_puzzle"}, lambda token: self._maker.one(token, "easy"))
        return first

    def start_set(self, count: int, level: str) -> None:
        """Start making a set; an earlier maker is stopped and its late puzzles dropped (a run is stopped
        first; GameError only if it does not stop)."""
        self._host.stop_run()
        self._start({"name": "make_set", "count": count},
                    lambda token: self._maker.set(token, count, level, []))

    def _start(self, command: dict[str, Any], start: Callable[[int], None]) -> None:
        """Give the mid end ``command`` and ``start`` the maker with the token it answers, both under the
        host's lock (GameError as the mid end refuses the command; then nothing starts)."""
        self._host.move(command, then=lambda result: start(result["token"]))

    def resume_set(self, answer: dict[str, Any]) -> None:
        """Go on making the unfinished set of the saved game (``resume_set``'s answer: token, count, level
        and the puzzles it has; the host's lock held, as for a new request); never fails (the maker
        reports its own faults)."""
        self._maker.set(answer["token"], answer["count"], answer["level"], answer["have"])

    def cancel_set(self) -> None:
        """Stop making the set, the puzzles made so far kept, never refused (a single New puzzle being made
        goes on: the maker stops through the host's ``move`` only when the mid end wants nothing more)."""
        self._host.move({"name": "cancel_set"}, solving_ok=True)

    def stop(self) -> None:
        """Stop the maker's thread (the host's lock held); what it still delivers is dropped (never fails)."""
        self._maker.stop()

    def _delivered(self, command: dict[str, Any]) -> None:
        """Maker thread: a puzzle made (or the end of making) goes to the mid end as a command."""
        if not self._host.closed:
            self._host.move(command, solving_ok=True)
