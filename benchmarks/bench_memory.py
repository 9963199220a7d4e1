"""Peak memory of ``sudoku -s`` on a file of a million puzzles (the issue's limit: 300 MB).

    .venv/bin/python benchmarks/bench_memory.py [--count 1000000] [--jobs 1]

The file is generated in a temporary folder from ``17_clue.txt``: each puzzle relabelled with a
random digit permutation (still a valid 17-clue puzzle, and the file is not one puzzle repeated).
The peak resident set size of the ``sudoku -s`` process (its largest child with ``--jobs``) is
read from ``getrusage(RUSAGE_CHILDREN)``, next to the file's size and a baseline measured in the
same run: the same command on a 1,000-puzzle file, so the figure shows what the length costs.

Figures: 1,000,000 puzzles (78 MB): peak RSS 171 MB against 141 MB for 1,000 puzzles (numba and
LLVM are most of that), 36 s.  Chunks of 50,000 puzzles peaked ~30 MB higher than 20,000.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT.parent / "shared" / "data" / "bench" / "17_clue.txt"
LIMIT_MB = 300


def make_file(path: Path, count: int, seed: int = 1) -> None:
    """Write ``count`` relabelled 17-clue puzzles to ``path``, 100,000 at a time (flat memory here too)."""
    base = np.frombuffer(SOURCE.read_bytes(), dtype=np.uint8).reshape(-1, 82)
    rng = np.random.default_rng(seed)
    with open(path, "wb") as out:
        for start in range(0, count, 100_000):
            n = min(100_000, count - start)
            rows = base[rng.integers(0, len(base), n)].copy()
            # byte table per row: '.' stays, digit d becomes perm[d]
            perms = np.argsort(rng.random((n, 9)), axis=1).astype(np.uint8) + ord("1")
            cells = rows[:, :81]
            digits = cells != ord(".")
            cells[digits] = perms[np.nonzero(digits)[0], cells[digits] - ord("1")]
            out.write(rows.tobytes())


def peak_rss_mb(command: list[str]) -> tuple[float, float]:
    """Run ``command`` in a fresh child and return (its peak RSS in MB, wall seconds)."""
    probe = [
        sys.executable,
        "-c",
        "import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True); "
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)",
        *command,
    ]
    start = time.perf_counter()
    # the probe's own children are only this command (and its workers), so the max is theirs
    result = subprocess.run(probe, check=True, capture_output=True, text=True)
    return int(result.stdout.split()[-1]) / 1024, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=1_000_000)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-mem-"))
    try:
        small, big = folder / "small.txt", folder / "big.txt"
        make_file(small, 1000)
        make_file(big, args.count)
        script = Path(sys.executable).parent / "sudoku"
        sudoku = [str(script)] if script.exists() else [sys.executable, "-m", "engine"]
        subprocess.run([*sudoku, "-q", "-s", str(small), "-o", str(folder / "warm.txt")], check=True)
        base_mb, _ = peak_rss_mb([*sudoku, "-q", "-s", str(small), "-o", str(folder / "s.txt")])
        run = [*sudoku, "-q", "-s", str(big), "-o", str(folder / "out.txt"), "--jobs", str(args.jobs)]
        peak_mb, wall = peak_rss_mb(run)
        lines = (folder / "out.txt").stat().st_size // 82
        assert lines == args.count, (lines, args.count)
        size_mb = big.stat().st_size / 2**20
        print(f"input: {args.count:,} puzzles, {size_mb:.0f} MB; sudoku -s --jobs {args.jobs}: {wall:.1f} s")
        print(
            f"peak RSS: {peak_mb:.0f} MB (limit {LIMIT_MB} MB); 1,000-puzzle baseline: {base_mb:.0f} MB; "
            f"ratio {peak_mb / base_mb:.2f}"
        )
        print("PASS" if peak_mb < LIMIT_MB else "FAIL: over the limit")
        rusage = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"(this script itself peaked at {rusage:.0f} MB while generating the file)")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
