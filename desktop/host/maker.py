"""The maker: one worker thread at a time that makes a puzzle or a set and hands each puzzle back as a
command of the mid end (``puzzle_made``, ``set_puzzle_made``, then ``making_ended``), carrying the
token of its request.  A newer request stops the older maker; the mid end drops what a stopped one
still delivers, because its token no longer names what is being made.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from desktop.host import workers
from desktop.io import daily
from engine import GenerationError

log = logging.getLogger(__name__)

NEEDS_SECONDS = 30.0  # how long New puzzle looks for a puzzle that needs the chosen technique (issue 30)
Deliver = Callable[[dict[str, Any]], Any]


class Maker:
    """Starts and stops the making threads; ``deliver(command)`` hands a result to the mid end.  Every
    method is called with the host's lock held (its one lock guards ``_cancel`` too)."""

    def __init__(self, deliver: Deliver) -> None:
        self._deliver = deliver
        self._cancel: threading.Event | None = None

    def one(self, token: int, level: str, needs: str = "") -> None:
        """Make one unique puzzle at ``level`` ("any" or a difficulty), or one that ``needs`` a technique
        (its level then is what it rates), stopping any other making."""
        if needs:
            workers.spawn(self._make_needing, "maker", token, self._fresh(), needs)
            return
        workers.spawn(self._make_one, "maker", token, self._fresh(), lambda: workers.make_puzzle(level),
                      {"difficulty": level})

    def variant(self, token: int, kind: str, size: int, level: str) -> None:
        """Make one unique puzzle of ``kind`` and ``size`` (its level: the variant logic's, when one of
        them), stopping any other making."""
        workers.spawn(self._make_one, "maker", token, self._fresh(),
                      lambda: workers.make_variant(kind, size, level), {"difficulty": level})

    def daily(self, token: int, day: Any, level: str) -> None:
        """Make the daily puzzle of ``day`` at ``level``, stopping any other making."""
        workers.spawn(self._make_one, "maker", token, self._fresh(), lambda: daily.make(day, level),
                      {"difficulty": level, "daily": day.isoformat()})

    def set(self, token: int, count: int, level: str, have: list[list[int]]) -> None:
        """Make ``count`` distinct puzzles, none like one of ``have`` (the set's first when it is empty)."""
        workers.spawn(self._make_set, "maker", token, self._fresh(), count, level, have)

    def stop(self) -> None:
        """Stop the making under way (a no-op when there is none)."""
        if self._cancel is not None:
            self._cancel.set()
            self._cancel = None

    def _fresh(self) -> threading.Event:
        self.stop()
        self._cancel = threading.Event()
        return self._cancel

    def _make_one(self, token: int, cancel: threading.Event, make: Callable[[], Any],
                  about: dict[str, Any]) -> None:
        """Deliver ``make()``'s puzzle as ``puzzle_made`` with ``about`` (its difficulty, a daily's date)."""
        try:
            grid, solution, *more = make()  # a variant adds {"shape": ...}
        except Exception as err:
            log.exception("making a puzzle failed")
            self._deliver({"name": "making_ended", "token": token, "failed": type(err).__name__})
            return
        if not cancel.is_set():
            self._deliver({"name": "puzzle_made", "token": token, "givens": grid, "solution": solution,
                           **about, **(more[0] if more else {})})

    def _make_needing(self, token: int, cancel: threading.Event, needs: str) -> None:
        try:
            grid, solution, level = workers.make_needing(needs, NEEDS_SECONDS)
        except GenerationError:  # the technique is too rare on generated puzzles to find in time
            self._deliver({"name": "making_ended", "token": token, "failed": "too_rare", "needs": needs,
                           "seconds": NEEDS_SECONDS})
            return
        except Exception as err:
            log.exception("making a puzzle that needs %s failed", needs)
            self._deliver({"name": "making_ended", "token": token, "failed": type(err).__name__})
            return
        if not cancel.is_set():
            self._deliver({"name": "puzzle_made", "token": token, "givens": grid, "solution": solution,
                           "difficulty": level})

    def _make_set(self, token: int, cancel: threading.Event, count: int, level: str,
                  have: list[list[int]]) -> None:
        failed = ""
        try:
            for made, (grid, solution) in enumerate(workers.distinct_puzzles(count, level, cancel, have)):
                if cancel.is_set():
                    break
                self._deliver({"name": "set_puzzle_made", "token": token, "givens": grid,
                               "solution": solution, "difficulty": level, "count": count,
                               "first": made == 0 and not have})
        except Exception as err:
            log.exception("making a set failed")
            failed = type(err).__name__
        self._deliver({"name": "making_ended", "token": token, "failed": failed})
