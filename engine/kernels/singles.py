""":func:`hidden_singles`, compiled: every hidden single, in the finder's order
(:mod:`engine.strategies.singles`); the fixed Python cost of the walk over units had become part
of a third of rating an SE 9 puzzle.

Importing this module loads numba (unless the kernels were compiled ahead of time: engine/kernels/);
only the technique modules import it, on first use.  Each kernel returns only what its finder turns
into steps, in the finder's order, so the steps are the ones the Python walks made.  Cell sets are
three words of 27 cells (cell c is bit c % 27 of word c // 27) in signed words.
"""

from __future__ import annotations

from engine.kernels import njit
from engine.kernels.bits import lowest


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
                    out[found, 0] = u
                    out[found, 1] = units[u, i]
                    out[found, 2] = d + 1
                    found += 1
                    break
            if found == out.shape[0]:
                return found
    return found
