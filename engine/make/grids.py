"""Many distinct complete grids, fast: random base grids, symmetries and relabellings, in numpy.

This is the engine behind ``sudoku -c N`` (up to a million grids in well under a second of work).
It never imports numba: the whole ``-c`` process must cost about as much as writing its output.

How the grids are made
----------------------
1. A few *base grids* are filled by a small randomized backtracking search (plain Python).
2. Each is moved by random *positional symmetries* (row swaps within a band, column swaps within a
   stack, band and stack swaps, transposition), all vectorised, giving P candidate *patterns*.
3. Each pattern is *label-normalised*: its digits are renamed so that its top-left box reads
   123/456/789.  Exact duplicates are dropped (a set of 81-byte strings), so the P patterns are
   pairwise different.
4. ``16 * R`` pairwise different digit relabellings are drawn, ``R = ceil(N / P)`` (distinct
   permutation numbers below 9!, decoded by their Lehmer code; with a fixed first digit D,
   distinct numbers below 8! with ``sigma(1) = D``).  Output grid ``k = r * P + i`` is pattern i
   relabelled by ``sigma_{16 r + i mod 16}``: in round r every pattern appears once, neighbours
   have different relabellings, and a pattern meets a different relabelling in every round, so
   every pair (pattern, relabelling) is used at most once.  The patterns are in random order, and
   with ``P >= N / 300`` no pattern appears more than 300 times.

Why the output is distinct by construction
------------------------------------------
Suppose ``sigma(pattern_p) == tau(pattern_q)``.  Both patterns' top-left boxes read 123/456/789, so
the top-left boxes of the two grids read ``sigma(1..9)`` and ``tau(1..9)``: equal, hence ``sigma == tau``,
and applying ``sigma``'s inverse gives ``pattern_p == pattern_q``, hence ``p == q`` since the patterns
are pairwise different.  So different pairs give different grids; no set of outputs is ever kept.

Every output grid is valid because relabellings and positional symmetries map Sudoku solutions to
Sudoku solutions, and the base grids are solutions.  With ``first=D`` every relabelling maps 1 to D
(the pattern's top-left digit is always 1), so every grid starts with D.  (Normalising the box
rather than the first row keeps first rows varied: two grids sharing a relabelling share only that
box.)

Roads not taken: relabellings of one grid only (valid and distinct but monotonous; the issue asks
for variety); drawing random grids and de-duplicating them (distinct only by luck, and a set of a
million grids costs more than the whole budget); a numpy gather per output cell (0.4 s per
million grids against 0.1 s for ``bytes.translate`` of whole pattern texts, see classic_chunks).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import NamedTuple

import numpy as np

MAX_GRIDS = 1_000_000
"""The most grids one call (and ``sudoku -c``) makes."""

PATTERN_SHARE = 300
"""At most this many output grids, on average, share one pattern (so a million use >= 3,334)."""

MIN_PATTERNS = 64
BASE_GRIDS = 4


def _rng(seed: int | None, rng: np.random.Generator | None) -> np.random.Generator:
    return rng if rng is not None else np.random.default_rng(seed)


# ---------------------------------------------------------------------------------------------
# base grids: randomized backtracking with bitmasks, fewest candidates first

_PEERS: list[list[int]] | None = None


def _peers() -> list[list[int]]:
    global _PEERS
    if _PEERS is None:
        from engine.grid import PEERS

        _PEERS = [list(p) for p in PEERS]
    return _PEERS


def random_base_grid(rng: np.random.Generator) -> np.ndarray:
    """Return a uniformly-seeded random complete grid from a randomized search (never fails)."""
    peers = _peers()
    values = [0] * 81
    # the digit order each cell tries, random per cell; MRV keeps the search nearly backtrack-free
    orders = rng.permuted(np.tile(np.arange(1, 10), (81, 1)), axis=1).tolist()

    def free(cell: int) -> int:
        used = 0
        for p in peers[cell]:
            used |= 1 << values[p]
        return ~used & 0x3FE

    def search(empty: int) -> bool:
        if empty == 0:
            return True
        best, best_mask, best_n = -1, 0, 10
        for cell in range(81):
            if values[cell] == 0:
                mask = free(cell)
                n = mask.bit_count()
                if n < best_n:
                    best, best_mask, best_n = cell, mask, n
                    if n <= 1:
                        break
        if best_n == 0:
            return False
        for d in orders[best]:
            if best_mask >> d & 1:
                values[best] = d
                if search(empty - 1):
                    return True
        values[best] = 0
        return False

    search(81)
    return np.array(values, dtype=np.uint8)


# ---------------------------------------------------------------------------------------------
# positional symmetries and label normalisation, vectorised over many grids


def _line_permutations(count: int, rng: np.random.Generator) -> np.ndarray:
    """Return ``count`` random band-preserving orders of 9 lines (band order, then order in each)."""
    bands = rng.permuted(np.tile(np.arange(3), (count, 1)), axis=1)
    within = rng.permuted(np.tile(np.arange(3), (count, 3, 1)), axis=2)
    return (bands[:, :, None] * 3 + within).reshape(count, 9)


def random_transforms(grids: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Return each grid (shape (n, 81)) moved by its own random positional symmetry (no relabelling)."""
    n = len(grids)
    g = grids.reshape(n, 9, 9)
    flip = rng.random(n) < 0.5
    g = np.where(flip[:, None, None], g.transpose(0, 2, 1), g)
    rows = _line_permutations(n, rng)
    cols = _line_permutations(n, rng)
    moved = g[np.arange(n)[:, None, None], rows[:, :, None], cols[:, None, :]]
    return moved.reshape(n, 81)


BOX0 = np.array([0, 1, 2, 9, 10, 11, 18, 19, 20], dtype=np.intp)


def normalise_labels(grids: np.ndarray) -> np.ndarray:
    """Return complete grids (n, 81) relabelled so each top-left box reads 123/456/789 (garbage if not)."""
    n = len(grids)
    labels = np.zeros((n, 10), dtype=np.uint8)
    labels[np.arange(n)[:, None], grids[:, BOX0]] = np.arange(1, 10, dtype=np.uint8)
    return np.take_along_axis(labels, grids.astype(np.intp), axis=1)


def _unique_rows(grids: np.ndarray) -> np.ndarray:
    """Return the distinct rows of a uint8 (n, 81) array (sorted bytewise)."""
    keys = np.ascontiguousarray(grids).view(np.dtype((np.void, grids.shape[1]))).ravel()
    return np.unique(keys).view(np.uint8).reshape(-1, grids.shape[1])


def make_patterns(count: int, rng: np.random.Generator, bases: int = BASE_GRIDS) -> np.ndarray:
    """Return at least ``count`` pairwise different label-normalised grids from ``bases`` random grids."""
    base = np.stack([random_base_grid(rng) for _ in range(max(1, bases))])
    found = np.empty((0, 81), dtype=np.uint8)
    while len(found) < count:
        # a base grid has ~3.4 million positional images, so a round almost never repeats itself
        want = count - len(found) + 8
        picks = base[rng.integers(0, len(base), want)]
        found = _unique_rows(np.concatenate([found, normalise_labels(random_transforms(picks, rng))]))
    # unique rows come out sorted, so neighbours would share their first rows: shuffle them
    return found[rng.permutation(len(found))]


# ---------------------------------------------------------------------------------------------
# relabellings: permutation numbers decoded in bulk


_PERMUTATION_TABLES: dict[int, np.ndarray] = {}


def permutation_table(k: int) -> np.ndarray:
    """Return every permutation of ``range(k)`` in lexicographic order, shape (k!, k) uint8 (k <= 10).

    Row ``i`` is the permutation whose Lehmer code is ``i``.  Built by blocks, not one by one: the
    permutations starting with ``f`` are ``f`` followed by the table for ``k - 1`` mapped onto the
    other entries.  9! rows take a few milliseconds this way, against 0.6 s per million when each
    index is decoded digit by digit.
    """
    table = _PERMUTATION_TABLES.get(k)
    if table is None:
        if not 0 <= k <= 10:
            raise ValueError(f"permutation tables go up to 10 entries, not {k}")
        if k == 0:
            table = np.zeros((1, 0), dtype=np.uint8)
        else:
            smaller = permutation_table(k - 1)
            blocks = []
            for f in range(k):
                rest = np.array([v for v in range(k) if v != f], dtype=np.uint8)
                block = np.empty((len(smaller), k), dtype=np.uint8)
                block[:, 0] = f
                block[:, 1:] = rest[smaller]
                blocks.append(block)
            table = np.concatenate(blocks)
        _PERMUTATION_TABLES[k] = table
    return table


def _decode(index: np.ndarray, k: int) -> np.ndarray:
    """Return the permutations numbered ``index`` digit by digit (cheaper than a table for a few)."""
    n = len(index)
    pool = np.tile(np.arange(k, dtype=np.uint8), (n, 1))
    out = np.empty((n, k), dtype=np.uint8)
    rows = np.arange(n)
    rest = index.copy()
    for i in range(k):
        digit, rest = np.divmod(rest, math.factorial(k - 1 - i))
        out[:, i] = pool[rows, digit]
        # drop the chosen entry: everything right of it moves one place left
        for j in range(k - 1 - i):
            pool[:, j] = np.where(j >= digit, pool[:, j + 1], pool[:, j])
    return out


def permutations_from_index(index: np.ndarray, k: int) -> np.ndarray:
    """Return the permutations of ``range(k)`` numbered ``index`` in lexicographic order (Lehmer code).

    Raises IndexError if an index is outside ``range(k!)``.
    """
    index = np.asarray(index, dtype=np.int64).reshape(-1)
    if len(index) * 16 < math.factorial(k) and k not in _PERMUTATION_TABLES:
        if len(index) and (index.min() < 0 or index.max() >= math.factorial(k)):
            raise IndexError(f"permutation numbers of {k} things are 0 to {math.factorial(k) - 1}")
        return _decode(index, k)
    return permutation_table(k)[index]


SLOTS = 16
"""Relabellings applied side by side, one per pattern position modulo SLOTS (see classic_chunks)."""


class GridPlan(NamedTuple):
    """Which (pattern, relabelling) pair each output grid uses: see the module docstring."""

    patterns: np.ndarray  # (P, 81) uint8, top-left boxes 123/456/789, pairwise different
    relabellings: np.ndarray  # (rounds * SLOTS, 10) uint8, row j maps digit d to sigma_j(d); all different
    size: int  # number of output grids, at most P * rounds

    def pairs(self, start: int, stop: int) -> tuple[np.ndarray, np.ndarray]:
        """Return the (pattern, relabelling) numbers of grids ``start:stop`` (empty for an empty slice)."""
        k = np.arange(start, stop, dtype=np.int64)
        rounds, i = np.divmod(k, len(self.patterns))
        return i, rounds * SLOTS + i % SLOTS


def plan_grids(n: int, rng: np.random.Generator, first: int | None = None) -> GridPlan:
    """Return a plan for ``n`` distinct grids; ValueError unless 1 <= n <= 1,000,000 and first is 1-9."""
    if not 1 <= n <= MAX_GRIDS:
        raise ValueError(f"the number of grids must be 1 to {MAX_GRIDS:,}, got {n:,}")
    if first is not None and not 1 <= first <= 9:
        raise ValueError(f"the first digit must be 1-9, got {first}")
    wanted = max(MIN_PATTERNS, -(-n // PATTERN_SHARE))
    patterns = make_patterns(wanted, rng, bases=min(BASE_GRIDS, 2 + n // 1000))
    count = -(-n // len(patterns)) * SLOTS  # rounds * SLOTS <= 300 * 16 < 8!
    lut = np.zeros((count, 10), dtype=np.uint8)
    if first is None:
        numbers = rng.choice(math.factorial(9), size=count, replace=False)
        lut[:, 1:] = permutations_from_index(numbers, 9) + 1
    else:
        # sigma(1) = first, since every pattern starts with 1; sigma(2..9) orders the other digits
        numbers = rng.choice(math.factorial(8), size=count, replace=False)
        others = np.array([d for d in range(1, 10) if d != first], dtype=np.uint8)
        lut[:, 1] = first
        lut[:, 2:] = others[permutations_from_index(numbers, 8)]
    return GridPlan(patterns, lut, n)


def render(plan: GridPlan, start: int = 0, stop: int | None = None) -> np.ndarray:
    """Return grids ``start:stop`` of a plan as a (count, 81) uint8 array (empty for an empty slice)."""
    p, j = plan.pairs(start, plan.size if stop is None else min(stop, plan.size))
    return np.take_along_axis(plan.relabellings[j], plan.patterns[p].astype(np.intp), axis=1)


# the classic text form: a grid is 9 lines of "d d d d d d d d d\n" and a blank line: 163 bytes
GRID_TEXT_BYTES = 163
_DIGIT_COLUMNS = np.array([r * 18 + 2 * c for r in range(9) for c in range(9)], dtype=np.intp)
_TEMPLATE = np.frombuffer((("0 " * 8 + "0\n") * 9 + "\n").encode("ascii"), dtype=np.uint8)
_SLOT_CODE = 100  # digit d of slot s is written as byte 100 + 9*s + d - 1 (never a space or newline)


def classic_text(grids: np.ndarray, codes: np.ndarray | None = None) -> bytes:
    """Return grids (n, 81; digits 1-9) in the classic form, each followed by a blank line.

    ``codes`` (n,) optional: write digit d of grid i as byte ``codes[i] + d - 1`` instead of the
    digit character, for :func:`classic_chunks`.
    """
    out = np.tile(_TEMPLATE, (len(grids), 1))
    base = ord("1") if codes is None else codes[:, None]
    out[:, _DIGIT_COLUMNS] = grids - 1 + base
    return out.tobytes()


def classic_chunks(plan: GridPlan) -> Iterator[tuple[int, bytes]]:
    """Yield ``(count, text)`` for a plan's grids in order, classic form, every grid ending in a blank line.

    The fast path of ``sudoku -c``.  The patterns' text is made once, each pattern's digits written
    as the byte codes of its slot (position modulo 16); then one ``bytes.translate`` per round
    turns the whole text into output, applying 16 relabellings side by side (a C loop: about 0.1 s
    for a million grids, where a numpy gather per cell costs 0.4 s).  No other pass over the
    output is made.  Strip the very last byte for no trailing blank line.
    """
    patterns = len(plan.patterns)
    slots = np.arange(patterns) % SLOTS
    text = classic_text(plan.patterns, (_SLOT_CODE + 9 * slots).astype(np.uint8))
    left = plan.size
    for first in range(0, len(plan.relabellings), SLOTS):
        table = bytearray(range(256))
        digits = plan.relabellings[first : first + SLOTS, 1:] + ord("0")  # (SLOTS, 9)
        table[_SLOT_CODE : _SLOT_CODE + 9 * SLOTS] = digits.astype(np.uint8).tobytes()
        count = min(left, patterns)
        yield count, text[: count * GRID_TEXT_BYTES].translate(table)
        left -= count


def complete_grids(
    n: int, seed: int | None = None, first: int | None = None, rng: np.random.Generator | None = None
) -> np.ndarray:
    """Return ``n`` pairwise distinct, varied complete grids (n, 81); ValueError unless n is 1-1,000,000."""
    return render(plan_grids(n, _rng(seed, rng), first))
