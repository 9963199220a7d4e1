"""ALS-chain, aligned triple exclusion and MSLS: sound, true to their definitions, orientation-free.

The states come from walks through the hardest known puzzles (forum_hardest_1106): the easy
techniques (score below 6) move the walk on, and where none fires the solver's digit is placed in
the cell with fewest candidates, so the walk reaches the crowded middle states these techniques
work on without waiting for the chain searches.  On every state each step is checked against the
solution, against the technique's definition recomputed here from the candidates, and against the
same state relabelled, permuted and transposed (HoDoKu's cases of ALS-chain are in test_reglib).
"""

from __future__ import annotations

import itertools
from functools import cache

import pytest

from engine import PEERS, UNITS, CandidateGrid, as_grid, parse_state, solve
from engine.logic.techniques import techniques
from tests.harness.paths import DATA
from tests.harness.reglib import (
    Found,
    assert_orientation_free,
    assert_sound,
    digits_in,
    holding,
    steps_on,
    walk,
)

HARDEST = DATA / "bench" / "forum_hardest_1106.txt"
NEW = ("als_chain", "aligned_triple_exclusion", "msls")
SPACING = {"als_chain": 9, "aligned_triple_exclusion": 3, "msls": 9}


@cache
def _states() -> list[tuple[str, str]]:
    """Return (candidate line, solution) for the walked states of 6 of the hardest puzzles."""
    easy = [t for t in techniques() if t.score < 6.0 and not t.needs_unique]
    lines = HARDEST.read_text().split()
    out = []
    for puzzle in lines[::60][:6]:
        solution = "".join(map(str, solve(as_grid(puzzle.replace(".", "0")))))
        out += [(cg.to_sukaku(), solution) for cg, _ in walk(puzzle, solution, easy)]
    return out


@cache
def _found(tid: str) -> Found:
    """Every ninth walked state for the ALS-chain and MSLS, a third for the triples (listing every
    instance is slow)."""
    return steps_on(tid, _states()[:: SPACING[tid]])


@pytest.mark.parametrize("tid", NEW)
def test_every_step_is_sound_and_the_technique_fires(tid: str) -> None:
    assert_sound(tid, _found(tid))


def _see_all(cell: int, others: list[int]) -> bool:
    return all(o in PEERS[cell] for o in others)


def test_als_chains_match_the_definition() -> None:
    for state, _, steps in _found("als_chain"):
        cg = parse_state(state)
        for step in steps:
            sets, rccs = step.detail["sets"], step.detail["rccs"]
            assert 4 <= len(sets) <= 8 and len(rccs) == len(sets) - 1
            for cells in sets:  # N cells of one unit holding N + 1 digits
                assert any(set(cells) <= set(u) for u in UNITS)
                assert len(digits_in(cg, cells)) == len(cells) + 1
            for a, b, x in zip(sets, sets[1:], rccs, strict=False):
                xa, xb = holding(cg, a, x), holding(cg, b, x)
                assert xa and xb and not set(a) & set(b)
                assert all(_see_all(c, xb) for c in xa)  # restricted: every x of A sees every x of B
            assert all(x != y for x, y in zip(rccs, rccs[1:], strict=False))
            first, last = sets[0], sets[-1]
            for cell, z in step.eliminations:
                assert z not in (rccs[0], rccs[-1]) and cell not in first + last
                zs = holding(cg, first, z) + holding(cg, last, z)
                assert holding(cg, first, z) and holding(cg, last, z) and _see_all(cell, zs)


def _triple_exclusion(cg: CandidateGrid, trio: tuple[int, ...], excluders: list[int]) -> set:
    """Return the eliminations on ``trio`` by brute force over every combination of its digits."""
    options = [sorted(digits_in(cg, [c])) for c in trio]
    allowed = [set(), set(), set()]
    for combo in itertools.product(*options):
        clash = any(combo[i] == combo[j] and trio[j] in PEERS[trio[i]] for i, j in ((0, 1), (0, 2), (1, 2)))
        if clash or any(digits_in(cg, [e]) <= set(combo) for e in excluders):
            continue
        for i, d in enumerate(combo):
            allowed[i].add(d)
    return {(c, d) for i, c in enumerate(trio) for d in options[i] if d not in allowed[i]}


def test_aligned_triple_exclusions_match_the_definition() -> None:
    for state, _, steps in _found("aligned_triple_exclusion"):
        cg = parse_state(state)
        for step in steps:
            trio = step.cells
            excluders = [c for c in range(81) if 2 <= len(digits_in(cg, [c])) <= 3
                         and all(c in PEERS[t] for t in trio)]
            assert len(excluders) >= 2
            # SE's twin area: a base cell of two or three candidates sees another base cell
            assert any(len(digits_in(cg, [t])) <= 3 and any(o in PEERS[t] for o in trio) for t in trio)
            assert set(step.eliminations) == _triple_exclusion(cg, trio, excluders)


@pytest.mark.parametrize("tid", NEW)
def test_steps_move_with_relabelling_permutation_and_transposition(tid: str) -> None:
    found = _found(tid)
    assert_orientation_free(tid, found[:: max(1, len(found) // 12)])


def test_msls_match_the_definition() -> None:
    for state, _, steps in _found("msls"):
        cg = parse_state(state)
        for step in steps:
            rows = [int(r) - 1 for r in step.detail["rows"].split(", ")]
            cols = [int(k) - 1 for k in step.detail["cols"].split(", ")]
            cells = [r * 9 + k for r in rows for k in cols if not cg.values[r * 9 + k]]
            assert sorted(step.cells) == cells and len(rows) >= 2 and len(cols) >= 2
            links = 0
            for d in range(1, 10):
                in_rows = {c // 9 for c in holding(cg, cells, d)}
                in_cols = {c % 9 for c in holding(cg, cells, d)}
                links += min(len(in_rows), len(in_cols))
            assert links == len(cells)  # as many links (row or column digits) as truths (cells)
            for cell, d in step.eliminations:
                held = holding(cg, cells, d)
                rows_d, cols_d = {c // 9 for c in held}, {c % 9 for c in held}
                by_row = len(rows_d) <= len(cols_d) and cell // 9 in rows_d and cell % 9 not in cols
                by_col = len(cols_d) <= len(rows_d) and cell % 9 in cols_d and cell // 9 not in rows
                assert cell not in cells and (by_row or by_col)
