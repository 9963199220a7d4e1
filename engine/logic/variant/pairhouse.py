"""Marks in a house: the dots, XV marks, greater-than signs and thermometer steps that join two cells of
one house, filled together with it.

    o-o .        Box 1 has white dots on r1c1-r1c2 and r2c1-r2c2 and the box's 1 and 2 are on them
    o-o .        (say r1c1 = 1/2, r2c1 = 1/2): each dot alone could be 1-2 or 2-3; together one of
    . . .        them must be 1-2, so the other is 2-3 or 3-4 with its 2 taken: 3-4.

A person fills such a box in the head: each mark's pair of digits against the others' and the
cells left.  The finder walks the fillings of the marked cells of the house (different digits, each
mark's table) and asks whether the cells left can take the digits left (a matching), so what
survives is exact for the house and its marks.  Marks between houses, the negative rules (every pair
without a dot) and the non-consecutive rule are left to the pair techniques and the chains: in a
house they tie every cell and the walk would be a search.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.logic.variant.arrowhouse import TooLong, matchable, remembered
from engine.logic.variant.common import VariantTechnique, house_ref, make_step, trimmed
from engine.logic.variant.pairlinks import PairRelation, pair_relations
from engine.logic.variant.state import VariantState
from engine.steps import Step

MAX_FILLINGS = 100_000  # fillings of the marked cells walked before the house is given up (a step's cost)
MARKS = frozenset({"white", "black", "x", "v", "greater", "thermo"})


def _house_marks(state: VariantState) -> list[tuple[int, list[PairRelation]]]:
    """Per full house, its marks (two or more) that join two of its cells (worked out once)."""
    def make(_: object) -> list[tuple[int, list[PairRelation]]]:
        geo = state.geometry
        rel = [r for r in pair_relations(state.puzzle) if r[3].get("mark") in MARKS]
        out = []
        for h in geo.full_houses:
            cells = set(geo.houses[h].cells)
            inside = [r for r in rel if r[0] in cells and r[1] in cells]
            if len(inside) > 1:
                out.append((h, inside))
        return out
    return state.geometry.remember("house_marks", make)


def _house_support(state: VariantState, cells: tuple[int, ...],
                   marks: list[PairRelation]) -> dict[int, int] | None:
    """Each house cell's digits that some filling of the house and its marks uses; None when the walk
    is too long or nothing fits."""
    order: list[int] = []
    for a, b, _, _ in marks:
        order += [c for c in (a, b) if c not in order]
    pos = {c: i for i, c in enumerate(order)}
    checks: list[list[tuple[int, tuple[int, ...], bool]]] = [[] for _ in order]
    for a, b, bad, _ in marks:  # checked at the later of the two cells: (the other's place, table, first?)
        if pos[a] < pos[b]:
            checks[pos[b]].append((pos[a], bad, True))
        else:
            checks[pos[a]].append((pos[b], bad, False))
    free = [c for c in cells if c not in pos]
    free_masks = tuple(state.mask(c) for c in free)
    masks = [state.mask(c) for c in order]
    full = (1 << state.size) - 1
    support = dict.fromkeys(order + free, 0)
    values = [0] * len(order)
    walked = 0

    def fits(i: int, d: int) -> bool:
        for j, bad, other_first in checks[i]:
            x, y = (values[j], d) if other_first else (d, values[j])
            if bad[x - 1] >> (y - 1) & 1:
                return False
        return True

    def walk(i: int, used: int) -> None:
        nonlocal walked
        walked += 1
        if walked > MAX_FILLINGS:
            raise TooLong
        if i == len(order):
            rest = matchable(free_masks, full & ~used)
            if rest is None:
                return
            for c, m in zip(free, rest, strict=True):
                support[c] |= m
            for c, v in zip(order, values, strict=True):
                support[c] |= 1 << (v - 1)
            return
        m = masks[i] & ~used
        while m:
            b = m & -m
            m ^= b
            values[i] = b.bit_length()
            if fits(i, values[i]):
                walk(i + 1, used | b)

    try:
        walk(0, 0)
    except TooLong:
        return None
    return support if any(support.values()) else None


def marks_in_house(state: VariantState) -> Iterator[Step]:
    """A house and the marks joining its cells, filled together: digits no filling uses are out."""
    for h, marks in _house_marks(state):
        house = state.geometry.houses[h]
        if all(state.values[c] for a, b, _, _ in marks for c in (a, b)):
            continue
        support = remembered(state, "marks_in_house_walks", (h, *(state.mask(c) for c in house.cells)),
                             _house_support, state, house.cells, marks)
        if support is None:
            continue
        cells = list(support)
        gone = trimmed(state, cells, [support[c] for c in cells])
        if gone:
            marked = sorted({c for a, b, _, _ in marks for c in (a, b)})
            thermos = sorted({r[3]["index"] for r in marks if r[3]["mark"] == "thermo"})
            dots = sorted({r[3]["index"] for r in marks if r[3]["mark"] != "thermo"})
            yield make_step(state, "marks_in_house", eliminations=gone, cells=marked, dots=dots,
                            lines=thermos, pairs=[[a, b] for a, b, _, _ in marks],
                            house=house_ref(state, house))


TECHNIQUES = [
    VariantTechnique("marks_in_house", "Marks in a House", "宫行列内的标记", 2.9, marks_in_house,
                     "{house} holds every digit once, and marks join {cells} in it: filled together with "
                     "the marks, it has no filling that uses these digits",
                     "{house}中每个数恰好出现一次，其中{cells}之间有标记相连：与这些标记一起填，没有一种填法用到这些数"),
]
