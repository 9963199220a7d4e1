"""Speed of unique-puzzle generation: milliseconds per puzzle, for each symmetry.

    .venv/bin/python benchmarks/bench_generate.py [--count 300] [--seed 1]

After warming the solver's kernels, ``generate()`` is timed puzzle by puzzle (median, p90, max),
with the clue counts, for each symmetry.  The baseline measured in the same run is one call of the
counter on each finished puzzle (``count_solutions(puzzle, 2)``): generation makes some 40-80
such calls on easier, fuller grids, so the ratio shows what the removal loop costs over a single
uniqueness check.  The issue's target: a median under 20 ms.  Every puzzle is checked unique.
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

from engine.make.generator import Symmetry, generate  # noqa: E402
from engine.solve.solver import count_solutions, warm_up  # noqa: E402

TARGET_MS = 20.0


def bench(symmetry: Symmetry, count: int, seed: int) -> float:
    rng = np.random.default_rng(seed)
    times, checks, clues = [], [], []
    for _ in range(count):
        start = time.perf_counter()
        puzzle = generate(symmetry=symmetry, rng=rng)
        times.append(time.perf_counter() - start)
        start = time.perf_counter()
        assert count_solutions(puzzle, 2) == 1
        checks.append(time.perf_counter() - start)
        clues.append(np.count_nonzero(puzzle))
    ms = np.array(times) * 1000
    median = float(np.median(ms))
    check = float(np.median(checks)) * 1000
    print(
        f"{symmetry.value:<10} median {median:6.2f} ms  p90 {np.percentile(ms, 90):6.2f} ms  "
        f"max {ms.max():6.1f} ms  clues {np.mean(clues):4.1f} (min {min(clues)})  "
        f"one check {check:.3f} ms (x{median / check:.0f})  {TARGET_MS / median:.0f}x under target"
    )
    return median


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"cpu count {os.cpu_count()}, load average {os.getloadavg()[0]:.1f}; {args.count} puzzles each")
    warm_up()
    worst = max(bench(symmetry, args.count, args.seed) for symmetry in Symmetry)
    verdict = "ok" if worst < TARGET_MS else "TOO SLOW"
    print(f"worst median {worst:.2f} ms (target < {TARGET_MS:.0f} ms): {verdict}")
    return 0 if worst < TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
