"""Junior exocet: two base cells of one box's line, and two target cells in the band's other boxes
that must end up holding the same two digits.

In rows (columns are the same, transposed): the base cells B are two empty cells of one box's row
holding 3 or 4 digits between them (the base digits).  In each of the band's other two boxes take a
column and its two cells off the base row: one is a target T (holding some base digit), the other
its companion, which holds no base digit, as a candidate or placed.  The cross-lines are those two
columns and the base box's third column (the one without a base cell); their cells outside the
band are the S cells::

    B B x | . . . | . . .     B = base cells, T = targets, c = companions
    . . x | T . . | c . .     x = the base box's third column, a cross-line
    . . x | c . . | T . .
    ------+-------+------
    . . S | S . . | S . .     S = the cross-lines outside the band: for every base digit, its
    . . S | S . . | S . .     candidates and placed digits there lie in at most two rows
    ...

Why it holds: say the base cells take digits a and b.  Each cross-line holds a once.  In the base
box's third column it is outside the band (a is in the base box); in the other two it is off the
base row (a is in that row).  The S cells can hold a at most twice (two rows), so some cross-line
has a in the band, in a target or its companion, and the companion holds no base digit: a
target holds a.  The same for b, and the two targets then hold a and b.  So a target loses every
digit that is not a base digit, and a base cell loses each base digit no target holds.

Searched in plain Python over the 6 bands x 3 boxes x 3 lines x 3 base pairs, the two targets'
columns (9) and cells (4): 0.23 ms a state on the walked states of benchmarks/README.md's round 9,
and the driver asks it only where every other technique has found nothing.  It costs 10.0, the
guess's price: the hardest lists, where exocets live, are rated 10.1-11.9 by Sudoku Explainer (the
ER column of HardestDatabase110626), which needs nested forcing chains for them, so such puzzles
stay extreme.  Roads not taken: the senior exocet (targets outside the band), cover houses that
are not rows, and the further eliminations of the JExocet compendium (mirror nodes, the S cells'
own), each rarer and each another proof to show the learner.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.candidates import CandidateGrid
from engine.grid import cell_name
from engine.logic.strategies import Family, Technique
from engine.masks import MASK_DIGITS, POPCOUNT, digits_text
from engine.steps import Step

FAMILY = Family()  # this module's techniques, read by engine.logic.techniques

_PAIRS = ((0, 1), (0, 2), (1, 2))  # base cells' places in their box's line; the third is left


def find_exocet(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every junior exocet that removes a candidate, rows first then columns, by band, box and
    line (nothing when there is none)."""
    for flip in (False, True):
        view = _View(cg, flip)
        for found in _exocets(view):
            step = _step(cg, view, *found)
            if step.eliminations:
                yield step


class _View:
    """The state seen by (line, position): rows and columns, or with ``flip`` columns and rows."""

    __slots__ = ("cands", "flip", "values")

    def __init__(self, cg: CandidateGrid, flip: bool) -> None:
        self.flip = flip
        self.cands = cg.cands
        self.values = cg.values

    def cell(self, line: int, pos: int) -> int:
        return pos * 9 + line if self.flip else line * 9 + pos

    def digits(self, line: int, pos: int) -> int:
        """Return the cell's digits as a mask: its candidates, or its placed digit."""
        c = self.cell(line, pos)
        v = self.values[c]
        return 1 << (v - 1) if v else self.cands[c]


def _exocets(view: _View) -> Iterator[tuple]:
    """Yield each pattern as :func:`_with_targets` does, for every pair of empty base cells."""
    for band in range(3):
        lines = range(3 * band, 3 * band + 3)
        for box in range(3):
            others = [b for b in range(3) if b != box]
            for base_line in lines:
                off = [line for line in lines if line != base_line]
                for i, j in _PAIRS:
                    p1, p2 = 3 * box + i, 3 * box + j
                    c1, c2 = view.cell(base_line, p1), view.cell(base_line, p2)
                    if view.values[c1] or view.values[c2]:
                        continue
                    base = view.cands[c1] | view.cands[c2]
                    if POPCOUNT[base] not in (3, 4):
                        continue
                    third = 3 * box + 3 - i - j
                    yield from _with_targets(view, base, (base_line, p1, p2, third), off, others)


def _with_targets(view: _View, base: int, where: tuple, off: list[int], others: list[int]) -> Iterator[tuple]:
    """Yield (base mask, where, targets, companions, cross-lines) for each pair of targets that
    completes the pattern."""
    options = [_objects(view, base, off, box) for box in others]
    for q_pos, q_target, q_mate in options[0]:
        for r_pos, r_target, r_mate in options[1]:
            cross = (where[3], q_pos, r_pos)
            if _covered(view, base, cross, off + [where[0]]):
                yield base, where, (q_target, r_target), (q_mate, r_mate), cross


def _objects(view: _View, base: int, off: list[int], box: int) -> list[tuple[int, int, int]]:
    """Return (position, target line, companion line) for each of the box's positions off the base
    line where one cell is an empty target holding a base digit and the other holds none."""
    out = []
    for pos in range(3 * box, 3 * box + 3):
        for t, m in ((off[0], off[1]), (off[1], off[0])):
            target = view.cell(t, pos)
            if view.values[target] or not view.cands[target] & base:
                continue
            if view.digits(m, pos) & base:
                continue
            out.append((pos, t, m))
    return out


def _covered(view: _View, base: int, cross: tuple[int, int, int], band: list[int]) -> bool:
    """Return True if each base digit lies in at most two lines of the S cells (the cross-lines'
    cells outside the band)."""
    for d in MASK_DIGITS[base]:
        bit = 1 << (d - 1)
        lines = 0
        for line in range(9):
            if line not in band and any(view.digits(line, pos) & bit for pos in cross):
                lines += 1
                if lines > 2:
                    return False
    return True


def _step(cg: CandidateGrid, view: _View, base: int, where: tuple, targets: tuple, mates: tuple,
          cross: tuple) -> Step:
    line, p1, p2, _ = where
    base_cells = (view.cell(line, p1), view.cell(line, p2))
    target_cells = tuple(view.cell(t, pos) for t, pos in zip(targets, cross[1:], strict=True))
    mate_cells = tuple(view.cell(m, pos) for m, pos in zip(mates, cross[1:], strict=True))
    in_targets = cg.cands[target_cells[0]] | cg.cands[target_cells[1]]
    elims = [(c, d) for c in target_cells for d in MASK_DIGITS[cg.cands[c] & ~base]]
    elims += [(c, d) for c in base_cells for d in MASK_DIGITS[cg.cands[c] & base & ~in_targets]]
    return Step(
        "exocet",
        eliminations=tuple(sorted(elims)),
        cells=base_cells + target_cells,
        units=_cross_units(view, cross),
        candidates=tuple((c, d) for c in base_cells + target_cells for d in MASK_DIGITS[cg.cands[c] & base]),
        detail={
            "digits": digits_text(base),
            "base": _names(base_cells),
            "targets": _names(target_cells),
            "companions": _names(mate_cells),
            "across": "columns" if view.flip else "rows",  # the cover lines' kind
        },
    )


def _cross_units(view: _View, cross: tuple[int, int, int]) -> tuple[int, ...]:
    """Return the cross-lines' unit ids (columns 9-17, or rows 0-8 when flipped)."""
    return tuple(sorted(pos if view.flip else 9 + pos for pos in cross))


def _names(cells: tuple[int, ...]) -> str:
    return ", ".join(cell_name(c) for c in cells)


FAMILY.add(Technique("exocet", "Junior Exocet", "初级飞鱼导弹", 10.0, find_exocet))
