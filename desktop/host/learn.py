"""Learn's work beside the game that asks the engine off the lock: the hint ladder's next finding, why a
wrong digit is wrong, the puzzle's rating, and opening its human-logic run at a step.
"""

from __future__ import annotations

from desktop.host import workers
from desktop.host.calls import HostCalls
from desktop.midend import GameError, hints, variant_hints
from engine import rating_breakdown, why_wrong


class LearnHost:
    """Learn's questions for ``host``; every method is safe from any thread."""

    def __init__(self, host: HostCalls) -> None:
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
            board = host.board()
            args = board["digits"], board["origins"], board["notes"], board["solution"]
            shape = board["shape"]
            found = hints.find(*args) if shape.is_classic else variant_hints.find(*args, shape)
            host.move({"name": "hint_found", "key": answer["key"], "finding": found})

    def why(self) -> None:
        """Find (off the lock) why the wrong digit the hint or Check named is wrong; the state's ``why``
        shows it; GameError ``no_solution`` / ``no_mistake`` when no digit can be called wrong."""
        host = self._host
        _refuse_variant(host, "Why is it wrong?")
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
        _refuse_variant(host, "Rating")
        host.ensure_solution()
        board = host.board()
        givens, known = board["givens"], board["solution"]
        if known is None:
            raise GameError("no_solution", "Only a puzzle with exactly one solution has a rating.")
        found = rating_breakdown(givens)
        host.move({"name": "rated", "givens": givens, "rating": found}, solving_ok=True)

    def open_step(self, index: int) -> None:
        """Show the human-logic run of the puzzle paused after its step ``index`` (the rating's
        bottleneck) on the Timeline; GameError ``not_at_start`` unless the board holds only the givens
        (the rating's path is the puzzle's own), ``busy`` while a run is going."""
        self._host.open_run("human", index + 1)  # one event a step: paused right after that step


def _refuse_variant(host: HostCalls, what: str) -> None:
    """GameError ``classic_only`` naming ``what`` when the puzzle shown is a variant."""
    if not host.board()["shape"].is_classic:
        raise GameError("classic_only", f"{what} works on classic puzzles only.", {"what": what})
