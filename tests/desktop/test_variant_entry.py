"""Issue 40, items 2 and 5, the desktop half: "Fill centre marks" writes a Killer's cages of few
combinations as centre marks (one undoable move, saved), checked against a brute-force count of each
cage's fillings; Enter puzzle from a variant starts the empty puzzle of its kind and size."""

from __future__ import annotations

import pytest

import engine
from desktop.bridge import RecordingBridge
from desktop.contract.api import Api
from tests.desktop.test_variants import _link, _record, _solution
from tests.harness.states import state_of

DIAGONALS = [{"kind": "diagonal", "anti": False}, {"kind": "diagonal", "anti": True}]


@pytest.fixture
def api(tmp_path):
    made = Api(RecordingBridge(), tmp_path)
    yield made
    made._shutdown()


def _free(digits: list[int], cell: int) -> set[int]:
    """The digits a cell of a 9x9 Killer may hold: none its row, column, box or cages hold already."""
    row, col = divmod(cell, 9)
    seen = {digits[r * 9 + c] for r in range(9) for c in range(9)
            if r == row or c == col or (r // 3, c // 3) == (row // 3, col // 3)}
    return set(range(1, 10)) - seen


def _fillings(cells: tuple[int, ...], total: int, digits: list[int],
              free: dict[int, set[int]]) -> list[tuple]:
    """Every way to fill ``cells`` with distinct digits summing to ``total`` (placed digits kept)."""
    out: list[tuple] = []

    def walk(i: int, used: tuple[int, ...]) -> None:
        if sum(used) > total:
            return
        if i == len(cells):
            if sum(used) == total:
                out.append(used)
            return
        cell = cells[i]
        for d in sorted({digits[cell]} if digits[cell] else free[cell]):
            if d not in used:
                walk(i + 1, (*used, d))

    walk(0, ())
    return out


def _expected_centres(puzzle: engine.Puzzle, digits: list[int], before: list[int]) -> list[int]:
    """Each cell's centre marks after Fill centre marks, worked out by brute force from the cages."""
    cages = [c for c in puzzle.constraints if c.kind == "cage" and c.total is not None]
    free = {cell: _free(digits, cell) - {digits[o] for k in cages if cell in k.cells for o in k.cells}
            for cell in range(81) if not digits[cell]}
    centres = list(before)
    for cage in cages:
        fillings = _fillings(tuple(cage.cells), cage.total, digits, free)
        if not 0 < len({frozenset(f) for f in fillings}) <= 2 or all(digits[c] for c in cage.cells):
            continue
        for i, cell in enumerate(cage.cells):
            if not digits[cell]:
                allowed = sum(1 << (d - 1) for d in {f[i] for f in fillings})
                centres[cell] = centres[cell] & allowed or allowed
    return centres


def test_fill_centre_marks_writes_cages_of_two_combinations_at_most_in_one_undoable_saved_move(api, tmp_path):
    record = _record("iss-killer")
    puzzle = engine.read_fpuzzles(record["fpuzzles"])
    assert api.import_text(_link(record))["ok"]
    solution = _solution(record)
    anything = {cell: set(range(1, 10)) for cell in range(81)}
    few = next(c for c in puzzle.constraints if c.kind == "cage" and len(c.cells) == 2
               and len(_fillings(tuple(c.cells), c.total, [0] * 81, anything)) <= 4)
    own = few.cells[0]
    wrong = next(d for d in range(1, 10) if d != solution[own])
    for digit in (solution[own], wrong):  # the player's own centre marks there: one the cage allows
        assert api.toggle_mark(own, digit, "centre")["ok"]
    placed = next(c for c in range(81) if c not in few.cells)
    assert api.set_cell(placed, solution[placed])["ok"]
    digits = state_of(api)["digits"]
    before = state_of(api)["centre"]
    answer = api.fill_cage_marks()
    want = _expected_centres(puzzle, digits, before)
    assert answer["ok"] and answer["changed"] and answer["cages"] > 0, answer
    state = state_of(api)
    assert state["centre"] == want
    assert state["centre"][own] & (1 << (solution[own] - 1)), "the solution's digit is kept"
    assert all(state["centre"][c] == 0 or (state["centre"][c] >> (solution[c] - 1)) & 1
               for c in range(81) if not digits[c]), "a filled centre mark never rules the solution out"
    assert state["digits"] == digits and state["notes"] == [0] * 81, "marks only"
    again = api.fill_cage_marks()  # again: nothing new
    assert again == {"ok": True, "changed": False, "cages": answer["cages"]}

    api._shutdown()  # a relaunch keeps them, one Undo takes them all back
    again = Api(RecordingBridge(), tmp_path)
    try:
        assert state_of(again)["centre"] == want
        assert again.undo()["ok"]
        assert state_of(again)["centre"] == before
    finally:
        again._shutdown()


def test_fill_centre_marks_on_a_puzzle_without_cage_sums_changes_nothing(api):
    from tests.harness.puzzles import easy_with_solution

    puzzle, _ = easy_with_solution(0)
    assert api.import_text(puzzle)["ok"]
    assert api.fill_cage_marks() == {"ok": True, "changed": False, "cages": 0}


@pytest.mark.parametrize(("puzzle_id", "kind", "size", "constraints"), [
    ("iss-killer", "killer", 9, []),
    ("iss-16x16-sudoku-x-hard", "x", 16, DIAGONALS),
    ("iss-6x6", "classic", 6, []),
])
def test_enter_puzzle_from_a_variant_starts_an_empty_puzzle_of_its_kind_and_size(api, puzzle_id, kind, size,
                                                                                  constraints):
    record = _record(puzzle_id)
    assert api.import_text(_link(record))["ok"]
    shown = state_of(api)
    assert api.set_mode("enter")["ok"]
    state = state_of(api)
    assert state["mode"] == "enter"
    assert (state["shape"]["kind"], state["shape"]["size"]) == (kind, size)
    assert sorted(state["shape"]["constraints"], key=str) == sorted(constraints, key=str)
    assert state["digits"] == [0] * size * size
    assert state["shape"]["regions"] == list(engine.Puzzle.checked(size, [0] * size * size).regions)
    assert api.set_mode("play")["ok"] and api.undo()["ok"]  # the puzzle shown before is one Undo away
    back = state_of(api)
    assert back["digits"] == shown["digits"] and back["shape"] == shown["shape"]
