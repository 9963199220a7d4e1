"""Sums of the variant solver's programs: killer cages as digit-set tables, the 45 rule's innie and
outie sums of killer puzzles, and weighted sums grouped into cells that see each other.

A helper of :mod:`engine.solve.variant` (the constraint kinds and the tuple layout are its own); a
failure here is a bug, never bad input: the puzzle was checked when it was built.
"""

from __future__ import annotations

import random
from functools import cache
from typing import NamedTuple

import numpy as np

from engine.puzzle.model import Cage, LittleKiller, Puzzle

HOUSE, PAIR, LINES, CAGE, SUM, SANDWICH, SPLIT = 0, 1, 2, 3, 4, 5, 6  # as engine.kernels.variant
MAX_TABLE = 1024  # a cage with more digit sets than this is propagated by bounds instead
LK_DERIVED = 7  # with little killers, no cage (5: 337k guesses on the slow four, 6: 249k, 7: 177k, 9: 190k)
MAX_DERIVED = 5  # cells of an innie/outie sum worth keeping (more: its runs cost more than it cuts)


class _Piece(NamedTuple):
    """A cage or little killer as the 45 rule reads it: its cells and their total."""

    cells: tuple[int, ...]
    total: int


@cache
def sets_by_size_and_sum(n: int) -> dict[tuple[int, int], list[int]]:
    """Every set of digits 1..n as a mask, grouped by (how many digits, their sum)."""
    masks = np.arange(1, 1 << n, dtype=np.int64)
    bits = (masks[:, None] >> np.arange(n)) & 1
    count, total = bits.sum(axis=1), bits @ np.arange(1, n + 1)
    order = np.lexsort((masks, total, count))
    out: dict[tuple[int, int], list[int]] = {}
    for m, k, t in zip(masks[order].tolist(), count[order].tolist(), total[order].tolist(), strict=True):
        out.setdefault((k, t), []).append(m)
    return out


def cage_constraint(cells: tuple[int, ...], total: int, sets: dict[tuple[int, int], list[int]]
          ) -> tuple[int, tuple[int, ...], int, list[int]]:
    """A distinct sum: its digit-set table when small enough, else a plain sum by bounds."""
    table = sets.get((len(cells), total), [])
    if len(table) <= MAX_TABLE:
        # an empty table (no such set) is kept: the kernel then finds the contradiction at once
        return (CAGE, tuple(cells), total, table)
    return (SUM, tuple(cells), total, [1] * len(cells))


def with_complement(con: tuple[int, tuple[int, ...], int, list[int]], full: list[tuple[int, ...]]
                    ) -> tuple[int, tuple[int, ...], int, list[int]]:
    """A cage's table inside a full house becomes a SPLIT: the cage's cells, then the house's others, and
    aux the cage's size before its table (the others must hold the digits a set leaves); any other
    constraint is returned as it is.  The last full house holding the cage is taken (a region before
    its row or column: more cells outside, more for the complement to cut)."""
    kind, cells, total, table = con
    if kind != CAGE or not table:
        return con
    mine = set(cells)
    for house in reversed(full):
        if mine.issubset(house):
            rest = tuple(c for c in house if c not in mine)
            return (SPLIT, tuple(cells) + rest, total, [len(cells), *table])
    return con


def derived_sums(puzzle: Puzzle, house_cells: list[tuple[int, ...]]
                  ) -> list[tuple[int, tuple[int, ...], int, list[int]]]:
    """The 45 rule: for each full house and band of neighbouring rows or columns, the sum of its cells
    outside the cages inside it (innies) less the cells of crossing cages outside it (outies), when few.
    """
    n = puzzle.size
    cons = puzzle.constraints
    cages = [_Piece(c.cells, c.total) for c in cons if isinstance(c, Cage) and c.total is not None]
    most = MAX_DERIVED if cages else LK_DERIVED
    cage_of = [-1] * (n * n)
    for i, cage in enumerate(cages):
        for c in cage.cells:
            if cage_of[c] >= 0:
                return []  # cages that overlap: the 45 rule's arithmetic needs a partition
            cage_of[c] = i
    # little killers join the pieces where they cross no piece (shortest first: those fit in a house)
    lks = [c for c in cons if isinstance(c, LittleKiller)]
    for lk in sorted(lks, key=lambda c: len(c.cells)):
        if all(cage_of[c] < 0 for c in lk.cells):
            for c in lk.cells:
                cage_of[c] = len(cages)
            cages.append(_Piece(lk.cells, lk.total))
    if not cages:
        return []
    areas = [h for h in house_cells if len(h) == n]
    for width in range(2, n // 2 + 1):
        for first in range(n - width + 1):
            areas.append(tuple(range(first * n, (first + width) * n)))
            areas.append(tuple(r * n + c for c in range(first, first + width) for r in range(n)))
    sets = sets_by_size_and_sum(n)
    houses = [frozenset(h) for h in house_cells]
    out, seen = [], set()
    whole = n * (n + 1) // 2
    for area in areas:
        met: dict[int, int] = {}
        free = []
        for c in area:
            k = cage_of[c]
            if k < 0:
                free.append(c)
            else:
                met[k] = met.get(k, 0) + 1
        inside = [k for k, count in met.items() if count == len(cages[k].cells)]
        crossing = [k for k, count in met.items() if count < len(cages[k].cells)]
        total = whole * len(area) // n - sum(cages[k].total for k in inside)
        if len(free) + sum(met[k] for k in crossing) <= most:
            innies = sorted(c for c in area if cage_of[c] < 0 or cage_of[c] in crossing)
            if innies:
                out.append(_derived(innies, [], total, houses, sets, seen))
        if crossing and len(free) + sum(len(cages[k].cells) - met[k] for k in crossing) <= most:
            where = set(area)
            outies = sorted(c for k in crossing for c in cages[k].cells if c not in where)
            out.append(_derived(sorted(free), outies, total - sum(cages[k].total for k in crossing),
                                houses, sets, seen))
    return [c for c in out if c is not None]


def _derived(plus: list[int], minus: list[int], total: int, houses: list[frozenset[int]],
             sets: dict[tuple[int, int], list[int]], seen: set) -> tuple | None:
    """An innie/outie sum: a table when it has no minus cells and sits in one house, else a sum;
    None for an empty one or one already made."""
    key = (tuple(plus), tuple(minus), total)
    if key in seen or not plus and not minus:
        return None
    seen.add(key)
    if not minus and any(h.issuperset(plus) for h in houses):
        return cage_constraint(tuple(plus), total, sets)
    minus_total = total  # plus - minus == total
    return (SUM, tuple(plus) + tuple(minus), minus_total, [1] * len(plus) + [-1] * len(minus))


def grouped(con: tuple[int, tuple[int, ...], int, list[int]], peers: list[set[int]]
            ) -> tuple[int, tuple[int, ...], int, list[int]]:
    """A sum with its cells ordered in groups of one weight that all see each other: aux is the weights
    then each cell's group number.  Bigger groups give tighter bounds (their digits are distinct), so of
    several greedy partitions the one with the largest sum of squared group sizes is kept."""
    _, cells, total, weights = con
    by_weight: dict[int, list[int]] = {}
    for c, wt in zip(cells, weights, strict=True):
        by_weight.setdefault(wt, []).append(c)
    flat: list[tuple[int, int, int]] = []
    gid = 0
    for wt, members in by_weight.items():
        for g in _best_partition(members, peers):
            flat += [(c, wt, gid) for c in g]
            gid += 1
    return (SUM, tuple(c for c, _, _ in flat), total, [wt for _, wt, _ in flat] + [i for _, _, i in flat])


def _best_partition(cells: list[int], peers: list[set[int]]) -> list[list[int]]:
    """The cells split into groups that all see each other: the best of first-fit, clique growing (first
    cell, or the cell seeing most of the rest) and a few seeded shuffles."""
    first = _first_fit(cells, peers)
    if len(first) == 1 or len(cells) <= 6:
        return first  # one group, or too few cells for another partition to gain much: not worth the time
    rng = random.Random(0)
    orders = [cells]
    for _ in range(6):
        order = cells[:]
        rng.shuffle(order)
        orders.append(order)
    tries = [first]
    for order in orders:
        tries.append(_cliques(order, peers, best=False))
        tries.append(_cliques(order, peers, best=True))
    return max(tries, key=lambda gs: sum(len(g) ** 2 for g in gs))


def _first_fit(cells: list[int], peers: list[set[int]]) -> list[list[int]]:
    groups: list[list[int]] = []
    for c in cells:
        for g in groups:
            if all(x in peers[c] for x in g):
                g.append(c)
                break
        else:
            groups.append([c])
    return groups


def _cliques(order: list[int], peers: list[set[int]], best: bool) -> list[list[int]]:
    left = order[:]
    groups = []
    while left:
        candidates = left[:]
        group = []
        while candidates:
            if best:
                c = max(candidates, key=lambda x: sum(1 for y in candidates if y in peers[x]))
            else:
                c = candidates[0]
            group.append(c)
            candidates = [x for x in candidates if x != c and x in peers[c]]
        groups.append(group)
        chosen = set(group)
        left = [x for x in left if x not in chosen]
    return groups


def combined_sums(sums: list[tuple[int, tuple[int, ...], int, list[int]]], peers: list[set[int]], n: int
                  ) -> list[tuple[int, tuple[int, ...], int, list[int]]]:
    """Plain sums (little killers) merged two at a time into one sum of both when the merged cells' groups
    leave less room than each (the Interactive Sudoku Solver's combined sums): a greedy merge of sums
    that share no cell and whose cells see each other in five places or more; the merged sums only."""
    active = {}
    for kind, cells, total, weights in sums:
        if kind == SUM and all(wt == 1 for wt in weights):
            rec = _record(tuple(sorted(cells)), total, peers, n)
            if rec is not None:
                active.setdefault(rec[0], (*rec, True))
    while True:
        best = None
        recs = list(active.values())
        for i, r1 in enumerate(recs):
            for r2 in recs[i + 1:]:
                if not _related(r1[0], r2[0], peers):
                    continue
                merged = _record(tuple(sorted(r1[0] + r2[0])), r1[1] + r2[1], peers, n)
                if merged is None or merged[0] in active:
                    continue
                if merged[2] <= max(r1[2], r2[2]) and merged[2] <= r1[2] + r2[2]:
                    continue
                if best is None or (merged[2], merged[0]) > (best[0][2], best[0][0]):
                    best = (merged, r1, r2)
        if best is None:
            break
        merged, r1, r2 = best
        del active[r1[0]], active[r2[0]]
        active[merged[0]] = (*merged, False)
    return [(SUM, cells, total, [1] * len(cells)) for cells, total, score, original in active.values()
            if not original and score > 0]


def _record(cells: tuple[int, ...], total: int, peers: list[set[int]], n: int
            ) -> tuple[tuple[int, ...], int, int] | None:
    """(cells, total, score) of a sum: the score grows with its groups' room and shrinks with the slack
    of its total; None when its groups cannot make the total.  Its groups grow as cliques from the cell
    seeing most of the others (the ISS's): first fit left the merged diagonals of "Zero solution: Little
    Killer" in small groups, too loose to merge (no merged sum, over 300k guesses; with cliques two
    merged sums of four killers each, 2.1k guesses)."""
    low, room, groups = sum_room(cells, peers, n, cliques=True)
    if not low <= total <= low + room:
        return None
    dof = min(total - low, low + room - total)
    return cells, total, room - groups * dof


def sum_room(cells: tuple[int, ...], peers: list[set[int]], n: int, cliques: bool = False
             ) -> tuple[int, int, int]:
    """(least total, room above it, groups) of a sum of ``cells`` by its first-fit groups of cells that
    see each other, or its cliques grown from the best-connected cell (a bound: it never fails, however
    loose)."""
    groups = _cliques(sorted(cells), peers, best=True) if cliques else _first_fit(list(cells), peers)
    low = sum(len(g) * (len(g) + 1) // 2 for g in groups)
    return low, sum((n - len(g)) * len(g) for g in groups), len(groups)


def _related(a: tuple[int, ...], b: tuple[int, ...], peers: list[set[int]]) -> bool:
    """Two sums share no cell and five cells or more of the smaller see a cell of the larger (the ISS: six;
    over four decays five gave the slow snipes 109k guesses, six 177k, four 126k, two 120k)."""
    if set(a) & set(b):
        return False
    small, big = (a, b) if len(a) <= len(b) else (b, a)
    if len(small) < 5:
        return False
    bigset = set(big)
    return sum(1 for c in small if peers[c] & bigset) >= 5
