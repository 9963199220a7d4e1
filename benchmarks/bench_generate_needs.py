"""Generation by technique: seconds per puzzle that needs a technique (and nothing harder), per technique.

    .venv/bin/python benchmarks/bench_generate_needs.py [--count 5] [--limit 30] [--upto aic] [--only ID ...]

For each technique the driver tries, cheapest first, up to ``--upto`` (default: AIC, the issue's
target: a median under 2 s per puzzle), ``generate(needs=T, hardest=T)`` is called ``--count``
times, each given ``--limit`` seconds; the median, the worst and how many were found are printed,
and "too rare" where none is found in the limit (the technique's other calls are then skipped).
Times are CPU seconds of this process (the machine is shared: the wall time, printed too, is
the limit's clock); the limit is wall-clock, as a user waits.  The baseline, timed in the same
run: plain ``generate()`` (no requirement), so the ratio says how many generated puzzles a
technique costs.
The kernels are warmed first (one rated puzzle), so compile time is not counted.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.logic.human import driver_order  # noqa: E402
from engine.make.generator import GenerationError, generate  # noqa: E402
from engine.rating.difficulty import rate  # noqa: E402

TARGET_S = 2.0


def timed(needs: str | None, count: int, limit: float, seed: int) -> tuple[list[float], list[float], int]:
    """Return the wall and CPU seconds of each call and how many found a puzzle (stopping at the
    first that finds none: the technique is too rare)."""
    rng = np.random.default_rng(seed)
    walls, cpus, found = [], [], 0
    for _ in range(count):
        wall, cpu = time.perf_counter(), time.process_time()
        try:
            generate(rng=rng, needs=needs, time_limit=limit) if needs else generate(rng=rng)
            found += 1
        except GenerationError:
            break
        finally:
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
    return walls, cpus, found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=5)
    parser.add_argument("--limit", type=float, default=30.0)
    parser.add_argument("--upto", default="aic")
    parser.add_argument("--only", nargs="*")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"cpu count {os.cpu_count()}, load average {os.getloadavg()[0]:.1f}; {args.count} puzzles each, "
          f"{args.limit:g} s limit")
    rate(generate(seed=0))  # warm the kernels
    order = [t.id for t in driver_order() if t.id != "guess"]
    chosen = args.only or order[: order.index(args.upto) + 1]
    _, plain, _ = timed(None, 50, args.limit, args.seed)
    base = float(np.median(plain))
    print(f"{'plain generate()':<28} median {base * 1000:7.1f} ms cpu")
    slow = []
    for tid in chosen:
        walls, cpus, found = timed(tid, args.count, args.limit, args.seed)
        median = float(np.median(cpus))
        note = "too rare" if not found else ("" if median < TARGET_S else "over 2 s")
        if median >= TARGET_S or not found:
            slow.append(tid)
        print(f"{tid:<28} median {median:7.2f} s cpu ({np.median(walls):6.2f} s wall)  "
              f"max {max(cpus):6.2f} s  found {found}/{len(cpus)}  x{median / base:,.0f} plain  {note}",
              flush=True)
    print(f"over {TARGET_S:g} s or too rare: {', '.join(slow) or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
