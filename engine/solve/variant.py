"""The exact variant solver: any :class:`~engine.puzzle.model.Puzzle` counted, solved and traced.

A puzzle is compiled once into one flat program (:func:`compile_puzzle`, the layout in
:mod:`engine.kernels.variant`), then searched by the kernels:

* houses (rows, columns, regions, extra regions, diagonals, disjoint groups, cages) are all-different
  groups, and their cells each other's *peers*, with anti-knight and anti-king neighbours;
* killer cages with a total are digit-set tables (every set of that many digits with that sum), and a
  cage inside a full house is filtered with the house's other cells, which hold the digits a set leaves
  (its all-different house is then dropped: the table checks it, the cells stay peers);
  arrows (a pill's circle reads as a number), little killers and cages too large for a table are
  weighted sums by bounds (little killers seeing each other also as one sum); sandwiches keep the
  digit sets their middle can hold (:mod:`~.variant_sandwich`);
* dots, XV, greater-than, thermometer steps, non-consecutive and the negative rules on every
  unmarked orthogonal pair are pair tables (several on one pair are intersected);
* givens and odd/even cells cut the first candidates, as do the single-cell cages and thermometers'
  positions;
* with killer cages, each house and each band of houses whose cages cover it has an *innie* or
  *outie* sum (the 45 rule): the cells of the house outside the cages inside it, and the cells of the
  cages that cross it outside it, as one more sum (little killers that cross no cage count as cages);
  rows, columns and regions added up from either side give more, each cage counted the way it crosses
  least (:mod:`engine.solve.variant_innies`, the Interactive Sudoku Solver's), and each full house
  less a cage sticking out of it by one cell is an arrow with an offset (:mod:`~.variant_hidden`).

The tables of a grid and its constraints are compiled once per process (an LRU cache keyed by size,
regions and constraints); the givens only cut a copy of the first candidates.

A classic puzzle (``Puzzle.is_classic``) is solved here too, but callers go through
:mod:`engine.solve.solver`, which keeps it on the classic kernels.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Iterable, Iterator
from functools import cache, lru_cache
from types import ModuleType
from typing import Any

import numpy as np

from engine.puzzle.model import (
    XV,
    Arrow,
    Cage,
    Dot,
    GreaterThan,
    LittleKiller,
    Parity,
    Puzzle,
    Sandwich,
    Thermometer,
)
from engine.solve import variant_parallel
from engine.solve.variant_cross import intersection_sums
from engine.solve.variant_hidden import hidden_cage_sums
from engine.solve.variant_innies import innie_outie_sums
from engine.solve.variant_pack import pack
from engine.solve.variant_sandwich import sandwich_table
from engine.solve.variant_sums import (
    CAGE,
    HOUSE,
    LINES,
    PAIR,
    SANDWICH,
    SPLIT,
    SUM,
    cage_constraint,
    combined_sums,
    derived_sums,
    grouped,
    sets_by_size_and_sum,
    with_complement,
)

_kernels: ModuleType | None = None


def _k() -> ModuleType:
    """Return the kernels module, importing (and so loading numba) on first use."""
    global _kernels
    if _kernels is None:
        from engine.kernels import variant as variant_kernels

        _kernels = variant_kernels
    return _kernels


def _search(mode: int) -> Callable[..., int]:
    """Return the search kernel for ``mode``: the ISS's own search (:mod:`engine.kernels.variant_search`)
    with bit 256, else the variant kernel's."""
    if mode & 256:
        from engine.kernels import variant_search

        return variant_search.search
    return _k().search


class Program:
    """A compiled puzzle: the kernels' flat program and the constraint lists it was built from."""

    def __init__(self, size: int, init: list[int], peers: list[set[int]],
                 cons: list[tuple[int, tuple[int, ...], int, list[int]]], implied: int = 0) -> None:
        self.size = size
        self.cells = size * size
        self.init = init
        self.peers = [sorted(p) for p in peers]
        self.cons = cons
        kinds = {kind for kind, *_ in cons}
        pairs_only = PAIR in kinds and kinds <= {HOUSE, LINES, PAIR}
        # the last ``implied`` constraints (innie/outie sums across houses) add no first priority: counted,
        # they moved the first guesses onto their cells (wecoc-1 39.6k -> 63.5k guesses over four decays)
        prio = _priorities(size, cons[:len(cons) - implied], 1 if pairs_only else 2)
        # on killers the first priorities count 8 times: the dead ends take that much longer to outweigh the
        # cells' constraints (train mathemagics 1.30M -> 0.53M guesses; 4x: 1.09M, 16x and 32x as 8x)
        weight = KILLER_PRIORITY if CAGE in kinds else 1
        self.array = pack(size, init, self.peers, cons, [weight * p for p in prio])
        # the search's mode (engine.kernels.variant.search): conflict scores, then the refutation order
        # where a cage table carries a removed digit far (killers: about half the guesses and CPU on the
        # slow ones), else each node's digits in turn and the house digits' branch (the refutation order
        # cost a 16x16 X 12% more CPU and the slow little killers half as much again)
        # (and where a sandwich's digit sets carry it: Sandwich snipe 18 18.8k guesses -> 3.4k)
        self.mode = 5 if any(kind in (CAGE, SPLIT, SANDWICH) for kind, *_ in cons) else 3
        # and where a CAGE has fewer digit sets left than the chosen cell has candidates, a child per set
        # (bit 128): the train's mathemagic killers -2/-3/-4/-6/-7/-8 2.24M guesses over decays 12-15,
        # not over 5.0M; Tarek's the same within 1%
        # and a node whose cell dies on its last digit after a refutation scores a dead end there, as the
        # ISS scores it (bit 16): train mathemagic killers 1.30M -> 1.15M guesses (-13 764k -> 578k)
        if CAGE in kinds:
            self.mode |= 128 | 16
        # where the puzzle is pairs and houses only (thermometers, dots, non-consecutive): the ISS's own
        # search and propagation (bit 256, engine.kernels.variant_search: its trees, not the same handlers
        # to their fixpoint in another order): a-kind-of-magic 28,639 -> 15,017 guesses (the ISS 16,277),
        # 0.21 -> 0.08 s; anti-consectutive-hard 114k -> 120k (the ISS 113k), 1.05 -> 0.95 s.  Mode 47
        # before it (3 | 4 | 8 | 32: the refutation order, a dead end scoring the last placed cell and its
        # digit) stays for comparison: a-kind-of-magic over 3,000,000 guesses -> 86,000 -> 28,639
        if pairs_only:
            self.mode = 256

    def with_givens(self, givens: tuple[int, ...]) -> Program:
        """The same program with ``givens`` cutting its first candidates (a copy: the tables are shared,
        the array is the kernels' own)."""
        other = object.__new__(Program)
        other.size, other.cells, other.peers, other.cons = self.size, self.cells, self.peers, self.cons
        other.mode = self.mode
        other.init = [m if d == 0 else m & (1 << (d - 1)) for m, d in zip(self.init, givens, strict=True)]
        other.array = self.array.copy()
        start = int(other.array[3])  # header word H_INIT
        other.array[start:start + self.cells] = other.init
        return other


KILLER_PRIORITY = 8  # a program with a CAGE: its first priorities' weight against one dead end


def _priorities(size: int, cons: list[tuple[int, tuple[int, ...], int, list[int]]],
                full: int = 2) -> list[int]:
    """Each cell's first search priority: the sum over its constraints of how much each constrains it
    (a house its size, ``full`` times when full; a sum more the fewer its cells; a pair 2; a sandwich
    nothing: its cells first made 11 times the guesses on sandwich-partial-slow), so the first guesses
    go where the constraints are dense before any conflict has been counted.  Pair programs weigh a
    full house once, as the Interactive Sudoku Solver does (a-kind-of-magic 441k -> 376k guesses over
    decays 11-15, every decay fewer; anti-consectutive-hard the same within 1%)."""
    prio = [0] * (size * size)
    for kind, cells, _, aux in cons:
        if kind == HOUSE:
            weight = len(cells) * (full if len(cells) == size else 1)
        elif kind in (CAGE, SUM):
            weight = max(2 * size - len(cells), size)
        elif kind == SPLIT:
            inside = aux[0]
            for c in cells[:inside]:
                prio[c] += max(2 * size - inside, size)
            continue
        elif kind in (LINES, SANDWICH):
            weight = 0  # a sandwich says little of a cell before its 1 and N are placed
        else:
            weight = len(cells)
        for c in cells:
            prio[c] += weight
    return prio


def _neighbours(n: int, moves: Iterable[tuple[int, int]]) -> Iterator[tuple[int, int]]:
    """Every pair of cells a move apart (each pair once, both orders)."""
    for r in range(n):
        for c in range(n):
            for dr, dc in moves:
                rr, cc = r + dr, c + dc
                if 0 <= rr < n and 0 <= cc < n:
                    yield r * n + c, rr * n + cc


_KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
_KING = [(1, 1), (1, -1), (-1, 1), (-1, -1)]  # the orthogonal ones are row and column peers
_ORTHOGONAL = [(0, 1), (1, 0)]


_RELATIONS: dict[str, Any] = {
    "diff": lambda x, y, k: abs(x - y) == k,
    "ratio": lambda x, y, k: x == k * y or y == k * x,
    "sum": lambda x, y, k: x + y == k,
    "gt": lambda x, y, k: x > y,
    "lt": lambda x, y, k: x < y,
    "not_diff": lambda x, y, k: abs(x - y) != k,
    "not_ratio": lambda x, y, k: x != k * y and y != k * x,
    "not_xv": lambda x, y, k: x + y not in (5, 10),
}
_TRANSPOSED = {"gt": "lt", "lt": "gt"}  # every other relation is symmetric


@cache
def _relation(name: str, k: int, n: int) -> tuple[int, ...]:
    """For each digit x of the first cell, the mask of digits y of the second that the relation allows."""
    rule = _RELATIONS[name]
    return tuple(sum(1 << (y - 1) for y in range(1, n + 1) if rule(x, y, k)) for x in range(1, n + 1))


class _Pairs:
    """Pair tables being gathered: (a, b) with a < b -> for each digit of a, the digits b may take."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.tables: dict[tuple[int, int], tuple[int, ...]] = {}

    def add(self, a: int, b: int, name: str, k: int = 0) -> None:
        """Allow only the digit pairs (x in a, y in b) that relation ``name`` (with number k) allows."""
        if a > b:
            a, b, name = b, a, _TRANSPOSED.get(name, name)
        row = _relation(name, k, self.n)
        old = self.tables.get((a, b))
        self.tables[(a, b)] = row if old is None else tuple(p & q for p, q in zip(old, row, strict=True))

    def constraints(self, peers: list[set[int]]) -> list[tuple[int, tuple[int, ...], int, list[int]]]:
        """The pair constraints; aux ends with 1 when the pair may require a digit (a symmetric table on
        two cells with a common peer)."""
        tabs = [(a, b, fwd, _transpose(fwd, self.n)) for (a, b), fwd in self.tables.items()]
        return [(PAIR, (a, b), 0, [*f, *r, int(f == r and bool(peers[a] & peers[b]))]) for a, b, f, r in tabs]


@lru_cache(maxsize=4096)
def _transpose(fwd: tuple[int, ...], n: int) -> tuple[int, ...]:
    return tuple(sum(1 << x for x in range(n) if fwd[x] >> y & 1) for y in range(n))


def _pair_tables(puzzle: Puzzle, pairs: _Pairs) -> None:
    """Gather every pair relation of the puzzle: marks, thermometer steps, and the grid's rules."""
    n = puzzle.size
    # a pair with a dot of either colour is exempt from both negative rules: 1 and 2 take either dot
    marked_dot, marked_xv = set(), set()
    for con in puzzle.constraints:
        if isinstance(con, Dot):
            pairs.add(*con.cells, "diff" if con.colour == "white" else "ratio", con.number)
            marked_dot.add(frozenset(con.cells))
        elif isinstance(con, XV):
            pairs.add(*con.cells, "sum", con.total)
            marked_xv.add(frozenset(con.cells))
        elif isinstance(con, GreaterThan):
            pairs.add(*con.cells, "gt")
        elif isinstance(con, Thermometer):
            for a, b in itertools.pairwise(con.cells):
                pairs.add(a, b, "lt")
    rules = puzzle.rules()
    if not rules & {"nonconsecutive", "negative_white", "negative_black", "negative_xv"}:
        return
    for a, b in _neighbours(n, _ORTHOGONAL):
        pair = frozenset((a, b))
        if "nonconsecutive" in rules:
            pairs.add(a, b, "not_diff", 1)
        if "negative_white" in rules and pair not in marked_dot:
            pairs.add(a, b, "not_diff", 1)
        if "negative_black" in rules and pair not in marked_dot:
            pairs.add(a, b, "not_ratio", 2)
        if "negative_xv" in rules and pair not in marked_xv:
            pairs.add(a, b, "not_xv")


def _first_candidates(puzzle: Puzzle) -> list[int]:
    """Each cell's first candidates: its given, cut by parity, single-cell cages and thermometers."""
    n = puzzle.size
    full = (1 << n) - 1
    init = [full if d == 0 else 1 << (d - 1) for d in puzzle.givens]
    odd = sum(1 << (d - 1) for d in range(1, n + 1, 2))
    for con in puzzle.constraints:
        if isinstance(con, Parity):
            init[con.cell] &= full ^ odd if con.even else odd
        elif isinstance(con, Cage) and con.total is not None and len(con.cells) == 1:
            t = con.total
            init[con.cells[0]] &= 1 << (t - 1) if 1 <= t <= n else 0
        elif isinstance(con, Thermometer):
            length = len(con.cells)
            for i, c in enumerate(con.cells):
                # the i-th cell of the bulb's line is at least i + 1 and leaves room for the rest
                init[c] &= sum(1 << (d - 1) for d in range(i + 1, n - (length - 1 - i) + 1))
    return init


def _sum_constraints(puzzle: Puzzle) -> list[tuple[int, tuple[int, ...], int, list[int]]]:
    """The cages' tables (or sums), arrows, little killers and sandwiches."""
    n = puzzle.size
    out: list[tuple[int, tuple[int, ...], int, list[int]]] = []
    for con in puzzle.constraints:
        if isinstance(con, Cage) and con.total is not None and len(con.cells) > 1:
            out.append(cage_constraint(con.cells, con.total, sets_by_size_and_sum(n)))
        elif isinstance(con, Arrow):
            k = len(con.circle)
            weights = [1] * len(con.line) + [-(10 ** (k - 1 - i)) for i in range(k)]
            out.append((SUM, con.line + con.circle, 0, weights))
        elif isinstance(con, LittleKiller):
            out.append((SUM, con.cells, con.total, [1] * len(con.cells)))
        elif isinstance(con, Sandwich):
            if con.axis == "row":
                line = tuple(range(con.index * n, con.index * n + n))
            else:
                line = tuple(range(con.index, n * n, n))
            out.append((SANDWICH, line, con.total, list(sandwich_table(n, con.total))))
    return out


def _house_constraints(n: int, house_cells: list[tuple[int, ...]]
                       ) -> list[tuple[int, tuple[int, ...], int, list[int]]]:
    """Each house, then each full house's locked candidates (:func:`_lines`)."""
    full = tuple(h for h in house_cells if len(h) == n)
    return [(HOUSE, h, 0, []) for h in house_cells] + list(_lines(n, full))


@lru_cache(maxsize=64)
def _lines(n: int, full: tuple[tuple[int, ...], ...]
           ) -> tuple[tuple[int, tuple[int, ...], int, list[int]], ...]:
    """For each full house, a record per other full house it meets in two cells or more: the cells
    shared, its own other cells, the other's other cells (cached: most puzzles share their geometry)."""
    sets = [frozenset(h) for h in full]
    out = []
    for h, mine in zip(full, sets, strict=True):
        aux: list[int] = []
        most = 0  # the most cells shared (the record's total: its digit counts queue it from there)
        for other in sets:
            shared = mine & other
            if len(shared) >= 2 and other != mine:
                most = max(most, len(shared))
                for part in (shared, mine - other, other - mine):
                    aux += [len(part), *sorted(part)]
        if aux:
            out.append((LINES, h, most, aux))
    return tuple(out)


def compile_puzzle(puzzle: Puzzle, across: bool = True) -> Program:
    """Return the puzzle's program for the kernels (never fails for a checked puzzle): the tables of its
    grid and constraints are compiled once per process (:func:`_compiled`), its givens cut a copy.
    ``across=False`` leaves out the sums across houses only the search uses (innie/outie sums of rows and
    columns added from either side, little killers' intersections): the human logic's trials take it, as
    its words cannot show their cuts (with them hs-killers-9's trials flagged what no replay could word:
    11 s steps and 2 more guesses)."""
    try:
        base = _compiled(puzzle.size, puzzle.regions, puzzle.constraints, across)
    except TypeError:  # a constraint built by hand around a list cannot be a key: compiled each time
        blank = Puzzle(puzzle.size, (0,) * puzzle.n_cells, puzzle.regions, puzzle.constraints)
        base = _compile(blank, across)
    return base.with_givens(puzzle.givens)


@lru_cache(maxsize=64)
def _compiled(size: int, regions: tuple[int, ...], constraints: tuple[Any, ...], across: bool) -> Program:
    """The program of a grid and its constraints without givens: a puzzle counted, solved and traced again
    (the app's check then solve, a generator's tries on one layout) compiles only its givens."""
    return _compile(Puzzle(size, (0,) * (size * size), regions, constraints), across)


def _compile(puzzle: Puzzle, across: bool = True) -> Program:
    n = puzzle.size
    nc = n * n
    houses = [h.cells for h in puzzle.houses() if len(h.cells) > 1]
    house_cells = list(dict.fromkeys(tuple(sorted(h)) for h in houses))
    peers: list[set[int]] = [set() for _ in range(nc)]
    for h in house_cells:
        for c in h:
            peers[c].update(h)
    rules = puzzle.rules()
    moves = (_KNIGHT if "antiknight" in rules else []) + (_KING if "antiking" in rules else [])
    for a, b in _neighbours(n, moves):
        peers[a].add(b)
        peers[b].add(a)
    for c in range(nc):
        peers[c].discard(c)
    sums = _sum_constraints(puzzle) + derived_sums(puzzle, house_cells)
    implied = innie_outie_sums(puzzle, house_cells, sums) if across else []  # last: no first priority
    if across:  # nor hidden cages (with one, 4 mathemagic killers took 1.02M guesses, not 421k)
        implied += hidden_cage_sums(puzzle, [h for h in house_cells if len(h) == n], sums + implied)
    sums += combined_sums(sums, peers, n)
    if across:
        sums += intersection_sums(puzzle, [h for h in house_cells if len(h) == n], peers)
    full = [h for h in house_cells if len(h) == n]
    sums, implied = ([grouped(con, peers) if con[0] == SUM else with_complement(con, full) for con in group]
                     for group in (sums, implied))
    # a cage's digit-set table holds its all-different check: its house only gives the cells' peers
    tabled = {tuple(sorted(cells[:aux[0]] if kind == SPLIT else cells))
              for kind, cells, _, aux in sums if kind in (CAGE, SPLIT)}
    cons = _house_constraints(n, [h for h in house_cells if len(h) == n or h not in tabled]) + sums
    pairs = _Pairs(n)
    _pair_tables(puzzle, pairs)
    cons += pairs.constraints(peers) + implied
    return Program(n, _first_candidates(puzzle), peers, cons, len(implied))


_local = threading.local()
_TUNE = [14, 0]  # the search's decay shift and spare flags (stats[2:], read by the kernel)


def _run(puzzle: Puzzle, limit: int, keep: int = 1, mode: int | None = None) -> tuple[int, np.ndarray, int]:
    """Search ``puzzle`` (in the program's own mode unless ``mode``): return (solutions counted up to
    ``limit``, the first ``keep`` solutions' digits one after the other, guesses); ValueError if limit < 1."""
    if limit < 1:
        raise ValueError(f"limit must be at least 1, got {limit}")
    program = compile_puzzle(puzzle)
    solution = np.zeros(keep * puzzle.size * puzzle.size, dtype=np.int64)
    stats = np.array([program.mode if mode is None else mode, 0, *_TUNE], dtype=np.int64)
    count = variant_parallel.search(_search(int(stats[0])), program, int(limit), solution, stats)
    return int(count), solution, int(stats[0])


def solutions(puzzle: Puzzle, limit: int = 1000) -> list[tuple[int, ...]]:
    """Return the puzzle's solutions (the first ``limit``), in the search's order, by the variant search
    even for a classic puzzle; ValueError if limit < 1."""
    count, flat, _ = _run(puzzle, limit, limit)
    size = puzzle.n_cells
    return [tuple(int(d) for d in flat[i * size:(i + 1) * size]) for i in range(min(count, limit))]


def count_solutions(puzzle: Puzzle, limit: int = 2) -> int:
    """Return the puzzle's number of solutions, counting stops at ``limit``; 0 when none (givens that
    break a rule included); ValueError if limit < 1."""
    return _run(puzzle, limit)[0]


def solve(puzzle: Puzzle) -> tuple[int, ...] | None:
    """Return the puzzle's first solution as N*N digits, or None when it has none."""
    count, solution, _ = _run(puzzle, 1)
    return tuple(int(d) for d in solution) if count else None


def search_stats(puzzle: Puzzle, limit: int = 2, mode: int | None = None) -> tuple[int, int]:
    """Return (solutions counted up to ``limit``, guesses made) by the variant search, classic or not."""
    count, _, guesses = _run(puzzle, limit, mode=mode)
    return count, guesses
