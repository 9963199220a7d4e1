"""A watched solve at delay 0: a naive trace of about a million events through a real solve session.

    .venv/bin/python benchmarks/bench_solve_session.py [--puzzle P] [--algorithm naive|smart]

Issue 5 asks that "a naive trace of a million events finishes in well under a minute" with the
events batched at frame rate (never one bridge call per event).  This runs a desktop solve run (the
mid end's run view, played by the host's pacer) at delay 0 against a bridge that JSON-encodes every
message exactly as the window's bridge does, and
prints events/s, the number of bridge calls and their rate, next to the baseline measured in the
same run: iterating the bare engine trace with nothing drawn.  The ratio is the session's overhead.

Issue 11 asks that such a run can still be scrubbed, "memory under 200 MB": the session records
every event on its timeline (desktop/midend/timeline.py), so this also prints the process's
resident memory before and after the run (the bare trace keeps nothing, so the growth is the
timeline's) and the time of 200 seeks to random moments (the board rebuilt from a checkpoint).

Measured (load 3-4, 1,178,528 events): 15 MB of timeline (31 MB before the run, 46 MB after);
a seek 0.6-0.8 ms median, 9-17 ms at most; recording costs the watched run about as much again
as it cost before (ratio to the bare trace 3.7 against 1.8-2.0 without a timeline, same run), so a
million events take about 5 s at delay 0.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from desktop.bridge import dispatch_script  # noqa: E402
from desktop.contract.api import Api  # noqa: E402
from desktop.host.pacer import FPS  # noqa: E402
from desktop.midend.run import Run  # noqa: E402
from engine import as_grid, trace  # noqa: E402

# from Norvig's top95: 1,178,528 naive events
PUZZLE = "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5...."


class EncodingBridge:
    """Encodes each message into the script the real bridge would run, and counts the calls."""

    def __init__(self) -> None:
        self.calls = 0
        self.bytes = 0

    def emit(self, event: str, payload: dict) -> None:
        self.calls += 1
        self.bytes += len(dispatch_script(event, payload))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzle", default=PUZZLE)
    parser.add_argument("--algorithm", default="naive", choices=("naive", "smart"))
    args = parser.parse_args()
    grid = as_grid(args.puzzle)
    print(f"load average {os.getloadavg()[0]:.1f}; puzzle {args.puzzle}; algorithm {args.algorithm}")

    started = time.perf_counter()
    events = sum(1 for _ in trace(grid, args.algorithm))
    bare = time.perf_counter() - started
    print(f"bare trace:   {events:,} events in {bare:.2f} s ({events / bare:,.0f} events/s)")

    bridge = EncodingBridge()
    before = _rss_mb()
    session, started = watch(args.puzzle, args.algorithm, bridge)
    while not session.ended:
        time.sleep(0.01)
    took = time.perf_counter() - started
    session.steps = session.position
    print(f"session:      {session.steps:,} events in {took:.2f} s ({session.steps / took:,.0f} events/s), "
          f"status {session.status}")
    print(f"bridge calls: {bridge.calls:,} ({bridge.calls / took:.1f}/s, cap {FPS}/s), "
          f"{bridge.bytes / 1e6:.1f} MB of script")
    print(f"ratio session / bare trace: {took / bare:.2f}")
    print(f"resident memory: {before:.0f} MB before the run, {_rss_mb():.0f} MB after "
          f"({len(session.timeline):,} events on the timeline)")
    _seeks(session)


def watch(puzzle: str, algorithm: str, bridge: EncodingBridge) -> tuple[Run, float]:
    """Start watching ``algorithm`` solve ``puzzle`` at delay 0 in a desktop host (a fresh data folder);
    return the run's view (read without the lock: a benchmark only) and when Solve was pressed."""
    import tempfile

    api = Api(bridge, Path(tempfile.mkdtemp()), "en")  # type: ignore[arg-type]
    assert api.import_text(puzzle)["ok"] and api.set_delay(0)["ok"]
    started = time.perf_counter()
    assert api.solve(algorithm)["ok"]
    run = api._host.midend.run
    assert run is not None
    return run, started


def _seeks(session: Run) -> None:
    import random

    rng = random.Random(1)
    timeline = session.timeline
    times = []
    for _ in range(200):
        position = rng.randrange(len(timeline) + 1)
        started = time.perf_counter()
        timeline.board_at(position)
        times.append(time.perf_counter() - started)
    print(f"seek (board at a random moment): median {statistics.median(times) * 1e3:.2f} ms, "
          f"max {max(times) * 1e3:.2f} ms")


def _rss_mb() -> float:
    with open("/proc/self/statm") as handle:
        pages = int(handle.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


if __name__ == "__main__":
    main()
