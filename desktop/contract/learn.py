"""The Learn area's calls: Undo to first mistake, Why is it wrong? (a mixin of
:class:`desktop.contract.api.Api`)."""

from __future__ import annotations

from desktop.contract import endpoints as arg
from desktop.contract.endpoints import OK, command, endpoint


class LearnCalls:
    """Calls about the player's mistakes; ``self._host`` is the Api's host."""

    undo_to_mistake = command("undo_to_mistake", "Take back every move since the first wrong digit standing "
                              "was placed, as one undoable move (``no_solution``, ``no_mistake``).")
    why_wrong = command("why_wrong", "Find why the wrong digit the hint or Check named is wrong: the state's "
                        "``why`` (the engine's proof) until the board changes (``no_solution``, "
                        "``no_mistake``).")
    rate_puzzle = command("rate_puzzle", "Rate the puzzle shown: its breakdown comes in the state's "
                          "``rating`` (``no_solution`` unless it has exactly one solution).")

    @endpoint
    def open_step(self, index: object) -> dict:
        """Show the puzzle's human-logic run paused after its step ``index`` 0-728 (the rating's bottleneck)
        on the Timeline; ``not_at_start`` unless the board holds only the givens."""
        self._host.learn.open_step(arg.whole(index, "index", 0, 728))
        return OK
