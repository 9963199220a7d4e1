"""The variant solver's compiled kernels (numba); :mod:`engine.solve.variant` compiles a puzzle for them.

A puzzle arrives as one flat ``int64`` *program* (:func:`engine.solve.variant.compile_puzzle` writes
it; the ``H_*`` header words give where each table starts)::

    init[c]             cell c's first candidates: bit d-1 for digit d (givens single, odd/even cut)
    peers of c          the cells that may not share its digit (every house, anti-knight, anti-king)
    constraint k        its kind (below), its cells, its total and its aux words:
      HOUSE             all different; a house of N cells also has every digit (hidden singles)
      SUM               sum of weight * digit over the cells == total; digits may repeat (arrows,
                        little killers, killer sums too large for a table); bounds, and exact once
                        three cells or fewer are open when a weight is negative (arrows, outie sums)
      CAGE              the cells (a house) sum to total: aux holds every digit set of that size and
                        sum (the digit-set table); sets are kept that fit the cells by their singles
                        (a cell left one digit of the set takes it, a digit left one cell goes there),
                        each cell keeps the digits the kept sets left it, and
                        a digit every kept set needs leaves each cell that sees all the cage's cells
                        that can hold it (the Interactive Sudoku Solver's required-value exclusions)
      LINES             a full house's locked candidates: aux holds, per full house it meets in two
                        cells or more, the cells shared, its own others and the other's others
      PAIR              two cells: aux holds 2N masks, the digits the second may take for each digit
                        of the first, then the reverse (dots, XV, thermometer steps, greater-than, ...),
                        then 1 when a digit may be required of the pair (a symmetric table, a common
                        peer): it then leaves the cells that see both
      SANDWICH          a line of N cells: the digits between the 1 and the N sum to total; aux holds
                        N offsets (from aux's start) where its middle's digit sets of 0, 1, ..., N-2
                        digits begin and the last ends, then those sets (:func:`_lunchbox`)
      SPLIT             a cage inside a full house, then the house's other cells: aux holds the
                        cage's size, then its digit-set table; a set is kept when it fits the cage's
                        cells as a CAGE's does and the other cells can hold the digits it leaves, and
                        a digit every kept set needs leaves the cells that see all its places, as a CAGE's
    constraints of c    the constraints to look at again when c's candidates shrink (not its full
                        houses nor their locked candidates: the digit counts queue those)
    peer bits of c      c's peers as a bitset, in words of 62 cells (no word's sign bit set)
    full houses of c    the full houses c is in, as indices h; then per full house h: its HOUSE
                        constraint, its LINES constraint (or -1), the most cells LINES shares (or -1)

State: one ``int64`` row per search node (:func:`_row`), ``st[c]`` the cell's candidates, ``st[cells + c]``
1 once its single digit has left its peers (or is queued to), then per full house h and digit d the count of
its unplaced cells that can hold d (``PLACED`` added once d is placed there), then per digit the cells that
hold it as a bitset (:func:`_boards`).  Propagation runs a worklist of constraints (each queued once) and a
queue of placed cells until both are empty; a handler only removes candidates, so the fixpoint is reached
and every handler's check is exact once its cells are placed: a state with every cell single after
propagation is a solution.  Both queues are first in, first out (a constraint queued early runs before its
neighbours queue it again: a third fewer handler runs than last in, first out on killers).  A full house runs
only when a digit's count in it falls to 1 or 0 (a hidden single, or none), its locked candidates when the
count falls to the cells it shares with another house (on killers the houses and locked candidates were
three runs in four, one in twenty-five doing anything), and a handler that is its own fixpoint after one run
is not queued again by its own cuts while it runs.

The search (after the Interactive Sudoku Solver's) guesses in the cell with the highest score per
candidate, lowest digit first: a score starts as the cell's constraints' priority (the program's
``H_PRIO`` table) and grows by one each time a guess there ends in a contradiction; every score
halves each 2**14 dead ends.  In the refutation order (mode bit 2: programs with cage tables or sandwiches,
and those of pairs and houses only) a node tries its lowest digit (or a house digit's place, with bit 1),
and once that subtree is done the digit leaves the node's own state, which is propagated (a cell left
single costs no guess) and chooses again.  Without it each node tries its
cell's digits in turn, and when that cell has more than two candidates, a digit with two places
left in a full house whose cells score as well is guessed instead (there, else not there).  An
explicit stack of state rows: no recursion, no allocation per node.  ``stats[0]`` passes the mode in
(bit 0 conflict scores, bit 1 house digits, bit 2 the refutation order of :func:`_refuting`, bit 3 a dead
end scores the last cell its propagation placed, not the guessed cell: the cell where the contradiction
showed, as the Interactive Sudoku Solver's waves of singles score it; bit 5 each digit's dead ends are
counted too, and when one digit's count stands out, a fifth of it lifts the cells holding that digit,
the ISS's value scores; bit 7, in the refutation order, a cage's digit sets instead of the chosen cell's
digits when one of its CAGEs has fewer sets left than it has candidates: a child per set, its cells
restricted to that set, :func:`_choose_cage`; bit 4, in the refutation order, a node whose cell a
refutation leaves its last digit and whose state then dies scores a dead end at that cell, as the ISS
scores a single that fails) and the guesses out; bit 8 (256) is not read here: it sends a program
of pairs and houses to the ISS's own search and propagation,
:mod:`engine.kernels.variant_search` (``engine.solve.variant`` picks the kernel);
``stats[2]``, when there, the decay's shift, ``stats[3]`` a guess budget (0: none; for experiments).

The handlers and the propagation compile without numba's reference counting (``_nrt=False``: they
allocate nothing, and the search passes them views without an owner): its calls around every inlined
array argument spilled registers in their loops, a sixth of the CPU of a killer's guess (the train's
mathemagic killers 16.5 -> 13.4 us a guess with the two changes below; the same guesses).  A placed
digit leaves only the peers its board says hold it, and a required digit only the cells holding it
that see all its places (one AND with the board, not a load of each peer); a cage's required digit
held by no open cell of it is not looked at (its one place keeps it); a sum's cuts take the bounds of
a cell's group less the cell from one tally of the group (digits held once, twice, the digit sums),
not from a pass over the group per cell.  Every index is read as unsigned (:func:`engine.kernels.bits.u`):
numba's wrap of a negative index was a shift, an AND and an add before each load and store (the train's
killers 21% less CPU, 8.66 -> 6.82 s; the same guesses, handler runs and solutions).

Roads not taken: one kernel per constraint kind (numba would type each call's arrays again); a
table for every cage (16x16 cages of 7-9 cells have thousands of digit sets: those take bounds).
"""

from __future__ import annotations

import numpy as np

from engine.kernels import njit
from engine.kernels.bits import borrowed, highest, lowest, popcount, u

# cheap kinds first: kind <= PAIR is cheap
HOUSE, PAIR, LINES, CAGE, SUM, SANDWICH, SPLIT = 0, 1, 2, 3, 4, 5, 6
# header words of a program: where each table starts (offsets into the program itself)
H_N, H_CELLS, H_CONS, H_INIT, H_PEER_START, H_PEER_LIST = 0, 1, 2, 3, 4, 5
H_KIND, H_CON_START, H_CON_CELLS, H_TOTAL, H_AUX_START, H_AUX = 6, 7, 8, 9, 10, 11
H_CC_START, H_CC_LIST, H_PRIO, H_PEER_BITS = 12, 13, 14, 15
H_CH_START, H_CH_LIST, H_FULL, H_NFULL = 16, 17, 18, 19
HEADER = 20
# added to a full house's count of a digit once the digit is placed there: it never queues the house again
PLACED = 1 << 20
# work words: 0-2 counts (cheap queue, dear queue, placed cells), 3 handler runs, 4 and 5 the dear and the
# cheap queue's heads (first in, first out: rings), 6 and 7 the last placed cell taken off its queue and its
# digit, then flags
W_QUEUED = 8

# the compiled entry points' argument types (ahead-of-time build, engine.kernels.njit's ``aot``)
SEARCH_SIGNATURE = "int64(int64[::1], int64, int64[::1], int64[::1])"
PROPAGATE_SIGNATURE = "boolean(int64[::1], int64[::1])"
SCORED_SIGNATURE = "int64(int64[::1], int64, int64[::1], int64[::1], int64[::1])"
SHARED_SIGNATURE = "int64(int64[::1], int64, int64[::1], int64[::1], int64[::1], int64[::1])"
# a shared search's words (search_shared): asked for work, work given, stop; the work from S_ROW on
S_ASKED, S_GIVEN, S_STOP, S_ROW = 0, 1, 2, 3


@njit(cache=True, inline="always")
def _low_sum(m, k):
    """Return the sum of the k smallest digits of mask m (it has at least k)."""
    s = 0
    for _ in range(k):
        d = lowest(m)
        m &= m - 1
        s += d + 1
    return s


@njit(cache=True, inline="always")
def _high_sum(m, k):
    """Return the sum of the k largest digits of mask m (it has at least k)."""
    s = 0
    for _ in range(k):
        d = highest(m)
        m ^= 1 << d
        s += d + 1
    return s


@njit(cache=True, inline="always")
def _record(solution, found, st, nc):
    """Write the solved state ``st`` as the ``found``-th solution if ``solution`` has room; return the
    new count."""
    if (found + 1) * nc <= len(solution):
        for i in range(nc):
            solution[u(found * nc + i)] = lowest(st[u(i)]) + 1
    return found + 1


@njit(cache=True, inline="always")
def _conflict(scores, c, fails, decay):
    """Score a dead end at cell c; old conflicts fade: every score halves each so many dead ends.
    Return the new count of dead ends."""
    scores[u(c)] += 1
    fails += 1
    if fails & decay == 0:
        for i in range(len(scores)):
            scores[u(i)] >>= 1
    return fails


@njit(cache=True, inline="always")
def _row(prog):
    """Return the length of a state row: candidates, placed flags, each full house's digit counts, each
    digit's cells (:func:`_boards`)."""
    return _boards(prog) + prog[H_N] * ((prog[H_CELLS] + 61) // 62)


@njit(cache=True, inline="always")
def _boards(prog):
    """Return where a state row's digit boards start: per digit, the cells holding it as a bitset in the
    peer bits' words (62 cells a word), so a placed digit or a required one visits only the peers that
    hold it, in the same order as the peer list."""
    return 2 * prog[H_CELLS] + prog[H_NFULL] * prog[H_N]


@njit(cache=True, inline="always")
def _touch(prog, st, w, c, removed):
    """Queue the constraints of cell c (it lost the digits ``removed``), cheap kinds apart from dear ones,
    and c itself once it is single; a full house and its locked candidates only when a digit's unplaced
    places in it fall to 1 (or to as many as the cells it shares with another house)."""
    nc = prog[H_CELLS]
    m = st[u(c)]
    placed = st[u(nc + c)] == 0 and (m & (m - 1)) == 0
    n = prog[H_N]
    full = prog[H_FULL]
    chl = prog[H_CH_LIST]
    for i in range(prog[u(prog[H_CH_START] + c)], prog[u(prog[H_CH_START] + c + 1)]):
        h = prog[u(chl + i)]
        row = 2 * nc + h * n
        if placed:
            st[u(row + lowest(m))] += PLACED - 1
        bits = removed
        while bits:
            d = lowest(bits)
            bits &= bits - 1
            left = st[u(row + d)] - 1
            st[u(row + d)] = left
            if left <= 1:
                _queue_once(prog, w, prog[u(full + 3 * h)])
            if left <= prog[u(full + 3 * h + 2)]:
                _queue_once(prog, w, prog[u(full + 3 * h + 1)])
    words = (nc + 61) // 62
    at = _boards(prog) + c // 62
    cbit = 1 << (c % 62)
    bits = removed
    while bits:
        st[u(at + words * lowest(bits))] ^= cbit
        bits &= bits - 1
    ncons = prog[H_CONS]
    cc0 = prog[H_CC_START]
    lst = prog[H_CC_LIST]
    kinds = prog[H_KIND]
    for i in range(prog[u(cc0 + c)], prog[u(cc0 + c + 1)]):
        k = prog[u(lst + i)]
        if w[u(W_QUEUED + k)] == 0:
            w[u(W_QUEUED + k)] = 1
            if prog[u(kinds + k)] <= PAIR:
                t = w[5] + w[0]
                w[u(W_QUEUED + ncons + (t - ncons if t >= ncons else t))] = k
                w[0] += 1
            else:
                t = w[4] + w[1]
                w[u(W_QUEUED + 2 * ncons + (t - ncons if t >= ncons else t))] = k
                w[1] += 1
    if placed:
        st[u(nc + c)] = 1
        w[u(W_QUEUED + 3 * ncons + w[2])] = c
        w[2] += 1


@njit(cache=True, inline="always")
def _restrict(prog, st, w, c, allowed):
    """Keep only ``allowed`` in cell c; return False when it has nothing left."""
    m = st[u(c)]
    new = m & allowed
    if new == m:
        return True
    if new == 0:
        return False
    st[u(c)] = new
    _touch(prog, st, w, c, m ^ new)
    return True


@njit(cache=True, _nrt=False)
def _house(prog, st, w, start, end):
    """All different: a full house needs every digit and places its hidden singles; a smaller one needs
    as many digits as cells."""
    n = prog[H_N]
    cells = prog[H_CON_CELLS]
    again = True
    while again:  # a digit placed takes the cell's other digits away: look again (its own fixpoint)
        again = False
        once = 0
        twice = 0
        for i in range(start, end):
            m = st[u(prog[u(cells + i)])]
            twice |= once & m
            once |= m
        size = end - start
        if size < n:
            return popcount(once) >= size
        if once != (1 << n) - 1:
            return False
        singles = once & ~twice
        while singles:
            bit = singles & -singles
            singles ^= bit
            for i in range(start, end):
                c = prog[u(cells + i)]
                if st[u(c)] & bit:
                    if st[u(c)] != bit:
                        if not _restrict(prog, st, w, c, bit):
                            return False
                        again = True
                    break
    return True


@njit(cache=True, _nrt=False)
def _lines(prog, st, w, k):
    """Locked candidates of a full house: a digit whose places in it all lie in another full house
    leaves that house's other cells.  Aux: per other house, the cells shared, this house's other
    cells, the other's other cells."""
    j = prog[H_AUX] + prog[u(prog[H_AUX_START] + k)]
    last = prog[H_AUX] + prog[u(prog[H_AUX_START] + k + 1)]
    while j < last:
        inter = 0
        for t in range(j + 1, j + 1 + prog[u(j)]):
            inter |= st[u(prog[u(t)])]
        j += 1 + prog[u(j)]
        outside = 0
        for t in range(j + 1, j + 1 + prog[u(j)]):
            outside |= st[u(prog[u(t)])]
        j += 1 + prog[u(j)]
        locked = inter & ~outside
        if locked:
            for t in range(j + 1, j + 1 + prog[u(j)]):
                c = prog[u(t)]
                if st[u(c)] & locked and not _restrict(prog, st, w, c, ~locked):
                    return False
        j += 1 + prog[u(j)]
    return True


@njit(cache=True, inline="always")
def _group_bounds(prog, st, cells, gids, i, end, skip):
    """Return (end of the group starting at i, its fewest and most digit sum) without cell ``skip``:
    per cell bounds, and those of as many distinct digits as the group has cells (they see each other)."""
    g = prog[u(gids + i)]
    union = 0
    smin = 0
    smax = 0
    count = 0
    j = i
    while j < end and prog[u(gids + j)] == g:
        if j != skip:
            m = st[u(prog[u(cells + j)])]
            union |= m
            smin += lowest(m) + 1
            smax += highest(m) + 1
            count += 1
        j += 1
    if count == 0:
        return j, 0, 0
    if popcount(union) < count:
        return j, 1, 0  # empty range: no room for the digits
    return j, max(smin, _low_sum(union, count)), min(smax, _high_sum(union, count))
@njit(cache=True, inline="always")
def _quotient(r, wt, allowed, n):
    """Return the digit (0-based) d of ``allowed`` with wt * (d + 1) == r, or -1 when there is none (a
    weight of 1 or -1 takes no division: an ``idiv`` in the innermost loop of :func:`_sum_exact`)."""
    if wt == 1:
        v = r - 1
    elif wt == -1:
        v = -r - 1
    elif r % wt:
        return -1
    else:
        v = r // wt - 1
    if v < 0 or v >= n or not allowed >> v & 1:
        return -1
    return v




@njit(cache=True, _nrt=False)
def _sum_exact(prog, st, w, cells, weights, gids, start, end, rest, u0, u1, u2):
    """The last (up to three) open cells u0, u1, u2 of a sum (-1: none) must make ``rest``: keep each
    digit some choice of the others completes (distinct within a group, off the group's placed digits)."""
    n = prog[H_N]
    a0 = st[u(prog[u(cells + u0)])]
    a1 = st[u(prog[u(cells + u1)])] if u1 >= 0 else 1
    a2 = st[u(prog[u(cells + u2)])] if u2 >= 0 else 1
    for i in range(start, end):  # a group's placed digits are not the open cells' own
        m = st[u(prog[u(cells + i)])]
        if i in (u0, u1, u2):
            continue
        g = prog[u(gids + i)]
        if prog[u(gids + u0)] == g:
            a0 &= ~m
        if u1 >= 0 and prog[u(gids + u1)] == g:
            a1 &= ~m
        if u2 >= 0 and prog[u(gids + u2)] == g:
            a2 &= ~m
    w0 = prog[u(weights + u0)]
    w1 = prog[u(weights + u1)] if u1 >= 0 else 0
    w2 = prog[u(weights + u2)] if u2 >= 0 else 1
    same01 = u1 >= 0 and prog[u(gids + u0)] == prog[u(gids + u1)]
    same02 = u2 >= 0 and prog[u(gids + u0)] == prog[u(gids + u2)]
    same12 = u2 >= 0 and prog[u(gids + u1)] == prog[u(gids + u2)]
    k0 = 0
    k1 = 0
    k2 = 0
    b0 = a0
    while b0:  # the last open cell's digit is the rest's quotient: one pass less than trying each
        d0 = lowest(b0)
        b0 &= b0 - 1
        r0 = rest - w0 * (d0 + 1)
        if u1 < 0:
            if r0 == 0:
                k0 |= 1 << d0
            continue
        if u2 < 0:
            d1 = _quotient(r0, w1, a1 & ~(1 << d0) if same01 else a1, n)
            if d1 >= 0:
                k0 |= 1 << d0
                k1 |= 1 << d1
            continue
        b1 = a1 & ~(1 << d0) if same01 else a1
        while b1:
            d1 = lowest(b1)
            b1 &= b1 - 1
            a = a2
            if same02:
                a &= ~(1 << d0)
            if same12:
                a &= ~(1 << d1)
            v = _quotient(r0 - w1 * (d1 + 1), w2, a, n)
            if v >= 0:
                k0 |= 1 << d0
                k1 |= 1 << d1
                k2 |= 1 << v
    if not _restrict(prog, st, w, prog[u(cells + u0)], k0):
        return False
    if u1 >= 0 and not _restrict(prog, st, w, prog[u(cells + u1)], k1):
        return False
    return u2 < 0 or _restrict(prog, st, w, prog[u(cells + u2)], k2)


@njit(cache=True, _nrt=False)
def _sum(prog, st, w, k, start, end):
    """Weighted sum == total by bounds; cells that see each other (a group) count as distinct digits;
    exact once three cells or fewer are open (:func:`_sum_exact`).  Each group's bounds are computed
    once, not again before its cuts (a sum's cells are distinct, so a cut leaves other groups' bounds
    as they were): with LLVM's ``ctlz`` for the highest digit and one pass of :func:`_exclude_required`,
    the train's hard killers 7.7% less CPU (10.02 -> 9.24 s; held out, the MATHEMAGICs 2.5%), the same
    guesses and handler runs."""
    cells = prog[H_CON_CELLS]
    length = end - start
    weights = prog[H_AUX] + prog[u(prog[H_AUX_START] + k)] - start  # indexed by i in start..end
    gids = weights + length
    total = prog[u(prog[H_TOTAL] + k)]
    rest = total
    u0 = -1
    u1 = -1
    u2 = -1
    opened = 0
    signed = False
    for i in range(start, end):
        signed |= prog[u(weights + i)] < 0
        m = st[u(prog[u(cells + i)])]
        if m & (m - 1):
            opened += 1
            if opened > 3:
                break
            if u0 < 0:
                u0 = i
            elif u1 < 0:
                u1 = i
            else:
                u2 = i
        else:
            rest -= prog[u(weights + i)] * (lowest(m) + 1)
    if signed and 0 < opened <= 3:
        return _sum_exact(prog, st, w, cells, weights, gids, start, end, rest, u0, u1, u2)
    lo = 0
    hi = 0
    # each group's bounds, kept for the cuts below (their second computation was a fifth of a sum's time)
    bounds = W_QUEUED + 3 * prog[H_CONS] + prog[H_CELLS] - 2 * start
    i = start
    while i < end:
        j, gmin, gmax = _group_bounds(prog, st, cells, gids, i, end, -1)
        if gmin > gmax:
            return False
        w[u(bounds + 2 * i)] = gmin
        w[u(bounds + 2 * i + 1)] = gmax
        wt = prog[u(weights + i)]
        if wt > 0:
            lo += wt * gmin
            hi += wt * gmax
        else:
            lo += wt * gmax
            hi += wt * gmin
        i = j
    if total < lo or total > hi:
        return False
    if lo == hi:
        return True
    # the ISS's shortcut: with N times the largest weight of room either side no cell's digit can be cut
    # (ours cuts a little more, from its groups' bounds, but its runs cost most of a loose sum's time)
    most = 0
    for i in range(start, end):
        most = max(most, abs(prog[u(weights + i)]))
    if total - lo >= most * prog[H_N] and hi - total >= most * prog[H_N]:
        return True
    i = start
    while i < end:
        g = prog[u(gids + i)]
        j = i + 1
        while j < end and prog[u(gids + j)] == g:
            j += 1
        gmin = w[u(bounds + 2 * i)]
        gmax = w[u(bounds + 2 * i + 1)]
        wt = prog[u(weights + i)]
        if wt > 0:
            glo = wt * gmin
            ghi = wt * gmax
        else:
            glo = wt * gmax
            ghi = wt * gmin
        once, twice, smin, smax = _group_tally(prog, st, cells, i, j)
        for t in range(i, j):
            c = prog[u(cells + t)]
            m = st[u(c)]
            if (m & (m - 1)) == 0:
                continue
            omin, omax = _bounds_without(j - i - 1, twice | (once & ~m), smin - lowest(m) - 1,
                                         smax - highest(m) - 1)
            if wt > 0:
                rest_lo = lo - glo + wt * omin
                rest_hi = hi - ghi + wt * omax
            else:
                rest_lo = lo - glo + wt * omax
                rest_hi = hi - ghi + wt * omin
            low = total - rest_hi
            high = total - rest_lo
            allowed = 0
            bits = m
            while bits:
                d = lowest(bits)
                bits &= bits - 1
                v = wt * (d + 1)
                if low <= v <= high:
                    allowed |= 1 << d
            if not _restrict(prog, st, w, c, allowed):
                return False
            if st[u(c)] != m:  # the group's other cells see its cut: tally again
                once, twice, smin, smax = _group_tally(prog, st, cells, i, j)
        i = j
    return True


@njit(cache=True, inline="always")
def _group_tally(prog, st, cells, i, j):
    """Return the digits of cells i..j held once or more and twice or more, their lowest and highest sums."""
    once = 0
    twice = 0
    smin = 0
    smax = 0
    for t in range(i, j):
        m = st[u(prog[u(cells + t)])]
        twice |= once & m
        once |= m
        smin += lowest(m) + 1
        smax += highest(m) + 1
    return once, twice, smin, smax


@njit(cache=True, inline="always")
def _bounds_without(count, union, smin, smax):
    """Return :func:`_group_bounds` of a group less one cell from the others' tally: ``count`` cells,
    their digits ``union`` (the digits held twice, and once by another cell) and digit sums (the sum's
    cuts took each cell's bounds by a pass over the rest of its group: a 5-cell group's 25 loads, 5)."""
    if count == 0:
        return 0, 0
    if popcount(union) < count:
        return 1, 0
    return max(smin, _low_sum(union, count)), min(smax, _high_sum(union, count))


@njit(cache=True, inline="always")
def required_places(prog, st, start, end, bit):
    """Return (the one cell of constraint range start..end holding ``bit``, -1 when none, -2 when
    several; the first two words of the peer bits of the cells seeing every such cell), in one pass (a
    9x9 grid has two words)."""
    cells = prog[H_CON_CELLS]
    bits = prog[H_PEER_BITS]
    words = (prog[H_CELLS] + 61) // 62
    where = -1
    seen0 = (1 << 62) - 1
    seen1 = seen0
    for i in range(start, end):
        c = prog[u(cells + i)]
        if st[u(c)] & bit:
            where = c if where == -1 else -2
            seen0 &= prog[u(bits + c * words)]
            if words > 1:
                seen1 &= prog[u(bits + c * words + 1)]
    return where, seen0, seen1


@njit(cache=True, inline="always")
def seen_by_all(prog, st, start, end, bit, j):
    """Return word j of the peer bits of the cells seeing every cell of range start..end holding ``bit``."""
    cells = prog[H_CON_CELLS]
    bits = prog[H_PEER_BITS]
    words = (prog[H_CELLS] + 61) // 62
    seen = (1 << 62) - 1
    for i in range(start, end):
        c = prog[u(cells + i)]
        if st[u(c)] & bit:
            seen &= prog[u(bits + c * words + j)]
    return seen


@njit(cache=True, _nrt=False)
def _exclude_required(prog, st, w, start, end, need):
    """Each digit of ``need`` (the constraint's cells start..end must hold it) leaves every cell that
    sees all the cells of the range that can hold it; a digit with one such cell is placed there."""
    nc = prog[H_CELLS]
    words = (nc + 61) // 62
    while need:
        bit = need & -need
        need ^= bit
        where, seen0, seen1 = required_places(prog, st, start, end, bit)
        if where == -1:
            return False
        if where >= 0:
            if not _restrict(prog, st, w, where, bit):
                return False
            continue
        board = _boards(prog) + words * lowest(bit)
        for j in range(words):
            seen = seen0 if j == 0 else seen1 if j == 1 else seen_by_all(prog, st, start, end, bit, j)
            seen &= st[u(board + j)]  # only the cells that hold it, in order
            while seen:
                low = seen & -seen
                seen ^= low
                if not _restrict(prog, st, w, j * 62 + lowest(low), ~bit):
                    return False
    return True


@njit(cache=True, inline="always")
def _combo_fit(prog, st, w, start, end, combo, keep):
    """Fit one digit set of a table to the cage's cells (start..end, all different) by its singles: a cell
    left one of the set's digits takes it, a digit left one cell goes there; add what each cell keeps to
    w[keep + i] and return True, or False when a cell or a digit has no place (a bound the set alone
    misses: 25 over five cells with 1 and 2 placed and the third open cell at most 7 leaves no 5 in a
    cell that sees 9 at most: the Interactive Sudoku Solver's sum bounds cut it, the set check did not)."""
    cells = prog[H_CON_CELLS]
    tmp = keep + prog[H_N] + 1
    k = end - start
    # the loop's first pass fused with the copy: most sets fit with no single to take and no lone digit
    fixed = 0
    opened = 0
    once = 0
    twice = 0
    for i in range(k):
        m = st[u(prog[u(cells + start + i)])] & combo
        if m == 0:
            return False
        w[u(tmp + i)] = m
        if (m & (m - 1)) == 0:
            if m & fixed:
                return False
            fixed |= m
        else:
            opened |= m
        twice |= once & m
        once |= m
    again = opened & fixed != 0 or (once & ~twice & ~fixed) != 0
    if not again and combo & ~once:
        return False
    while again:
        again = False
        fixed = 0
        for i in range(k):
            m = w[u(tmp + i)]
            if (m & (m - 1)) == 0:
                if m & fixed:
                    return False
                fixed |= m
        once = 0
        twice = 0
        for i in range(k):
            m = w[u(tmp + i)]
            if (m & (m - 1)) != 0 and m & fixed:
                m &= ~fixed
                if m == 0:
                    return False
                w[u(tmp + i)] = m
                again = True
            twice |= once & m
            once |= m
        if combo & ~once:
            return False
        lone = once & ~twice & ~fixed
        if lone and not again:
            for i in range(k):
                m = w[u(tmp + i)]
                one = m & lone
                if one and m != one:
                    if one & (one - 1):
                        return False
                    w[u(tmp + i)] = one
                    again = True
    for i in range(k):
        w[u(keep + i)] |= w[u(tmp + i)]
    return True


@njit(cache=True, _nrt=False)
def _cage(prog, st, w, k, start, end):
    """A cage's digit-set table: keep the sets every cell can share in, cut cells to their union and
    place a digit every kept set needs when only one cell can hold it."""
    cells = prog[H_CON_CELLS]
    a0 = prog[H_AUX] + prog[u(prog[H_AUX_START] + k)]
    a1 = prog[H_AUX] + prog[u(prog[H_AUX_START] + k + 1)]
    union = 0
    opened = 0
    placed = 0
    for i in range(start, end):
        m = st[u(prog[u(cells + i)])]
        union |= m
        if m & (m - 1):
            opened |= m
        else:
            placed |= m
    keep = W_QUEUED + 3 * prog[H_CONS] + prog[H_CELLS]
    for i in range(end - start):
        w[u(keep + i)] = 0
    kept = 0
    need = -1
    for j in range(a0, a1):
        combo = prog[u(j)]
        # a set without a placed digit, or with a digit no cell holds, fits no way (:func:`_combo_fit`
        # would find out on its first pass)
        if combo & ~union or placed & ~combo:
            continue
        if _combo_fit(prog, st, w, start, end, combo, keep):
            kept |= combo
            need &= combo
    if kept == 0:
        return False
    for i in range(start, end):
        if not _restrict(prog, st, w, prog[u(cells + i)], w[u(keep + i - start)]):
            return False
    # a digit placed in the cage and held by no open cell of it needs nothing more (its one place keeps it)
    return _exclude_required(prog, st, w, start, end, need & kept & opened)


@njit(cache=True, _nrt=False)
def _split(prog, st, w, k, start, end):
    """A cage and the rest of its house: keep the digit sets of the cage whose every digit some cage cell
    can take and whose complement the other cells can hold, and cut both sides to what the kept sets
    allow; a digit every kept set needs leaves each cell that sees all its places in the cage (the other
    cells of a row the cage's places of it share: the Interactive Sudoku Solver's cut, which ours missed)."""
    n = prog[H_N]
    cells = prog[H_CON_CELLS]
    a0 = prog[H_AUX] + prog[u(prog[H_AUX_START] + k)]
    a1 = prog[H_AUX] + prog[u(prog[H_AUX_START] + k + 1)]
    mid = start + prog[u(a0)]
    full = (1 << n) - 1
    inside = 0
    for i in range(start, mid):
        inside |= st[u(prog[u(cells + i)])]
    outside = 0
    for i in range(mid, end):
        outside |= st[u(prog[u(cells + i)])]
    keep = W_QUEUED + 3 * prog[H_CONS] + prog[H_CELLS]
    for i in range(mid - start):
        w[u(keep + i)] = 0
    kept = 0
    kept_out = 0
    need = -1
    for j in range(a0 + 1, a1):
        combo = prog[u(j)]
        rest = full ^ combo
        if combo & ~inside or rest & ~outside:
            continue
        if _combo_fit(prog, st, w, start, mid, combo, keep):
            kept |= combo
            kept_out |= rest
            need &= combo
    if kept == 0:
        return False
    for i in range(start, mid):
        if not _restrict(prog, st, w, prog[u(cells + i)], w[u(keep + i - start)]):
            return False
    for i in range(mid, end):  # noqa: SIM110 (numba compiles no generator)
        if not _restrict(prog, st, w, prog[u(cells + i)], kept_out):
            return False
    return _exclude_required(prog, st, w, start, mid, need & kept)


@njit(cache=True, inline="always")
def pair_image(prog, base, bits):
    """Return the digits a pair table (a mask per digit from ``base``) allows the other cell for ``bits``."""
    out = 0
    while bits:
        out |= prog[u(base + lowest(bits))]
        bits &= bits - 1
    return out


@njit(cache=True, inline="always")
def pair_needs(prog, aux, ma, mb):
    """Return the digits a symmetric pair table (at ``aux``) requires of its two open cells (``ma``,
    ``mb``): one must hold the digit when the other does not, so it leaves the cells that see both."""
    need = 0
    both = ma & mb
    while both:
        bit = both & -both
        both ^= bit
        if pair_image(prog, aux, ma ^ bit) & mb == bit:
            need |= bit
    return need


@njit(cache=True, _nrt=False)
def _pair(prog, st, w, k, start):
    """A pair table both ways: each cell keeps the digits some digit of the other allows."""
    n = prog[H_N]
    cells = prog[H_CON_CELLS]
    aux = prog[H_AUX] + prog[u(prog[H_AUX_START] + k)]
    a = prog[u(cells + start)]
    b = prog[u(cells + start + 1)]
    if not _restrict(prog, st, w, b, pair_image(prog, aux, st[u(a)])):
        return False
    if not _restrict(prog, st, w, a, pair_image(prog, aux + n, st[u(b)])):
        return False
    if prog[u(aux + 2 * n)] == 0:
        return True
    # a digit one cell must hold when the other does not leaves the cells that see both (a symmetric
    # table: non-consecutive, dots, XV; an order never forces one)
    ma = st[u(a)]
    mb = st[u(b)]
    if (ma & (ma - 1)) == 0 or (mb & (mb - 1)) == 0:
        return True
    need = pair_needs(prog, aux, ma, mb)
    return need == 0 or _exclude_required(prog, st, w, start, start + 2, need)


@njit(cache=True, _nrt=False)
def _lunchbox(prog, st, w, k, start):
    """A sandwich line by its middle's digit sets (the Interactive Sudoku Solver's Lunchbox): for each
    placing of its 1 and N, each set of the aux table of that many middle digits whose digits the middle
    cells hold, each middle cell one of them and each outer cell one outside it (as many such digits as
    outer cells) is kept; a cell keeps what the kept sets leave it.  The middle's bounds alone (its handler
    before) kept a set's digits in the outer cells: "Sandwich snipe 18" found no solution in 300k guesses
    (now 3.4k guesses, with the refutation order), iss-sandwich-partial-slow 757 guesses -> 16."""
    n = prog[H_N]
    cells = prog[H_CON_CELLS]
    aux = prog[H_AUX] + prog[u(prog[H_AUX_START] + k)]
    keep = W_QUEUED + 3 * prog[H_CONS] + prog[H_CELLS]
    one = 1
    top = 1 << (n - 1)
    mid = (1 << n) - 1 - one - top
    for i in range(n):
        w[u(keep + i)] = 0
    for p in range(n):
        if not st[u(prog[u(cells + start + p)])] & one:
            continue
        for q in range(n):
            if q == p or not st[u(prog[u(cells + start + q)])] & top:
                continue
            lo_i = min(p, q)
            hi_i = max(p, q)
            inside = hi_i - lo_i - 1
            inner = 0
            outer = 0
            ok = True
            for i in range(n):
                if i != p and i != q:
                    m = st[u(prog[u(cells + start + i)])] & mid
                    if m == 0:
                        ok = False
                    elif lo_i < i < hi_i:
                        inner |= m
                    else:
                        outer |= m
            if not ok:
                continue
            found = False
            for j in range(aux + prog[u(aux + inside)], aux + prog[u(aux + inside + 1)]):
                combo = prog[u(j)]
                if combo & ~inner or popcount(outer & ~combo) < n - 2 - inside:
                    continue
                for i in range(n):
                    if i != p and i != q:
                        m = st[u(prog[u(cells + start + i)])]
                        if (m & combo if lo_i < i < hi_i else m & mid & ~combo) == 0:
                            ok = False
                            break
                if not ok:
                    ok = True
                    continue
                found = True
                for i in range(n):
                    if i != p and i != q:
                        m = st[u(prog[u(cells + start + i)])]
                        w[u(keep + i)] |= m & combo if lo_i < i < hi_i else m & mid & ~combo
            if found:
                w[u(keep + p)] |= one
                w[u(keep + q)] |= top
    for i in range(n):  # noqa: SIM110 (numba compiles no generator)
        if not _restrict(prog, st, w, prog[u(cells + start + i)], w[u(keep + i)]):
            return False
    return True


@njit(cache=True, _nrt=False)
def _propagate(prog, st, w):
    """Run placements, then cheap constraints, then dear ones, to their fixpoint; return False on a
    contradiction (the queues are emptied either way)."""
    ncons = prog[H_CONS]
    peer_bits = prog[H_PEER_BITS]
    words = (prog[H_CELLS] + 61) // 62
    boards = _boards(prog)
    kinds = prog[H_KIND]
    cs = prog[H_CON_START]
    queue_a = W_QUEUED + ncons
    queue_b = queue_a + ncons
    places = queue_b + ncons
    ok = True
    while ok:
        if w[2]:
            w[2] -= 1
            c = w[u(places + w[2])]
            w[6] = c
            bit = st[u(c)]
            w[7] = bit
            # the peers holding the digit, from its board: the peer list's order (ascending), fewer loads
            board = boards + words * lowest(bit)
            for j in range(words):
                hold = st[u(board + j)] & prog[u(peer_bits + c * words + j)]
                while hold:
                    low = hold & -hold
                    hold ^= low
                    if not _restrict(prog, st, w, j * 62 + lowest(low), ~bit):
                        ok = False
                        break
                if not ok:
                    break
            continue
        if w[0]:
            w[0] -= 1
            k = w[u(queue_a + w[5])]
            w[5] = 0 if w[5] + 1 == ncons else w[5] + 1
        elif w[1]:
            w[1] -= 1
            k = w[u(queue_b + w[4])]
            w[4] = 0 if w[4] + 1 == ncons else w[4] + 1
        else:
            break
        w[3] += 1
        kind = prog[u(kinds + k)]
        start = prog[u(cs + k)]
        # a handler that is its own fixpoint after one run stays flagged while it runs: its own cuts do
        # not queue it again (the Interactive Sudoku Solver's active handler)
        if kind in (PAIR, SUM, SANDWICH):
            w[u(W_QUEUED + k)] = 0
        if kind == HOUSE:
            ok = _house(prog, st, w, start, prog[u(cs + k + 1)])
        elif kind == LINES:
            ok = _lines(prog, st, w, k)
        elif kind == PAIR:
            ok = _pair(prog, st, w, k, start)
        elif kind == CAGE:
            ok = _cage(prog, st, w, k, start, prog[u(cs + k + 1)])
        elif kind == SUM:
            ok = _sum(prog, st, w, k, start, prog[u(cs + k + 1)])
        elif kind == SPLIT:
            ok = _split(prog, st, w, k, start, prog[u(cs + k + 1)])
        else:
            ok = _lunchbox(prog, st, w, k, start)
        w[u(W_QUEUED + k)] = 0
    if not ok:
        for i in range(w[0]):
            t = w[5] + i
            w[u(W_QUEUED + w[u(queue_a + (t - ncons if t >= ncons else t))])] = 0
        for i in range(w[1]):
            t = w[4] + i
            w[u(W_QUEUED + w[u(queue_b + (t - ncons if t >= ncons else t))])] = 0
        w[0] = 0
        w[1] = 0
        w[2] = 0
        w[4] = 0
        w[5] = 0
    return ok


@njit(cache=True)
def _workspace(prog):
    """Return a zeroed work array: counts, queued flags, the two constraint queues, placed cells, keep (a
    sandwich's or a cage's digits per cell, then a cage's digits of one set per cell; a sum's bounds of
    each group, two words a cell)."""
    cs = prog[H_CON_START]
    longest = 0
    for k in range(prog[H_CONS]):
        longest = max(longest, prog[u(cs + k + 1)] - prog[u(cs + k)])
    keep = max(2 * prog[H_N] + 1, 2 * longest)
    return np.zeros(W_QUEUED + 3 * prog[H_CONS] + prog[H_CELLS] + keep, dtype=np.int64)


@njit(cache=True, _nrt=False)
def _start(prog, st, w):
    """Queue every constraint and every single cell of ``st`` (st[cells:] says which are placed);
    return False when a cell has no candidate."""
    nc = prog[H_CELLS]
    n = prog[H_N]
    for k in range(prog[H_CONS]):
        _queue_once(prog, w, k)
    for c in range(nc):
        m = st[u(c)]
        if m == 0:
            return False
        if st[u(nc + c)] == 0 and (m & (m - 1)) == 0:
            st[u(nc + c)] = 1
            w[u(W_QUEUED + 3 * prog[H_CONS] + w[2])] = c
            w[2] += 1
    words = (nc + 61) // 62
    boards = _boards(prog)
    for i in range(n * words):
        st[u(boards + i)] = 0
    for c in range(nc):
        bits = st[u(c)]
        while bits:
            st[u(boards + words * lowest(bits) + c // 62)] |= 1 << (c % 62)
            bits &= bits - 1
    cells = prog[H_CON_CELLS]
    cs = prog[H_CON_START]
    for h in range(prog[H_NFULL]):
        row = 2 * nc + h * n
        for d in range(n):
            st[u(row + d)] = 0
        k = prog[u(prog[H_FULL] + 3 * h)]
        for i in range(prog[u(cs + k)], prog[u(cs + k + 1)]):
            m = st[u(prog[u(cells + i)])]
            if (m & (m - 1)) == 0:
                st[u(row + lowest(m))] += PLACED
                continue
            while m:
                st[u(row + lowest(m))] += 1
                m &= m - 1
    return True


@njit(cache=True, inline="always")
def _queue_once(prog, w, k):
    ncons = prog[H_CONS]
    if w[u(W_QUEUED + k)] == 0:
        w[u(W_QUEUED + k)] = 1
        if prog[u(prog[H_KIND] + k)] <= PAIR:
            t = w[5] + w[0]
            w[u(W_QUEUED + ncons + (t - ncons if t >= ncons else t))] = k
            w[0] += 1
        else:
            t = w[4] + w[1]
            w[u(W_QUEUED + 2 * ncons + (t - ncons if t >= ncons else t))] = k
            w[1] += 1


@njit(cache=True, inline="always")
def two_places(prog, st, start, end):
    """Return the digits with exactly two places among the cells of constraint range start..end."""
    cells = prog[H_CON_CELLS]
    once = 0
    twice = 0
    thrice = 0
    for i in range(start, end):
        m = st[u(prog[u(cells + i)])]
        thrice |= twice & m
        twice |= once & m
        once |= m
    return twice & ~thrice


@njit(cache=True, inline="always")
def standout_digit(scores, at, n):
    """Return (the digit bit whose dead ends, counted in scores[at:at + n], stand out, its count), or
    (0, 0) when none does: at least N and more than 1.5 times the fewest nonzero (the ISS's value
    scores)."""
    top = 0
    bit = 0
    low = 1 << 62
    for d in range(n):
        v = scores[u(at + d)]
        if v > top:
            top = v
            bit = 1 << d
        if 0 < v < low:
            low = v
    if top < n or 2 * top <= 3 * low:
        return 0, 0
    return bit, top


@njit(cache=True, _nrt=False)
def _choose(prog, st, scores, pick, mode):
    """Choose the next guess into ``pick``: (cell, its first try, the try after it as one mask or 0 for
    each digit in turn).  The unplaced cell with the highest score per candidate (``scores``: its
    constraints' priority plus the dead ends its guesses met, decayed), the fewest candidates when no
    cell scores; when it has more than two candidates, a digit with two places left in a full house
    whose higher-scored place, its score halved, scores at least the cell's score per candidate
    instead: that digit in that place, else not there.  Return False when every cell is single."""
    nc = prog[H_CELLS]
    best = -1
    best_n = 1
    best_s = 0
    best_raw = 0
    fewest = -1
    fewest_n = 99
    vbit = 0
    bonus = 0
    if mode & 32:  # the digit with the most dead ends lifts the cells holding it (when it stands out)
        vbit, top = standout_digit(scores, nc, prog[H_N])
        bonus = top // 5
    for c in range(nc):
        m = st[u(c)]
        if m & (m - 1):
            k = popcount(m)
            if k < fewest_n:
                fewest = c
                fewest_n = k
            raw = scores[u(c)] if mode & 1 else 0
            s = raw + bonus if m & vbit else raw
            if best < 0 or s * best_n > best_s * k:
                best = c
                best_n = k
                best_s = s
                best_raw = raw
    if best < 0:
        return False
    if best_s == 0:
        best = fewest
        best_n = fewest_n
    best_s = best_raw
    pick[0] = best
    pick[1] = st[u(best)]
    pick[2] = 0
    if best_n <= 2 or best_s == 0 or not mode & 2:
        return True
    n = prog[H_N]
    kinds = prog[H_KIND]
    cs = prog[H_CON_START]
    cells = prog[H_CON_CELLS]
    top = 0  # the best house digit's score: the higher of its two cells' scores
    for k in range(prog[H_CONS]):
        start = prog[u(cs + k)]
        end = prog[u(cs + k + 1)]
        if prog[u(kinds + k)] != HOUSE or end - start != n:
            continue
        two = two_places(prog, st, start, end)
        while two:
            bit = two & -two
            two ^= bit
            a = -1
            b = -1
            for i in range(start, end):
                c = prog[u(cells + i)]
                if st[u(c)] & bit:
                    if a < 0:
                        a = c
                    else:
                        b = c
            if st[u(a)] == bit or st[u(b)] == bit:
                continue  # placed already
            if scores[u(b)] > scores[u(a)]:
                a, b = b, a
            s = scores[u(a)]
            # as good as the cell's guess: half the cell's score per place against its score per digit
            if s * best_n >= 2 * best_s and s >= top:
                top = s
                pick[0] = a
                pick[1] = bit
                pick[2] = st[u(a)] & ~bit
    return True


@njit(cache=True, inline="always")
def _cage_fits(prog, st, k, a0, a1):
    """Return the digit sets of CAGE k (its table words a0..a1, as bits of their index) that hold only
    digits its cells have and give each cell one; none when its cells are all single."""
    cells = prog[H_CON_CELLS]
    start = prog[u(prog[H_CON_START] + k)]
    end = prog[u(prog[H_CON_START] + k + 1)]
    union = 0
    opened = False
    for i in range(start, end):
        v = st[u(prog[u(cells + i)])]
        union |= v
        opened |= (v & (v - 1)) != 0
    fits = 0
    if not opened:
        return fits
    for j in range(a0, a1):
        combo = prog[u(j)]
        if combo & ~union:
            continue
        ok = True
        for i in range(start, end):
            if st[u(prog[u(cells + i)])] & combo == 0:
                ok = False
                break
        if ok:
            fits |= 1 << (j - a0)
    return fits


@njit(cache=True, _nrt=False)
def _choose_cage(prog, st, pick):
    """Turn the cell guess in ``pick`` into a cage guess when one of the cell's CAGEs has two or more
    digit sets left but fewer than the cell has candidates: the one with the fewest, ``pick[0]`` = -1 -
    the constraint, ``pick[1]`` its sets as bits of their table index; return False (the cell's pick
    stands) when none has.  Fewer, not as many: the train's mathemagic killers -2/-3/-4/-6/-7/-8 took
    2.24M guesses over decays 12-15 (as many: 2.71M, mathemagic-8 2x worse; cell guesses only: over
    5.0M, -3 and -6 capped at 400,000); a cage of any cell (not the chosen one's) or fewer than half
    the cell's candidates took more."""
    c = pick[0]
    best = -1
    best_f = popcount(st[u(c)])
    best_fits = 0
    kinds = prog[H_KIND]
    lst = prog[H_CC_LIST]
    cc0 = prog[H_CC_START]
    for i in range(prog[u(cc0 + c)], prog[u(cc0 + c + 1)]):
        k = prog[u(lst + i)]
        if prog[u(kinds + k)] != CAGE:
            continue
        a0 = prog[H_AUX] + prog[u(prog[H_AUX_START] + k)]
        a1 = prog[H_AUX] + prog[u(prog[H_AUX_START] + k + 1)]
        if a1 - a0 > 62:
            continue
        fits = _cage_fits(prog, st, k, a0, a1)
        f = popcount(fits)
        if 2 <= f < best_f:
            best = k
            best_f = f
            best_fits = fits
    if best < 0:
        return False
    pick[0] = -1 - best
    pick[1] = best_fits
    return True


@njit(cache=True, inline="always")
def _node(prog, st, pick, mode):
    """Return a new node's (cell, first try: its lowest digit), or with mode bit 128 and a cage guess
    (:func:`_choose_cage`) its (-1 - the cage's constraint, every digit set to try, as bits)."""
    if mode & 128 and _choose_cage(prog, st, pick):
        return pick[0], pick[1]
    return pick[0], pick[1] & -pick[1]


@njit(cache=True, _nrt=False)
def _try_cage(prog, child, w, k, sets):
    """Restrict the cells of CAGE k in ``child`` to its digit set of the lowest index in ``sets`` and queue
    what that touches; return False when a cell has none of its digits."""
    cells = prog[H_CON_CELLS]
    start = prog[u(prog[H_CON_START] + k)]
    end = prog[u(prog[H_CON_START] + k + 1)]
    combo = prog[u(prog[H_AUX] + prog[u(prog[H_AUX_START] + k)] + lowest(sets))]
    for i in range(start, end):
        if child[u(prog[u(cells + i)])] & combo == 0:
            return False
    for i in range(start, end):
        _restrict(prog, child, w, prog[u(cells + i)], combo)
    return True


@njit(cache=True)
def _give(prog, stack, cell, digit, floor, sp, scores, share):
    """Give the asking search the lowest node's work left after its current try (a cell node: its state
    without that digit; a cage node: its next digit set) as first candidates in ``share``, with the
    scores; return the new floor (the node below it is done once its current try is)."""
    nc = prog[H_CELLS]
    while floor <= sp:
        st = stack[u(floor)]
        c = cell[u(floor)]
        rest = digit[u(floor)]
        if c >= 0:
            for i in range(nc):
                share[u(S_ROW + i)] = st[u(i)]
            share[u(S_ROW + c)] = st[u(c)] & ~rest
            floor += 1
        else:
            rest &= rest - 1  # the sets after the current one
            if rest == 0:
                floor += 1
                continue
            bit = rest & -rest
            for i in range(nc):
                share[u(S_ROW + i)] = st[u(i)]
            k = -1 - c
            combo = prog[u(prog[H_AUX] + prog[u(prog[H_AUX_START] + k)] + lowest(bit))]
            cells = prog[H_CON_CELLS]
            for i in range(prog[u(prog[H_CON_START] + k)], prog[u(prog[H_CON_START] + k + 1)]):
                share[u(S_ROW + prog[u(cells + i)])] &= combo
            digit[u(floor)] ^= bit
            if digit[u(floor)] & (digit[u(floor)] - 1) == 0:
                floor += 1
        for i in range(len(scores)):
            share[u(S_ROW + nc + i)] = scores[u(i)]
        share[S_ASKED] = 0
        share[S_GIVEN] = 1
        return floor
    return floor


@njit(cache=True)
def _refuting(prog, limit, solution, stack, scores, w, pick, decay, budget, mode, share):
    """The Interactive Sudoku Solver's order: a node tries one digit in one cell; once that subtree is
    done the digit leaves the node's own state, which is propagated and chooses again (a dead node
    refutes its parent's try in turn).  A cage node (mode bit 128) tries its cage's digit sets one after
    the other on its unchanged state (a refuted set cannot leave a state of candidates), a dead end
    scoring the cell last placed.  With a ``share`` (:func:`search_shared`) the nodes below ``floor`` were
    given away.  Return (solutions found, guesses)."""
    nc = prog[H_CELLS]
    cell = np.empty(nc + 2, dtype=np.int64)
    digit = np.empty(nc + 2, dtype=np.int64)
    found = 0
    guesses = 0
    fails = 0
    sp = 0
    floor = 0
    cell[0], digit[0] = _node(prog, stack[0], pick, mode)
    while sp >= floor:
        guesses += 1
        if guesses == budget:
            break
        if len(share):
            if share[S_STOP]:
                break
            if share[S_ASKED]:
                floor = _give(prog, stack, cell, digit, floor, sp, scores, share)
        c = cell[u(sp)]
        bit = digit[u(sp)]
        child = stack[u(sp + 1)]
        child[:] = stack[u(sp)]
        w[6] = -1
        if c >= 0:
            old = child[u(c)]
            child[u(c)] = bit
            _touch(prog, child, w, c, old ^ bit)
            ok = _propagate(prog, child, w)
        else:
            ok = _try_cage(prog, child, w, -1 - c, bit) and _propagate(prog, child, w)
        if ok:
            if _choose(prog, child, scores, pick, mode):
                sp += 1
                cell[u(sp)], digit[u(sp)] = _node(prog, child, pick, mode)
                continue
            found = _record(solution, found, child, nc)
            if found >= limit:
                break
        elif c >= 0:
            if mode & 32:
                scores[u(nc + lowest(w[7] if mode & 8 and w[6] >= 0 else bit))] += 1
            fails = _conflict(scores, w[6] if mode & 8 and w[6] >= 0 else c, fails, decay)
        elif w[6] >= 0:
            fails = _conflict(scores, w[6], fails, decay)
        while sp >= floor:  # the try at sp is done: it leaves the node, which chooses again or dies
            st = stack[u(sp)]
            c = cell[u(sp)]
            if c < 0:  # a cage node: its next digit set
                digit[u(sp)] &= digit[u(sp)] - 1
                if digit[u(sp)]:
                    break
                sp -= 1
                continue
            st[u(c)] ^= digit[u(sp)]
            last = st[u(c)] & (st[u(c)] - 1) == 0  # the node's cell is left its last digit
            _touch(prog, st, w, c, digit[u(sp)])
            if _propagate(prog, st, w):
                if _choose(prog, st, scores, pick, mode):
                    cell[u(sp)], digit[u(sp)] = _node(prog, st, pick, mode)
                    break
                found = _record(solution, found, st, nc)
                if found >= limit:
                    return found, guesses
            elif mode & 16 and last:  # that digit dies too: a dead end at the cell, as the ISS scores it
                fails = _conflict(scores, c, fails, decay)
            sp -= 1
    return found, guesses


@njit(cache=True)
def _hold(stack, cells, tries, after, scores, pick, w):
    """Return 0: a use of the owned arrays after the search, so they live while it runs on borrowed
    views of them."""
    return 0


@njit(cache=True, nogil=True, aot=SEARCH_SIGNATURE)
def search(prog, limit, solution, stats):
    """Count the program's solutions up to ``limit``: they go to ``solution`` one after the other (as
    many as it holds: N*N digits each), the guesses to ``stats[0]``, the handler runs to ``stats[1]``;
    return the count (0: none, or givens that break a rule).

    The search runs on views without an owner (:func:`engine.kernels.bits.borrowed`): numba counted
    references to the state rows, the program and the work array at every inlined call, atomic
    increments and decrements that took 46% of the CPU on thermometer puzzles (breakfree
    9.9 -> 7.0 us a guess, 1.40 -> 0.99 s; the same guesses)."""
    nc = prog[H_CELLS]
    scores = np.zeros(nc + prog[H_N], dtype=np.int64)
    for c in range(nc):
        scores[u(c)] = prog[u(prog[H_PRIO] + c)]
    return _scored(prog, limit, solution, stats, scores, np.zeros(0, dtype=np.int64))


@njit(cache=True, nogil=True, aot=SCORED_SIGNATURE)
def search_scored(prog, limit, solution, stats, scores):
    """:func:`search` from the cell (then digit) scores ``scores`` (N*N + N words) rather than the cells'
    priorities, the scores it ends with left there: a search run again (``engine.solve.variant_parallel``)
    starts from what its first run learned."""
    return _scored(prog, limit, solution, stats, scores, np.zeros(0, dtype=np.int64))


@njit(cache=True, nogil=True, aot=SHARED_SIGNATURE)
def search_shared(prog, limit, solution, stats, scores, share):
    """:func:`search_scored` (refutation order only) sharing its work with a search in another thread:
    whenever ``share[S_ASKED]`` is set, its lowest node's work left goes to ``share`` (first candidates
    at ``S_ROW``, then its scores) and ``share[S_GIVEN]`` is set; ``share[S_STOP]`` ends it."""
    return _scored(prog, limit, solution, stats, scores, share)


@njit(cache=True)
def _scored(prog, limit, solution, stats, scores, share):
    """:func:`search` on the scores given (see its docstring)."""
    nc = prog[H_CELLS]
    stack = np.empty((nc + 2, _row(prog)), dtype=np.int64)
    cells = np.empty(nc + 2, dtype=np.int64)
    tries = np.empty(nc + 2, dtype=np.int64)
    after = np.empty(nc + 2, dtype=np.int64)
    pick = np.zeros(3, dtype=np.int64)
    w = _workspace(prog)
    found = _search(borrowed(prog), limit, borrowed(solution), borrowed(stats), borrowed(stack),
                    borrowed(cells), borrowed(tries), borrowed(after), borrowed(scores), borrowed(pick),
                    borrowed(w), share)
    return found + _hold(stack, cells, tries, after, scores, pick, w)


@njit(cache=True)
def _search(prog, limit, solution, stats, stack, cells, tries, after, scores, pick, w, share):
    """The search of :func:`search` on its arrays: ``tries`` the digits left to try one at a time, then
    ``after`` as one try (a house digit's "not here"), ``scores`` each cell's, then each digit's dead
    ends (mode bit 32)."""
    nc = prog[H_CELLS]
    decay = (1 << stats[2]) - 1 if len(stats) > 2 else 255
    budget = stats[3] if len(stats) > 3 else 0  # guesses allowed (0: no cap), for experiments
    found = 0
    guesses = 0
    fails = 0
    mode = stats[0]
    st = stack[0]
    init = prog[H_INIT]
    for c in range(nc):
        st[u(c)] = prog[u(init + c)]
        st[u(nc + c)] = 0
    stats[0] = 0
    if not _start(prog, st, w) or not _propagate(prog, st, w):
        return 0
    stats[1] = w[3]
    if not _choose(prog, st, scores, pick, mode):
        for i in range(nc):
            solution[u(i)] = lowest(st[u(i)]) + 1
        return 1
    if mode & 4:
        found, guesses = _refuting(prog, limit, solution, stack, scores, w, pick, decay, budget, mode, share)
        stats[0] = guesses
        stats[1] = w[3]
        return found
    sp = 0
    cells[0] = pick[0]
    tries[0] = pick[1]
    after[0] = pick[2]
    while sp >= 0:
        m = tries[u(sp)]
        if m == 0:
            m = after[u(sp)]
            if m == 0:
                sp -= 1
                continue
            after[u(sp)] = 0
        else:
            m = m & -m
            tries[u(sp)] ^= m
        guesses += 1
        if guesses == budget:
            break
        child = stack[u(sp + 1)]
        child[:] = stack[u(sp)]
        c = cells[u(sp)]
        child[u(c)] = m
        _touch(prog, child, w, c, stack[u(sp)][c] ^ m)
        w[6] = -1
        if not _propagate(prog, child, w):
            if mode & 32:
                scores[u(nc + lowest(w[7] if mode & 8 and w[6] >= 0 else m))] += 1
            fails = _conflict(scores, w[6] if mode & 8 and w[6] >= 0 else c, fails, decay)
            continue
        if not _choose(prog, child, scores, pick, mode):
            found = _record(solution, found, child, nc)
            if found >= limit:
                break
            continue
        sp += 1
        cells[u(sp)] = pick[0]
        tries[u(sp)] = pick[1]
        after[u(sp)] = pick[2]
    stats[0] = guesses
    stats[1] = w[3]
    return found


@njit(cache=True, aot=PROPAGATE_SIGNATURE)
def propagate_state(prog, st):
    """Propagate ``st`` (a state row; st[cells:] all 0 for a fresh start from its own candidates) to its
    fixpoint in place; return False on a contradiction."""
    nc = prog[H_CELLS]
    row = np.zeros(_row(prog), dtype=np.int64)
    row[:2 * nc] = st[:2 * nc]
    w = _workspace(prog)
    ok = _start(prog, row, w) and _propagate(prog, row, w)
    st[:2 * nc] = row[:2 * nc]
    return ok
