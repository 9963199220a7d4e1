"""Speed of the compiled solver kernel against the reference kernel of commit 3e52e90, in one run.

    .venv/bin/python benchmarks/bench_solver.py [--files 17_clue ...] [--sample 10000] [--repeat 5]
                                                [--cpu N] [--seed 1]

The reference is today's kernel before the bitboard rewrite: ``engine/kernels/solver.py`` as of
commit 3e52e90, taken with ``git show`` into a cache folder and imported under another module name
(``ref_solver_kernels``), so both kernels run in this process on the same arrays.  The process is
pinned to one core (``os.sched_setaffinity``); for each bench file (big files sampled at random
with a fixed seed: forum_hardest_1905_11plus is sorted, a prefix would not be typical) it runs
``--repeat`` rounds, each timing the reference and the new kernel on the whole sample one after
the other (order alternating per round), first for the first solution (limit 1), then for
"is it unique?" (limit 2).  Printed: the medians per puzzle and the median of the per-round ratios
(reference / new), the guesses per puzzle, and the load average before and after each file.
Last, one puzzle at a time: ``solve`` and ``count_solutions`` called per puzzle against the
puzzle's share of one batch call, interleaved.
Every new solution is checked with the independent ``is_solution`` and the limit-2 counts must
equal the reference's.  Times are CPU seconds (``time.process_time``) of single-threaded work.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT.parent / "shared" / "data" / "bench"
sys.path.insert(0, str(ROOT))

from engine.grid import as_grid, is_solution  # noqa: E402
from engine.kernels import solver as solver_kernels  # noqa: E402

REFERENCE = "3e52e90"
FILES = [
    "17_clue",
    "magictour_top1465",
    "forum_hardest_1905_11plus",
    "forum_hardest_1106",
    "serg_benchmark",
]
# the targets: reference / new at least this (first solution); 17_clue: no slower
TARGETS = {
    "17_clue": 1.0,
    "magictour_top1465": 1.5,
    "forum_hardest_1905_11plus": 1.7,
    "forum_hardest_1106": 1.7,
    "serg_benchmark": 1.9,
}


def reference_kernels() -> ModuleType:
    """Return commit 3e52e90's kernel module, imported as ``ref_solver_kernels`` from a cache folder
    (kept between runs so numba's cache holds its compiled code); CalledProcessError without git."""
    source = subprocess.run(
        ["git", "show", f"{REFERENCE}:engine/kernels/solver.py"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    folder = Path(tempfile.gettempdir()) / f"sudoku-ref-kernels-{REFERENCE}"
    folder.mkdir(exist_ok=True)
    path = folder / "ref_solver_kernels.py"
    if not path.exists() or path.read_text() != source:
        path.write_text(source)
    spec = importlib.util.spec_from_file_location("ref_solver_kernels", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["ref_solver_kernels"] = module
    spec.loader.exec_module(module)
    return module


def load(path: Path) -> list[str]:
    """Return the puzzles of a bench file (the first comma-separated field of each 81-cell line)."""
    puzzles = []
    for line in path.read_text(encoding="ascii").splitlines():
        text = line.split(",")[0].strip()
        if len(text) == 81 and all(ch in "0123456789." for ch in text):
            puzzles.append(text)
    return puzzles


def sample(name: str, size: int, seed: int) -> list[str]:
    """Return a bench file's puzzles, or ``size`` of them drawn at random with ``seed`` if it has more
    (forum_hardest_1905_11plus is sorted: a prefix would not be typical)."""
    puzzles = load(BENCH / f"{name}.txt")
    return random.Random(seed).sample(puzzles, size) if len(puzzles) > size else puzzles


def add_sample_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options this benchmark shares with bench_tdoku.py: files, sample, rounds, core, seed."""
    parser.add_argument("--files", nargs="+", default=FILES, help="bench file stems (default: the five sets)")
    parser.add_argument("--sample", type=int, default=10_000, help="puzzles per file at most (random)")
    parser.add_argument("--repeat", type=int, default=5, help="interleaved rounds per file and limit")
    parser.add_argument("--cpu", type=int, default=None, help="core to pin to (default: the last allowed)")
    parser.add_argument("--seed", type=int, default=1)


def run(kernels: ModuleType, grids: np.ndarray, limit: int) -> tuple[Any, ...]:
    """Return (CPU seconds, solutions, counts, guesses) of one batch call of ``kernels``."""
    n = len(grids)
    solutions = grids.copy()
    counts = np.zeros(n, dtype=np.int64)
    guesses = np.zeros(n, dtype=np.int64)
    space = kernels.workspace()
    start = time.process_time()
    kernels.classify_many(grids, limit, -1, solutions, counts, guesses, *space)
    return time.process_time() - start, solutions, counts, guesses


def compare(ref: ModuleType, grids: np.ndarray, limit: int, repeat: int) -> dict[str, float]:
    """Time both kernels interleaved; return medians (us per puzzle), the median ratio and guesses."""
    times: dict[str, list[float]] = {"ref": [], "new": []}
    ratios = []
    for r in range(repeat):
        order = [("ref", ref), ("new", solver_kernels)]
        if r % 2:
            order.reverse()
        round_times = {}
        for name, kernels in order:
            seconds, solutions, counts, guesses = run(kernels, grids, limit)
            round_times[name] = seconds
            times[name].append(seconds)
            if name == "new":
                new_counts, new_guesses = counts, guesses
                for i in np.linspace(0, len(grids) - 1, min(len(grids), 2000)).astype(int):
                    assert is_solution(solutions[i], grids[i]), i
            else:
                ref_counts, ref_guesses = counts, guesses
        ratios.append(round_times["ref"] / round_times["new"])
    assert np.array_equal(ref_counts, new_counts), "the kernels count differently"
    n = len(grids)
    return {
        "ref_us": statistics.median(times["ref"]) / n * 1e6,
        "new_us": statistics.median(times["new"]) / n * 1e6,
        "ratio": statistics.median(ratios),
        "ref_guesses": float(ref_guesses.mean()),
        "new_guesses": float(new_guesses.mean()),
    }


def one_at_a_time(grids: np.ndarray, repeat: int) -> tuple[float, float, float]:
    """Return median microseconds per puzzle of ``solve`` and ``count_solutions`` called once per
    puzzle, and of one batch call, interleaved (the single calls' target: at most 2 us more)."""
    from engine.solve import solver

    rows = list(grids)
    times: dict[str, list[float]] = {"solve": [], "count": [], "batch": []}
    for _ in range(repeat):
        start = time.process_time()
        for row in rows:
            solver.solve(row)
        times["solve"].append(time.process_time() - start)
        start = time.process_time()
        for row in rows:
            solver.count_solutions(row, 1)
        times["count"].append(time.process_time() - start)
        times["batch"].append(run(solver_kernels, grids, 1)[0])
    solve_us, count_us, batch_us = (statistics.median(times[k]) / len(rows) * 1e6 for k in times)
    return solve_us, count_us, batch_us


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_sample_arguments(parser)
    args = parser.parse_args()

    cpu = args.cpu if args.cpu is not None else max(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    start = time.process_time()
    ref = reference_kernels()
    warm = np.zeros((1, 81), dtype=np.uint8)
    for kernels in (ref, solver_kernels):
        run(kernels, warm, 2)
    print(
        f"pinned to core {cpu}; kernels loaded in {time.process_time() - start:.2f} s CPU; "
        f"load average {os.getloadavg()[0]:.2f} (1 min) on {os.cpu_count()} cores"
    )
    print(
        f"{'file':<27}{'puzzles':>8}{'limit':>6}{'3e52e90 us':>12}{'new us':>9}{'ratio':>8}{'target':>8}"
        f"{'guesses old/new':>17}{'load':>11}"
    )
    for name in args.files:
        puzzles = sample(name, args.sample, args.seed)
        grids = np.array([as_grid(p) for p in puzzles], dtype=np.uint8)
        for limit in (1, 2):
            before = os.getloadavg()[0]
            res = compare(ref, grids, limit, args.repeat)
            target = TARGETS.get(name) if limit == 1 else None
            mark = "" if target is None else f"{target:.1f}x" + (" ok" if res["ratio"] >= target else " NO")
            print(
                f"{name:<27}{len(grids):>8,}{limit:>6}{res['ref_us']:>12.1f}{res['new_us']:>9.1f}"
                f"{res['ratio']:>7.2f}x{mark:>8}{res['ref_guesses']:>9.1f}/{res['new_guesses']:<7.1f}"
                f"{before:>5.2f}-{os.getloadavg()[0]:.2f}",
                flush=True,
            )
    grids = np.array([as_grid(p) for p in load(BENCH / "17_clue.txt")[:2000]], dtype=np.uint8)
    solve_us, count_us, batch_us = one_at_a_time(grids, args.repeat)
    print(
        f"one at a time (17_clue, 2,000): solve {solve_us:.2f} us, count_solutions {count_us:.2f} us, "
        f"batch share {batch_us:.2f} us: +{solve_us - batch_us:.2f} / +{count_us - batch_us:.2f} us "
        f"(target: at most +2); load {os.getloadavg()[0]:.2f}"
    )
    print(
        "us: median CPU microseconds per puzzle over the rounds; ratio: median of the rounds' "
        "3e52e90/new; limit 1 = first solution, 2 = is it unique; guesses: digits tried per puzzle; "
        "load: 1-minute load average before-after the file"
    )


if __name__ == "__main__":
    main()
