"""Digit templates (engine/template_kernels.py): which digits single-digit logic can remove nothing from.

On states of walks through the hardest known puzzles (tests/test_third_pass_techniques.py) the
compiled answer is compared with every template listed in plain Python, and each single-digit
search, run unfiltered, is shown to find nothing on a covered digit: that is why their finders may
skip those digits.
"""

from __future__ import annotations

from functools import cache
from itertools import product

import numpy as np
from test_third_pass_techniques import _states

from engine.candidates import CandidateGrid, all_unit_positions, template_covered
from engine.human import parse_state
from engine.strategies import complex_fish, fish, single_digit
from engine.template_kernels import covered_digits

STATES = slice(1, None, 5)  # some 70 states, crowded and sparse


@cache
def _grids() -> list[CandidateGrid]:
    return [parse_state(state) for state, _ in _states()[STATES]]


def _covered_by_listing(cands: list[int], d: int) -> bool:
    """Return True when every candidate of digit ``d`` lies in one of the templates listed here."""
    rows = {r: [c for c in range(9) if cands[9 * r + c] >> (d - 1) & 1] for r in range(9)}
    rows = {r: cs for r, cs in rows.items() if cs}
    cells = {(r, c) for r, cs in rows.items() for c in cs}
    if not len(rows) == len({c for _, c in cells}) == len({_box(cell) for cell in cells}):
        return False  # an open column or box that no template could fill
    marked = set()
    for pick in product(*rows.values()):
        placed = list(zip(rows, pick, strict=True))
        if len({c for _, c in placed}) == len({_box(cell) for cell in placed}) == len(placed):
            marked.update(placed)
    return marked == cells


def _box(cell: tuple[int, int]) -> int:
    return cell[0] // 3 * 3 + cell[1] // 3


def test_covered_digits_are_those_whose_candidates_all_lie_in_listed_templates() -> None:
    seen = [0, 0]
    for cg in _grids():
        covered = covered_digits(np.array(cg.cands, dtype=np.int64))
        for d in range(1, 10):
            expected = _covered_by_listing(cg.cands, d)
            assert bool(covered >> (d - 1) & 1) == expected, (cg.to_sukaku(), d)
            seen[expected] += 1
        assert template_covered(cg.cands) == covered
    assert min(seen) > 20, seen  # both answers are met often


def test_a_digit_with_no_candidate_is_covered_and_an_unmatched_one_is_not() -> None:
    cands = [0] * 81
    assert covered_digits(np.array(cands, dtype=np.int64)) == 0x1FF
    cands[0] = cands[1] = 1  # digit 1 open in row 1 only, in two columns: no template
    assert not covered_digits(np.array(cands, dtype=np.int64)) & 1


def test_single_digit_searches_find_nothing_on_covered_digits() -> None:
    searched = 0
    for cg in _grids():
        covered = template_covered(cg.cands)
        masks = complex_fish._digit_masks(cg.cands)
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
