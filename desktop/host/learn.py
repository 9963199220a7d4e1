"""Learn's work beside the game that asks the engine off the lock: the hint ladder's next finding, why a
wrong digit is wrong, the puzzle's rating, and opening its human-logic run at a step.
"""

from __future__ import annotations

from typing import Any

from desktop.host import workers
from desktop.midend import GameError, hints
from engine import rating_breakdown, why_wrong


class LearnHost:
    """Learn's questions for ``host`` (a :class:`desktop.host.host.Host`); every method is safe from any
    thread."""

    def __init__(self, host: Any) -> None:
        self._host = host

    def hint(self) -> None:
        """Show the hint one level deeper (the state's ``hint``), finding a new one off the lock when
        needed; GameError ``nothing_to_do`` without the engine's human logic."""
        host = self._host
        if not workers.HAS_HUMAN:
            raise GameError("nothing_to_do", "Hints need the engine's human logic.")
        answer = host.move({"name": "hint_deeper"})
        if not answer["found"]:
            host.ensure_solution()
            with host.lock:
                game = host.midend.game
                board = (list(game.digits), list(game.origins), list(game.notes), game.solution)
            found = hints.find(*board)
            host.move({"name": "hint_found", "key": answer["key"], "finding": found})

    def why(self) -> None:
        """Find (off the lock) why the wrong digit the hint or Check named is wrong; the state's ``why``
        shows it; GameError ``no_solution`` / ``no_mistake`` when no digit can be called wrong."""
        host = self._host
        host.ensure_solution()
        asked = host.move({"name": "why_wanted"})
        try:
            found = why_wrong(asked["givens"], asked["digits"], asked["cell"], asked["digit"])
        except ValueError as err:
            raise GameError("no_mistake", str(err), {"message": str(err)}) from None
        host.move({"name": "why_found", "key": asked["key"], "why": found.to_dict()})

    def rate_puzzle(self) -> None:
        """Rate the puzzle shown (off the lock): its breakdown comes in the state's ``rating`` (technique
        ids: the page words them); GameError ``no_solution`` unless it has exactly one solution."""
        host = self._host
        host.ensure_solution()
        with host.lock:
            givens, known = host.midend.game.givens(), host.midend.game.solution
        if known is None:
            raise GameError("no_solution", "Only a puzzle with exactly one solution has a rating.")
        found = rating_breakdown(givens)
        host.move({"name": "rated", "givens": givens, "rating": found}, solving_ok=True)

    def open_step(self, index: int) -> None:
        """Show the human-logic run of the puzzle paused after its step ``index`` (the rating's
        bottleneck) on the Timeline; GameError ``not_at_start`` unless the board holds only the givens
        (the rating's path is the puzzle's own), ``busy`` while a run is going."""
        host = self._host
        with host.lock:
            game = host.midend.game
            if game.digits != game.givens():
                raise GameError("not_at_start", "Restart the puzzle to walk its own path to that step.")
            session = host.start_run("human", paused=True)
            for _ in range(index + 1):  # one event a step: the run pauses right after that step
                session.step()
        host.publish()
