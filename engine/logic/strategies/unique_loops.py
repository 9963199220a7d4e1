"""Unique loops: the unique rectangle's deadly pattern stretched to 6, 8, 10 ... cells.

A *loop* is a cycle of cells that all hold the digits a and b, each sharing a unit with the next,
such that every unit (row, column, box) holding one of its cells holds exactly two: one at an even
place of the cycle and one at an odd place.  If its cells held only a and b, the two cells of each
unit would differ, so the digits would alternate round the loop, in either of two ways, and
swapping them touches no other cell: two solutions.  A puzzle with one solution therefore puts an
extra candidate of the loop in it.  Sudoku Explainer's types and scores (6 cells 4.6, 8 cells 4.7,
10 or more 5.0; rectangles, the 4-cell loops, are :mod:`engine.logic.strategies.uniqueness`'):

* type 1: one cell holds extras: it is neither a nor b;
* type 2: every cell with extras holds the same single extra x: one of them is x, so the cells
  seeing all of them lose x;
* type 3: two cells with extras share a unit where their extras and other cells make a naked
  subset: the unit's other cells lose its digits (+0.1 a digit beyond two, as SE charges);
* type 4: two cells with extras share a unit where a appears only in them: one of them is a, so
  neither is b.

The search walks from each bivalue {a,b} cell through cells holding a and b, and drops a path as
soon as a unit holds two of its cells at places of the same parity (the loop could never be one),
so it stays small: at most two cells with extras unless they all share one extra digit, as SE
allows, and at most 16 cells.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from engine.candidates import CandidateGrid, DigitMemo
from engine.grid import CELL_UNITS, UNITS
from engine.logic.strategies import Family, Technique
from engine.logic.strategies.links import digit_cells
from engine.logic.strategies.uniqueness import roof_subsets
from engine.masks import (
    CELL_BIT,
    CELL_UNIT_BITS,
    MASK_DIGITS,
    PEER_MASK,
    POPCOUNT,
    UNIT_MASK,
    bits,
    common_peers,
    digits_text,
)
from engine.steps import Step

FAMILY = Family()  # this module's techniques, read by engine.logic.techniques

MAX_CELLS = 16


def loops(cands: list[int], places: list[int]) -> list[tuple[tuple[int, ...], int]]:
    """Return every loop of 6 or more cells as (its cells in loop order, the digits a|b), each once
    (``places``: per digit 1-9 its cells, a cell mask).

    Per pair {a,b} of a bivalue cell, the cells holding both are kept only while each of their
    units holds another of them (a loop cell's units all hold two loop cells), a pair's loops are
    remembered by those cells' candidates (a step changes few pairs), and pools with too few
    bivalue cells are not walked (:func:`_enough`).  On the 2,132 states of 25 held-out SE 9
    puzzles in path order: walked from every bivalue cell through every peer 0.30 ms a state; with
    the pruning and cell masks 0.11 ms; remembered 0.043 ms; not walking the poor pools (1,314 ->
    128 walks on 60 SE 9 puzzles, the same 4 loops) 0.029 ms, of which 0.024 ms makes the digits'
    cells, which the chains on the same state then reuse.
    """
    found = []
    for ab in {m for m in cands if POPCOUNT[m] == 2}:
        a, b = MASK_DIGITS[ab]
        both = places[a] & places[b]
        pool = _PAIRED.get(both, lambda both=both: _paired(both))
        if pool:
            held = tuple([cands[c] for c in bits(pool)])
            found += _MEMO.get((ab, pool, held), lambda ab=ab, pool=pool, held=held: (
                _pair_loops(cands, ab, pool) if _enough(ab, held) else []))
    return found


_MEMO = DigitMemo()
_PAIRED = DigitMemo()  # the pruned cells by the cells holding both digits


def _pair_loops(cands: list[int], ab: int, pool: int) -> list[tuple[tuple[int, ...], int]]:
    found: dict[frozenset[int], tuple[tuple[int, ...], int]] = {}
    starts = [c for c in bits(pool) if cands[c] == ab]
    for start in starts:
        # start is the loop's first bivalue {a,b} cell: a loop is walked from one of its cells only
        allowed = pool & ~sum(CELL_BIT[c] for c in starts if c < start)
        if allowed.bit_count() >= 6:
            _walk(cands, ab, allowed & ~CELL_BIT[start], [start], CELL_UNIT_BITS[start], 0, 0, 0, found)
    return list(found.values())


def _enough(ab: int, held: tuple[int, ...]) -> bool:
    """False when cells holding ``held`` cannot make a loop walked from one of them: a loop has a
    bivalue {a,b} cell, 6 or more cells, and at most two cells with extras unless every cell
    with extras holds a, b and the same one extra digit."""
    bivalue = held.count(ab)
    if bivalue >= 4:
        return True
    trivalue = [m for m in held if POPCOUNT[m] == 3]
    if not bivalue or bivalue + len(trivalue) < 6:
        return False  # (a loop is walked from a bivalue cell)
    return bivalue + max(Counter(trivalue).values()) >= 6


def _paired(pool: int) -> int:
    """Return the cells of ``pool`` (a cell mask) left when every cell needs another in each of its
    units, removed until none lacks one; 0 once fewer than 6 are left (no loop then)."""
    changed = True
    while changed:
        if pool.bit_count() < 6:
            return 0
        changed = False
        for unit in UNIT_MASK:
            alone = pool & unit
            if alone and not alone & (alone - 1):
                pool &= ~alone
                changed = True
    return pool


def _walk(cands: list[int], ab: int, free: int, path: list[int], even: int, odd: int,
          extra_cells: int, extra_digits: int, found: dict) -> None:
    """Extend ``path`` by every next cell among ``free`` (a cell mask), given the path's units so
    far at even and at odd places."""
    here, parity = path[-1], len(path) % 2  # the next cell's place: even when the path is even
    peers = PEER_MASK[here]
    if peers & CELL_BIT[path[0]] and len(path) >= 6 and not parity and even == odd:
        loop = tuple(path)
        found.setdefault(frozenset(loop), (loop, ab))
    if len(path) >= MAX_CELLS:
        return
    for nxt in bits(peers & free):
        units = CELL_UNIT_BITS[nxt]
        if units & (odd if parity else even):
            continue  # a unit would hold two of its cells at places of the same parity
        more, digits = extra_cells, extra_digits
        if cands[nxt] != ab:
            more, digits = more + 1, digits | cands[nxt] & ~ab
            if more > 2 and POPCOUNT[digits] != 1:
                continue
        path.append(nxt)
        _walk(cands, ab, free & ~CELL_BIT[nxt], path, even | units * (not parity), odd | units * parity,
              more, digits, found)
        path.pop()


def find_unique_loop(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every unique loop step (types 1-4) that removes a candidate, cheapest first (the
    driver takes a technique's first step); none if none."""
    cands = cg.cands
    found = {}
    for loop, ab in loops(cands, digit_cells(cg)):
        for step in _steps(cands, loop, ab):
            if step.eliminations:
                found.setdefault(step.eliminations, step)
    yield from sorted(found.values(), key=lambda step: (step.detail["score"], len(step.cells)))


def _steps(cands: list[int], loop: tuple[int, ...], ab: int) -> Iterator[Step]:
    extras = [c for c in loop if cands[c] != ab]
    digits = 0
    for c in extras:
        digits |= cands[c] & ~ab
    if len(extras) == 1:
        (c,) = extras
        yield _step(1, loop, ab, extras, [(c, d) for d in MASK_DIGITS[ab]])
    elif extras and POPCOUNT[digits] == 1:
        seen = common_peers(sum(CELL_BIT[c] for c in extras))
        x = MASK_DIGITS[digits][0]
        yield _step(2, loop, ab, extras, [(c, x) for c in bits(seen) if cands[c] & digits], extra=x)
    if len(extras) == 2:
        yield from _type3(cands, loop, ab, extras, digits)
        for unit in sorted(set(CELL_UNITS[extras[0]]) & set(CELL_UNITS[extras[1]])):
            yield from _type4(cands, loop, ab, extras, unit)


def _type3(cands: list[int], loop: tuple[int, ...], ab: int, extras: list[int],
           digits: int) -> Iterator[Step]:
    """The extras act as one cell holding ``digits``: with k other cells of a unit they share
    holding only k+1 digits between them, those digits leave the rest of the unit."""
    for group, held, elims in roof_subsets(cands, extras, digits):
        unit = next(u for u in CELL_UNITS[group[0]] if all(u in CELL_UNITS[c] for c in extras))
        yield _step(3, loop, ab, extras, elims, subset=list(group), subset_digits=digits_text(held),
                    unit=unit, score_extra=0.1 * len(group))


def _type4(cands: list[int], loop: tuple[int, ...], ab: int, extras: list[int], unit: int) -> Iterator[Step]:
    for locked, other in (MASK_DIGITS[ab], MASK_DIGITS[ab][::-1]):
        if all(c in extras for c in UNITS[unit] if cands[c] >> (locked - 1) & 1):
            elims = [(c, other) for c in extras]
            yield _step(4, loop, ab, extras, elims, locked=locked, other=other, unit=unit)


def _step(kind: int, loop: tuple[int, ...], ab: int, extras: list[int], elims: list[tuple[int, int]],
          score_extra: float = 0.0, **detail: object) -> Step:
    base = 4.6 if len(loop) == 6 else 4.7 if len(loop) == 8 else 5.0
    return Step(
        "unique_loop",
        eliminations=tuple(sorted(set(elims))),
        cells=loop,
        candidates=tuple((c, d) for c in loop for d in MASK_DIGITS[ab]),
        detail={"kind": kind, "digits": "/".join(map(str, MASK_DIGITS[ab])), "size": len(loop),
                "extras": extras, "score": round(base + score_extra, 1), **detail},
    )


FAMILY.add(Technique("unique_loop", "Unique Loop", "唯一环", 4.6, find_unique_loop, needs_unique=True))
