"""Aligned pair and triple exclusion (their walks compiled in engine/kernels/exclusion.py) miss nothing.

On states of walks through the hardest known puzzles
(tests/engine/test_als_chain_triple_exclusion_msls.py), every
pair and every triple of cells is tried here by brute force from the definitions (the same bounds:
pairs of two to five candidates, triples with SE's excluders and twin rule), and the finders must
report exactly the base cells that lose something there, with exactly those removals.
"""

from __future__ import annotations

import itertools

from engine import PEERS, CandidateGrid, parse_state
from engine.logic.techniques import technique
from tests.engine.test_als_chain_triple_exclusion_msls import _states, _triple_exclusion
from tests.harness.reglib import digits_in

STATES = slice(40, None, 45)  # nine crowded states: 110 pair and 95 triple exclusions


def _pair_exclusion(cg: CandidateGrid, a: int, b: int) -> set:
    """Return the eliminations on cells a and b (peers) by brute force over their digit pairs."""
    blockers = [digits_in(cg, [c]) for c in range(81) if 1 <= len(digits_in(cg, [c])) <= 2
                and c in PEERS[a] and c in PEERS[b]]
    da, db = digits_in(cg, [a]), digits_in(cg, [b])
    allowed = [(x, y) for x in da for y in db if x != y and not any(m <= {x, y} for m in blockers)]
    return {(a, x) for x in da if all(p[0] != x for p in allowed)} | {
        (b, y) for y in db if all(p[1] != y for p in allowed)}


def test_every_aligned_pair_exclusion_is_found() -> None:
    find = technique("aligned_pair_exclusion").find
    seen = 0
    for state, _ in _states()[STATES]:
        cg = parse_state(state)
        small = [c for c in range(81) if 2 <= len(digits_in(cg, [c])) <= 5]
        want = {}
        for a, b in itertools.combinations(small, 2):
            if b in PEERS[a]:
                elims = _pair_exclusion(cg, a, b)
                if elims:
                    want[(a, b)] = elims
        got = {step.cells: set(step.eliminations) for step in find(cg)}
        assert got == want, state
        seen += len(got)
    assert seen  # the states hold some


def test_every_aligned_triple_exclusion_is_found() -> None:
    find = technique("aligned_triple_exclusion").find
    seen = 0
    for state, _ in _states()[STATES]:
        cg = parse_state(state)
        size = {c: len(digits_in(cg, [c])) for c in range(81)}
        excl = [c for c in range(81) if 2 <= size[c] <= 3]
        want = {}
        for trio in itertools.combinations([c for c in range(81) if size[c] >= 2], 3):
            excluders = [e for e in excl if all(e in PEERS[t] for t in trio)]
            twin = any(size[t] <= 3 and any(o in PEERS[t] for o in trio) for t in trio)
            if len(excluders) >= 2 and twin:
                elims = _triple_exclusion(cg, trio, excluders)
                if elims:
                    want[trio] = elims
        got = {step.cells: set(step.eliminations) for step in find(cg)}
        assert got == want, state
        seen += len(got)
    assert seen
