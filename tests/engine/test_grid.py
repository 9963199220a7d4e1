"""Geometry invariants, conflicts and the independent solution check."""

from __future__ import annotations

import numpy as np
import pytest

from engine.grid import (
    CELL_UNITS,
    N_CELLS,
    PEERS,
    UNITS,
    Conflict,
    as_grid,
    box_of,
    cell_name,
    col_of,
    conflicting_cells,
    conflicts,
    is_solution,
    row_of,
    unit_name,
)

SOLVED = "974236158638591742125487936316754289742918563589362417867125394253649871491873625"


def test_there_are_81_cells_and_27_units_of_9_distinct_cells():
    assert N_CELLS == 81
    assert len(UNITS) == 27
    assert all(len(u) == 9 and len(set(u)) == 9 for u in UNITS)
    assert {c for u in UNITS for c in u} == set(range(81))


def test_rows_columns_and_boxes_each_partition_the_board():
    for kind in range(3):
        cells = [c for u in UNITS[kind * 9 : kind * 9 + 9] for c in u]
        assert sorted(cells) == list(range(81)), unit_name(kind * 9)[0]


def test_every_cell_is_in_exactly_three_units_one_of_each_kind():
    for cell in range(81):
        holding = [u for u, cells in enumerate(UNITS) if cell in cells]
        assert holding == list(CELL_UNITS[cell])
        assert [unit_name(u)[0] for u in holding] == ["row", "column", "box"]
        assert holding == [row_of(cell), 9 + col_of(cell), 18 + box_of(cell)]


def test_every_cell_has_20_peers_and_the_peer_relation_is_symmetric_and_irreflexive():
    for cell in range(81):
        assert len(PEERS[cell]) == 20
        assert cell not in PEERS[cell]
        for p in PEERS[cell]:
            assert cell in PEERS[p]
            assert row_of(p) == row_of(cell) or col_of(p) == col_of(cell) or box_of(p) == box_of(cell)


def test_two_cells_are_peers_exactly_when_they_share_a_unit():
    for a in range(81):
        for b in range(81):
            shared = any(a in u and b in u for u in UNITS)
            assert (b in PEERS[a]) == (shared and a != b)


def test_boxes_are_numbered_row_major():
    assert box_of(0) == 0 and box_of(8) == 2 and box_of(27) == 3 and box_of(80) == 8
    assert UNITS[18 + 4] == (30, 31, 32, 39, 40, 41, 48, 49, 50)


def test_cell_names_are_one_based():
    assert cell_name(0) == "r1c1"
    assert cell_name(80) == "r9c9"
    assert cell_name(12) == "r2c4"


def test_unit_name_rejects_ids_outside_0_to_26():
    with pytest.raises(IndexError):
        unit_name(27)


@pytest.mark.parametrize("text", [SOLVED, SOLVED.replace("9", "."), SOLVED.replace("9", "0")])
def test_as_grid_reads_dots_and_zeros_as_empty(text):
    grid = as_grid(text)
    assert grid.dtype == np.uint8 and grid.shape == (81,)
    assert "".join(str(d) for d in grid) == text.replace(".", "0")


@pytest.mark.parametrize("text", [SOLVED[:80], SOLVED + "1", SOLVED[:40] + "x" + SOLVED[41:]])
def test_as_grid_rejects_wrong_lengths_and_letters(text):
    with pytest.raises(ValueError):
        as_grid(text)


def test_a_solved_grid_has_no_conflicts_and_is_a_solution():
    grid = as_grid(SOLVED)
    assert conflicts(grid) == []
    assert is_solution(grid, grid)
    assert is_solution(grid, np.zeros(81, dtype=np.uint8))


def test_conflicts_name_the_digit_the_unit_and_every_cell():
    grid = as_grid(SOLVED)
    grid[3] = grid[0]  # r1c4 repeats r1c1's digit in row 1 (and clashes in its column and box)
    digit = int(grid[0])
    found = conflicts(grid)
    assert Conflict(digit, 0, (0, 3)) in found
    assert found[0].describe() == f"repeated {digit} in row 1 (r1c1, r1c4)"
    assert {0, 3} <= conflicting_cells(grid)
    # every conflict really is a repeated digit in its unit
    for c in found:
        assert all(grid[cell] == c.digit for cell in c.cells) and len(c.cells) >= 2
        assert set(c.cells) <= set(UNITS[c.unit])


def test_is_solution_rejects_changed_givens_incomplete_grids_and_repeats():
    solution = as_grid(SOLVED)
    puzzle = solution.copy()
    puzzle[::2] = 0
    assert is_solution(solution, puzzle)
    changed = puzzle.copy()
    changed[1] = solution[1] % 9 + 1
    assert not is_solution(solution, changed)
    incomplete = solution.copy()
    incomplete[40] = 0
    assert not is_solution(incomplete, puzzle)
    swapped = solution.copy()
    swapped[0], swapped[1] = swapped[1], swapped[0]  # rows stay full, columns break
    assert not is_solution(swapped, np.zeros(81, dtype=np.uint8))
    assert not is_solution(solution[:80], puzzle)
