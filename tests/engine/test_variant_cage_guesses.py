"""The variant search's cage guesses (a child per digit set of a killer cage, kernel mode bit 128) keep
every solution: Wecoc #1 with cages dropped and a few of its digits given, so that it has several
solutions, counted with and without them."""

from __future__ import annotations

import random

import pytest

from engine.puzzle.model import Puzzle
from engine.solve.variant import compile_puzzle, search_stats, solutions
from tests.harness.variant_data import records
from tests.harness.variant_reference import satisfies

LIMIT = 500


def _loosened(seed: int) -> tuple[Puzzle, tuple[int, ...]]:
    """Wecoc #1 less six of its constraints, with eight digits of its solution given; and that solution."""
    record = next(r for r in records() if r.id == "iss-wecoc-1")
    puzzle, solution = record.puzzle, record.solution
    assert solution is not None
    rng = random.Random(seed)
    drop = set(rng.sample(range(len(puzzle.constraints)), 6))
    givens = list(puzzle.givens)
    for c in rng.sample(range(81), 8):
        givens[c] = solution[c]
    kept = [c for i, c in enumerate(puzzle.constraints) if i not in drop]
    return Puzzle.checked(9, tuple(givens), puzzle.regions, kept), solution


@pytest.mark.parametrize("seed", range(8))
def test_cage_guesses_count_every_solution(seed: int) -> None:
    """With and without cage guesses the search counts the same solutions; those it lists are distinct,
    keep every rule and include the published one."""
    puzzle, solution = _loosened(seed)
    mode = compile_puzzle(puzzle).mode
    assert mode & 128, "a killer's program guesses cages"
    count = search_stats(puzzle, LIMIT)[0]
    assert count == search_stats(puzzle, LIMIT, mode=mode & ~128)[0]
    found = solutions(puzzle, limit=LIMIT)
    assert len(set(found)) == len(found) == count
    assert all(satisfies(puzzle, list(g)) for g in found)
    assert solution in found


def test_cage_guesses_are_taken() -> None:
    """On some of these puzzles the cage guesses change the search (else the test above checks nothing
    of them)."""
    changed = 0
    for seed in range(8):
        puzzle, _ = _loosened(seed)
        mode = compile_puzzle(puzzle).mode
        changed += search_stats(puzzle, LIMIT)[1] != search_stats(puzzle, LIMIT, mode=mode & ~128)[1]
    assert changed
