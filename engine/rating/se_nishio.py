"""What Sudoku Explainer charges for its cheapest Nishio on a state, counted as SE counts it.

SE's Nishio (``Chaining(false, true, true)``: dynamic, X-links only) assumes a candidate true, or
false, and follows that digit alone: a digit placed removes it from its peers; a unit left with one
place for it (after every removal so far) places it there.  A candidate that must be both placed and
removed is a contradiction, and the assumption is wrong.  SE charges 7.5 plus a tenth per length
step (4, 6, 8, 12, 16, ...) of the chain's *complexity*: every assumption the contradiction's two
sides rest on, removals included (the ancestors of each side, counted separately), less two.

Our own Nishio (:mod:`engine.logic.strategies.nishio`) counts placements only and also stops at a unit
left empty, which SE does not see: on the states where SE needs a Nishio it finds one 0.2-0.4
cheaper than SE's (a 7.5 where SE charges 7.8).  This module is used only to price a floor
(:func:`engine.rating.difficulty.se_floor`), never to make a step.  Digit templates
(:mod:`engine.kernels.templates`) say which assumptions can contradict at all: 10 -> 1 ms a state.

    r1c8=3 -> 3 off in r1, c8, box 3 -> r9c2 is column 2's last 3 (on) ... r9c2=3 both on and off
"""

from __future__ import annotations

from collections import deque

from engine.candidates import CandidateGrid, template_covered, template_rows
from engine.grid import CELL_UNITS, UNITS

BASE = 7.5
_SE_UNIT_ORDER = (2, 0, 1)  # SE looks in the box, then the row, then the column
_CELL_UNITS_SE = tuple(tuple(CELL_UNITS[c][k] for k in _SE_UNIT_ORDER) for c in range(81))

Node = tuple[int, bool]  # (cell, on?) for the one digit followed


def length_bonus(complexity: int) -> float:
    """Return SE's addition for a chain of ``complexity`` potentials (0.0 for 6 or fewer)."""
    added, ceiling, odd, length = 0.0, 4, False, complexity - 2
    while length > ceiling:
        added += 0.1
        ceiling = ceiling * 4 // 3 if odd else ceiling * 3 // 2
        odd = not odd
    return round(added, 1)


def nishio_price(cg: CandidateGrid, below: float = 99.0) -> float | None:
    """Return what SE charges for its cheapest Nishio on the state, or None if it has none cheaper
    than ``below``."""
    best = below
    covered = template_covered(cg.cands)
    for digit in range(1, 10):
        bit = 1 << (digit - 1)
        places = {c for c in range(81) if cg.cands[c] & bit}
        rows = template_rows(cg.cands, digit) if covered & bit else None
        for cell in sorted(places):
            if cg.cands[cell] & (cg.cands[cell] - 1) == 0:
                continue  # SE assumes only in cells with two or more candidates
            sides: tuple[bool, ...] = (True, False)
            if rows is not None:
                # the digit alone contradicts only an assumption no template of it allows: none
                # placed (each candidate lies in one), one removed only if its row has no other
                sides = (False,) if rows[cell // 9] == 1 << (cell % 9) else ()
            for on in sides:
                complexity = _contradiction(places, cell, on)
                if complexity is not None:
                    best = min(best, round(BASE + length_bonus(complexity), 1))
    return None if best >= below else best


def _contradiction(places: set[int], start: int, on: bool) -> int | None:
    """Return the complexity of the contradiction assuming ``start`` on (or off) leads to, in SE's
    order of work, or None if it leads to none."""
    alive = set(places)
    parents: dict[Node, tuple[Node, ...]] = {(start, on): ()}
    pending_on: deque[int] = deque([start] if on else [])
    pending_off: deque[int] = deque([] if on else [start])
    while pending_on or pending_off:
        if pending_on:
            p = pending_on.popleft()
            seen = {p}
            for unit in _CELL_UNITS_SE[p]:
                for q in UNITS[unit]:
                    if q in seen or q not in alive:
                        continue
                    seen.add(q)
                    if (q, True) in parents:
                        return _ancestors((q, True), parents) + _ancestors((q, False), parents, (p, True))
                    if (q, False) not in parents:
                        parents[q, False] = ((p, True),)
                        pending_off.append(q)
            continue
        p = pending_off.popleft()
        made: list[tuple[int, tuple[Node, ...]]] = []
        for unit in _CELL_UNITS_SE[p]:
            others = [q for q in UNITS[unit] if q != p and q in alive]
            if len(others) == 1 and all(q != others[0] for q, _ in made):
                hidden = tuple((q, False) for q in UNITS[unit] if q in places and q not in alive)
                made.append((others[0], ((p, False), *hidden)))
        alive.discard(p)  # dynamic: the removal holds for what follows
        for q, why in made:
            if (q, False) in parents:
                return _ancestors((q, True), parents, *why) + _ancestors((q, False), parents)
            if (q, True) not in parents:
                parents[q, True] = why
                pending_on.append(q)
    return None


def _ancestors(node: Node, parents: dict[Node, tuple[Node, ...]], *direct: Node) -> int:
    """Return how many nodes ``node`` rests on, itself included (``direct``: its parents when it is
    not recorded in ``parents``)."""
    seen = {node}
    todo = list(direct) if direct else list(parents[node])
    while todo:
        n = todo.pop()
        if n not in seen:
            seen.add(n)
            todo.extend(parents[n])
    return len(seen)
