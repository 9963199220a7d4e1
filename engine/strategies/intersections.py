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

from engine.candidates import CandidateGrid, DigitMemo, all_unit_positions, template_covered, unit_positions
from engine.grid import UNITS
from engine.masks import MASK_DIGITS, POPCOUNT
from engine.steps import TEXT_FIELDS, Step, unit_label
from engine.strategies import Technique, register

# box position i (0-8) -> its row (0-2) and column (0-2) inside the box
_ROW_BITS = (0b000000111, 0b000111000, 0b111000000)
_COL_BITS = (0b001001001, 0b010010010, 0b100100100)


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
    table = all_unit_positions(cg.cands)
    covered = template_covered(cg.cands)  # nothing to remove on these digits
    found = [s for d, pos in enumerate(table, start=1) if not covered >> (d - 1) & 1
             for s in _MEMO.get(("pointing", d, tuple(pos)), lambda d=d: list(_pointing(cg.cands, d)))]
    if len(found) > 1:
        counts = [sum(POPCOUNT[m] for m in pos[:9]) for pos in table]
        found.sort(key=lambda s: (-counts[s.detail["digit"] - 1], -len(s.eliminations)))
    yield from found


_MEMO = DigitMemo()  # per digit: locked candidates depend only on that digit's 27 unit masks


def _pointing(cands: list[int], d: int) -> Iterator[Step]:
    bit = 1 << (d - 1)
    pos = unit_positions(cands, bit)
    for box in range(9):
        p = pos[18 + box]
        if not p:
            continue
        rows, cols = _line_units_of_box(box)
        # the box's positions on each of its rows, the rows, and the rows' positions in the box
        # (a third of the line: _ROW_BITS again); the same for columns
        by_rows = (_ROW_BITS, rows, _ROW_BITS[box % 3])
        for masks, lines, inside in (by_rows, (_COL_BITS, cols, _ROW_BITS[box // 3])):
            for k in range(3):
                # the digit's box cells all on line k, and the line holds it outside the box too
                if p & ~masks[k] or not pos[lines[k]] & ~inside:
                    continue
                box_cells = set(UNITS[18 + box])
                outside = [c for c in UNITS[lines[k]] if c not in box_cells]
                elims = _elims(cands, outside, bit, d)
                if elims:
                    cells = tuple(c for c in UNITS[18 + box] if cands[c] & bit)
                    yield Step("pointing", eliminations=tuple(elims), cells=cells,
                               units=(18 + box, lines[k]), candidates=tuple((c, d) for c in cells),
                               detail={"digit": d})


def claiming(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every line-box lock that removes a digit from the box outside the line, most removals first.

    Most first matches HoDoKu's choice in 35 of its 36 cases (file order: 33), whatever the
    orientation of the board.
    """
    table = all_unit_positions(cg.cands)
    covered = template_covered(cg.cands)
    found = [s for d, pos in enumerate(table, start=1) if not covered >> (d - 1) & 1
             for s in _MEMO.get(("claiming", d, tuple(pos)), lambda d=d: list(_claiming(cg.cands, d)))]
    yield from sorted(found, key=lambda s: -len(s.eliminations))


def _claiming(cands: list[int], d: int) -> Iterator[Step]:
    bit = 1 << (d - 1)
    pos = unit_positions(cands, bit)
    for line in range(18):
        p = pos[line]
        if not p:
            continue
        for k in range(3):
            if p & ~(0b111 << (3 * k)):
                continue
            line_cells = UNITS[line]
            box = 18 + _box_at(line, k)
            outside = [c for c in UNITS[box] if c not in line_cells]
            elims = _elims(cands, outside, bit, d)
            if elims:
                cells = tuple(c for c in line_cells if cands[c] & bit)
                yield Step("claiming", eliminations=tuple(elims), cells=cells, units=(line, box),
                           candidates=tuple((c, d) for c in cells), detail={"digit": d})


def _box_at(line: int, k: int) -> int:
    """Return the box holding the k-th third (0-2) of a row (0-8) or column (9-17) unit."""
    if line < 9:
        return (line // 3) * 3 + k
    return k * 3 + (line - 9) // 3


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
    order: :func:`engine.pattern_kernels.locked_subsets` (a Python walk over the 54 mini-lines cost
    most of these finders' time on every hard state, nearly always finding nothing)."""
    from engine.pattern_kernels import locked_subsets  # loads numba on first use

    out = np.empty((162, 2), dtype=np.int64)  # at most 54 mini-lines x 3 groups: never full
    count = locked_subsets(np.array(cands, dtype=np.int64), _UNITS, _MINI_ARRAY, size, out)
    return out[:count].tolist() if count else []


def locked_pair(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every naked pair sharing a box and a line that clears both, most removals first."""
    return iter(sorted(_locked_subsets(cg, 2, "locked_pair"), key=lambda s: -len(s.eliminations)))


def locked_triple(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every naked triple sharing a box and a line that clears both (none if none)."""
    return _locked_subsets(cg, 3, "locked_triple")


def _two_units(step: Step, lang: str) -> dict[str, str]:
    """Name the step's two units separately: where the digit is looked at, and what it clears."""
    return {"first": unit_label(step.units[0], lang), "second": unit_label(step.units[1], lang),
            "both": ("和" if lang == "zh" else " and ").join(unit_label(u, lang) for u in step.units)}


for _tid in ("pointing", "claiming", "locked_pair", "locked_triple"):
    TEXT_FIELDS[_tid] = _two_units

register(
    Technique("pointing", "Pointing", "区块摒除（宫→行列）", 2.6, pointing),
    "Pointing: in {first}, {digit} can only go in {cells}, all in {second}, so the rest of {second} "
    "loses {digit}: {removed}.",
    "区块摒除：{first}中数字 {digit} 只能填在 {cells}，都在{second}内，"
    "所以{second}的其余格删去 {digit}：{removed}。",
)
register(
    Technique("claiming", "Claiming", "区块摒除（行列→宫）", 2.8, claiming),
    "Claiming: in {first}, {digit} can only go in {cells}, all in {second}, so the rest of {second} "
    "loses {digit}: {removed}.",
    "区块摒除：{first}中数字 {digit} 只能填在 {cells}，都在{second}内，"
    "所以{second}的其余格删去 {digit}：{removed}。",
)
register(
    Technique("locked_pair", "Locked Pair", "区块数对", 2.9, locked_pair),
    "Locked pair: {cells} hold only {digits} and share {both}, so both lose {digits} "
    "elsewhere: {removed}.",
    "区块数对：{cells} 只含 {digits}，且同在{both}，所以这两个区域的其余格删去它们：{removed}。",
)
register(
    Technique("locked_triple", "Locked Triple", "区块三数组", 3.1, locked_triple),
    "Locked triple: {cells} hold only {digits} and share {both}, so both lose {digits} "
    "elsewhere: {removed}.",
    "区块三数组：{cells} 只含 {digits}，且同在{both}，所以这两个区域的其余格删去它们：{removed}。",
)
