"""The mid end (desktop/midend): moves, undo/redo, modes, saving, and the checks the window shows."""

from __future__ import annotations

import csv
import itertools

import numpy as np
import pytest

from desktop.midend import Game, GameError, check_puzzle, hidden_singles, quick_status, refine_status
from engine import is_solution
from tests.harness.paths import DATA

CORRECTNESS = DATA / "correctness"


def _rows(name: str, n: int) -> list[dict[str, str]]:
    with open(CORRECTNESS / name, newline="") as f:
        return list(itertools.islice(csv.DictReader(f, delimiter="\t"), n))


def _kaggle(n: int) -> list[tuple[str, str]]:
    with open(CORRECTNESS / "kaggle_bryanpark_first1000.csv") as f:
        lines = [ln.strip() for ln in f if "," in ln][1 : n + 1]
    return [tuple(ln.split(",")) for ln in lines]  # type: ignore[misc]


def _digits(text: str) -> list[int]:
    return [0 if ch in ".0" else int(ch) for ch in text]


def test_play_entries_undo_and_redo_restore_the_board_exactly():
    game = Game()
    moves = [(0, 5), (1, 3), (0, 7), (40, 9), (1, 0)]
    boards = [list(game.digits)]
    for cell, digit in moves:
        assert game.set_cell(cell, digit)
        boards.append(list(game.digits))
    assert game.origins[0] == "entry" and game.origins[1] == ""
    for expected in reversed(boards[:-1]):
        assert game.undo()
        assert game.digits == expected
    assert not game.undo() and not game.can_undo
    for expected in boards[1:]:
        assert game.redo()
        assert game.digits == expected
    assert not game.redo()


def test_a_new_move_after_undo_drops_the_redo_log():
    game = Game()
    game.set_cell(0, 1)
    game.set_cell(1, 2)
    game.undo()
    game.set_cell(2, 3)
    assert not game.can_redo
    assert game.digits[:3] == [1, 0, 3]


def test_setting_the_same_digit_is_not_a_move():
    game = Game()
    game.set_cell(10, 4)
    version = game.version
    assert game.set_cell(10, 4) is False
    assert game.version == version


def test_enter_mode_makes_givens_that_play_mode_refuses_to_change():
    game = Game()
    game.set_mode("enter")
    game.set_cell(0, 5)
    game.set_mode("play")
    assert game.origins[0] == "given"
    with pytest.raises(GameError) as err:
        game.set_cell(0, 6)
    assert err.value.code == "read_only"
    with pytest.raises(GameError):
        game.set_cell(0, 0)
    assert game.digits[0] == 5


def test_clear_and_load_puzzle_are_single_undoable_moves():
    puzzle, _ = _kaggle(1)[0]
    game = Game()
    game.set_cell(3, 9)
    game.load_puzzle(_digits(puzzle))
    assert game.digits == _digits(puzzle)
    assert all(o == ("given" if d else "") for d, o in zip(game.digits, game.origins, strict=True))
    game.clear()
    assert game.digits == [0] * 81
    game.undo()
    assert game.digits == _digits(puzzle)
    game.undo()
    assert game.digits[3] == 9 and sum(map(bool, game.digits)) == 1


@pytest.mark.parametrize("puzzle,solution", _kaggle(25))
def test_hidden_singles_only_place_digits_of_the_solution(puzzle, solution):
    digits = _digits(puzzle)
    placed = hidden_singles(digits)
    assert placed, "these easy puzzles always have a hidden single"
    assert len({c for c, _ in placed}) == len(placed), "a cell was filled twice"
    for cell, digit in placed:
        assert digits[cell] == 0
        assert int(solution[cell]) == digit


def test_hidden_singles_stop_when_none_is_left():
    puzzle, solution = _kaggle(3)[2]
    digits = _digits(puzzle)
    for cell, digit in hidden_singles(digits):
        digits[cell] = digit
    assert hidden_singles(digits) == []
    if all(digits):
        assert is_solution(digits, _digits(puzzle))


def test_fill_is_one_move_with_its_own_origin():
    puzzle, _ = _kaggle(1)[0]
    game = Game()
    game.load_puzzle(_digits(puzzle))
    placed = hidden_singles(game.digits)
    game.place(placed, "fill")
    assert {c for c, o in enumerate(game.origins) if o == "inferred"} == {c for c, _ in placed}
    game.undo()
    assert game.digits == _digits(puzzle)


@pytest.mark.parametrize("row", _rows("derived_duplicate_given.tsv", 5))
def test_check_names_the_repeated_digit(row):
    result = check_puzzle(_digits(row["modified_puzzle"]))
    assert result["kind"] == "invalid"
    cell, digit = int(row["cell_index0"]), int(row["digit"])
    assert any(c["digit"] == digit and cell in c["cells"] for c in result["conflicts"])


@pytest.mark.parametrize("row", _rows("derived_nosolution_noduplicate.tsv", 5))
def test_check_finds_no_solution_without_a_repeat(row):
    result = check_puzzle(_digits(row["modified_puzzle"]))
    assert result["kind"] == "none" and result["conflicts"] == []


@pytest.mark.parametrize("row", _rows("derived_exactly2_deadly_rectangle.tsv", 5))
def test_check_counts_exactly_two_solutions(row):
    result = check_puzzle(_digits(row["puzzle77"]))
    assert result["kind"] == "multiple" and result["count"] == 2 and not result["capped"]


def test_check_caps_the_count_of_a_nearly_empty_board():
    digits = [0] * 81
    digits[0] = 1
    result = check_puzzle(digits, cap=10)
    assert result == {"kind": "multiple", "count": 10, "capped": True, "cap": 10, "conflicts": []}


@pytest.mark.parametrize("puzzle,solution", _kaggle(5))
def test_check_confirms_one_solution(puzzle, solution):
    assert check_puzzle(_digits(puzzle))["kind"] == "unique"


def test_quick_status_kinds():
    assert quick_status([0] * 81, 0)["kind"] == "empty"
    puzzle, solution = _kaggle(1)[0]
    assert quick_status(_digits(puzzle), 1)["kind"] == "valid"
    assert quick_status(_digits(solution), 2)["kind"] == "solved"
    bad = _digits(solution)
    bad[0], bad[1] = bad[1], bad[0]  # swapping two cells of a row repeats digits in their columns
    status = quick_status(bad, 3)
    assert status["kind"] == "invalid" and status["conflicts"]
    # row 1 holds 1-8, column 9 holds a 9 below: r1c9 has no candidate left
    dead = [1, 2, 3, 4, 5, 6, 7, 8, 0] + [0] * 72
    dead[9 * 4 + 8] = 9
    assert quick_status(dead, 4)["kind"] == "unsolvable"


def test_refine_status_marks_a_board_without_solutions_unsolvable():
    puzzle, _ = _kaggle(1)[0]
    status = quick_status(_digits(puzzle), 7)
    assert refine_status(status, 0)["kind"] == "unsolvable"
    assert refine_status(status, 1) == dict(status, solutions=1)
    assert refine_status(status, 5)["solutions"] == 2


@pytest.mark.parametrize("row", _rows("derived_nosolution_noduplicate.tsv", 10))
def test_hidden_singles_never_create_a_repeat_on_a_wrong_board(row):
    from engine import conflicts

    digits = _digits(row["modified_puzzle"])
    for cell, digit in hidden_singles(digits):
        assert digits[cell] == 0
        digits[cell] = digit
    assert conflicts(np.array(digits, dtype=np.uint8)) == []
