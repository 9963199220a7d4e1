"""The mid end: everything about the game being played, pure (no threads, no I/O, no clock).

:mod:`~desktop.midend.midend` the one object that owns the game (``Midend.do(command, now)``,
``Midend.snapshot(now)``); :mod:`~desktop.midend.game` one puzzle's board, moves and undo (a change of
puzzle is a move carrying its solution, difficulty and time), :mod:`~desktop.midend.moves` their plain
values; :mod:`~desktop.midend.marks` corner and centre marks; :mod:`~desktop.midend.play` the set and
the solve times; :mod:`~desktop.midend.timer` the clock; :mod:`~desktop.midend.rules` the checks;
:mod:`~desktop.midend.hints` the hint ladder (:mod:`~desktop.midend.variant_hints` its variant steps);
:mod:`~desktop.midend.shape` the puzzle's size, regions and constraints (issue 40);
:mod:`~desktop.midend.enter` Enter puzzle's variant kinds, constraints and regions, and what a typed
puzzle is (its true candidates);
:mod:`~desktop.midend.trainer` the technique trainer and its
scores.  :mod:`desktop.host.host` guards the Midend with its lock;
:mod:`desktop.io.saves` turns its Play into JSON.
"""

from desktop.midend.game import Game
from desktop.midend.moves import CAUSES, ORIGINS, Cell, Change, GameError, Move
from desktop.midend.play import Play
from desktop.midend.rules import check_puzzle, hidden_singles, quick_status, refine_status
from desktop.midend.timer import Timer

__all__ = [
    "CAUSES",
    "ORIGINS",
    "Cell",
    "Change",
    "Game",
    "GameError",
    "Move",
    "Play",
    "Timer",
    "check_puzzle",
    "hidden_singles",
    "quick_status",
    "refine_status",
]
