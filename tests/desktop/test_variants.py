"""Variants in the window (issue 40), the desktop half: the real Api, mid end, engine and storage.

Published puzzles of ``../shared/data/variants/train.jsonl`` are pasted as the links and JSON a player
would paste; the board's shape, moves, Check and saves are read back as the page reads them.
"""

from __future__ import annotations

import json

import pytest

import engine
from desktop.bridge import RecordingBridge
from desktop.contract.api import Api
from tests.harness.states import state_of
from tests.harness.variant_data import TRAIN

DIGITS = "123456789ABCDEFG"


def _record(puzzle_id: str) -> dict:
    for line in TRAIN.read_text().splitlines():
        record = json.loads(line)
        if record["id"] == puzzle_id:
            return record
    raise KeyError(puzzle_id)


def _solution(record: dict) -> list[int]:
    return [DIGITS.index(ch.upper()) + 1 for ch in record["solution"]]


def _link(record: dict) -> str:
    return engine.fpuzzles_link(engine.read_fpuzzles(record["fpuzzles"]))


@pytest.fixture
def api(tmp_path):
    made = Api(RecordingBridge(), tmp_path)
    yield made
    made._shutdown()


def test_a_pasted_killer_link_brings_its_cages_into_the_snapshot_and_check_judges_by_its_solution(api):
    record = _record("iss-killer")
    puzzle = engine.read_fpuzzles(record["fpuzzles"])
    assert api.import_text(_link(record))["ok"]
    state = state_of(api)
    shape = state["shape"]
    assert shape["size"] == 9 and shape["box"] == [3, 3] and shape["kind"] == "killer"
    assert shape["constraints"] == puzzle.to_dict()["constraints"]
    assert shape["regions"] == list(puzzle.regions)
    assert all(len(state[key]) == 81 for key in ("digits", "origins", "notes", "candidates", "colours"))
    solution = _solution(record)
    wrong = next(d for d in range(1, 10) if d not in (solution[0], solution[1]))  # no repeat in row 1
    assert api.set_cell(0, solution[0])["ok"] and api.set_cell(1, wrong)["ok"]
    answer = api.check()
    assert answer["check"] == {"kind": "wrong", "cells": [1], "empty": 79}


def test_a_repeat_in_a_cage_is_a_conflict_named_by_the_cage(api):
    record = _record("iss-killer")
    puzzle = engine.read_fpuzzles(record["fpuzzles"])
    assert api.import_text(json.dumps(record["fpuzzles"]))["ok"]
    index, cage = next((i, c) for i, c in enumerate(puzzle.constraints)
                       if c.kind == "cage" and len(c.cells) >= 2
                       and len({r // 9 for r in c.cells[:2]}) == 2 and len({r % 9 for r in c.cells[:2]}) == 2
                       and len({puzzle.regions[r] for r in c.cells[:2]}) == 2)
    a, b = cage.cells[:2]
    assert api.set_cell(a, 1)["ok"] and api.set_cell(b, 1)["ok"]
    state = state_of(api)
    assert state["conflicts"] == sorted([a, b])
    repeat = {"digit": 1, "kind": "cage", "index": index, "cells": sorted([a, b])}
    assert repeat in state["status"]["conflicts"]


@pytest.mark.parametrize(("puzzle_id", "size", "box"),
                         [("iss-6x6", 6, [2, 3]), ("iss-16x16-jigsaw", 16, [4, 4])])
def test_a_6x6_and_a_16x16_imported_as_json_have_n_by_n_cells_and_take_moves_and_check(api, puzzle_id, size,
                                                                                       box):
    record = _record(puzzle_id)
    assert api.import_text(json.dumps(record["fpuzzles"]))["ok"]
    state = state_of(api)
    cells = size * size
    assert state["shape"]["size"] == size and state["shape"]["box"] == box
    per_cell = ("digits", "origins", "notes", "candidates", "note_colours")
    assert all(len(state[key]) == cells for key in per_cell)
    solution = _solution(record)
    empty = [c for c in range(cells) if not state["digits"][c]]
    assert api.set_cell(cells, 1)["error"]["params"]["high"] == cells - 1
    assert api.set_cell(empty[0], size + 1)["error"]["params"]["high"] == size
    assert api.toggle_note(empty[1], size)["ok"]
    assert state_of(api)["notes"][empty[1]] == 1 << (size - 1)
    for cell in empty[:-1]:
        assert api.set_cell(cell, solution[cell])["ok"]
    assert api.check()["check"] == {"kind": "empty", "empty": 1}
    assert api.set_cell(empty[-1], solution[empty[-1]])["ok"]
    assert api.check()["check"]["kind"] == "solved"
    assert state_of(api)["status"]["kind"] == "solved"


def test_undo_of_an_import_brings_back_the_board_of_the_other_shape(api):
    assert api.import_text(json.dumps(_record("iss-6x6")["fpuzzles"]))["ok"]
    six = state_of(api)
    assert api.import_text(json.dumps(_record("iss-16x16-jigsaw")["fpuzzles"]))["ok"]
    assert len(state_of(api)["digits"]) == 256
    assert api.undo()["changed"]
    back = state_of(api)
    assert all(back[key] == six[key] for key in ("shape", "digits", "origins"))
    assert api.redo()["changed"] and state_of(api)["shape"]["size"] == 16


def test_an_unknown_constraint_is_named_and_nothing_changes(api):
    before = state_of(api)
    text = json.dumps({"size": 9, "grid": [[{} for _ in range(9)] for _ in range(9)],
                       "palindrome": [{"lines": [["R1C1", "R1C2"]]}]})
    answer = api.import_text(text)
    assert answer["error"]["code"] == "unsupported"
    assert answer["error"]["params"]["constraints"] == ["palindrome"]
    assert "palindrome" in answer["error"]["message"]
    after = state_of(api)
    assert after["shape"] == before["shape"] and after["digits"] == before["digits"]


def test_a_classic_puzzle_keeps_the_classic_shape():
    from desktop.midend.shape import CLASSIC

    boxes = [(r // 3) * 3 + c // 3 for r in range(9) for c in range(9)]
    expected = {"size": 9, "box": [3, 3], "regions": boxes, "constraints": [], "kind": "classic", "title": ""}
    assert CLASSIC.wire() == expected


def test_a_variant_game_is_saved_and_restored_after_a_relaunch_with_its_moves(tmp_path):
    record = _record("iss-killer")
    first = Api(RecordingBridge(), tmp_path)
    assert first.import_text(_link(record))["ok"]
    solution = _solution(record)
    assert first.set_cell(0, solution[0])["ok"] and first.toggle_note(1, 9)["ok"]
    before = state_of(first)
    first._shutdown()
    again = Api(RecordingBridge(), tmp_path)
    try:
        after = state_of(again)
        for key in ("shape", "digits", "origins", "notes"):
            assert after[key] == before[key], key
        assert again.undo()["changed"] and state_of(again)["notes"][1] == 0
        assert again.undo()["changed"] and state_of(again)["digits"][0] == 0
        assert again.check()["check"]["kind"] == "empty"  # the solution is known again: nothing is wrong
        assert again.set_cell(0, solution[0] % 9 + 1)["ok"]
        assert again.check()["check"]["cells"] == [0]
    finally:
        again._shutdown()


def test_export_and_the_share_link_of_a_variant_are_its_f_puzzles_link(api):
    record = _record("iss-killer")
    assert api.import_text(_link(record))["ok"]
    text = api.export_text("line", "puzzle")["text"]
    assert text.startswith("https://f-puzzles.com/?load=")
    assert engine.parse_puzzle(text) == engine.read_fpuzzles(record["fpuzzles"])
    assert api.share_link()["text"] == text
