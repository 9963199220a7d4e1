"""A mid end on a known hard puzzle, for the tests of moves made through ``Midend.do`` (colours, marks)."""

from __future__ import annotations

from desktop.midend import Game, Play
from desktop.midend.midend import Midend
from desktop.midend.rules import unique_solution

PUZZLE = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
GIVENS = [int(c) for c in PUZZLE]
EMPTY = GIVENS.index(0)


def hard_midend() -> Midend:
    """A mid end showing PUZZLE, loaded as a new hard puzzle with its solution."""
    game = Game("hard")
    game.load_puzzle(GIVENS, "new", difficulty="hard", solution=unique_solution(GIVENS))
    return Midend(Play([game]), {"show_mistakes": False})


def do(midend: Midend, name: str, **args) -> bool:
    """Run the command ``name`` with ``args`` now (time 0) and say whether it changed the game."""
    return midend.do({"name": name, **args}, 0.0)["changed"]
