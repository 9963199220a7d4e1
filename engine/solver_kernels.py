"""The exact solver's compiled kernels (numba); :mod:`engine.solver` is the public face.

State: one fixed-size ``uint16`` row per search node, so a guess is a single 380-byte copy onto an
explicit stack (no recursion, no allocation inside the search)::

    st[0:81]     candidate mask of each empty cell (bit d-1 = digit d); 0 once the cell is placed
    st[81:162]   the placed digit of each cell, 0 while empty
    st[162:189]  per unit, the mask of digits already placed in it
    st[189]      how many cells are placed

Propagation, repeated until nothing changes: naked singles (a queue of forced placements, each
removing its digit from the 20 peers), hidden singles (a once/twice bit-sliced count per unit) and
locked candidates (pointing and claiming, from the 54 box-line intersections).  Then guess in a
bivalue cell whose digits many peers share (see :func:`_choose_cell`).  Counting with a limit runs
the same search on past the first solution.

Measured trade-offs (one core, per puzzle, forum_hardest_1905_11plus sample / 17_clue):

* locked candidates: 93 -> 73 guesses, 111 -> 106 us (17_clue 9.7 -> 7.6 us, magictour 33 -> 21 us);
* guess scoring by shared peers, against the first bivalue cell: 139 -> 73 guesses, 125 -> 106 us;
* numba reference-counts array arguments on every call (atomic increments): helpers called per
  elimination made everything 3-4x slower, hence one monolithic :func:`_propagate`;
* LLVM inlines :func:`_propagate` at each call site: three sites tripled the compile time, hence
  one; scratch arrays are passed in (np.zeros of each dtype inside costs ~1 s of compile).  The
  first compile takes about 3-4 s of CPU; a cached load about 0.3 s.
* uint8 index tables instead of int16: 18% faster (no negative-index wraparound code).

Roads not taken: recursion (slower in numba, and the stack depth is small and fixed anyway); a
per-digit bitboard layout (tdoku/JCZ style: faster hidden singles and box-line logic through SIMD
bit tricks, but several times the code); dancing links (allocation-heavy, weaker per node than
singles propagation).
"""

from __future__ import annotations

import numpy as np

from engine.grid import CELL_UNITS_NP, PEERS_NP, UNITS_NP
from engine.kernels import njit

ALL = 0x1FF
STATE = 190  # length of one state row (see the module docstring)
_VALS = 81
_DONE = 162
_FILLED = 189
_QUEUE = 1024  # placements waiting; bounded by 81 naked + 3 * 81 hidden singles per scan, plus givens
_UNION = _QUEUE  # after the queue, in the same array: the 54 box-line intersection unions

PEERS = PEERS_NP.astype(np.uint8)
UNITS = UNITS_NP.astype(np.uint8)
CELL_UNITS = CELL_UNITS_NP.astype(np.uint8)
POP = np.array([bin(m).count("1") for m in range(512)], dtype=np.int8)
# the lowest digit (1-9) in a mask, 0 for the empty mask
LOW = np.array([(m & -m).bit_length() for m in range(512)], dtype=np.int8)


def _intersections() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return, per box-line intersection (27 mini-rows then 27 mini-columns), its 3 cells, the 6
    other cells of its line and the 6 other cells of its box."""
    inner = np.zeros((54, 3), dtype=np.uint8)
    line_rest = np.zeros((54, 6), dtype=np.uint8)
    box_rest = np.zeros((54, 6), dtype=np.uint8)
    k = 0
    for kind in range(2):
        for line in range(9):
            for seg in range(3):
                if kind == 0:
                    cells = [line * 9 + seg * 3 + i for i in range(3)]
                    line_cells = [line * 9 + c for c in range(9)]
                else:
                    cells = [(seg * 3 + i) * 9 + line for i in range(3)]
                    line_cells = [r * 9 + line for r in range(9)]
                box = (cells[0] // 27) * 3 + (cells[0] % 9) // 3
                box_cells = [int(c) for c in UNITS_NP[18 + box]]
                inner[k] = cells
                line_rest[k] = [c for c in line_cells if c not in cells]
                box_rest[k] = [c for c in box_cells if c not in cells]
                k += 1
    return inner, line_rest, box_rest


INNER, LINE_REST, BOX_REST = _intersections()


def _siblings() -> tuple[np.ndarray, np.ndarray]:
    """Return, per intersection, the two other intersections of its line and the two of its box that
    run the same way (the 27 mini-rows are ``row * 3 + stack``, mini-columns ``27 + col * 3 + band``)."""
    sib_line = np.zeros((54, 2), dtype=np.uint8)
    sib_box = np.zeros((54, 2), dtype=np.uint8)
    for kind in range(2):
        for line in range(9):
            for seg in range(3):
                k = 27 * kind + line * 3 + seg
                sib_line[k] = [27 * kind + line * 3 + (seg + i) % 3 for i in (1, 2)]
                first = line - line % 3
                sib_box[k] = [27 * kind + (first + (line % 3 + i) % 3) * 3 + seg for i in (1, 2)]
    return sib_line, sib_box


SIB_LINE, SIB_BOX = _siblings()


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


@njit(cache=True)
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


@njit(cache=True)
def _propagate(st, queue, qtail):
    """Place the queued (cell, digit) codes and everything they force; return False on a contradiction.

    One function on purpose: numba reference-counts every array passed to a call (two atomic
    operations per array), and a helper called per peer elimination made the whole solver 3-4x
    slower (a solved grid took 18 us to re-place instead of about 4).
    """
    start = 0
    while True:
        # naked singles: place queued digits; a peer left with one candidate joins the queue
        qhead = 0
        while qhead < qtail:
            code = queue[qhead]
            qhead += 1
            c = code >> 4
            d = code & 15
            v = st[_VALS + c]
            if v:
                if v != d:
                    return False
                continue
            bit = 1 << (d - 1)
            if not st[c] & bit:
                return False
            st[_VALS + c] = d
            st[c] = 0
            st[_FILLED] += 1
            st[_DONE + CELL_UNITS[c, 0]] |= bit
            st[_DONE + CELL_UNITS[c, 1]] |= bit
            st[_DONE + CELL_UNITS[c, 2]] |= bit
            for k in range(20):
                p = PEERS[c, k]
                m = st[p]
                if m & bit:
                    m &= ~bit
                    st[p] = m
                    if m == 0:
                        return False
                    if m & (m - 1) == 0:
                        queue[qtail] = (p << 4) | LOW[m]
                        qtail += 1
        if st[_FILLED] == 81:
            return True
        # hidden singles: a digit with one place left in a unit goes there.  The scan resumes after
        # the last unit that gave some, and stops at the first unit that gives any so they are
        # placed (and propagated) at once
        qtail = 0
        for i in range(27):
            u = start + i
            if u >= 27:
                u -= 27
            done = st[_DONE + u]
            if done == ALL:
                continue
            once = 0
            twice = 0
            for k in range(9):
                m = st[UNITS[u, k]]
                twice |= once & m
                once |= m
            if (once | done) != ALL:
                return False
            h = once & ~twice
            if h == 0:
                continue
            while h:
                bit = h & -h
                h ^= bit
                for k in range(9):
                    c = UNITS[u, k]
                    if st[c] & bit:
                        queue[qtail] = (c << 4) | LOW[bit]
                        qtail += 1
                        break
            start = u + 1 if u < 26 else 0
            break
        if qtail:
            continue
        # locked candidates: a digit of a box-line intersection missing from the rest of the line
        # (box) cannot be in the rest of the box (line).  Read from the 54 intersection unions
        # (162 loads) rather than 15 cells per intersection (810): the pass got 5x cheaper, which
        # took forum_hardest from 2.0 to 1.x us per guess.  Unions go stale as this pass eliminates;
        # stale ones are supersets, which only hide a finding until the next pass (or, for `here`,
        # act on a row that has already lost the digit, a contradiction found anyway).
        changed = False
        for k in range(54):
            queue[_UNION + k] = st[INNER[k, 0]] | st[INNER[k, 1]] | st[INNER[k, 2]]
        for k in range(54):
            here = queue[_UNION + k]
            if here == 0:
                continue
            line = queue[_UNION + SIB_LINE[k, 0]] | queue[_UNION + SIB_LINE[k, 1]]
            box = queue[_UNION + SIB_BOX[k, 0]] | queue[_UNION + SIB_BOX[k, 1]]
            for side in range(2):
                gone = here & ~line & box if side == 0 else here & ~box & line
                if gone == 0:
                    continue
                for i in range(6):
                    p = BOX_REST[k, i] if side == 0 else LINE_REST[k, i]
                    m = st[p]
                    if m & gone:
                        changed = True
                        m &= ~gone
                        st[p] = m
                        if m == 0:
                            return False
                        if m & (m - 1) == 0:
                            queue[qtail] = (p << 4) | LOW[m]
                            qtail += 1
        if not changed:
            return True


@njit(cache=True)
def _choose_cell(st):
    """Return the empty cell to guess in: one with fewest candidates; among the first 12 bivalue
    cells, the one whose digits most peers share (bivalue peers count 5x: placing either digit
    forces them).  On forum_hardest this halves the guesses (139 -> 73 per puzzle) against the
    first bivalue cell; scoring every bivalue cell instead of 12 costs 10% more time, no fewer
    guesses."""
    best = -1
    best_n = 10
    for c in range(81):
        m = st[c]
        if m:
            n = POP[m]
            if n < best_n:
                best = c
                best_n = n
                if n == 2:
                    break
    if best_n != 2:
        return best
    best_score = -1
    seen = 0
    for c in range(best, 81):
        m = st[c]
        if m and POP[m] == 2:
            score = 0
            for k in range(20):
                p = st[PEERS[c, k]]
                if p & m:
                    score += 1
                    if POP[p] == 2:
                        score += 4
            if score > best_score:
                best_score = score
                best = c
            seen += 1
            if seen == 12:
                break
    return best


@njit(cache=True)
def _search(grid, limit, randomize, st, stack, stack_cell, stack_rem, queue, solution):
    """Count the completions of ``grid`` up to ``limit``, copying the first into ``solution``;
    return ``(count, guesses)`` (``grid`` must not repeat a given)."""
    for c in range(81):
        st[c] = ALL
        st[_VALS + c] = 0
    for u in range(27):
        st[_DONE + u] = 0
    st[_FILLED] = 0
    qtail = 0
    for c in range(81):
        if grid[c]:
            queue[qtail] = (c << 4) | grid[c]
            qtail += 1
    count = 0
    guesses = 0
    depth = 0
    # one call site for _propagate: LLVM inlines it at each, and three copies tripled compile time
    while True:
        ok = _propagate(st, queue, qtail)
        if ok and st[_FILLED] == 81:
            count += 1
            if count == 1:
                for c in range(81):
                    solution[c] = st[_VALS + c]
            if count >= limit:
                break
            ok = False  # keep searching for the next solution
        if ok:
            # guess: keep the state and the other digits of the chosen cell on the stack
            c = _choose_cell(st)
            m = np.int64(st[c])
            d = _pick(m, randomize)
            for i in range(STATE):
                stack[depth, i] = st[i]
            stack_cell[depth] = c
            stack_rem[depth] = m & ~(1 << (d - 1))
            depth += 1
        else:
            # backtrack: the newest guess with a digit left takes its next digit
            if depth == 0:
                break
            top = depth - 1
            c = stack_cell[top]
            rem = stack_rem[top]
            d = _pick(rem, randomize)
            rem &= ~(1 << (d - 1))
            for i in range(STATE):
                st[i] = stack[top, i]
            if rem == 0:
                depth -= 1  # the last alternative: its state need not be kept
            else:
                stack_rem[top] = rem
        guesses += 1
        queue[0] = (c << 4) | d
        qtail = 1
    return count, guesses


# aot: the argument types engine/solver.py passes (build/aot.py compiles it ahead of time; engine/kernels.py)
@njit(cache=True, aot="void(uint8[:, ::1], int64, int64, uint8[:, ::1], int64[::1], int64[::1],"
      " uint16[:, ::1], int64[::1])")
def classify_many(grids, limit, seed, solutions, counts, guesses, stack, work):
    """For each row of ``grids`` (n, 81) set ``counts`` (-1 repeated givens, else solutions found up
    to ``limit``), ``guesses`` and, where a solution exists, its first one into ``solutions``.

    ``seed >= 0`` tries digits in random order (seeded); ``seed < 0`` tries them 1 to 9.  ``stack``
    and ``work`` are scratch space from :func:`workspace` (passed in: allocating them here costs
    about a second of extra compile time, for np.zeros of each dtype).
    """
    st = stack[81]
    stack_cell = work[0:81]
    stack_rem = work[81:162]
    queue = work[162:]
    randomize = seed >= 0
    if randomize:
        np.random.seed(seed)
    for i in range(grids.shape[0]):
        if _has_repeats(grids[i]):
            counts[i] = -1
            guesses[i] = 0
            continue
        n, g = _search(grids[i], limit, randomize, st, stack, stack_cell, stack_rem, queue, solutions[i])
        counts[i] = n
        guesses[i] = g


def workspace() -> tuple[np.ndarray, np.ndarray]:
    """Return fresh scratch arrays for :func:`classify_many`: the state stack and the int64 work area."""
    return np.zeros((82, STATE), dtype=np.uint16), np.zeros(162 + _QUEUE + 54, dtype=np.int64)
