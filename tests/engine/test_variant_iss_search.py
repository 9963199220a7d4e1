"""The ISS's own search on pair programs (kernel mode bit 256, engine.kernels.variant_search) finds every
solution and none extra: random 4x4 and 6x6 pair puzzles against the brute force of test_variant_solver,
and a-kind-of-magic loosened to many solutions against the variant kernel's own search."""

from __future__ import annotations

import random

import pytest

from engine.puzzle.model import Puzzle
from engine.solve.variant import _run, compile_puzzle, search_stats
from tests.engine.test_variant_solver import brute_completions, random_puzzle, satisfies
from tests.harness.variant_data import records

PAIR_KINDS = ["thermo", "white", "black", "xv", "greater", "nonconsecutive", "negative_white",
              "negative_black", "negative_xv"]
# the variant kernel's search of pair programs before bit 256 (conflict scores, house digits, refutation
# order, last placed cell and digit scores)
KERNEL = 47
ISS = 256


def _listed(puzzle: Puzzle, limit: int, mode: int) -> list[tuple[int, ...]]:
    """Return the puzzle's solutions (the first ``limit``) as the search of ``mode`` lists them."""
    count, flat, _ = _run(puzzle, limit, limit, mode=mode)
    size = puzzle.n_cells
    return [tuple(int(d) for d in flat[i * size:(i + 1) * size]) for i in range(min(count, limit))]


@pytest.mark.parametrize("kind", PAIR_KINDS)
@pytest.mark.parametrize("n", [4, 6])
def test_iss_search_finds_every_solution_and_none_extra(kind: str, n: int) -> None:
    """On random pair puzzles (their program takes the ISS's search) the solutions are the brute force's."""
    tried = 0
    for seed in range(12 if n == 4 else 4):
        puzzle = random_puzzle(kind, n, 500 * n + seed + 41 * PAIR_KINDS.index(kind))
        if compile_puzzle(puzzle).mode != ISS:
            continue  # a thermometer with a repeated cell or a puzzle without pairs
        expected = {g for g in brute_completions(puzzle) if satisfies(puzzle, g)}
        found = _listed(puzzle, len(expected) + 5, ISS)
        assert len(found) == len(set(found)), "a solution found twice"
        assert set(found) == expected, (kind, puzzle.to_dict())
        assert search_stats(puzzle, 2, mode=ISS)[0] == min(len(expected), 2)
        tried += 1
    assert tried, f"no random {kind} puzzle took the ISS's search: the test would check nothing"


def _loosened(seed: int) -> Puzzle:
    """A-kind-of-magic less a third of its thermometers, with a few digits of its solution given."""
    record = next(r for r in records() if r.id == "iss-a-kind-of-magic")
    puzzle, solution = record.puzzle, record.solution
    assert solution is not None
    rng = random.Random(seed)
    cons = list(puzzle.constraints)
    kept = [c for i, c in enumerate(cons) if i not in set(rng.sample(range(len(cons)), len(cons) // 3))]
    givens = list(puzzle.givens)
    for c in rng.sample(range(81), 12):
        givens[c] = solution[c]
    return Puzzle.checked(9, tuple(givens), puzzle.regions, kept)


@pytest.mark.parametrize("seed", range(4))
def test_iss_search_counts_what_the_kernel_search_counts(seed: int) -> None:
    """On a 9x9 thermometer puzzle with many solutions both searches count the same ones, each distinct
    and keeping every rule."""
    puzzle = _loosened(seed)
    assert compile_puzzle(puzzle).mode == ISS
    limit = 300
    found = _listed(puzzle, limit, ISS)
    assert len(set(found)) == len(found)
    assert all(satisfies(puzzle, g) for g in found)
    assert set(found) == set(_listed(puzzle, limit, KERNEL)) or len(found) == limit
    assert search_stats(puzzle, limit, mode=ISS)[0] == search_stats(puzzle, limit, mode=KERNEL)[0]
