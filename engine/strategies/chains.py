"""Chains: remote pairs, X-chains, XY-chains and alternating inference chains (nice loops).

A *node* is a statement "digit d is in one of these cells": a single candidate, a group (the
cells of d where a box meets a row or column), or the cells of d in an almost locked set.  Two
nodes are linked

* *strongly* when at least one of them is true: the only two places of d in a unit, the only
  two digits of a cell, or two digits of an almost locked set (the set needs all but one of its
  digits);
* *weakly* when at most one is true: the same digit in cells that all see each other, or two
  digits of one cell.

A chain alternates the links, starting and ending with a strong one: if its first node is false
the next is true, so the one after is false, ...  Hence "first or last is true", and any candidate
that sees both ends is false::

    (5)r1c1 = (5)r1c7 - (5)r5c7 = (5)r5c2        "=" strong, "-" weak
      A                            Z           =>  r5c1, r2c2, ... lose 5 (they see both A and Z)

When the last node sees the first, the chain closes into a *continuous nice loop*: then every
weak link holds exactly one truth, and each weak link's common peers lose its digit (a weak link
inside a cell removes the cell's other digits).  When the chain from "A is false" reaches "A is
true", A is placed (a discontinuous nice loop).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import reduce
from itertools import compress
from operator import getitem, or_
from typing import NamedTuple

import numpy as np

from engine.candidates import CandidateGrid, DigitMemo
from engine.grid import cell_name
from engine.masks import CELL_BIT, MASK_DIGITS, PEER_MASK, bits, candidate_pairs
from engine.steps import TEXT_FIELDS, Fact, Step, cannot_label, fact_label, implication_sentence, link_facts
from engine.strategies import Technique, register
from engine.strategies.links import Graph, build_graph, cell_words, digit_cells, result_fields

# ---------------------------------------------------------------------------------------------
# searching


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


def chain_step(
    technique: str,
    g: Graph,
    states: list[int],
    placements: tuple[tuple[int, int], ...],
    eliminations: tuple[tuple[int, int], ...],
    kind: str,
    loop: bool = False,
) -> Step:
    """Return the Step of a chain given as its list of states (strong link first)."""
    nodes = [s >> 1 for s in states]
    links = []
    text = [g.label(nodes[0])]
    for a, b in zip(states, states[1:], strict=False):
        strong = not a & 1  # from a false node, the link used is strong
        links.append((g.pair(a >> 1), g.pair(b >> 1), strong))
        text.append(("= " if strong else "- ") + g.label(b >> 1))
    if loop:
        links.append((g.pair(nodes[-1]), g.pair(nodes[0]), False))
        text.append("- " + g.label(nodes[0]))
    # each link end's digit and cells (a group or set node has several), for the plain-words text
    ends = [*nodes, nodes[0]] if loop else nodes
    of = {n: list(bits(g.cells_of(n))) for n in nodes}
    node_cells = [[g.digit[n], list(of[n])] for n in ends]
    cells = []
    for n in nodes:
        for c in of[n]:
            if c not in cells:
                cells.append(c)
    cands = []
    for n in nodes:
        for c in of[n]:
            if (c, g.digit[n]) not in cands:
                cands.append((c, g.digit[n]))
    return Step(
        technique,
        placements=placements,
        eliminations=eliminations,
        cells=tuple(cells),
        candidates=tuple(cands),
        links=tuple(links),
        detail={"chain": " ".join(text), "length": len(links), "kind": kind, "nodes": node_cells},
    )


# the kinds of record engine.chain_kernels.search_chains writes (its LOOP and CLOSED; numba is
# loaded with it, on first use)
LOOP, CLOSED = 1, 2


def _spread(cell: int, digits: int) -> int:
    """Return candidates ``digits`` (9-bit mask) of ``cell`` as a candidate key (see chain_results)."""
    out = 0
    for e in MASK_DIGITS[digits]:
        out |= 1 << (81 * e - 81 + cell)
    return out


def chain_results(g: Graph, cg: CandidateGrid, *, loops: bool = True, same_digit_ends: bool = False) -> list:
    """Return ``(placements, eliminations, states, loop)`` for every useful chain, shortest per result.

    What :func:`chain_results_py` returns, found and read in one compiled call
    (:func:`engine.chain_kernels.useful_chains`): an SE 8-9 state's ALS graph gives a few thousand
    chains for some 10 results, and reading them in Python (a candidate key per chain, loops'
    eliminations) cost about twice the search.  ``cg`` is the state ``g`` was built for.

    Measured with the compiled graph nodes and the search's reach (engine/chain_kernels.py), on the
    recorded stuck states of 64 SE 6-9.3 tuning puzzles where the driver asks the AIC, one core,
    interleaved with 81ea958 (load 1.3): the AIC's first step 1.75 ms a call against 3.65 ms, the
    X-chain's 0.14 against 0.29 ms; a state's three AIC graphs built and searched in 2.6 ms against
    6.1 ms, of which adding the almost locked sets' nodes (links._add_als_nodes) was then about
    1 ms (compiled since: about 0.05 ms) and the sets themselves another 1.1 ms.  Every step of
    1,378 states is the same.

    Since (1bd30cd -> 8c7b0ad: the search's reach and work rows, the links' unit lookup, the sets
    made when read, a step's nodes read one by one), on the 2,960 calls the driver makes to the
    AIC while rating the 187 held-out SE 9 puzzles, replayed in order with the other chain
    techniques' calls, one core, interleaved call by call (load 2.4-3.3): 1.49 -> 0.95 ms a call.
    Roads not taken: stopping the search at the first useful chain (the steps are ordered by what
    they remove, so the first step needs every result); reusing a graph across states (a step
    renumbers every node after its first changed candidate, and the reach changes with them).
    """
    a = g.arrays
    if not g.digit or a is None:
        return []
    from engine.chain_kernels import useful_chains

    out = useful_chains(g.links, a.digit, a.cells, a.peers, a.places, a.cands, a.als_ids, a.als_start, loops,
                        same_digit_ends).tolist()
    results = []
    i = 0
    while i < len(out):
        loop, length = out[i], out[i + 1]
        states = out[i + 2 : i + 2 + length]
        i += 2 + length
        count = out[i]
        pairs = out[i + 1 : i + 1 + 2 * count]
        i += 1 + 2 * count
        results.append(((), tuple(zip(pairs[::2], pairs[1::2], strict=True)), states, loop == 1))
    return results


def chain_results_py(
    g: Graph, cg: CandidateGrid, *, loops: bool = True, same_digit_ends: bool = False
) -> list:
    """Return :func:`chain_results` read in Python from the compiled search's chains: the plain
    statement of what the compiled reading does, which tests/test_link_graph.py holds it to.

    From each node's "false" state every "true" state reached is an end Z: first-or-Z holds, so
    candidates weakly linked to both ends go; Z = start places it; Z seeing the start closes a loop.
    Only ends that can remove something are looked at (:func:`_ends`).  The search itself is
    compiled (:func:`engine.chain_kernels.search_chains`, the same layers and traces as
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
        from engine.chain_kernels import search_chains

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


def ordered(results: list) -> list:
    """Sort chain results: placements first, then most eliminations, then shortest chain."""
    return sorted(results, key=lambda r: (-len(r[0]), -len(r[1]), len(r[2]) + r[3]))


# ---------------------------------------------------------------------------------------------
# the techniques


def find_x_chain(cg: CandidateGrid) -> Iterator[Step]:
    """X-chain: one digit, alternating conjugate pairs (strong) and sightings (weak); the cells seeing
    both ends lose the digit.  Yields nothing when no such chain removes a candidate.

    A digit's chains depend only on that digit's cells (links join only its nodes), so each digit's
    are kept (:data:`_X_MEMO`) and a state searches only the digits not met before, in one graph;
    the steps are made one at a time, as asked.  A chain from "A false" to "A true" removes A's
    cell's other digits, read from the state here.  On the 3,941 calls the driver makes while
    rating the 187 held-out SE 9 puzzles (replayed in order, one core, interleaved call by call
    with 1bd30cd, load 2.4-3.3): 0.195 -> 0.159 ms a call, most of it now the fixed cost of
    building a graph and searching it for the one or two digits a state changed (1.9 a call).
    """
    cands = cg.cands
    dc = digit_cells(cg)
    memo = _X_MEMO.data
    kept = [memo.get((d, dc[d])) for d in range(1, 10)]
    if None in kept:
        kept = _x_chains(cg, dc, kept)
    per_digit = []
    seen: set[tuple] = set()
    for d, (g, found) in enumerate(kept, start=1):
        if not found:
            continue
        results = []
        for e, states, loop in found:
            if e is None:  # "A false" forces "A true": the cell's other digits go
                cell = g.pair(states[0] >> 1)[0]
                e = tuple((cell, x) for x in MASK_DIGITS[cands[cell] & ~(1 << (d - 1))])
                if not e:
                    continue
            if e in seen:
                # two digits remove the same (a chain placing one digit of a bivalue cell, one of the
                # other digit removing just it there): one search of every digit keeps one of them
                yield from _x_chain_whole(cg)
                return
            seen.add(e)
            results.append(((), e, states, loop))
        per_digit.append((g, results))
    for g, results in per_digit:
        for p, e, states, loop in ordered(results):
            yield chain_step("x_chain", g, states, p, e, "x_chain", loop)


# per (digit, its cells): a graph holding the digit's X-chain nodes and its chains' (removals,
# states, loop) as chain_results gives them, the removals None for a chain from "A false" to "A
# true" (those depend on A's cell's other digits)
_X_MEMO = DigitMemo(limit=4096)
_ALL_DIGITS_CANDS = np.full(81, 511, dtype=np.int64)


def _x_chains(cg: CandidateGrid, dc: list[int], kept: list) -> list:
    """Return ``kept`` (per digit its memo entry or None) with the missing digits' entries searched,
    in one graph of those digits, and kept."""
    missing = [d for d in range(1, 10) if kept[d - 1] is None]
    g = build_graph(cg, missing, cell_links=False)
    if g.arrays is not None:
        # every cell holding every digit: a chain placing A is kept whatever A's cell holds besides
        # (and two digits' chains never remove the same, so none is merged with another's)
        g.arrays = g.arrays._replace(cands=_ALL_DIGITS_CANDS)
    found: dict[int, list] = {d: [] for d in missing}
    for _, e, states, loop in chain_results(g, cg, loops=False):
        placing = not loop and states[0] >> 1 == states[-1] >> 1
        found[g.digit[states[0] >> 1]].append((None if placing else e, states, loop))
    memo = _X_MEMO
    if len(memo.data) + len(missing) > memo.limit:
        memo.data.clear()
    out = list(kept)
    for d in missing:
        out[d - 1] = memo.data[d, dc[d]] = (g, found[d])
    return out


def _x_chain_whole(cg: CandidateGrid) -> Iterator[Step]:
    """The X-chains of :func:`find_x_chain` from one graph of the nine digits, searched at once."""
    # one graph for the nine digits (no links between them: one search instead of nine), its
    # chains digit by digit as if each digit had its own graph (node order within a digit is kept)
    g = build_graph(cg, cell_links=False)
    results = ordered(chain_results(g, cg, loops=False))
    for p, e, states, loop in sorted(results, key=lambda r: g.digit[r[2][0] >> 1]):
        if p:
            continue
        yield chain_step("x_chain", g, states, p, e, "x_chain", loop)


def find_xy_chain(cg: CandidateGrid) -> Iterator[Step]:
    """XY-chain: bivalue cells linked by a shared digit, entering and leaving each cell by its two
    digits; both ends hold the same digit, which the cells seeing both ends lose.  Yields nothing
    when no such chain removes a candidate."""
    cells = sum(CELL_BIT[c] for c in range(81) if cg.cands[c].bit_count() == 2)
    # weak links between cells: same digit, different cells that see each other (no strong ones:
    # an XY-chain moves between cells by weak links only)
    g = build_graph(cg, cells=cells, unit_links=False, unit_weak=True)
    results = [
        r
        for r in chain_results(g, cg, loops=False, same_digit_ends=True)
        if len(r[2]) >= 4 and _visits_cells_once(g, r[2])
    ]
    for p, e, states, loop in ordered(results):
        yield chain_step("xy_chain", g, states, p, e, "xy_chain", loop)


def _visits_cells_once(g: Graph, states: list[int]) -> bool:
    """True when an XY-chain passes through each of its cells once (in by one digit, out by the other)."""
    cells = [g.mask[s >> 1] for s in states]
    return len(set(cells)) * 2 == len(cells)


def find_remote_pair(cg: CandidateGrid) -> Iterator[Step]:
    """Remote pair: a chain of cells that all hold the same two digits, each seeing the next, so
    the digits alternate along it; a cell seeing two chain cells an odd number of steps apart (3 or
    more) can hold neither digit.  Yields nothing when no such chain removes a candidate."""
    pairs: dict[int, list[int]] = {}
    for c in range(81):
        if cg.cands[c].bit_count() == 2:
            pairs.setdefault(cg.cands[c], []).append(c)
    steps = []
    for mask, cells in pairs.items():
        if len(cells) < 4:
            continue
        ds = [d for d in range(1, 10) if mask >> (d - 1) & 1]
        cellset = sum(CELL_BIT[c] for c in cells)
        for start in cells:
            # breadth-first paths of cells; a cell pair at odd distance >= 3 has opposite digits
            parent = {start: -1}
            dist = {start: 0}
            order = [start]
            for c in order:
                for p in bits(PEER_MASK[c] & cellset):
                    if p not in parent:
                        parent[p], dist[p] = c, dist[c] + 1
                        order.append(p)
            for end in order:
                if dist[end] < 3 or dist[end] % 2 == 0 or end < start:
                    continue
                chain = [end]
                while parent[chain[-1]] != -1:
                    chain.append(parent[chain[-1]])
                chain.reverse()
                elims = _remote_pair_eliminations(cg, chain, ds)
                if elims:
                    steps.append((elims, chain))
    best: dict[tuple, list[int]] = {}
    for elims, chain in steps:
        if elims not in best or len(chain) < len(best[elims]):
            best[elims] = chain
    for elims, chain in sorted(best.items(), key=lambda kv: (-len(kv[0]), len(kv[1]))):
        links = []
        for i, (a, b) in enumerate(zip(chain, chain[1:], strict=False)):
            da, db = (ds[i % 2], ds[(i + 1) % 2])
            links.append(((a, da), (a, db), True))
            links.append(((a, db), (b, db), False))
        links.append(((chain[-1], ds[(len(chain) - 1) % 2]), (chain[-1], ds[len(chain) % 2]), True))
        yield Step(
            "remote_pair",
            eliminations=elims,
            cells=tuple(chain),
            candidates=tuple((c, d) for c in chain for d in ds),
            links=tuple(links),
            detail={"digits": f"{ds[0]}/{ds[1]}", "chain": "-".join(cell_name(c) for c in chain)},
        )


def _remote_pair_eliminations(cg: CandidateGrid, chain: list[int], ds: list[int]) -> tuple:
    elims = set()
    for i in range(len(chain)):
        for j in range(i + 3, len(chain), 2):
            for c in bits(PEER_MASK[chain[i]] & PEER_MASK[chain[j]]):
                if c in chain:
                    continue
                for d in ds:
                    if cg.cands[c] >> (d - 1) & 1:
                        elims.add((c, d))
    return tuple(sorted(elims))


def find_aic(cg: CandidateGrid) -> Iterator[Step]:
    """Alternating inference chain / nice loop over candidates, groups and almost locked sets:
    candidates seeing both ends go, a closed loop clears every weak link's common peers, a chain
    from "A false" to "A true" places A.  Yields nothing when no chain changes the grid."""
    # plain candidates first, then with groups, then with almost locked sets: the simpler chain
    # wins, and the costly graphs are only built when the simpler ones find nothing new
    seen: set[tuple] = set()
    for groups, als in ((False, False), (True, False), (True, True)):
        g = build_graph(cg, groups=groups, als=als)
        for p, e, states, loop in ordered(chain_results(g, cg)):
            if e in seen:
                continue
            seen.add(e)
            kind = "loop" if loop else "chain"
            yield chain_step("aic", g, states, p, e, kind, loop)


def chain_facts(step: Step) -> list[Fact]:
    """Return the facts a chain step's links walk through, with the cells of group and set nodes."""
    facts = link_facts(step.links)
    nodes = step.detail.get("nodes")
    if isinstance(nodes, list) and len(nodes) == len(facts):
        facts = [(tuple(cells), int(d), true) for (_, _, true), (d, cells) in zip(facts, nodes, strict=True)]
    return facts


def _discontinuous(facts: list[Fact]) -> bool:
    """True when the chain leads from "A is false" back to "A is true" (so A is true)."""
    return bool(facts) and facts[0][:2] == facts[-1][:2]


def chain_story(step: Step, lang: str) -> str:
    """Return a chain's implications in plain words and what follows from them (any chain: X, XY,
    AIC, continuous or discontinuous nice loop)."""
    facts = chain_facts(step)
    result = result_fields(step, lang)["result"]
    if not facts:
        return result
    said = implication_sentence(facts, lang)
    first, last = facts[0], facts[-1]
    if step.detail.get("kind") == "loop":
        if lang == "zh":
            return (f"{said}，链首尾相接成环。无论从哪个方向走，每条强链和弱链都恰有一端成立，"
                    f"所以弱链两端共同看到的候选数都不成立：{result}。")
        return (f"{said}, which closes the loop. Either way round, each link has exactly one true end, "
                f"so whatever sees both ends of a weak link goes: {result}.")
    if _discontinuous(facts):
        wrong, true = fact_label(first, lang), fact_label((first[0], first[1], True), lang)
        if lang == "zh":
            return f"{said}：假设 {wrong} 导致矛盾，所以 {true}：{result}。"
        return f"{said}: assuming {wrong} contradicts itself, so {true}: {result}."
    start = (first[0], first[1], True)
    cannot = cannot_label(step.eliminations, lang) if step.eliminations else result
    if lang == "zh":
        return (f"{said}。所以 {fact_label(start, lang)}，或者 {fact_label(last, lang)}；"
                f"无论哪种情况，{cannot}。")
    return f"{said}. So {fact_label(start, lang)} or {fact_label(last, lang)}; either way {cannot}."


_AIC_TITLES = {
    "loop": ("Continuous nice loop", "连续环"),
    "discontinuous": ("Discontinuous nice loop", "不连续环"),
    "chain": ("Alternating inference chain", "交替推理链"),
}


def _chain_fields(step: Step, lang: str) -> dict[str, str]:
    kind = str(step.detail.get("kind"))
    if kind != "loop":
        kind = "discontinuous" if _discontinuous(chain_facts(step)) else "chain"
    return {
        "story": chain_story(step, lang),
        "title": _AIC_TITLES[kind][lang == "zh"],
        "digit": str(step.links[0][0][1]) if step.links else "",
    }


def _remote_pair_fields(step: Step, lang: str) -> dict[str, str]:
    fields = result_fields(step, lang)
    fields["said"] = implication_sentence(link_facts(step.links), lang) if step.links else ""
    return fields


TEXT_FIELDS["remote_pair"] = _remote_pair_fields
for _tid in ("x_chain", "xy_chain", "aic"):
    TEXT_FIELDS[_tid] = _chain_fields

register(
    Technique("remote_pair", "Remote Pair", "远程数对", 6.4, find_remote_pair),
    "Remote pair {digits} along {chain}: {said}. So the cells alternate between the two digits, and a "
    "cell seeing two of them an odd number of steps apart sees both: {removed}.",
    "远程数对 {digits}（{chain}）：{said}。所以链上的格交替填这两个数，"
    "同时看到相隔奇数步的两格的格两个数都不能填：{removed}。",
)
register(
    Technique("x_chain", "X-Chain", "X链", 6.6, find_x_chain),
    "X-chain on {digit}: {story}",
    "X链（数字 {digit}）：{story}",
)
register(
    Technique("xy_chain", "XY-Chain", "XY链", 6.8, find_xy_chain),
    "XY-chain: {story}",
    "XY链：{story}",
)
register(
    Technique("aic", "Alternating Inference Chain", "交替推理链", 7.0, find_aic),
    "{title}: {story}",
    "{title}：{story}",
)
