"""Aligned pair exclusion: two cells of one unit cannot take a pair of digits that would empty a cell.

Take two cells A and B in one row, column or box.  A pair of digits (a for A, b for B) is
*excluded* when a = b (A and B see each other), or when a cell seeing both A and B has no
candidate but a and b (placing both would leave it empty).  A digit of A all of whose pairs with
B's digits are excluded cannot go in A (and the same for B)::

    A = r1c1 {1,2,5}   B = r1c2 {1,2}   r2c3 {1,5} and r3c1 {2,5} see both
    5 in A: with 1 in B, r2c3 is empty; with 2 in B, r3c1 is empty  =>  A loses 5.

Only cells of two to five candidates are paired (a sixth candidate almost never leaves every pair
excluded, and the pairs multiply).  SE's own score: 6.2.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.candidates import CandidateGrid
from engine.grid import UNITS, cell_name
from engine.masks import CELL_BIT, MASK_DIGITS, POPCOUNT, bits, common_peers
from engine.steps import TEXT_FIELDS, Step, removal_label
from engine.strategies import Technique, register


def _pairs() -> list[tuple[int, int]]:
    seen = set()
    for unit in UNITS:
        for i, a in enumerate(unit):
            for b in unit[i + 1 :]:
                seen.add((a, b))
    return sorted(seen)


_PAIRS = _pairs()
_BOTH = {(a, b): common_peers(CELL_BIT[a] | CELL_BIT[b]) & ~(CELL_BIT[a] | CELL_BIT[b]) for a, b in _PAIRS}


def aligned_pair_exclusion(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every aligned pair exclusion that removes a candidate, most removals first (none if none)."""
    cands = cg.cands
    steps = []
    small = lone = 0  # cells of one or two candidates; of one
    for c in range(81):
        k = POPCOUNT[cands[c]]
        if k and k <= 2:
            small |= CELL_BIT[c]
            if k == 1:
                lone |= CELL_BIT[c]
    for a, b in _PAIRS:
        ma, mb = cands[a], cands[b]
        ka, kb = POPCOUNT[ma], POPCOUNT[mb]
        if not (1 < ka <= 5 and 1 < kb <= 5):
            continue
        near = _BOTH[(a, b)] & small
        # a digit of one cell goes only when every digit of the other (but itself) has a cell of
        # two candidates blocking it, or a cell of one blocks them all
        if near.bit_count() < min(ka, kb) - 1 and not near & lone:
            continue
        blockers = [cands[c] for c in bits(near)]
        if not blockers:
            continue
        why: dict[tuple[int, int], int] = {}
        for x in MASK_DIGITS[ma]:
            for y in MASK_DIGITS[mb]:
                pair = (1 << (x - 1)) | (1 << (y - 1))
                for m in blockers:
                    if m & ~pair == 0:
                        why[(x, y)] = m
                        break
                else:
                    if x == y:
                        why[(x, y)] = 0
        elims = [(a, x) for x in MASK_DIGITS[ma] if all((x, y) in why for y in MASK_DIGITS[mb])]
        elims += [(b, y) for y in MASK_DIGITS[mb] if all((x, y) in why for x in MASK_DIGITS[ma])]
        if elims:
            steps.append(Step(
                "aligned_pair_exclusion",
                eliminations=tuple(sorted(elims)),
                cells=(a, b),
                candidates=tuple((c, d) for c in (a, b) for d in MASK_DIGITS[cands[c]]),
                detail={"pair": f"{cell_name(a)}, {cell_name(b)}",
                        "blockers": ", ".join(cell_name(c) for c in bits(_BOTH[(a, b)])
                                              if cands[c] and POPCOUNT[cands[c]] <= 2)},
            ))
    steps.sort(key=lambda s: -len(s.eliminations))
    yield from steps


def _fields(step: Step, lang: str) -> dict[str, str]:
    """The result spelled out in ``lang``."""
    return {"result": removal_label(step.eliminations, lang)}


TEXT_FIELDS["aligned_pair_exclusion"] = _fields

register(
    Technique("aligned_pair_exclusion", "Aligned Pair Exclusion", "对齐数对排除", 6.2,
              aligned_pair_exclusion),
    "Aligned pair exclusion on {pair}: a pair of digits for them is impossible when the digits are "
    "equal or when they would leave one of {blockers} (cells seeing both) with no candidate; "
    "a digit with no possible partner goes: {result}.",
    "对齐数对排除（{pair}）：两格所填数字相同、或会让同时看到两格的 {blockers} 之一无数可填时，"
    "这对数字不可能；找不到可能搭配的数字可以删去：{result}。",
)
