"""How far the variant human logic goes on the published train puzzles: per kind, puzzles solved with no
guess, soundness of every step against the published solution, and CPU seconds per puzzle (CPU time:
the machine may be shared).

    PYTHONPATH=$PWD python benchmarks/bench_variant_logic.py [--ids a,b] [--half odd|even] [-v]

Each puzzle's line also gives its slowest single step (what one hint costs at worst there, once the
puzzle's compiled propagation is built: that is not timed).

``--half even`` / ``odd`` keeps every other puzzle of each kind (by file order): the tuning half and the
held-out half.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.logic.variant import VariantState, chains, variant_next_step  # noqa: E402
from tests.harness.variant_reader import train_records  # noqa: E402


def kind_of(rec: dict) -> str:
    fp = rec["fpuzzles"]
    keys = {k for k in fp if k not in ("size", "grid") and fp[k]}
    if "killercage" in keys:
        return "killer"
    for key, kind in (("thermometer", "thermo"), ("arrow", "arrow"), ("ratio", "kropki"),
                      ("difference", "kropki"), ("extraregion", "windoku"), ("diagonal+", "x"),
                      ("littlekillersum", "littlekiller"), ("xv", "xv"), ("antiknight", "rules"),
                      ("nonconsecutive", "rules"), ("sandwichsum", "sandwich")):
        if key in keys:
            return kind
    return "jigsaw" if rec["size"] == 16 else "classic"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--ids", default="")
    ap.add_argument("--half", choices=("even", "odd", "all"), default="all")
    ap.add_argument("--kind", default="")
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    recs = [r for r in train_records() if r["solution"] is not None]
    if args.ids:
        want = set(args.ids.split(","))
        recs = [r for r in recs if r["id"] in want]
    by_kind: dict[str, list] = defaultdict(list)
    for r in recs:
        by_kind[kind_of(r)].append(r)
    total = defaultdict(lambda: [0, 0, 0, 0.0, 0.0, 0])
    for kind, rs in sorted(by_kind.items()):
        if args.kind and kind != args.kind:
            continue
        for k, rec in enumerate(rs):
            if args.half != "all" and (k % 2 == 0) != (args.half == "even"):
                continue
            sol = rec["solution"]
            path, dt, slowest = _walk(rec["puzzle"], sol)
            state = VariantState.start(rec["puzzle"], sol)
            bad = 0
            for step in path:
                bad += sum(sol[c] == d for c, d in step.eliminations)
                bad += sum(sol[c] != d for c, d in step.placements)
                state.apply(step)
            bad += tuple(state.values) != tuple(sol)
            guesses = sum(s.technique == "guess" for s in path)
            t = total[kind]
            t[0] += 1
            t[1] += guesses == 0
            t[2] += bad
            t[3] += dt
            t[4] = max(t[4], slowest)
            t[5] += guesses
            print(f"{kind:12s} {rec['id']:36s} guesses {guesses:3d} steps {len(path):4d} "
                  f"unsound {bad} {dt:6.2f}s (slowest step {slowest:4.2f}s)", flush=True)
            if args.v:
                counts = defaultdict(int)
                for s in path:
                    counts[s.technique] += 1
                print("   ", dict(counts))
    print()
    for kind, (n, ok, bad, secs, slowest, guesses) in sorted(total.items()):
        print(f"{kind:12s} no guess {ok:3d} / {n:3d}  guesses {guesses:3d}  unsound steps {bad}  "
              f"{secs / n:6.2f} s per puzzle  slowest step {slowest:4.2f} s")


def _walk(puzzle, sol) -> tuple[list, float, float]:
    """The puzzle's path as ``variant_path`` makes it: (steps, CPU seconds, the slowest step's), after
    the compiled propagation is built and its kernels loaded (once per puzzle and process, untimed)."""
    state = VariantState.start(puzzle, tuple(sol))
    chains.flagged(state)
    path, total, slowest = [], 0.0, 0.0
    while not state.is_solved() and not state.is_broken():
        t0 = time.process_time()
        step = variant_next_step(puzzle, state)
        dt = time.process_time() - t0
        total += dt
        slowest = max(slowest, dt)
        if step is None:
            break
        state.apply(step)
        path.append(step)
    return path, total, slowest


if __name__ == "__main__":
    main()
