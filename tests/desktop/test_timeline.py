"""The timeline of a run (desktop/midend/timeline.py) and a run's seeks, on the engine's real traces.

A naive trace of a medium puzzle runs to about 270,000 events: its boards at chosen moments, read
back from the checkpoints, must equal the board replayed event by event.
"""

from __future__ import annotations

import numpy as np
import pytest

from desktop.bridge import RecordingBridge
from desktop.contract.api import Api
from desktop.midend.timeline import BLOCK, CHECKPOINT, Timeline, apply_event
from engine import CandidateGrid, as_grid, iter_steps, trace
from tests.harness.states import state_of

MEDIUM = "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1...."
EASY = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"


def test_every_recorded_moment_reads_back_as_the_board_replayed_event_by_event():
    grid = as_grid(MEDIUM)
    timeline = Timeline(list(grid))
    live = [int(d) for d in grid]
    rng = np.random.default_rng(7)
    wanted = {0, 1, CHECKPOINT - 1, CHECKPOINT, CHECKPOINT + 1}
    events = []
    for ev in trace(grid, "naive"):
        apply_event(live, ev.kind, ev.cell, ev.digit, ev.forced)
        timeline.record(ev, live)
        events.append(ev)
    count = len(events)
    board = [int(d) for d in grid]
    assert count > 100_000  # long enough to cross many checkpoints
    wanted |= {count, count - 1, *(int(x) for x in rng.integers(0, count, 40))}
    seen = {0: list(board)}
    for i, ev in enumerate(events, start=1):
        apply_event(board, ev.kind, ev.cell, ev.digit, ev.forced)
        if i in wanted:
            seen[i] = list(board)
    for position in sorted(wanted):
        assert timeline.board_at(position) == seen[position], position
    for index in (0, BLOCK - 1, BLOCK, count // 2, count - 1, *(int(x) for x in rng.integers(0, count, 40))):
        got = timeline.event(index)
        want = events[index]  # a timeline's steps count its events, the trace's count tries
        assert (*got[:4], *got[5:7], got.steps) == (*want[:4], *want[5:7], index + 1), index
    assert timeline.nbytes() < count // 2  # compressed: well under a byte an event
    with pytest.raises(IndexError):
        timeline.board_at(count + 1)


def _frame(api: Api, bridge: RecordingBridge, position: int, since: int, status: str = "paused") -> dict:
    """Wait for the first frame after the ``since`` first ones showing ``position``; the run's status is
    the state's (a frame carries none)."""
    def found() -> list[dict]:
        return [f for f in bridge.named("frame")[since:] if f["position"] == position]

    bridge.wait_for("frame", lambda _: bool(found()), 30)
    frame = found()[0]
    assert "status" not in frame and "session" not in frame
    assert state_of(api)["session"]["status"] == status
    return frame


def test_a_run_steps_back_and_reopens_at_a_seek_with_the_candidates_of_that_moment(tmp_path):
    bridge = RecordingBridge()
    api = Api(bridge, tmp_path, "en")
    seen = lambda: len(bridge.named("frame"))  # noqa: E731
    assert api.import_text(EASY)["ok"] and api.set_delay(0)["ok"]
    api._host.open_run("human", 20)
    _frame(api, bridge, 20, 0)
    before = seen()
    for _ in range(5):
        assert api.step_back()["ok"]
    frame = _frame(api, bridge, 15, before)
    steps = list(iter_steps(EASY))
    state = CandidateGrid.from_grid(list(as_grid(EASY)))
    for step in steps[:15]:
        state.apply(step)
    assert frame["board"] == state.values and frame["candidates"] == state.cands
    shown = dict(frame["event"]["step"])
    assert shown.pop("words")["en"] and shown == steps[14].to_dict()  # the step's data and its words
    before = seen()
    assert api.resume()["ok"]
    solved = _frame(api, bridge, len(steps) + 1, before, "solved")["board"]
    before = seen()
    assert api.seek(3)["ok"]  # an ended run reopens, paused at the moment asked for
    _frame(api, bridge, 3, before)
    assert state_of(api)["session"]["length"] == len(steps) + 1
    before = seen()
    assert api.resume()["ok"]
    assert _frame(api, bridge, len(steps) + 1, before, "solved")["board"] == solved
    api.stop()


HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


@pytest.mark.parametrize("puzzle", [MEDIUM, HARD])
def test_smart_search_events_read_back_whole_across_blocks_with_their_forced_placements(puzzle):
    grid = as_grid(puzzle)
    timeline = Timeline(list(grid))
    live = [int(d) for d in grid]
    events = []
    for ev in trace(grid, "smart"):
        apply_event(live, ev.kind, ev.cell, ev.digit, ev.forced)
        timeline.record(ev, live)
        events.append((ev, list(live)))
    assert any(ev.forced for ev, _ in events)
    for index, (ev, board) in enumerate(events):
        got = timeline.event(index)
        assert (*got[:4], *got[5:7]) == (*ev[:4], *ev[5:7]), index
        assert timeline.board_at(index + 1) == board, index


def test_a_16x16_runs_events_read_back_with_cells_to_255_and_digits_to_16():
    import engine

    puzzle = engine.Puzzle.checked(16, [0] * 256, (), [engine.Diagonal(anti=True)])
    timeline = Timeline([0] * 256)
    live = [0] * 256
    events = []
    for ev in engine.trace(puzzle, "smart"):
        apply_event(live, ev.kind, ev.cell, ev.digit, ev.forced)
        timeline.record(ev, live)
        events.append(ev)
        if len(events) >= CHECKPOINT + 50 or ev.kind in ("solved", "failed"):
            break
    assert {ev.cell for ev in events} & set(range(128, 256)) and max(ev.digit for ev in events) == 16
    for i in (0, len(events) // 2, len(events) - 1):
        got, ev = timeline.event(i), events[i]
        assert (got.kind, got.cell, got.digit) == (ev.kind, ev.cell, ev.digit)
        assert got.forced == tuple(tuple(p) for p in ev.forced)
    assert timeline.board_at(len(events)) == live
