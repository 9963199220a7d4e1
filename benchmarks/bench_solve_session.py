"""A watched solve at delay 0: a naive trace of about a million events through a real solve session.

    .venv/bin/python benchmarks/bench_solve_session.py [--puzzle P] [--algorithm naive|smart]

Issue 5 asks that "a naive trace of a million events finishes in well under a minute" with the
events batched at frame rate (never one bridge call per event).  This runs a desktop Session at
delay 0 against a bridge that JSON-encodes every message exactly as the window's bridge does, and
prints events/s, the number of bridge calls and their rate, next to the baseline measured in the
same run: iterating the bare engine trace with nothing drawn.  The ratio is the session's overhead.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from desktop.bridge import dispatch_script  # noqa: E402
from desktop.session import FPS, Session  # noqa: E402
from engine.grid import as_grid  # noqa: E402
from engine.search import trace  # noqa: E402

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
    session = Session(list(grid), args.algorithm, bridge.emit, 0)
    started = time.perf_counter()
    session.start()
    session.join()
    took = time.perf_counter() - started
    print(f"session:      {session.steps:,} events in {took:.2f} s ({session.steps / took:,.0f} events/s), "
          f"status {session.status}")
    print(f"bridge calls: {bridge.calls:,} ({bridge.calls / took:.1f}/s, cap {FPS}/s), "
          f"{bridge.bytes / 1e6:.1f} MB of script")
    print(f"ratio session / bare trace: {took / bare:.2f}")


if __name__ == "__main__":
    main()
