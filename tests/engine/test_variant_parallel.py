"""The search shared by two threads (engine.solve.variant_parallel), forced with a budget of one guess,
counts and solves as the single search does: random 4x4 and 6x6 puzzles of every kind, and published
puzzles with one solution, none (a given changed) and many (cages dropped)."""

from __future__ import annotations

import numpy as np
import pytest

from engine.puzzle.model import Cage, Puzzle
from engine.solve import variant_parallel
from engine.solve.variant import _TUNE, _search, compile_puzzle
from tests.engine.test_variant_solver import KINDS, random_puzzle, satisfies
from tests.harness.variant_data import records


def _count(puzzle: Puzzle, limit: int, threads: int, keep: int = 1) -> tuple[int, list[tuple[int, ...]]]:
    """Return (count up to ``limit``, the solutions kept) by the search, shared when ``threads`` > 1
    (after one guess alone: any puzzle in the refutation order needing a guess, :func:`_guesses`)."""
    program = compile_puzzle(puzzle)
    nc = puzzle.n_cells
    solution = np.zeros(keep * nc, dtype=np.int64)
    stats = np.array([program.mode, 0, *_TUNE], dtype=np.int64)
    count = variant_parallel.search(_search(program.mode), program, limit, solution, stats, threads, budget=1)
    kept = [tuple(int(d) for d in solution[i * nc:(i + 1) * nc]) for i in range(min(count, keep))]
    return count, kept


@pytest.mark.parametrize("kind", KINDS)
def test_shared_search_counts_as_the_single_search(kind: str) -> None:
    """Every solution is found once: the counts and the solution sets are the single search's."""
    shared = 0  # puzzles that went to the shared search
    for n, seed in ((4, 0), (4, 1), (6, 0), (6, 1)):  # the seeds of test_variant_solver's own test
        puzzle = random_puzzle(kind, n, 1000 * n + seed + 37 * KINDS.index(kind))
        alone, every = _count(puzzle, 1000, 1, keep=1000)
        count, found = _count(puzzle, 1000, 2, keep=1000)
        assert count == alone and sorted(found) == sorted(every), (kind, puzzle.to_dict())
        assert len(set(found)) == len(found), "a solution found twice"
        for limit in (1, 2):
            count, first = _count(puzzle, limit, 2)
            assert count == min(alone, limit)
            assert not count or first[0] in every
        mode = compile_puzzle(puzzle).mode
        shared += _guesses(puzzle) > 0 and mode & 4 and not mode & 256
    assert shared or kind not in ("cage", "sandwich"), "the test would check nothing"


def _guesses(puzzle: Puzzle) -> int:
    """Return the guesses the single search makes counting to 2."""
    program = compile_puzzle(puzzle)
    stats = np.array([program.mode, 0, *_TUNE], dtype=np.int64)
    _search(program.mode)(program.array, 2, np.zeros(puzzle.n_cells, dtype=np.int64), stats)
    return int(stats[0])


def _records(*names: str) -> list:
    return [pytest.param(r, id=r.id) for r in records() if r.id in names]


@pytest.mark.parametrize("record", _records("iss-anti-knight-slow", "iss-ctc-tribute", "iss-x-windoku",
                                            "iss-16x16-sudoku-x-hard", "iss-little-killer-snipes-2"))
def test_published_puzzles_shared(record) -> None:
    """A published puzzle's count (2 for anti-knight-slow) and solution, shared or not (by its mode)."""
    assert _guesses(record.puzzle) > 1
    count, found = _count(record.puzzle, 2, 2)
    assert count == record.count
    assert count > 1 or found[0] == (record.solution or _count(record.puzzle, 2, 1)[1][0])


@pytest.mark.parametrize("record", _records("iss-hs-killers-5", "iss-tarek-all-5", "iss-tarek-all-9"))
def test_published_killers_shared(record) -> None:
    """A published killer counts 1 and solves to its solution shared; with a given changed it has
    none; without some of its cages two or more."""
    puzzle = record.puzzle
    assert _guesses(puzzle) > 1 and compile_puzzle(puzzle).mode & 4  # so it is shared
    count, found = _count(puzzle, 2, 2)
    assert count == 1 and found[0] == record.solution
    cell = next(c for c in range(puzzle.n_cells) if puzzle.givens[c] == 0)
    givens = list(puzzle.givens)
    givens[cell] = record.solution[cell] % puzzle.size + 1
    wrong = Puzzle(puzzle.size, tuple(givens), puzzle.regions, puzzle.constraints)
    assert _count(wrong, 2, 2)[0] == _count(wrong, 2, 1)[0] == 0
    cages = [con for con in puzzle.constraints if isinstance(con, Cage)]
    loose = puzzle
    while _count(loose, 2, 1)[0] < 2:  # cages dropped until it has two solutions or more
        dropped = cages.pop()
        loose = Puzzle(puzzle.size, puzzle.givens, puzzle.regions,
                       tuple(con for con in loose.constraints if con is not dropped))
    many, some = _count(loose, 2, 2)
    assert many == 2 and satisfies(loose, some[0])


def test_one_core_is_the_single_search() -> None:
    """With one thread the search is the kernel's own: the same guesses."""
    record = next(r for r in records() if r.id == "iss-tarek-all-9")
    program = compile_puzzle(record.puzzle)
    solution = np.zeros(program.cells, dtype=np.int64)
    stats = [np.array([program.mode, 0, *_TUNE], dtype=np.int64) for _ in range(2)]
    _search(program.mode)(program.array, 2, solution, stats[0])
    variant_parallel.search(_search(program.mode), program, 2, solution, stats[1], threads=1, budget=1)
    assert list(stats[0]) == list(stats[1])
