"""The exact solver's compiled kernels (numba); :mod:`engine.solve.solver` is the public face.

State: per-digit band bitboards (JCZ / tdoku style), one fixed-size ``int64`` row per search node,
so a guess is a single 240-byte copy onto an explicit stack (no recursion, no allocation)::

    st[3 * d + b]   digit d+1's candidates in band b (rows 3b..3b+2): bit 9 * row + column, 27 bits;
                    a placed digit keeps its bit, so every word always holds the digit's 3 places
    st[27 + b]      the band's unsolved cells (same bit layout)

Cell ``c`` is band ``c // 27``, bit ``c % 27``: bit order is cell order.

Propagation alternates two phases until nothing changes:

* *digit phase* (per digit whose words changed since it was last settled, lowest first): each band
  word keeps only the mini-rows that some row->box permutation can use (``COMPLEX``: hidden singles
  in rows and boxes, pointing and claiming along rows, and more), a box whose digit sits in one
  column removes that column from the other bands (``FIX``: column pointing), a column whose digit
  can only be in one band keeps that column alone in its box (``KEEP``: column claiming, and with
  ``COMPLEX`` hidden singles in columns); repeated on the three words until stable.  Then a row of a
  word down to one unsolved cell is a placement: the cell leaves the other 8 digits' words;
* *cell phase* (per band that changed, once no digit changes): a bit-sliced count over the 9 words
  finds empty cells (contradiction) and naked singles (their digit's row is cut down to them).

Then guess in a bivalue cell whose digits many peers share (see :func:`_choose`): the rule of the
previous (per-cell) kernel, which made tdoku's number of guesses.  Counting with a limit runs the
same search on past the first solution.

Measured trade-offs (one core, interleaved against the per-cell kernel of commit 3e52e90 in
``benchmarks/bench_solver.py``; figures there and in benchmarks/README.md):

* overall, against 3e52e90 (same guesses: 72.5 per forum_hardest_1905_11plus puzzle, 6.0 per
  serg_benchmark one): see the ratios in benchmarks/README.md; against tdoku, timed side by side
  (``benchmarks/bench_tdoku.py``), after this module's third pass: 0.5-1.1x its time on four sets,
  on serg_benchmark 1.07-1.37x (limit 1) and 1.09-1.33x (limit 2) with the machine loaded (before
  it: 1.62x and 1.68x loaded, 1.60x at limit 1 on a quiet machine);
* a digit is settled only when one of its three words changed since it was last settled: a mask
  of such digits is set wherever a word changes (a placement, a row single leaving the other
  digits, a naked single) and taken lowest bit first with ``cttz``; same fixpoint, same guesses,
  about 5% on serg_benchmark and magictour against comparing all nine digits' words with their
  settled ones on every pass (219 tests for 46 settles per serg_benchmark puzzle, a branch
  mispredicted often: the previous kernel, whose notes found no gain for a mask without
  ``cttz``).  Each band word's settled value is still kept in ``work`` (on a backtrack reset to
  the restored state's words, which are settled) so that only a changed word looks for row
  singles, and a band's cell phase runs only when the band changed;
* row singles are placed as each digit settles (its words are in registers), the cell phase only
  looks for empty cells and naked singles: 1.2x against gathering the row singles of all nine
  digits in the cell phase (the old kernel restarted its unit scan after each unit that gave
  hidden singles: 2,153 unit scans per forum_hardest puzzle);
* every table index is masked (``& 511``) even where the value cannot exceed it: LLVM then knows
  the index is not negative and drops numba's wraparound code, 5-8%;
* repeated givens are looked for only when the search finds no solution (they always leave a
  given's cell without candidates): 5-20% on easy sets;
* locked candidates come from the same words (tables indexed by 9-bit row and column unions)
  instead of a separate pass over 54 box-line intersections;
* the state is 30 words (240 bytes) against 190 ``uint16`` (380 bytes) per guess;
* numba reference-counts array arguments on every call: the hot loops stay in one function,
  :func:`_propagate`, called from one site; the helpers are inlined by numba itself
  (``inline="always"``), because numba.pycc's ahead-of-time build, unlike the JIT, left them as
  separate calls (``perf``: 7-13% slower than the JIT on serg_benchmark and forum_hardest);
* :func:`_choose` was 29% of serg_benchmark's time (``perf`` on the AOT module; 6 calls per
  puzzle, 12 cells scored each): it now reads each scored cell's two digits from bit-sliced
  planes built once per band, for the same choices: 1.16x on serg_benchmark, 1.08-1.13x on the
  other sets but 17_clue (same); its scores are counted with LLVM's ``ctpop`` (one ``popcnt``)
  instead of three 9-bit table lookups a word, a cell's bit index with ``cttz`` (``tzcnt``), and
  :func:`_search` is inlined into :func:`classify_many` (numba reference-counted its seven array
  arguments on every puzzle): together 1.14x on serg_benchmark, 1.06x on magictour (JIT; the
  ahead-of-time module must then be compiled for a CPU with ``popcnt``: ``build/aot.py``);
* the bivalue cells come from the cell phase (one more bit-sliced count there) instead of a count
  of their own in :func:`_choose`, and a puzzle's row is indexed in place rather than passed as a
  view (numba reference-counts each view): 2-3.5%;
* a puzzle's start state is built without a branch per cell (:func:`_start`: the empty cells of
  a band in one pass, then only the given cells, each digit's words from its givens) instead of
  placing the 81 cells' givens one at a time; a digit given twice in a row is caught there (the
  other repeats empty a word in the propagation): 3-10% on serg_benchmark, where the start was
  6% of the time (a start alone: 0.24 us of 3.8);
* :func:`_choose` hands back the chosen cell's two digits (no second look at its nine words):
  about 1%.

Roads not taken, measured: the tables as uint8/uint16/uint32 instead of int64 (a fifth of the cache
lines; no measurable gain, within the noise of a loaded machine); compiling without numba's
reference counting (``_nrt=False``: no measurable gain under the JIT, and the ahead-of-time module
shares one NRT setting with the canonical-form kernels, which allocate); one test of the three
words' changes (``(a0 ^ p0) | (a1 ^ p1) | (a2 ^ p2)``) instead of three, before the mask above (no
gain: LLVM's code was about the same).  Earlier roads not taken: SIMD over the nine digits (tdoku:
numba cannot emit the shuffles it needs, and AOT compilation through numba.pycc must stay possible);
recursion (slower in numba, and the stack depth is small and fixed anyway); dancing links
(allocation-heavy, weaker per node than propagation); keeping the settled words on the guess stack
(twice the copy: a restored state's own words are settled, so they are copied back instead);
settling only the bands whose word changed within a digit's loop (no measurable gain, more
branches).
"""

from __future__ import annotations

from itertools import permutations

import numpy as np

from engine.grid import PEERS_NP, UNITS_NP
from engine.kernels import njit
from engine.kernels.bits import lowest, popcount

FULL = 0x7FFFFFF  # 27 bits: a whole band
REP = 0x40201  # times a 9-bit column set: the same columns in the band's three rows
UNSOLVED = 27
STATE = 30  # length of one state row (see the module docstring)
_PREV = 162  # work[_PREV:_PREV + 27]: each digit's words as last settled
_BIVALUE = _PREV + 27  # work[_BIVALUE:_BIVALUE + 3]: each band's bivalue cells (cell phase, for _choose)
_GIVEN = _BIVALUE + 3  # work[_GIVEN:_GIVEN + 27]: each digit's givens, by band (set up in _start)
WORK = _GIVEN + 32  # _start's index is masked to 5 bits (a value above 9 writes past the 27)

# The compiled entry point's argument types, for ahead-of-time compilation (numba.pycc, through
# engine.kernels.njit's ``aot``); tests/engine/test_solver.py checks they are the ones
# engine/solve/solver.py passes.
CLASSIFY_MANY_SIGNATURE = (
    "void(uint8[:, ::1], int64, int64, uint8[:, ::1], int64[::1], int64[::1], int64[:, ::1], int64[::1])"
)


def _tables() -> tuple[np.ndarray, ...]:
    """Return the 9-bit tables (SHRINK, SINGLE, FIX, KEEP, POP, LOW) and COMPLEX (see the docstring).

    Built with array operations: a loop over the 512 masks cost 10 ms of every start (``sudoku -s``).
    """
    m = np.arange(512, dtype=np.int64)
    bits = (m[:, None] >> np.arange(9)) & 1
    pop = bits.sum(axis=1)
    low = np.where(m, np.argmax(bits, axis=1) + 1, 0)  # lowest bit as 1-9, 0 for none
    single = np.where(pop == 1, m, 0)
    shrink, fix, keep = (np.zeros(512, dtype=np.int64) for _ in range(3))
    for k in range(3):
        g = (m >> (3 * k)) & 7
        one = (g != 0) & (g & (g - 1) == 0)
        shrink |= (g != 0).astype(np.int64) << k
        fix |= np.where(one, g << (3 * k), 0)
        # two columns that both need the digit in one box: none survives, the box empties
        keep |= np.where(one, g << (3 * k), np.where(g == 0, 7 << (3 * k), 0))
    complex_ = np.zeros(512, dtype=np.int64)
    for perm in permutations(range(3)):
        cells = [3 * r + perm[r] for r in range(3)]
        fits = (bits[:, cells] == 1).all(axis=1)
        complex_ |= np.where(fits, sum(7 << (9 * r + 3 * perm[r]) for r in range(3)), 0)
    return shrink, single, fix, keep, pop, low, complex_


SHRINK, SINGLE, FIX, KEEP, POP, LOW, COMPLEX = _tables()


def _peer_masks() -> np.ndarray:
    """Return, per cell, its 20 peers as three band words."""
    peers = PEERS_NP.astype(np.int64)
    return np.stack(
        [np.where(peers // 27 == b, np.int64(1) << (peers % 27), 0).sum(axis=1) for b in range(3)], axis=1
    )


PEER_MASKS = _peer_masks()
UNITS = UNITS_NP.astype(np.uint8)  # uint8 indexes: no negative-index wraparound code (18% faster)


@njit(cache=True)
def _has_repeats(grid):
    """Return True if some unit holds a digit twice (or a value is above 9)."""
    for u in range(27):
        seen = 0
        for k in range(9):
            d = grid[UNITS[u, k]]
            if d:
                if d > 9:
                    return True
                bit = 1 << (d - 1)
                if seen & bit:
                    return True
                seen |= bit
    return False


@njit(cache=True, inline="always")
def _pick(mask, randomize):
    """Return the digit to try from a non-empty mask: the lowest, or a random one."""
    if not randomize:
        return LOW[mask]
    k = np.random.randint(0, POP[mask])
    for d in range(1, 10):
        if mask & (1 << (d - 1)):
            if k == 0:
                return d
            k -= 1
    return LOW[mask]


@njit(cache=True, inline="always")
def _place(st, c, d):
    """Put digit ``d`` (1-9) in cell ``c``: the cell leaves the other digits, its row keeps only it.

    Return the digits whose words changed (bit d-1 for digit d): those the cell had."""
    b = c // 27
    p = c % 27
    bit = np.int64(1) << p
    changed = 0
    for k in range(9):
        w = st[3 * k + b]
        changed |= ((w >> p) & 1) << k
        st[3 * k + b] = w & ~bit
    i = 3 * (d - 1) + b
    st[i] = (st[i] & ~(np.int64(511) << (9 * (p // 9)))) | bit
    return changed


@njit(cache=True, inline="always")
def _start(grids, row, st, work):
    """Set ``st`` to the givens of ``grids[row]`` (not yet propagated); return False for a value above 9
    or a digit given twice in a row (the propagation finds the other repeats: a box or column left
    without the digit).

    Branch-free where it can be: the empty cells by band in one pass, then only the given cells."""
    for i in range(27):
        work[_GIVEN + i] = 0
        work[_PREV + i] = -1
    big = 0
    for b in range(3):
        empty = np.int64(0)
        for p in range(27):
            v = np.int64(grids[row, 27 * b + p])
            empty |= np.int64(v == 0) << p
            big |= v + 6  # bit 4 set for a value above 9
        st[UNSOLVED + b] = empty
        given = FULL & ~empty
        while given:
            p = lowest(given)
            given &= given - 1
            work[_GIVEN + ((3 * (grids[row, 27 * b + p] - 1) + b) & 31)] |= np.int64(1) << p
    if big & ~15:
        return False
    twice = 0
    for i in range(27):
        g = work[_GIVEN + i]
        x0 = g & 511
        x1 = (g >> 9) & 511
        x2 = (g >> 18) & 511
        twice |= (x0 & (x0 - 1)) | (x1 & (x1 - 1)) | (x2 & (x2 - 1))
        # the rows holding a given of the digit keep only it; the other rows keep the empty cells
        rows = ((x0 + 511) >> 9) * 511 | ((x1 + 511) >> 9) * (511 << 9) | ((x2 + 511) >> 9) * (511 << 18)
        st[i] = (st[UNSOLVED + i % 3] & ~rows) | g
    return twice == 0


@njit(cache=True, inline="always")
def _propagate(st, work, todo):
    """Apply the digit and cell phases (module docstring) until stable; return False on a contradiction.

    ``todo``: the digits whose words changed since they were last settled (bit d-1 for digit d)."""
    dirty = 7
    while True:
        # digit phase, until no digit changes
        while todo:
            d = lowest(todo)
            todo &= todo - 1
            i = 3 * d
            a0 = st[i]
            a1 = st[i + 1]
            a2 = st[i + 2]
            while True:
                a0 &= COMPLEX[
                    (SHRINK[a0 & 511] | (SHRINK[(a0 >> 9) & 511] << 3) | (SHRINK[(a0 >> 18) & 511] << 6))
                    & 511
                ]
                a1 &= COMPLEX[
                    (SHRINK[a1 & 511] | (SHRINK[(a1 >> 9) & 511] << 3) | (SHRINK[(a1 >> 18) & 511] << 6))
                    & 511
                ]
                a2 &= COMPLEX[
                    (SHRINK[a2 & 511] | (SHRINK[(a2 >> 9) & 511] << 3) | (SHRINK[(a2 >> 18) & 511] << 6))
                    & 511
                ]
                if a0 == 0 or a1 == 0 or a2 == 0:
                    return False
                c0 = (a0 | (a0 >> 9) | (a0 >> 18)) & 511
                c1 = (a1 | (a1 >> 9) | (a1 >> 18)) & 511
                c2 = (a2 | (a2 >> 9) | (a2 >> 18)) & 511
                if (c0 | c1 | c2) != 511:
                    return False
                f0 = FIX[c0]
                f1 = FIX[c1]
                f2 = FIX[c2]
                n0 = a0 & ~((f1 | f2) * REP) & (KEEP[c0 & ~c1 & ~c2] * REP)
                n1 = a1 & ~((f0 | f2) * REP) & (KEEP[c1 & ~c0 & ~c2] * REP)
                n2 = a2 & ~((f0 | f1) * REP) & (KEEP[c2 & ~c0 & ~c1] * REP)
                if n0 == a0 and n1 == a1 and n2 == a2:
                    break
                a0 = n0
                a1 = n1
                a2 = n2
            for b in range(3):
                a = a0 if b == 0 else (a1 if b == 1 else a2)
                if a == work[_PREV + i + b]:
                    continue
                work[_PREV + i + b] = a
                if a != st[i + b]:
                    st[i + b] = a
                    dirty |= 1 << b
                # a row of the word down to one unsolved cell: the digit is placed there, and the
                # cell leaves the other digits (one that had it as its own row single then empties)
                u = st[UNSOLVED + b]
                r = (SINGLE[a & 511] | (SINGLE[(a >> 9) & 511] << 9) | (SINGLE[(a >> 18) & 511] << 18)) & u
                if r:
                    st[UNSOLVED + b] = u & ~r
                    for k in range(9):
                        w = st[3 * k + b]
                        todo |= (((w & r) + FULL) >> 27) << k  # 1 if it had one of the cells
                        st[3 * k + b] = w & ~r
                    st[i + b] = a  # the digit itself keeps them
                    todo &= ~(1 << d)
                    dirty |= 1 << b
        # cell phase: empty cells and naked singles, in the bands that changed
        found = False
        for b in range(3):
            if not (dirty >> b) & 1:
                continue
            dirty &= ~(1 << b)
            u = st[UNSOLVED + b]
            if u == 0:
                work[_BIVALUE + b] = 0
                continue
            once = 0
            twice = 0
            thrice = 0
            for d in range(9):
                m = st[3 * d + b]
                thrice |= twice & m
                twice |= once & m
                once |= m
            if once != FULL:
                return False
            work[_BIVALUE + b] = twice & ~thrice & u
            singles = u & ~twice
            if singles:
                # the digit's row keeps only that cell (two in one row: contradiction)
                found = True
                dirty |= 1 << b
                for d in range(9):
                    s = st[3 * d + b] & singles
                    if s:
                        old = st[3 * d + b]
                        a = old
                        for r in range(3):
                            t = (s >> (9 * r)) & 511
                            if t:
                                if t & (t - 1):
                                    return False
                                a = (a & ~(np.int64(511) << (9 * r))) | (t << (9 * r))
                        if a != old:
                            st[3 * d + b] = a
                            todo |= 1 << d
        if not found:
            return True


@njit(cache=True, inline="always")
def _mask(st, c):
    """Return the candidate mask of cell ``c`` (bit d-1 = digit d)."""
    b = c // 27
    p = c % 27
    m = 0
    for d in range(9):
        if (st[3 * d + b] >> p) & 1:
            m |= 1 << d
    return m


@njit(cache=True, inline="always")
def _choose(st, work):
    """Return the empty cell to guess in and its candidates: one with fewest; among the first 12 bivalue
    cells, the one whose digits most peers share (bivalue peers count 5x: placing either digit
    forces them).  On forum_hardest this halved the guesses (139 -> 73 per puzzle) against the
    first bivalue cell; scoring every bivalue cell instead of 12 cost 10% more time, no fewer
    guesses.  The bivalue cells are those :func:`_propagate`'s cell phase left in
    ``work[_BIVALUE:_BIVALUE + 3]`` (it counts the digits per cell anyway)."""
    any_bivalue = work[_BIVALUE] | work[_BIVALUE + 1] | work[_BIVALUE + 2]
    if any_bivalue == 0:
        best = -1
        best_n = 10
        for c in range(81):
            if (st[UNSOLVED + c // 27] >> (c % 27)) & 1:
                n = POP[_mask(st, c)]
                if n < best_n:
                    best = c
                    best_n = n
        return best, _mask(st, best)
    best = -1
    best_mask = 0
    best_score = -1
    seen = 0
    u0 = st[UNSOLVED]
    u1 = st[UNSOLVED + 1]
    u2 = st[UNSOLVED + 2]
    v0 = work[_BIVALUE]
    v1 = work[_BIVALUE + 1]
    v2 = work[_BIVALUE + 2]
    for b in range(3):
        biv = v0 if b == 0 else (v1 if b == 1 else v2)
        if biv == 0 or seen >= 12:
            continue
        # each bivalue cell's two digits, bit-sliced: lo in l0..l3, hi in h0..h3
        l0 = l1 = l2 = l3 = h0 = h1 = h2 = h3 = 0
        once = 0
        for d in range(9):
            m = st[3 * d + b] & biv
            first = m & ~once
            second = m & once
            once |= m
            if d & 1:
                l0 |= first
                h0 |= second
            if d & 2:
                l1 |= first
                h1 |= second
            if d & 4:
                l2 |= first
                h2 |= second
            if d & 8:
                l3 |= first
                h3 |= second
        while biv != 0 and seen < 12:
            p = lowest(biv)
            biv &= biv - 1
            c = 27 * b + p
            lo = ((l0 >> p) & 1) | (((l1 >> p) & 1) << 1) | (((l2 >> p) & 1) << 2) | (((l3 >> p) & 1) << 3)
            hi = ((h0 >> p) & 1) | (((h1 >> p) & 1) << 1) | (((h2 >> p) & 1) << 2) | (((h3 >> p) & 1) << 3)
            i = (3 * lo) & 31
            j = (3 * hi) & 31
            n0 = (st[i] | st[j]) & u0 & PEER_MASKS[c, 0]
            n1 = (st[i + 1] | st[j + 1]) & u1 & PEER_MASKS[c, 1]
            n2 = (st[i + 2] | st[j + 2]) & u2 & PEER_MASKS[c, 2]
            # two 27-bit words share one 64-bit count
            score = popcount(n0 | (n1 << 27)) + popcount(n2)
            score += 4 * (popcount((n0 & v0) | ((n1 & v1) << 27)) + popcount(n2 & v2))
            if score > best_score:
                best_score = score
                best = c
                best_mask = (1 << lo) | (1 << hi)
            seen += 1
    return best, best_mask


@njit(cache=True, inline="always")
def _search(grids, row, limit, randomize, st, stack, work, solutions):
    """Count the completions of ``grids[row]`` up to ``limit``, copying the first into ``solutions[row]``;
    return ``(count, guesses)``; a value above 9 gives ``(0, 0)``."""
    if not _start(grids, row, st, work):
        return 0, 0
    count = 0
    guesses = 0
    depth = 0
    todo = 511
    while True:
        ok = _propagate(st, work, todo)
        if ok and (st[UNSOLVED] | st[UNSOLVED + 1] | st[UNSOLVED + 2]) == 0:
            count += 1
            if count == 1:
                for d in range(9):
                    for b in range(3):
                        a = st[3 * d + b]
                        for r in range(3):
                            solutions[row, 27 * b + 9 * r + LOW[(a >> (9 * r)) & 511] - 1] = d + 1
            if count >= limit:
                break
            ok = False  # keep searching for the next solution
        if ok:
            # guess: keep the state and the other digits of the chosen cell on the stack
            c, m = _choose(st, work)
            d = _pick(m, randomize)
            for i in range(STATE):
                stack[depth, i] = st[i]
            work[depth] = c
            work[81 + depth] = m & ~(1 << (d - 1))
            depth += 1
        else:
            # backtrack: the newest guess with a digit left takes its next digit
            if depth == 0:
                break
            top = depth - 1
            c = work[top]
            rem = work[81 + top]
            d = _pick(rem, randomize)
            rem &= ~(1 << (d - 1))
            for i in range(STATE):
                st[i] = stack[top, i]
            # the restored state is settled: its words are each digit's last settled ones again
            for i in range(27):
                work[_PREV + i] = st[i]
            if rem == 0:
                depth -= 1  # the last alternative: its state need not be kept
            else:
                work[81 + top] = rem
        guesses += 1
        todo = _place(st, c, d)
    return count, guesses


# aot: the argument types engine/solve/solver.py passes (build/aot.py compiles it ahead of time;
# engine/kernels/)
@njit(cache=True, aot=CLASSIFY_MANY_SIGNATURE)
def classify_many(grids, limit, seed, solutions, counts, guesses, stack, work):
    """For each row of ``grids`` (n, 81) set ``counts`` (-1 repeated givens, else solutions found up
    to ``limit``), ``guesses`` and, where a solution exists, its first one into ``solutions``.

    ``seed >= 0`` tries digits in random order (seeded); ``seed < 0`` tries them 1 to 9.  ``stack``
    and ``work`` are scratch space from :func:`workspace` (passed in: allocating them here costs
    about a second of extra compile time, for np.zeros of each dtype).
    """
    st = stack[81]
    randomize = seed >= 0
    if randomize:
        np.random.seed(seed)
    for i in range(grids.shape[0]):
        n, g = _search(grids, i, limit, randomize, st, stack, work, solutions)
        # repeated givens leave some given's cell without a candidate, so such a grid has count 0:
        # testing for repeats only then saves 5% on easy puzzles
        if n == 0 and _has_repeats(grids[i]):
            n = -1
        counts[i] = n
        guesses[i] = g


def workspace() -> tuple[np.ndarray, np.ndarray]:
    """Return fresh scratch arrays for :func:`classify_many`: the state stack and the int64 work area."""
    return np.zeros((82, STATE), dtype=np.int64), np.zeros(WORK, dtype=np.int64)
