"""3D Medusa, bent sets (WXYZ-, VWXYZ-wing) and aligned pair exclusion: sound, true to their
definitions, orientation-free, explained.

HoDoKu's library has no cases of these techniques, so the states come from the step driver's own
paths through SE-rated puzzles of SE 4-9 (the states a learner meets): on every state each step is
checked against the solution, against the technique's definition recomputed here from the
candidates, and after relabelling the digits, permuting rows and columns and transposing, the
technique finds the same eliminations moved the same way.
"""

from __future__ import annotations

from functools import cache

import pytest

from engine import PEERS, UNITS, cell_name, explain, parse_state
from tests.harness.paths import DATA
from tests.harness.reglib import (
    Found,
    assert_bent_set,
    assert_orientation_free,
    assert_sound,
    digits_in,
    driver_states,
    steps_on,
)

RATED = DATA / "ratings" / "se_rated_stratified_sample.txt"
NEW = ("medusa_3d", "wxyz_wing", "vwxyz_wing", "aligned_pair_exclusion")


@cache
def _states() -> list[tuple[str, str]]:
    """Return (candidate line, solution) for the driver's states on 12 puzzles of SE 4-9."""
    rows = [line.split() for line in RATED.read_text().splitlines()]
    return driver_states([p for _, p, se in rows if 4.0 <= float(se) <= 9.0][::300][:12])


@cache
def _found(tid: str) -> Found:
    return steps_on(tid, _states())


@pytest.mark.parametrize("tid", NEW)
def test_every_step_is_sound_and_the_technique_fires(tid: str) -> None:
    assert_sound(tid, _found(tid))


@pytest.mark.parametrize("tid,size", [("wxyz_wing", 4), ("vwxyz_wing", 5)])
def test_bent_sets_match_the_definition(tid: str, size: int) -> None:
    for state, _, steps in _found(tid):
        cg = parse_state(state)
        for step in steps:
            assert_bent_set(cg, step, size)


def test_medusa_links_are_strong_and_join_opposite_colours() -> None:
    for state, _, steps in _found("medusa_3d"):
        cg = parse_state(state)
        for step in steps:
            first = {tuple(p) for p in step.detail["first"]}
            second = {tuple(p) for p in step.detail["second"]}
            assert first and second and not first & second
            assert len({d for _, d in first | second}) >= 2
            for a, b, strong in step.links:
                assert strong and ((a in first) != (b in first)) and {a, b} <= first | second
                (ca, da), (cb, db) = a, b
                if ca == cb:  # the cell holds exactly these two digits
                    assert cg.cands[ca] == (1 << (da - 1)) | (1 << (db - 1))
                else:  # the only two places of the digit in a unit they share
                    assert da == db
                    assert any(
                        ca in u and cb in u and sum(cg.cands[x] >> (da - 1) & 1 for x in u) == 2
                        for u in UNITS
                    )


def _possible(blockers: list[int], x: int, y: int) -> bool:
    """True when x and y in two cells of a unit leave every cell seeing both a candidate."""
    pair = (1 << (x - 1)) | (1 << (y - 1))
    return x != y and not any(m & ~pair == 0 for m in blockers)


def test_aligned_pair_exclusion_removes_digits_without_a_possible_partner() -> None:
    for state, _, steps in _found("aligned_pair_exclusion")[:40]:
        cg = parse_state(state)
        for step in steps:
            a, b = step.cells
            assert any(a in u and b in u for u in UNITS)
            both = [cg.cands[c] for c in PEERS[a] if c in PEERS[b] and cg.cands[c]]
            digits = {c: sorted(digits_in(cg, [c])) for c in (a, b)}
            for c, d in step.eliminations:
                other = b if c == a else a
                assert not any(_possible(both, d, y) for y in digits[other])


@pytest.mark.parametrize("tid", NEW)
def test_the_same_steps_are_found_on_transformed_states(tid: str) -> None:
    assert_orientation_free(tid, _found(tid)[:25])


@pytest.mark.parametrize("tid", NEW)
def test_explanations_name_the_cells_and_spell_out_removals(tid: str) -> None:
    for _, _, steps in _found(tid)[:10]:
        for step in steps[:3]:
            for lang in ("en", "zh"):
                text = explain(step, lang)
                assert "<>" not in text and "{" not in text
                for c in {c for c, _ in step.eliminations} | set(step.cells):
                    assert cell_name(c) in text
            assert "remove" in explain(step, "en") and "删去" in explain(step, "zh")
