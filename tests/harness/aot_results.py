"""Run the engine's kernels on fixed inputs and save their results: ``-m tests.harness.aot_results OUT``.

tests/engine/test_aot.py runs this twice, with numba's JIT and with the ahead-of-time module, and compares.
Also records whether numba or llvmlite got imported, and which path the kernels took.
"""

from __future__ import annotations

import sys

import numpy as np

from tests.harness.paths import DATA

BENCH = DATA / "bench"
FILES = {"17_clue.txt": 2000, "magictour_top1465.txt": 1000, "forum_hardest_1905_11plus.txt": 300}


def main(out: str) -> None:
    from engine import (
        essentially_different_grids,
        generate,
        minlex_batch,
        random_solution,
        rate,
        read_puzzles,
    )
    from engine.kernels import using_aot
    from engine.solve.solver import _as_batch, _run

    puzzles = np.concatenate(
        [np.array(read_puzzles((BENCH / name).read_text(encoding="ascii"))[:n]) for name, n in FILES.items()]
    )
    solutions, counts, guesses = _run(_as_batch(puzzles), 2)
    blank = np.zeros((1, 81), dtype=np.uint8)
    _, many, many_guesses = _run(blank, 1000)
    seeded = np.array([random_solution(seed) for seed in range(200)])
    generated = np.array([generate(seed=seed) for seed in range(20)])
    # hard puzzles whose rating searches chains and pairs of almost locked sets (engine/kernels/chains.py)
    rated = [rate(p).steps for p in puzzles[2000:2003]]
    chains = np.array([[len(steps), sum(len(s.eliminations) for s in steps)] for steps in rated])
    fish = _fish_removals()
    exclusions = _exclusion_removals(puzzles[2000:2003], rated)
    als = _als_chain_removals(puzzles[2000:2003], rated)
    np.savez(
        out,
        solutions=solutions, counts=counts, guesses=guesses, many=many, many_guesses=many_guesses,
        minlex=minlex_batch(solutions[counts == 1]), seeded=seeded, generated=generated,
        different=essentially_different_grids(300, seed=11), chains=chains, fish=fish, exclusions=exclusions,
        als=als,
        aot=using_aot(), numba="numba" in sys.modules, llvmlite="llvmlite" in sys.modules,
    )  # fmt: skip


def _fish_removals() -> np.ndarray:
    """Every (case, cell, digit) the complex fish (engine.kernels.fish) remove on HoDoKu's fish cases."""
    from engine.logic.techniques import technique
    from tests.harness.reglib import load_cases

    tids = ("finned_franken_jellyfish", "finned_mutant_jellyfish", "kraken_fish")
    cases = load_cases("0341", "0342", "0362")
    return np.array([(i, c, d) for i, case in enumerate(cases) for tid in tids
                     for step in technique(tid).find(case.state) for c, d in step.eliminations],
                    dtype=np.int64).reshape(-1, 3)


def _exclusion_removals(puzzles: np.ndarray, paths: list) -> np.ndarray:
    """Every (technique, step number, cell, digit) aligned pair and triple exclusion
    (engine.kernels.exclusion) remove along the rating paths of ``puzzles``."""
    from engine import CandidateGrid
    from engine.logic.techniques import technique

    finders = [technique(tid).find for tid in ("aligned_pair_exclusion", "aligned_triple_exclusion")]
    found = []
    for puzzle, steps in zip(puzzles, paths, strict=True):
        cg = CandidateGrid.from_grid(puzzle)
        for k, step in enumerate(steps):
            found += [(i, k, c, d) for i, find in enumerate(finders)
                      for s in find(cg) for c, d in s.eliminations]
            cg.apply(step)
    return np.array(found, dtype=np.int64).reshape(-1, 4)


def _als_chain_removals(puzzles: np.ndarray, paths: list) -> np.ndarray:
    """Every (step number, cell, digit) the first ALS chain (engine.kernels.als) removes along the
    rating paths of ``puzzles``, and the number of sets there."""
    from engine import CandidateGrid
    from engine.logic.strategies.links import almost_locked_sets
    from engine.logic.techniques import technique

    find = technique("als_chain").find
    found = []
    for puzzle, steps in zip(puzzles, paths, strict=True):
        cg = CandidateGrid.from_grid(puzzle)
        for k, step in enumerate(steps):
            first = next(iter(find(cg)), None)
            found += [(k, c, d) for c, d in (first.eliminations if first else ())]
            found.append((k, -1, len(almost_locked_sets(cg))))
            cg.apply(step)
    return np.array(found, dtype=np.int64).reshape(-1, 3)


if __name__ == "__main__":
    main(sys.argv[1])
