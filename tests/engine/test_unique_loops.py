"""Unique loops: the deadly pattern in 6 or more cells, its four types, and what the rating makes of it."""

from __future__ import annotations

from collections import Counter

from engine import CandidateGrid, explain, rate, solve
from engine.grid import CELL_UNITS, as_grid, cell_name
from engine.logic.human import drive, next_step
from engine.logic.techniques import step_cost, technique
from tests.harness.paths import DATA


def _tuning(lo: float, hi: float) -> list[tuple[float, str]]:
    """SE-rated puzzles of the tuning half (even sha1 prefix) rated lo..hi by SE."""
    out = []
    with open(DATA / "ratings" / "se_rated_stratified_sample.txt") as f:
        for line in f:
            sha, puzzle, se = line.split()
            if not int(sha, 16) % 2 and lo <= float(se) <= hi:
                out.append((float(se), puzzle))
    return out


def _walked_steps(puzzles: list[str]):
    """Yield (state, solution, step) for every unique loop on the rated paths of ``puzzles``."""
    find = technique("unique_loop").find
    for puzzle in puzzles:
        grid = as_grid(puzzle)
        solution = solve(grid)
        cg = CandidateGrid.from_grid(grid)
        for _ in drive(cg, lambda state: next_step(state, unique=True)):
            for step in find(cg):
                yield cg, solution, step


def test_every_unique_loop_is_a_deadly_pattern_with_an_extra_and_removes_only_wrong_candidates() -> None:
    kinds: Counter = Counter()
    for cg, solution, step in _walked_steps([p for _, p in _tuning(4.4, 7.0)[::3][:80]]):
        assert step.eliminations and all(solution[c] != d for c, d in step.eliminations)
        loop = step.cells
        a, b = (int(d) for d in step.detail["digits"].split("/"))
        ab = 1 << (a - 1) | 1 << (b - 1)
        assert len(loop) >= 6 and len(loop) % 2 == 0 and len(set(loop)) == len(loop)
        assert all(cg.cands[c] & ab == ab for c in loop)
        for i, c in enumerate(loop):  # each next cell shares a unit with this one, round the loop
            assert set(CELL_UNITS[c]) & set(CELL_UNITS[loop[(i + 1) % len(loop)]])
        touched = Counter(u for c in loop for u in CELL_UNITS[c])
        assert set(touched.values()) == {2}  # every unit it touches holds two of its cells ...
        for u in touched:  # ... one at an even place of the loop, one at an odd place
            assert sorted(i % 2 for i, c in enumerate(loop) if u in CELL_UNITS[c]) == [0, 1]
        extras = [c for c in loop if cg.cands[c] != ab]
        assert step.detail["extras"] == extras and extras
        kinds[step.detail["kind"]] += 1
        if step.detail["kind"] == 1:
            assert len(extras) == 1 and set(step.eliminations) == {(extras[0], a), (extras[0], b)}
    assert set(kinds) == {1, 2, 3, 4} and sum(kinds.values()) >= 100


def test_the_explanation_says_why_the_loop_is_deadly_and_which_type_saves_it() -> None:
    told = set()
    for _, _, step in _walked_steps([p for _, p in _tuning(4.6, 4.8)[:40]]):
        en, zh = explain(step), explain(step, "zh")
        names = [cell_name(c) for c in step.cells]
        kind, digits = step.detail["kind"], step.detail["digits"]
        assert en.startswith(f"Unique loop type {kind} on {digits} ({', '.join(names)})")
        assert f"these {len(names)} cells touch holds two of them" in en and "two solutions" in en
        assert zh.startswith(f"唯一环 {kind} 型") and "两个解" in zh and "、".join(names) in zh
        assert all(cell_name(c) in en for c, _ in step.eliminations)
        told.add(step.detail["kind"])
    assert {1, 2} <= told


def test_a_loop_costs_what_sudoku_explainer_charges_by_size_and_finishes_se_4_6_puzzles_there() -> None:
    """SE: 4.6 for 6 cells, 4.7 for 8, 5.0 for 10 or more, type 3 +0.1 a subset digit beyond two."""
    rated = [(se, rate(as_grid(p), unique=True)) for se, p in _tuning(4.6, 4.8)[:60]]
    by_loop = [(se, r) for se, r in rated if r.hardest == "unique_loop"]
    assert len(by_loop) >= 3
    for se, r in by_loop:
        loop = next(s for s in r.steps if s.technique == "unique_loop" and step_cost(s) == r.score)
        base = {6: 4.6, 8: 4.7}.get(len(loop.cells), 5.0)
        assert step_cost(loop) >= base and round(abs(r.score - se), 2) <= 0.3
    for _, r in rated:
        for s in r.steps:
            if s.technique == "unique_loop" and s.detail["kind"] != 3:
                assert step_cost(s) == {6: 4.6, 8: 4.7}.get(len(s.cells), 5.0)


def test_unique_loop_is_a_uniqueness_technique_found_after_the_rectangles() -> None:
    from engine.logic.techniques import techniques

    ids = [t.id for t in techniques()]
    assert technique("unique_loop").needs_unique
    assert ids.index("unique_rectangle_1") < ids.index("unique_loop") < ids.index("bug_plus_1")
