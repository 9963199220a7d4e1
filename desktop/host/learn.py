"""Learn's work beside the game that asks the engine off the lock: the hint ladder's next finding, why a
wrong digit is wrong, the puzzle's rating, and opening its human-logic run at a step.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from desktop.host import workers
from desktop.host.calls import HostCalls
from desktop.midend import GameError, hints, variant_hints
from desktop.midend.frames import variant_names, wire_variant_step
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
        host.ensure_solution()
        asked = host.move({"name": "why_wanted"})
        board = host.board()
        try:
            if board["shape"].is_classic:
                found = why_wrong(asked["givens"], asked["digits"], asked["cell"], asked["digit"]).to_dict()
            else:
                found = variant_why(board["shape"], asked, board["solution"])
        except ValueError as err:
            raise GameError("no_mistake", str(err), {"message": str(err)}) from None
        host.move({"name": "why_found", "key": asked["key"], "why": found})

    def rate_puzzle(self) -> None:
        """Rate the puzzle shown (off the lock): its breakdown comes in the state's ``rating`` (technique
        ids: the page words them; a variant's level by the variant logic, see :func:`variant_rating`);
        GameError ``no_solution`` unless it has exactly one solution."""
        host = self._host
        host.ensure_solution()
        board = host.board()
        givens, known, shape = board["givens"], board["solution"], board["shape"]
        if known is None:
            raise GameError("no_solution", "Only a puzzle with exactly one solution has a rating.")
        if shape.is_classic:
            found = rating_breakdown(givens)
        else:  # seconds on a hard killer: given up once another puzzle is shown (its rating would be dropped)
            found = variant_rating(shape.model(givens), known, lambda: shows(host, givens, shape))
            if found is None:
                return
        host.move({"name": "rated", "givens": givens, "rating": found, "shape": shape}, solving_ok=True)

    def open_step(self, index: int) -> None:
        """Show the human-logic run of the puzzle paused after its step ``index`` (the rating's
        bottleneck) on the Timeline; GameError ``not_at_start`` unless the board holds only the givens
        (the rating's path is the puzzle's own), ``busy`` while a run is going."""
        self._host.open_run("human", index + 1)  # one event a step: paused right after that step


def shows(host: HostCalls, givens: Sequence[int], shape: Any) -> bool:
    """True while the host shows the puzzle ``givens`` of ``shape`` (long work on a puzzle asks, to stop)."""
    board = host.board()
    return board["shape"] == shape and board["givens"] == list(givens)


def variant_why(shape: Any, asked: dict[str, Any], solution: Sequence[int] | None) -> dict[str, Any]:
    """Return why the digit ``asked`` names is wrong on a variant (``engine.why_wrong_variant``), each step
    as it crosses to the page (with the engine's words); ValueError when no digit can be called wrong."""
    from engine import why_wrong_variant

    if solution is None:
        raise ValueError("the puzzle has no single solution")
    found = why_wrong_variant(shape.model(asked["givens"]), asked["digits"], asked["cell"], asked["digit"],
                              solution)
    return {**found.to_dict(), "steps": [wire_variant_step(s, shape.size) for s in found.steps]}


def variant_rating(puzzle: Any, solution: Sequence[int],
                   keep_going: Callable[[], bool] | None = None) -> dict[str, Any] | None:
    """Return a variant puzzle's rating for the state (``engine.rate_variant``: the level of its path's
    hardest step): ``variant`` true, ``level`` easy..extreme, ``score`` (the hardest step's cost),
    ``techniques`` {id: steps, in the order first used} with their ``names`` ({"en", "zh"}), ``steps``,
    ``logic_only`` and the ``bottleneck`` {index, technique, score} (the first hardest step); None once
    ``keep_going`` (asked before each step) answers False."""
    from engine import rate_variant

    found = rate_variant(puzzle, tuple(solution), keep_going)
    if found is None:
        return None
    techniques = dict(Counter(step.technique for step in found.steps))  # in the order first used
    index = next((i for i, s in enumerate(found.steps) if s.technique == found.hardest), None)
    bottleneck = None if index is None else {"index": index, "technique": found.hardest,
                                             "score": found.score}  # the score is the hardest step's cost
    return {"variant": True, "level": found.level, "score": found.score, "techniques": techniques,
            "names": {t: variant_names(t) for t in techniques}, "steps": len(found.steps),
            "logic_only": found.logic_only, "bottleneck": bottleneck}
