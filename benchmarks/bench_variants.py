"""Speed of the variant solver: ``engine.count_solutions(puzzle, limit=2)`` per published puzzle, by kind.

    .venv/bin/python benchmarks/bench_variants.py [--repeat 3] [--skip ID ...] [--classic 200] [--per-puzzle]

The puzzles are ``../shared/data/variants/train.jsonl`` (read by tests/variant_data.py).  After one
warm-up pass over the set (kernels compiled or loaded), ``--repeat`` rounds time each puzzle once per
round, one process, and keep its median; each round also times the classic solver on ``--classic``
classic puzzles (correctness/ files) interleaved with the variant puzzles, so the two are measured
under the same load.  Per kind: the median and worst time and guesses (the search's nodes); then the
whole set's median and worst, the hard killers' (Tarek's) worst, and the classic solver's median.
The issue's acceptance line: median <= 5 ms, every puzzle <= 0.5 s, every hard killer <= 2 s.
``--skip`` leaves out puzzles (by id substring) that take too long to time (they are named).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from engine.solve.variant import search_stats  # noqa: E402
from tests.harness.paths import DATA  # noqa: E402
from tests.harness.variant_data import records  # noqa: E402

CLASSIC = DATA / "correctness"


def classic_puzzles(count: int) -> list[np.ndarray]:
    """The first ``count`` puzzles of correctness/DERIVED_unique_solutions.tsv (classic, unique)."""
    out: list[np.ndarray] = []
    for line in (CLASSIC / "DERIVED_unique_solutions.tsv").read_text().splitlines()[1:count + 1]:
        out.append(engine.as_grid(line.split("\t")[1]))
    return out


def timed(call, *args) -> tuple[float, object]:
    start = time.perf_counter()
    value = call(*args)
    return time.perf_counter() - start, value


def cpu_timed(call, *args) -> tuple[float, object]:
    """Return (this thread's CPU seconds, value): on a shared machine the wall time follows the load."""
    start = time.thread_time()
    value = call(*args)
    return time.thread_time() - start, value


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--skip", nargs="*", default=[])
    parser.add_argument("--classic", type=int, default=200)
    parser.add_argument("--per-puzzle", action="store_true", help="also a line per puzzle")
    args = parser.parse_args()
    print(f"cpu count {os.cpu_count()}, load average {os.getloadavg()[0]:.1f}")
    recs = [r for r in records() if not r.puzzle.is_classic]
    grids = classic_puzzles(args.classic)
    for r in recs:  # warm-up: kernels, and each puzzle solved once
        if any(s in r.id for s in args.skip):
            print(f"skipped: {r.id} ({r.kind})")
        else:
            engine.count_solutions(r.puzzle, 2)
    for g in grids:
        engine.count_solutions(g, 2)
    timed_recs = [r for r in recs if not any(s in r.id for s in args.skip)]
    times: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, list[float]] = defaultdict(list)
    classic: list[float] = []
    for _ in range(args.repeat):
        per = max(1, len(grids) // max(1, len(timed_recs)))
        for i, r in enumerate(timed_recs):
            seconds, count = timed(engine.count_solutions, r.puzzle, 2)
            times[r.id].append(seconds)
            cpu[r.id].append(cpu_timed(engine.count_solutions, r.puzzle, 2)[0])
            assert r.count is None or count == r.count, (r.id, count, r.count)
            for g in grids[i * per:(i + 1) * per]:
                classic.append(timed(engine.count_solutions, g, 2)[0])
    median_of = {rid: statistics.median(ts) for rid, ts in times.items()}
    cpu_of = {rid: statistics.median(ts) for rid, ts in cpu.items()}
    by_kind: dict[str, list] = defaultdict(list)
    for r in timed_recs:
        by_kind[r.kind].append(r)
    print("\n| kind | puzzles | median ms | worst ms | guesses (median) | guesses (worst) |")
    print("|---|---:|---:|---:|---:|---:|")
    for kind, group in sorted(by_kind.items()):
        ms = [median_of[r.id] * 1000 for r in group]
        guesses = [search_stats(r.puzzle, 2)[1] for r in group]
        print(f"| {kind} | {len(group)} | {statistics.median(ms):.2f} | {max(ms):.1f} | "
              f"{statistics.median(guesses):.0f} | {max(guesses)} |")
    if args.per_puzzle:
        print("\n| puzzle | kind | wall ms | CPU ms | guesses |")
        print("|---|---|---:|---:|---:|")
        for r in timed_recs:
            print(f"| {r.id} | {r.kind} | {median_of[r.id] * 1000:.1f} | {cpu_of[r.id] * 1000:.1f} | "
                  f"{search_stats(r.puzzle, 2)[1]} |")
    every = [median_of[r.id] * 1000 for r in timed_recs]
    hard = [median_of[r.id] * 1000 for r in timed_recs if "tarek" in r.id]
    worst = max(timed_recs, key=lambda r: median_of[r.id])
    print(f"\nall {len(every)}: median {statistics.median(every):.2f} ms, "
          f"worst {max(every):.1f} ms ({worst.id})")
    every_cpu = [cpu_of[r.id] * 1000 for r in timed_recs]
    print(f"CPU: median {statistics.median(every_cpu):.2f} ms, worst {max(every_cpu):.1f} ms; hard killers "
          f"worst {max([cpu_of[r.id] * 1000 for r in timed_recs if 'tarek' in r.id], default=0):.1f} ms")
    if hard:
        print(f"hard killers (Tarek) {len(hard)}: median {statistics.median(hard):.1f} ms, "
              f"worst {max(hard):.1f} ms")
    rest = [r for r in timed_recs if "tarek" not in r.id]
    if rest:  # the median is over the published puzzles other than the hard killers
        wall = statistics.median(median_of[r.id] for r in rest) * 1000
        print(f"without the hard killers {len(rest)}: median {wall:.2f} ms wall, "
              f"{statistics.median(cpu_of[r.id] for r in rest) * 1000:.2f} ms CPU")
    if classic:
        print(f"classic solver, {len(grids)} puzzles interleaved: "
              f"median {statistics.median(classic) * 1e6:.1f} us")
    print(f"load average at the end {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
