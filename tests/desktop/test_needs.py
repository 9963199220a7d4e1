"""New puzzle by technique (issue 30, the app's half): the setting ``needs`` makes New puzzle's worker
ask ``engine.generate(needs=…)``; the puzzle's rating path uses that technique and nothing harder, and a
technique too rare to find in time gets a clear notice, the game left as it was."""

from __future__ import annotations

import pytest

from desktop.host import maker
from engine import TECHNIQUES, rate
from tests.harness.states import state_of, wait_notice

ORDER = [t.id for t in TECHNIQUES]


def _made(api, bridge) -> dict:
    """Press New puzzle; return the first state after it where nothing is being made any more."""
    seen = max((p["state"]["seq"] for p in bridge.named("state")), default=0)
    assert api.new_puzzle() == {"ok": True, "pending": True}
    making = bridge.wait_for("state", lambda p: p["state"]["seq"] > seen and p["state"]["busy"], timeout=10)
    after = making["state"]["seq"]
    return bridge.wait_for("state", lambda p: p["state"]["seq"] > after and not p["state"]["busy"],
                           timeout=60)["state"]


def test_new_puzzle_needs_the_chosen_technique_and_nothing_harder(api, bridge):
    assert api.set_setting("needs", "x_wing")["ok"]
    state = _made(api, bridge)
    path = [step.technique for step in rate(state["digits"]).steps]
    assert "x_wing" in path
    assert max(ORDER.index(t) for t in path) <= ORDER.index("x_wing")
    assert state["difficulty"] == rate(state["digits"]).level.value
    assert state["settings"]["needs"] == "x_wing"


def test_a_technique_too_rare_to_find_in_time_says_so_and_keeps_the_game(api, bridge, monkeypatch):
    monkeypatch.setattr(maker, "NEEDS_SECONDS", 1.0)
    before = state_of(api)["digits"]  # (also a first state for _made to count from)
    assert api.set_setting("needs", "exocet")["ok"]
    state = _made(api, bridge)
    assert state["digits"] == before
    notice = wait_notice(bridge, lambda n: n["code"] == "too_rare", timeout=10)
    assert notice["params"] == {"technique": "exocet", "seconds": 1}  # codes: the page words the name


@pytest.mark.parametrize("value", ["guess", "x wing", 3, None, "x" * 65])
def test_needs_must_be_a_technique_or_empty(api, value):
    answer = api.set_setting("needs", value)
    assert not answer["ok"] and answer["error"]["code"] == "bad_argument"
    assert api.set_setting("needs", "")["ok"]


def test_the_technique_list_is_a_question(api):
    answer = api.techniques()
    assert answer["ok"] and [t["id"] for t in answer["techniques"]][:2] == ["full_house", "hidden_single"]
