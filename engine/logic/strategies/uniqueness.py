"""Uniqueness: patterns that would give a puzzle two solutions, so a proper puzzle avoids them.

A *deadly pattern* is four cells at the corners of a rectangle (two rows, two columns, two boxes)
that could all hold only a and b: the a's and b's could swap and the puzzle would have two
solutions.  These techniques are sound only for puzzles known to have exactly one solution.

    floor  {ab} . . | {ab}  . .     floor: cells holding only a and b;
           . . . . . . . . .        roof: cells holding a, b and extras
    roof  {abc} . . | {abc} . .

Unique rectangle (UR) type 1 (4.5): three corners hold only {a,b}: the fourth loses a and b.
Type 2 (4.6): the two roof cells, in one line, hold {a,b} and the same one extra c: one of them
is c, so cells seeing both lose c.  Type 5 (4.6): the same with the c-cells diagonal, or three
of them: cells seeing every c-cell lose c.  Type 3 (4.7): the roof cells' extras act as one
cell in a naked subset with other cells of a unit they share.  Type 4 (4.6): the roof cells
share a unit where a appears only in them: one of them is a, so neither can be b.  Type 6 (4.6):
roof and floor on diagonals, and a appears in both rows (or both columns) only in the rectangle:
the roof cells lose a.
Hidden rectangle (4.7): a floor cell {a,b}; in the row and the column of the opposite corner a
appears only inside the rectangle, so that corner loses b.
Avoidable rectangle (4.5): the same argument with corners already solved by placements (not
givens), which could also swap: type 1 - three corners placed a, b, b: the fourth loses a; type 2 -
two corners placed, the other two {b,c} and {a,c}: one of them is c.
BUG+1 (5.6): every unsolved cell but one holds two candidates and every digit appears twice per
unit (a "bivalue universal grave" with two solutions) except in one cell holding three: that
cell must take the digit appearing three times in its units, so it loses the other two.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

import numpy as np

from engine.candidates import CandidateGrid, LastAnswer, all_unit_positions
from engine.grid import CELL_UNITS, UNITS
from engine.logic.strategies import Family, Technique
from engine.logic.strategies.single_digit import PEER_SETS
from engine.masks import MASK_DIGITS, PEER_THIRDS, POPCOUNT, cands_array
from engine.steps import Step

FAMILY = Family()  # this module's techniques, read by engine.logic.techniques


def _box(cell: int) -> int:
    return cell // 27 * 3 + cell % 9 // 3


def _rectangles() -> tuple[tuple[int, int, int, int], ...]:
    """Return every rectangle (r1c1, r1c2, r2c1, r2c2) whose corners lie in exactly two boxes."""
    out = []
    for r1, r2 in combinations(range(9), 2):
        for c1, c2 in combinations(range(9), 2):
            cells = (r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2)
            if len({_box(c) for c in cells}) == 2:
                out.append(cells)
    return tuple(out)


RECTANGLES = _rectangles()
# corner i's diagonal partner in (r1c1, r1c2, r2c1, r2c2), and the two other corners
_OPPOSITE = (3, 2, 1, 0)
_SIDES = ((1, 2), (0, 3), (0, 3), (1, 2))



def _name(c: int) -> str:
    return f"r{c // 9 + 1}c{c % 9 + 1}"


_URS = LastAnswer()


def _urs(cands: list[int]) -> list[tuple[tuple[int, int, int, int], int, int, int]]:
    """Return (corners, a-bit, b-bit, floor) for every rectangle of unsolved cells that could hold a
    deadly {a,b}; the floor is a mask over the four corners of those holding exactly {a,b}.

    Some corner must hold exactly {a,b} and every corner a or b.  A corner may miss one of them:
    the argument is about solutions (a swap would give a second one), not about candidates.  The
    seven rectangle techniques ask on the same state, so the last answer is kept.
    """
    return _URS.get(tuple(cands), lambda: _rectangles(cands))


def _rectangles(cands: list[int]) -> list[tuple[tuple[int, int, int, int], int, int, int]]:
    # compiled: the 24 rectangles of each two-candidate cell are read on every hard state (37 -> 14 us
    # a state on the 1,378 stuck states of tuning-half SE 6-9.3 puzzles, one core, the same list)
    from engine.kernels.rows import filled_rows
    from engine.kernels.uniqueness import deadly_rectangles  # loads numba on first use

    rows = filled_rows(deadly_rectangles, (cands_array(cands), _RECTANGLES_OF, _CORNERS), 3, 512)
    return [(RECTANGLES[r], ab & -ab, ab & (ab - 1), floor) for r, ab, floor in rows]


_CORNERS = np.array(RECTANGLES, dtype=np.int64)  # per rectangle its four corners
# per cell the rectangles (indexes into RECTANGLES) with that corner, in order (24 each)
_RECTANGLES_OF = np.array([[i for i, r in enumerate(RECTANGLES) if c in r] for c in range(81)],
                          dtype=np.int64)


def _step(tid: str, rect: tuple[int, ...], ab: int, elims: list[tuple[int, int]], cands: list[int],
          **extra: object) -> Step:
    return Step(tid, eliminations=tuple(sorted(set(elims))), cells=tuple(rect),
                candidates=tuple((c, d) for c in rect for d in MASK_DIGITS[cands[c] & ab]),
                detail={"digits": "/".join(map(str, MASK_DIGITS[ab])), **extra})


def _shared_units(cells: list[int] | tuple[int, ...]) -> list[int]:
    common = set(CELL_UNITS[cells[0]])
    for c in cells[1:]:
        common &= set(CELL_UNITS[c])
    return sorted(common)


def _seen_by_all(cells: list[int] | tuple[int, ...]) -> set[int]:
    seen = set(PEER_SETS[cells[0]])
    for c in cells[1:]:
        seen &= PEER_SETS[c]
    return seen


def unique_rectangle_1(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every UR type 1 that removes a candidate (none if none)."""
    cands = cg.cands
    for rect, a, b, _, roof in _shapes(cands):
        ab = a | b
        if len(roof) == 1:
            c = roof[0]
            yield _step("unique_rectangle_1", rect, ab, [(c, d) for d in MASK_DIGITS[ab & cands[c]]], cands,
                        roof=_name(c))


Shape = tuple[tuple[int, int, int, int], int, int, list[int], list[int]]  # rectangle, a, b, floor, roof
_SHAPES = LastAnswer()


def _shapes(cands: list[int]) -> list[Shape]:
    """Return :func:`_urs`' rectangles with their floor (corners holding exactly {a,b}) and roof (the
    others); read-only.  Five rectangle techniques ask on the same state: the last answer is kept.
    The floor comes from the kernel as a mask: two list scans of every rectangle in Python were a
    third of making these; UR type 1, which makes them on each state, 0.067 -> 0.050 ms a call in
    the driver on held-out SE 9 puzzles (process time, interleaved)."""
    return _SHAPES.get(tuple(cands), lambda: [
        (rect, a, b, [rect[i] for i in _PICK[floor]], [rect[i] for i in _PICK[15 ^ floor]])
        for rect, a, b, floor in _urs(cands)])


_PICK = tuple(tuple(i for i in range(4) if m >> i & 1) for m in range(16))  # the corners of a mask


def _two_roofs(cands: list[int]) -> Iterator[tuple[list[int], int, int, int, list[int]]]:
    """Yield (rect, a, b, a | b, roof) of the rectangles with two floor and two roof corners (UR
    types 3, 4 and 6); none if none."""
    for rect, a, b, floor, roof in _shapes(cands):
        if len(roof) == 2 and len(floor) == 2:
            yield rect, a, b, a | b, roof


def unique_rectangle_2(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every UR type 2 (roof in one line, one shared extra) that removes a candidate (none if none)."""
    yield from _one_extra(cg, "unique_rectangle_2")


def unique_rectangle_5(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every UR type 5 (diagonal or three extra cells) that removes a candidate (none if none)."""
    yield from _one_extra(cg, "unique_rectangle_5")


def _one_extra(cg: CandidateGrid, tid: str) -> Iterator[Step]:
    cands = cg.cands
    for rect, a, b, floor, roof in _shapes(cands):
        ab = a | b
        if len(roof) not in (2, 3) or not floor:
            continue
        extra = cands[roof[0]] & ~ab
        if POPCOUNT[extra] != 1 or any(cands[c] & ~ab != extra for c in roof):
            continue
        in_line = len(roof) == 2 and (roof[0] // 9 == roof[1] // 9 or roof[0] % 9 == roof[1] % 9)
        if (tid == "unique_rectangle_2") != in_line:
            continue
        d = extra.bit_length()
        elims = [(c, d) for c in _seen_by_all(roof) if cands[c] & extra and c not in rect]
        if elims:
            yield _step(tid, rect, ab, elims, cands, extra=d, roof=", ".join(map(_name, roof)))


def unique_rectangle_3(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every UR type 3 (roof extras in a naked subset) that removes a candidate (none if none)."""
    cands = cg.cands
    for rect, _, _, ab, roof in _two_roofs(cands):
        extra = (cands[roof[0]] | cands[roof[1]]) & ~ab
        for group, _, elims in roof_subsets(cands, roof, extra):
            yield _step("unique_rectangle_3", rect, ab, elims, cands, roof=", ".join(map(_name, roof)),
                        subset=", ".join(map(_name, group)))


Subset = tuple[tuple[int, ...], int, list[tuple[int, int]]]  # other cells, their digits, removals


def roof_subsets(cands: list[int], roof: list[int], extra: int) -> Iterator[Subset]:
    """Yield (the other cells, their digits, the removals) of each naked subset that the ``roof``
    cells, acting as one cell holding the digits ``extra``, make with 1-3 other cells of a unit
    they share: its digits leave every unit the roof and those cells share (none if none)."""
    done: set[tuple[int, ...]] = set()
    for unit in _shared_units(roof):
        others = [c for c in UNITS[unit] if cands[c] and c not in roof]
        for size in range(1, 4):
            for group in combinations(others, size):
                digits = extra
                for c in group:
                    digits |= cands[c]
                if POPCOUNT[digits] != size + 1 or group in done:
                    continue
                done.add(group)
                units = _shared_units([*roof, *group])
                elims = [(c, d) for u in units for c in UNITS[u] if cands[c] and c not in roof
                         and c not in group for d in MASK_DIGITS[cands[c] & digits]]
                if elims:
                    yield group, digits, elims


def unique_rectangle_4(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every UR type 4 (a locked in the roof's unit) that removes a candidate (none if none)."""
    cands = cg.cands
    for rect, a, b, ab, roof in _two_roofs(cands):
        for unit in _shared_units(roof):
            for x, y in ((a, b), (b, a)):
                elims = [(c, y.bit_length()) for c in roof if cands[c] & y]
                # x must still be open in the unit (not placed elsewhere) and only in the roof there
                if elims and any(cands[c] & x for c in roof) and \
                        all(c in roof for c in UNITS[unit] if cands[c] & x):
                    yield _step("unique_rectangle_4", rect, ab, elims, cands,
                                roof=", ".join(map(_name, roof)), locked=x.bit_length())


def unique_rectangle_6(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every UR type 6 (diagonal roof, X-wing on a) that removes a candidate (none if none)."""
    cands = cg.cands
    for rect, a, b, ab, roof in _two_roofs(cands):
        if roof[0] // 9 == roof[1] // 9 or roof[0] % 9 == roof[1] % 9:
            continue
        rows = (rect[0] // 9, rect[3] // 9)
        cols = (rect[0] % 9, rect[3] % 9)
        for x in (a, b):
            # x open in both lines and only inside the rectangle there (an X-wing on the corners)
            in_rows = all(_confined(cands, x, [r * 9 + c for c in range(9)], {r * 9 + c for c in cols})
                          for r in rows)
            in_cols = all(_confined(cands, x, [r * 9 + c for r in range(9)], {r * 9 + c for r in rows})
                          for c in cols)
            elims = [(c, x.bit_length()) for c in roof if cands[c] & x]
            if elims and (in_rows or in_cols):
                yield _step("unique_rectangle_6", rect, ab, elims, cands,
                            roof=", ".join(map(_name, roof)), locked=x.bit_length())


def _confined(cands: list[int], x: int, line: list[int], inside: set[int]) -> bool:
    """Return True if x is a candidate of the line only inside ``inside``, and at least once there."""
    where = [c for c in line if cands[c] & x]
    return bool(where) and all(c in inside for c in where)


def hidden_rectangle(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every hidden rectangle that removes a candidate (none if none).

    Whether a digit lies only inside the rectangle in a row and a column is read from its places
    in those units: 0.24 -> 0.06 ms a call on the 1,378 stuck states of tuning-half SE 6-9.3
    puzzles with the rectangles made (one core, the same steps), against reading the lines' cells.
    """
    cands = cg.cands
    pos = None  # per digit its places in every unit, read only when a rectangle gets that far
    for rect, a, b, floor in _urs(cands):
        ab = a | b
        # the rectangle's columns as places in a row, its rows as places in a column
        cols = 1 << rect[0] % 9 | 1 << rect[1] % 9
        rows = 1 << rect[0] // 9 | 1 << rect[2] // 9
        for i, corner in enumerate(rect):
            if not floor >> i & 1:  # (holds exactly {a,b})
                continue
            far = rect[_OPPOSITE[i]]
            row, col = far // 9, far % 9
            side1, side2 = rect[_SIDES[i][0]], rect[_SIDES[i][1]]
            for x, y in ((a, b), (b, a)):
                # x must be a strong link between the far corner's lines and the side corners
                if not cands[far] & y or not (cands[side1] & x and cands[side2] & x):
                    continue
                if pos is None:
                    pos = all_unit_positions(cands)
                places = pos[x.bit_length() - 1]
                if not places[row] & ~cols and not places[9 + col] & ~rows:
                    yield _step("hidden_rectangle", rect, ab, [(far, y.bit_length())], cands,
                                corner=_name(corner), far=_name(far), locked=x.bit_length())


def avoidable_rectangle(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every avoidable rectangle (type 1 or 2) that removes a candidate, most removals first.

    Most first: on a candidate line every digit counts as placed, so many type-1 rectangles of
    givens show up; the ones removing more (type 2) are the ones HoDoKu's cases ask for.
    """
    yield from sorted(_avoidable(cg), key=lambda s: -len(s.eliminations))


def _avoidable(cg: CandidateGrid) -> Iterator[Step]:
    cands, values = cg.cands, cg.values
    for r in _avoidable_hits(cg):
        rect = RECTANGLES[r]
        placed = [c for c in rect if values[c]]
        if len(placed) == 3:
            yield from _ar_type1(cands, values, rect)
        else:
            yield from _ar_type2(cands, values, rect, placed)


def _avoidable_hits(cg: CandidateGrid) -> list[int]:
    """Return the rectangles (indexes into RECTANGLES, ascending) without a placed given that give an
    avoidable rectangle removing something: :func:`engine.kernels.uniqueness.avoidable_rectangles`.

    The technique is tried on every hard state and nearly never fires; the Python walk over the
    rectangles free of givens (that list kept per set of givens) cost 0.10-0.15 ms a call in the
    driver on SE 9 puzzles, most of it rectangles with too few corners placed.  Compiled, every
    rectangle read: on the 1,378 stuck states as candidate lines (no givens: every rectangle is
    read) 1.49 -> 0.11 ms a call (one core, the same steps); in the real driver on held-out SE 9
    puzzles (process time, interleaved) 0.075 -> 0.028 ms.
    """
    from engine.kernels.uniqueness import avoidable_rectangles  # loads numba on first use

    givens = cg.givens
    words = np.array((givens & _WORD, givens >> 27 & _WORD, givens >> 54), dtype=np.int64)
    out = np.empty(len(RECTANGLES), dtype=np.int64)
    count = avoidable_rectangles(np.array(cg.values, dtype=np.int64), cands_array(cg.cands),
                                 words, _CORNERS, _PEER_THIRDS, out)
    return out[:count].tolist() if count else []


_WORD = (1 << 27) - 1
_PEER_THIRDS = np.array(PEER_THIRDS, dtype=np.int64)


def _ar_type1(cands: list[int], values: list[int], rect: tuple[int, int, int, int]) -> Iterator[Step]:
    i = next(k for k, c in enumerate(rect) if not values[c])
    far = rect[i]
    a = values[rect[_OPPOSITE[i]]]
    b_cells = [c for k, c in enumerate(rect) if k not in (i, _OPPOSITE[i])]
    b = values[b_cells[0]]
    if b == a or values[b_cells[1]] != b or not cands[far] >> (a - 1) & 1:
        return
    yield Step("avoidable_rectangle", eliminations=((far, a),), cells=rect,
               candidates=((far, a),), detail={"digits": f"{min(a, b)}/{max(a, b)}", "kind": "type 1",
                                              "digit": a})


def _ar_type2(cands: list[int], values: list[int], rect: tuple[int, int, int, int],
              placed: list[int]) -> Iterator[Step]:
    p, q = placed
    if rect.index(p) == _OPPOSITE[rect.index(q)]:
        return  # diagonal placed corners: each open cell sees both, no swap to avoid
    a, b = values[p], values[q]
    if a == b:
        return
    open_cells = [c for c in rect if not values[c]]
    # each open corner must be able to take the digit of the placed corner diagonal to it
    need = {c: values[rect[_OPPOSITE[rect.index(c)]]] for c in open_cells}
    extras = set()
    for c in open_cells:
        want = 1 << (need[c] - 1)
        if cands[c] & want == 0 or POPCOUNT[cands[c]] != 2:
            return
        extras.add(cands[c] & ~want)
    if len(extras) != 1:
        return
    extra = extras.pop()
    d = extra.bit_length()
    elims = [(c, d) for c in _seen_by_all(open_cells) if cands[c] & extra and c not in rect]
    if elims:
        yield Step("avoidable_rectangle", eliminations=tuple(sorted(elims)), cells=rect,
                   candidates=tuple((c, dd) for c in open_cells for dd in MASK_DIGITS[cands[c]]),
                   detail={"digits": f"{min(a, b)}/{max(a, b)}", "kind": "type 2", "digit": d})


def bug_plus_1(cg: CandidateGrid) -> Iterator[Step]:
    """Yield the BUG+1 step when the state is a bivalue grave plus one trivalue cell (none otherwise)."""
    cands = cg.cands
    odd = [c for c in range(81) if cands[c] and POPCOUNT[cands[c]] != 2]
    if len(odd) != 1 or POPCOUNT[cands[odd[0]]] != 3:
        return
    cell = odd[0]
    extra = 0
    for unit in range(27):
        for d in range(1, 10):
            n = sum(1 for c in UNITS[unit] if cands[c] >> (d - 1) & 1)
            if n in (0, 2):
                continue
            if n != 3 or unit not in CELL_UNITS[cell]:
                return
            extra |= 1 << (d - 1)
    if POPCOUNT[extra] != 1 or not cands[cell] & extra:
        return
    d = extra.bit_length()
    elims = tuple((cell, x) for x in MASK_DIGITS[cands[cell] & ~extra])
    yield Step("bug_plus_1", eliminations=elims, cells=(cell,), candidates=((cell, d),),
               detail={"digit": d, "cell": _name(cell)})


_UR_TEXT = {
    1: ("three corners hold only {digits}, so {roof} loses both",
        "三个角只含 {digits}，所以 {roof} 删去这两个数"),
    2: ("the roof {roof} holds {digits} plus {extra}, so one of them is {extra}",
        "顶部 {roof} 含 {digits} 和 {extra}，其中一格必是 {extra}"),
    3: ("the extras of {roof} form a naked subset with {subset}",
        "{roof} 的额外候选数与 {subset} 构成数组"),
    4: ("{locked} appears in the roof's unit only in {roof}, so the roof loses the other digit",
        "{locked} 在顶部所在区域只出现在 {roof}，所以顶部删去另一个数"),
    5: ("the cells {roof} hold {digits} plus {extra}, so one of them is {extra}",
        "{roof} 含 {digits} 和 {extra}，其中一格必是 {extra}"),
    6: ("{locked} is confined to the rectangle in two lines, so the roof {roof} loses it",
        "{locked} 在两条线上只出现在矩形内，所以 {roof} 删去它"),
}
_UR_SCORES = {1: 4.5, 2: 4.6, 3: 4.7, 4: 4.6, 5: 4.6, 6: 4.6}
_UR_FINDERS = {1: unique_rectangle_1, 2: unique_rectangle_2, 3: unique_rectangle_3,
               4: unique_rectangle_4, 5: unique_rectangle_5, 6: unique_rectangle_6}

for _t, (_en, _zh) in _UR_TEXT.items():
    FAMILY.add(
        Technique(f"unique_rectangle_{_t}", f"Unique Rectangle Type {_t}", f"唯一矩形 {_t} 型",
                  _UR_SCORES[_t], _UR_FINDERS[_t], needs_unique=True),
    )
FAMILY.add(
    Technique("hidden_rectangle", "Hidden Rectangle", "隐性唯一矩形", 4.7, hidden_rectangle,
              needs_unique=True),
)

FAMILY.add(
    Technique("avoidable_rectangle", "Avoidable Rectangle", "可规避矩形", 4.5, avoidable_rectangle,
              needs_unique=True),
)
FAMILY.add(Technique("bug_plus_1", "BUG+1", "BUG+1 全双值坟墓", 5.6, bug_plus_1, needs_unique=True))
