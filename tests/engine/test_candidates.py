"""Candidates: peer exclusion, checked against boards filled the way a person fills them."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import PEERS, as_grid
from engine.candidates import ALL_DIGITS, candidate_masks, candidates, mask_digits


@st.composite
def partial_boards(draw: st.DrawFn) -> np.ndarray:
    """A board filled cell by cell with digits no peer holds yet, as a person would write them."""
    grid = np.zeros(81, dtype=np.uint8)
    order = draw(st.permutations(range(81)))
    for cell in order[: draw(st.integers(0, 60))]:
        used = {int(grid[p]) for p in PEERS[cell]}
        allowed = [d for d in range(1, 10) if d not in used]
        if allowed:
            grid[cell] = draw(st.sampled_from(allowed))
    return grid


@settings(max_examples=150, deadline=None)
@given(partial_boards())
def test_candidates_never_include_a_peers_digit_and_include_every_other(grid):
    cands = candidates(grid)
    for cell in range(81):
        peer_digits = {int(grid[p]) for p in PEERS[cell]} - {0}
        if grid[cell]:
            assert cands[cell] == []
        else:
            assert set(cands[cell]) == set(range(1, 10)) - peer_digits


@settings(max_examples=100, deadline=None)
@given(partial_boards())
def test_masks_and_digit_lists_agree(grid):
    masks = candidate_masks(grid)
    assert masks.shape == (81,)
    for cell, digits in enumerate(candidates(grid)):
        assert mask_digits(int(masks[cell])) == digits
        assert sum(1 << (d - 1) for d in digits) == masks[cell]


def test_empty_board_allows_every_digit_everywhere():
    assert (candidate_masks(np.zeros(81, dtype=np.uint8)) == ALL_DIGITS).all()


def test_a_cell_whose_peers_hold_every_digit_has_no_candidate():
    grid = as_grid("12345678." + "." * 63 + "........9")
    assert candidates(grid)[8] == []
    assert candidates(grid)[9] == [4, 5, 6, 7, 8, 9]  # r2c1 sees 1, 2, 3 in its box
