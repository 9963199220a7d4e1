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
4. ``Q = ceil(N / P)`` pairwise different digit relabellings ``sigma_0 .. sigma_{Q-1}`` are drawn
   (distinct permutation numbers below 9!, decoded by their Lehmer code; with a fixed first digit
   D, distinct numbers below 8! with ``sigma(1) = D``).  Relabelling j is applied to every
   pattern, starting at its own random ``offset_j``, and the output interleaves groups of 16
   relabellings, so neighbouring grids differ in both pattern and labels: every pair
   (relabelling, pattern) is used at most once.  With ``P >= N / 300`` patterns, no pattern appears
   more than 300 times.

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
BASE_GRIDS = 8


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
    return found


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


def permutations_from_index(index: np.ndarray, k: int) -> np.ndarray:
    """Return the permutations of ``range(k)`` numbered ``index`` in lexicographic order (Lehmer code).

    Raises IndexError if an index is outside ``range(k!)``.
    """
    return permutation_table(k)[np.asarray(index, dtype=np.int64)]


INTERLEAVE = 16
"""Relabellings whose outputs are interleaved, grid by grid (see the module docstring)."""


class GridPlan(NamedTuple):
    """Which (relabelling, pattern) pair each output grid uses: see the module docstring."""

    patterns: np.ndarray  # (P, 81) uint8, top-left boxes 123/456/789, pairwise different
    relabellings: np.ndarray  # (Q, 10) uint8, row j maps digit d to sigma_j(d); pairwise different
    offsets: np.ndarray  # (Q,) int64: the pattern that relabelling j starts from
    size: int  # number of output grids, at most P * Q

    def groups(self) -> Iterator[range]:
        """Yield the ranges of relabelling numbers whose outputs are interleaved together, in order."""
        for first in range(0, len(self.relabellings), INTERLEAVE):
            yield range(first, min(first + INTERLEAVE, len(self.relabellings)))

    def pairs(self, start: int, stop: int) -> tuple[np.ndarray, np.ndarray]:
        """Return the (relabelling, pattern) numbers of grids ``start:stop`` (empty for an empty slice)."""
        k = np.arange(start, stop, dtype=np.int64)
        full = INTERLEAVE * len(self.patterns)  # grids in a full group
        group, r = np.divmod(k, full)
        width = np.minimum(INTERLEAVE, len(self.relabellings) - group * INTERLEAVE)
        i, within = np.divmod(r, width)
        j = group * INTERLEAVE + within
        return j, (i + self.offsets[j]) % len(self.patterns)


def plan_grids(n: int, rng: np.random.Generator, first: int | None = None) -> GridPlan:
    """Return a plan for ``n`` distinct grids; ValueError unless 1 <= n <= 1,000,000 and first is 1-9."""
    if not 1 <= n <= MAX_GRIDS:
        raise ValueError(f"the number of grids must be 1 to {MAX_GRIDS:,}, got {n:,}")
    if first is not None and not 1 <= first <= 9:
        raise ValueError(f"the first digit must be 1-9, got {first}")
    patterns = make_patterns(
        max(MIN_PATTERNS, -(-n // PATTERN_SHARE)), rng, bases=min(BASE_GRIDS, 2 + n // 1000)
    )
    count = -(-n // len(patterns))  # relabellings needed; <= PATTERN_SHARE <= 8!
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
    offsets = rng.integers(0, len(patterns), count)
    return GridPlan(patterns, lut, offsets, n)


def render(plan: GridPlan, start: int = 0, stop: int | None = None) -> np.ndarray:
    """Return grids ``start:stop`` of a plan as a (count, 81) uint8 array (empty for an empty slice)."""
    j, p = plan.pairs(start, plan.size if stop is None else min(stop, plan.size))
    return np.take_along_axis(plan.relabellings[j], plan.patterns[p].astype(np.intp), axis=1)


# the classic text form: a grid is 9 lines of "d d d d d d d d d\n" and a blank line: 163 bytes
GRID_TEXT_BYTES = 163
_DIGIT_COLUMNS = np.array([r * 18 + 2 * c for r in range(9) for c in range(9)], dtype=np.intp)
_TEMPLATE = np.frombuffer((("0 " * 8 + "0\n") * 9 + "\n").encode("ascii"), dtype=np.uint8)


def classic_text(grids: np.ndarray) -> bytes:
    """Return grids (n, 81; digits 1-9) in the classic form, each followed by a blank line."""
    out = np.tile(_TEMPLATE, (len(grids), 1))
    out[:, _DIGIT_COLUMNS] = grids + 48
    return out.tobytes()


def classic_chunks(plan: GridPlan) -> Iterator[tuple[int, np.ndarray]]:
    """Yield ``(count, text)`` for a plan's grids in order, classic form, every grid ending in a blank line.

    The fast path of ``sudoku -c``: each pattern's text is made once, and each relabelling turns all
    the patterns' text into output with one ``bytes.translate`` (a C loop: about 0.1 s for a
    million grids, where a numpy gather per cell costs 0.4 s); a group's texts are then interleaved
    grid by grid with one strided copy.  Strip the very last byte for no trailing blank line.
    """
    patterns = len(plan.patterns)
    text = classic_text(plan.patterns)
    identity = bytes(range(256))
    left = plan.size
    for group in plan.groups():
        texts = []
        for j in group:
            table = bytearray(identity)
            table[49:58] = (plan.relabellings[j, 1:] + 48).tobytes()
            cut = int(plan.offsets[j]) * GRID_TEXT_BYTES
            texts.append(text[cut:].translate(table) + text[:cut].translate(table))
        # (relabelling, pattern, byte) -> (pattern, relabelling, byte): neighbours differ in both
        block = np.frombuffer(b"".join(texts), dtype=np.uint8).reshape(len(group), patterns, GRID_TEXT_BYTES)
        count = min(left, len(group) * patterns)
        yield count, np.ascontiguousarray(block.transpose(1, 0, 2)).reshape(-1)[: count * GRID_TEXT_BYTES]
        left -= count


def complete_grids(
    n: int, seed: int | None = None, first: int | None = None, rng: np.random.Generator | None = None
) -> np.ndarray:
    """Return ``n`` pairwise distinct, varied complete grids (n, 81); ValueError unless n is 1-1,000,000."""
    return render(plan_grids(n, _rng(seed, rng), first))
