"""The real window's memory during a long watched run: backtracking at delay 0 on a 17-clue puzzle.

    .venv/bin/python benchmarks/bench_window_run_memory.py [--seconds 600]

Issue 27's acceptance: "a 10-minute delay-0 backtracking run on a 17-clue puzzle: the app's
resident memory grows <= 150 MB".  This launches the app as a user would (``python -m desktop``,
the Qt back end, under a private Xvfb; tests/harness drives it by the accessibility names only),
enters the first puzzle of ``17_clue.txt`` by clicking, picks backtracking, sets the delay to 0,
presses Solve and samples the resident memory of the app's Python process and of its whole
process tree (QtWebEngine's renderer and GPU processes included) every tenth of the run.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from harness.puzzles import seventeen_clue  # noqa: E402
from harness.window import WindowApp  # noqa: E402
from harness.xvfb import Xvfb  # noqa: E402
from test_window import _enter_by_clicking  # noqa: E402


def _rss_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/statm") as handle:
            return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6
    except OSError:
        return 0.0


def _tree(pid: int) -> list[int]:
    """Return ``pid`` and all its descendants."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as handle:
                    parent = int(handle.read().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
            children.setdefault(parent, []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(children.get(p, []))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=600.0)
    args = parser.parse_args()
    puzzle = seventeen_clue(0)
    print(f"load average {os.getloadavg()[0]:.1f}; {args.seconds:.0f} s of backtracking on {puzzle}")
    xvfb = Xvfb()
    with tempfile.TemporaryDirectory(prefix="bench-window-") as folder:
        app = WindowApp(xvfb.display, Path(folder))
        try:
            app.launch()
            _enter_by_clicking(app, puzzle)
            app.choose("Algorithm", "naive")
            app.set_delay(0)
            pid = app.proc.pid
            python0, tree0 = _rss_mb(pid), sum(_rss_mb(p) for p in _tree(pid))
            each0 = {p: _rss_mb(p) for p in _tree(pid)}
            app.click_button("Solve")
            started = time.perf_counter()
            worst = (0.0, 0.0)
            for k in range(1, 11):
                time.sleep(max(0.0, started + args.seconds * k / 10 - time.perf_counter()))
                python, tree = _rss_mb(pid), sum(_rss_mb(p) for p in _tree(pid))
                worst = (max(worst[0], python - python0), max(worst[1], tree - tree0))
                print(f"  {time.perf_counter() - started:6.0f} s: steps {app.number('Steps'):>12,}; "
                      f"app process {python:.0f} MB (+{python - python0:.0f}), "
                      f"with its web engine {tree:.0f} MB (+{tree - tree0:.0f})")
            for p in _tree(pid):
                with open(f"/proc/{p}/cmdline", "rb") as handle:
                    name = handle.read().replace(b"\0", b" ").decode(errors="replace")
                    name = " ".join(w for w in name.split() if not w.startswith("--"))[:60]
                print(f"    {p} {name}: {_rss_mb(p):.0f} MB (+{_rss_mb(p) - each0.get(p, 0):.0f})")
            print(f"growth at most: app process {worst[0]:.0f} MB, with its web engine {worst[1]:.0f} MB "
                  f"(limit 150 MB)")
        finally:
            app.kill()
            xvfb.close()


if __name__ == "__main__":
    main()
