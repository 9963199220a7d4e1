"""Sue de Coq (two-sector disjoint subsets).

Take 2-3 empty cells C where a box meets a row or column, holding N digits with N >= |C| + 2.
Add cells L from the rest of the line and cells B from the rest of the box so that L's digits and
B's digits share none, and C + L + B hold exactly as many digits as cells: they are then a locked
set split over two units.  Every digit of L is confined to C + L (inside the line), every digit of
B to C + B (inside the box), and a digit of C in neither L nor B to C itself::

    box 1 / row 1:   C = r1c1,r1c2 {1,2,3,4}     L = r1c7 {1,2}     B = r3c3 {3,4}
    => the rest of row 1 loses 1 and 2, the rest of box 1 loses 3 and 4.

So the rest of the line loses L's digits and C's digits not in B; the rest of the box loses B's
digits and C's digits not in L; intersection cells outside C lose both.

The walk over every box/line intersection is compiled (:func:`engine.kernels.sue_de_coq.sue_de_coq_patterns`:
it tells only which patterns remove something, and their steps are built here), and the results
are merged as one search over all intersections would (a set of removals keeps its first place and
its first smallest pattern).  On the 1,378 stuck states of tuning-half SE 6-9.3 puzzles in the
driver's order (one core, interleaved, the same steps on every state): 0.55 -> 0.033 ms a call
against the Python walk with a memo per intersection (keyed by its 15 cells' candidates), which
first compiling each intersection's walk behind the same memo had brought to about 0.1 ms: reading
the 54 memo keys then cost more than walking every intersection compiled.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, groupby

import numpy as np

from engine.candidates import CandidateGrid
from engine.grid import UNITS, cell_name
from engine.logic.strategies import Family, Technique
from engine.masks import MASK_DIGITS, cands_array, digits_text
from engine.steps import Step

FAMILY = Family()  # this module's techniques, read by engine.logic.techniques


def find_sue_de_coq(cg: CandidateGrid) -> Iterator[Step]:
    """Sue de Coq: a box/line intersection's cells with two spare digits, completed into one locked
    set by disjoint-digit cells of the line and of the box; the rest of each unit loses that unit's
    part.  Yields nothing when no such pattern removes a candidate."""
    cands = cg.cands
    found: dict[tuple, tuple] = {}
    rows = _patterns(cands)
    for (b, line), group in groupby(rows, key=lambda row: (row[0], row[1])):
        # merged as one search over every intersection would: a removal set keeps its first
        # place and the first of its smallest patterns
        for elims, entry in _intersection(cands, [row[2:] for row in group], b, line):
            if elims not in found or entry[0] < found[elims][0]:
                found[elims] = entry
    ranked = sorted(found.items(), key=lambda kv: (-len(kv[0]), kv[1][0]))
    for elims, (_, core, lset, bset, line, b, vl, vb) in ranked:
        cells = core + lset + bset
        yield Step(
            "sue_de_coq",
            eliminations=elims,
            cells=cells,
            units=(line, 18 + b),
            candidates=tuple((c, d) for c in cells for d in MASK_DIGITS[cands[c]]),
            detail={
                "core": ", ".join(cell_name(c) for c in core),
                "line_cells": ", ".join(cell_name(c) for c in lset),
                "box_cells": ", ".join(cell_name(c) for c in bset),
                "line_digits": digits_text(vl),
                "box_digits": digits_text(vb),
            },
        )


# every box/line intersection, box by box and the lines crossing it ascending: the walk's order
_CROSSINGS = np.array([(b, line) for b in range(9) for line in range(18)
                       if set(UNITS[line]) & set(UNITS[18 + b])], dtype=np.int64)


def _intersection(cands: list[int], rows: list[list[int]], b: int, line: int) -> list[tuple[tuple, tuple]]:
    """Return (removals, (size, core, line cells, box cells, line, box, line digits, box digits)) for
    the removing patterns ``rows`` of one box/line intersection (:func:`_patterns`' rows but their
    box and line), each set of removals once with its first smallest pattern."""
    box = UNITS[18 + b]
    inter = [c for c in UNITS[line] if c in box and cands[c]]
    line_rest = [c for c in UNITS[line] if c not in box and cands[c]]
    box_rest = [c for c in box if c not in UNITS[line] and cands[c]]
    found: dict[tuple, tuple] = {}
    for size, c0, c1, c2, lbits, bbits in rows:
        core = (c0, c1) if size == 2 else (c0, c1, c2)
        lset = tuple(c for i, c in enumerate(line_rest) if lbits >> i & 1)
        bset = tuple(c for i, c in enumerate(box_rest) if bbits >> i & 1)
        v = vl = vb = 0
        for c in core:
            v |= cands[c]
        for c in lset:
            vl |= cands[c]
        for c in bset:
            vb |= cands[c]
        line_digits = vl | (v & ~vb)
        box_digits = vb | (v & ~vl)
        both = line_digits | box_digits
        elims = [(c, d) for c in line_rest if c not in lset for d in MASK_DIGITS[cands[c] & line_digits]]
        elims += [(c, d) for c in box_rest if c not in bset for d in MASK_DIGITS[cands[c] & box_digits]]
        # intersection cells outside the core lie in both units
        elims += [(c, d) for c in inter if c not in core for d in MASK_DIGITS[cands[c] & both]]
        key = tuple(sorted(elims))
        size = len(core) + len(lset) + len(bset)
        if key not in found or size < found[key][0]:
            found[key] = (size, core, lset, bset, line, b, vl, vb)
    return list(found.items())


_UNITS = np.array(UNITS, dtype=np.int64)
# for n = 0-6 cells, every non-empty subset of range(n) as a bit mask, by size and then in
# combinations order (-1 past the 2^n - 1 of them): the order the kernel walks line and box cells in
_ORDER = np.full((7, 64), -1, dtype=np.int64)
for _n in range(7):
    _masks = [sum(1 << i for i in combo) for k in range(1, _n + 1) for combo in combinations(range(_n), k)]
    _ORDER[_n, : len(_masks)] = _masks


def _patterns(cands: list[int]) -> list[list[int]]:
    """Return the rows of :func:`engine.kernels.sue_de_coq.sue_de_coq_patterns`: every intersection's
    patterns that remove something, in the order the Python walk listed them."""
    from engine.kernels.rows import filled_rows
    from engine.kernels.sue_de_coq import sue_de_coq_patterns  # loads numba on first use

    return filled_rows(sue_de_coq_patterns, (cands_array(cands), _UNITS, _CROSSINGS, _ORDER), 8)



FAMILY.add(Technique("sue_de_coq", "Sue de Coq", "融合数组（苏德科克）", 6.2, find_sue_de_coq))
