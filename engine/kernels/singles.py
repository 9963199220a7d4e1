""":func:`hidden_singles`, compiled: every hidden single, in the finder's order
(:mod:`engine.logic.strategies.singles`); the fixed Python cost of the walk over units had become part
of a third of rating an SE 9 puzzle.

Loaded on first use (numba, or the ahead-of-time parts: engine/kernels/); it returns what its finder
turns into steps, in the finder's order.  Cell sets: three signed words of 27 cells (c: bit c % 27 of c // 27)
"""

from __future__ import annotations

from engine.kernels import njit
from engine.kernels.bits import lowest
from engine.kernels.rows import put


@njit(cache=True, aot="int64(int64[::1], int64[:, ::1], int64[::1], int64[:, ::1])")
def hidden_singles(cands, units, order, out):  # pragma: no cover - compiled
    """Fill ``out`` rows with (unit, cell, digit 1-9) of every digit with exactly one candidate cell
    in a unit, the units in ``order`` and each unit's digits ascending; return how many (never more
    than 243, ``out``'s length when it filled up)."""
    found = 0
    for k in range(order.shape[0]):
        u = order[k]
        once = twice = 0
        for i in range(9):
            m = cands[units[u, i]]
            twice |= once & m
            once |= m
        only = once & ~twice
        while only:
            d = lowest(only)
            only &= only - 1
            for i in range(9):
                if cands[units[u, i]] >> d & 1:
                    found = put(out, found, (u, units[u, i], d + 1))
                    break
            if found == out.shape[0]:
                return found
    return found
