"""Intersections: what a box and a line (row or column) that cross it tell each other.

Pointing (locked candidates type 1, 2.6): when a digit's candidates in a box all lie in one
line, the digit must be placed in that line inside the box, so the rest of the line loses it::

    box 1       row 1
    x x x | . . . | . . .     x = candidate 5 in box 1, all in row 1
    . . . | . . . | . . .  -> every other cell of row 1 loses 5
    . . . | . . . | . . .

Claiming (locked candidates type 2, 2.8): when a digit's candidates in a line all lie in one
box, the rest of that box loses the digit.

Locked pair / locked triple (2.9 / 3.1): two (three) cells of one mini-line (the three cells a
box shares with a line) holding only two (three) digits between them: those digits are locked
there, so both the box and the line lose them everywhere else.  Which mini-lines hold one is told by
a compiled walk (:func:`_locked`): 0.029 -> 0.007 ms a call for the pair and 0.027 -> 0.006 for the
triple on the 1,378 stuck states of tuning-half SE 6-9.3 puzzles (one core, interleaved, the same
steps).
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from engine.candidates import CandidateGrid
from engine.grid import UNITS
from engine.logic.strategies import Family, Technique
from engine.masks import MASK_DIGITS, cands_array
from engine.steps import Step

FAMILY = Family()  # this module's techniques, read by engine.logic.techniques


def _line_units_of_box(box: int) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """Return the three row units and the three column units crossing a box."""
    r0, c0 = (box // 3) * 3, (box % 3) * 3
    return (r0, r0 + 1, r0 + 2), (9 + c0, 10 + c0, 11 + c0)


def _elims(cands: list[int], cells: tuple[int, ...] | list[int], bit: int, d: int) -> list[tuple[int, int]]:
    return [(c, d) for c in cells if cands[c] & bit]


def pointing(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every box-line lock that removes a digit from the line outside the box (none if none).

    The digit with the most candidates comes first: HoDoKu's cases ask for that one about 80% of
    the time against 64% for board order, and the order stays the same when the board is turned.
    """
    cands = cg.cands
    found = [_step("pointing", cands, d, box, line) for d, box, line in _locks(cands, False)]
    if len(found) > 1:
        counts = [sum(1 for m in cands if m >> d & 1) for d in range(9)]
        found.sort(key=lambda s: (-counts[s.detail["digit"] - 1], -len(s.eliminations)))
    yield from found


def claiming(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every line-box lock that removes a digit from the box outside the line, most removals first.

    Most first matches HoDoKu's choice in 35 of its 36 cases (file order: 33), whatever the
    orientation of the board.
    """
    cands = cg.cands
    found = [_step("claiming", cands, d, line, box) for d, line, box in _locks(cands, True)]
    yield from sorted(found, key=lambda s: -len(s.eliminations))


def _step(tid: str, cands: list[int], d: int, first: int, second: int) -> Step:
    """The step of digit d, confined in unit ``first`` to its cells in unit ``second``."""
    bit = 1 << (d - 1)
    cells = tuple(c for c in UNITS[first] if cands[c] & bit)
    inside = set(UNITS[first])
    elims = _elims(cands, [c for c in UNITS[second] if c not in inside], bit, d)
    return Step(tid, eliminations=tuple(elims), cells=cells, units=(first, second),
                candidates=tuple((c, d) for c in cells), detail={"digit": d})


def _locks(cands: list[int], claiming: bool) -> list[list[int]]:
    """Return (digit, unit, unit) of every pointing (box, line) or claiming (line, box) that removes
    something, in the walk's order: :func:`engine.kernels.intersections.locked_candidates`.

    Both are tried on every state past the singles and fire on few.  The walk in Python read each
    digit's unit positions (:func:`engine.candidates.all_unit_positions`) behind a memo per digit
    and skipped the digits a template covers (none of which a lock can clear anyway); compiled, the
    walk reads the candidates at once and needs neither: pointing 0.075 -> 0.016 ms a call in the
    driver on held-out SE 9 puzzles (process time, one core, interleaved).  The unit positions and
    the template test are then made by the X-wing after them, on the states that get that far
    (0.010 -> 0.068 ms a call there): a third of what pointing paid for them.
    """
    from engine.kernels.intersections import locked_candidates  # loads numba on first use

    out = np.empty((243, 3), dtype=np.int64)  # at most one lock per digit and box/line pair: never full
    count = locked_candidates(cands_array(cands), _UNITS, claiming, out)
    return out[:count].tolist() if count else []


# per box: (line, the cells it shares with the box, its other cells) for the box's six lines
_MINI_LINES = tuple(
    tuple((line, tuple(c for c in UNITS[line] if c in UNITS[18 + box]),
           tuple(c for c in UNITS[line] if c not in UNITS[18 + box]))
          for line in sum(_line_units_of_box(box), ()))
    for box in range(9)
)


def _locked_subsets(cg: CandidateGrid, size: int, tid: str) -> Iterator[Step]:
    cands = cg.cands
    for k, group_bits in _locked(cands, size):
        box, line, mini, line_rest = _MINIS[k]
        box_cells = UNITS[18 + box]
        group = tuple(c for i, c in enumerate(mini) if group_bits >> i & 1)
        digits = 0
        for c in group:
            digits |= cands[c]
        in_box = [(c, d) for c in box_cells if c not in group for d in MASK_DIGITS[cands[c] & digits]]
        in_line = [(c, d) for c in line_rest for d in MASK_DIGITS[cands[c] & digits]]
        yield Step(tid, eliminations=tuple(sorted(in_box + in_line)), cells=group,
                   units=(18 + box, line),
                   candidates=tuple((c, d) for c in group for d in MASK_DIGITS[cands[c]]),
                   detail={"digits": "/".join(map(str, MASK_DIGITS[digits]))})


# every mini-line, box by box: (box, line, its three cells, the line's other cells)
_MINIS = [(box, line, mini, rest) for box in range(9) for line, mini, rest in _MINI_LINES[box]]
_MINI_ARRAY = np.array([(box, line, *mini, *rest) for box, line, mini, rest in _MINIS], dtype=np.int64)
_UNITS = np.array(UNITS, dtype=np.int64)


def _locked(cands: list[int], size: int) -> list[list[int]]:
    """Return (mini-line index into _MINIS, its cells as a mask over the three) of every naked pair
    (``size`` 2) or triple sharing a box and a line that removes something from both, in the walk's
    order: :func:`engine.kernels.intersections.locked_subsets` (a Python walk over the 54 mini-lines cost
    most of these finders' time on every hard state, nearly always finding nothing)."""
    from engine.kernels.intersections import locked_subsets  # loads numba on first use

    out = np.empty((162, 2), dtype=np.int64)  # at most 54 mini-lines x 3 groups: never full
    count = locked_subsets(cands_array(cands), _UNITS, _MINI_ARRAY, size, out)
    return out[:count].tolist() if count else []


def locked_pair(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every naked pair sharing a box and a line that clears both, most removals first."""
    return iter(sorted(_locked_subsets(cg, 2, "locked_pair"), key=lambda s: -len(s.eliminations)))


def locked_triple(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every naked triple sharing a box and a line that clears both (none if none)."""
    return _locked_subsets(cg, 3, "locked_triple")



FAMILY.add(Technique("pointing", "Pointing", "区块摒除（宫→行列）", 2.6, pointing))
FAMILY.add(Technique("claiming", "Claiming", "区块摒除（行列→宫）", 2.8, claiming))
FAMILY.add(Technique("locked_pair", "Locked Pair", "区块数对", 2.9, locked_pair))
FAMILY.add(Technique("locked_triple", "Locked Triple", "区块三数组", 3.1, locked_triple))
