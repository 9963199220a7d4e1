"""Start-up of the frozen app to an interactive board (the issue's target: under 4 s on a second launch).

    .venv/bin/python benchmarks/bench_bundle_startup.py [--bundle dist/SudokuStudio] [--launches 4]

Each launch runs ``sudoku-studio --self-test`` under a private Xvfb with a fresh home folder shared
by the launches (the first compiles into an empty numba cache, later ones load it; the self-test
always starts without a saved game), and times from spawning the process to the moment the
self-test sees 81 labelled gridcells and the API attached (it prints that wall-clock time).  The
baseline, measured in the same run the same way: ``python -m desktop --self-test`` from the source
tree with the project's venv.
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


def launch(cmd: list[str], env: dict[str, str]) -> float:
    """Return seconds from spawn to an interactive board; raises RuntimeError if the self-test fails."""
    started = time.time()
    result = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600, cwd=env["HOME"])
    found = READY.search(result.stdout)
    if result.returncode != 0 or not found:
        raise RuntimeError(f"{cmd[0]} --self-test failed ({result.returncode}): {result.stderr[-1500:]}")
    return float(found.group(1)) - started


def series(name: str, cmd: list[str], launches: int, display: str) -> list[float]:
    """Time ``launches`` launches of ``cmd`` sharing one fresh home folder, and print them."""
    with tempfile.TemporaryDirectory(prefix="sudoku-startup-") as home:
        env = {"PATH": "/usr/bin:/bin", "HOME": home, "DISPLAY": display, "LANG": "C.UTF-8",
               "XDG_CACHE_HOME": f"{home}/.cache", "XDG_DATA_HOME": f"{home}/.local/share"}
        if os.geteuid() == 0:
            env["QTWEBENGINE_CHROMIUM_FLAGS"] = "--no-sandbox"
        times = [launch(cmd, env) for _ in range(launches)]
    shown = ", ".join(f"{t:.2f}" for t in times)
    print(f"{name:<22} first {times[0]:.2f} s; then {shown.split(', ', 1)[-1]} s")
    return times


def main() -> int:
    """Run the benchmark and print the figures; return 0, or 1 if a launch failed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bundle", type=Path, default=ROOT / "dist" / "SudokuStudio")
    parser.add_argument("--launches", type=int, default=4)
    args = parser.parse_args()
    exe = args.bundle / "sudoku-studio"
    if not exe.is_file():
        print(f"no {exe}: build it first with `python build/build.py`", file=sys.stderr)
        return 1
    server = Xvfb()
    try:
        frozen = series("frozen (bundle)", [str(exe), "--self-test"], args.launches, server.display)
        source = series("source (venv)", [sys.executable, "-m", "desktop", "--self-test"], args.launches,
                        server.display)
    except RuntimeError as err:
        print(err, file=sys.stderr)
        return 1
    finally:
        server.close()
    # later launches (cache warm) vary with the machine's load: compare medians
    later = statistics.median(frozen[1:] or frozen)
    base = statistics.median(source[1:] or source)
    verdict = "meets" if later < 4.0 else "MISSES"
    print(f"later launches, frozen: median {later:.2f} s ({verdict} the 4 s target); "
          f"source: median {base:.2f} s; frozen / source = {later / base:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
