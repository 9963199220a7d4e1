"""The Learn area's calls: Undo to first mistake, Why is it wrong? (a mixin of :class:`desktop.api.Api`)."""

from __future__ import annotations

from desktop.endpoints import command


class LearnCalls:
    """Calls about the player's mistakes; ``self._host`` is the Api's host."""

    undo_to_mistake = command("undo_to_mistake", "Take back every move since the first wrong digit standing "
                              "was placed, as one undoable move (``no_solution``, ``no_mistake``).")
    why_wrong = command("why_wrong", "Find why the wrong digit the hint or Check named is wrong: the state's "
                        "``why`` (the engine's proof) until the board changes (``no_solution``, "
                        "``no_mistake``).")
