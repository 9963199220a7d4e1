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

import numpy as np

from engine.candidates import CandidateGrid, DigitMemo, template_covered
from engine.grid import cell_name
from engine.logic.strategies import Family, Technique
from engine.logic.strategies.links import Graph, build_graph, digit_cells
from engine.masks import CELL_BIT, MASK_DIGITS, PEER_MASK, bits, digits_text
from engine.steps import Step

FAMILY = Family()  # this module's techniques, read by engine.logic.techniques

# ---------------------------------------------------------------------------------------------
# searching


def chain_step(
    technique: str,
    g: Graph,
    states: list[int],
    placements: tuple[tuple[int, int], ...],
    eliminations: tuple[tuple[int, int], ...],
    kind: str,
    loop: bool = False,
) -> Step:
    """Return the Step of a chain given as its list of states (strong link first).

    Each node's cells are read once (:meth:`Graph.cells_of`) and its label and drawn candidate made
    from them here, not through :meth:`Graph.label` and :meth:`Graph.pair` per link (which read a
    node's cells some 30 times a step): on the AIC's first steps of 1,033 of the driver's calls
    rating the held-out SE 9 puzzles, 0.10-0.14 -> 0.06 ms a step (best of five, one core, load 4).
    """
    nodes = [s >> 1 for s in states]
    digit = g.digit
    of = {n: list(bits(g.cells_of(n))) for n in nodes}  # each node's cells, ascending
    label = {n: f"({digit[n]})" + "|".join([_CELL_NAMES[c] for c in cs]) for n, cs in of.items()}
    pair = {n: (cs[0], digit[n]) for n, cs in of.items()}  # the candidate drawn: its first cell
    links = []
    text = [label[nodes[0]]]
    for a, b in zip(states, states[1:], strict=False):
        strong = not a & 1  # from a false node, the link used is strong
        links.append((pair[a >> 1], pair[b >> 1], strong))
        text.append(("= " if strong else "- ") + label[b >> 1])
    if loop:
        links.append((pair[nodes[-1]], pair[nodes[0]], False))
        text.append("- " + label[nodes[0]])
    # each link end's digit and cells (a group or set node has several), for the plain-words text
    ends = [*nodes, nodes[0]] if loop else nodes
    node_cells = [[digit[n], list(of[n])] for n in ends]
    sets = _set_links(g, states, of)
    cells = tuple(dict.fromkeys([c for n in nodes for c in of[n]] + [c for _, cs, _ in sets for c in cs]))
    cands = tuple(dict.fromkeys([(c, digit[n]) for n in nodes for c in of[n]]))
    return Step(
        technique,
        placements=placements,
        eliminations=eliminations,
        cells=cells,
        candidates=cands,
        links=tuple(links),
        detail={
            "chain": " ".join(text), "length": len(links), "kind": kind, "nodes": node_cells, "sets": sets,
        },
    )


def _set_links(g: Graph, states: list[int], of: dict[int, list[int]]) -> list[list]:
    """Return ``[link index, the set's cells, its digits]`` for each strong link of a chain that
    only an almost locked set makes (two digits, not both in one cell); [] when there is none.

    Such a link joins two nodes of one cell each as often as bigger ones, so the nodes alone do
    not show it: the text names the set, and the rating charges the set's extra for it.
    """
    out = []
    for i, (a, b) in enumerate(zip(states, states[1:], strict=False)):
        x, y = a >> 1, b >> 1
        if a & 1 or g.digit[x] == g.digit[y] or of[x] == of[y] and len(of[x]) == 1:
            continue  # a weak link, a unit's link or a cell's
        als = g.link_als(x, y)
        if als is not None:
            out.append([i, list(bits(als.cells)), digits_text(als.digits)])
    return out


_CELL_NAMES = tuple(cell_name(c) for c in range(81))


def chain_results(g: Graph, cg: CandidateGrid, *, loops: bool = True, same_digit_ends: bool = False) -> list:
    """Return ``(placements, eliminations, states, loop)`` for every useful chain, shortest per result.

    From each node's "false" state every "true" state reached is an end Z: first-or-Z holds, so
    candidates weakly linked to both ends go; Z = start places it; Z seeing the start closes a
    loop.  Found and read in one compiled call (:func:`engine.kernels.chains.useful_chains`; the
    same reading written plainly in Python, which the tests hold it to, is
    tests/harness/chain_reference.py's ``chain_results_py``): an SE 8-9 state's ALS graph gives a few thousand
    chains for some 10 results, and reading them in Python (a candidate key per chain, loops'
    eliminations) cost about twice the search.  ``cg`` is the state ``g`` was built for.

    Measured with the compiled graph nodes and the search's reach (engine/kernels/chains.py), on the
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
    from engine.kernels.chains import useful_chains

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
    covered = template_covered(cands)  # no X-chain removes anything on these digits
    kept = [_NO_CHAINS if covered >> (d - 1) & 1 else memo.get((d, dc[d])) for d in range(1, 10)]
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
_NO_CHAINS = (None, [])  # a digit's entry when its candidates all lie in templates
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



FAMILY.add(Technique("remote_pair", "Remote Pair", "远程数对", 6.4, find_remote_pair))
FAMILY.add(Technique("x_chain", "X-Chain", "X链", 6.6, find_x_chain))
FAMILY.add(Technique("xy_chain", "XY-Chain", "XY链", 6.8, find_xy_chain))
FAMILY.add(Technique("aic", "Alternating Inference Chain", "交替推理链", 7.0, find_aic))
