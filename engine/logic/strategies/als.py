"""Almost locked sets: ALS-XZ, ALS-XY-wing and death blossom.

An *almost locked set* (ALS) is N cells of one unit holding N+1 digits between them: remove any
one digit and the rest are locked in.  Two sets share a *restricted common candidate* (RCC) X
when every X of one sees every X of the other (and no cell holds X for both): X is then in at
most one of them, so the other is locked.

    ALS A = r1c1,r1c2 {1,2,3}     ALS B = r5c1 {1,3}      X = 1 (r1c1/r1c2 see r5c1 only via
                                                          column 1: all 1s of A see all 1s of B)
    Z = 3 is then in A or in B: cells seeing every 3 of both lose 3.

* ALS-XZ: two sets and an RCC X; a common digit Z leaves the cells seeing all Z of both.  With
  two RCCs ("doubly linked") both sets are locked, so each set's digits leave their common peers.
* ALS-XY-wing: a pivot C shares RCC x with A and RCC y with B; Z common to A and B goes.
* Death blossom: each candidate of a stem cell is seen, in full, by one petal ALS holding it; the
  stem's digit locks its petal, so a digit Z in every petal leaves the cells seeing all those Z.

The state's sets, their RCC pairs and each set's links are made once per state and shared by the
four ALS techniques (links.almost_locked_sets, links.rcc_tables, :func:`links_by_set`).  Road not
taken: a compiled prefilter proving that no ALS-XZ, ALS-XY-wing or ALS chain removes anything
before their searches.  Each removes a Z seeing all the Zs of two sets linked through RCCs, and on
all 896 states where the driver asks ALS-XZ while rating the held-out SE 9 puzzles (none of the
three ever removes anything there) two sets of one RCC component share such a target; per ALS
chain start (set and first RCC), all 33,972 starts of every eighth call have a set sharing a target.

What is used instead: ALS-XZ, ALS-XY-wing and ALS chains are AICs through their sets' nodes (Z out
of the first set locks it, its RCC leaves the next set, which is locked in turn, ... so the last
holds Z), and the AIC's graph with almost locked sets holds every such node and link.  So they are
registered ``covered_by`` the AIC, and the driver does not ask them where the AIC found nothing,
the only states where it would ask them.  On the 1,378 recorded stuck states all 72,613 of their
steps remove only candidates the AIC removes there (tests/engine/test_driver.py checks that on reglib
cases and hard states); rating the 187 held-out SE 9 puzzles gives the same paths in 0.96x the
time (8.92 -> 8.58 s, compiled ahead of time, interleaved on one core).
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from engine.candidates import CandidateGrid
from engine.grid import cell_name
from engine.logic.strategies import Family, Technique
from engine.logic.strategies.links import Als, almost_locked_sets, digit_cells, digit_words, rcc_tables
from engine.masks import CELL_BIT, MASK_DIGITS, bits
from engine.steps import Step

FAMILY = Family()  # this module's techniques, read by engine.logic.techniques


def _elims(dc: list[int], d: int, peers: int, exclude: int) -> list[tuple[int, int]]:
    return [(c, d) for c in bits(dc[d] & peers & ~exclude)]


def _als_label(a: Als) -> str:
    digits = "".join(str(d) for d in sorted(a.digit_mask))
    return ",".join(cell_name(c) for c in bits(a.cells)) + "{" + digits + "}"


def _step(tid: str, sets: list[Als], elims: set, detail: dict) -> Step:
    # dict.fromkeys: one petal may serve two stem digits; each cell and candidate shows once
    cells = tuple(dict.fromkeys(c for a in sets for c in bits(a.cells)))
    cands = tuple(
        dict.fromkeys((c, d) for a in sets for d, m in sorted(a.digit_mask.items()) for c in bits(m))
    )
    detail = {**detail, "sets": "; ".join(_als_label(a) for a in sets)}
    return Step(tid, eliminations=tuple(sorted(elims)), cells=cells, candidates=cands, detail=detail)


def _best(found: dict, key: frozenset, size: int, value: tuple) -> None:
    if key and (key not in found or size < found[key][0]):
        found[key] = (size, value)


def _ranked(found: dict) -> list:
    return [v for _, (_, v) in sorted(found.items(), key=lambda kv: (-len(kv[0]), kv[1][0]))]


def find_als_xz(cg: CandidateGrid) -> Iterator[Step]:
    """ALS-XZ: two non-overlapping sets with an RCC X; a common digit Z leaves the cells seeing all
    Z of both (doubly linked: each set's digits leave its peers).  Yields nothing when none helps.

    Which pairs remove something is tested compiled first (:func:`engine.kernels.chains.als_xz_hits`,
    the same test): on an SE 8-9 state thousands of pairs share an RCC and few remove anything.
    """
    sets = almost_locked_sets(cg)
    dc = digit_cells(cg)
    found: dict = {}
    table, rows = rcc_tables(cg, sets)
    if len(rows):
        from engine.kernels.chains import als_xz_hits

        hits = rows[als_xz_hits(table, digit_words(cg), rows)].tolist()
    else:
        hits = []
    for i, j, mask in hits:
        xs = list(MASK_DIGITS[mask])
        a, b = sets[i], sets[j]
        shared = a.digits & b.digits
        both = a.cells | b.cells
        elims: set = set()
        zs = shared if len(xs) == 2 else shared & ~(1 << (xs[0] - 1))
        for z in MASK_DIGITS[zs]:
            seen = a.digit_peers[z] & b.digit_peers[z] & dc[z] & ~both
            if seen:
                elims.update((c, z) for c in bits(seen))
        if len(xs) == 2:  # doubly linked: both sets are locked
            for z in a.digit_mask:
                if z not in xs:
                    elims.update(_elims(dc, z, a.digit_peers[z], both))
            for z in b.digit_mask:
                if z not in xs:
                    elims.update(_elims(dc, z, b.digit_peers[z], both))
        if elims:
            _best(found, frozenset(elims), both.bit_count(), ([a, b], elims, {"x": "/".join(map(str, xs))}))
    for sets_, elims, detail in _ranked(found):
        yield _step("als_xz", sets_, elims, detail)


def find_als_xy_wing(cg: CandidateGrid) -> Iterator[Step]:
    """ALS-XY-wing: pivot C with RCC x to A and RCC y to B (x != y); a digit Z of A and B, not in
    either RCC, leaves the cells seeing all Z of A and B.  Yields nothing when none helps.

    Which (C, A, B) remove something is tested compiled first
    (:func:`engine.kernels.chains.xy_wing_hits`, the same test, in the same order).
    """
    sets = almost_locked_sets(cg)
    dc = digit_cells(cg)
    found: dict = {}
    table, rows = rcc_tables(cg, sets)
    if len(rows):
        from engine.kernels.chains import xy_wing_hits

        other, rcc, start = links_by_set(rows, len(sets))
        hits = xy_wing_hits(table, digit_words(cg), other, rcc, start).tolist()
        other_list, rcc_list = other.tolist(), rcc.tolist()
    else:
        hits = []
    for ci, k, k2 in hits:
        c = sets[ci]
        ai, x, bi, y = other_list[k], rcc_list[k], other_list[k2], rcc_list[k2]
        a, b = sets[ai], sets[bi]
        common = a.digits & ~(1 << (x - 1)) & b.digits & ~(1 << (y - 1))
        cells = a.cells | b.cells | c.cells
        elims: set = set()
        for z in MASK_DIGITS[common]:
            # the cells seeing every z of A and of B (those holding z, outside the sets)
            seen = a.digit_peers[z] & b.digit_peers[z] & dc[z] & ~cells
            if seen:
                elims.update((cell, z) for cell in bits(seen))
        if elims:
            _best(found, frozenset(elims), cells.bit_count(), ([a, b, c], elims, {"x": x, "y": y}))
    for sets_, elims, detail in _ranked(found):
        yield _step("als_xy_wing", sets_, elims, detail)


def links_by_set(rows: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return every set's RCC links, ``other[start[i]:start[i + 1]]`` (the linked set) and ``rcc``
    (the digit): for each pair row ``(i, j, digits)`` in order, each digit ascending, i's link to j
    then j's to i, listed per set in that order.  The last rows' answer is kept: the ALS-XY-wing
    and ALS chains ask for the same rows in a row.

    Laid out compiled (:func:`engine.kernels.als.rcc_links`): the numpy form (the pairs' digits by
    ``nonzero``, then a stable ``argsort`` by owner and a ``bincount``) was half of the
    ALS-XY-wing's time.  In the driver rating the held-out SE 9 puzzles (JIT, one core, two runs
    interleaved with e3a2dde, load 2.5) the ALS-XY-wing takes 0.31-0.33 -> 0.14-0.15 ms a call,
    the same arrays and steps.
    """
    global _last_links
    last = _last_links
    if last[0] is rows and last[1] == n:
        return last[2]
    from engine.kernels.als import rcc_links

    start = np.zeros(n + 1, dtype=np.int64)
    both = rcc_links(rows, start)
    links = (both[0], both[1], start)
    _last_links = (rows, n, links)  # (holding the rows: no other array can come with their id)
    return links


_last_links: tuple = (None, 0, None)  # replaced whole and read once (threads may rate at once)


def find_death_blossom(cg: CandidateGrid) -> Iterator[Step]:
    """Death blossom: every candidate d of a stem cell has a petal ALS whose d's all see the stem;
    a digit Z in every petal (not in the stem) leaves the cells seeing all those Z.  Yields nothing
    when none helps.

    The blossoms that remove something are found compiled (:func:`engine.kernels.chains.blossom_leaves`:
    per stem cell of two to four candidates, one petal per digit, depth first, a branch dropped as
    soon as no Z has a target left); each is then made into its eliminations here, in that order.
    """
    sets = almost_locked_sets(cg)
    dc = digit_cells(cg)
    found: dict = {}
    if sets:
        from engine.kernels.chains import blossom_leaves

        leaves = blossom_leaves(rcc_tables(cg, sets)[0], digit_words(cg), np.array(cg.cands, dtype=np.int64))
    else:
        leaves = np.zeros((0, 5), dtype=np.int64)
    for stem, *petals in leaves.tolist():
        chosen = [sets[i] for i in petals if i >= 0]
        targets = {z: dc[z] & ~CELL_BIT[stem] for z in range(1, 10) if not cg.cands[stem] >> (z - 1) & 1}
        for d, a in zip(MASK_DIGITS[cg.cands[stem]], chosen, strict=True):
            targets = {
                z: m & a.digit_peers[z] & ~a.cells for z, m in targets.items() if z != d and z in a.digit_mask
            }
        cells = CELL_BIT[stem]
        for a in chosen:
            cells |= a.cells
        elims = {(c, z) for z, m in targets.items() for c in bits(m & ~cells)}
        _best(found, frozenset(elims), cells.bit_count(), (chosen, elims, {"stem": stem}))
    for sets_, elims, detail in _ranked(found):
        yield _step("death_blossom", sets_, elims, {"stem": cell_name(detail["stem"])})



FAMILY.add(Technique("als_xz", "ALS-XZ", "待定数组 XZ", 7.2, find_als_xz, covered_by="aic"))
FAMILY.add(Technique("als_xy_wing", "ALS-XY-Wing", "待定数组 XY-Wing", 7.4, find_als_xy_wing,
                     covered_by="aic"))
FAMILY.add(Technique("death_blossom", "Death Blossom", "死亡之花", 7.6, find_death_blossom))
