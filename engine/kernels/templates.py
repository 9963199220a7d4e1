"""Compiled test of which digits single-digit logic can remove nothing from: digit templates.

Importing this module loads numba (unless the kernels were compiled ahead of time: engine/kernels/);
:mod:`engine.candidates` imports it on first use.

A template of digit d is one cell for d in every row that has no d yet, on d's candidate cells, in
distinct columns and boxes: one way to finish d alone.  Every single-digit technique (fish of every
kind with their fins, X-chains, skyscrapers, kites, empty rectangles, colourings, locked
candidates) reasons only from "each unit holds d exactly once" among d's candidates, which every
template satisfies, so it can remove only a candidate that lies in no template.  A digit whose
every candidate lies in some template is *covered*: those techniques have nothing there, and their
finders skip it.  On the 1,378 stuck states of tuning-half SE 6-9.3 puzzles 91.5% of the digits
still holding candidates are covered, found in about 1 us each.

The search is depth first over the digit's open rows, taking a column free in column and box; each
complete template marks its cells, and the digit is covered as soon as every candidate is marked.
A digit that is not covered is searched through (or given up after ``_BUDGET`` placements, and then
counted as not covered: its finders search it, which is always right).
"""

from __future__ import annotations

import numpy as np

from engine.kernels import njit
from engine.kernels.bits import lowest, popcount

_BUDGET = 20_000  # placements tried per digit before it is counted as not covered


@njit(cache=True, aot="int64(int64[::1], int64[:, ::1])")
def template_cells(cands, known):  # pragma: no cover - compiled
    """Return a 9-bit mask of the covered digits of a state (81 candidate masks): those whose every
    candidate lies in a template (a digit with no candidate left is covered).  Fill ``known`` (9 x 9):
    row r of digit d + 1's entry, the columns of its candidates found in a template (all of them
    unless the digit's search gave up, so a candidate outside is in no template or not known to be).
    """
    rows = np.zeros(9, dtype=np.int64)
    scratch = np.zeros((4, 10), dtype=np.int64)
    covered = 0
    for d in range(9):
        for r in range(9):
            m = 0
            for c in range(9):
                m |= (cands[9 * r + c] >> d & 1) << c
            rows[r] = m
        if _covered(rows, known[d], scratch):
            covered |= 1 << d
    return covered


@njit(cache=True)
def _covered(rows, marked, scratch):  # pragma: no cover - compiled
    """Return True when every candidate of one digit (``rows``: per row, the columns holding it)
    lies in a template, marking in ``marked`` those found in one; False when one does not, when the
    digit's open rows, columns and boxes differ in number (no template: nothing marked), or when the
    search ran past its budget."""
    for r in range(9):
        marked[r] = 0
    open_rows, cols, boxes = 0, 0, 0
    for r in range(9):
        m = rows[r]
        if m:
            open_rows += 1
            cols |= m
            for b in range(3):
                if m >> (3 * b) & 7:
                    boxes |= 1 << (r // 3 * 3 + b)
    if popcount(cols) != open_rows or popcount(boxes) != open_rows:
        return False
    if open_rows == 0:
        return True
    order, choices, used_cols, used_boxes = scratch[0], scratch[1], scratch[2], scratch[3]
    k = 0
    for r in range(9):
        if rows[r]:
            order[k] = r
            k += 1
    picks = np.zeros(9, dtype=np.int64)
    left = open_rows  # rows whose candidates are not all marked yet
    budget = _BUDGET
    depth = 0
    choices[0] = rows[order[0]]
    used_cols[0] = used_boxes[0] = 0
    while depth >= 0:
        if choices[depth] == 0:
            depth -= 1
            continue
        budget -= 1
        if budget < 0:
            return False
        bit = choices[depth] & -choices[depth]
        choices[depth] ^= bit
        r = order[depth]
        box = 1 << (r // 3 * 3 + lowest(bit) // 3)
        if used_boxes[depth] & box:
            continue
        picks[depth] = bit
        if depth + 1 < k:
            used_cols[depth + 1] = used_cols[depth] | bit
            used_boxes[depth + 1] = used_boxes[depth] | box
            depth += 1
            choices[depth] = rows[order[depth]] & ~used_cols[depth]
            continue
        for i in range(k):
            row = order[i]
            if marked[row] != rows[row]:
                marked[row] |= picks[i]
                if marked[row] == rows[row]:
                    left -= 1
        if left == 0:
            return True
    return False

