"""BUG+n: a bivalue universal grave plus n extra candidates, one of which must be true.

A *BUG* state has every empty cell down to two candidates and every digit down to two places (or
none) in each row, column and box.  Such a state never has exactly one solution (its candidates
pair up into alternating loops that can be swapped), so in a puzzle with one solution the state is
never reached: of the *extra* candidates whose removal would leave a BUG, at least one is true.
A candidate that is false whenever any single extra is true (it sees every extra of its digit, or
shares a cell with an extra of another digit) goes.  With one extra that is BUG+1 (the extra is
placed, :mod:`engine.logic.strategies.uniqueness`); this module covers two or more extras, in up to
four cells with more than two candidates, and every way of choosing them.

Assumes a unique solution (registered ``needs_unique``).  Score: SE's BUG type 2 (5.7).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, product

from engine.candidates import CandidateGrid
from engine.grid import CELL_UNITS, PEERS
from engine.logic.strategies import Family, Technique
from engine.masks import MASK_DIGITS, POPCOUNT
from engine.steps import Step

FAMILY = Family()  # this module's techniques, read by engine.logic.techniques

MAX_CELLS = 4  # more cells over two candidates: never a BUG+n in practice, and the choices multiply


def _counts(cands: list[int], cells: list[int]) -> list[list[int]]:
    """Return per unit, per digit 1-9, how often the cells' candidates hold the digit."""
    out = [[0] * 10 for _ in range(27)]
    for c in cells:
        for d in MASK_DIGITS[cands[c]]:
            for u in CELL_UNITS[c]:
                out[u][d] += 1
    return out


def _extras(cands: list[int]) -> Iterator[tuple[tuple[int, int], ...]]:
    """Yield every set of extra candidates (two or more) whose removal leaves a BUG."""
    empty = [c for c in range(81) if cands[c]]
    odd = [c for c in empty if POPCOUNT[cands[c]] > 2]
    if not odd or len(odd) > MAX_CELLS or any(POPCOUNT[cands[c]] < 2 for c in empty):
        return
    base = _counts(cands, [c for c in empty if POPCOUNT[cands[c]] == 2])
    options = [list(combinations(MASK_DIGITS[cands[c]], 2)) for c in odd]
    for keep in product(*options):
        counts = [row[:] for row in base]
        for c, pair in zip(odd, keep, strict=True):
            for d in pair:
                for u in CELL_UNITS[c]:
                    counts[u][d] += 1
        if all(n in (0, 2) for row in counts for n in row[1:]):
            extra = tuple((c, d) for c, pair in zip(odd, keep, strict=True)
                          for d in MASK_DIGITS[cands[c]] if d not in pair)
            if len(extra) >= 2:
                yield extra


def _killed_by_all(cands: list[int], extra: tuple[tuple[int, int], ...]) -> list[tuple[int, int]]:
    """Return the candidates outside ``extra`` that every extra, if true, would remove."""
    out = []
    for c in range(81):
        for d in MASK_DIGITS[cands[c]]:
            if (c, d) in extra:
                continue
            if all((e == d and c in PEERS[x]) or (x == c and e != d) for x, e in extra):
                out.append((c, d))
    return out


def bug_plus_n(cg: CandidateGrid) -> Iterator[Step]:
    """Yield a step for every choice of extras (two or more) of a BUG+n that removes a candidate;
    nothing when the state is not a BUG plus extras in at most four cells."""
    cands = cg.cands
    seen: set[tuple] = set()
    for extra in _extras(cands):
        elims = tuple(_killed_by_all(cands, extra))
        if elims and elims not in seen:
            seen.add(elims)
            cells = tuple(dict.fromkeys(c for c, _ in extra))
            yield Step("bug_plus_n", eliminations=elims, cells=cells, candidates=extra,
                       detail={"n": len(extra), "extras": [list(p) for p in extra]})


FAMILY.add(Technique("bug_plus_n", "BUG+n", "BUG+n 全双值坟墓", 5.7, bug_plus_n, needs_unique=True))
