"""Solve runs (the mid end's run view, played by the host's pacer) over the engine's real search trace,
through the Api.

Timing checks here are behaviour with wide margins (a 200 ms delay shows about 5 events a second,
a paused run does not move), not speed targets; speed lives in benchmarks/.
"""

from __future__ import annotations

import json
import threading
import time

import numpy as np
import pytest

from desktop.bridge import RecordingBridge
from desktop.contract.api import Api
from desktop.host.pacer import FPS
from engine import as_grid, is_solution
from tests.harness.paths import DATA
from tests.harness.states import state_of, wait_notice

# Wikipedia's example (unique, singles only); from Norvig's top95: MEDIUM takes backtracking about
# 270,000 events, HARD millions
EASY = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
MEDIUM = "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1...."
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def _norvig(n: int) -> list[str]:

    path = DATA / "bench" / "norvig_top95.txt"
    return path.read_text().split()[:n]


class Watch:
    """A run of ``algorithm`` on ``puzzle`` (imported as givens) through the Api, read from its state and
    its frames; ``paused`` starts it paused (as Learn's Timeline does), else Solve starts it."""

    def __init__(self, folder, puzzle: str, algorithm: str, delay: int = 0, paused: bool = False) -> None:
        self.bridge = RecordingBridge()
        self.api = Api(self.bridge, folder, "en")
        assert self.api.import_text(puzzle)["ok"] and self.api.set_delay(delay)["ok"]
        if paused:
            self.api._host.open_run(algorithm, 0)
        else:
            assert self.api.solve(algorithm)["ok"]

    def info(self) -> dict:
        return state_of(self.api)["session"]

    @property
    def steps(self) -> int:
        return self.info()["steps"]

    @property
    def status(self) -> str:
        return self.info()["status"]

    def frames(self) -> list[dict]:
        return self.bridge.named("frame")

    def join(self, timeout: float) -> None:
        _wait(lambda: self.status in ("solved", "failed", "stopped"), timeout)


@pytest.mark.parametrize(
    "algorithm,puzzle",
    [("naive", EASY), ("naive", MEDIUM), ("smart", EASY), *[("smart", p) for p in _norvig(6)],
     ("human", EASY), ("human", _norvig(1)[0])],
)
def test_the_board_replayed_from_the_trace_ends_as_a_solution(tmp_path, algorithm, puzzle):
    run = Watch(tmp_path, puzzle, algorithm)
    run.join(120)
    assert run.status == "solved"
    last = run.frames()[-1]
    assert is_solution(last["board"], as_grid(puzzle))
    assert "status" not in last and "session" not in last  # a view of the board: the status is the state's
    assert last["board"] == state_of(run.api)["digits"]  # settled: the solution is one move
    assert last["run"] == run.info()["id"] and last["position"] == run.steps


def test_human_logic_steps_carry_their_technique_and_both_explanations(tmp_path):
    run = Watch(tmp_path, EASY, "human", paused=True)
    assert run.api.step()["ok"]
    message = run.bridge.wait_for("frame", lambda m: m["event"] is not None, 60)
    event = message["event"]
    assert event["kind"] == "logic" and event["step"]["technique"]
    assert event["step"]["placements"] == event["forced"]  # the step's one wire form, Step.to_dict + words
    assert event["forced"] and [event["cell"], event["digit"]] == event["forced"][0]
    assert set(event["step"]["words"]) == {"en", "zh"} and all(event["step"]["words"].values())
    assert message["board"][event["cell"]] == event["digit"]
    run.api.stop()


def test_events_are_batched_at_delay_0(tmp_path):
    run = Watch(tmp_path, MEDIUM, "naive")
    run.join(300)
    assert run.status == "solved"
    messages = run.frames()
    elapsed = messages[-1]["elapsed_ms"] / 1000
    assert run.steps > 10_000
    assert len(messages) <= elapsed * FPS * 1.5 + 5, "more bridge calls than frames"
    assert sum(m["count"] for m in messages) == run.steps, "every event is counted once"
    steps = [m["position"] for m in messages]
    assert steps == sorted(steps)


def test_a_200_ms_delay_shows_about_5_events_a_second(tmp_path):
    run = Watch(tmp_path, HARD, "naive", delay=200)
    time.sleep(2.1)
    steps = run.steps
    run.api.stop()
    assert 8 <= steps <= 13, f"{steps} events in 2.1 s at 200 ms"
    assert len(run.frames()) >= steps  # one frame per event at a delay


def test_pause_freezes_step_adds_exactly_one_and_resume_goes_on(tmp_path):
    run = Watch(tmp_path, HARD, "naive", delay=20)
    time.sleep(0.3)
    run.api.pause()
    time.sleep(0.1)  # the event in hand may still land
    frozen = run.steps
    time.sleep(0.5)
    assert run.steps == frozen and run.status == "paused"
    for n in range(1, 4):
        run.api.step()
        _wait(lambda n=n: run.steps == frozen + n, 5)
        time.sleep(0.1)
        assert run.steps == frozen + n, "Step let more than one event through"
    run.api.resume()
    _wait(lambda: run.steps > frozen + 10, 5)
    run.api.stop()
    assert run.status == "stopped"


def test_the_delay_changes_live(tmp_path):
    run = Watch(tmp_path, EASY, "naive", delay=1000)
    time.sleep(0.2)
    assert run.steps <= 2
    run.api.set_delay(0)
    run.join(30)
    assert run.status == "solved"


def test_stop_ends_a_long_run_at_once(tmp_path):
    run = Watch(tmp_path, HARD, "naive")
    time.sleep(0.3)
    started = time.monotonic()
    run.api.stop()
    assert time.monotonic() - started < 1.0
    assert run.status == "stopped"
    sent = len(run.frames())
    assert run.frames()[-1]["position"] == run.steps  # the last frame shows where it stopped
    time.sleep(0.3)
    assert len(run.frames()) == sent, "a batch in flight came after the stop"


def test_a_run_started_paused_waits_for_step(tmp_path):
    run = Watch(tmp_path, EASY, "smart", paused=True)
    time.sleep(0.3)
    assert run.steps == 0 and run.status == "paused"
    run.api.step()
    _wait(lambda: run.steps == 1, 5)
    run.api.stop()


def test_an_unsolvable_board_ends_failed(tmp_path):
    from tests.desktop.test_game import _rows

    puzzle = _rows("derived_nosolution_noduplicate.tsv", 1)[0]["modified_puzzle"]
    bridge = RecordingBridge()
    api = Api(bridge, tmp_path, "en")
    api.set_mode("enter")
    for cell, ch in enumerate(puzzle):
        if ch not in ".0":
            api.set_cell(cell, int(ch))
    assert api.solve("smart")["ok"]
    _wait(lambda: state_of(api)["session"]["status"] == "failed", 60)
    assert wait_notice(bridge, lambda n: n["code"] == "solve_failed", 5)["level"] == "warning"


def test_seek_shows_a_recorded_moment_and_a_seek_reopens_an_ended_run(tmp_path):
    run = Watch(tmp_path, EASY, "smart")
    run.join(60)
    length = run.info()["length"]
    assert run.api.seek(3)["ok"]
    shown = run.info()
    assert (shown["status"], shown["position"], shown["length"]) == ("paused", 3, length)
    assert run.frames()[-1]["position"] == 3
    assert run.api.step()["ok"]
    _wait(lambda: run.steps == 4, 5)
    assert run.api.resume()["ok"]
    run.join(30)
    assert run.info()["position"] == length and run.status == "solved"


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
    before = set(threading.enumerate())
    api.solve("naive")
    pacers = [t for t in threading.enumerate() if t.name.startswith("solve-") and t not in before]
    assert len(pacers) == 1
    time.sleep(0.2)
    api._shutdown()
    _wait(lambda: not pacers[0].is_alive(), 2)
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


def test_a_calls_answer_comes_after_the_state_it_sent_reached_the_window(tmp_path):
    # the page takes the newest state it holds when an answer comes as the call's: an answer that
    # overtook its state made the page say "Puzzle loaded: 0 givens" from an older state
    from desktop.bridge import WindowBridge

    window = SlowWindow()
    bridge = WindowBridge(window)
    api = Api(bridge, tmp_path, "en")
    for _ in range(5):
        api.get_state()  # states queued ahead of the call's own
    assert api.import_text(HARD)["ok"]
    last = json.loads(window.scripts[-1].split(",", 1)[1][:-1])["state"]  # dispatch("state",{...})
    want = [0 if d == "." else int(d) for d in HARD]
    assert last["digits"] == want, "the answer came before its state was sent"
    bridge.close()
    assert api.get_state()["ok"]  # a closed window holds no call
    api._shutdown()


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
