"""Our batch solver side by side with tdoku (the fastest published solver, C++ with SIMD), in one run.

    TDOKU_DIR=/path/to/tdoku .venv/bin/python benchmarks/bench_tdoku.py [--files 17_clue ...]
        [--sample 10000] [--repeat 5] [--cpu N] [--seed 1]

``TDOKU_DIR`` is a checkout of github.com/t-dillon/tdoku built with its own CMake (it must hold
``include/tdoku.h`` and ``build/libtdoku_static.a``; how to build it: benchmarks/README.md).  Without
it the script says so and exits with status 0: tdoku is never part of this project or its tests.

A small C driver (written below, ours) is compiled against tdoku's static library with the system
``cc``: it loads the sample once, then on each request runs one pass of ``TdokuSolverDpllTriadSimd``
over every puzzle with the requested limit and prints the pass's thread CPU time, its guesses and
the sum of the solution counts.  This process and the driver are pinned to the same core; per file
and limit (1 = tdoku's first-solution mode, ``-f`` in its run_benchmark; 2 = its default mode, which
proves uniqueness) ``--repeat`` rounds time one pass of each, order alternating, after one untimed
pass of each.  Ours is the public ``solve_batch`` (limit 1) and ``classify_batch(grids, 2)``
(limit 2), CPU time of the call.  Printed: medians per puzzle, the median of the rounds' ratios
(ours / tdoku), both solvers' guesses, the load average before and after.  The limit-2 counts must
agree (a disagreement stops the run).  The issue's targets: ratio at most 1.5 (limit 1) and 1.6
(limit 2) on every set.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_solver import add_sample_arguments, sample  # noqa: E402
from engine import classify_batch, solve_batch  # noqa: E402
from engine.formats import parse_lines_bulk  # noqa: E402

TARGETS = {1: 1.5, 2: 1.6}  # ours / tdoku at most (the acceptance)

DRIVER = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "tdoku.h"

/* argv[1]: a file of 81-character puzzles.  Each stdin line "LIMIT" runs one pass and prints
   "<thread CPU seconds> <guesses> <sum of counts>". */
int main(int argc, char **argv) {
    FILE *f = fopen(argv[1], "r");
    if (!f) return 2;
    size_t cap = 1024, n = 0;
    char *puzzles = malloc(cap * 81), line[256], solution[81];
    while (fgets(line, sizeof line, f)) {
        if (strlen(line) < 81) continue;
        if (n == cap) puzzles = realloc(puzzles, (cap *= 2) * 81);
        for (int i = 0; i < 81; i++) puzzles[n * 81 + i] = line[i] == '0' ? '.' : line[i];
        n++;
    }
    fclose(f);
    char *buf = malloc(82);
    buf[81] = '\0';
    while (fgets(line, sizeof line, stdin)) {
        size_t limit = (size_t)atoll(line), guesses, total_guesses = 0, counts = 0;
        struct timespec t0, t1;
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
        for (size_t k = 0; k < n; k++) {
            memcpy(buf, puzzles + k * 81, 81);
            counts += TdokuSolverDpllTriadSimd(buf, limit, 0, solution, &guesses);
            total_guesses += guesses;
        }
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t1);
        printf("%.9f %zu %zu\n", (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9,
               total_guesses, counts);
        fflush(stdout);
    }
    return 0;
}
"""


def build_driver(tdoku: Path, folder: Path) -> Path:
    """Compile the driver against ``tdoku``'s static library; CalledProcessError if the compiler fails."""
    source = folder / "tdoku_driver.c"
    source.write_text(DRIVER)
    binary = folder / "tdoku_driver"
    subprocess.run(
        ["cc", "-O2", f"-I{tdoku / 'include'}", str(source), str(tdoku / "build" / "libtdoku_static.a"),
         "-lstdc++", "-lm", "-o", str(binary)],
        check=True,
    )
    return binary


class Tdoku:
    """One driver process holding one sample; :meth:`run` times one pass (seconds, guesses, counts)."""

    def __init__(self, binary: Path, puzzles: Path) -> None:
        self.proc = subprocess.Popen(
            [str(binary), str(puzzles)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    def run(self, limit: int) -> tuple[float, int, int]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(f"{limit}\n")
        self.proc.stdin.flush()
        seconds, guesses, counts = self.proc.stdout.readline().split()
        return float(seconds), int(guesses), int(counts)

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=60)


def ours(grids: np.ndarray, limit: int) -> tuple[float, int, int]:
    """Return (CPU seconds, guesses, sum of counts) of one public batch call (guesses not reported: 0)."""
    start = time.process_time()
    if limit == 1:
        _, solved = solve_batch(grids)
        counts = int(solved.sum())
    else:
        _, counts_array = classify_batch(grids, limit)
        counts = int(np.clip(counts_array, 0, None).sum())
    return time.process_time() - start, 0, counts


def compare(tdoku: Tdoku, grids: np.ndarray, limit: int, repeat: int) -> dict[str, float]:
    """Time both interleaved (after one untimed pass each); return medians (us/puzzle) and the ratio."""
    _, t_guesses, t_counts = tdoku.run(limit)
    _, _, o_counts = ours(grids, limit)
    if t_counts != o_counts:
        raise SystemExit(f"counts differ at limit {limit}: tdoku {t_counts}, ours {o_counts}")
    times: dict[str, list[float]] = {"tdoku": [], "ours": []}
    ratios = []
    for r in range(repeat):
        order = ["tdoku", "ours"] if r % 2 == 0 else ["ours", "tdoku"]
        got = {}
        for name in order:
            got[name] = (tdoku.run(limit) if name == "tdoku" else ours(grids, limit))[0]
            times[name].append(got[name])
        ratios.append(got["ours"] / got["tdoku"])
    n = len(grids)
    return {
        "tdoku_us": statistics.median(times["tdoku"]) / n * 1e6,
        "ours_us": statistics.median(times["ours"]) / n * 1e6,
        "ratio": statistics.median(ratios),
        "tdoku_guesses": t_guesses / n,
    }


def our_guesses(grids: np.ndarray, limit: int) -> float:
    """Return our guesses per puzzle at ``limit`` (from the kernel's own count)."""
    from engine.solve import solver

    return float(solver._run(grids, limit)[2].mean())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_sample_arguments(parser)
    args = parser.parse_args()

    tdoku_dir = Path(os.environ.get("TDOKU_DIR", ""))
    if not os.environ.get("TDOKU_DIR") or not (tdoku_dir / "build" / "libtdoku_static.a").exists():
        print(
            "bench_tdoku: skipped: set TDOKU_DIR to a tdoku checkout built with its CMake "
            "(include/tdoku.h and build/libtdoku_static.a; see benchmarks/README.md)"
        )
        return 0
    cpu = args.cpu if args.cpu is not None else max(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})  # the driver inherits it: both on one core
    folder = Path(tempfile.mkdtemp(prefix="bench-tdoku-"))
    binary = build_driver(tdoku_dir, folder)
    solve_batch(np.zeros((1, 81), dtype=np.uint8))  # load the kernels before timing
    print(f"pinned to core {cpu}; load average {os.getloadavg()[0]:.2f} (1 min) on {os.cpu_count()} cores")
    print(
        f"{'file':<27}{'puzzles':>8}{'limit':>6}{'tdoku us':>10}{'ours us':>9}{'ratio':>8}{'target':>9}"
        f"{'guesses tdoku/ours':>20}{'load':>11}"
    )
    for name in args.files:
        puzzles = sample(name, args.sample, args.seed)
        sample_file = folder / f"{name}.txt"
        sample_file.write_text("\n".join(puzzles) + "\n")
        grids, ok = parse_lines_bulk([p.encode() for p in puzzles])
        assert ok.all()
        tdoku = Tdoku(binary, sample_file)
        try:
            for limit in (1, 2):
                before = os.getloadavg()[0]
                res = compare(tdoku, grids, limit, args.repeat)
                target = TARGETS[limit]
                mark = f"{target:.1f}x" + (" ok" if res["ratio"] <= target else " NO")
                print(
                    f"{name:<27}{len(grids):>8,}{limit:>6}{res['tdoku_us']:>10.1f}{res['ours_us']:>9.1f}"
                    f"{res['ratio']:>7.2f}x{mark:>9}{res['tdoku_guesses']:>11.1f}/"
                    f"{our_guesses(grids, limit):<8.1f}{before:>5.2f}-{os.getloadavg()[0]:.2f}",
                    flush=True,
                )
        finally:
            tdoku.close()
    print(
        "us: median CPU microseconds per puzzle over the rounds; ratio: median of the rounds' ours/tdoku; "
        "limit 1 = first solution (tdoku -f), 2 = is it unique (tdoku's default); guesses per puzzle "
        "(tdoku counts its guesses, ours counts digits tried); load: 1-minute average before-after"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
