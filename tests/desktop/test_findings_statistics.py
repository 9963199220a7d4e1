"""Issue 37's finding: statistics count a solved puzzle once, however often the app is relaunched."""

from __future__ import annotations

from desktop.bridge import RecordingBridge
from desktop.contract.api import Api
from tests.harness.states import state_of

P = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
P_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def _solved(api: Api) -> int:
    statistics = state_of(api)["statistics"]
    return sum(level["solved"] for level in statistics.values())


def _relaunch(api: Api, folder) -> Api:
    api._shutdown()
    return Api(RecordingBridge(), folder, "en")


def test_a_solved_game_counts_once_across_relaunches(tmp_path):
    api = Api(RecordingBridge(), tmp_path, "en")
    assert api.import_text(P)["ok"]
    for cell, (given, digit) in enumerate(zip(P, P_SOLUTION, strict=True)):
        if given == "0":
            assert api.set_cell(cell, int(digit))["ok"]
    assert _solved(api) == 1
    api = _relaunch(api, tmp_path)
    assert api.paint(0, 3)["ok"]
    assert _solved(api) == 1
    api = _relaunch(api, tmp_path)
    assert api.clear_colours()["ok"]
    assert _solved(api) == 1
    api = _relaunch(api, tmp_path)  # an Undo and a Redo after a relaunch do not count it again either
    assert api.undo()["ok"] and api.redo()["ok"]
    assert _solved(api) == 1
    api._shutdown()


def test_a_game_solved_in_a_save_without_marks_is_not_counted_again(tmp_path):
    """A save written before the marks were saved: a game already solved there was counted then."""
    import json

    api = Api(RecordingBridge(), tmp_path, "en")
    assert api.import_text(P)["ok"]
    for cell, (given, digit) in enumerate(zip(P, P_SOLUTION, strict=True)):
        if given == "0":
            api.set_cell(cell, int(digit))
    api._shutdown()
    path = tmp_path / "game.json"
    body = json.loads(path.read_text())
    for game in body["play"]["games"]:
        game.pop("recorded", None)
    path.write_text(json.dumps(body))
    api = Api(RecordingBridge(), tmp_path, "en")
    assert api.paint(4, 2)["ok"]
    assert _solved(api) == 1
    api._shutdown()


def _type_solution(api: Api, puzzle: str, solution: str) -> None:
    for cell, (given, digit) in enumerate(zip(puzzle, solution, strict=True)):
        if given == "0":
            assert api.set_cell(cell, int(digit))["ok"]


def test_each_puzzle_solved_counts_once_even_in_one_game(tmp_path):
    """Two puzzles imported and solved one after the other count two; Undo back to the first, a
    relaunch and Redo count neither again."""
    q, q_solution = (t.translate(str.maketrans("12", "21")) for t in (P, P_SOLUTION))
    api = Api(RecordingBridge(), tmp_path, "en")
    assert api.import_text(P)["ok"]
    _type_solution(api, P, P_SOLUTION)
    assert api.import_text(q)["ok"]
    _type_solution(api, q, q_solution)
    assert _solved(api) == 2
    for _ in range(P.count("0") + 1):  # back through Q's digits to P, solved
        assert api.undo()["changed"]
    assert "".join(map(str, state_of(api)["digits"])) == P_SOLUTION
    api = _relaunch(api, tmp_path)
    assert api.redo()["changed"] and api.paint(0, 1)["ok"]
    assert _solved(api) == 2
    api._shutdown()
