"""Arrows in a house: the arrows whose lines lie wholly in one house, filled together with the house.

    5 . .        Box 1 holds the arrows r1c1 = r2c1 + r3c1 and r1c2 = r2c2 + r3c2: six different
    . . .        digits, two of them the sums of two others.  Each arrow alone allows 3 = 1 + 2 in
    . . .        its circle; both together cannot use the 1 and the 2 twice, and the three cells
                 left must take the digits the arrows leave.

A person reasons so when several arrows share a box (or the house's 45 is split between arrows and
free cells): each arrow is tried against the others' digits and the free cells' candidates.  The
finder walks the fillings of the arrows' cells in the house (circles outside the house take the sum
from their candidates), and for each set of digits they use asks whether the free cells can take the
rest (a matching), so what survives is exact for the house and its arrows.
Roads not taken: arrows crossing the house (their partial sums are the 45 rule's business, left to
:mod:`.lines`' bounds); pills (circles of several cells) stay with :mod:`.lines`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any, TypeVar

from engine.logic.variant.common import VariantTechnique, house_ref, make_step, trimmed
from engine.logic.variant.state import VariantState
from engine.puzzle.model import Arrow, House
from engine.steps import Step

MAX_FILLINGS = 200_000  # fillings of the arrows' cells walked before the house is given up (a step's cost)
MAX_REMEMBERED = 4096  # walks remembered per puzzle before they are forgotten
T = TypeVar("T")


def _house_arrows(state: VariantState) -> list[tuple[int, list[tuple[int, Arrow]]]]:
    """Per full house, the single-circle arrows whose lines lie wholly in it (worked out once)."""
    def make(_: object) -> list[tuple[int, list[tuple[int, Arrow]]]]:
        geo = state.geometry
        arrows = [(i, a) for i, a in enumerate(state.puzzle.constraints)
                  if isinstance(a, Arrow) and len(a.circle) == 1 and a.line]
        out = []
        for h in geo.full_houses:
            cells = set(geo.houses[h].cells)
            inside = [(i, a) for i, a in arrows if cells.issuperset(a.line)]
            size = sum(len(a.line) + (a.circle[0] in cells) for _, a in inside)
            if inside and (len(inside) > 1 or size > 2):  # else the arrow's own step says it all
                out.append((h, inside))
        return out
    return state.geometry.remember("house_arrows", make)


@lru_cache(maxsize=1 << 16)
def matchable(masks: tuple[int, ...], free: int) -> tuple[int, ...] | None:
    """Each cell's digits of ``free`` that some one-to-one filling of the cells uses; None when none."""
    masks = tuple(m & free for m in masks)
    if not _has_matching(masks):
        return None
    out = []
    for i, m in enumerate(masks):
        keep = 0
        rest = m
        while rest:
            b = rest & -rest
            rest ^= b
            if keep & b:
                continue
            trial = tuple(b if j == i else x & ~b for j, x in enumerate(masks))
            if _has_matching(trial):
                keep |= b
        out.append(keep)
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def _has_matching(masks: tuple[int, ...]) -> bool:
    """True when the cells can take different digits from their masks (Kuhn's augmenting paths)."""
    owner: dict[int, int] = {}

    def augment(i: int, seen: set[int]) -> bool:
        rest = masks[i]
        while rest:
            b = rest & -rest
            rest ^= b
            if b in seen:
                continue
            seen.add(b)
            if b not in owner or augment(owner[b], seen):
                owner[b] = i
                return True
        return False

    return all(augment(i, set()) for i in range(len(masks)))


def _house_support(state: VariantState, cells: tuple[int, ...],
                   arrows: list[Arrow]) -> tuple[dict[int, int], dict[int, int]] | None:
    """Each house cell's digits, and each outside circle's, that some filling of the house and its
    arrows uses, as ``{cell: mask}``; None when the walk is too long or nothing fits."""
    inside = set(cells)
    order: list[int] = []
    last_check: dict[int, list[Arrow]] = {}  # the position in ``order`` after which an arrow's sum is known
    for a in arrows:
        order += [c for c in a.line + a.circle if c in inside and c not in order]
        last_check.setdefault(max(order.index(c) for c in a.line + a.circle if c in inside), []).append(a)
    free = [c for c in cells if c not in order]
    pos = {c: i for i, c in enumerate(order)}
    masks = [state.mask(c) for c in order]
    free_masks = tuple(state.mask(c) for c in free)
    full = (1 << state.size) - 1
    support = dict.fromkeys(order + free, 0)
    outer: dict[int, int] = {}
    values = [0] * len(order)
    walked = 0

    def check(a: Arrow) -> int | None:
        total = sum(values[pos[c]] for c in a.line)
        circle = a.circle[0]
        if circle in pos:
            return total if values[pos[circle]] == total else None
        return total if total <= state.size and state.mask(circle) >> (total - 1) & 1 else None

    def walk(i: int, used: int, outs: tuple[tuple[int, int], ...]) -> bool:
        nonlocal walked
        walked += 1
        if walked > MAX_FILLINGS:
            raise TooLong
        if i == len(order):
            rest = matchable(free_masks, full & ~used)
            if rest is None:
                return False
            for c, m in zip(free, rest, strict=True):
                support[c] |= m
            for c, v in zip(order, values, strict=True):
                support[c] |= 1 << (v - 1)
            for c, v in outs:
                outer[c] = outer.get(c, 0) | 1 << (v - 1)
            return True
        m = masks[i] & ~used
        found = False
        while m:
            b = m & -m
            m ^= b
            values[i] = b.bit_length()
            more = outs
            for a in last_check.get(i, ()):
                total = check(a)
                if total is None:
                    break
                if a.circle[0] not in pos:
                    more = more + ((a.circle[0], total),)
            else:
                found |= walk(i + 1, used | b, more)
        return found

    try:
        walk(0, 0, ())
    except TooLong:
        return None
    if not any(support.values()):
        return None
    return support, outer


class TooLong(Exception):
    """A house's walk went past its fillings' cap (MAX_FILLINGS here, pairhouse's there)."""


def _touched(house: House, arrows: list[Arrow]) -> tuple[int, ...]:
    """The house's cells and the arrows' circles outside it: what a walk reads."""
    return house.cells + tuple(a.circle[0] for a in arrows)


def remembered(state: VariantState, key: str, masks: tuple[int, ...], walk: Callable[..., T],
               *args: Any) -> T:
    """``walk(*args)``, or what it gave last time the same cells had the same candidates (a house whose
    cells did not change between two steps is not walked again; a walk given up stays given up)."""
    known: dict[tuple[int, ...], Any] = state.geometry.remember(key, lambda _: {})
    if masks not in known:
        if len(known) > MAX_REMEMBERED:
            known.clear()
        known[masks] = walk(*args)
    return known[masks]


def arrow_house(state: VariantState) -> Iterator[Step]:
    """A house and the arrows whose lines lie in it, filled together: digits no filling uses are out."""
    for h, inside in _house_arrows(state):
        house = state.geometry.houses[h]
        arrows = [a for _, a in inside]
        if all(state.values[c] for a in arrows for c in a.line + a.circle):
            continue
        found = remembered(state, "arrow_house_walks", (h, *(state.mask(c) for c in _touched(house, arrows))),
                           _house_support, state, house.cells, arrows)
        if found is None:
            continue
        support, outer = found
        cells = list(support)
        gone = trimmed(state, cells, [support[c] for c in cells])
        gone += trimmed(state, list(outer), [outer[c] for c in outer])
        if gone:
            refs = [{"kind": "arrow", "index": i, "cells": list(a.circle + a.line), "circle": list(a.circle)}
                    for i, a in inside]
            yield make_step(state, "arrow_house", eliminations=gone, cells=cells,
                            lines=[i for i, _ in inside], line=refs[0], arrows=refs,
                            house=house_ref(state, house))


TECHNIQUES = [
    VariantTechnique("arrow_house", "Arrows in a House", "宫行列内的箭头", 2.9, arrow_house,
                     "{house} holds every digit once and the whole line of {arrows}: filled together with "
                     "the arrows, it has no filling that uses these digits",
                     "{house}中每个数恰好出现一次，且含有{arrows}的整条线：与这些箭头一起填，没有一种填法用到这些数"),
]
