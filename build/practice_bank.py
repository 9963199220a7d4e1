"""Build the trainer's practice bank: states whose easiest step is each technique, from our own puzzles.

    .venv/bin/python build/practice_bank.py [--per 30] [--minutes 20] [--seed 1] [--out engine/data/...]
    .venv/bin/python build/practice_bank.py --refile
    .venv/bin/python build/practice_bank.py --top-up [--minutes 30]

``--refile`` only files the shipped bank's states again under the technique that is now their
easiest step (after a cheaper technique joins the driver; issue 30's grouped fish and UVWXYZ-wing
took some finned-fish states), at most ``--per`` each, and rewrites it: seconds, not minutes.
``--top-up`` starts from the refiled shipped bank and looks only for what it lacks.

Generated puzzles (``engine.generate``, seeded) are walked along their rating path; the state
before each step is kept for that step's technique (at most one per technique from each puzzle,
``--per`` per technique).  The bank is written every minute (so it can be stopped at any time) and
at the end, when every technique has ``--per`` states or ``--minutes`` have passed; it prints how
many states each technique got and names those short of ``--per`` (too rare in generated puzzles).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.logic.human import next_step  # noqa: E402
from engine.logic.techniques import techniques  # noqa: E402
from engine.make.practice import BANK_FILE, MIN_BANK, decode_state, find_states, load_bank, write_bank  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per", type=int, default=MIN_BANK)
    parser.add_argument("--minutes", type=float, default=20.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=str(ROOT / "engine" / "data" / BANK_FILE))
    parser.add_argument("--refile", action="store_true", help="file the shipped states again, nothing new")
    parser.add_argument("--top-up", action="store_true", help="keep the shipped states, look for the rest")
    args = parser.parse_args()
    order = [t.id for t in techniques() if t.id != "guess"]
    if args.refile:
        write_bank(args.out, refiled(order, args.per))
        return 0
    bank = refiled(order, args.per) if args.top_up else {tid: [] for tid in order}
    rng = np.random.default_rng(args.seed)
    start = time.monotonic()
    end = start + args.minutes * 60
    while time.monotonic() < end:
        wanted = [tid for tid in order if len(bank[tid]) < args.per]
        if not wanted:
            break
        for tid, states in find_states(wanted, args.per, rng, min(60.0, end - time.monotonic())).items():
            bank[tid].extend(states[: args.per - len(bank[tid])])
        write_bank(args.out, bank)
        full = sum(len(v) >= args.per for v in bank.values())
        print(f"{time.monotonic() - start:7.0f} s  {full}/{len(order)} techniques full", flush=True)
    write_bank(args.out, bank)
    short = {tid: len(v) for tid, v in bank.items() if len(v) < args.per}
    print(f"done in {time.monotonic() - start:.0f} s, {sum(map(len, bank.values()))} states, "
          f"{Path(args.out).stat().st_size:,} bytes")
    print("short of", args.per, ":", ", ".join(f"{tid} {n}" for tid, n in short.items()) or "none")
    return 0


def refiled(order: list[str], per: int) -> dict[str, list]:
    """Return the shipped states filed under their easiest step's technique now, at most ``per`` each."""
    bank: dict[str, list] = {tid: [] for tid in order}
    moved = 0
    for tid, texts in load_bank().items():
        for text in texts:
            cg = decode_state(text)
            step = next_step(cg, unique=True)
            now = step.technique if step is not None else ""
            moved += now != tid
            if now in bank and len(bank[now]) < per:
                bank[now].append(cg)
    print(f"{sum(map(len, bank.values()))} states, {moved} filed under another technique")
    return bank


if __name__ == "__main__":
    sys.exit(main())
