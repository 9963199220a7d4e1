"""Aligned pair and triple exclusion: base cells cannot take digits that would empty a cell seeing them all.

Take two cells A and B in one row, column or box.  A pair of digits (a for A, b for B) is
*excluded* when a = b (A and B see each other), or when a cell seeing both A and B has no
candidate but a and b (placing both would leave it empty).  A digit of A all of whose pairs with
B's digits are excluded cannot go in A (and the same for B)::

    A = r1c1 {1,2,5}   B = r1c2 {1,2}   r2c3 {1,5} and r3c1 {2,5} see both
    5 in A: with 1 in B, r2c3 is empty; with 2 in B, r3c1 is empty  =>  A loses 5.

Only cells of two to five candidates are paired (a sixth candidate almost never leaves every pair
excluded, and the pairs multiply).  SE's own score: 6.2.

*Aligned triple exclusion* (SE 7.5) is the same reasoning on three base cells, as Sudoku Explainer
defines it: the *excluders* are the cells of two or three candidates that see all three base cells
(at least two of them are needed), and a combination of digits for the three is impossible when two
base cells that see each other take the same digit or when it covers every candidate of an
excluder.  As in SE, one base cell of two or three candidates sees another base cell (its "twin
area"); the others may hold any number of candidates.  For each digit of the first cell, the
pairs of digits of the other two are one 81-bit board, from which the excluders and equal digits
strike rows, columns and pairs; a triple whose cells have too many digits outside every excluder
to lose any (see :func:`_free`) is skipped unread.

Both walks over the cells are compiled (:mod:`engine.kernels.exclusion`): they only tell which pairs
and triples remove something, and the steps are built here.  In Python they cost, on the 800
stuck states of 30 SE 8-9.9 tuning puzzles (every state, one core, cpu time), 0.9 s (pairs) and
8 s (triples; a median of 17 ms a hard state): nearly every state reads some 700 triples and none
removes anything, so the driver paid that on every state it reached them.  Compiled: 0.09 s and
0.35 s.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from engine.candidates import CandidateGrid
from engine.grid import PEERS, UNITS, cell_name
from engine.logic.strategies import Family, Technique
from engine.masks import CELL_BIT, MASK_DIGITS, PEER_MASK, POPCOUNT, bits, cands_array, common_peers
from engine.steps import Step

FAMILY = Family()  # this module's techniques, read by engine.logic.techniques


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
    found = _removing(cands, "removing_pairs", 2)
    if not found:  # nearly always: nothing else to read
        return
    steps = []
    small = 0  # cells of one or two candidates
    for c in range(81):
        if 0 < POPCOUNT[cands[c]] <= 2:
            small |= CELL_BIT[c]
    for a, b in found:
        near = _BOTH[(a, b)] & small
        gone_a, gone_b = _excluded(cands[a], cands[b], [cands[c] for c in bits(near)])
        elims = [(a, x) for x in MASK_DIGITS[gone_a]] + [(b, y) for y in MASK_DIGITS[gone_b]]
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


def _excluded(ma: int, mb: int, blockers: list[int]) -> tuple[int, int]:
    """Return (digits A loses, digits B loses) for cells A, B of candidates ``ma``, ``mb`` seeing each
    other, and ``blockers`` the candidates of the one- and two-candidate cells seeing both."""
    ok_a = ok_b = 0  # digits with a partner
    for x in MASK_DIGITS[ma]:
        for y in MASK_DIGITS[mb]:
            if x == y:
                continue
            pair = (1 << (x - 1)) | (1 << (y - 1))
            if all(m & ~pair for m in blockers):
                ok_a |= 1 << (x - 1)
                ok_b |= 1 << (y - 1)
    return ma & ~ok_a, mb & ~ok_b


def aligned_triple_exclusion(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every aligned triple exclusion that removes a candidate, most removals first (none if none)."""
    cands = cg.cands
    found = _removing(cands, "removing_triples", 3)
    if not found:  # nearly always: nothing else to read
        return
    excl = 0  # cells of two or three candidates
    for c in range(81):
        if 2 <= POPCOUNT[cands[c]] <= 3:
            excl |= CELL_BIT[c]
    steps = []
    for c0, c1, c2 in found:
        step = _triple(cands, (c0, c1, c2), PEER_MASK[c0] & PEER_MASK[c1] & PEER_MASK[c2] & excl)
        if step is not None:  # (always: the kernel asks what _triple does)
            steps.append(step)
    steps.sort(key=lambda s: -len(s.eliminations))
    yield from steps


_PEER = np.array([[b in PEERS[a] for b in range(81)] for a in range(81)], dtype=np.uint8)


def _removing(cands: list[int], kernel: str, width: int) -> list[list[int]]:
    """Return the base cells of every pair (``removing_pairs``) or triple (``removing_triples``)
    exclusion that removes something, in the order of the walks described in the module docstring
    (compiled: engine/kernels/exclusion.py)."""
    from engine.kernels import exclusion as exclusion_kernels  # loads numba on first use

    search = getattr(exclusion_kernels, kernel)
    state = cands_array(cands)
    out = np.empty((64, width), dtype=np.int64)
    count = search(state, _PEER, out)
    while count == len(out):  # the kernel stops when its rows run out: search again with more
        out = np.empty((8 * len(out), width), dtype=np.int64)
        count = search(state, _PEER, out)
    return out[:count].tolist() if count else []


def _free(fa: int, fb: int, fc: int) -> bool:
    """Return True when no base cell can lose a digit, given how many digits each has outside every
    excluder: such digits only clash by being equal, so a digit d stays in one cell when the other
    two have two and three of them (one besides d, one besides d and the first)."""
    return all(min(f, g) >= 2 and max(f, g) >= 3 for f, g in ((fb, fc), (fa, fc), (fa, fb)))


# digit pairs (b, c) for the second and third base cells as bits 9 * (b - 1) + (c - 1) of an int
_ROW = tuple(0x1FF << 9 * (d - 1) if d else 0 for d in range(10))  # b = d
_COL = tuple(sum(1 << 9 * r + d - 1 for r in range(9)) if d else 0 for d in range(10))  # c = d
_DIAG = sum(1 << 10 * r for r in range(9))  # b = c
_PAIR = tuple(tuple(1 << 9 * (p - 1) + q - 1 | 1 << 9 * (q - 1) + p - 1 if p and q else 0
                    for q in range(10)) for p in range(10))  # {b, c} = {p, q}


def _triple(cands: list[int], trio: tuple[int, int, int], excluders: int) -> Step | None:
    """Return the triple exclusion on base cells ``trio``, or None when every digit keeps a combination."""
    c0, c1, c2 = trio
    ma, mb, mc = cands[c0], cands[c1], cands[c2]
    blockers = tuple(cands[e] for e in bits(excluders))
    union = 0
    for m in blockers:
        union |= m
    if _free(POPCOUNT[ma & ~union], POPCOUNT[mb & ~union], POPCOUNT[mc & ~union]):
        return None
    sees = (PEER_MASK[c0] >> c1 & 1, PEER_MASK[c0] >> c2 & 1, PEER_MASK[c1] >> c2 & 1)
    gone = _excluded3(ma, mb, mc, sees, blockers)
    elims = [(c, d) for c, m in zip(trio, gone, strict=True) for d in MASK_DIGITS[m]]
    if not elims:
        return None
    return Step(
        "aligned_triple_exclusion",
        eliminations=tuple(sorted(elims)),
        cells=trio,
        candidates=tuple((c, d) for c in trio for d in MASK_DIGITS[cands[c]]),
        detail={"triple": ", ".join(cell_name(c) for c in trio),
                "blockers": ", ".join(cell_name(c) for c in bits(excluders))},
    )


def _excluded3(ma: int, mb: int, mc: int, sees: tuple[int, int, int],
               blockers: tuple[int, ...]) -> tuple[int, int, int]:
    """Return the digits each of three base cells loses (candidates ``ma``, ``mb``, ``mc``; ``sees``:
    whether cells 0-1, 0-2 and 1-2 see each other) to the excluders' candidates ``blockers``.

    For each digit a of the first cell, the second and third cells' digit pairs (b, c) form one
    81-bit int; the pairs an excluder or an equal digit rules out are masks ORed onto it.
    """
    see01, see02, see12 = sees
    every = 0
    for b in MASK_DIGITS[mb]:
        every |= mc << 9 * (b - 1)
    ruled = _DIAG if see12 else 0  # whatever a is
    for m in blockers:
        if POPCOUNT[m] == 2:
            p, q = MASK_DIGITS[m]
            ruled |= _PAIR[p][q]
    left = every & ~ruled
    ok_a = alive = 0
    for a in MASK_DIGITS[ma]:
        bit = 1 << (a - 1)
        out = left
        if see01:
            out &= ~_ROW[a]
        if see02:
            out &= ~_COL[a]
        for m in blockers:
            if m & bit:
                rest = MASK_DIGITS[m & ~bit]
                if len(rest) == 1:
                    out &= ~(_ROW[rest[0]] | _COL[rest[0]])
                else:
                    out &= ~_PAIR[rest[0]][rest[1]]
        if out:
            ok_a |= bit
            alive |= out
    ok_b = sum(1 << (b - 1) for b in MASK_DIGITS[mb] if alive & _ROW[b])
    ok_c = sum(1 << (c - 1) for c in MASK_DIGITS[mc] if alive & _COL[c])
    return ma & ~ok_a, mb & ~ok_b, mc & ~ok_c


FAMILY.add(
    Technique("aligned_pair_exclusion", "Aligned Pair Exclusion", "对齐数对排除", 6.2,
              aligned_pair_exclusion),
)
FAMILY.add(
    Technique("aligned_triple_exclusion", "Aligned Triple Exclusion", "对齐三格排除", 7.5,
              aligned_triple_exclusion),
)
