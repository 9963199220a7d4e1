"""Nishio forcing chains: one digit assumed in one cell, followed with that digit alone.

Placing the digit removes it from the cell's peers; a row, column or box left with one place for
the digit gets it there, and so on.  When a unit is left with no place for the digit (two of the
forced placements would see each other, or every place was removed) the assumption is false:

    r1c1=3 -> r4c2=3 (only place in column 2) -> r5c7=3 (only place in row 5) -> box 6 has no 3

Every placement is the same digit and every reason a hidden single, so the reasoning is the one
picture of that digit on the board: Sudoku Explainer's "Nishio" (7.5, and up to 8.0 as the chain
grows by SE's length steps), cheaper than the digit, cell and unit forcing of
:mod:`engine.logic.strategies.forcing`, which follow every digit.  A Nishio contradiction is also a
digit forcing contradiction; it is found here first and scored lower, as SE does.

Speed: one 81-bit mask of the digit's places per assumption, and a pass over the unfilled units
per placement.  On the 17 states of 40 SE 8.0-9.0 puzzles where main's driver had to use forcing
(../shared/data/ratings/se_rated_stratified_sample.txt), on a loaded machine (load 6-7 on 2
cores): a median 3.6 ms to the first step or the end of the scan, 7 ms for every step.  The walks
are now compiled (:func:`engine.kernels.chains.nishio_hits`, the same walk as :func:`follow_digit`):
on the 102 recorded stuck states of 64 SE 6-9.3 tuning puzzles where the driver asks Nishio, 0.2 ms
a call against 3.5 ms (one core, interleaved with 3ad8f2b), every step the same on 1,378 states.
A contradiction with no placement before it is a single's work and is left out.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from engine.candidates import CandidateGrid
from engine.grid import CELL_UNITS, CELL_UNITS_NP, PEERS_NP, UNITS_NP, cell_name
from engine.logic.strategies import Family, Technique
from engine.logic.strategies.forcing import Branch, dry_roots, length_bonus, record_branch
from engine.masks import CELL_BIT, PEER_MASK, UNIT_MASK
from engine.steps import Step

FAMILY = Family()  # this module's techniques, read by engine.logic.techniques

BASE, CEILING = 7.5, 8.0  # SE's Nishio, rising with the chain's length


def digit_places(cg: CandidateGrid, digit: int) -> tuple[int, int]:
    """Return the cells where ``digit`` is a candidate and the units that already hold it (masks)."""
    bit = 1 << (digit - 1)
    alive = 0
    done = 0
    for c in range(81):
        if cg.cands[c] & bit:
            alive |= CELL_BIT[c]
        elif cg.values[c] == digit:
            for u in CELL_UNITS[c]:
                done |= 1 << u
    return alive, done


def follow_digit(cg: CandidateGrid, cell: int, digit: int, alive: int, done: int) -> Branch:
    """Return the branch of placing ``digit`` in ``cell`` and following hidden singles of that digit
    alone (``alive``/``done`` from :func:`_places`); its state lists are None (not followed)."""
    bit = 1 << (digit - 1)
    placed = [(cell, digit)]
    c = cell
    while True:
        removed = alive & PEER_MASK[c]
        alive &= ~(removed | CELL_BIT[c])
        for u in CELL_UNITS[c]:
            done |= 1 << u
        while removed:  # a cell whose only candidate was the digit is left empty
            low = removed & -removed
            removed ^= low
            q = low.bit_length() - 1
            if cg.cands[q] == bit:
                return Branch(None, None, placed, ("cell", q))
        single = -1
        for u in range(27):
            if done >> u & 1:
                continue
            here = alive & UNIT_MASK[u]
            if not here:
                return Branch(None, None, placed, ("unit", u, digit))
            if single < 0 and not here & (here - 1):
                single = here.bit_length() - 1
        if single < 0:
            return Branch(None, None, placed)
        c = single
        placed.append((c, digit))


def find_nishio(cg: CandidateGrid) -> Iterator[Step]:
    """Nishio forcing chains: a candidate whose digit, followed alone, leaves a unit without it is
    false.  Yields nothing on a solved state or one with none of these."""
    # every candidate's walk (:func:`follow_digit`) is compiled (engine.kernels.chains.nishio_hits),
    # which returns only the contradictions, in this order: the scan in Python cost 3-4 ms a state
    # where it found nothing, most states the driver asks it on
    from engine.kernels.chains import nishio_hits

    cands, values = np.array(cg.cands, dtype=np.int64), np.array(cg.values, dtype=np.int64)
    records = nishio_hits(cands, values, UNITS_NP, CELL_UNITS_NP, PEERS_NP).tolist()
    i = 0
    while i < len(records):
        digit, kind, where, n = records[i : i + 4]
        placed = [(c, digit) for c in records[i + 4 : i + 4 + n]]
        i += 4 + n
        yield _step(cg, Branch(None, None, placed, ("cell", where) if kind == 1 else ("unit", where, digit)))


def _step(cg: CandidateGrid, b: Branch) -> Step:
    cell, digit = b.placed[0]
    record, links, length = record_branch(cg, b, dry_roots(cg, b))
    return Step(
        "nishio",
        eliminations=((cell, digit),),
        cells=(cell,),
        candidates=((cell, digit),),
        links=tuple(dict.fromkeys(links)),
        detail={"kind": "nishio", "source": f"{cell_name(cell)}={digit}", "digit": digit, "length": length,
                "score": round(min(BASE + length_bonus(length), CEILING), 1), "branches": [record]},
    )



FAMILY.add(Technique("nishio", "Nishio Forcing Chain", "西尾强制链", BASE, find_nishio))
