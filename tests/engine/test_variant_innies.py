"""The innie/outie sums across houses (engine/solve/variant_innies.py) hold on every published killer's
solution, and some puzzles have them (random killers against brute force: test_variant_solver.py)."""

from __future__ import annotations

from engine.puzzle.model import Cage
from engine.solve.variant import compile_puzzle
from engine.solve.variant_innies import innie_outie_sums
from engine.solve.variant_prober import Prober
from engine.solve.variant_sums import CAGE, SUM
from tests.harness.variant_data import records


def _implied(puzzle):
    """The puzzle's sums as the solver makes them (no sum held before)."""
    houses = list(dict.fromkeys(tuple(sorted(h.cells)) for h in puzzle.houses() if len(h.cells) > 1))
    return innie_outie_sums(puzzle, houses, [])


def test_every_sum_holds_on_the_published_killers() -> None:
    """Each sum's weighted digits make its total on the published solution (a table: distinct digits too)."""
    checked = signed = 0
    for record in records():
        if record.solution is None or not record.puzzle.of_kind(Cage):
            continue
        grid = record.solution
        for kind, cells, total, aux in _implied(record.puzzle):
            weights = aux[:len(cells)] if kind == SUM else [1] * len(cells)
            made = sum(wt * grid[c] for c, wt in zip(cells, weights, strict=True))
            assert made == total, (record.id, cells)
            if kind == CAGE:
                assert len({grid[c] for c in cells}) == len(cells), (record.id, cells)
            checked += 1
            signed += any(wt < 0 for wt in weights)
    assert checked > 100 and signed > 50, "too few sums: the test would check little"


def test_a_sum_already_held_is_not_made_again() -> None:
    """Given the sums it makes, it makes none."""
    record = next(r for r in records() if r.id == "iss-wecoc-1")
    made = _implied(record.puzzle)
    houses = list(dict.fromkeys(tuple(sorted(h.cells)) for h in record.puzzle.houses() if len(h.cells) > 1))
    assert made and innie_outie_sums(record.puzzle, houses, made) == []


def test_the_human_logic_trials_leave_out_the_sums_across_houses_the_search_keeps() -> None:
    """The Prober's program is the one without them: its words cannot show their cuts."""
    puzzle = next(r for r in records() if r.id == "iss-wecoc-1").puzzle
    searched, worded = compile_puzzle(puzzle), compile_puzzle(puzzle, across=False)
    assert len(worded.cons) < len(searched.cons)
    assert (Prober(puzzle).array == worded.array).all()
