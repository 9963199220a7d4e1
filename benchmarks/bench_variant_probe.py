"""Microseconds per trial of the human logic's compiled filter: each candidate of a state placed and
propagated from scratch (one ``propagate_state`` call each, as ``Prober.dead`` did) against the probe
kernel (``engine.kernels.variant_probe.dead_tries``: the state propagated once, each trial queuing only
what its cut touches), on the state of each published train puzzle where the steps below the
contradiction chains stop (where the chains start trying), repeated (CPU time).

    PYTHONPATH=$PWD python benchmarks/bench_variant_probe.py [--ids a,b] [--repeat 5]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.logic.variant.state import digits_of  # noqa: E402
from engine.solve.variant_prober import Prober  # noqa: E402
from tests.harness.variant_reader import stall_state, train_records  # noqa: E402

IDS = ",".join(["iss-hs-killers-9", "iss-tarek-all-13", "iss-wecoc-1", "iss-a-kind-of-magic",
                "iss-16x16-sudoku-x-hard", "iss-strict-kropki"])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--ids", default=IDS)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    recs = {r["id"]: r for r in train_records()}
    for rid in args.ids.split(","):
        rec = recs[rid]
        fast = Prober(rec["puzzle"])
        states = [stall_state(rec)] * args.repeat
        rows = [fast.state(s.mask(c) for c in range(len(s.values))) for s in states]
        tries = [[(c, d) for c in range(len(s.values)) if not s.values[c] for d in digits_of(s.cands[c])]
                 for s in states]
        fast.dead(rows[0], tries[0][:2])  # compile (or load) both kernels before timing
        fast.propagate(rows[0])
        n = sum(len(t) for t in tries)
        t0 = time.process_time()
        for row, ts in zip(rows, tries, strict=True):
            for c, d in ts:
                trial = row.copy()
                trial[c] = 1 << (d - 1)
                fast.propagate(trial)
        t1 = time.process_time()
        for row, ts in zip(rows, tries, strict=True):
            fast.dead(row, ts)
        t2 = time.process_time()
        scratch, probe = (t1 - t0) / n * 1e6, (t2 - t1) / n * 1e6
        print(f"{rid:28s} {n:6d} trials  from scratch {scratch:6.1f} us  probe {probe:5.1f} us  "
              f"x{scratch / probe:4.1f}")


if __name__ == "__main__":
    main()
