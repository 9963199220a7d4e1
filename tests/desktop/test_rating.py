"""The rating breakdown through the contract (desktop/contract/learn.py): ``rate_puzzle`` puts the puzzle's
breakdown in the state while it is the puzzle shown; ``open_step`` needs the board at its givens."""

from __future__ import annotations

from desktop.bridge import RecordingBridge
from desktop.contract.api import Api
from engine import rating_breakdown
from tests.harness.states import state_of

XY_CHAIN = "050000030902000408400000001046805390703060804800000002009604700004273900000000000"
OTHER = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"


def test_the_breakdown_comes_in_the_state_for_its_puzzle_only(tmp_path):
    api = Api(RecordingBridge(), tmp_path, "en")
    api.import_text(XY_CHAIN)
    assert state_of(api)["rating"] is None
    assert api.rate_puzzle() == {"ok": True}
    shown = state_of(api)["rating"]
    expected = rating_breakdown(XY_CHAIN)
    assert shown == expected  # technique ids only: the page words them
    assert api.set_cell(0, 1)["ok"]  # an entry: still the same puzzle
    assert state_of(api)["rating"] == shown
    answer = api.open_step(expected["bottleneck"]["index"])
    assert answer["error"]["code"] == "not_at_start"
    api.import_text(OTHER)
    assert state_of(api)["rating"] is None
    api.undo()
    assert state_of(api)["rating"] == shown  # Undo brought the rated puzzle back
    assert api.open_step(-1)["error"]["code"] == "bad_argument"
    api.import_text("1" + "0" * 80)  # many solutions: no rating
    assert api.rate_puzzle()["error"]["code"] == "no_solution"
