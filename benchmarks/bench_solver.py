"""Speed of the compiled solver (``solve_batch``) on every bench file, against the plain Python baseline.

    .venv/bin/python benchmarks/bench_solver.py [--files 17_clue ...] [--sample 10000]
                                                [--baseline-sample 200] [--seed 1]

For each file of ../shared/data/bench: microseconds per puzzle, puzzles per second and guesses per
puzzle for one ``solve_batch`` call (first solution), and for ``classify_batch`` (limit 2: proves
uniqueness); then the per-puzzle time of ``benchmarks/baseline.py`` (Norvig's class) on a random
sample of the same file, measured in the same run, and the ratio.  Big files are sampled at random
with a fixed seed (forum_hardest_1905_11plus is sorted: a prefix would not be typical).  Every
solution is checked with the independent ``is_solution``.  Last, the start-up cost: a fresh process
solving one puzzle with the kernels cached, against a bare ``python -c "import numpy"``.

In-process times are CPU times (``time.process_time``) of single-threaded work: on a machine shared
with other jobs they stay close to what a quiet core gives, where wall time does not.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT.parent / "shared" / "data" / "bench"
sys.path.insert(0, str(ROOT))

from benchmarks import baseline  # noqa: E402
from engine import solver  # noqa: E402
from engine.grid import as_grid, is_solution  # noqa: E402

# tdoku's figures from ../shared/data/README.md (same kind of machine, one core): for scale only
TDOKU_US = {
    "17_clue": 2.8,
    "magictour_top1465": 5.3,
    "forum_hardest_1905_11plus": 24.3,
    "forum_hardest_1106": 37.2,
    "serg_benchmark": 1.8,
}


def load(path: Path) -> list[str]:
    """Return the puzzles of a bench file (the first comma-separated field of each 81-cell line)."""
    puzzles = []
    for line in path.read_text(encoding="ascii").splitlines():
        text = line.split(",")[0].strip()
        if len(text) == 81 and all(ch in "0123456789." for ch in text):
            puzzles.append(text)
    return puzzles


def time_solver(grids: np.ndarray, limit: int) -> tuple[float, float, np.ndarray, np.ndarray]:
    """Return (seconds, mean guesses, solutions, counts) for one compiled batch call."""
    start = time.process_time()
    solutions, counts, guesses = solver._run(grids, limit)
    return time.process_time() - start, float(guesses.mean()), solutions, counts


def time_baseline(puzzles: list[str]) -> float:
    """Return the baseline's mean seconds per puzzle; raises AssertionError on a wrong answer."""
    start = time.process_time()
    answers = [baseline.solve(p) for p in puzzles]
    elapsed = time.process_time() - start
    for puzzle, answer in zip(puzzles, answers, strict=True):
        assert answer is not None and is_solution(as_grid(answer), as_grid(puzzle)), puzzle
    return elapsed / len(puzzles)


def _child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def startup(repeat: int = 5) -> tuple[tuple[float, float], tuple[float, float]]:
    """Return (best wall, best CPU) seconds of a fresh process solving one puzzle with the kernels
    cached, and the same for a bare numpy import (CPU time is the steadier on a shared machine)."""
    puzzle = load(BENCH / "17_clue.txt")[0]
    solve = f"from engine import solve; assert solve('{puzzle}') is not None"
    subprocess.run([sys.executable, "-c", solve], check=True, cwd=ROOT)  # fill the cache: not timed

    def best(code: str) -> tuple[float, float]:
        walls, cpus = [], []
        for _ in range(repeat):
            start, cpu = time.perf_counter(), _child_cpu()
            subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
            walls.append(time.perf_counter() - start)
            cpus.append(_child_cpu() - cpu)
        return min(walls), min(cpus)

    return best(solve), best("import numpy")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    default = sorted(p.stem for p in BENCH.glob("*.txt"))
    parser.add_argument("--files", nargs="+", default=default, help="bench file stems (default: all)")
    parser.add_argument("--sample", type=int, default=10_000, help="puzzles per file at most (random)")
    parser.add_argument("--baseline-sample", type=int, default=200, help="puzzles for the baseline")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    start = time.process_time()
    solver.warm_up()
    print(f"kernels loaded in {time.process_time() - start:.2f} s CPU; load average {os.getloadavg()[0]:.1f}")
    print(
        f"{'file':<27}{'puzzles':>8}{'us/puzzle':>11}{'puzzles/s':>11}{'guesses':>9}"
        f"{'unique? us':>12}{'baseline us':>13}{'ratio':>8}{'tdoku us':>10}"
    )
    for name in args.files:
        puzzles = load(BENCH / f"{name}.txt")
        rng = random.Random(args.seed)
        if len(puzzles) > args.sample:
            puzzles = rng.sample(puzzles, args.sample)
        grids = np.array([as_grid(p) for p in puzzles], dtype=np.uint8)
        seconds, guesses, solutions, counts = time_solver(grids, 1)
        assert (counts == 1).all(), f"{name}: unsolved puzzles"
        for i in np.linspace(0, len(grids) - 1, min(len(grids), 3000)).astype(int):
            assert is_solution(solutions[i], grids[i]), (name, i)
        unique_seconds, _, _, _ = time_solver(grids, 2)
        base = time_baseline(rng.sample(puzzles, min(args.baseline_sample, len(puzzles))))
        ours = seconds / len(grids)
        tdoku = TDOKU_US.get(name)
        print(
            f"{name:<27}{len(grids):>8,}{ours * 1e6:>11.1f}{len(grids) / seconds:>11,.0f}{guesses:>9.1f}"
            f"{unique_seconds / len(grids) * 1e6:>12.1f}{base * 1e6:>13,.0f}{base / ours:>7.0f}x"
            f"{tdoku if tdoku else '':>10}",
            flush=True,
        )
    (solve_wall, solve_cpu), (bare_wall, bare_cpu) = startup()
    print(
        f"start-up: a fresh process solving one puzzle (cached kernels) {solve_wall:.2f} s wall, "
        f"{solve_cpu:.2f} s CPU; bare 'import numpy' {bare_wall:.2f} s wall, {bare_cpu:.2f} s CPU: "
        f"+{solve_wall - bare_wall:.2f} s wall, +{solve_cpu - bare_cpu:.2f} s CPU"
    )
    print(
        "us/puzzle: one solve_batch call, first solution; guesses: digits tried at a guess per puzzle; "
        "unique? us: classify_batch with limit 2; baseline: benchmarks/baseline.py on a random sample "
        "of the same file; ratio = baseline / solve_batch per puzzle; tdoku: ../shared/data/README.md"
    )


if __name__ == "__main__":
    main()
