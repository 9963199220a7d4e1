"""Weak links between different digits of two cells that a pair constraint forbids together: the
digits a cell "sees" through a dot, an X or V, a greater-than sign, the non-consecutive rule, a
cage of two cells or a thermometer, so that chains run through them.

    (3)r1c1 - (4)r1c2      non-consecutive neighbours: r1c1 = 3 and r1c2 = 4 cannot both hold
    (2)r5c5 - (7)r5c6      a cage of 10 on r5c5-r5c6: 2 wants 8 beside it, not 7

Each relation is worked out once per puzzle as a table: per digit x of the first cell, the digits of
the second that cannot stand with it (the same tables the pair techniques of :mod:`.pairs` read).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.logic.variant.pairs import marked_relation, negative_relation, neighbour_pairs, unmarked_pairs
from engine.puzzle.model import XV, Cage, Dot, GreaterThan, Puzzle, Thermometer

PairRelation = tuple[int, int, tuple[int, ...], dict[str, Any]]  # a, b, per x the bad y mask, reason


def _table(n: int, ok: Callable[[int, int], bool]) -> tuple[int, ...]:
    """Per digit x of the first cell, the mask of digits y of the second that ``ok`` forbids with it."""
    return tuple(sum(1 << (y - 1) for y in range(1, n + 1) if not ok(x, y)) for x in range(1, n + 1))


def pair_relations(puzzle: Puzzle) -> list[PairRelation]:
    """Every pair of cells whose digits a constraint ties: (a, b, bad table, why) with ``why`` the
    constraint (``{"mark": ...}`` as the pair techniques name it, with its constraint index)."""
    n = puzzle.size
    out: list[PairRelation] = []
    for index, con in enumerate(puzzle.constraints):
        if isinstance(con, (Dot, XV, GreaterThan)):
            ok, mark = marked_relation(con)
            why = {"mark": mark, "number": con.number} if isinstance(con, Dot) else {"mark": mark}
            out.append((*con.cells, _table(n, ok), {**why, "index": index}))
        elif isinstance(con, Cage) and con.total is not None and len(con.cells) == 2:
            out.append((*con.cells, _table(n, lambda x, y, t=con.total: x + y == t),
                        {"mark": "cage", "total": con.total, "index": index}))
        elif isinstance(con, Thermometer):
            for a, b in zip(con.cells, con.cells[1:], strict=False):
                out.append((a, b, _table(n, lambda x, y: y > x), {"mark": "thermo", "index": index}))
    rules = puzzle.rules()
    if "nonconsecutive" in rules:
        for a, b in neighbour_pairs(n):
            out.append((a, b, _table(n, lambda x, y: abs(x - y) != 1), {"mark": "nonconsecutive"}))
    for family in ("kropki", "xv"):
        negative = negative_relation(puzzle, family)
        if negative is not None:
            ok, mark = negative
            table = _table(n, ok)
            out += [(a, b, table, {"mark": mark}) for a, b in unmarked_pairs(puzzle)]
    return out
