"""Chains on every variant: X-chains, XY-chains and alternating inference chains (nice loops), over
the variant's strong and weak links (:mod:`engine.logic.variant.links`: any house, a killer cage
that must hold a digit, anti-knight and anti-king moves).

    (5)r1c1 = (5)r1c7 - (5)r5c7 = (5)r5c2      "=" strong (at least one true), "-" weak (at most one)

If the first node is false the second is true, the third false, ...: so the first or the last is
true, and a candidate weakly linked to both (the digit in a cell that sees both ends; a cell's other
digits when both ends are in it) is false.  When the last node comes back to the first, the first is
true.  When the last sees the first, the chain closes into a loop in which every link holds exactly
one truth: whatever is weakly linked to both nodes of any of its links is false.

    X-chain (5.1)    one digit: a house's (or cage's) two places, and cells that see each other
    XY-chain (6.4)   two-candidate cells, entered by one digit and left by the other; both ends hold
                     the same digit
    AIC (7.0)        any candidates, any links; loops too

The X- and XY-chain costs are the classic engine's (engine/logic/techniques.py); the AIC's is SE's
own (the classic charges 7.3, but here it must be tried before the contradiction trials, 7.0, and
the registry keeps equal costs in the order it lists the families).  The search is breadth-first,
so the shortest chain that rules something out is the step.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

from engine.logic.variant.common import VariantTechnique, make_step
from engine.logic.variant.links import Found, Graph, bits, graph, link_reason, path, search
from engine.logic.variant.state import VariantState
from engine.steps import Step

MAX_X = 6  # strong links of an X-chain (12 nodes)
MAX_XY = 7  # strong links of an XY-chain (7 cells)
MAX_AIC = 6  # strong links of an AIC (12 nodes)
MAX_LOOPS = 24  # loop candidates an AIC search reads out (each walks the graph again) before it stops


def x_chain(state: VariantState) -> Iterator[Step]:
    """One digit's chain of house (cage) strong links and sightings: cells seeing both ends lose it."""
    g = graph(state)
    starts = sorted(g.house_strong)
    strong = g.house_strong.get
    return _steps(g, "x_chain", search(g, starts, lambda u: strong(u, 0), g.live, MAX_X, same_digit=True),
                  lambda u: strong(u, 0), g.live, MAX_X, same_digit=True)


def xy_chain(state: VariantState) -> Iterator[Step]:
    """Two-candidate cells linked by a shared digit that see each other; both ends hold the same digit,
    which cells seeing both ends lose."""
    g = graph(state)
    starts = sorted(g.cell_strong)
    allowed = sum(1 << u for u in starts)
    strong = g.cell_strong.get

    def same_digit_ends(f: Found) -> bool:
        return f.end % g.n == f.start % g.n and f.end != f.start and bool(f.hit)

    found = (f for f in search(g, starts, lambda u: strong(u, 0), allowed, MAX_XY, same_digit=True)
             if same_digit_ends(f))
    return _steps(g, "xy_chain", found, lambda u: strong(u, 0), allowed, MAX_XY, same_digit=True)


def aic(state: VariantState) -> Iterator[Step]:
    """Any chain of strong and weak links: its ends' common weak links go, a chain back to its start
    places it, a loop clears every link's common weak links."""
    g = graph(state)
    starts = sorted(set(g.cell_strong) | set(g.house_strong))
    return _steps(g, "aic", search(g, starts, g.strong, g.live, MAX_AIC, loops=True), g.strong, g.live,
                  MAX_AIC, loops=True)


def _steps(g: Graph, technique: str, found: Iterator[Found], strong: Callable[[int], int], allowed: int,
           max_strong: int, same_digit: bool = False, loops: bool = False) -> Iterator[Step]:
    """The steps of the chains found, each result once (the same chain is met from either end)."""
    seen: set[tuple] = set()
    loop_reads = 0
    for f in found:
        if f.loop and not f.hit and f.end != f.start:
            loop_reads += 1
            if loop_reads > MAX_LOOPS:
                continue
        nodes = path(g, f.start, f.end, strong, allowed, f.strong, same_digit)
        if nodes is None:
            continue
        placing = f.end == f.start
        if len(set(nodes)) != len(nodes) - placing:
            continue  # a node met twice: the chain would read oddly (a shorter one says the same)
        loop = loops and f.loop and not placing
        gone = _loop_eliminations(g, nodes) if loop else f.hit
        if loop and not gone & ~f.hit:
            loop, gone = False, f.hit
        if not gone and not placing:
            continue
        placements = [g.cell_digit(f.start)] if placing else []
        eliminations = [g.cell_digit(t) for t in bits(gone)]
        key = (tuple(placements), tuple(eliminations))
        if key in seen:
            continue
        seen.add(key)
        yield chain_step(g, technique, nodes, placements, eliminations, loop)


def _loop_eliminations(g: Graph, nodes: list[int]) -> int:
    """What a closed loop rules out: the nodes weakly linked to both ends of any of its links."""
    inside = sum(1 << u for u in nodes)
    gone = 0
    for u, v in zip(nodes, nodes[1:] + nodes[:1], strict=True):
        gone |= g.weak(u) & g.weak(v)
    return gone & ~inside


def chain_step(g: Graph, technique: str, nodes: list[int], placements: list[tuple[int, int]],
               eliminations: list[tuple[int, int]], loop: bool) -> Step:
    """The step of a chain given by its nodes (strong link first), with what each link rests on."""
    pairs = [g.cell_digit(u) for u in nodes]
    ends = list(zip(nodes, nodes[1:], strict=False))
    reasons = [link_reason(g, a, b, i % 2 == 0) for i, (a, b) in enumerate(ends)]
    if loop:
        reasons.append(link_reason(g, nodes[-1], nodes[0], False))
    drawn = [(pairs[i], pairs[i + 1], i % 2 == 0) for i in range(len(pairs) - 1)]
    if loop:
        drawn.append((pairs[-1], pairs[0], False))
    houses, keys = [], set()
    for r in reasons:
        ref = r.get("house")
        if ref and (ref["kind"], ref["index"]) not in keys:
            keys.add((ref["kind"], ref["index"]))
            houses.append(ref)
    drawn_too: dict[str, list[int]] = {}  # the cages, lines and dots a pair link rests on, to draw
    for r in reasons:
        why = r.get("pair", {})
        if "index" in why:
            key = {"cage": "cages", "thermo": "lines"}.get(why["mark"], "dots")
            drawn_too.setdefault(key, [])
            if why["index"] not in drawn_too[key]:
                drawn_too[key].append(why["index"])
    if houses:
        drawn_too["houses"] = houses  # type: ignore[assignment]
    cells = list(dict.fromkeys(c for c, _ in pairs))
    step = make_step(g.state, technique, placements=placements, eliminations=eliminations, cells=cells,
                     candidates=list(dict.fromkeys(pairs)), chain_nodes=[list(p) for p in pairs],
                     chain_links=reasons, loop=loop, **drawn_too)
    return replace(step, links=tuple(drawn))


TECHNIQUES = [
    VariantTechnique("x_chain", "X-Chain", "X链", 5.1, x_chain,
                     "{chain}, where {links_said}: {ends}", "{chain}，其中{links_said}：{ends}"),
    VariantTechnique("xy_chain", "XY-Chain", "XY链", 6.4, xy_chain,
                     "{chain}, where {links_said}: {ends}", "{chain}，其中{links_said}：{ends}"),
    VariantTechnique("aic", "Alternating Inference Chain", "交替推理链", 7.0, aic,
                     "{chain}, where {links_said}: {ends}", "{chain}，其中{links_said}：{ends}"),
]
