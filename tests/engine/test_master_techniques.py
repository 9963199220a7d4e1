"""UVWXYZ- and TUVWXYZ-wings and grouped strong-link fish (issue 30): sound on every walked state,
true to Sukaku Explainer's definitions, orientation-free, explained in English and Chinese.

The states are the step driver's own paths through held-in SE-rated puzzles of SE 6.5-9 (the states
where these techniques matter): on every state each new finder is asked for all its steps, every
removal is checked against the solution and each step against the definition recomputed here.
"""

from __future__ import annotations

from functools import cache

import pytest

from engine import PEERS, UNITS, explain, parse_state
from tests.harness import reglib
from tests.harness.paths import DATA

RATED = DATA / "ratings" / "se_rated_stratified_sample.txt"
NEW = ("uvwxyz_wing", "tuvwxyz_wing", "grouped_fish")


@cache
def _states() -> list[tuple[str, str]]:
    """Return (candidate line, solution) for every state on the driver's paths through 40 puzzles of
    SE 6.5-9 of the tuning half (sha1 prefix even)."""
    rows = [line.split() for line in RATED.read_text().splitlines()]
    tuning = [p for sha, p, se in rows if 6.5 <= float(se) <= 9.0 and int(sha, 16) % 2 == 0]
    return reglib.driver_states(tuning[::40][:40])


@cache
def _found(tid: str) -> reglib.Found:
    return reglib.steps_on(tid, _states())


@pytest.mark.parametrize("tid,least", [("uvwxyz_wing", 5), ("tuvwxyz_wing", 1), ("grouped_fish", 5)])
def test_every_step_is_sound_and_the_technique_fires(tid: str, least: int) -> None:
    reglib.assert_sound(tid, _found(tid), least)


@pytest.mark.parametrize("tid,size", [("uvwxyz_wing", 6), ("tuvwxyz_wing", 7)])
def test_wings_are_an_almost_locked_set_in_a_unit_and_a_bivalue_cell(tid: str, size: int) -> None:
    for state, _, steps in _found(tid):
        cg = parse_state(state)
        for step in steps:
            loose = reglib.assert_bent_set(cg, step, size)
            # one cell outside a unit holding the other size - 1, and that cell bivalue
            cells = set(step.cells)
            outside = [c for c in cells
                       if reglib.in_one_unit(cells - {c}) and bin(cg.cands[c]).count("1") == 2]
            assert outside, step
            # the loose digit, if any, is one of the bivalue cell's (the other is the restricted x)
            assert not loose or any(loose[0] in reglib.digits_in(cg, [c]) for c in outside), step


def test_grouped_fish_are_three_or_four_strong_links_with_a_group() -> None:
    for state, _, steps in _found("grouped_fish"):
        cg = parse_state(state)
        for step in steps:
            nodes = step.detail["nodes"]
            digit = nodes[0][0]
            assert {d for d, _ in nodes} == {digit}
            strong_links = step.detail["strong"]
            assert strong_links in (3, 4) and step.detail["score"] == {3: 5.7, 4: 6.1}[strong_links]
            assert any(len(cells) > 1 for _, cells in nodes)
            places = set(reglib.holding(cg, range(81), digit))
            for (_, _, strong), (_, first), (_, second) in zip(step.links, nodes, nodes[1:], strict=False):
                ends = set(first) | set(second)
                if strong:  # the only places of the digit in some unit
                    assert any(set(u) & places == ends for u in UNITS), step
                else:  # every cell of one end sees every cell of the other
                    assert all(y in PEERS[x] for x in first for y in second), step
            assert all(d == digit for _, d in step.eliminations)


@pytest.mark.parametrize("tid", ["uvwxyz_wing", "tuvwxyz_wing"])
def test_the_wings_are_orientation_free(tid: str) -> None:
    # (not the grouped fish: the chain search keeps one shortest chain per result, and which of two
    # equally short ones, one through overlapping nodes, depends on the cells' order)
    reglib.assert_orientation_free(tid, _found(tid)[:8])


@pytest.mark.parametrize("tid", NEW)
def test_the_new_techniques_are_explained_in_english_and_chinese(tid: str) -> None:
    state, _, steps = _found(tid)[0]
    step = steps[0]
    english, chinese = explain(step, "en"), explain(step, "zh")
    assert english.split(":")[0].lower().startswith(tid.split("_")[0][:7])
    c = step.eliminations[0][0]
    name = f"r{c // 9 + 1}c{c % 9 + 1}"
    assert name in english and name in chinese
    assert any("\u4e00" <= ch <= "\u9fff" for ch in chinese)
