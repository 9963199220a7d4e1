"""Singles propagation on plain-int candidate masks, used by the smart search trace, and the reference
for the forcing techniques' compiled copy.

Placing a digit removes it from the peers; a cell left with one candidate (naked single) or a digit
left with one place in a unit (hidden single) is placed in turn, until nothing more follows or a
cell or unit runs out of room.  Plain Python on lists: the compiled solver has its own, faster copy
of this logic in :mod:`engine.kernels.solver`, where lists of ints cannot go, and the forcing nets,
digit forcing chains and Kraken fish follow their branches with
:func:`engine.kernels.propagation.propagate`, this function compiled step for step, about 4 times
faster a branch (a change here must be made there too: tests/engine/test_propagation_kernels.py compares
the two).
"""

from __future__ import annotations

from engine.grid import PEERS, UNITS

ALL = 0x1FF


def propagate_singles(
    values: list[int], cands: list[int], queue: list[tuple[int, int]], placed: list[tuple[int, int]]
) -> bool:
    """Place the queued ``(cell, digit)`` pairs and every single they force, in place, appending each
    placement to ``placed``; return False on a contradiction (the lists are then half-updated)."""
    while queue:
        while queue:
            c, d = queue.pop()
            if values[c]:
                if values[c] != d:
                    return False
                continue
            bit = 1 << (d - 1)
            if not cands[c] & bit:
                return False
            values[c] = d
            cands[c] = 0
            placed.append((c, d))
            for p in PEERS[c]:
                m = cands[p]
                if m & bit:
                    m ^= bit
                    cands[p] = m
                    if not m:
                        return False
                    if not m & (m - 1):
                        queue.append((p, m.bit_length()))
        for unit in UNITS:
            once = twice = done = 0
            for c in unit:
                m = cands[c]
                twice |= once & m
                once |= m
                if values[c]:
                    done |= 1 << (values[c] - 1)
            if once | done != ALL:
                return False
            single = once & ~twice & ~done
            while single:
                low = single & -single
                single ^= low
                for c in unit:
                    if cands[c] & low:
                        queue.append((c, low.bit_length()))
                        break
    return True
