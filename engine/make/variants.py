"""Variant puzzles with exactly one solution: Killer (with and without givens), Jigsaw, X, Windoku, Thermo
and classic puzzles of every size.

Every kind starts from a random solution of its constraint set (a few random digits seeded into an empty
grid, solved by the variant solver, digits relabelled at random where the kind allows), then:

    killer         random cages of 2-5 cells over the solution; while the cages allow two solutions, the
                   cage holding a cell where they differ is split in two (no givens)
    killer-givens  bigger cages (3-6 cells), then givens removed as below
    thermo         thermometers along strictly increasing orthogonal paths of the solution, then givens
    the rest       the full solution as givens, removed in symmetric pairs (180° rotation) in random
                   order, each removal kept while the puzzle stays unique (``engine.count_solutions``)

``difficulty`` keeps only puzzles whose variant-logic level (``rate_variant``) is that level, retrying
with new puzzles up to MAX_ATTEMPTS times.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from engine.make.generator import GenerationError
from engine.puzzle.model import SIZES, Cage, Diagonal, ExtraRegion, Puzzle, Thermometer, standard_regions

KINDS = ("classic", "killer", "killer-givens", "jigsaw", "x", "windoku", "thermo")
LEVELS = ("easy", "medium", "hard", "expert")
MAX_ATTEMPTS = 40
"""How many puzzles :func:`generate_variant` makes for a ``difficulty`` before giving up."""
KILLER_CAGES = {"easy": (2, 3), "medium": (2, 5), "hard": (3, 6), "expert": (4, 7)}
"""The cage sizes a Killer of each level is drawn with: small cages have one combination, big ones many."""
SEEDED = 0.02  # share of cells seeded with random digits before solving (more: slow proofs of no solution)


def check_request(kind: str, size: int | None, difficulty: str | None) -> int:
    """Return the size the kind is made at; ValueError naming what is wrong with the combination."""
    if kind not in KINDS:
        raise ValueError(f"unknown variant {kind!r} (known: {', '.join(KINDS)})")
    if size is not None and size not in SIZES:
        raise ValueError(f"size {size} is not supported (sizes: 4, 6, 8, 9, 12, 16)")
    if kind == "windoku" and size not in (None, 9):
        raise ValueError("windoku is made at size 9 only (its four 3x3 windows)")
    if kind in ("killer", "killer-givens") and size not in (None, 4, 6, 8, 9):
        raise ValueError(f"{kind} is made at sizes 4, 6, 8 and 9")
    if difficulty is not None and difficulty not in LEVELS:
        raise ValueError(f"unknown difficulty {difficulty!r} (levels: {', '.join(LEVELS)})")
    return size or 9


def generate_variant(kind: str, size: int | None = None, rng: Any = None,
                     difficulty: str | None = None) -> Puzzle:
    """Return a puzzle of ``kind`` (one of KINDS) with exactly one solution; ValueError for an unknown
    kind, size or level or a size the kind cannot take, GenerationError if no puzzle of ``difficulty``
    is found in MAX_ATTEMPTS tries."""
    n = check_request(kind, size, difficulty)
    gen = rng if isinstance(rng, np.random.Generator) else np.random.default_rng(rng)
    make = _MAKERS[kind]
    if kind == "killer" and difficulty is not None:
        low, high = KILLER_CAGES[difficulty]
        make = lambda n, gen: _killer(n, gen, low, high)  # noqa: E731
    if difficulty is None:
        return make(n, gen)[0]
    from engine.logic.variant.driver import LEVELS as TOPS
    from engine.logic.variant.driver import rate_variant

    top = next(cost for en, _, cost in TOPS if en == difficulty)

    def level(puzzle: Puzzle, solution: tuple[int, ...]) -> str:
        rating = rate_variant(puzzle, solution, ceiling=top)  # None: harder than the level asked
        return rating.level if rating else "harder"

    for _ in range(MAX_ATTEMPTS):
        puzzle, solution = make(n, gen)
        found = level(puzzle, solution)
        while kind == "killer" and difficulty == "easy" and found != "easy":
            # random cages are seldom easy: split the biggest cages until singles and one-combination
            # cages finish it (a split cage is still unique, its digits only more told)
            puzzle = _split_biggest(puzzle, solution, gen)
            found = level(puzzle, solution)
        if found == difficulty:
            return puzzle
    raise GenerationError(f"no {kind} puzzle of level {difficulty} found in {MAX_ATTEMPTS} tries")


# --- random solutions ----------------------------------------------------------------------------------


def random_solution(template: Puzzle, rng: np.random.Generator, relabel: bool = True) -> tuple[int, ...]:
    """Return a random solution of the template's regions and constraints (its givens ignored);
    GenerationError if none is found in 50 seedings (constraints no grid satisfies)."""
    from engine.solve.variant import solve

    n = template.size
    houses = [h.cells for h in template.houses()]
    for _ in range(50):
        givens = _seed(n, houses, rng)
        found = solve(Puzzle(n, givens, template.regions, template.constraints))
        if found is not None:
            if not relabel:
                return found
            perm = [0, *(int(d) + 1 for d in rng.permutation(n))]
            return tuple(perm[d] for d in found)
    raise GenerationError("the constraints have no solution")


def _seed(n: int, houses: list[tuple[int, ...]], rng: np.random.Generator) -> tuple[int, ...]:
    """Random digits in a few random cells, no two alike in one house."""
    givens = [0] * (n * n)
    by_cell: list[list[tuple[int, ...]]] = [[] for _ in range(n * n)]
    for cells in houses:
        for c in cells:
            by_cell[c].append(cells)
    for cell in rng.permutation(n * n)[: max(2, int(SEEDED * n * n))]:
        used = {givens[o] for h in by_cell[cell] for o in h}
        free = [d for d in range(1, n + 1) if d not in used]
        if free:
            givens[int(cell)] = int(rng.choice(free))
    return tuple(givens)


# --- givens removal -------------------------------------------------------------------------------------


def remove_givens(puzzle: Puzzle, solution: tuple[int, ...], rng: np.random.Generator) -> Puzzle:
    """Return ``puzzle`` with the solution as givens, less every 180°-symmetric pair of cells that can go
    while the puzzle stays unique (tried in random order)."""
    from engine.solve.solver import count_solutions

    n = puzzle.size
    givens = list(solution)
    orbits = sorted({tuple(sorted({c, n * n - 1 - c})) for c in range(n * n)})
    for i in rng.permutation(len(orbits)):
        cells = orbits[int(i)]
        for c in cells:
            givens[c] = 0
        if count_solutions(Puzzle(n, tuple(givens), puzzle.regions, puzzle.constraints), 2) != 1:
            for c in cells:
                givens[c] = solution[c]
    return Puzzle(n, tuple(givens), puzzle.regions, puzzle.constraints)


def _by_removal(n: int, rng: np.random.Generator, regions: tuple[int, ...],
                constraints: tuple = ()) -> tuple[Puzzle, tuple[int, ...]]:
    template = Puzzle(n, (0,) * (n * n), regions, constraints)
    solution = random_solution(template, rng)
    return remove_givens(template, solution, rng), solution


def _classic(n: int, rng: np.random.Generator) -> tuple[Puzzle, tuple[int, ...]]:
    return _by_removal(n, rng, standard_regions(n))


def _x(n: int, rng: np.random.Generator) -> tuple[Puzzle, tuple[int, ...]]:
    return _by_removal(n, rng, standard_regions(n), (Diagonal(False), Diagonal(True)))


def windows() -> tuple[ExtraRegion, ...]:
    """The four 3x3 Windoku windows of a 9x9 grid (rows and columns 2-4 and 6-8)."""
    return tuple(ExtraRegion(tuple(r * 9 + c for r in range(r0, r0 + 3) for c in range(c0, c0 + 3)), "window")
                 for r0 in (1, 5) for c0 in (1, 5))


def _windoku(n: int, rng: np.random.Generator) -> tuple[Puzzle, tuple[int, ...]]:
    return _by_removal(n, rng, standard_regions(n), windows())


# --- jigsaw ---------------------------------------------------------------------------------------------


def _neighbours(cell: int, n: int) -> list[int]:
    r, c = divmod(cell, n)
    return [rr * n + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= rr < n and 0 <= cc < n]


def _connected(cells: set[int], n: int) -> bool:
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        for o in _neighbours(todo.pop(), n):
            if o in cells and o not in seen:
                seen.add(o)
                todo.append(o)
    return len(seen) == len(cells)


def jigsaw_regions(solution: tuple[int, ...], n: int, rng: np.random.Generator,
                   swaps: int | None = None) -> tuple[int, ...]:
    """Random jigsaw regions the solution fills: the standard boxes with boundary cells of one digit
    swapped between adjacent regions (each region keeps its N digits), a swap kept only when both
    regions stay connected.  Swapping like digits means no solving: a random jigsaw is often slow to prove
    unfillable."""
    regions = list(standard_regions(n))
    target = swaps if swaps is not None else 2 * n * n
    done = 0
    for _ in range(20 * target):
        if done >= target:
            break
        a = int(rng.integers(n * n))
        outside = [o for o in _neighbours(a, n) if regions[o] != regions[a]]
        if not outside:
            continue
        ra, rb = regions[a], regions[int(rng.choice(outside))]
        b = next(i for i in range(n * n) if regions[i] == rb and solution[i] == solution[a])
        if b in _neighbours(a, n) or not any(regions[o] == ra for o in _neighbours(b, n)):
            continue
        regions[a], regions[b] = rb, ra
        if _connected({i for i in range(n * n) if regions[i] == ra}, n) and \
                _connected({i for i in range(n * n) if regions[i] == rb}, n):
            done += 1
        else:
            regions[a], regions[b] = ra, rb
    return tuple(regions)


def _jigsaw(n: int, rng: np.random.Generator) -> tuple[Puzzle, tuple[int, ...]]:
    solution = random_solution(Puzzle(n, (0,) * (n * n), standard_regions(n)), rng)
    template = Puzzle(n, (0,) * (n * n), jigsaw_regions(solution, n, rng))
    return remove_givens(template, solution, rng), solution


# --- killer ---------------------------------------------------------------------------------------------


def random_cages(solution: tuple[int, ...], n: int, rng: np.random.Generator, low: int, high: int
                 ) -> list[tuple[int, ...]]:
    """Cover the grid with connected cages of ``low``-``high`` cells whose solution digits do not repeat
    (a cell left alone joins a neighbouring cage with room, else stays a cage of one)."""
    owner = [-1] * (n * n)
    cages: list[list[int]] = []
    for start in rng.permutation(n * n):
        start = int(start)
        if owner[start] >= 0:
            continue
        cage, want = [start], int(rng.integers(low, high + 1))
        owner[start] = len(cages)
        while len(cage) < want:
            digits = {solution[c] for c in cage}
            grow = [o for c in cage for o in _neighbours(c, n) if owner[o] < 0 and solution[o] not in digits]
            if not grow:
                break
            cell = int(rng.choice(grow))
            owner[cell] = len(cages)
            cage.append(cell)
        cages.append(cage)
    for cage in [c for c in cages if len(c) == 1]:
        cell = cage[0]
        for o in rng.permutation(_neighbours(cell, n)):
            other = cages[owner[int(o)]]
            room = other is not cage and 1 <= len(other) < high
            if room and solution[cell] not in {solution[c] for c in other}:
                other.append(cell)
                cage.clear()
                owner[cell] = owner[int(o)]
                break
    return [tuple(sorted(c)) for c in cages if c]


def _split(cage: tuple[int, ...], cell: int, n: int) -> list[tuple[int, ...]]:
    """Split a cage in two connected parts, the first grown from ``cell``."""
    inside = set(cage)
    for size in range((len(cage) + 1) // 2, len(cage)):
        part, todo = [cell], [cell]
        while todo and len(part) < size:
            for o in _neighbours(todo.pop(0), n):
                if o in inside and o not in part and len(part) < size:
                    part.append(o)
                    todo.append(o)
        rest = inside - set(part)
        if rest and _connected(rest, n):
            return [tuple(sorted(part)), tuple(sorted(rest))]
    return [(cell,), tuple(sorted(inside - {cell}))]  # the cell alone: a cage of one is a given's worth


def _cage_puzzle(n: int, cages: list[tuple[int, ...]], solution: tuple[int, ...],
                 givens: tuple[int, ...] | None = None) -> Puzzle:
    constraints = tuple(Cage(c, sum(solution[i] for i in c)) for c in cages)
    return Puzzle(n, givens or (0,) * (n * n), standard_regions(n), constraints)


def _killer(n: int, rng: np.random.Generator, low: int = 2, high: int = 5) -> tuple[Puzzle, tuple[int, ...]]:
    from engine.solve.variant import solutions

    solution = random_solution(Puzzle(n, (0,) * (n * n), standard_regions(n)), rng)
    cages = random_cages(solution, n, rng, low, high)
    while True:
        puzzle = _cage_puzzle(n, cages, solution)
        found = solutions(puzzle, 2)
        if len(found) < 2:
            return puzzle, solution
        # split the cage of a cell where the two solutions differ (the cell where ours differs, if any)
        diff = [i for i in range(n * n) if found[0][i] != found[1][i]]
        cell = diff[int(rng.integers(len(diff)))]
        cage = next(c for c in cages if cell in c)
        cages.remove(cage)
        cages.extend(_split(cage, cell, n))


def _split_biggest(puzzle: Puzzle, solution: tuple[int, ...], rng: np.random.Generator) -> Puzzle:
    """The killer with one of its biggest cages split in two at a random cell (ValueError with no cage of
    two cells or more: such a puzzle is all givens' worth, and easy)."""
    n = puzzle.size
    cages = [c.cells for c in puzzle.of_kind(Cage)]
    top = max(len(c) for c in cages)
    if top < 2:
        raise ValueError("every cage is a single cell")
    biggest = [c for c in cages if len(c) == top]
    cage = biggest[int(rng.integers(len(biggest)))]
    cages.remove(cage)
    cages.extend(_split(cage, cage[int(rng.integers(len(cage)))], n))
    return _cage_puzzle(n, cages, solution)


def _killer_givens(n: int, rng: np.random.Generator) -> tuple[Puzzle, tuple[int, ...]]:
    solution = random_solution(Puzzle(n, (0,) * (n * n), standard_regions(n)), rng)
    cages = random_cages(solution, n, rng, 3, 6)
    return remove_givens(_cage_puzzle(n, cages, solution), solution, rng), solution


# --- thermo ---------------------------------------------------------------------------------------------


def thermometers(solution: tuple[int, ...], n: int, rng: np.random.Generator) -> list[tuple[int, ...]]:
    """Non-overlapping thermometers of 3-6 cells along strictly increasing orthogonal paths of the
    solution, about one per N*N/10 cells."""
    used: set[int] = set()
    thermos: list[tuple[int, ...]] = []
    for start in rng.permutation(n * n):
        if len(thermos) >= max(2, n * n // 10):
            break
        path = [int(start)]
        want = int(rng.integers(3, 7))
        if path[0] in used:
            continue
        while len(path) < want:
            up = [o for o in _neighbours(path[-1], n) if o not in used and o not in path
                  and solution[o] > solution[path[-1]]]
            if not up:
                break
            path.append(int(rng.choice(up)))
        if len(path) >= 3:
            used.update(path)
            thermos.append(tuple(path))
    return thermos


def _thermo(n: int, rng: np.random.Generator) -> tuple[Puzzle, tuple[int, ...]]:
    solution = random_solution(Puzzle(n, (0,) * (n * n), standard_regions(n)), rng)
    constraints = tuple(Thermometer(t) for t in thermometers(solution, n, rng))
    return remove_givens(Puzzle(n, (0,) * (n * n), standard_regions(n), constraints), solution, rng), solution


_MAKERS: dict[str, Callable[[int, np.random.Generator], tuple[Puzzle, tuple[int, ...]]]] = {
    "classic": _classic, "killer": _killer, "killer-givens": _killer_givens, "jigsaw": _jigsaw,
    "x": _x, "windoku": _windoku, "thermo": _thermo,
}
