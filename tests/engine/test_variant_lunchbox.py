"""Sandwiches by their middle's digit sets and little killers merged by clique groups, against a brute-force
checker written here, on random 4x4 and 6x6 puzzles: the solver's solutions are exactly the brute
force's, and every merged sum holds on a solution it was drawn from."""

from __future__ import annotations

import random

import pytest

from engine.puzzle.model import LittleKiller, Puzzle, Sandwich, standard_regions
from engine.solve.variant import count_solutions, solutions
from engine.solve.variant_sandwich import sandwich_table
from engine.solve.variant_sums import combined_sums


def _houses(n: int) -> list[tuple[int, ...]]:
    regions = standard_regions(n)
    rows = [tuple(range(r * n, r * n + n)) for r in range(n)]
    cols = [tuple(range(c, n * n, n)) for c in range(n)]
    boxes = [tuple(i for i in range(n * n) if regions[i] == k) for k in range(n)]
    return rows + cols + boxes


def _line(n: int, axis: str, index: int) -> tuple[int, ...]:
    return tuple(range(index * n, index * n + n)) if axis == "row" else tuple(range(index, n * n, n))


def _sandwich_sum(grid: tuple[int, ...], n: int, axis: str, index: int) -> int:
    line = [grid[c] for c in _line(n, axis, index)]
    a, b = sorted((line.index(1), line.index(n)))
    return sum(line[a + 1:b])


def _keeps(puzzle: Puzzle, grid: tuple[int, ...]) -> bool:
    """The checker: givens, houses, and each sandwich and little killer, on a full grid."""
    n = puzzle.size
    if any(g and g != v for g, v in zip(puzzle.givens, grid, strict=True)):
        return False
    if any(len({grid[c] for c in h}) < n for h in _houses(n)):
        return False
    for con in puzzle.constraints:
        if isinstance(con, Sandwich) and _sandwich_sum(grid, n, con.axis, con.index) != con.total:
            return False
        if isinstance(con, LittleKiller) and sum(grid[c] for c in con.cells) != con.total:
            return False
    return True


def _grids(puzzle: Puzzle, cap: int = 200000) -> list[tuple[int, ...]]:
    """Every grid of the givens (houses distinct) by plain backtracking, kept when the checker says so."""
    n = puzzle.size
    houses = _houses(n)
    seen_by = [{p for h in houses if c in h for p in h} - {c} for c in range(n * n)]
    grid = list(puzzle.givens)
    out: list[tuple[int, ...]] = []
    count = [0]

    def fill(i: int) -> None:
        if i == n * n:
            count[0] += 1
            assert count[0] < cap, "too many grids to check"
            if _keeps(puzzle, tuple(grid)):
                out.append(tuple(grid))
            return
        if grid[i]:
            if all(grid[p] != grid[i] for p in seen_by[i]):
                fill(i + 1)
            return
        for d in range(1, n + 1):
            if all(grid[p] != d for p in seen_by[i]):
                grid[i] = d
                fill(i + 1)
        grid[i] = 0

    fill(0)
    return out


_BASE6 = tuple(int(d) for d in "123456456123231564564231312645645312")


def _solution(n: int, rng: random.Random) -> tuple[int, ...]:
    """A random full grid: a base grid (a random one of every 4x4 grid) relabelled, its rows shuffled
    within their bands of two."""
    base = rng.choice(_grids(Puzzle.checked(4, [0] * 16, standard_regions(4), []))) if n == 4 else _BASE6
    relabel = [0, *rng.sample(range(1, n + 1), n)]
    bands = rng.sample(range(n // 2), n // 2)
    rows = [b * 2 + r for b in bands for r in rng.sample(range(2), 2)]
    return tuple(relabel[base[r * n + c]] for r in rows for c in range(n))


def _random_puzzle(n: int, seed: int, killers: bool) -> tuple[Puzzle, tuple[int, ...]]:
    rng = random.Random(seed)
    sol = _solution(n, rng)
    cons: list = []
    for _ in range(rng.randint(2, 4)):
        axis, index = rng.choice(("row", "col")), rng.randrange(n)
        total = _sandwich_sum(sol, n, axis, index)
        cons.append(Sandwich(axis, index, total if rng.random() < 0.85 else rng.randint(0, 2 * n)))
    if killers:
        for r in range(n):
            cells = tuple((r + i) * n + i for i in range(n - r))
            if rng.random() < 0.5:
                cons.append(LittleKiller(cells, sum(sol[c] for c in cells)))
    givens = [0] * (n * n)
    for c in rng.sample(range(n * n), rng.randint(0, 3) if n == 4 else rng.randint(12, 16)):
        givens[c] = sol[c]
    return Puzzle.checked(n, givens, standard_regions(n), cons), sol


@pytest.mark.parametrize("n", [4, 6])
@pytest.mark.parametrize("killers", [False, True])
def test_sandwiches_keep_every_solution_and_no_other(n: int, killers: bool) -> None:
    """Random sandwiches (a few drawn blind), with little killers or not: the solver's solutions are the
    brute force's, each once, and the count to 2 agrees."""
    solved = 0
    for seed in range(10 if n == 4 else 5):
        puzzle, _ = _random_puzzle(n, 500 * n + seed + (50 if killers else 0), killers)
        expected = set(_grids(puzzle))
        found = solutions(puzzle, limit=len(expected) + 5)
        assert len(found) == len(set(found))
        assert set(found) == expected, puzzle.to_dict()
        assert count_solutions(puzzle, limit=2) == min(len(expected), 2)
        solved += bool(expected)
    assert solved


@pytest.mark.parametrize("n", [4, 6, 9])
def test_sandwich_table_holds_every_middle_that_sums_to_its_total(n: int) -> None:
    """The table's sets of each size are exactly the sets of middle digits (2..n-1) of that size and sum."""
    for total in range(0, (n - 1) * n // 2):
        aux = sandwich_table(n, total)
        for size in range(n - 1):
            sets = set(aux[aux[size]:aux[size + 1]])
            want = {m for m in range(1 << n) if not m & (1 | 1 << (n - 1)) and bin(m).count("1") == size
                    and sum(d + 1 for d in range(n) if m >> d & 1) == total}
            assert sets == want


def test_merged_little_killers_hold_on_their_solution() -> None:
    """Little killers on every diagonal of 6x6 grids, drawn from one solution: each merged sum (cells of
    two or more killers) sums to its total on that solution, and the puzzle keeps it."""
    merged = 0
    for seed in range(12):
        rng = random.Random(900 + seed)
        sol = _solution(6, rng)
        killers = []
        for dr, dc in ((1, 1), (1, -1)):
            for start in [(0, c) for c in range(6)] + [(r, 0 if dc > 0 else 5) for r in range(1, 6)]:
                cells = tuple((start[0] + i * dr) * 6 + start[1] + i * dc for i in range(6)
                              if 0 <= start[0] + i * dr < 6 and 0 <= start[1] + i * dc < 6)
                if len(cells) >= 3:
                    killers.append((4, cells, sum(sol[c] for c in cells), [1] * len(cells)))
        houses = _houses(6)
        peers = [{p for h in houses if c in h for p in h} - {c} for c in range(36)]
        for _, cells, total, _ in combined_sums(killers, peers, 6):
            assert sum(sol[c] for c in cells) == total
            merged += 1
    assert merged
