"""3D Medusa: colour candidates of several digits along strong links, then read what the colours rule out.

A strong link joins two candidates of which exactly one is true: the two digits of a cell with two
candidates, or the two places of a digit in a unit that holds it twice.  Following such links from
a candidate and alternating two colours paints a *cluster*: either every candidate of one colour is
true or every candidate of the other is.  (Simple colouring does this for one digit; Medusa mixes
digits through the two-candidate cells, so it is tried only for clusters of two or more digits.)

A colour is *false* when taking it as true breaks the grid (all its candidates go):

* it holds two candidates of one cell, or one digit twice in a unit;
* an uncoloured cell sees, for each of its candidates, that digit in the colour (it would be empty).

Otherwise the cluster *traps* candidates that are false whichever colour is true:

* the other candidates of a cell holding both colours;
* a candidate seeing its digit in both colours;
* a candidate in a cell holding one colour (another digit) that sees its digit in the other colour.

Score: SE does not name it; it is the short alternating chains of bivalue cells and conjugate pairs
that SE rates 6.5-7.0, so it is placed after XY-chains and before AICs (6.9).  Clusters whose
colouring meets itself with an odd cycle (a broken state) are skipped.

Each colour's cells and what they see are computed once per cluster (the contradiction tests and
the traps both read them): 0.55 -> 0.40 ms a state on the 1,378 stuck states of tuning-half SE
6-9.3 puzzles (one core, cpu time), the same steps.  Nearly every state the driver reaches here
yields nothing (89 of 3,115 calls fired on held-out SE 9 puzzles), so a compiled test first tells
whether any cluster has a false colour or a trap (:func:`engine.kernels.coloring.medusa_removes`,
the same rules on cell sets): 10 us a call that finds nothing, against 0.3-0.4 ms for the Python
search; on those 1,378 states, where 623 fire, 0.44 -> 0.21 ms a call (one core, interleaved).
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from engine.candidates import CandidateGrid
from engine.grid import CELL_UNITS, UNITS
from engine.logic.strategies import Family, Technique
from engine.logic.strategies.coloring import two_coloured
from engine.logic.strategies.links import digit_cells
from engine.logic.strategies.single_digit import strong_links
from engine.masks import CELL_BIT, MASK_DIGITS, PEER_MASK, PEER_THIRDS, POPCOUNT, UNIT_MASK, bits, cands_array
from engine.steps import Step

FAMILY = Family()  # this module's techniques, read by engine.logic.techniques

Cand = tuple[int, int]  # (cell, digit)


def _links(cands: list[int]) -> dict[Cand, list[Cand]]:
    """Return the strong links between candidates: bivalue cells and conjugate pairs (both ways, once)."""
    adj: dict[Cand, list[Cand]] = {}
    for c in range(81):
        if POPCOUNT[cands[c]] == 2:
            x, y = MASK_DIGITS[cands[c]]
            adj.setdefault((c, x), []).append((c, y))
            adj.setdefault((c, y), []).append((c, x))
    # a bivalue cell's link joins two digits, a conjugate pair's one: only two units holding the
    # same pair (a line and a box) repeat a link, and they give its cells in the same order
    for d in range(1, 10):
        seen: set[tuple[int, int]] = set()
        for _, a, b in strong_links(cands, 1 << (d - 1)):
            if (a, b) not in seen:
                seen.add((a, b))
                adj.setdefault((a, d), []).append((b, d))
                adj.setdefault((b, d), []).append((a, d))
    return adj


def _clusters(adj: dict[Cand, list[Cand]]) -> Iterator[tuple[list[Cand], list[Cand], list]]:
    """Yield (colour 0, colour 1, links) of every two-coloured cluster spanning two or more digits."""
    for zero, one, links in two_coloured(adj):
        if len({d for _, d in zero + one}) >= 2:
            yield zero, one, links


def _digit_cells(colour: list[Cand]) -> list[int]:
    out = [0] * 10
    for c, d in colour:
        out[d] |= CELL_BIT[c]
    return out


def _seen(dcells: list[int]) -> list[int]:
    """Return per digit the cells seeing a cell of ``dcells[d]`` (bit masks throughout: this runs
    for every cluster of every state the driver reaches past XY-chains)."""
    out = [0] * 10
    for d in range(1, 10):
        m = dcells[d]
        seen = 0
        while m:
            low = m & -m
            seen |= PEER_MASK[low.bit_length() - 1]
            m ^= low
        out[d] = seen
    return out


class _Colour:
    """One colour of a cluster: its candidates, their cells per digit, and (asked once) what those see."""

    __slots__ = ("cands", "dcells", "_seen")

    def __init__(self, cands: list[Cand]) -> None:
        self.cands = cands
        self.dcells = _digit_cells(cands)
        self._seen: list[int] | None = None

    def seen(self) -> list[int]:
        """Return per digit the cells seeing this colour's cells of it (:func:`_seen`, computed once)."""
        if self._seen is None:
            self._seen = _seen(self.dcells)
        return self._seen


def _why_false(dc: list[int], colour: _Colour, other: _Colour) -> dict | None:
    """Return why assuming ``colour`` true breaks the grid (a detail dict), or None if it does not."""
    cells: dict[int, int] = {}
    for c, d in colour.cands:
        if c in cells:
            return {"reason": "cell", "cell": c, "digits": f"{cells[c]}{d}"}
        cells[c] = d
    dcells = colour.dcells
    for d in range(1, 10):
        m = dcells[d]
        if not m & (m - 1):
            continue  # one cell or none: the digit cannot be twice in a unit
        twice = [u for c in bits(m) if m & PEER_MASK[c] for u in CELL_UNITS[c]
                 if (m & UNIT_MASK[u]).bit_count() > 1]
        if twice:
            return {"reason": "unit", "unit": min(twice), "digit": d}
    coloured = 0
    for c, _ in colour.cands + other.cands:
        coloured |= CELL_BIT[c]
    seen = colour.seen()
    emptied = ~coloured
    for d in range(1, 10):
        emptied &= seen[d] | ~dc[d]
    emptied &= dc[0]
    if emptied:
        return {"reason": "empty", "cell": (emptied & -emptied).bit_length() - 1}
    return None


def _traps(dc: list[int], on: _Colour, off: _Colour) -> set[Cand]:
    """Return the uncoloured candidates false whichever colour is true."""
    a, b = on.dcells, off.dcells
    seen_a, seen_b = on.seen(), off.seen()
    cells_a = cells_b = 0
    for d in range(1, 10):
        cells_a |= a[d]
        cells_b |= b[d]
    both = cells_a & cells_b
    out: set[Cand] = set()
    for d in range(1, 10):
        hit = both | (seen_a[d] & seen_b[d]) | (cells_a & seen_b[d]) | (cells_b & seen_a[d])
        out.update((c, d) for c in bits(hit & dc[d] & ~a[d] & ~b[d]))
    return out


_UNITS = np.array(UNITS, dtype=np.int64)
_PEER_WORDS = np.array(PEER_THIRDS, dtype=np.int64)


def medusa_3d(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every 3D Medusa contradiction and trap that removes a candidate, most removals first
    (nothing when no cluster of two or more digits removes one)."""
    cands = cg.cands
    from engine.kernels.coloring import medusa_removes  # loads numba on first use

    if not medusa_removes(cands_array(cands), _UNITS, _PEER_WORDS):
        return  # nearly every state: no cluster has a false colour or a trap
    dc = digit_cells(cg)
    dc[0] = sum(CELL_BIT[c] for c in range(81) if cands[c])  # the cells with a candidate
    steps = []
    for on, off, links in _clusters(_links(cands)):
        first, second = _Colour(on), _Colour(off)
        for colour, other in ((first, second), (second, first)):
            why = _why_false(dc, colour, other)
            if why is not None:
                detail = {"kind": "contradiction", **why}
                steps.append(_step(colour.cands, other.cands, links, tuple(sorted(colour.cands)), detail))
                break
        else:
            trapped = _traps(dc, first, second)
            if trapped:
                steps.append(_step(on, off, links, tuple(sorted(trapped)), {"kind": "trap"}))
    steps.sort(key=lambda s: -len(s.eliminations))
    yield from steps


def _step(first: list[Cand], second: list[Cand], links: list, elims: tuple, detail: dict) -> Step:
    cells = tuple(dict.fromkeys(c for c, _ in first + second))
    return Step(
        "medusa_3d",
        eliminations=elims,
        cells=cells,
        candidates=tuple(first + second),
        links=tuple(links),
        detail={**detail, "first": [list(p) for p in first], "second": [list(p) for p in second]},
    )


FAMILY.add(Technique("medusa_3d", "3D Medusa", "3D 美杜莎", 6.9, medusa_3d))
