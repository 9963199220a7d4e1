"""Multi-sector locked sets (MSLS): rank-0 logic on the cells where a set of rows meets a set of columns.

Take rows R and columns K and the empty cells C where they cross.  Each cell of C holds one digit
(|C| *truths*).  Cover every candidate of C by a *link*: for digit d either the rows of R that hold
d somewhere in C ("row r has one d") or the columns of K that do ("column k has one d"), whichever
needs fewer.  Each link holds at most one true candidate, and every true digit of C lies in a link,
so when the links number exactly |C| every link's true candidate is in C:

    d covered by rows: no other cell of those rows holds d;  by columns: no other cell of those
    columns holds d.  (A digit needing as many rows as columns may use either: both hold.)

The search runs over all 2^9 x 2^9 row and column sets at once with numpy: per digit, the number
of rows of R holding d in C is popcount(R AND the rows holding d in K's columns), one 512 x 512
array for every (R, K), and the same for columns; the few (R, K) whose links equal their cells
are then read one by one.  Cost, on the hard states of SE 7-9 puzzles (one core, load 5, best of
three): a median of 36 ms (max 44) a state, about 6x ALS-XZ, nearly the same on every state as
the arrays are fixed in size.  Sets with one row or column, and sets that cover every digit by
rows alone (or by columns alone), are naked subsets and are left to that technique.  Boxes as
sectors are not searched (they would need a third family of links).  SE has no rank logic; the
score, 8.8, puts it past the forcing chains of SE's 8-9 band.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from engine.candidates import CandidateGrid
from engine.logic.strategies import Family, Technique
from engine.masks import MASK_DIGITS, POPCOUNT
from engine.steps import Step

FAMILY = Family()  # this module's techniques, read by engine.logic.techniques

_SUBSETS = np.arange(512, dtype=np.uint16)
_POP = np.array(POPCOUNT, dtype=np.uint8)


def _popcount(a: np.ndarray) -> np.ndarray:
    """Return the set bits of every (9-bit) entry: numpy 2's ufunc, else a table lookup (3x slower)."""
    count = getattr(np, "bitwise_count", None)
    return count(a) if count is not None else _POP.take(a)


def _or_over_subsets(values: list[int]) -> np.ndarray:
    """Return, for every 9-bit subset S, the OR of ``values[i]`` over the bits i of S."""
    out = np.zeros(512, dtype=np.uint16)
    for i, v in enumerate(values):
        half = 1 << i
        out[half : 2 * half] = out[:half] | v
    return out


def _subset_masks(places: list[int], both: bool = True) -> np.ndarray:
    """Return, for every 9-bit set S of positions, the lines i whose ``places[i]`` meets S (and, with
    ``both``, also meets its complement)."""
    out = np.zeros(512, dtype=np.uint16)
    for i, p in enumerate(places):
        hit = (_SUBSETS & p) != 0
        if both:
            hit &= (~_SUBSETS & 0x1FF & p) != 0
        out |= hit.astype(np.uint16) << i
    return out


def _digit_maps(cg: CandidateGrid) -> tuple[list[list[int]], list[list[int]], list[int], list[int]]:
    """Return per digit the columns where each row holds it and the rows where each column holds it,
    and the empty cells by row (as columns) and by column (as rows)."""
    has = [[0] * 9 for _ in range(10)]
    cols_of = [[0] * 9 for _ in range(10)]
    empty_row, empty_col = [0] * 9, [0] * 9
    for c in range(81):
        m = cg.cands[c]
        if m and not cg.values[c]:
            r, k = divmod(c, 9)
            empty_row[r] |= 1 << k
            empty_col[k] |= 1 << r
            for d in MASK_DIGITS[m]:
                has[d][r] |= 1 << k
                cols_of[d][k] |= 1 << r
    return has, cols_of, empty_row, empty_col


def find_msls(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every multi-sector locked set that removes a candidate, smallest first (none if none)."""
    has, cols_of, empty_row, empty_col = _digit_maps(cg)
    size = np.zeros((512, 512), dtype=np.uint8)  # [R, K] -> |C|
    for r in range(9):
        inside = (_SUBSETS >> r & 1).astype(np.uint8)
        size += np.outer(inside, _POP[_SUBSETS & empty_row[r]])
    links = np.zeros((512, 512), dtype=np.uint8)
    counts = []  # per digit: [R, K] -> rows of R holding it in C; columns of K holding it in C
    for d in range(1, 10):
        rows_in = _or_over_subsets(cols_of[d])  # K -> rows holding d in K's columns
        cols_in = _or_over_subsets(has[d])  # R -> columns holding d in R's rows
        rc = _popcount(_SUBSETS[:, None] & rows_in[None, :])
        cc = _popcount(cols_in[:, None] & _SUBSETS[None, :])
        links += np.minimum(rc, cc)
        counts.append((rc, cc))
    # every row of R has an empty cell in K's columns and every column of K one in R's rows, two
    # of each at least (one row or column is a naked subset)
    busy_rows = _subset_masks(empty_row, both=False)
    busy_cols = _subset_masks(empty_col, both=False)
    wide = _POP[_SUBSETS] >= 2
    hit = (links == size) & wide[:, None] & wide[None, :]
    hit &= (_SUBSETS[:, None] & ~busy_rows[None, :]) == 0
    hit &= (busy_cols[:, None] & _SUBSETS[None, :]) == _SUBSETS[None, :]
    rsets, ksets = np.nonzero(hit)
    # of those, the ones using rows for a digit and columns for another, with a link reaching out
    by_rows = np.zeros(len(rsets), dtype=bool)
    by_cols = np.zeros(len(rsets), dtype=bool)
    removes = np.zeros(len(rsets), dtype=bool)
    for d in range(1, 10):
        rc, cc = counts[d - 1][0][rsets, ksets], counts[d - 1][1][rsets, ksets]
        by_rows |= rc < cc
        by_cols |= cc < rc
        # rows holding d both inside and outside K's columns; columns likewise for R's rows
        row_out = _subset_masks(has[d])[ksets]
        col_out = _subset_masks(cols_of[d])[rsets]
        removes |= ((rc <= cc) & ((rsets & row_out) != 0)) | ((cc <= rc) & ((ksets & col_out) != 0))
    keep = by_rows & by_cols & removes
    found: dict[frozenset, tuple[int, int, int]] = {}
    for rset, kset in zip(rsets[keep].tolist(), ksets[keep].tolist(), strict=True):
        elims = _eliminations(has, cols_of, counts, rset, kset)
        n = int(size[rset, kset])
        if elims and (elims not in found or n < found[elims][0]):
            found[elims] = (n, rset, kset)
    for elims, (_, rset, kset) in sorted(found.items(), key=lambda kv: kv[1]):
        yield _step(cg, elims, rset, kset, counts)


def _eliminations(has: list[list[int]], cols_of: list[list[int]], counts: list, rset: int,
                  kset: int) -> frozenset:
    """Return what the links of rows R (``rset``) and columns K (``kset``) remove outside C."""
    out = set()
    for d in range(1, 10):
        rc, cc = int(counts[d - 1][0][rset, kset]), int(counts[d - 1][1][rset, kset])
        if rc <= cc:  # row links: d leaves the rest of those rows
            for r in range(9):
                if rset >> r & 1 and has[d][r] & kset:
                    out.update((r * 9 + k, d) for k in range(9) if (has[d][r] & ~kset) >> k & 1)
        if cc <= rc:  # column links: d leaves the rest of those columns
            for k in range(9):
                if kset >> k & 1 and cols_of[d][k] & rset:
                    out.update((r * 9 + k, d) for r in range(9) if (cols_of[d][k] & ~rset) >> r & 1)
    return frozenset(out)


def _step(cg: CandidateGrid, elims: frozenset, rset: int, kset: int, counts: list) -> Step:
    rows = [r for r in range(9) if rset >> r & 1]
    cols = [k for k in range(9) if kset >> k & 1]
    cells = tuple(r * 9 + k for r in rows for k in cols if cg.cands[r * 9 + k] and not cg.values[r * 9 + k])
    by_row, by_col = [], []
    for d in range(1, 10):
        rc, cc = int(counts[d - 1][0][rset, kset]), int(counts[d - 1][1][rset, kset])
        if rc and rc <= cc:
            by_row.append(str(d))
        elif cc:
            by_col.append(str(d))
    return Step(
        "msls",
        eliminations=tuple(sorted(elims)),
        cells=cells,
        units=tuple(rows) + tuple(9 + k for k in cols),
        candidates=tuple((c, d) for c in cells for d in MASK_DIGITS[cg.cands[c]]),
        detail={
            "rows": ", ".join(str(r + 1) for r in rows),
            "cols": ", ".join(str(k + 1) for k in cols),
            "count": len(cells),
            "row_digits": ", ".join(by_row) or "-",
            "col_digits": ", ".join(by_col) or "-",
        },
    )



FAMILY.add(Technique("msls", "Multi-Sector Locked Set", "多扇区锁定集", 8.8, find_msls))
