"""Bent sets: WXYZ-wing (4 cells), VWXYZ-wing (5), UVWXYZ-wing (6) and TUVWXYZ-wing (7 cells).

N cells, not all in one unit, that hold exactly N digits between them.  A digit is *restricted*
when the set's cells holding it all see each other: it fills at most one of them.  N cells need N
digits, so:

* when every digit but one, z, is restricted, z must fill one of the cells (without it N cells
  would be filled from N - 1 digits, each at most once): a cell seeing every z of the set loses z;
* when every digit is restricted ("locked"), each fills exactly one cell: a cell seeing every
  place of a digit in the set loses it.

Example (pivot r1c1 seeing the other three)::

    r1c1 {1,2,4}  r1c5 {1,4}  r3c2 {2,4}  r6c1 {3,4}   digits 1,2,3,4

1 (r1c1, r1c5), 2 (r1c1, r3c2) and 3 (r6c1) are restricted; 4 is not (r1c5 and r3c2 do not see
each other), so 4 is in one of the four cells and a cell seeing all of them loses 4.  The 3-cell
case is the XYZ-wing (:mod:`engine.logic.strategies.wings`).

Where the sets are looked for: within one cell and its peers (the cell in the set: a pivot), and
within a box and a row or column crossing it; a set spread wider cannot remove anything in
practice.  Scores follow Sukaku Explainer's wing ladder (XYZ 4.4, WXYZ 4.6, VWXYZ 4.8).  The 6- and
7-cell sets are SE's own UVWXYZ- and TUVWXYZ-wings, looked for as SE does: an almost locked set of
5 or 6 cells in one unit and a bivalue cell outside it holding two of its digits (an ALS-XZ with a
cell), at SE's prices 6.6 and 7.5.  SE names the bivalue cell's digits x < z and only ever tries x
as the restricted one, so it sees a wing or not as the digits are labelled; we take both ways
round: a hint, a rating and the trainer's relabelled states must not depend on the digits' names
(SE's rule would have kept 14 more tuning SE 8+ puzzles master; benchmarks/README.md, round 13).
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from engine.candidates import CandidateGrid
from engine.grid import cell_name
from engine.logic.strategies import Family, Technique
from engine.logic.strategies.links import digit_cells
from engine.masks import (
    CELL_UNIT_BITS,
    MASK_DIGITS,
    PEER_THIRDS,
    POPCOUNT,
    UNIT_MASK,
    bits,
    cands_array,
    common_peers,
)
from engine.steps import Step

FAMILY = Family()  # this module's techniques, read by engine.logic.techniques

_NAMES = {4: "wxyz_wing", 5: "vwxyz_wing", 6: "uvwxyz_wing", 7: "tuvwxyz_wing"}


def _box_lines() -> list[int]:
    """Return the cells of every box joined with a row or column crossing it."""
    return [UNIT_MASK[box] | UNIT_MASK[line] for box in range(18, 27) for line in range(18)
            if UNIT_MASK[box] & UNIT_MASK[line]]


_BOX_LINES = _box_lines()
_DIGIT_SETS = {n: [m for m in range(512) if POPCOUNT[m] == n] for n in _NAMES}


_WORD = (1 << 27) - 1


def _thirds(masks: list[int]) -> np.ndarray:
    """Return cell masks as rows of three 27-cell words, the form of the compiled kernels' cell sets."""
    return np.array([(m & _WORD, m >> 27 & _WORD, m >> 54) for m in masks], dtype=np.int64)


_PEER_THIRDS = np.array(PEER_THIRDS, dtype=np.int64)
_SCOPE_THIRDS = _thirds(_BOX_LINES)
_UNIT_THIRDS = _thirds(list(UNIT_MASK))  # the scopes of the wider wings (n >= 6)
_CELL_UNITS = np.array(CELL_UNIT_BITS, dtype=np.int64)
_DIGIT_SET_ARRAYS = {n: np.array(sets, dtype=np.int64) for n, sets in _DIGIT_SETS.items()}


def _sets(cands: list[int], n: int) -> list[tuple[int, int, int]]:
    """Return (cells mask, digits, loose digits mask) of every n-cell set holding exactly n digits,
    at most one of them loose, that lies within a pivot cell and its peers or within a box and a
    crossing line (each set once), is not all in one unit and removes a candidate.

    Digit set first: only cells whose candidates fit in the n digits can join, usually a handful.
    Then depth first, pruned as soon as two digits are loose (adding a cell never restricts a digit
    again).  Compiled, search and test in one call
    (:func:`engine.kernels.bent_sets.bent_sets_found`): in Python this took 5-10 ms a state on SE 8
    states, a third of rating them.  Round 7 compiled the search
    (now tests/harness/bent_sets_reference.py: a numba set to keep each set once, cells as two
    unsigned words, the state's digit cells converted from Python ints on every call) and the test
    (a second kernel) apart; round 8 joined them on 27-cell words, with the cells of 2..n
    candidates listed once a state, a set kept once by comparing it with the few found for the same
    digits, each digit's units shared by its cells so far kept per level (one AND a digit where
    three units were compared word by word), a branch dropped when the cells left cannot bring the
    missing digits, and a group's digits read from per-digit words before its cells are listed.
    In the real driver on held-out SE 9 puzzles (process time, one core, interleaved with round 7's
    tree, the same steps on the 1,378 stuck states): WXYZ 0.131 -> 0.072 ms and VWXYZ 0.152 ->
    0.103 ms a call; what is left is the depth-first walk itself (some 800 and 1,800 nodes a state
    for the two sizes, of which the few spread sets that remove something are kept)."""
    from engine.kernels.bent_sets import bent_sets_found
    from engine.kernels.rows import filled_rows

    state = cands_array(cands)
    scopes = _UNIT_THIRDS if n >= 6 else _SCOPE_THIRDS
    args = (state, _CELL_UNITS, _PEER_THIRDS, scopes, _DIGIT_SET_ARRAYS[n], n)
    rows = filled_rows(bent_sets_found, args, 5, 16)
    return [(w0 | w1 << 27 | w2 << 54, union, loose) for w0, w1, w2, union, loose in rows]


def _bent(cg: CandidateGrid, n: int) -> Iterator[Step]:
    cands = cg.cands
    found = _sets(cands, n)
    if not found:
        return
    dc = digit_cells(cg)
    steps = []
    for mask, union, loose_mask in found:  # (a set in one unit is a naked subset)
        loose = list(MASK_DIGITS[loose_mask])
        elims = []
        for d in loose or MASK_DIGITS[union]:
            elims += [(c, d) for c in bits(common_peers(dc[d] & mask) & dc[d] & ~mask)]
        if elims:
            steps.append(_step(n, mask, union, cands, sorted(elims), loose[0] if loose else 0))
    steps.sort(key=lambda s: -len(s.eliminations))
    yield from steps


def _step(n: int, mask: int, union: int, cands: list[int], elims: list, z: int) -> Step:
    cells = tuple(bits(mask))
    return Step(
        _NAMES[n],
        eliminations=tuple(elims),
        cells=cells,
        candidates=tuple((c, d) for c in cells for d in MASK_DIGITS[cands[c]]),
        detail={"digit": z, "set": ", ".join(cell_name(c) for c in cells),
                "digits": "".join(map(str, MASK_DIGITS[union])), "size": n,
                "kind": "wing" if z else "locked"},
    )


def wxyz_wing(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every WXYZ-wing (4-cell bent set) that removes a candidate, most removals first (none
    if none)."""
    yield from _bent(cg, 4)


def vwxyz_wing(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every VWXYZ-wing (5-cell bent set) that removes a candidate, most removals first (none
    if none)."""
    yield from _bent(cg, 5)


def uvwxyz_wing(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every UVWXYZ-wing (an almost locked set of 5 cells in one unit and a bivalue cell holding
    two of its 6 digits) that removes a candidate, most removals first (none if none)."""
    yield from _bent(cg, 6)


def tuvwxyz_wing(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every TUVWXYZ-wing (an almost locked set of 6 cells in one unit and a bivalue cell holding
    two of its 7 digits) that removes a candidate, most removals first (none if none)."""
    yield from _bent(cg, 7)


_EN = "the {size} cells {set} hold only the digits {digits}; {reason}. So: {result}."
_ZH = "{size} 格 {set} 只含数字 {digits}；{reason}。所以：{result}。"
FAMILY.add(Technique("wxyz_wing", "WXYZ-Wing", "WXYZ翼", 4.6, wxyz_wing))
FAMILY.add(Technique("vwxyz_wing", "VWXYZ-Wing", "VWXYZ翼", 4.8, vwxyz_wing))
# Sukaku Explainer's own prices (UVWXYZWingHint 6.6, TUVWXYZWingHint 7.5, fixed)
FAMILY.add(Technique("uvwxyz_wing", "UVWXYZ-Wing", "UVWXYZ翼", 6.6, uvwxyz_wing))
FAMILY.add(Technique("tuvwxyz_wing", "TUVWXYZ-Wing", "TUVWXYZ翼", 7.5, tuvwxyz_wing))
