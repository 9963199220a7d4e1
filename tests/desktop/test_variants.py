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
from desktop.host.learn import shows
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


def _solved_state(api: Api, timeout: float = 120) -> dict:
    return api._bridge.wait_for("state", lambda p: p["state"]["session"]["status"] in ("solved", "failed"),
                                timeout)["state"]


def test_watching_smart_search_on_a_pasted_killer_ends_on_its_published_solution_and_steps_back(api):
    record = _record("iss-killer")
    assert api.import_text(_link(record))["ok"]
    assert api.set_delay(0)["ok"] and api.solve("smart")["ok"]
    state = _solved_state(api)
    assert state["session"]["status"] == "solved" and state["digits"] == _solution(record)
    assert {o for o in state["origins"]} == {"solved"}  # a killer without givens: the run placed every digit
    length = state["session"]["length"]
    assert api.step_back()["ok"]
    frame = api._bridge.wait_for("frame", lambda f: f["position"] == length - 1, 10)
    assert len(frame["board"]) == 81 and len(frame["candidates"]) == 81
    assert api.seek(0)["ok"]
    assert api._bridge.wait_for("frame", lambda f: f["position"] == 0, 10)["board"] == [0] * 81


def test_watching_backtracking_and_human_logic_on_a_6x6_end_on_its_solution(api):
    record = _record("iss-6x6")
    assert api.import_text(json.dumps(record["fpuzzles"]))["ok"]
    assert api.set_delay(0)["ok"] and api.solve("naive")["ok"]
    state = _solved_state(api)
    assert state["session"]["status"] == "solved" and state["digits"] == _solution(record)
    assert api.undo()["changed"] and api.solve("human")["ok"]
    state = api._bridge.wait_for("state", lambda p: p["state"]["session"]["algorithm"] == "human"
                                 and p["state"]["session"]["status"] in ("solved", "failed"), 120)["state"]
    assert state["session"]["status"] == "solved" and state["digits"] == _solution(record)


def test_watching_human_logic_on_a_pasted_killer_plays_the_variant_steps_with_their_words_and_cages(api):
    record = _record("iss-killer")
    puzzle = engine.read_fpuzzles(record["fpuzzles"])
    path = engine.variant_path(puzzle, tuple(_solution(record)))
    assert api.import_text(_link(record))["ok"]
    assert api.set_delay(0)["ok"] and api.solve("human")["ok"]
    state = _solved_state(api)
    assert state["session"]["status"] == "solved" and state["digits"] == _solution(record)
    assert state["session"]["length"] == len(path) + 1  # one event a step, then "solved"
    assert api.seek(1)["ok"]
    frame = api._bridge.wait_for("frame", lambda f: f["position"] == 1, 10)
    event, first = frame["event"], path[0]
    assert event["kind"] == "logic" and event["step"]["technique"] == first.technique
    cages = sorted(first.detail["cages"])
    assert event["step"]["constraints"] == cages and event["step"]["highlight"]["constraints"] == cages
    words = event["step"]["words"]
    assert "cage" in words["en"].lower() and words["zh"] and words["zh"] != words["en"]
    assert event["step"]["name"]["en"] and event["step"]["name"]["zh"]
    after = engine.VariantState.start(puzzle)
    after.apply(first)
    assert frame["candidates"] == after.cands  # the variant logic's candidates, not the placed digits'
    assert api.step_back()["ok"]
    back = api._bridge.wait_for("frame", lambda f: f["position"] == 0, 10)
    assert back["board"] == [0] * 81 and back["event"] is None
    assert back["candidates"] == engine.VariantState.start(puzzle).cands


def test_where_the_variant_logic_stops_the_human_logic_run_shows_a_guess_of_the_solution_digit(
        api, monkeypatch):
    # the deeper chain's searches are spent at once (each stall of the full budget searches ~20 s in vain,
    # ~170 s on this thermo): what is checked is the guess shown where the logic stops
    monkeypatch.setattr("engine.logic.variant.deeper.PATH_BUDGET", 0)
    record = _record("iss-a-kind-of-magic")  # the chains solve the 16x16 X now; this thermo still guesses
    puzzle = engine.read_fpuzzles(record["fpuzzles"])
    solution = _solution(record)
    path = engine.variant_path(puzzle, tuple(solution))
    guesses = [i for i, s in enumerate(path) if s.technique == "guess"]
    assert guesses, "the variant logic solves this puzzle now: test the guess on one it does not"
    at = guesses[0]
    assert api.import_text(json.dumps(record["fpuzzles"]))["ok"]
    assert api.set_delay(0)["ok"] and api.solve("human")["ok"]
    state = _solved_state(api)
    assert state["session"]["status"] == "solved" and state["digits"] == solution
    assert api.seek(at + 1)["ok"]
    frame = api._bridge.wait_for("frame", lambda f: f["position"] == at + 1, 10)
    event = frame["event"]
    assert event["kind"] == "guess" and event["step"]["technique"] == "guess"
    assert event["digit"] == solution[event["cell"]] and event["step"]["words"]["zh"]


def test_step_on_a_variant_shows_human_logic_one_step_at_a_time(api):
    record = _record("iss-killer")
    puzzle = engine.read_fpuzzles(record["fpuzzles"])
    path = engine.variant_path(puzzle, tuple(_solution(record)))
    assert api.import_text(_link(record))["ok"]
    assert api.set_setting("algorithm", "human")["ok"]
    for n in (1, 2, 3):
        assert api.step()["ok"]
        frame = api._bridge.wait_for("frame", lambda f, n=n: f["position"] == n, 30)
        assert frame["event"]["step"]["technique"] == path[n - 1].technique
    assert state_of(api)["session"]["status"] == "paused"


def test_a_hint_on_a_killer_names_a_cage_technique_its_explanation_speaks_of_the_cage_and_apply_makes_it(api):
    record = _record("iss-killer")
    puzzle = engine.read_fpuzzles(record["fpuzzles"])
    assert api.import_text(_link(record))["ok"]
    cage_techniques = {t.id for t in engine.VARIANT_TECHNIQUES if t.family == "cages"}
    assert api.hint()["ok"]
    first = state_of(api)["hint"]
    assert first["level"] == 1 and first["technique"] == "" and first["variant"] is True
    cage = first["constraints"][0]
    assert puzzle.constraints[cage].kind == "cage"
    assert set(first["highlight"]["cells"]) == set(puzzle.constraints[cage].cells)
    for level in (2, 3, 4):
        assert api.hint()["ok"]
        hint = state_of(api)["hint"]
        assert hint["level"] == level
    assert hint["technique"] in cage_techniques and hint["technique_name"]["en"]
    step = hint["step"]
    assert "cage" in step["words"]["en"] and hint["can_apply"]
    eliminated = [tuple(p) for p in step["eliminations"]]
    assert eliminated
    assert api.apply_hint()["ok"]
    notes = state_of(api)["notes"]
    assert all(not notes[cell] >> (digit - 1) & 1 for cell, digit in eliminated)
    assert any(notes[cell] for cell, _ in eliminated)
    assert api.undo()["changed"] and not any(state_of(api)["notes"])


def test_the_rating_of_a_killer_is_its_variant_level_and_its_hardest_step_opens_on_the_timeline(api):
    record = _record("iss-killer")
    puzzle = engine.read_fpuzzles(record["fpuzzles"])
    expected = engine.rate_variant(puzzle, tuple(_solution(record)))
    assert api.import_text(_link(record))["ok"]
    assert api.rate_puzzle() == {"ok": True}
    rating = state_of(api)["rating"]
    assert rating["variant"] is True and rating["level"] == expected.level
    assert rating["score"] == expected.score
    assert rating["steps"] == len(expected.steps) == sum(rating["techniques"].values())
    assert list(rating["techniques"]) == list(dict.fromkeys(s.technique for s in expected.steps))
    assert all(rating["names"][t]["en"] and rating["names"][t]["zh"] for t in rating["techniques"])
    bottleneck = rating["bottleneck"]
    assert bottleneck["technique"] == expected.hardest
    assert expected.steps[bottleneck["index"]].technique == expected.hardest
    assert rating["logic_only"] is expected.logic_only
    assert api.open_step(bottleneck["index"])["ok"]
    frame = api._bridge.wait_for("frame", lambda f: f["position"] == bottleneck["index"] + 1, 30)
    assert frame["event"]["step"]["technique"] == expected.hardest
    assert state_of(api)["session"]["status"] == "paused"
    assert api.stop()["ok"]
    killer = api._host.board()
    assert shows(api._host, killer["givens"], killer["shape"])
    assert api.import_text(json.dumps(_record("iss-6x6")["fpuzzles"]))["ok"]
    assert state_of(api)["rating"] is None  # the rating belongs to the killer
    assert not shows(api._host, killer["givens"], killer["shape"])  # a killer's rating still going stops
    assert api.rate_puzzle()["ok"] and state_of(api)["rating"]["variant"] is True


def test_why_is_a_digit_wrong_on_a_killer_assumes_it_and_follows_the_variant_steps_to_a_contradiction(api):
    record = _record("iss-killer")
    puzzle = engine.read_fpuzzles(record["fpuzzles"])
    solution = _solution(record)
    assert api.import_text(_link(record))["ok"]
    cell, digit = 1, solution[1] % 9 + 1
    assert api.set_cell(cell, digit)["ok"]
    assert api.check()["check"]["cells"] == [cell]
    assert api.why_wrong()["ok"]
    why = state_of(api)["why"]
    assert why["variant"] is True and (why["cell"], why["digit"]) == (cell, digit)
    assert why["solution_digit"] == solution[cell] and why["found"] is True
    assert why["steps"] and all(s["words"]["en"] and s["words"]["zh"] for s in why["steps"])
    end = why["contradiction"]
    assert end["kind"] in ("no_digit", "repeat", "constraint")
    if end["kind"] == "constraint":  # a cage that can no longer make its total
        assert puzzle.constraints[end["index"]].kind == "cage"
    assert api.set_cell(cell, 0)["ok"] and state_of(api)["why"] is None  # the board changed: the proof goes


def test_why_is_a_digit_wrong_on_a_6x6_names_the_peer_that_holds_it(api):
    record = _record("iss-6x6")
    puzzle = engine.read_fpuzzles(record["fpuzzles"])
    solution = _solution(record)
    assert api.import_text(json.dumps(record["fpuzzles"]))["ok"]
    peers = {c: {p for h in puzzle.houses() if c in h.cells for p in h.cells} - {c} for c in range(36)}
    cell, peer = next((c, p) for c in range(36) if not puzzle.givens[c] for p in sorted(peers[c])
                      if puzzle.givens[p] and puzzle.givens[p] != solution[c])
    assert api.set_cell(cell, puzzle.givens[peer])["ok"]
    assert api.why_wrong()["ok"]
    why = state_of(api)["why"]
    assert why["found"] and why["steps"] == []
    assert why["contradiction"]["kind"] == "clash" and why["contradiction"]["digit"] == puzzle.givens[peer]
    assert why["contradiction"]["cell"] in peers[cell]


def _cages(record: dict) -> list[dict]:
    """The killer's cages as model records (what the page's "Draw cage" and "Cage sum" make)."""
    puzzle = engine.read_fpuzzles(record["fpuzzles"])
    return [c for c in puzzle.to_dict()["constraints"] if c["kind"] == "cage"]


def test_a_killer_entered_cage_by_cage_has_one_solution_and_without_a_cage_several_with_true_candidates(api):
    record = _record("iss-white-room-killer-sudoku")  # no cage of it follows from the others
    cages = _cages(record)
    assert api.add_constraint(cages[0])["error"]["code"] == "not_entering"
    assert api.set_mode("enter")["ok"]
    assert api.enter_shape("killer", 9) == {"ok": True, "changed": True}
    off_grid = api.add_constraint({"kind": "cage", "cells": [0, 81], "total": 3})
    assert off_grid["error"]["code"] == "bad_constraint"
    assert "off the 9x9 grid" in off_grid["error"]["message"]
    assert api.add_constraint({"kind": "spiral"})["error"]["code"] == "bad_constraint"
    for number, cage in enumerate(cages):
        assert api.add_constraint(cage) == {"ok": True, "changed": True, "index": number}
    state = state_of(api)
    assert state["mode"] == "enter" and state["shape"]["kind"] == "killer"
    assert state["shape"]["constraints"] == cages
    check = api.set_mode("play")["check"]
    assert check["kind"] == "unique" and check["count"] == 1
    assert api.check()["check"] == {"kind": "empty", "empty": 81}  # the solution is known: judged by it
    assert state_of(api)["true_candidates"] is None
    # the same puzzle without its first cage: several solutions, and what each cell may still hold
    assert api.set_mode("enter")["ok"]  # from the Killer shown: a blank Killer, no cage drawn
    assert state_of(api)["shape"]["kind"] == "killer" and not state_of(api)["shape"]["constraints"]
    assert api.enter_shape("killer", 9) == {"ok": True, "changed": False}
    for cage in cages:
        assert api.add_constraint(cage)["ok"]
    assert api.remove_constraint(0)["changed"]
    check = api.set_mode("play")["check"]
    assert check["kind"] == "multiple" and check["count"] >= 2
    truth = state_of(api)["true_candidates"]
    assert len(truth) == 81
    solution = _solution(record)
    assert all(truth[c] >> (solution[c] - 1) & 1 for c in range(81))  # the published solution is one
    # each digit a true candidate names is in some solution: given, the puzzle still has one
    rest = [engine.Cage(tuple(c["cells"]), c["total"]) for c in cages[1:]]
    open_cells = [c for c in range(81) if truth[c] & (truth[c] - 1)]
    for cell in open_cells[:2]:
        for digit in range(1, 10):
            givens = [0] * 81
            givens[cell] = digit
            trial = engine.Puzzle.checked(9, givens, (), rest)
            assert bool(engine.count_solutions(trial, 1)) == bool(truth[cell] >> (digit - 1) & 1)


def test_a_classic_puzzle_typed_with_two_solutions_shows_both_solutions_digits_as_true_candidates(api):
    from tests.harness.puzzles import exactly_two

    row = exactly_two(0)
    assert api.set_mode("enter")["ok"]
    for cell, ch in enumerate(row["puzzle77"]):
        if ch != "0":
            assert api.set_cell(cell, int(ch))["ok"]
    assert api.set_mode("play")["check"]["kind"] == "multiple"
    both = [(1 << (int(a) - 1)) | (1 << (int(b) - 1)) for a, b in zip(row["solution_a"], row["solution_b"],
                                                                         strict=True)]
    assert state_of(api)["true_candidates"] == both


def test_x_windoku_and_rule_kinds_start_with_their_constraints_and_a_jigsaw_is_painted(api):
    assert api.set_mode("enter")["ok"]
    assert api.enter_shape("x", 6)["ok"]
    assert [c["kind"] for c in state_of(api)["shape"]["constraints"]] == ["diagonal", "diagonal"]
    assert len(state_of(api)["digits"]) == 36
    assert api.enter_shape("windoku", 6)["error"]["code"] == "bad_argument"
    assert api.enter_shape("windoku", 9)["ok"]
    assert [c["kind"] for c in state_of(api)["shape"]["constraints"]] == ["region"] * 4
    assert api.enter_shape("antiknight", 9)["ok"]
    assert state_of(api)["shape"]["constraints"] == [{"kind": "rule", "name": "antiknight"}]
    assert api.enter_shape("jigsaw", 4)["ok"]
    assert api.set_region(1, 2)["changed"]  # region 0 now has 3 cells, region 2 five: not whole
    assert state_of(api)["shape"]["regions"][1] == 2
    check = api.set_mode("play")["check"]
    assert check["kind"] == "invalid" and "regions" in check["problem"]
    assert api.undo()["ok"] and api.undo()["ok"]
    assert state_of(api)["shape"]["kind"] == "antiknight"


def test_print_of_a_pasted_killer_draws_it_as_a_killer(tmp_path):
    from tests.engine.test_print import _pages

    pdf = tmp_path / "killer.pdf"

    class SaveAs(RecordingBridge):
        def choose_file(self, kind: str) -> str:
            return str(pdf)

    api = Api(SaveAs(), tmp_path, "en")
    try:
        assert api.import_text(_link(_record("iss-killer")))["ok"]
        assert api.print_pdf("puzzle", 1, False) == {"ok": True, "saved": "killer.pdf"}
        words = [w[4] for page in _pages(pdf) for w in page]
        assert "Killer" in words
    finally:
        api._shutdown()


def test_fill_last_remaining_cells_and_fill_candidates_on_a_6x6(api):
    record = _record("iss-6x6")
    assert api.import_text(json.dumps(record["fpuzzles"]))["ok"]
    before = state_of(api)
    answer = api.fill_singles()
    assert answer["ok"] and answer["placed"] > 0
    after = state_of(api)
    solution = _solution(record)
    placed = [c for c in range(36) if after["digits"][c] != before["digits"][c]]
    assert len(placed) == answer["placed"] and all(after["digits"][c] == solution[c] for c in placed)
    assert api.fill_candidates()["changed"]
    notes = state_of(api)["notes"]
    assert all(notes[c] >> (solution[c] - 1) & 1 for c in range(36) if not after["digits"][c])
    assert max(notes) < 1 << 6


@pytest.mark.parametrize(("kind", "size"), [("killer", 4), ("jigsaw", 6), ("x", 4)])
def test_new_puzzle_of_a_variant_kind_arrives_with_its_shape_and_one_solution(api, kind, size):
    assert api.set_setting("difficulty", "any")["ok"]
    assert api.new_variant(kind, size) == {"ok": True, "pending": True}
    state = api._bridge.wait_for("state", lambda p: p["state"]["shape"]["kind"] == kind, 120)["state"]
    assert state["shape"]["size"] == size and len(state["digits"]) == size * size
    told = [n for n in state["notices"] if n["code"] == "new_puzzle"][-1]
    assert told["params"]["kind"] == kind and told["params"]["size"] == size
    givens = [d if o == "given" else 0 for d, o in zip(state["digits"], state["origins"], strict=True)]
    line = "".join(DIGITS[d - 1] if d else "." for d in givens)
    model = engine.Puzzle.from_dict({"size": size, "givens": line, "regions": state["shape"]["regions"],
                                     "constraints": state["shape"]["constraints"]})
    assert engine.count_solutions(model, 2) == 1
    assert api.check()["check"]["kind"] == "empty"  # judged by its solution, which is known


def test_new_puzzle_refuses_a_kind_the_engine_does_not_make_at_that_size(api):
    assert api.new_variant("windoku", 6)["error"]["code"] == "bad_argument"
    assert api.new_variant("killer", 16)["error"]["code"] == "bad_argument"
    assert api.new_variant("spiral", 9)["error"]["code"] == "bad_argument"


def test_a_killer_without_givens_runs_the_clock_and_its_header_judges_the_cages_not_the_player(api):
    record = _record("iss-killer")
    assert api.import_text(_link(record))["ok"]
    solution = _solution(record)
    wrong = next(d for d in range(1, 10) if d != solution[40])
    assert api.set_cell(40, wrong)["ok"]
    state = state_of(api)
    assert state["timer"]["running"]
    assert state["status"]["kind"] == "valid" and state["status"]["filled"] == 1
    api._start()  # the window shows: the solver warms up and the analysis counts what the header judges
    counted = api._bridge.wait_for("state", lambda p: p["state"]["status"]["solutions"] is not None, 120)
    status = counted["state"]["status"]
    assert status["kind"] == "valid" and status["solutions"] == 1  # the puzzle's count, not the wrong digit's
