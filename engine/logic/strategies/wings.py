"""Wings: a pivot cell and two pincers that between them force a digit z into one of the pincers.

XY-wing (4.2): a pivot with candidates {x, y} sees two pincers {x, z} and {y, z}.  Whatever the
pivot holds, one pincer is z, so a cell seeing both pincers loses z::

    {xy} . . | {yz} . .      pivot r1c1, pincers r1c4 and r5c1
    . . . . . . . . .
    {xz} . . | *    . .      * (r5c4) sees both pincers: it loses z

XYZ-wing (4.4): the pivot holds {x, y, z} and the pincers {x, z} and {y, z}; now the pivot may be
z itself, so only cells seeing all three lose z.

W-wing (4.4): two cells {x, y} that do not see each other, and a strong link on x (a unit with
exactly two x) with one end seeing each cell.  One end holds x, so one of the two cells is not x
and therefore y: a cell seeing both loses y.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from engine.candidates import CandidateGrid
from engine.grid import PEERS, UNITS
from engine.logic.strategies import Family, Technique
from engine.logic.strategies.single_digit import PEER_SETS, strong_links
from engine.masks import CELL_BIT, PEER_MASK, PEER_THIRDS, bits, cands_array, digit_of
from engine.steps import Step

FAMILY = Family()  # this module's techniques, read by engine.logic.techniques


def _name(c: int) -> str:
    return f"r{c // 9 + 1}c{c % 9 + 1}"


def xy_wing(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every XY-wing that removes a candidate, the digit z with most candidates first (none if none).

    That order matches HoDoKu's cases on relabelled, permuted and turned boards best (27/27).
    """
    found = list(_xy_wing(cg))
    if len(found) > 1:  # counted only when there is an order to choose (most states have no XY-wing)
        counts = [sum(1 for m in cg.cands if m >> d & 1) for d in range(9)]
        found.sort(key=lambda s: -counts[s.detail["digit"] - 1])
    yield from found


def _xy_wing(cg: CandidateGrid) -> Iterator[Step]:
    cands = cg.cands
    for pivot, a, b in _rows(cands, 0):
        z = cands[a] & cands[b] & ~cands[pivot]
        targets = PEER_MASK[a] & PEER_MASK[b] & ~CELL_BIT[pivot]
        elims = [(t, digit_of(z)) for t in bits(targets) if cands[t] & z]
        yield _wing_step("xy_wing", pivot, a, b, z, elims, cands)


def xyz_wing(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every XYZ-wing that removes a candidate (none if none)."""
    cands = cg.cands
    for pivot, a, b in _rows(cands, 1):
        z = cands[a] & cands[b]
        targets = PEER_MASK[a] & PEER_MASK[b] & PEER_MASK[pivot]
        elims = [(t, digit_of(z)) for t in bits(targets) if cands[t] & z]
        yield _wing_step("xyz_wing", pivot, a, b, z, elims, cands)


_PEER_LIST = np.array(PEERS, dtype=np.int64)
_PEER_THIRDS = np.array(PEER_THIRDS, dtype=np.int64)
_UNITS = np.array(UNITS, dtype=np.int64)


def _rows(cands: list[int], kind: int) -> list[list[int]]:
    """Return the wings of ``kind`` (0 XY, 1 XYZ: pivot and pincers; 2 W: the two cells and the link
    digit's bit) that remove something, in the walks' order: :func:`engine.kernels.wings.wing_rows`.

    In Python the walks over pivots and their peers (or over pairs of bivalue cells, with the strong
    links of a digit made as soon as one pair removed something) were tried on every hard state and
    nearly always found nothing; the kernel tells which remove something in one call, and only those
    become steps here: XY 0.061 -> 0.010, XYZ 0.047 -> 0.007, W 0.100 -> 0.016 ms a call on the
    1,378 stuck states of tuning-half SE 6-9.3 puzzles (one core, the same steps); in the real
    driver on held-out SE 9 puzzles (process time, interleaved) 0.045 -> 0.014, 0.042 -> 0.010 and
    0.058 -> 0.014 ms."""
    from engine.kernels.rows import filled_rows
    from engine.kernels.wings import wing_rows  # loads numba on first use

    args = (cands_array(cands), _UNITS, _PEER_LIST, _PEER_THIRDS, kind)
    return filled_rows(wing_rows, args, 3, 16)


def _wing_step(tid: str, pivot: int, a: int, b: int, z: int, elims: list[tuple[int, int]],
               cands: list[int]) -> Step:
    cells = (pivot, a, b)
    return Step(tid, eliminations=tuple(elims), cells=cells,
                candidates=tuple((c, d) for c in cells for d in range(1, 10) if cands[c] >> (d - 1) & 1),
                detail={"digit": digit_of(z), "pivot": _name(pivot), "pincers": f"{_name(a)}, {_name(b)}"})


def w_wing(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every W-wing that removes a candidate, most removals first (none if none)."""
    yield from sorted(_w_wing(cg), key=lambda s: -len(s.eliminations))


def _w_wing(cg: CandidateGrid) -> Iterator[Step]:
    cands = cg.cands
    for a, b, x_bit in _rows(cands, 2):
        y_bit = cands[a] & ~x_bit
        x, y = digit_of(x_bit), digit_of(y_bit)
        elims = [(t, y) for t in bits(PEER_MASK[a] & PEER_MASK[b]) if cands[t] & y_bit]
        link = _bridge(strong_links(cands, x_bit), a, b)
        if link is not None:  # (always: the kernel asks what _bridge does)
            p, q = link
            cells = (a, b, p, q)
            yield Step("w_wing", eliminations=tuple(elims), cells=cells,
                       candidates=((a, x), (a, y), (b, x), (b, y), (p, x), (q, x)),
                       links=(((p, x), (q, x), True),),
                       detail={"digit": y, "link_digit": x, "pincers": f"{_name(a)}, {_name(b)}",
                               "link": f"{_name(p)}, {_name(q)}"})


def _bridge(links: list[tuple[int, int, int]], a: int, b: int) -> tuple[int, int] | None:
    """Return a strong link (p, q) with p seeing a and q seeing b (none of them a or b), or None."""
    for _, p, q in links:
        for s, t in ((p, q), (q, p)):
            if s in PEER_SETS[a] and t in PEER_SETS[b] and not {s, t} & {a, b}:
                return s, t
    return None


FAMILY.add(Technique("xy_wing", "XY-Wing", "XY翼", 4.2, xy_wing))
FAMILY.add(Technique("xyz_wing", "XYZ-Wing", "XYZ翼", 4.4, xyz_wing))
FAMILY.add(Technique("w_wing", "W-Wing", "W翼", 4.4, w_wing))
