"""Solve sessions (desktop/host/session.py) over the engine's real search trace, and through the Api.

Timing checks here are behaviour with wide margins (a 200 ms delay shows about 5 events a second,
a paused run does not move), not speed targets; speed lives in benchmarks/.
"""

from __future__ import annotations

import time

import numpy as np
import pytest

from desktop.bridge import RecordingBridge
from desktop.contract.api import Api
from desktop.host.session import FPS, Session
from engine import as_grid, is_solution
from tests.harness.paths import DATA
from tests.harness.states import state_of

# Wikipedia's example (unique, singles only); from Norvig's top95: MEDIUM takes backtracking about
# 270,000 events, HARD millions
EASY = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
MEDIUM = "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1...."
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def _norvig(n: int) -> list[str]:

    path = DATA / "bench" / "norvig_top95.txt"
    return path.read_text().split()[:n]


def _run(puzzle: str, algorithm: str, delay: int = 0, **kw) -> tuple[Session, RecordingBridge]:
    bridge = RecordingBridge()
    session = Session(list(as_grid(puzzle)), algorithm, bridge.emit, delay, **kw)
    session.start()
    return session, bridge


@pytest.mark.parametrize(
    "algorithm,puzzle",
    [("naive", EASY), ("naive", MEDIUM), ("smart", EASY), *[("smart", p) for p in _norvig(6)],
     ("human", EASY), ("human", _norvig(1)[0])],
)
def test_the_board_replayed_from_the_trace_ends_as_a_solution(algorithm, puzzle):
    session, bridge = _run(puzzle, algorithm)
    session.join(120)
    assert session.status == "solved"
    assert is_solution(session.board.digits, as_grid(puzzle))
    last = bridge.named("frame")[-1]
    assert "status" not in last and "session" not in last  # a view of the board: the status is the state's
    assert last["run"] == session.id and last["board"] == session.board.digits
    assert last["position"] == session.steps


def test_human_logic_steps_carry_their_technique_and_both_explanations():
    session, bridge = _run(EASY, "human", delay=0, paused=True)
    session.step()
    message = bridge.wait_for("frame", lambda m: m["event"] is not None, 60)
    event = message["event"]
    assert event["kind"] == "logic" and event["step"]["technique"]
    assert event["step"]["placements"] == event["forced"]  # the step's one wire form, Step.to_dict + words
    assert event["forced"] and [event["cell"], event["digit"]] == event["forced"][0]
    assert set(event["step"]["words"]) == {"en", "zh"} and all(event["step"]["words"].values())
    assert message["board"][event["cell"]] == event["digit"]
    session.stop()
    session.join(5)


def test_events_are_batched_at_delay_0():
    session, bridge = _run(MEDIUM, "naive")
    session.join(300)
    assert session.status == "solved"
    messages = bridge.named("frame")
    elapsed = messages[-1]["elapsed_ms"] / 1000
    assert session.steps > 10_000
    assert len(messages) <= elapsed * FPS * 1.5 + 5, "more bridge calls than frames"
    assert sum(m["count"] for m in messages) == session.steps, "every event is counted once"
    steps = [m["position"] for m in messages]
    assert steps == sorted(steps)


def test_a_200_ms_delay_shows_about_5_events_a_second():
    session, bridge = _run(HARD, "naive", delay=200)
    time.sleep(2.1)
    steps = session.steps
    session.stop()
    session.join(5)
    assert 8 <= steps <= 13, f"{steps} events in 2.1 s at 200 ms"
    assert len(bridge.named("frame")) >= steps  # one frame per event at a delay


def test_pause_freezes_step_adds_exactly_one_and_resume_goes_on():
    session, _ = _run(HARD, "naive", delay=20)
    time.sleep(0.3)
    session.pause()
    time.sleep(0.1)  # the event in hand may still land
    frozen = session.steps
    time.sleep(0.5)
    assert session.steps == frozen and session.status == "paused"
    for n in range(1, 4):
        session.step()
        _wait(lambda n=n: session.steps == frozen + n, 5)
        time.sleep(0.1)
        assert session.steps == frozen + n, "Step let more than one event through"
    session.resume()
    _wait(lambda: session.steps > frozen + 10, 5)
    session.stop()
    session.join(5)
    assert session.status == "stopped"


def test_the_delay_changes_live():
    session, _ = _run(EASY, "naive", delay=1000)
    time.sleep(0.2)
    assert session.steps <= 2
    session.set_delay(0)
    session.join(30)
    assert session.status == "solved"


def test_stop_ends_a_long_run_at_once():
    session, bridge = _run(HARD, "naive")
    time.sleep(0.3)
    started = time.monotonic()
    session.stop()
    session.join(5)
    assert time.monotonic() - started < 1.0
    assert session.status == "stopped"
    assert bridge.named("frame")[-1]["position"] == session.steps  # the last frame shows where it stopped


def test_a_session_started_paused_waits_for_step():
    session, _ = _run(EASY, "smart", paused=True)
    time.sleep(0.3)
    assert session.steps == 0 and session.status == "paused"
    session.step()
    _wait(lambda: session.steps == 1, 5)
    session.stop()
    session.join(5)


def test_an_unsolvable_board_ends_failed():
    from tests.desktop.test_game import _rows

    puzzle = _rows("derived_nosolution_noduplicate.tsv", 1)[0]["modified_puzzle"]
    session, _ = _run(puzzle, "smart")
    session.join(60)
    assert session.status == "failed"


# -- through the Api --------------------------------------------------------------------------------


@pytest.fixture
def api(tmp_path):
    bridge = RecordingBridge()
    api = Api(bridge, tmp_path, "en")
    api._test_bridge = bridge  # type: ignore[attr-defined]
    assert api.set_mode("enter")["ok"]
    for cell, ch in enumerate(EASY):
        if ch != "0":
            api.set_cell(cell, int(ch))
    api.set_mode("play")
    return api


def test_solving_through_the_api_puts_the_solution_on_the_board_as_one_move(api):
    bridge = api._test_bridge
    assert api.solve("smart") == {"ok": True}  # the run is told by state events only
    assert state_of(api)["session"]["status"] in ("running", "solved")
    state = bridge.wait_for("state", lambda p: p["state"]["session"]["status"] == "solved", 60)["state"]
    assert is_solution(state["digits"], as_grid(EASY))
    assert state["status"]["kind"] == "solved"
    assert {c for c, o in enumerate(state["origins"]) if o == "solved"} == {
        c for c, ch in enumerate(EASY) if ch == "0"
    }
    assert api.undo()["ok"] and state_of(api)["digits"] == list(as_grid(EASY))


def test_the_board_is_locked_while_solving_and_stop_restores_it(api):
    bridge = api._test_bridge
    api.set_delay(300)
    assert api.solve("naive")["ok"]
    refused = api.set_cell(2, 4)
    assert refused["ok"] is False and refused["error"]["code"] == "busy"
    assert api.solve("naive")["error"]["code"] == "busy"
    assert api.stop()["ok"]
    assert state_of(api)["session"]["status"] == "stopped"
    state = bridge.wait_for("state", lambda p: p["state"]["session"]["status"] == "stopped", 10)["state"]
    assert state["digits"] == list(as_grid(EASY))
    assert api.set_cell(2, 4)["ok"]


def test_api_pause_step_and_resume(api):
    api.set_delay(50)
    api.solve("naive")
    time.sleep(0.3)
    assert api.pause()["ok"] and _session(api)["status"] == "paused"
    time.sleep(0.2)
    before = _session(api)["steps"]
    assert api.step()["ok"]
    _wait(lambda: _session(api)["steps"] == before + 1, 5)
    assert _session(api)["status"] == "paused"
    assert api.resume()["ok"] and _session(api)["status"] == "running"
    api.stop()


def test_step_when_idle_starts_a_paused_run_of_one_event(api):
    assert api.step()["ok"]
    _wait(lambda: state_of(api)["session"]["steps"] == 1, 5)
    assert _session(api)["status"] in ("paused", "solved")  # one event: this easy one may end at once
    time.sleep(0.2)
    assert _session(api)["steps"] == 1
    api.stop()


def test_solve_refuses_a_board_with_repeats(tmp_path):
    api = Api(RecordingBridge(), tmp_path, "en")
    api.set_cell(0, 3)
    api.set_cell(10, 3)
    answer = api.solve("smart")
    assert answer["ok"] is False and answer["error"]["code"] == "invalid_board"


def test_shutdown_mid_run_stops_the_worker(api):
    api.set_delay(0)
    api.clear()
    api.set_mode("enter")
    for cell, ch in enumerate(HARD):
        if ch != ".":
            api.set_cell(cell, int(ch))
    api.solve("naive")
    session = api._host._session
    time.sleep(0.2)
    api._shutdown()
    session.join(2)
    assert not session._thread.is_alive() and session.status == "stopped"
    assert np.array_equal(api._host.midend.game.grid(), as_grid(HARD))


def _session(api: Api) -> dict:
    return state_of(api)["session"]


def _wait(predicate, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        time.sleep(0.01)


# -- the window bridge ------------------------------------------------------------------------------


class SlowWindow:
    """Stands in for pywebview's window (not our code): run_js takes a while, as it does under load."""

    def __init__(self) -> None:
        self.scripts: list[str] = []

    def run_js(self, script: str) -> None:
        time.sleep(0.02)
        self.scripts.append(script)


def test_the_window_bridge_never_makes_a_worker_wait_and_keeps_the_order():
    from desktop.bridge import WindowBridge

    window = SlowWindow()
    bridge = WindowBridge(window)
    started = time.monotonic()
    bridge.emit("state", {"n": 0})
    for n in range(1, 101):
        bridge.emit("frame", {"n": n})
    bridge.emit("state", {"n": 101})
    assert time.monotonic() - started < 0.5, "emit waited for the window"
    _wait(lambda: window.scripts and '"n":101' in window.scripts[-1], 10)
    names = [s.split("dispatch(")[1].split(",")[0] for s in window.scripts]
    numbers = [int(s.rsplit('"n":', 1)[1].rstrip("})")) for s in window.scripts]
    assert names[0] == '"state"' and names[-1] == '"state"'
    assert numbers == sorted(numbers) and 100 in numbers, "the newest frame is always sent, in order"
    assert len(window.scripts) < 20, "waiting frames were not coalesced"
    bridge.close()
    bridge.emit("state", {"n": 102})
    time.sleep(0.1)
    assert '"n":102' not in window.scripts[-1]


def test_a_finished_runs_counters_belong_to_its_puzzle_and_clear_for_another(api):
    bridge = api._test_bridge
    assert api.solve("smart")["ok"]
    bridge.wait_for("state", lambda p: p["state"]["session"]["status"] == "solved", 60)
    shown = state_of(api)["session"]
    assert shown["status"] == "solved" and shown["steps"] > 0
    other = HARD.replace(".", "0")
    assert api.import_text(other)["ok"]
    session = _session(api)
    counters = (session["status"], session["steps"], session["backtracks"], session["elapsed_ms"])
    assert counters == ("idle", 0, 0, 0)
    assert api.undo()["ok"] and _session(api)["steps"] == shown["steps"]  # back on the solved puzzle's board
