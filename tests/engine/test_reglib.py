"""HoDoKu's regression library as a data-driven test of every technique of issue 4.

Each case of ``../shared/data/techniques/reglib-1.4.txt`` is a candidate state (givens and placed
digits, candidates by peer exclusion, then hand-deleted candidates) and the exact eliminations or
placements a technique must find there; a ``-x`` case is a state where it must find nothing.  We
feed every state to the finder as a 729-character candidate line (what ``sudoku hint`` reads), as
given and again after a random relabelling of the digits, a permutation of rows and columns
(bands, stacks, and lines within them) and a transposition, so nothing can depend on orientation
or digit values.  Per technique at least 95% of the cases must match exactly.
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import NamedTuple

import pytest

from engine import PEERS, CandidateGrid, next_step, parse_state
from engine.logic.techniques import technique, techniques
from tests.harness import reglib

# HoDoKu's codes (before any "-variant") -> our technique ids.  Codes of techniques we do not
# offer (fish above size 4, dual kites and ERs, templates) are not mapped, nor codes the library
# has no case of (Franken X-wing 0330, mutant 0350-0361): those techniques are tested in
# tests/engine/test_complex_fish.py.
CODES = {
    "0000": "full_house",
    "0002": "hidden_single",
    "0003": "naked_single",
    "0100": "pointing",
    "0101": "claiming",
    "0110": "locked_pair",
    "0111": "locked_triple",
    "0200": "naked_pair",
    "0201": "naked_triple",
    "0202": "naked_quad",
    "0210": "hidden_pair",
    "0211": "hidden_triple",
    "0212": "hidden_quad",
    "0300": "x_wing",
    "0301": "swordfish",
    "0302": "jellyfish",
    "0310": "finned_x_wing",
    "0311": "finned_swordfish",
    "0312": "finned_jellyfish",
    "0320": "sashimi_x_wing",
    "0321": "sashimi_swordfish",
    "0322": "sashimi_jellyfish",
    "0331": "franken_swordfish",
    "0332": "franken_jellyfish",
    "0340": "finned_franken_x_wing",
    "0341": "finned_franken_swordfish",
    "0342": "finned_franken_jellyfish",
    "03411": "siamese_franken_fish",
    "03421": "siamese_franken_fish",
    "0362": "finned_mutant_jellyfish",
    "03621": "siamese_mutant_fish",
    "0400": "skyscraper",
    "0401": "two_string_kite",
    "0402": "empty_rectangle",
    "0403": "turbot_fish",
    "0500": "simple_coloring",
    "0501": "simple_coloring",
    "0502": "multi_coloring",
    "0503": "multi_coloring",
    "0600": "unique_rectangle_1",
    "0601": "unique_rectangle_2",
    "0602": "unique_rectangle_3",
    "0603": "unique_rectangle_4",
    "0604": "unique_rectangle_5",
    "0605": "unique_rectangle_6",
    "0606": "hidden_rectangle",
    "0607": "avoidable_rectangle",
    "0608": "avoidable_rectangle",
    "0610": "bug_plus_1",
    "0701": "x_chain",
    "0702": "xy_chain",
    "0703": "remote_pair",
    "0706": "aic",
    "0707": "aic",
    "0708": "aic",
    "0709": "aic",
    "0710": "aic",
    "0711": "aic",
    "0800": "xy_wing",
    "0801": "xyz_wing",
    "0803": "w_wing",
    "0901": "als_xz",
    "0902": "als_xy_wing",
    "0903": "als_chain",
    "0904": "death_blossom",
    "1101": "sue_de_coq",
}

MIN_PASS = 0.95
Pair = reglib.Pair


class Case(NamedTuple):
    """One reglib line: our technique id, the 729-character state, what must come out (or nothing)."""

    line: int
    tid: str
    fail: bool
    state: str
    eliminations: frozenset[Pair]
    placements: frozenset[Pair]


def load_cases() -> list[Case]:
    """Return every reglib case whose technique we offer, in file order (fails if the file is absent)."""
    return [
        Case(case.line, CODES[case.code], case.fail_case, case.state.to_sukaku(),
             case.eliminations, case.placements)
        for case in reglib.load_cases(*CODES)
    ]


def _transform(case: Case, rng: random.Random) -> Case:
    """Return the case relabelled, with rows and columns permuted (validity-preserving) and transposed."""
    moved = reglib.random_orientation(rng)
    return case._replace(state=moved.state(case.state), eliminations=moved.pairs(case.eliminations),
                         placements=moved.pairs(case.placements))


def _matches(step: object, case: Case) -> bool:
    return (
        step is not None
        and frozenset(step.eliminations) == case.eliminations  # type: ignore[attr-defined]
        and frozenset(step.placements) == case.placements  # type: ignore[attr-defined]
    )


def passes(case: Case) -> bool:
    """Return True if the technique's first step on the case's state is exactly what the case expects.

    HoDoKu picks a case's instance by the case's digits, which a state does not carry: where the
    state holds several instances with different results, the expected one must be among those the
    finder yields (and the first step must still be one of the technique's sound instances).
    """
    cg = parse_state(case.state, solved_are_givens=False)
    step = next_step(cg, case.tid, unique=True)
    if case.fail:
        return step is None
    if _matches(step, case):
        return True
    return step is not None and any(_matches(s, case) for s in technique(case.tid).find(cg))


def first_step_matches(case: Case) -> bool:
    """Return True if the technique's very first step is exactly the case's (the stricter measure)."""
    return _matches(next_step(parse_state(case.state, solved_are_givens=False), case.tid, unique=True), case)


def looks_placed(case: Case) -> bool:
    """Return True if a placement case's target already looks placed in a candidate line.

    A lone candidate that no peer shares is a placed digit in the 729-character form (nothing else
    can tell them apart), so a full house whose digit no peer holds has nothing left to find.
    """
    cg = CandidateGrid.from_sukaku(case.state)
    for cell, digit in case.placements:
        bit = 1 << (digit - 1)
        if cg.cands[cell] == bit and not any(cg.cands[p] & bit for p in PEERS[cell]):
            return True
    return False


CASES = [c for c in load_cases() if not looks_placed(c)]
OFFERED = {t.id for t in techniques()}
BY_TECHNIQUE: dict[str, list[Case]] = defaultdict(list)
for _case in CASES:
    BY_TECHNIQUE[_case.tid].append(_case)


def _pass_rate(cases: list[Case]) -> tuple[float, list[int]]:
    failed = [c.line for c in cases if not passes(c)]
    return 1 - len(failed) / len(cases), failed


@pytest.mark.parametrize("tid", sorted(BY_TECHNIQUE))
def test_technique_finds_reglib_steps(tid: str) -> None:
    if tid not in OFFERED:
        pytest.fail(f"technique {tid} is not registered")
    cases = [c for c in BY_TECHNIQUE[tid] if not c.fail]
    rate, failed = _pass_rate(cases)
    assert rate >= MIN_PASS, f"{tid}: {rate:.0%} of {len(cases)} cases; failing lines {failed}"


@pytest.mark.parametrize("tid", sorted(BY_TECHNIQUE))
def test_technique_finds_transformed_reglib_steps(tid: str) -> None:
    if tid not in OFFERED:
        pytest.fail(f"technique {tid} is not registered")
    rng = random.Random(f"reglib-{tid}")
    cases = [_transform(c, rng) for c in BY_TECHNIQUE[tid] if not c.fail]
    rate, failed = _pass_rate(cases)
    assert rate >= MIN_PASS, f"{tid} transformed: {rate:.0%} of {len(cases)}; failing lines {failed}"


FAIL_CASES = [c for c in CASES if c.fail]


@pytest.mark.parametrize("case", FAIL_CASES, ids=[f"line{c.line}-{c.tid}" for c in FAIL_CASES])
def test_fail_cases_give_no_step(case: Case) -> None:
    rng = random.Random(case.line)
    assert passes(case), f"{case.tid} fired on a must-not-fire case (line {case.line})"
    assert passes(_transform(case, rng))


def test_every_code_maps_to_an_issue_technique() -> None:
    issue_ids = set(CODES.values())
    assert {c.tid for c in CASES} == issue_ids
    assert len(CASES) > 900


def test_only_full_houses_look_placed() -> None:
    hidden = [c for c in load_cases() if looks_placed(c)]
    assert {c.tid for c in hidden} == {"full_house"} and len(hidden) <= 9
