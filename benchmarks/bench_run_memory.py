"""A long watched run: backtracking at delay 0 on a 17-clue puzzle, the process's memory sampled as it plays.

    .venv/bin/python benchmarks/bench_run_memory.py [--seconds 600] [--puzzle P]

Issue 27 asks that "a 10-minute delay-0 backtracking run on a 17-clue puzzle" grows the app's
resident memory by at most 150 MB, and that seeking the timeline stays instant.  This plays a real
solve run (every event recorded on its timeline, frames encoded as the window's bridge
encodes them) for ``--seconds``, prints the resident memory every tenth of the run and at the end
the growth, the events recorded, the timeline's own bytes per event, and the time of 200 seeks to
random moments.  The first puzzle of ``17_clue.txt`` keeps naive backtracking busy for hours.
Measured figures are in benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_solve_session import EncodingBridge, _rss_mb, watch  # noqa: E402

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "bench" / "17_clue.txt"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=600.0)
    parser.add_argument("--puzzle", default=None, help="default: the first puzzle of 17_clue.txt")
    args = parser.parse_args()
    puzzle = args.puzzle or DATA.read_text().split()[0]
    print(f"load average {os.getloadavg()[0]:.1f}; {args.seconds:.0f} s of naive backtracking on {puzzle}")
    bridge = EncodingBridge()
    before = _rss_mb()
    session, started = watch(puzzle, "naive", bridge)
    peak = before
    for k in range(1, 11):
        time.sleep(max(0.0, started + args.seconds * k / 10 - time.perf_counter()))
        rss = _rss_mb()
        peak = max(peak, rss)
        print(f"  {time.perf_counter() - started:6.0f} s: {len(session.timeline):>12,} events, "
              f"resident {rss:.0f} MB (+{rss - before:.0f})")
    count = len(session.timeline)
    print(f"growth {peak - before:.0f} MB at most (limit 150 MB); {count:,} events "
          f"({count / args.seconds:,.0f}/s), timeline {session.timeline.nbytes() / count:.2f} bytes "
          f"an event; {bridge.calls:,} frames")
    _seeks(session.timeline)


def _seeks(timeline) -> None:
    rng = random.Random(1)
    board, event = [], []
    for _ in range(200):
        position = rng.randrange(len(timeline) + 1)
        started = time.perf_counter()
        timeline.board_at(position)
        board.append(time.perf_counter() - started)
        started = time.perf_counter()
        timeline.event(max(0, position - 1))
        event.append(time.perf_counter() - started)
    print(f"seek: board median {statistics.median(board) * 1e3:.2f} ms, max {max(board) * 1e3:.2f} ms; "
          f"event median {statistics.median(event) * 1e3:.2f} ms, max {max(event) * 1e3:.2f} ms")


if __name__ == "__main__":
    main()
