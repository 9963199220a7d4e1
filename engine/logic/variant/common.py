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
from engine.puzzle.model import House
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
