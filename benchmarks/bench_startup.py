"""Cold start of the real window to an interactive board (issue 5's target: under 3 s).

    .venv/bin/python benchmarks/bench_startup.py [--launches 3]

Each launch runs ``python -m desktop`` under a private Xvfb with a fresh data folder and times, from
spawning the process: the DevTools page being reachable, the board showing 81 labelled gridcells
with a Board state, and the first typed digit showing in a cell's label (a click and a key through
real input events: "interactive").  The baseline, measured in the same run the same way: a bare
pywebview window (Qt backend, same built-in server) showing a one-button page, i.e. what Python,
Qt and QtWebEngine cost before any of our code runs.
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

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from harness.cdp import CdpError, CdpPage  # noqa: E402
from harness.contract import cell_label  # noqa: E402
from harness.server import wait_for  # noqa: E402
from harness.window import WindowApp  # noqa: E402
from harness.xvfb import Xvfb, free_port  # noqa: E402

TARGET_S = 3.0

BASELINE_PAGE = "<!doctype html><title>baseline</title><button>Go</button>"
BASELINE_APP = """
import webview
webview.create_window("baseline", url="index.html")
webview.start(gui="qt")
"""


def launch_app(display: str) -> tuple[float, float]:
    """Return (seconds to a labelled board, seconds to the first typed digit) for one cold start."""
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as folder:
        app = WindowApp(display, Path(folder) / "data", log=Path(folder) / "app.log")
        app.data_dir.mkdir()
        started = time.monotonic()
        try:
            app.launch()
            board = time.monotonic() - started
            app.type_digit(40, 7)
            wait_for(lambda: app.labels()[40] == cell_label(40, 7), 30, 0.01, "the typed digit never showed")
            typed = time.monotonic() - started
            app.close()
        finally:
            app.kill()
    return board, typed


def launch_baseline(display: str) -> float:
    """Return seconds from spawn to a bare pywebview page whose button is in the accessibility tree."""
    with tempfile.TemporaryDirectory(prefix="bench-baseline-") as folder:
        Path(folder, "index.html").write_text(BASELINE_PAGE)
        Path(folder, "app.py").write_text(BASELINE_APP)
        port = free_port()
        env = dict(
            os.environ,
            DISPLAY=display,
            QTWEBENGINE_CHROMIUM_FLAGS="--no-sandbox",
            QTWEBENGINE_REMOTE_DEBUGGING=f"127.0.0.1:{port}",
        )
        started = time.monotonic()
        quiet = subprocess.DEVNULL
        proc = subprocess.Popen([sys.executable, "app.py"], cwd=folder, env=env, stdout=quiet, stderr=quiet)
        try:
            page = CdpPage.connect(port, 60)
            loaded = lambda: page.evaluate("document.readyState") == "complete"  # noqa: E731
            wait_for(loaded, 60, 0.01, "page never loaded", (CdpError,))
            wait_for(lambda: page.query("button", "Go"), 60, 0.01, "no Go button", (CdpError,))
            elapsed = time.monotonic() - started
            page.close()
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--launches", type=int, default=3)
    args = parser.parse_args()
    xvfb = Xvfb()
    try:
        base, runs = [], []
        for _ in range(args.launches):  # interleaved, so a change in the machine's load hits both alike
            base.append(launch_baseline(xvfb.display))
            runs.append(launch_app(xvfb.display))
    finally:
        xvfb.close()
    boards = [b for b, _ in runs]
    typed = [t for _, t in runs]
    print(f"{'':34}{'median':>8}{'min':>8}{'max':>8}")
    for name, values in (
        ("bare pywebview page (baseline)", base),
        ("Sudoku Studio: labelled board", boards),
        ("Sudoku Studio: first digit typed", typed),
    ):
        print(f"{name:34}{statistics.median(values):8.2f}{min(values):8.2f}{max(values):8.2f}  s")
    ratio = statistics.median(typed) / statistics.median(base)
    verdict = "meets" if statistics.median(typed) < TARGET_S else "MISSES"
    print(f"interactive / baseline: {ratio:.2f}x; {verdict} the {TARGET_S:.0f} s target (median to a digit)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
