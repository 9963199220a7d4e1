"""What every variant technique module shares: the technique record and how a step is built.

A finder is ``find(state) -> Iterator[Step]``: it yields every instance it sees on the state, each a
:class:`~engine.steps.Step` whose ``detail`` holds the JSON-able facts its words are made from
(:mod:`engine.logic.variant.words`) and what the page draws: ``size`` (N, so cells can be named),
``houses`` (``{"kind", "index", "cells"}``), ``cages``, ``lines`` and ``dots`` (indices into the
puzzle's constraints).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, NamedTuple

from engine.logic.variant.state import VariantState
from engine.puzzle.model import Cage, House, Puzzle
from engine.steps import Step

Finder = Callable[[VariantState], Iterator[Step]]


class VariantTechnique(NamedTuple):
    """One variant technique: id, names, cost (its place on the scale, see the package docstring),
    finder, family and explanation templates (``str.format`` fields of :mod:`...words`)."""

    id: str
    name_en: str
    name_zh: str
    cost: float
    find: Finder
    en: str
    zh: str
    family: str = ""


def house_ref(state: VariantState, house: House) -> dict[str, Any]:
    """The JSON-able reference of a house that words name it by and the page draws: kind (row, col,
    box or region for a jigsaw's, extra, diagonal, disjoint, cage), index and cells."""
    kind = house.kind
    if kind == "region" and not state.geometry.jigsaw:
        kind = "box"
    ref: dict[str, Any] = {"kind": kind, "index": house.index, "cells": list(house.cells)}
    if kind == "cage":
        ref["total"] = getattr(state.puzzle.constraints[house.index], "total", None)
    return ref


def cage_ref(index: int, cage: Cage) -> dict[str, Any]:
    """The JSON-able reference of a cage with a total that words name it by: index, cells, total."""
    return {"index": index, "cells": list(cage.cells), "total": cage.total}


def make_step(state: VariantState, technique: str, *, placements: Iterable[tuple[int, int]] = (),
              eliminations: Iterable[tuple[int, int]] = (), cells: Iterable[int] = (),
              candidates: Iterable[tuple[int, int]] = (), **detail: Any) -> Step:
    """A step of ``technique`` with its facts; eliminations sorted, ``size`` added to the detail."""
    detail["size"] = state.size
    return Step(technique, placements=tuple(placements), eliminations=tuple(sorted(set(eliminations))),
                cells=tuple(cells), candidates=tuple(candidates), detail=detail)


def live_eliminations(state: VariantState, cells: Iterable[int], digit: int) -> list[tuple[int, int]]:
    """The (cell, digit) pairs among ``cells`` where ``digit`` is still a candidate."""
    bit = 1 << (digit - 1)
    return [(c, digit) for c in cells if state.cands[c] & bit]


def trimmed(state: VariantState, cells: Iterable[int], keep: Iterable[int]) -> list[tuple[int, int]]:
    """The eliminations that cut each empty cell of ``cells`` down to its ``keep`` mask."""
    out = []
    for c, k in zip(cells, keep, strict=True):
        if state.values[c]:
            continue
        gone = state.cands[c] & ~k
        d = 1
        while gone:
            if gone & 1:
                out.append((c, d))
            gone >>= 1
            d += 1
    return out


def killer_cages(puzzle: Puzzle) -> list[tuple[int, Cage]]:
    """The puzzle's cages with a total, with their index among the constraints."""
    return [(i, c) for i, c in enumerate(puzzle.constraints) if isinstance(c, Cage) and c.total is not None]


def cages_disjoint(puzzle: Puzzle) -> bool:
    """True when no cell lies in two cages with a total (the 45 rule's counts assume it; False else)."""
    seen: set[int] = set()
    for _, cage in killer_cages(puzzle):
        if seen & set(cage.cells):
            return False
        seen |= set(cage.cells)
    return True


def _house_cells(n: int, h: int) -> tuple[int, ...]:
    """The cells of row ``h`` (h < n) or column ``h - n``."""
    return tuple(range(h * n, h * n + n)) if h < n else tuple(range(h - n, n * n, n))


def _touch(a: tuple[int, ...], b: tuple[int, ...], n: int) -> bool:
    """True when a cell of ``a`` is beside or above a cell of ``b``."""
    other = set(b)
    return any(c + 1 in other and c % n < n - 1 or c - 1 in other and c % n > 0 or c + n in other
               or c - n in other for c in a)


def areas(puzzle: Puzzle) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The unions of houses the 45 rule is tried on: runs of 1 to N/2 rows or columns, each region, two
    regions side by side, three regions in a row or an L; as (house indices into ``puzzle.houses()``,
    cells)."""
    n = puzzle.size
    out = []
    for start in (0, n):  # rows are houses 0..n-1, columns n..2n-1
        for length in range(1, n // 2 + 1):
            for first in range(n - length + 1):
                hs = tuple(range(start + first, start + first + length))
                out.append((hs, tuple(sorted(c for h in hs for c in _house_cells(n, h)))))
    regions = [tuple(i for i, g in enumerate(puzzle.regions) if g == k) for k in range(n)]
    for k in range(n):
        out.append(((2 * n + k,), regions[k]))
    touching = {(a, b) for a in range(n) for b in range(a + 1, n) if _touch(regions[a], regions[b], n)}
    for a, b in sorted(touching):  # two regions side by side (two boxes of a band or a stack)
        out.append(((2 * n + a, 2 * n + b), tuple(sorted(regions[a] + regions[b]))))
    threes = set()
    for a, b in sorted(touching):  # three regions joined: a band's, a stack's, or an L
        for c in range(n):
            if c not in (a, b) and ((a, c) in touching or (c, a) in touching or (b, c) in touching
                                    or (c, b) in touching):
                threes.add(tuple(sorted((a, b, c))))
    for trio in sorted(threes):
        cells = tuple(sorted(x for k in trio for x in regions[k]))
        if len({x // n for x in cells}) > len(trio) and len({x % n for x in cells}) > len(trio):
            out.append((tuple(2 * n + k for k in trio), cells))  # a band's or a stack's is 3 rows or columns
    return out


class Leftovers(NamedTuple):
    """One area's 45-rule facts: its houses, the sum of its cells, the cages wholly inside and those
    crossing out, the innies (cells in no inside cage), the outies (crossing cages' cells outside) and
    the innies in no crossing cage."""

    houses: tuple[int, ...]
    target: int
    inner: list[tuple[int, Cage]]
    crossing: list[tuple[int, Cage]]
    innies: list[int]
    outies: list[int]
    left: list[int]

    @property
    def innies_total(self) -> int:
        """What the innies sum to."""
        return self.target - sum(c.total for _, c in self.inner)

    @property
    def balance(self) -> int:
        """What ``left`` minus the outies comes to."""
        return self.innies_total - sum(c.total for _, c in self.crossing)


Cages = list[tuple[int, Cage]]  # (index among the constraints, the cage)


def split_cages(cages: Cages, area: set[int]) -> tuple[Cages, Cages]:
    """Return the cages wholly inside ``area`` and those crossing out of it, each in the given order
    (cages with no cell in the area are in neither)."""
    inner = [(i, c) for i, c in cages if area.issuperset(c.cells)]
    crossing = [(i, c) for i, c in cages if area & set(c.cells) and not area.issuperset(c.cells)]
    return inner, crossing


def area_leftovers(puzzle: Puzzle) -> list[Leftovers]:
    """Each area's (:func:`areas`) leftovers, worked out once per puzzle; none when cages overlap."""
    if not cages_disjoint(puzzle):
        return []
    n = puzzle.size
    cages = killer_cages(puzzle)
    out = []
    for hs, cells in areas(puzzle):
        area = set(cells)
        inner, crossing = split_cages(cages, area)
        inner_cells = {x for _, c in inner for x in c.cells}
        crossed = {x for _, c in crossing for x in c.cells}
        innies = [c for c in cells if c not in inner_cells]
        out.append(Leftovers(hs, len(hs) * n * (n + 1) // 2, inner, crossing, innies, sorted(crossed - area),
                             [c for c in innies if c not in crossed]))
    return out
