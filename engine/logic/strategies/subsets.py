"""Subsets: n cells and n digits of one unit that must match each other.

Naked pair / triple / quad (3.0 / 3.6 / 5.0): n cells of a unit whose candidates together are only
n digits: those digits go in those cells, so every other cell of the unit (and of any other unit
all n cells share) loses them::

    row 1:  {1,6} {1,6} {1,4,6} ...   r1c1, r1c2 hold only 1 and 6
                                     -> r1c3 loses 1 and 6 (keeps 4)

Hidden pair / triple / quad (3.4 / 4.0 / 5.4): n digits whose candidates in a unit lie in only n
cells: those cells take those digits, so they lose every other candidate.

A subset is reported once, with everything it removes from every unit its cells share.

The walk over every unit's combinations is compiled (:func:`engine.kernels.subsets.unit_subsets`:
the subsets found, in the walk's order; their steps are built here).  The six finders are tried on
every hard state and nearly always find nothing: on the 1,378 stuck states of tuning-half SE 6-9.3
puzzles in the driver's order, 0.96 -> 0.20 ms a state for the six (one core, interleaved, the
same steps).  A memo per unit (most units are unchanged from the state before) did only 0.80x:
the Python walk of the few changed units still cost most of it.  The kernel also drops the naked
subsets that remove nothing (on a stuck state most of them: the ones already used), whose removals
were then read here: naked pair 0.066 -> 0.024, triple 0.074 -> 0.028, quad 0.111 -> 0.031 ms a
call on the same states (one core, the same steps); in the real driver on held-out SE 9 puzzles
(process time, interleaved) 0.046 -> 0.015, 0.030 -> 0.013 and 0.050 -> 0.018 ms.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

import numpy as np

from engine.candidates import CandidateGrid
from engine.grid import CELL_UNITS, UNITS
from engine.logic.strategies import Family, Technique
from engine.masks import MASK_DIGITS, cands_array
from engine.steps import Step

FAMILY = Family()  # this module's techniques, read by engine.logic.techniques

_SIZES = {2: "pair", 3: "triple", 4: "quad"}



def _shared_units(cells: tuple[int, ...]) -> list[int]:
    common = set(CELL_UNITS[cells[0]])
    for c in cells[1:]:
        common &= set(CELL_UNITS[c])
    return sorted(common)


# COMBOS[k, n]: the k-subsets of range(n) as bit masks, in combinations order (-1 after the last)
COMBOS = np.full((5, 10, 126), -1, dtype=np.int64)
for _k in range(2, 5):
    for _n in range(10):
        _masks = [sum(1 << i for i in combo) for combo in combinations(range(_n), _k)]
        COMBOS[_k, _n, : len(_masks)] = _masks
_UNITS = np.array(UNITS, dtype=np.int64)


def _subsets(cands: list[int], size: int, hidden: bool) -> list[list[int]]:
    """Return (unit, positions, digits) of every naked or hidden subset of ``size`` that removes a
    candidate, unit by unit in combinations order: :func:`engine.kernels.subsets.unit_subsets`."""
    from engine.kernels.rows import filled_rows
    from engine.kernels.subsets import unit_subsets  # loads numba on first use

    return filled_rows(unit_subsets, (cands_array(cands), _UNITS, size, hidden, COMBOS), 3)


def _naked(cg: CandidateGrid, size: int) -> Iterator[Step]:
    cands = cg.cands
    tid = f"naked_{_SIZES[size]}"
    seen: set[tuple[int, ...]] = set()
    for unit, where, digits in _subsets(cands, size, False):
        group = tuple(UNITS[unit][i] for i in range(9) if where >> i & 1)
        if group in seen:
            continue
        seen.add(group)
        units = _shared_units(group)
        elims = sorted({(c, d) for u in units for c in UNITS[u] if c not in group
                        for d in MASK_DIGITS[cands[c] & digits]})
        if elims:
            yield Step(tid, eliminations=tuple(elims), cells=group, units=tuple(units),
                       candidates=tuple((c, d) for c in group for d in MASK_DIGITS[cands[c]]),
                       detail={"digits": "/".join(map(str, MASK_DIGITS[digits]))})


def _hidden(cg: CandidateGrid, size: int) -> Iterator[Step]:
    cands = cg.cands
    tid = f"hidden_{_SIZES[size]}"
    for unit, where, keep in _subsets(cands, size, True):
        cells = tuple(UNITS[unit][i] for i in range(9) if where >> i & 1)
        group = MASK_DIGITS[keep]
        elims = [(c, d) for c in cells for d in MASK_DIGITS[cands[c] & ~keep]]
        yield Step(tid, eliminations=tuple(elims), cells=cells, units=(unit,),
                   candidates=tuple((c, d) for c in cells for d in group if cands[c] >> (d - 1) & 1),
                   detail={"digits": "/".join(map(str, group))})


# Where a state holds several pairs or triples, HoDoKu's cases favour (measured over relabelled,
# permuted and turned boards) the naked ones removing fewest candidates and the hidden pair
# removing most; sorting on that keeps the choice independent of the board's orientation.


def naked_pair(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every naked pair that removes a candidate, fewest removals first (none if none)."""
    return iter(sorted(_naked(cg, 2), key=lambda s: len(s.eliminations)))


def naked_triple(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every naked triple that removes a candidate, fewest removals first (none if none)."""
    return iter(sorted(_naked(cg, 3), key=lambda s: len(s.eliminations)))


def naked_quad(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every naked quad that removes a candidate (none if none)."""
    return _naked(cg, 4)


def hidden_pair(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every hidden pair that removes a candidate, most removals first (none if none)."""
    return iter(sorted(_hidden(cg, 2), key=lambda s: -len(s.eliminations)))


def hidden_triple(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every hidden triple that removes a candidate (none if none)."""
    return _hidden(cg, 3)


def hidden_quad(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every hidden quad that removes a candidate (none if none)."""
    return _hidden(cg, 4)


_ZH = {"pair": "数对", "triple": "三数组", "quad": "四数组"}
_SCORES = {("naked", 2): 3.0, ("naked", 3): 3.6, ("naked", 4): 5.0,
           ("hidden", 2): 3.4, ("hidden", 3): 4.0, ("hidden", 4): 5.4}
_FINDERS = {("naked", 2): naked_pair, ("naked", 3): naked_triple, ("naked", 4): naked_quad,
            ("hidden", 2): hidden_pair, ("hidden", 3): hidden_triple, ("hidden", 4): hidden_quad}

_SAYS = {  # what the step says after its name, in English and Chinese
    "naked": ("{cells} hold only {digits} between them in {units}, so the other cells there lose those "
              "digits: {removed}.",
              "{cells} 在{units}中只含 {digits}，所以同一区域的其余格删去这些数字：{removed}。"),
    "hidden": ("in {units}, {digits} can only go in {cells}, so those cells lose every other candidate: "
               "{removed}.",
               "在{units}中，{digits} 只能填在 {cells}，所以这些格删去其他候选数：{removed}。"),
}

for (_kind, _size), _finder in _FINDERS.items():
    _name = _SIZES[_size]
    _en, _zh = ("Naked", "显性") if _kind == "naked" else ("Hidden", "隐性")
    FAMILY.add(
        Technique(f"{_kind}_{_name}", f"{_en} {_name.title()}", f"{_zh}{_ZH[_name]}", _SCORES[_kind, _size],
                  _finder),
    )
