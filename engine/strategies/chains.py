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

from engine.candidates import CandidateGrid
from engine.grid import cell_name
from engine.masks import CELL_BIT, PEER_MASK, bits
from engine.steps import TEXT_FIELDS, Fact, Step, cannot_label, fact_label, implication_sentence, link_facts
from engine.strategies import Technique, register
from engine.strategies.links import Graph, build_graph, digit_cells, result_fields

# ---------------------------------------------------------------------------------------------
# searching


def successors(g: Graph) -> list[list[int]]:
    """Return, per state (``node * 2 + truth``), the states one link away: false -> strong -> true,
    true -> weak -> false."""
    succ: list[list[int]] = []
    for n in range(len(g.digit)):
        succ.append([m * 2 + 1 for m in g.strong[n]])
        succ.append([m * 2 for m in g.weak[n]])
    return succ


def search(g: Graph, start: int, succ: list[list[int]] | None = None) -> tuple[list[int], list[int]]:
    """Breadth-first from "start is false": return parents and the order states were reached.

    A state is ``node * 2 + truth``; the parent of the start state is -1 and of a state never
    reached -2.  Each state is reached by its shortest alternating chain.
    """
    if succ is None:
        succ = successors(g)
    first = start * 2
    parent = [-2] * len(succ)
    parent[first] = -1
    order = [first]
    for st in order:
        for ns in succ[st]:
            if parent[ns] == -2:
                parent[ns] = st
                order.append(ns)
    return parent, order


def path(parent: list[int], state: int) -> list[int]:
    """Return the states from the start to ``state``."""
    out = []
    while state != -1:
        out.append(state)
        state = parent[state]
    out.reverse()
    return out


def weak_targets(g: Graph, cg: CandidateGrid, dc: list[int], n: int) -> set[tuple[int, int]]:
    """Return the candidates (cell, digit) outside node n that are false whenever n is true."""
    d, m = g.digit[n], g.mask[n]
    out = {(c, d) for c in bits(g.cp[n] & dc[d])}
    if m & (m - 1) == 0:
        c = m.bit_length() - 1
        out.update((c, e) for e in range(1, 10) if e != d and cg.cands[c] >> (e - 1) & 1)
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
    node_cells = [[g.digit[n], list(bits(g.mask[n]))] for n in ends]
    cells = []
    for n in nodes:
        for c in bits(g.mask[n]):
            if c not in cells:
                cells.append(c)
    cands = []
    for n in nodes:
        for c in bits(g.mask[n]):
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


def chain_results(g: Graph, cg: CandidateGrid, *, loops: bool = True, same_digit_ends: bool = False) -> list:
    """Return ``(placements, eliminations, states, loop)`` for every useful chain, shortest per result.

    From each node's "false" state every "true" state reached is an end Z: first-or-Z holds, so
    candidates weakly linked to both ends go; Z = start places it; Z seeing the start closes a loop.
    """
    dc = digit_cells(cg)
    found: dict[tuple, tuple] = {}
    targets = [None] * len(g.digit)

    def wt(n: int) -> set[tuple[int, int]]:
        t = targets[n]
        if t is None:
            t = targets[n] = weak_targets(g, cg, dc, n)
        return t

    succ = successors(g)
    for start in range(len(g.digit)):
        if not g.strong[start]:
            continue
        parent, order = search(g, start, succ)
        weak_of_start = set(g.weak[start])
        ds, ms, cps = g.digit[start], g.mask[start], g.cp[start]
        dcs = dc[ds]
        cs = ms.bit_length() - 1 if ms & (ms - 1) == 0 else -1
        for st in order:
            if not st & 1:
                continue
            z = st >> 1
            if same_digit_ends and g.digit[z] != g.digit[start]:
                continue
            if z == start:
                # "A false" forces "A true": A is placed, written as its cell losing the other digits
                if g.is_single(start):
                    c, d = g.pair(start)
                    others = tuple((c, e) for e in range(1, 10) if e != d and cg.cands[c] >> (e - 1) & 1)
                    if others:
                        _keep(found, ((), others), path(parent, st), False)
                continue
            if g.digit[z] == ds:
                m = cps & g.cp[z] & dcs
                elims = {(c, ds) for c in bits(m)} if m else set()
            else:
                mz = g.mask[z]
                # different digits: only a single end inside the other's peers (or one cell) links
                if (cs >= 0 and g.cp[z] >> cs & 1) or (mz & (mz - 1) == 0 and cps & mz) or mz == ms:
                    elims = _common_targets(g, cg, dc, start, z)
                else:
                    elims = set()
            loop = False
            states = None
            if loops and z in weak_of_start:
                states = path(parent, st)
                nodes = [s >> 1 for s in states]
                if len(set(nodes)) == len(nodes) and len(nodes) >= 4:
                    loop = True
                    elims = (elims | loop_eliminations(g, states, wt)) - {
                        (c, g.digit[n]) for n in nodes for c in bits(g.mask[n])
                    }
            if not elims:
                continue
            if states is None:
                states = path(parent, st)
            _keep(found, ((), tuple(sorted(elims))), states, loop)
        if loops:
            ring = shortest_loop(g, start, succ)
            if ring is not None:
                elims = loop_eliminations(g, ring, wt)
                if elims:
                    _keep(found, ((), tuple(sorted(elims))), ring, True)
    return [(p, e, states, loop) for (p, e), (states, loop) in found.items()]


def _common_targets(g: Graph, cg: CandidateGrid, dc: list[int], a: int, b: int) -> set[tuple[int, int]]:
    """Return the candidates weakly linked to both nodes a and b (the same as intersecting
    :func:`weak_targets`, in bitmask arithmetic: this runs for every chain end)."""
    da, db = g.digit[a], g.digit[b]
    if da == db:
        m = g.cp[a] & g.cp[b] & dc[da]
        return {(c, da) for c in bits(m)} if m else set()
    out = set()
    ma, mb = g.mask[a], g.mask[b]
    single_a, single_b = ma & (ma - 1) == 0, mb & (mb - 1) == 0
    if single_a and ma & dc[db] & g.cp[b]:
        out.add((ma.bit_length() - 1, db))
    if single_b and mb & dc[da] & g.cp[a]:
        out.add((mb.bit_length() - 1, da))
    if single_a and ma == mb:
        c = ma.bit_length() - 1
        out.update((c, e) for e in range(1, 10) if e != da and e != db and cg.cands[c] >> (e - 1) & 1)
    return out


def shortest_loop(g: Graph, start: int, succ: list[list[int]] | None = None) -> list[int] | None:
    """Return the states of the shortest loop that leaves "start is true" by a weak link and comes
    back by a strong one, rotated to begin with a false state; None if there is none (or it
    repeats a node)."""
    if succ is None:
        succ = successors(g)
    first = start * 2 + 1
    parent = [-2] * len(succ)
    parent[first] = -1
    order = [first]
    strong = g.strong
    for st in order:
        if not st & 1 and parent[st] != first and start in strong[st >> 1]:
            states = path(parent, st)
            nodes = [x >> 1 for x in states]
            if len(set(nodes)) != len(nodes):
                return None
            return states[1:] + [first]
        for ns in succ[st]:
            if parent[ns] == -2:
                parent[ns] = st
                order.append(ns)
    return None


def loop_eliminations(g: Graph, states: list[int], wt) -> set[tuple[int, int]]:
    """Return what a continuous loop removes: each weak link's common targets, minus the loop's own
    candidates.  ``states`` begins with a false state; the closing link (last to first) is weak."""
    nodes = [s >> 1 for s in states]
    ring = nodes + [nodes[0]]
    loop_cells = 0
    for n in nodes:
        loop_cells |= g.mask[n]
    elims: set[tuple[int, int]] = set()
    for i in range(1, len(ring) - 1, 2):
        a, b = ring[i], ring[i + 1]
        common = wt(a) & wt(b)
        if g.digit[a] == g.digit[b]:
            # like HoDoKu, a unit's weak link clears only cells outside the loop (the loop's own
            # cells are settled by their links)
            common = {(c, d) for c, d in common if not loop_cells >> c & 1}
        elims |= common
    # in a loop each strong link holds exactly one truth; through an ALS that leaves the set locked
    # on all its other digits, whose common peers lose them
    for i in range(0, len(nodes) - 1, 2):
        als = g.als_link.get((nodes[i], nodes[i + 1]))
        if als is not None:
            used = (g.digit[nodes[i]], g.digit[nodes[i + 1]])
            for w in als.digit_mask:  # type: ignore[attr-defined]
                if w not in used:
                    peers = als.digit_peers[w] & ~als.cells  # type: ignore[attr-defined]
                    elims.update((c, w) for c in bits(peers) if g.cands[c] >> (w - 1) & 1)
    return elims - {(c, g.digit[n]) for n in nodes for c in bits(g.mask[n])}


def _keep(found: dict, key: tuple, states: list[int], loop: bool) -> None:
    old = found.get(key)
    if old is None or len(states) + loop < len(old[0]) + old[1]:
        found[key] = (states, loop)


def ordered(results: list) -> list:
    """Sort chain results: placements first, then most eliminations, then shortest chain."""
    return sorted(results, key=lambda r: (-len(r[0]), -len(r[1]), len(r[2]) + r[3]))


# ---------------------------------------------------------------------------------------------
# the techniques


def find_x_chain(cg: CandidateGrid) -> Iterator[Step]:
    """X-chain: one digit, alternating conjugate pairs (strong) and sightings (weak); the cells seeing
    both ends lose the digit.  Yields nothing when no such chain removes a candidate."""
    for d in range(1, 10):
        g = build_graph(cg, (d,), cell_links=False)
        results = chain_results(g, cg, loops=False)
        for p, e, states, loop in ordered(results):
            if p:
                continue
            yield chain_step("x_chain", g, states, p, e, "x_chain", loop)


def find_xy_chain(cg: CandidateGrid) -> Iterator[Step]:
    """XY-chain: bivalue cells linked by a shared digit, entering and leaving each cell by its two
    digits; both ends hold the same digit, which the cells seeing both ends lose.  Yields nothing
    when no such chain removes a candidate."""
    cells = sum(CELL_BIT[c] for c in range(81) if cg.cands[c].bit_count() == 2)
    g = build_graph(cg, cells=cells, unit_links=False)
    # weak links between cells: same digit, different cells that see each other
    dc = digit_cells(cg)
    for n in range(len(g.digit)):
        d = g.digit[n]
        for c in bits(g.cp[n] & dc[d] & cells):
            g.weak[n].append(g.index[(d, CELL_BIT[c])])
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
