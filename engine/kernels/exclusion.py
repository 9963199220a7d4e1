"""Compiled search for :func:`engine.logic.strategies.exclusion.aligned_triple_exclusion`: which triples
remove.

Importing this module loads numba (unless the kernels were compiled ahead of time: engine/kernels/);
only :mod:`engine.logic.strategies.exclusion` imports it, on first use.

The same walk as the Python finder's (its docstring has the rules): base cells c0 < c1 < c2 of two or
more candidates, the excluders (cells of two or three candidates seeing all three), SE's twin rule,
the free-digit shortcut, and for each digit a of c0 the (b, c) digit pairs of c1 and c2 as three
words of three 9-bit rows (:func:`_removes`) instead of one 81-bit int.  It only tells which triples
remove something, in the Python finder's order; the finder builds their steps.  In Python the walk
took 10-35 ms a hard state (some 700 triples read, none removing anything, on a typical one).

Cell sets are three words of 27 cells: the excluders of a pair of base cells, and those of them a
third cell sees, are ANDs and popcounts, not walks over peers; the second cell of a pair is read
among the first one's peers.  Against the walks over peers and nine-row digit tests these replaced
(on the 1,378 stuck states of tuning-half SE 6-9.3 puzzles, one core, interleaved, the same triples
and pairs): the triples' kernel 0.40 -> 0.16 ms a state, the pairs' finder 0.55x a call.

The third cell of a triple is read only among the base cells that see two excluders of the first
two (the cells seen twice, gathered while the excluders are listed) rather than tested at every
later base cell: the finder 0.35 -> 0.15 ms a call on the same states (one core, the same triples);
most pairs of base cells have two excluders but few third cells seeing two of them.  In the driver
on held-out SE 9 puzzles the gain is smaller (0.209 -> 0.152 ms a call, process time): there most
third cells read do see two excluders, and testing their digit combinations (:func:`_removes`,
some 1,000 triples a state) is what is left; a cheaper exact test for it was not found.  The pairs'
kernel reads each cell's later peers from a table made once (it rebuilt them from the 81 x 81 peer
matrix on every call): the aligned pair finder 0.057 -> 0.037 ms a call on driver states of
tuning-half SE 8.5+ puzzles (one core, interleaved, the same pairs).
"""

from __future__ import annotations

import numpy as np

from engine.grid import PEERS
from engine.kernels import njit
from engine.kernels.bits import lowest, popcount
from engine.kernels.rows import put


@njit(cache=True)
def _free(fa, fb, fc):  # pragma: no cover - compiled
    """True when no base cell can lose a digit, given each one's digits outside every excluder."""
    return (min(fb, fc) >= 2 and max(fb, fc) >= 3 and min(fa, fc) >= 2 and max(fa, fc) >= 3
            and min(fa, fb) >= 2 and max(fa, fb) >= 3)


@njit(cache=True)
def _removes(ma, mb, mc, see01, see02, see12, blockers, nb):  # pragma: no cover - compiled
    """True when some digit of the three base cells (candidates ma, mb, mc) has no possible
    combination, the excluders' candidates being ``blockers[:nb]``.

    The (b, c) digit pairs of the second and third cells are bits 9 * (b % 3) + c of word b // 3
    (three rows a word), so ruling out a row, a column or a pair is three ANDs (:data:`_ROWS`).
    """
    l0 = l1 = l2 = np.int64(0)
    for b in range(9):
        if mb >> b & 1:
            if b < 3:
                l0 |= mc << (9 * b)
            elif b < 6:
                l1 |= mc << (9 * (b - 3))
            else:
                l2 |= mc << (9 * (b - 6))
    if see12:
        l0 &= ~_DIAG[0]
        l1 &= ~_DIAG[1]
        l2 &= ~_DIAG[2]
    for k in range(nb):
        m = blockers[k]
        if popcount(m) == 2:
            p = lowest(m)
            q = lowest(m & (m - 1))
            l0 &= ~_PAIRS[p, q, 0]
            l1 &= ~_PAIRS[p, q, 1]
            l2 &= ~_PAIRS[p, q, 2]
    ok_a = 0
    a0 = a1 = a2 = np.int64(0)
    for a in range(9):
        bit = np.int64(1) << a
        if not ma & bit:
            continue
        o0, o1, o2 = l0, l1, l2
        if see01:
            o0 &= ~_ROWS[a, 0]
            o1 &= ~_ROWS[a, 1]
            o2 &= ~_ROWS[a, 2]
        if see02:
            o0 &= ~_COLS[a, 0]
            o1 &= ~_COLS[a, 1]
            o2 &= ~_COLS[a, 2]
        for k in range(nb):
            m = blockers[k]
            if m & bit:
                rest = m & ~bit
                p = lowest(rest)
                if popcount(rest) == 1:
                    o0 &= ~(_ROWS[p, 0] | _COLS[p, 0])
                    o1 &= ~(_ROWS[p, 1] | _COLS[p, 1])
                    o2 &= ~(_ROWS[p, 2] | _COLS[p, 2])
                else:
                    q = lowest(rest & (rest - 1))
                    o0 &= ~_PAIRS[p, q, 0]
                    o1 &= ~_PAIRS[p, q, 1]
                    o2 &= ~_PAIRS[p, q, 2]
        if o0 | o1 | o2:
            ok_a |= bit
            a0 |= o0
            a1 |= o1
            a2 |= o2
    ok_b = 0
    for b in range(9):
        if (a0, a1, a2)[b // 3] >> (9 * (b % 3)) & 0x1FF:
            ok_b |= np.int64(1) << b
    ok_c = (a0 | a0 >> 9 | a0 >> 18 | a1 | a1 >> 9 | a1 >> 18 | a2 | a2 >> 9 | a2 >> 18) & 0x1FF
    return bool(ma & ~ok_a or mb & ~ok_b or mc & ~ok_c)


def _pair_words(pairs: list[tuple[int, int]]) -> list[int]:
    """Return the (b, c) digit pairs (digits 0-8) as :func:`_removes`' three words."""
    words = [0, 0, 0]
    for b, c in pairs:
        words[b // 3] |= 1 << (9 * (b % 3) + c)
    return words


# the pairs with b = r, with c = r, with b = c, and {b, c} = {p, q}, as _removes' words
_ROWS = np.array([_pair_words([(r, c) for c in range(9)]) for r in range(9)], dtype=np.int64)
_COLS = np.array([_pair_words([(b, r) for b in range(9)]) for r in range(9)], dtype=np.int64)
_DIAG = np.array(_pair_words([(b, b) for b in range(9)]), dtype=np.int64)
_PAIRS = np.array([[_pair_words([(p, q), (q, p)]) for q in range(9)] for p in range(9)], dtype=np.int64)


@njit(cache=True, aot="int64(int64[::1], uint8[:, ::1], int64[:, ::1])")
def removing_triples(cands, peer, out):  # pragma: no cover - compiled
    """Fill ``out`` rows with the base cells (c0, c1, c2) of every aligned triple exclusion that removes
    a candidate, in the Python finder's order; return how many (``out``'s length when it filled up).

    ``cands``: the 81 candidate masks; ``peer[a, b]``: 1 when cells a and b see each other.
    """
    base = np.empty(81, dtype=np.int64)  # the cells of two or more candidates, ascending
    nbase = 0
    excl = np.zeros(81, dtype=np.uint8)
    excluders = np.zeros(3, dtype=np.int64)  # the cells of two or three candidates
    bases = np.zeros(3, dtype=np.int64)  # the base cells as cell words
    for c in range(81):
        k = popcount(cands[c])
        if k >= 2:
            base[nbase] = c
            nbase += 1
            bases[c // 27] |= np.int64(1) << (c % 27)
            if k <= 3:
                excl[c] = 1
                excluders[c // 27] |= np.int64(1) << (c % 27)
    blockers = np.zeros(81, dtype=np.int64)
    near = np.zeros(3, dtype=np.int64)
    third = np.zeros(3, dtype=np.int64)  # the base cells seeing two excluders of the first two
    found = 0
    for i0 in range(nbase):
        c0 = base[i0]
        for i1 in range(i0 + 1, nbase):
            c1 = base[i1]
            # the excluders of the first two (seeing both), as cell words
            n = 0
            for w in range(3):
                near[w] = _PEER_WORDS[c0, w] & _PEER_WORDS[c1, w] & excluders[w]
                n += popcount(near[w])
            if n < 2:
                continue
            union = np.int64(0)
            once0 = once1 = once2 = np.int64(0)
            third[:] = 0
            for w in range(3):
                m = near[w]
                while m:
                    e = 27 * w + lowest(m)
                    m &= m - 1
                    union |= cands[e]
                    third[0] |= once0 & _PEER_WORDS[e, 0]
                    third[1] |= once1 & _PEER_WORDS[e, 1]
                    third[2] |= once2 & _PEER_WORDS[e, 2]
                    once0 |= _PEER_WORDS[e, 0]
                    once1 |= _PEER_WORDS[e, 1]
                    once2 |= _PEER_WORDS[e, 2]
            fa = popcount(cands[c0] & ~union)
            fb = popcount(cands[c1] & ~union)
            # SE's twin rule: a base cell of two or three candidates sees another base cell
            every = (excl[c0] != 0 or excl[c1] != 0) and peer[c0, c1] != 0
            for w in range(c1 // 27, 3):
                m = third[w] & bases[w]
                if w == c1 // 27:
                    m &= ~((np.int64(2) << (c1 % 27)) - 1)  # only cells after c1
                while m:
                    c2 = 27 * w + lowest(m)
                    m &= m - 1
                    if not every and not ((excl[c2] != 0 and (peer[c0, c2] != 0 or peer[c1, c2] != 0))
                                          or (excl[c0] != 0 and peer[c0, c2] != 0)
                                          or (excl[c1] != 0 and peer[c1, c2] != 0)):
                        continue
                    if _free(fa, fb, popcount(cands[c2] & ~union)):
                        continue
                    if _removes_with(cands, near, c0, c1, c2, peer, blockers):
                        found = put(out, found, (c0, c1, c2))
                        if found == out.shape[0]:
                            return found
    return found


@njit(cache=True)
def _removes_with(cands, near, c0, c1, c2, peer, blockers):  # pragma: no cover - compiled
    """True when the triple (c0, c1, c2) removes something, its blockers being the excluders of the
    first two (``near``, cell words) that c2 sees."""
    nb = 0
    union2 = np.int64(0)
    for w in range(3):
        m = near[w] & _PEER_WORDS[c2, w]
        while m:
            e = cands[27 * w + lowest(m)]
            m &= m - 1
            blockers[nb] = e
            union2 |= e
            nb += 1
    ma, mb, mc = cands[c0], cands[c1], cands[c2]
    if _free(popcount(ma & ~union2), popcount(mb & ~union2), popcount(mc & ~union2)):
        return False
    return _removes(ma, mb, mc, peer[c0, c1], peer[c0, c2], peer[c1, c2], blockers, nb)


# per cell its peers after it, ascending (-1 after the last): made once, where the pairs' kernel
# made them from the peer matrix on every call (81 x 81 reads, a tenth of a call on hard states)
_LATER_PEERS = np.array([[p for p in PEERS[c] if p > c] + [-1] * (20 - sum(p > c for p in PEERS[c]))
                         for c in range(81)], dtype=np.int64)
# per cell its peers as three words of 27 cells (cell c is bit c % 27 of word c // 27)
_PEER_WORDS = np.array([[sum(1 << (p % 27) for p in PEERS[c] if p // 27 == w) for w in range(3)]
                        for c in range(81)], dtype=np.int64)


@njit(cache=True, aot="int64(int64[::1], uint8[:, ::1], int64[:, ::1])")
def removing_pairs(cands, peer, out):  # pragma: no cover - compiled
    """Fill ``out`` rows with the cells (a, b), a < b, of every aligned pair exclusion that removes a
    candidate, in the Python finder's order; return how many (``out``'s length when it filled up)."""
    found = 0
    small = np.zeros(3, dtype=np.int64)  # the cells of one or two candidates, as cell words
    ones = np.zeros(3, dtype=np.int64)  # ... of one
    for c in range(81):
        k = popcount(cands[c])
        if 1 <= k <= 2:
            small[c // 27] |= np.int64(1) << (c % 27)
            if k == 1:
                ones[c // 27] |= np.int64(1) << (c % 27)
    near = np.zeros(20, dtype=np.int64)
    for a in range(81):
        ma = cands[a]
        ka = popcount(ma)
        if not 1 < ka <= 5:
            continue
        for j in range(20):  # b among a's later peers, ascending as over all cells
            b = _LATER_PEERS[a, j]
            if b < 0:
                break
            mb = cands[b]
            kb = popcount(mb)
            if not 1 < kb <= 5:
                continue
            # the cells of one or two candidates seeing both (a digit goes only when every digit of
            # the other cell but itself has one of two blocking it, or one of one blocks them all)
            n = 0
            lone = False
            for w in range(3):
                m = _PEER_WORDS[a, w] & _PEER_WORDS[b, w] & small[w]
                lone = lone or (m & ones[w]) != 0
                while m:
                    near[n] = cands[27 * w + lowest(m)]
                    n += 1
                    m &= m - 1
            if n == 0 or (n < min(ka, kb) - 1 and not lone):
                continue
            ok_a = 0
            ok_b = 0
            for x in range(9):
                if not ma >> x & 1:
                    continue
                for y in range(9):
                    if x == y or not mb >> y & 1:
                        continue
                    pair = (np.int64(1) << x) | (np.int64(1) << y)
                    allowed = True
                    for i in range(n):
                        if not near[i] & ~pair:
                            allowed = False
                            break
                    if allowed:
                        ok_a |= np.int64(1) << x
                        ok_b |= np.int64(1) << y
            if ma & ~ok_a or mb & ~ok_b:
                found = put(out, found, (a, b))
                if found == out.shape[0]:
                    return found
    return found
