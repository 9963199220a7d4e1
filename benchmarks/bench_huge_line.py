"""Peak memory of ``sudoku -s`` on a file whose middle line is one 200 MB line (issue 10: under 200 MB).

    .venv/bin/python benchmarks/bench_huge_line.py [--mb 200]

The line is read in pieces of at most 64 KiB (engine.cli.common.bounded_lines); the figure is the
child's peak RSS from ``getrusage(RUSAGE_CHILDREN)``, next to a baseline measured in the same run:
the same command on the file without the long line (numba and LLVM are most of either figure).

Figures (2 cores, shared): 200 MB line: peak RSS 142 MB against 141 MB without it; before the
bounded reader, 850 MB.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

LIMIT_MB = 200
PUZZLE = b"." * 81 + b"\n"


def peak_mb(args: list[str]) -> float:
    """Run ``sudoku`` with args in a fresh process; return the peak RSS (MB) of the largest child so far."""
    code = (
        "import resource, subprocess, sys\n"
        "subprocess.run(sys.argv[1:])\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    out = subprocess.run([sys.executable, "-c", code, sys.executable, "-m", "engine", *args],
                         capture_output=True, text=True, check=True).stdout
    return int(out.split()[-1]) / 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=200, help="length of the long line in MB")
    args = parser.parse_args()
    print(f"load average: {os.getloadavg()}")
    with tempfile.TemporaryDirectory() as folder:
        plain, huge = Path(folder) / "plain.txt", Path(folder) / "huge.txt"
        plain.write_bytes(PUZZLE * 2)
        with open(huge, "wb") as out:
            out.write(PUZZLE)
            for _ in range(args.mb):
                out.write(b"1" * (1 << 20))
            out.write(b"\n" + PUZZLE)
        base = peak_mb(["-s", str(plain), "-o", str(Path(folder) / "o1")])
        long = peak_mb(["-s", str(huge), "-o", str(Path(folder) / "o2")])
    print(f"peak RSS: {long:.0f} MB with a {args.mb} MB line, {base:.0f} MB without (limit {LIMIT_MB} MB)")
    return 0 if long < LIMIT_MB else 1


if __name__ == "__main__":
    sys.exit(main())
