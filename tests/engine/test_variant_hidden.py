"""The hidden cages (engine/solve/variant_hidden.py) hold on every published killer's solution, and the
MATHEMAGIC killers' layout (5-cell cages crossing every house) has them."""

from __future__ import annotations

from engine.puzzle.model import Cage
from engine.solve.variant_hidden import MOST, hidden_cage_sums
from tests.harness.variant_data import records


def _full(puzzle):
    """The puzzle's full houses, as the solver lists them."""
    houses = dict.fromkeys(tuple(sorted(h.cells)) for h in puzzle.houses() if len(h.cells) > 1)
    return [h for h in houses if len(h) == puzzle.size]


def test_every_sum_holds_on_the_published_killers() -> None:
    """Each sum's weighted digits make its total on the published solution; one cell weighs -1."""
    checked = 0
    for record in records():
        if record.solution is None or not record.puzzle.of_kind(Cage):
            continue
        grid = record.solution
        for _, cells, total, aux in hidden_cage_sums(record.puzzle, _full(record.puzzle), []):
            weights = aux[:len(cells)]
            made = sum(wt * grid[c] for c, wt in zip(cells, weights, strict=True))
            assert made == total, (record.id, cells)
            assert weights.count(-1) == 1 and len(cells) <= MOST
            checked += 1
    assert checked > 20, "too few sums: the test would check little"


def test_the_mathemagic_layout_has_them_and_none_is_made_twice() -> None:
    """Several per puzzle; given the sums it makes, it makes none."""
    record = next(r for r in records() if r.id == "iss-mathemagic-killers-2")
    made = hidden_cage_sums(record.puzzle, _full(record.puzzle), [])
    assert len(made) >= 9
    assert hidden_cage_sums(record.puzzle, _full(record.puzzle), made) == []
