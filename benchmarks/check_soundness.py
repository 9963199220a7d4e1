"""Soundness over thousands of puzzles: every step of the human solver checked against the solution.

    .venv/bin/python benchmarks/check_soundness.py [--count 5000] [--jobs 2] [--seed 1]

The issue's bar (issue 12): walk every step on 5,000 puzzles across all difficulty bands, none
wrong.  The sample is stratified by source, so every band is there: QQwing's four classes and the
Kaggle set (singles to X-wings), the SE-rated sample (SE 1.2-9.x, the same number per SE rating
value), SudoCue's collections, and the hardest-known puzzles (Norvig's, top1465, the hardest
database).  Each puzzle's solution comes from the exact solver; :func:`engine.solve_path` (the
step driver with every technique, uniqueness techniques on since every puzzle here is unique)
walks it, and a step that places a digit other than the solution's or removes the solution's
digit is printed and counted.  The path must end on the solution.

This is a check, not part of the test suite: it takes tens of minutes (the hardest puzzles reach
the forcing searches).  ``tests/engine/test_soundness.py`` runs the same check on a small sample, and
with ``-m slow`` every instance of every pattern technique on 2,000 puzzles.  Exit status 1 if
any step is wrong.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

DATA = ROOT.parent / "shared" / "data"


def _lines(path: Path, column: int = 0, sep: str | None = None, skip: int = 0) -> list[str]:
    rows = path.read_text().splitlines()[skip:]
    out = [r.split(sep)[column].replace(".", "0") for r in rows if r.strip()]
    return [p for p in out if len(p) == 81 and p.isdigit()]


def sources() -> dict[str, list[str]]:
    """Return the puzzle pools by name (every file must exist: a missing one is an error)."""
    ratings, correctness = DATA / "ratings", DATA / "correctness"
    levels = ("simple", "easy", "intermediate", "expert")
    pools = {f"qqwing_{k}": _lines(ratings / f"qqwing_{k}.sdm") for k in levels}
    pools["kaggle"] = _lines(correctness / "kaggle_bryanpark_first1000.csv", 0, ",", 2)
    se = [r.split() for r in (ratings / "se_rated_stratified_sample.txt").read_text().splitlines()]
    for band in range(1, 10):
        pools[f"se_{band}.x"] = [p for _, p, rating in filter(None, se) if int(float(rating)) == band]
    for name in ("sudocue_learningcurve", "sudocue_top10000", "sudocue_superiors", "sudocue_noponies"):
        pools[name] = _lines(ratings / f"{name}.sdm")
    pools["hardest"] = _lines(correctness / "DERIVED_unique_solutions.tsv", 1, "\t", 1)
    return {name: pool for name, pool in pools.items() if pool}


def sample(count: int, seed: int) -> list[tuple[str, str]]:
    """Return ``count`` (pool, puzzle) pairs at random, an equal share from every pool (what a small
    pool cannot give is shared among the larger ones)."""
    pools = sorted(sources().items(), key=lambda item: len(item[1]))
    rng = random.Random(seed)
    picked = []
    for left, (name, pool) in zip(range(len(pools), 0, -1), pools, strict=True):
        share = -(-(count - len(picked)) // left)
        picked += [(name, p) for p in rng.sample(pool, min(share, len(pool)))]
    rng.shuffle(picked)
    return picked[:count]


def warm() -> None:
    """Compile or load every kernel the walk uses, so no puzzle's time includes numba's first compile."""
    from engine import solve_path

    for line in sources()["hardest"][:3]:
        solve_path([int(ch) for ch in line], unique=True)


def walk(item: tuple[str, str]) -> tuple[str, list[str], Counter, float]:
    """Return (pool, wrong steps, techniques used, seconds) for one puzzle's whole human solution."""
    from engine import CandidateGrid, solve, solve_path

    pool, puzzle = item
    grid = [int(ch) for ch in puzzle]
    solution = solve(grid)
    if solution is None:
        return pool, [f"{puzzle}: no solution"], Counter(), 0.0
    start = time.perf_counter()
    path = solve_path(grid, unique=True)
    seconds = time.perf_counter() - start
    wrong = []
    cg = CandidateGrid.from_grid(grid)
    for step in path:
        wrong += [f"{puzzle}: {step.technique} places {d} in cell {c}" for c, d in step.placements
                  if solution[c] != d]
        wrong += [f"{puzzle}: {step.technique} removes {d} from cell {c}" for c, d in step.eliminations
                  if solution[c] == d]
        cg.apply(step)
    if not wrong and list(cg.values) != list(solution):
        wrong.append(f"{puzzle}: the path does not end on the solution")
    return pool, wrong, Counter(s.technique for s in path), seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=5000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    items = sample(args.count, args.seed)
    wrong: list[str] = []
    used: Counter = Counter()
    per_pool: dict[str, list[float]] = {}
    start = time.perf_counter()
    with ProcessPoolExecutor(args.jobs, initializer=warm) as pool:
        for done, (name, bad, techniques, seconds) in enumerate(pool.map(walk, items, chunksize=8), 1):
            wrong += bad
            used += techniques
            per_pool.setdefault(name, []).append(seconds)
            for line in bad:
                print("WRONG", line, flush=True)
            if done % 500 == 0:
                print(f"{done}/{len(items)} puzzles, {len(wrong)} wrong, {time.perf_counter() - start:.0f} s",
                      flush=True)
    print(f"\n{len(items)} puzzles, {sum(used.values())} steps, {len(wrong)} wrong, "
          f"{time.perf_counter() - start:.0f} s with {args.jobs} processes")
    for name, times in per_pool.items():
        print(f"  {name:24} {len(times):5} puzzles, slowest {max(times):6.2f} s")
    print("steps by technique:", ", ".join(f"{t} {n}" for t, n in used.most_common()))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
