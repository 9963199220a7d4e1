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

from engine.candidates import CandidateGrid
from engine.grid import PEERS
from engine.masks import CELL_BIT, PEER_MASK, POPCOUNT, bits, digit_of
from engine.steps import Step
from engine.strategies import Technique, register
from engine.strategies.single_digit import PEER_SETS, strong_links


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
    for pivot in range(81):
        pm = cands[pivot]
        if POPCOUNT[pm] != 2:
            continue
        wings = [p for p in PEERS[pivot] if POPCOUNT[cands[p]] == 2 and POPCOUNT[cands[p] & pm] == 1]
        for i, a in enumerate(wings):
            for b in wings[i + 1:]:
                z = cands[a] & cands[b] & ~pm
                if not z or (cands[a] & pm) == (cands[b] & pm) or POPCOUNT[z] != 1:
                    continue
                targets = PEER_MASK[a] & PEER_MASK[b] & ~CELL_BIT[pivot]
                elims = [(t, digit_of(z)) for t in bits(targets) if cands[t] & z]
                if elims:
                    yield _wing_step("xy_wing", pivot, a, b, z, elims, cands)


def xyz_wing(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every XYZ-wing that removes a candidate (none if none)."""
    cands = cg.cands
    for pivot in range(81):
        pm = cands[pivot]
        if POPCOUNT[pm] != 3:
            continue
        wings = [p for p in PEERS[pivot] if POPCOUNT[cands[p]] == 2 and cands[p] & ~pm == 0]
        for i, a in enumerate(wings):
            for b in wings[i + 1:]:
                z = cands[a] & cands[b]
                if POPCOUNT[z] != 1 or cands[a] | cands[b] != pm:
                    continue
                targets = PEER_MASK[a] & PEER_MASK[b] & PEER_MASK[pivot]
                elims = [(t, digit_of(z)) for t in bits(targets) if cands[t] & z]
                if elims:
                    yield _wing_step("xyz_wing", pivot, a, b, z, elims, cands)


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
    pairs = [c for c in range(81) if POPCOUNT[cands[c]] == 2]
    links: dict[int, list[tuple[int, int, int]]] = {}  # per digit, asked for only where a pair removes
    for i, a in enumerate(pairs):
        for b in pairs[i + 1:]:
            if cands[a] != cands[b] or b in PEER_SETS[a]:
                continue
            mask = cands[a]
            for x_bit in (mask & -mask, mask & (mask - 1)):
                y_bit = mask & ~x_bit
                y = digit_of(y_bit)
                elims = [(t, y) for t in bits(PEER_MASK[a] & PEER_MASK[b]) if cands[t] & y_bit]
                if not elims:
                    continue
                x = digit_of(x_bit)
                if x not in links:
                    links[x] = strong_links(cands, x_bit)
                link = _bridge(links[x], a, b)
                if link is not None:
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


register(
    Technique("xy_wing", "XY-Wing", "XY翼", 4.2, xy_wing),
    "XY-wing: pivot {pivot} with pincers {pincers}; one pincer must be {digit}, so cells seeing both "
    "lose it: {removed}.",
    "XY翼：枢纽 {pivot}，两翼 {pincers}；两翼中必有一格是 {digit}，同时看到两翼的格删去它：{removed}。",
)
register(
    Technique("xyz_wing", "XYZ-Wing", "XYZ翼", 4.4, xyz_wing),
    "XYZ-wing: pivot {pivot} with pincers {pincers}; one of the three must be {digit}, so cells seeing "
    "all three lose it: {removed}.",
    "XYZ翼：枢纽 {pivot}，两翼 {pincers}；三格中必有一格是 {digit}，同时看到三者的格删去它：{removed}。",
)
register(
    Technique("w_wing", "W-Wing", "W翼", 4.4, w_wing),
    "W-wing: {pincers} hold the same two digits and the strong link on {link_digit} ({link}) joins them, "
    "so one of them is {digit}; cells seeing both lose it: {removed}.",
    "W翼：{pincers} 含相同的两个候选数，数字 {link_digit} 的强链 {link} 连接两者，"
    "所以其中一格必是 {digit}；同时看到两者的格删去它：{removed}。",
)
