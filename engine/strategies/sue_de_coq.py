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

Each box/line intersection's patterns depend only on the candidates of its 15 cells, and one step
changes few cells: they are kept (a bounded memo) and merged as one search over all intersections
would (a set of removals keeps its first place and its first smallest pattern).  On the 800 stuck
states of 30 SE 8-9.9 tuning puzzles (one core, cpu time): 0.76 s -> 0.32 s.  An intersection's
walk is compiled (:func:`engine.pattern_kernels.sue_de_coq_patterns`: it tells only which
patterns remove something, and their steps are built here): 0.32 -> 0.086 ms a call on the 1,378
stuck states of tuning-half SE 6-9.3 puzzles in the driver's order (one core, interleaved with the
Python walk, the same steps on every state); what is left is mostly reading the 54 memo keys.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations
from operator import itemgetter

import numpy as np

from engine.candidates import CandidateGrid, DigitMemo
from engine.grid import UNITS, cell_name
from engine.masks import digits_text
from engine.steps import TEXT_FIELDS, Step
from engine.strategies import Technique, register
from engine.strategies.links import result_fields

Subsets = list[tuple[tuple[int, ...], int]]  # (cells, the digits they hold)


def find_sue_de_coq(cg: CandidateGrid) -> Iterator[Step]:
    """Sue de Coq: a box/line intersection's cells with two spare digits, completed into one locked
    set by disjoint-digit cells of the line and of the box; the rest of each unit loses that unit's
    part.  Yields nothing when no such pattern removes a candidate."""
    cands = cg.cands
    found: dict[tuple, tuple] = {}
    memo = _MEMO.data
    walk = None  # the compiled walk on this state, made ready on the first miss
    for b in range(9):
        for line, region in _CROSSING[b]:
            key = (b, line, region(cands))
            local = memo.get(key)
            if local is None:
                if len(memo) >= _MEMO.limit:
                    memo.clear()
                if walk is None:
                    walk = _walker(cands)
                local = memo[key] = _intersection(cands, walk, b, line)
            # merged as one search over every intersection would: a removal set keeps its first
            # place and the first of its smallest patterns
            for elims, entry in local:
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
            candidates=tuple((c, d) for c in cells for d in range(1, 10) if cands[c] >> (d - 1) & 1),
            detail={
                "core": ", ".join(cell_name(c) for c in core),
                "line_cells": ", ".join(cell_name(c) for c in lset),
                "box_cells": ", ".join(cell_name(c) for c in bset),
                "line_digits": digits_text(vl),
                "box_digits": digits_text(vb),
            },
        )


# per box, the lines crossing it (ascending) and a getter of the candidates of both's cells (what
# one intersection's search reads, as a tuple)
_CROSSING = tuple(
    tuple((line, itemgetter(*sorted(set(UNITS[line]) | set(UNITS[18 + b]))))
          for line in range(18) if set(UNITS[line]) & set(UNITS[18 + b]))
    for b in range(9)
)
# (box, line, the candidates of their cells) -> that intersection's patterns: one step changes few
# cells, so most intersections of a state were already searched on the state before it
_MEMO = DigitMemo()


def _intersection(cands: list[int], walk: Callable[[int, int], list[list[int]]], b: int,
                  line: int) -> list[tuple[tuple, tuple]]:
    """Return (removals, (size, core, line cells, box cells, line, box, line digits, box digits)) for
    the patterns of one box/line intersection, each set of removals once with its first smallest pattern
    (``walk``: :func:`_walker` of ``cands``)."""
    rows = walk(b, line)
    if not rows:
        return []
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
        elims = []
        for c in line_rest:
            if c not in lset and cands[c] & line_digits:
                elims.extend((c, d) for d in range(1, 10) if (cands[c] & line_digits) >> (d - 1) & 1)
        for c in box_rest:
            if c not in bset and cands[c] & box_digits:
                elims.extend((c, d) for d in range(1, 10) if (cands[c] & box_digits) >> (d - 1) & 1)
        both = line_digits | box_digits
        for c in inter:  # intersection cells outside C lie in both units
            if c not in core:
                elims.extend((c, d) for d in range(1, 10) if (cands[c] & both) >> (d - 1) & 1)
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


def _walker(cands: list[int]) -> Callable[[int, int], list[list[int]]]:
    """Return a function of (box, line) giving the rows of :func:`engine.pattern_kernels.sue_de_coq_patterns`
    on ``cands``: the patterns of that intersection that remove something, in the order the Python
    walk listed them.  Made once per state: a state's misses share its arrays (some 15 a state)."""
    from engine.pattern_kernels import sue_de_coq_patterns  # loads numba on first use

    state = np.array(cands, dtype=np.int64)
    out = np.empty((16, 6), dtype=np.int64)

    def walk(b: int, line: int) -> list[list[int]]:
        nonlocal out
        count = sue_de_coq_patterns(state, _UNITS, b, line, _ORDER, out)
        while count == len(out):  # the kernel stops when its rows run out: search again with more
            out = np.empty((8 * len(out), 6), dtype=np.int64)
            count = sue_de_coq_patterns(state, _UNITS, b, line, _ORDER, out)
        return out[:count].tolist() if count else []

    return walk


TEXT_FIELDS["sue_de_coq"] = result_fields

register(
    Technique("sue_de_coq", "Sue de Coq", "融合数组（苏德科克）", 6.2, find_sue_de_coq),
    "Sue de Coq: {core} with {line_cells} (digits {line_digits}) and {box_cells} (digits {box_digits}) "
    "form one locked set across {units}; {result}.",
    "融合数组（苏德科克）：{core} 与 {line_cells}（数 {line_digits}）及 {box_cells}（数 {box_digits}）"
    "在{units}中构成锁定集；{result}。",
)
