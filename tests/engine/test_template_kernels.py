"""Digit templates (engine/kernels/templates.py): which digits single-digit logic can remove nothing from.

On states of walks through the hardest known puzzles
(tests/engine/test_als_chain_triple_exclusion_msls.py) the
compiled answer is compared with every template listed in plain Python, and each single-digit
search, run unfiltered, is shown to find nothing on a covered digit: that is why their finders may
skip those digits.
"""

from __future__ import annotations

from functools import cache
from itertools import product

import numpy as np

from engine import parse_state
from engine.candidates import CandidateGrid, all_unit_positions, template_covered, template_rows
from engine.kernels.templates import template_cells
from engine.logic.strategies import complex_fish, fish, single_digit
from engine.logic.strategies.links import digit_cells
from tests.engine.test_als_chain_triple_exclusion_msls import _states

STATES = slice(1, None, 5)  # some 70 states, crowded and sparse


@cache
def _grids() -> list[CandidateGrid]:
    return [parse_state(state) for state, _ in _states()[STATES]]


def _listing(cands: list[int], d: int) -> tuple[set, set]:
    """Return digit ``d``'s candidate cells and those lying in one of the templates listed here."""
    rows = {r: [c for c in range(9) if cands[9 * r + c] >> (d - 1) & 1] for r in range(9)}
    rows = {r: cs for r, cs in rows.items() if cs}
    cells = {(r, c) for r, cs in rows.items() for c in cs}
    marked: set = set()
    if not len(rows) == len({c for _, c in cells}) == len({_box(cell) for cell in cells}):
        return cells, marked  # an open column or box that no template could fill
    for pick in product(*rows.values()):
        placed = list(zip(rows, pick, strict=True))
        if len({c for _, c in placed}) == len({_box(cell) for cell in placed}) == len(placed):
            marked.update(placed)
    return cells, marked


def _box(cell: tuple[int, int]) -> int:
    return cell[0] // 3 * 3 + cell[1] // 3


def test_covered_digits_and_template_cells_are_those_of_the_listed_templates() -> None:
    seen = [0, 0]
    for cg in _grids():
        known = np.empty((9, 9), dtype=np.int64)
        covered = template_cells(np.array(cg.cands, dtype=np.int64), known)
        for d in range(1, 10):
            cells, marked = _listing(cg.cands, d)
            assert {(r, c) for r in range(9) for c in range(9) if known[d - 1, r] >> c & 1} == marked
            assert template_rows(cg.cands, d) == known[d - 1].tolist()
            assert bool(covered >> (d - 1) & 1) == (marked == cells), (cg.to_sukaku(), d)
            seen[marked == cells] += 1
        assert template_covered(cg.cands) == covered
    assert min(seen) > 20, seen  # both answers are met often


def test_a_digit_with_no_candidate_is_covered_and_an_unmatched_one_is_not() -> None:
    known = np.empty((9, 9), dtype=np.int64)
    cands = [0] * 81
    assert template_cells(np.array(cands, dtype=np.int64), known) == 0x1FF
    cands[0] = cands[1] = 1  # digit 1 open in row 1 only, in two columns: no template
    assert not template_cells(np.array(cands, dtype=np.int64), known) & 1
    assert not known[0].any()


def test_single_digit_searches_find_nothing_on_covered_digits() -> None:
    searched = 0
    for cg in _grids():
        covered = template_covered(cg.cands)
        masks = digit_cells(cg)[1:]
        for d, pos in enumerate(all_unit_positions(cg.cands), start=1):
            if not covered >> (d - 1) & 1:
                continue
            searched += 1
            for kind in ("franken", "mutant"):
                assert not any(complex_fish._search(masks[d - 1], d, kind).rows.values()), (kind, d)
            for n in (2, 3, 4):
                assert not list(fish._basic_fish_digit(pos, n, d))
                assert fish._finned_digit(pos, n, d) == ([], [])
            assert not any(steps for _, steps in single_digit._chains_digit(pos, d))
            assert not list(single_digit._er_digit(pos, d))
    assert searched > 100


def test_fish_searched_for_cells_in_no_template_are_all_the_fish() -> None:
    searched = 0
    for cg in _grids()[::2]:
        covered = template_covered(cg.cands)
        masks = digit_cells(cg)[1:]
        for d in range(1, 10):
            if covered >> (d - 1) & 1 or not masks[d - 1]:
                continue
            searched += 1
            for kind in ("franken", "mutant"):
                narrowed = complex_fish._search(masks[d - 1], d, kind, template_rows(cg.cands, d))
                assert narrowed.rows == complex_fish._search(masks[d - 1], d, kind).rows, (kind, d)
    assert searched > 10
