"""The built app for a fresh user: cold start to an interactive board (target <= 2 s) and the first
``sudoku -s`` on 100 puzzles (target <= 1.5 s).

    .venv/bin/python benchmarks/bench_bundle_startup.py [--bundle dist/SudokuStudio] [--launches 5]

Every launch gets a fresh, empty home folder (a new user: no cache, no saved game).  The app's start
is timed from spawning ``sudoku-studio --self-test`` under a private Xvfb (GTK back end on the
system's WebKitGTK, as the .deb runs it) to the moment the self-test sees 81 labelled gridcells and
the API attached (it prints that wall-clock time).  ``sudoku -s`` solves the first 100 puzzles of
the 17-clue set and is timed from spawn to exit.  References, measured interleaved in the same run
the same way: the source tree's ``python -m desktop --backend gtk --self-test`` and ``sudoku -s``
from the venv with an empty numba cache (numba's JIT compiling, as a new source user's first run
does).  Medians; the load average is printed because the machine is shared.
Build the bundle first with ``python build/build.py``.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from harness.xvfb import Xvfb  # noqa: E402

READY = re.compile(r"self-test: board ready at ([0-9.]+)")
PUZZLES = ROOT.parent / "shared" / "data" / "bench" / "17_clue.txt"
START_TARGET_S = 2.0
SOLVE_TARGET_S = 1.5


def fresh_env(home: str, display: str | None = None) -> dict[str, str]:
    """A new user's environment: empty home, caches and data inside it, no venv on PATH."""
    env = {"PATH": "/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8", "XDG_CACHE_HOME": f"{home}/.cache",
           "XDG_DATA_HOME": f"{home}/.local/share", "NUMBA_CACHE_DIR": f"{home}/.cache/numba"}
    if display:
        env.update(DISPLAY=display, WEBKIT_DISABLE_COMPOSITING_MODE="1")
    return env


def start_time(cmd: list[str], display: str) -> float:
    """Return seconds from spawn to an interactive board; raises RuntimeError if the self-test fails."""
    with tempfile.TemporaryDirectory(prefix="sudoku-start-") as home:
        started = time.time()
        result = subprocess.run([*cmd, "--self-test"], env=fresh_env(home, display), capture_output=True,
                                text=True, timeout=600, cwd=home)
    found = READY.search(result.stdout)
    if result.returncode != 0 or not found:
        raise RuntimeError(f"{cmd[0]} --self-test failed ({result.returncode}): {result.stderr[-1500:]}")
    return float(found.group(1)) - started


def solve_time(sudoku: str) -> float:
    """Return seconds for a new user's first ``sudoku -s`` on 100 puzzles; RuntimeError if it fails."""
    with tempfile.TemporaryDirectory(prefix="sudoku-solve-") as home:
        lines = PUZZLES.read_text(encoding="ascii").splitlines()[:100]
        Path(home, "puzzles.txt").write_text("\n".join(lines) + "\n", encoding="ascii")
        started = time.monotonic()
        result = subprocess.run([sudoku, "-s", "puzzles.txt"], env=fresh_env(home), capture_output=True,
                                text=True, timeout=600, cwd=home)
        elapsed = time.monotonic() - started
        out = Path(home, "sudoku.txt")
        solved = len(out.read_text(encoding="ascii").split()) if out.exists() else 0
    if result.returncode != 0 or solved != 100:
        raise RuntimeError(f"{sudoku} -s failed ({result.returncode}): {result.stderr[-1500:]}")
    return elapsed


def report(name: str, times: list[float], target: float | None = None) -> float:
    """Print a series with its median (and the verdict against ``target``); return the median."""
    median = statistics.median(times)
    verdict = "" if target is None else f"  ({'meets' if median <= target else 'MISSES'} {target} s)"
    print(f"{name:<34} median {median:.2f} s  [{', '.join(f'{t:.2f}' for t in times)}]{verdict}")
    return median


def main() -> int:
    """Run the benchmark and print the figures; return 0, or 1 if a launch failed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bundle", type=Path, default=ROOT / "dist" / "SudokuStudio")
    parser.add_argument("--launches", type=int, default=5)
    args = parser.parse_args()
    app, sudoku = args.bundle / "sudoku-studio", args.bundle / "sudoku"
    if not app.is_file():
        print(f"no {app}: build it first with `python build/build.py`", file=sys.stderr)
        return 1
    print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    source_app = [sys.executable, "-m", "desktop", "--backend", "gtk"]
    source_sudoku = str(Path(sys.executable).with_name("sudoku"))
    runs: dict[str, list[float]] = {k: [] for k in ("app", "app_src", "solve", "solve_src")}
    server = Xvfb()
    try:
        for _ in range(args.launches):  # interleaved: the machine's load hits both sides alike
            runs["app"].append(start_time([str(app)], server.display))
            runs["app_src"].append(start_time(source_app, server.display))
            runs["solve"].append(solve_time(str(sudoku)))
            runs["solve_src"].append(solve_time(source_sudoku))
    except RuntimeError as err:
        print(err, file=sys.stderr)
        return 1
    finally:
        server.close()
    report("frozen app, cold start", runs["app"], START_TARGET_S)
    report("source app (GTK), cold start", runs["app_src"])
    report("frozen sudoku -s 100, first run", runs["solve"], SOLVE_TARGET_S)
    report("source sudoku -s 100, empty cache", runs["solve_src"])
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
