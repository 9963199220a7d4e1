"""The AIC's chain search and its reading written plainly in Python: the tests' statement of what
engine.kernels.chains computes (``search_chains`` and ``_reach`` against :func:`layers`,
``useful_chains`` against :func:`chain_results_py`), kept out of the engine, which runs only the
compiled code."""

from __future__ import annotations

from functools import reduce
from itertools import compress
from operator import getitem, or_
from typing import NamedTuple

import numpy as np

from engine import CandidateGrid
from engine.logic.strategies.links import Graph, cell_words, digit_cells
from engine.masks import MASK_DIGITS, candidate_pairs

# the kinds of record engine.kernels.chains.search_chains writes (its LOOP and CLOSED)
LOOP, CLOSED = 1, 2


class Links(NamedTuple):
    """A graph's links as node bitsets, and as tables for moving a whole layer of nodes at once.

    ``strong8[b][x]`` is the union of the strong links of the nodes ``8b + i`` for the bits i of
    the byte x (``weak8`` the same for weak links), so a breadth-first layer costs one C-level
    pass over the layer's bytes (:func:`layers`) instead of a test per link: the links are dense
    (a candidate sees about 20 others).  Measured on 20 states where rating SE 7-9 puzzles calls
    the AIC search, old and new code in one process: chain_results about 2x faster than per-state
    successor lists with parent arrays.  Ties between equally short chains now go to the lowest
    node (:func:`trace`), not to the first found: a loop's eliminations can differ on such ties.
    """

    strong: list[int]
    weak: list[int]
    rstrong: list[int]  # nodes linking strongly *to* each node (the same sets: links go both ways)
    rweak: list[int]
    strong8: list[list[int]]
    weak8: list[list[int]]
    size: int  # bytes of a node set


def link_masks(g: Graph) -> Links:
    """Return the bitset form of ``g``'s links (never fails)."""
    strong, weak, rstrong, rweak = _link_sets(g)
    n = len(g.digit)
    return Links(strong, weak, rstrong, rweak, _byte_tables(strong), _byte_tables(weak), (n + 7) // 8)


def _link_sets(g: Graph) -> tuple[list[int], list[int], list[int], list[int]]:
    """Return each node's strong and weak links, and the reverse of each, as node bitsets (links
    go both ways, so the reverse of each is itself)."""
    strong, weak = g.strong_bits, g.weak_bits
    return strong, weak, strong, weak


def _byte_tables(masks: list[int]) -> list[list[int]]:
    out = []
    for base in range(0, len(masks), 8):
        table = [0]
        for m in masks[base : base + 8]:
            table += [t | m for t in table]
        table += [0] * (256 - len(table))  # bits past the last node never occur
        out.append(table)
    return out


def layers(links: Links, start: int, truth: int, stop: int = 0, want: int = 0) -> list[int]:
    """Breadth-first from state (``start``, ``truth``): return the layers of nodes first reached at
    each distance (layer j holds truth ``truth ^ (j & 1)``), a false node left by its strong links
    and a true node by its weak ones.  With ``stop`` (a node set), stops at the first false layer
    past layer 1 that meets it; with ``want``, once every node of it has been reached true (the
    caller needs no more).  Each node is in a layer by its shortest alternating chain."""
    frontier = 1 << start
    out = [frontier]
    seen = [0, 0]
    seen[truth] = frontier
    size = links.size
    tables = (links.strong8, links.weak8)
    while True:
        by = frontier.to_bytes(size, "little")
        nxt = reduce(or_, map(getitem, compress(tables[truth], by), compress(by, by)), 0)
        truth ^= 1
        nxt &= ~seen[truth]
        if not nxt:
            return out
        seen[truth] |= nxt
        out.append(nxt)
        frontier = nxt
        if stop and not truth and len(out) > 2 and nxt & stop:
            return out
        if want and seen[1] & want == want:
            return out


def trace(links: Links, found: list[int], j: int, node: int, truth: int) -> list[int]:
    """Return the states (``node * 2 + truth``) of a shortest chain from layer 0 to ``node`` in layer
    ``j`` of :func:`layers` (``truth`` is layer 0's); ties go to the lowest node."""
    out = [node * 2 + (truth ^ (j & 1))]
    for i in range(j - 1, -1, -1):
        t = truth ^ (i & 1)
        m = found[i] & (links.rweak if t else links.rstrong)[node]
        node = (m & -m).bit_length() - 1
        out.append(node * 2 + t)
    out.reverse()
    return out




def _spread(cell: int, digits: int) -> int:
    """Return candidates ``digits`` (9-bit mask) of ``cell`` as a candidate key (see chain_results)."""
    out = 0
    for e in MASK_DIGITS[digits]:
        out |= 1 << (81 * e - 81 + cell)
    return out


def chain_results_py(
    g: Graph, cg: CandidateGrid, *, loops: bool = True, same_digit_ends: bool = False
) -> list:
    """Return :func:`chain_results` read in Python from the compiled search's chains: the plain
    statement of what the compiled reading does, which tests/engine/test_link_graph.py holds it to.

    From each node's "false" state every "true" state reached is an end Z: first-or-Z holds, so
    candidates weakly linked to both ends go; Z = start places it; Z seeing the start closes a loop.
    Only ends that can remove something are looked at (:func:`_ends`).  The search itself is
    compiled (:func:`engine.kernels.chains.search_chains`, the same layers and traces as
    :func:`layers` and :func:`trace`); this reads its chains in the same order.

    A set of candidates is kept as one int, a *candidate key* (bit ``81 * (digit - 1) + cell``),
    turned into sorted pairs only for the results kept: an SE 8-9 state's ALS graph gives about
    1,000 chains for some 10 results, and sets of pairs per chain cost more than the search.
    """
    n = len(g.digit)
    if not n:
        return []
    dc = digit_cells(cg)
    found: dict[int, tuple] = {}
    targets: list[int | None] = [None] * n
    digit, mask, cp, cands = g.digit, g.mask, g.cp, cg.cands

    def wt(node: int) -> int:
        t = targets[node]
        if t is None:
            t = targets[node] = _weak_key(g, cands, dc, node)
        return t

    ends = [cp[i] & dc[digit[i]] for i in range(n)]
    cells = [(m.bit_length() - 1 if m & (m - 1) == 0 else -1) for m in mask]
    strong_rows, weak_rows = g.links[0], g.links[1]
    records = _search()(
        strong_rows, weak_rows, strong_rows, weak_rows,
        np.array(digit, dtype=np.int64), cell_words(ends), np.array(cells, dtype=np.int64),
        loops, same_digit_ends,
    ).tolist()
    i = 0
    while i < len(records):
        kind, start, length = records[i], records[i + 1], records[i + 3]
        at = i + 4
        i = at + length
        if kind == LOOP:  # the shortest loop through the start
            states = records[at:i]
            if len({x >> 1 for x in states}) == len(states):
                ring = states[1:] + [states[0]]
                elims = loop_eliminations(g, ring, wt, dc)
                if elims:
                    _keep(found, elims, ring, True)
            continue
        z, ds, cs = records[i - 1] >> 1, digit[start], cells[start]
        if z == start:
            # "A false" forces "A true": A is placed, written as its cell losing the other digits
            if cs >= 0:
                others = _spread(cs, cands[cs] & ~(1 << (ds - 1)))
                if others:
                    _keep_at(found, others, records, at, length, False)
            continue
        if digit[z] == ds:
            elims = (cp[start] & cp[z] & dc[ds]) << (81 * ds - 81)
        else:
            elims = _common_key(g, cands, dc, start, z)
        if kind == CLOSED:  # the end sees the start: the chain closes into a continuous loop
            states = records[at:i]
            elims = (elims | loop_eliminations(g, states, wt, dc)) & ~_own_key(g, [x >> 1 for x in states])
            if elims:
                _keep(found, elims, states, True)
            continue
        if elims:
            _keep_at(found, elims, records, at, length, False)
    return [((), tuple(candidate_pairs(e)), states, loop) for e, (states, loop) in found.items()]


_compiled: list = []


def _search():
    """Return the compiled chain search, loading it (and numba) on first use."""
    if not _compiled:
        from engine.kernels.chains import search_chains

        _compiled.append(search_chains)
    return _compiled[0]


def shortest_loop(g: Graph, start: int, links: Links | None = None) -> list[int] | None:
    """Return the states of the shortest loop that leaves "start is true" by a weak link and comes
    back by a strong one, rotated to begin with a false state; None if there is none (or it
    repeats a node)."""
    if links is None:
        links = link_masks(g)
    back = links.rstrong[start]
    found = layers(links, start, 1, stop=back)
    last = len(found) - 1
    if last < 3 or last & 1 == 0 or not found[last] & back:
        return None
    m = found[last] & back
    states = trace(links, found, last, (m & -m).bit_length() - 1, 1)
    nodes = [x >> 1 for x in states]
    if len(set(nodes)) != len(nodes):
        return None
    return states[1:] + [states[0]]


def _weak_key(g: Graph, cands: list[int], dc: list[int], n: int) -> int:
    """Return the candidates outside node n that are false whenever n is true, as a candidate key."""
    d, m = g.digit[n], g.mask[n]
    out = (g.cp[n] & dc[d]) << (81 * d - 81)
    if m & (m - 1) == 0:
        c = m.bit_length() - 1
        out |= _spread(c, cands[c] & ~(1 << (d - 1)))
    return out


def _common_key(g: Graph, cands: list[int], dc: list[int], a: int, b: int) -> int:
    """Return the candidates weakly linked to both nodes a and b, as a candidate key (the same as
    intersecting :func:`_weak_key`, cheaper: this runs for every chain end)."""
    da, db = g.digit[a], g.digit[b]
    if da == db:
        return (g.cp[a] & g.cp[b] & dc[da]) << (81 * da - 81)
    out = 0
    ma, mb = g.mask[a], g.mask[b]
    single_a, single_b = ma & (ma - 1) == 0, mb & (mb - 1) == 0
    if single_a and ma & dc[db] & g.cp[b]:
        out |= 1 << (81 * db - 81 + ma.bit_length() - 1)
    if single_b and mb & dc[da] & g.cp[a]:
        out |= 1 << (81 * da - 81 + mb.bit_length() - 1)
    if single_a and ma == mb:
        out |= _spread(ma.bit_length() - 1, cands[ma.bit_length() - 1] & ~(1 << (da - 1)) & ~(1 << (db - 1)))
    return out


def _own_key(g: Graph, nodes: list[int]) -> int:
    """Return the candidates of the nodes, as a candidate key."""
    out = 0
    for n in nodes:
        out |= g.mask[n] << (81 * g.digit[n] - 81)
    return out


_NINE_PLANES = sum(1 << (81 * d) for d in range(9))  # a cell mask times this: every digit of its cells


def loop_eliminations(g: Graph, states: list[int], wt, dc: list[int]) -> int:
    """Return what a continuous loop removes, as a candidate key: each weak link's common targets,
    minus the loop's own candidates.  ``states`` begins with a false state; the closing link (last
    to first) is weak; ``wt(node)`` is :func:`_weak_key` of the node."""
    nodes = [s >> 1 for s in states]
    ring = nodes + [nodes[0]]
    loop_cells = 0
    for n in nodes:
        loop_cells |= g.mask[n]
    elims = 0
    for i in range(1, len(ring) - 1, 2):
        a, b = ring[i], ring[i + 1]
        common = wt(a) & wt(b)
        if common and g.digit[a] == g.digit[b]:
            # like HoDoKu, a unit's weak link clears only cells outside the loop (the loop's own
            # cells are settled by their links)
            common &= ~(loop_cells * _NINE_PLANES)
        elims |= common
    # in a loop each strong link holds exactly one truth; through an ALS that leaves the set locked
    # on all its other digits, whose common peers lose them
    for i in range(0, len(nodes) - 1, 2):
        als = g.link_als(nodes[i], nodes[i + 1])
        if als is not None:
            used = (g.digit[nodes[i]], g.digit[nodes[i + 1]])
            for w in als.digit_mask:
                if w not in used:
                    elims |= (als.digit_peers[w] & ~als.cells & dc[w]) << (81 * w - 81)
    return elims & ~_own_key(g, nodes)


def _keep(found: dict, key: int, states: list[int], loop: bool) -> None:
    old = found.get(key)
    if old is None or len(states) + loop < len(old[0]) + old[1]:
        found[key] = (states, loop)


def _keep_at(found: dict, key: int, records: list[int], at: int, length: int, loop: bool) -> None:
    """:func:`_keep` for the chain at ``records[at:at + length]``, copied only when kept."""
    old = found.get(key)
    if old is None or length + loop < len(old[0]) + old[1]:
        found[key] = (records[at : at + length], loop)
