"""Singles: the moves that place a digit directly.

Full house (1.0): a unit with one empty cell left takes the one digit it is missing.

Hidden single (1.2 in a box, 1.5 in a row or column): a digit with one place left in a unit
goes there, whatever else that cell could hold::

    . . . | 5 . . | . . .      5 is a candidate of row 1 only in r1c2
    . 5 . | . . . | . . .  ->  (the other cells see a 5), so r1c2 = 5
    . . . | . . . | . 5 .

Naked single (2.3): a cell with one candidate left takes it.

"Empty" and "left" are read from the candidates only (a cell with no candidates counts as
filled), so the finders work on hand-edited candidate states as well as on solving states.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from engine.candidates import CandidateGrid
from engine.grid import UNITS
from engine.logic.strategies import Family, Technique
from engine.masks import cands_array, digit_of
from engine.steps import Step

FAMILY = Family()  # this module's techniques, read by engine.logic.techniques

# boxes first: a hidden single in a box is the easier one to see (1.2 against 1.5)
_HIDDEN_ORDER = tuple(range(18, 27)) + tuple(range(0, 18))


def full_house(cg: CandidateGrid) -> Iterator[Step]:
    """Yield a placement for every unit with exactly one unsolved cell (none when every unit has more)."""
    cands = cg.cands
    for unit, cells in enumerate(UNITS):
        cell = -1  # the unit's one open cell; -2 once a second one shows up
        for c in cells:
            if cands[c]:
                if cell >= 0:
                    cell = -2
                    break
                cell = c
        if cell < 0:
            continue
        mask = cands[cell]
        if mask & (mask - 1):  # several candidates in the last cell: a broken state, not a full house
            continue
        d = digit_of(mask)
        yield Step("full_house", placements=((cell, d),), cells=(cell,), units=(unit,),
                   candidates=((cell, d),), detail={"digit": d})


def hidden_single(cg: CandidateGrid) -> Iterator[Step]:
    """Yield a placement for every digit with one candidate cell in a unit, boxes first (none if none).

    Tried on every state of every puzzle (the driver takes the first): the units are read by one
    compiled call (:func:`engine.kernels.singles.hidden_singles`) and steps made only as asked.
    In the driver on held-out SE 9 puzzles (process time, one core, interleaved) 0.019 -> 0.016
    ms a call against the Python walk over the 27 units; the state's array it makes
    (:func:`engine.masks.cands_array`) is then kept for the kernels of the techniques after.
    """
    from engine.kernels.singles import hidden_singles  # loads numba on first use

    out = np.empty((243, 3), dtype=np.int64)  # at most 9 digits in 27 units: never full
    count = hidden_singles(cands_array(cg.cands), _UNITS, _HIDDEN_ARRAY, out)
    for unit, cell, d in out[:count].tolist():
        yield Step("hidden_single", placements=((cell, d),), cells=(cell,), units=(unit,),
                   candidates=((cell, d),), detail={"digit": d})


_UNITS = np.array(UNITS, dtype=np.int64)
_HIDDEN_ARRAY = np.array(_HIDDEN_ORDER, dtype=np.int64)


def naked_single(cg: CandidateGrid) -> Iterator[Step]:
    """Yield a placement for every unsolved cell with exactly one candidate (none if there is none)."""
    for cell, mask in enumerate(cg.cands):
        if mask and not mask & (mask - 1):
            d = digit_of(mask)
            yield Step("naked_single", placements=((cell, d),), cells=(cell,), candidates=((cell, d),),
                       detail={"digit": d})


FAMILY.add(Technique("full_house", "Full House", "唯一空格", 1.0, full_house))
FAMILY.add(Technique("hidden_single", "Hidden Single", "排除法（隐性唯一）", 1.2, hidden_single))
FAMILY.add(Technique("naked_single", "Naked Single", "唯余法（显性唯一）", 2.3, naked_single))
