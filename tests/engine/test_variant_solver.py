"""The variant solver against a brute-force checker written here, per constraint kind, on random 4x4 and
6x6 puzzles (every solution found, none extra); the published puzzles of train.jsonl solve to their
published solutions; a classic puzzle still goes to the classic engine."""

from __future__ import annotations

import itertools
import random
from functools import cache

import numpy as np
import pytest

import engine
from engine import (
    XV,
    Arrow,
    Cage,
    Diagonal,
    Dot,
    ExtraRegion,
    GreaterThan,
    LittleKiller,
    Parity,
    Sandwich,
    Thermometer,
)
from engine.puzzle.model import RULES, Puzzle, Rule, standard_regions
from engine.solve.variant import count_solutions, solutions, solve
from engine.solve.variant_cross import intersection_sums
from tests.harness.variant_data import FAST, records

# --- the independent checker: every rule read straight from the model ------------------------------


def _orthogonal(n: int) -> list[tuple[int, int]]:
    return [(r * n + c, r * n + c + 1) for r in range(n) for c in range(n - 1)] + \
           [(r * n + c, (r + 1) * n + c) for r in range(n - 1) for c in range(n)]


def _distinct(grid: tuple[int, ...], cells: tuple[int, ...]) -> bool:
    digits = [grid[c] for c in cells]
    return len(set(digits)) == len(digits)


def _apart(a: int, b: int, n: int, moves: list[tuple[int, int]]) -> bool:
    return (a // n - b // n, a % n - b % n) in moves


def _rule_holds(name: str, grid: tuple[int, ...], puzzle: Puzzle) -> bool:
    n = puzzle.size
    if name in ("antiknight", "antiking"):
        moves = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)] \
            if name == "antiknight" else [(1, 1), (1, -1), (-1, 1), (-1, -1)]
        return all(grid[a] != grid[b] for a in range(n * n) for b in range(n * n) if _apart(a, b, n, moves))
    if name == "disjointgroups":
        boxes = standard_regions(n)
        place = [sorted(i for i in range(n * n) if boxes[i] == boxes[c]).index(c) for c in range(n * n)]
        return all(_distinct(grid, tuple(c for c in range(n * n) if place[c] == k)) for k in range(n))
    dots = {frozenset(d.cells) for d in puzzle.of_kind(Dot)}
    xvs = {frozenset(x.cells) for x in puzzle.of_kind(XV)}
    for a, b in _orthogonal(n):
        x, y = grid[a], grid[b]
        pair = frozenset((a, b))
        if name == "nonconsecutive" and abs(x - y) == 1:
            return False
        if name == "negative_white" and pair not in dots and abs(x - y) == 1:
            return False
        if name == "negative_black" and pair not in dots and (x == 2 * y or y == 2 * x):
            return False
        if name == "negative_xv" and pair not in xvs and x + y in (5, 10):
            return False
    return True


def _holds(con: object, grid: tuple[int, ...], puzzle: Puzzle) -> bool:
    """Return True if the solved ``grid`` keeps constraint ``con``."""
    n = int(len(grid) ** 0.5)
    if isinstance(con, Cage):
        total = sum(grid[c] for c in con.cells)
        return _distinct(grid, con.cells) and (con.total is None or total == con.total)
    if isinstance(con, ExtraRegion):
        return _distinct(grid, con.cells)
    if isinstance(con, Diagonal):
        cells = tuple(i * n + i if con.anti else (n - 1 - i) * n + i for i in range(n))
        return _distinct(grid, cells)
    if isinstance(con, Rule):
        return _rule_holds(con.name, grid, puzzle)
    if isinstance(con, Thermometer):
        return all(grid[a] < grid[b] for a, b in itertools.pairwise(con.cells))
    if isinstance(con, Arrow):
        return sum(grid[c] for c in con.line) == int("".join(str(grid[c]) for c in con.circle))
    if isinstance(con, LittleKiller):
        return sum(grid[c] for c in con.cells) == con.total
    if isinstance(con, Sandwich):
        line = [grid[con.index * n + i] if con.axis == "row" else grid[i * n + con.index] for i in range(n)]
        a, b = sorted((line.index(1), line.index(n)))
        return sum(line[a + 1:b]) == con.total
    if isinstance(con, Dot):
        x, y = (grid[c] for c in con.cells)
        k = con.number
        return abs(x - y) == k if con.colour == "white" else (x == k * y or y == k * x)
    if isinstance(con, XV):
        return sum(grid[c] for c in con.cells) == con.total
    if isinstance(con, Parity):
        return grid[con.cell] % 2 == (0 if con.even else 1)
    if isinstance(con, GreaterThan):
        return grid[con.cells[0]] > grid[con.cells[1]]
    raise AssertionError(f"no check for {con!r}")


def satisfies(puzzle: Puzzle, grid: tuple[int, ...]) -> bool:
    """The independent checker: the givens, rows, columns, regions and every constraint."""
    n = puzzle.size
    if any(g and g != v for g, v in zip(puzzle.givens, grid, strict=True)):
        return False
    lines = [tuple(range(r * n, r * n + n)) for r in range(n)] + [tuple(range(c, n * n, n)) for c in range(n)]
    lines += [tuple(i for i in range(n * n) if puzzle.regions[i] == k) for k in range(n)]
    return all(_distinct(grid, u) for u in lines) and all(_holds(c, grid, puzzle) for c in puzzle.constraints)


def _completions(givens: tuple[int, ...], regions: tuple[int, ...], n: int,
                 cap: int) -> list[tuple[int, ...]]:
    """Every classic completion of ``givens`` (rows, columns, regions distinct) by plain backtracking, cell
    by cell; stops once ``cap`` are found."""
    grid = list(givens)
    out: list[tuple[int, ...]] = []
    empties = [i for i in range(n * n) if not grid[i]]

    def fill(k: int) -> None:
        if len(out) >= cap:
            return
        if k == len(empties):
            out.append(tuple(grid))
            return
        i = empties[k]
        r, c = divmod(i, n)
        used = {grid[j] for j in range(n * n)
                if grid[j] and (j // n == r or j % n == c or regions[j] == regions[i])}
        for d in range(1, n + 1):
            if d not in used:
                grid[i] = d
                fill(k + 1)
        grid[i] = 0

    fill(0)
    return out


@cache
def latin_grids(n: int, regions: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every grid of size 4 with the given regions (rows, columns, regions distinct), by brute force."""
    return tuple(_completions((0,) * (n * n), regions, n, cap=1 << 20))


def brute_completions(puzzle: Puzzle, cap: int = 20000) -> list[tuple[int, ...]]:
    """Every classic completion of the givens (rows, columns, regions only), by plain backtracking."""
    n = puzzle.size
    if n == 4:
        return [g for g in latin_grids(4, puzzle.regions)
                if all(not d or d == v for d, v in zip(puzzle.givens, g, strict=True))]
    out = _completions(tuple(puzzle.givens), puzzle.regions, n, cap)
    assert len(out) < cap, "too many completions to check"
    return out


# --- random constraints of each kind, most drawn from a random solution so that some puzzles solve ---

def _random_solution(n: int, regions: tuple[int, ...], rng: random.Random) -> tuple[int, ...]:
    if n == 4:
        return rng.choice(latin_grids(4, regions))
    grid = [0] * (n * n)

    def fill(i: int) -> bool:
        if i == n * n:
            return True
        r, c = divmod(i, n)
        used = {grid[j] for j in range(i) if j // n == r or j % n == c or regions[j] == regions[i]}
        for d in rng.sample(range(1, n + 1), n):
            if d not in used:
                grid[i] = d
                if fill(i + 1):
                    return True
        grid[i] = 0
        return False

    fill(0)
    return tuple(grid)


def _line(n: int, rng: random.Random, length: int) -> tuple[int, ...]:
    """A random self-avoiding path of orthogonal and diagonal steps."""
    while True:
        path = [rng.randrange(n * n)]
        while len(path) < length:
            r, c = divmod(path[-1], n)
            steps = [(r + dr) * n + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                     if (dr or dc) and 0 <= r + dr < n and 0 <= c + dc < n]
            steps = [s for s in steps if s not in path]
            if not steps:
                break
            path.append(rng.choice(steps))
        if len(path) == length:
            return tuple(path)


def _cages(n: int, rng: random.Random) -> list[tuple[int, ...]]:
    """Random cages of 1-4 orthogonally connected cells covering part of the grid."""
    free = set(range(n * n))
    out = []
    for _ in range(rng.randint(2, n + 2)):
        if not free:
            break
        cage = [rng.choice(sorted(free))]
        free.discard(cage[0])
        for _ in range(rng.randint(1, 3)):
            r, c = divmod(rng.choice(cage), n)
            nxt = [(r + dr) * n + c + dc for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                   if 0 <= r + dr < n and 0 <= c + dc < n and (r + dr) * n + c + dc in free]
            if nxt:
                cell = rng.choice(nxt)
                cage.append(cell)
                free.discard(cell)
        out.append(tuple(cage))
    return out


def make_constraints(kind: str, n: int, sol: tuple[int, ...], rng: random.Random) -> list:
    """Random constraints of one kind; most agree with ``sol``, a few are drawn blind."""
    pairs = _orthogonal(n)
    blind = rng.random() < 0.15
    if kind == "cage":
        out = []
        for cells in _cages(n, rng):
            if len(set(sol[c] for c in cells)) < len(cells):
                continue
            total = sum(sol[c] for c in cells) + (rng.choice((-1, 1)) if blind else 0)
            out.append(Cage(cells, total if rng.random() < 0.85 else None))
        return out
    if kind == "region":
        return [ExtraRegion(tuple(rng.sample(range(n * n), rng.randint(2, n))))]
    if kind == "diagonal":
        return [Diagonal(anti=rng.random() < 0.5)] + ([Diagonal(anti=True)] if rng.random() < 0.3 else [])
    if kind == "thermo":
        out = []
        for _ in range(rng.randint(1, 3)):
            cells = _line(n, rng, rng.randint(2, 4))
            if blind or all(sol[a] < sol[b] for a, b in itertools.pairwise(cells)):
                out.append(Thermometer(cells))
            elif all(sol[a] > sol[b] for a, b in itertools.pairwise(cells)):
                out.append(Thermometer(cells[::-1]))
        return out
    if kind == "arrow":
        out = []
        for _ in range(200):  # random lines until one to three of them keep the solution
            cells = _line(n, rng, rng.randint(2, 5))
            pill = 2 if len(cells) >= 4 and rng.random() < 0.3 else 1
            arrow = Arrow(cells[:pill], cells[pill:])
            if blind or _holds(arrow, sol, None):
                out.append(arrow)
                if len(out) == 3 or rng.random() < 0.4:
                    break
        return out
    if kind == "littlekiller":
        out = []
        for _ in range(rng.randint(1, 3)):
            r, c = rng.randrange(n), 0
            cells = tuple((r + i) * n + c + i for i in range(n) if r + i < n)
            if len(cells) >= 2:
                out.append(LittleKiller(cells, sum(sol[x] for x in cells) + (1 if blind else 0)))
        return out
    if kind == "snipes":  # little killers every way (merged, and in the 45 rule's innie/outie sums)
        out = []
        for dr, dc in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
            for r, c in [(r, c) for r in range(n) for c in range(n)]:
                cells = tuple((r + i * dr) * n + c + i * dc for i in range(n)
                              if 0 <= r + i * dr < n and 0 <= c + i * dc < n)
                starts = not (0 <= r - dr < n and 0 <= c - dc < n)  # the diagonal starts at the edge
                if starts and len(cells) >= 2 and rng.random() < 0.4:
                    out.append(LittleKiller(cells, sum(sol[x] for x in cells)))
        if blind and out:  # one of them off by one
            k = rng.randrange(len(out))
            out[k] = LittleKiller(out[k].cells, out[k].total + 1)
        return out
    if kind == "sandwich":
        out = []
        for _ in range(rng.randint(1, 3)):
            axis, index = rng.choice(("row", "col")), rng.randrange(n)
            line = [sol[index * n + i] if axis == "row" else sol[i * n + index] for i in range(n)]
            a, b = sorted((line.index(1), line.index(n)))
            out.append(Sandwich(axis, index, sum(line[a + 1:b]) if not blind else rng.randint(0, 2 * n)))
        return out
    if kind in ("white", "black"):
        out = []
        k = 1 if kind == "white" else 2
        for a, b in rng.sample(pairs, len(pairs) // 3):
            x, y = sol[a], sol[b]
            ok = abs(x - y) == k if kind == "white" else (x == k * y or y == k * x)
            if ok or (blind and rng.random() < 0.2):
                out.append(Dot((a, b), kind))
        if n == 6 and kind == "white" and rng.random() < 0.5:  # a dot with a number of its own
            a, b = rng.choice(pairs)
            out.append(Dot((a, b), "white", max(1, abs(sol[a] - sol[b]))))
        return out
    if kind == "xv":
        return [XV((a, b), sol[a] + sol[b]) for a, b in pairs
                if sol[a] + sol[b] in (5, 10) and rng.random() < 0.7]
    if kind == "parity":
        return [Parity(c, sol[c] % 2 == 0) for c in rng.sample(range(n * n), n)]
    if kind == "greater":
        return [GreaterThan((a, b) if sol[a] > sol[b] else (b, a)) for a, b in rng.sample(pairs, n)]
    if kind in RULES:
        extra: list = []
        if kind in ("negative_white", "negative_black"):
            extra = make_constraints("white" if kind == "negative_white" else "black", n, sol, rng)
        if kind == "negative_xv":
            extra = make_constraints("xv", n, sol, rng)
        return [Rule(kind), *extra]
    raise AssertionError(kind)


KINDS = ["cage", "region", "diagonal", "thermo", "arrow", "littlekiller", "sandwich", "white", "black", "xv",
         "parity", "greater", *RULES, "jigsaw", "snipes"]


def _jigsaw(n: int, rng: random.Random) -> tuple[int, ...]:
    """Random regions of n orthogonally connected cells (grown from seeds, retried until they fit)."""
    while True:
        regions = [-1] * (n * n)
        seeds = rng.sample(range(n * n), n)
        sizes = [1] * n
        for k, s in enumerate(seeds):
            regions[s] = k
        stuck = 0
        while -1 in regions and stuck < 2000:
            k = rng.randrange(n)
            if sizes[k] == n:
                stuck += 1
                continue
            cells = [i for i in range(n * n) if regions[i] == k]
            r, c = divmod(rng.choice(cells), n)
            nxt = [(r + dr) * n + c + dc for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                   if 0 <= r + dr < n and 0 <= c + dc < n and regions[(r + dr) * n + c + dc] == -1]
            if nxt:
                regions[rng.choice(nxt)] = k
                sizes[k] += 1
            else:
                stuck += 1
        if -1 not in regions:
            return tuple(regions)


GLOBAL = {"diagonal": [Diagonal(), Diagonal(anti=True)], **{name: [Rule(name)] for name in RULES}}


def random_puzzle(kind: str, n: int, seed: int) -> Puzzle:
    """A random puzzle of one kind; its constraints are drawn from a random solution of the rule alone
    (any grid that keeps the kind's global rule, found by the solver under test: it only seeds the
    draw, the brute force checks the answer)."""
    rng = random.Random(seed)
    regions = _jigsaw(n, rng) if kind == "jigsaw" else standard_regions(n)
    sol = _random_solution(n, regions, rng)
    if kind in GLOBAL:
        grids = solutions(Puzzle.checked(n, [0] * (n * n), regions, GLOBAL[kind][:1]), limit=200)
        sol = rng.choice(grids) if grids else sol
    cons = [] if kind == "jigsaw" else make_constraints(kind, n, sol, rng)
    keep = rng.randint(0, 4) if n == 4 else rng.randint(14, 20)
    givens = [0] * (n * n)
    for c in rng.sample(range(n * n), keep):
        givens[c] = sol[c] if rng.random() < 0.97 else rng.randint(1, n)
    return Puzzle.checked(n, givens, regions, cons)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("n", [4, 6])
def test_every_solution_found_and_none_extra(kind: str, n: int) -> None:
    """On random puzzles of one constraint kind, the solver's solutions are exactly the brute force's."""
    tried = solved = 0
    for seed in range(12 if n == 4 else 4):
        puzzle = random_puzzle(kind, n, 1000 * n + seed + 37 * KINDS.index(kind))
        expected = {g for g in brute_completions(puzzle) if satisfies(puzzle, g)}
        found = solutions(puzzle, limit=len(expected) + 5)
        assert len(found) == len(set(found)), "a solution found twice"
        assert set(found) == expected, (kind, puzzle.to_dict())
        assert count_solutions(puzzle, limit=2) == min(len(expected), 2)
        first = solve(puzzle)
        assert (first is None) == (not expected) and (first is None or first in expected)
        tried += 1
        solved += bool(expected)
    rule = Puzzle.checked(4, [0] * 16, (), GLOBAL.get(kind, [])[:1])
    possible = n > 4 or any(satisfies(rule, g) for g in latin_grids(4, standard_regions(4)))
    assert solved or not possible, f"no random {kind} puzzle had a solution: the test would check nothing"
    assert tried


# --- published puzzles --------------------------------------------------------------------------

# all but the slow ones (variant_data.SLOW names them and why): benchmarks/bench_variants.py times every one
PUBLISHED = [pytest.param(r, id=r.id) for r in records() if not r.puzzle.is_classic and r.id in FAST]


@pytest.mark.parametrize("seed", range(6))
def test_little_killers_every_way_keep_every_solution(seed: int) -> None:
    """6x6 grids under little killers in all four directions drawn from one solution, with true givens
    (merged little killers and their innie/outie sums at work): the solutions are the brute force's."""
    rng = random.Random(7000 + seed)
    regions = standard_regions(6)
    sol = _random_solution(6, regions, rng)
    cons = [c for c in make_constraints("snipes", 6, sol, rng) if _holds(c, sol, None)]
    givens = [0] * 36
    for c in rng.sample(range(36), rng.randint(10, 16)):
        givens[c] = sol[c]
    puzzle = Puzzle.checked(6, givens, regions, cons)
    expected = {g for g in brute_completions(puzzle) if satisfies(puzzle, g)}
    assert sol in expected
    assert set(solutions(puzzle, limit=len(expected) + 5)) == expected


def test_little_killers_across_x_houses_keep_every_solution() -> None:
    """6x6 X grids under little killers every way: where killers and houses cover a house, the sum of
    their cells outside it holds on the solution, and the solutions are the brute force's."""
    regions = standard_regions(6)
    x = [Diagonal(), Diagonal(anti=True)]
    base = solve(Puzzle.checked(6, [0] * 36, regions, x))
    built = 0
    for seed in range(8):
        rng = random.Random(7100 + seed)
        relabel = [0, *rng.sample(range(1, 7), 6)]  # a digit relabelling keeps the diagonals' rule
        sol = tuple(relabel[d] for d in base)
        cons = x + make_constraints("snipes", 6, sol, rng)
        givens = [0] * 36
        for c in rng.sample(range(36), rng.randint(10, 16)):
            givens[c] = sol[c]
        puzzle = Puzzle.checked(6, givens, regions, cons)
        houses = [tuple(sorted(h.cells)) for h in puzzle.houses() if len(h.cells) == 6]
        peers = [{p for h in houses if c in h for p in h} - {c} for c in range(36)]
        cross = intersection_sums(puzzle, houses, peers)
        assert all(sum(sol[c] for c in cells) == total for _, cells, total, _ in cross)
        built += len(cross)
        expected = {g for g in brute_completions(puzzle) if satisfies(puzzle, g)}
        assert sol in expected
        assert set(solutions(puzzle, limit=len(expected) + 5)) == expected
    assert built


@pytest.mark.parametrize("record", PUBLISHED)
def test_published_puzzle_solves_to_its_solution(record) -> None:
    """A published puzzle counts as published (1, or 2 where two are known) and solves to its solution."""
    count = count_solutions(record.puzzle, limit=2)
    if record.count is not None:
        assert count == record.count
    found = solve(record.puzzle)
    assert found is not None and satisfies(record.puzzle, found)
    if record.solution is not None:
        assert found == record.solution


def test_classic_puzzle_goes_to_the_classic_engine() -> None:
    """A classic Puzzle and its 81 digits give the same answers through engine's façade, and the grid
    path still returns arrays."""
    classic = [r for r in records() if r.puzzle.is_classic]
    assert classic
    for r in classic:
        grid = np.array(r.puzzle.givens, dtype=np.uint8)
        assert engine.count_solutions(r.puzzle) == engine.count_solutions(grid) == r.count
        expected = engine.solve(grid)
        assert isinstance(expected, np.ndarray)
        assert engine.solve(r.puzzle) == tuple(int(d) for d in expected)
        if r.solution is not None:
            assert engine.solve(r.puzzle) == r.solution


def test_variant_puzzle_through_the_facade() -> None:
    """engine.count_solutions and engine.solve take a variant Puzzle."""
    record = next(r for r in records() if r.id == "iss-killer")
    assert engine.count_solutions(record.puzzle, limit=2) == 1
    assert engine.solve(record.puzzle) == record.solution


def test_one_layout_with_other_givens_is_its_own_puzzle() -> None:
    """The tables of a layout are compiled once and shared: another puzzle on the same cages, with a
    wrong given, has none of the first one's solution, and the first still solves after it."""
    record = next(r for r in records() if r.id == "iss-killer")
    cell = next(c for c, d in enumerate(record.puzzle.givens) if d == 0)
    wrong = list(record.puzzle.givens)
    wrong[cell] = record.solution[cell] % 9 + 1
    other = Puzzle.checked(9, wrong, record.puzzle.regions, record.puzzle.constraints)
    right = list(record.puzzle.givens)
    right[cell] = record.solution[cell]
    same = Puzzle.checked(9, right, record.puzzle.regions, record.puzzle.constraints)
    assert count_solutions(record.puzzle) == 1
    assert count_solutions(other) == 0
    assert solve(same) == record.solution
    assert solve(record.puzzle) == record.solution


def test_givens_that_break_a_rule_have_no_solution() -> None:
    """Two equal givens on a diagonal: count 0, solve None."""
    givens = [0] * 81
    givens[0], givens[10] = 5, 5
    puzzle = Puzzle.checked(9, givens, (), [Diagonal(anti=True)])
    assert count_solutions(puzzle) == 0
    assert solve(puzzle) is None


def test_limit_must_be_positive() -> None:
    puzzle = Puzzle.checked(4, [0] * 16, (), [Diagonal()])
    with pytest.raises(ValueError):
        count_solutions(puzzle, limit=0)


# --- traces ---------------------------------------------------------------------------------------


def _replay(puzzle: Puzzle, events: list) -> tuple[int, ...]:
    """The grid a display shows after the events: tries and places put digits, undo takes a try and
    its forced placements back."""
    grid = list(puzzle.givens)
    for e in events:
        if e.kind in ("try", "place"):
            grid[e.cell] = e.digit
        elif e.kind == "undo":
            grid[e.cell] = 0
            for c, _ in e.forced:
                grid[c] = 0
    return tuple(grid)


@pytest.mark.parametrize("algorithm", ["naive", "smart"])
@pytest.mark.parametrize("name", ["iss-6x6", "iss-anti-knight-anti-king", "iss-6x6-little-killer"])
def test_trace_replays_to_the_solution(name: str, algorithm: str) -> None:
    """engine.trace over a variant puzzle ends solved, and its events replay to the published solution."""
    record = next(r for r in records() if r.id == name)
    events = list(engine.trace(record.puzzle, algorithm))
    assert events[-1].kind == "solved"
    assert _replay(record.puzzle, events) == record.solution
    tries = [e for e in events if e.kind == "try"]
    assert [e.steps for e in tries] == list(range(1, len(tries) + 1))


@pytest.mark.parametrize("algorithm", ["naive", "smart"])
def test_trace_shows_the_digits_of_one_cell_cages(algorithm: str) -> None:
    """A killer whose one-cell cages fix cells that are not givens (MATHEMAGIC's centre cell): the trace
    still shows their digits, so its board replays to the whole solution."""
    record = next(r for r in records() if r.id == "iss-6x6")
    sol = record.solution
    cages = [Cage((c,), sol[c]) for c in (0, 14, 35)]
    puzzle = Puzzle.checked(6, [0 if c in (0, 14, 35) else d for c, d in enumerate(record.puzzle.givens)], (),
                            cages)
    assert solve(puzzle) == sol
    events = list(engine.trace(puzzle, algorithm))
    assert events[-1].kind == "solved"
    assert _replay(puzzle, events) == sol


def test_trace_of_a_puzzle_without_solution_fails() -> None:
    """A 4x4 whose diagonal holds two 1s (rows, columns and boxes allow it): the last event is failed."""
    givens = [0] * 16
    givens[0] = givens[10] = 1
    puzzle = Puzzle.checked(4, givens, (), [Diagonal(anti=True)])
    assert count_solutions(puzzle) == 0 and brute_completions(puzzle) and not any(
        satisfies(puzzle, g) for g in brute_completions(puzzle))
    for algorithm in ("naive", "smart", "human"):
        assert list(engine.trace(puzzle, algorithm))[-1].kind == "failed"


@pytest.mark.parametrize("name", ["iss-6x6", "iss-killer", "iss-6x6-little-killer"])
def test_trace_of_human_logic_on_a_variant_steps_the_variant_logic_to_the_solution(name: str) -> None:
    """Human logic on a variant: one logic (or guess) event a variant step, its placements in ``forced``,
    counted from 1; the placements replay to the published solution and the last event is solved."""
    record = next(r for r in records() if r.id == name)
    events = list(engine.trace(record.puzzle, "human"))
    assert events[-1].kind == "solved"
    steps = events[:-1]
    assert steps and all(e.kind in ("logic", "guess") and e.step is not None for e in steps)
    assert [e.steps for e in steps] == list(range(1, len(steps) + 1))
    assert [e.step for e in steps] == engine.variant_path(record.puzzle, record.solution)
    grid = list(record.puzzle.givens)
    for e in steps:
        assert e.forced == e.step.placements
        for c, d in e.forced:
            grid[c] = d
    assert tuple(grid) == record.solution


def test_trace_of_a_classic_puzzle_is_the_classic_trace() -> None:
    record = next(r for r in records() if r.id == "iss-classic-sudoku-was-slow-2")
    grid = np.array(record.puzzle.givens, dtype=np.uint8)
    assert list(engine.trace(record.puzzle, "smart")) == list(engine.trace(grid, "smart"))
