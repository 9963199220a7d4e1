"""Grouped strong-link fish: SE's "3 and 4 strong-linked fishes" with a group among their nodes.

One digit.  A *strong link* joins the only two places of the digit in a unit; either end may be a
*group*, the digit's cells where a box meets a row or column ("the digit is in one of these").
Three or four strong links joined end to start by weak links (every cell of one end sees every
cell of the next) make a chain: if its first node is false the second is true, the third false,
..., so the first or the last node is true, and a cell seeing every cell of both loses the digit.
Closed into a loop, each weak link holds exactly one truth and its common peers lose the digit::

    A . . | . . . | B . .       row 1's 4s: A, B          (4)A = (4)B
    . x . | C . . | . G G       row 2's 4s: C and group G  - (4)G = (4)C
    . x . | . . . | . . .       (B sees G: box 3)          - (4)D = (4)E
    ------+-------+------       row 7's 4s: D, E
    . . . | . . . | . . .       A or E holds 4, so the cells seeing both (x, and r7c1) lose it
    ...
    . E . | D . . | . . .       (C sees D: column 4)

Sudoku Explainer (Sukaku Explainer, whose ratings the SE-rated data carry) finds these with its
`StrongLinks(3)` and `StrongLinks(4)` (5 and 6 are off by default) and charges 5.4 and 5.8, plus
0.3 once a link is grouped: 5.7 and 6.1.  The same chains without a group are X-chains
(:mod:`engine.logic.strategies.chains`, found before these); longer ones are SE's forcing chains.  Our
chains are the X-chain graph's with group nodes (:func:`engine.logic.strategies.links.build_graph`),
searched only on digits with a candidate outside every template (no single-digit pattern can
remove anything else).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from engine.candidates import CandidateGrid, template_covered
from engine.logic.strategies import Family, Technique
from engine.logic.strategies.chains import chain_results, chain_step
from engine.logic.strategies.links import Graph, build_graph
from engine.steps import Step

FAMILY = Family()  # this module's techniques, read by engine.logic.techniques

# SE's charge by strong links (StrongLinksHint: base 5.4 / 5.8, grouped +0.3)
SCORES = {3: 5.7, 4: 6.1}


def _grouped(g: Graph, states: list[int]) -> bool:
    """True when a node of the chain is a group (more than one cell) and no two nodes share a cell
    (as in SE's fishes: the graph also walks through groups overlapping each other)."""
    seen = 0
    for s in states:
        cells = g.cells_of(s >> 1)
        if seen & cells:
            return False
        seen |= cells
    return seen.bit_count() > len(states)


def find_grouped_fish(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every grouped chain or loop of 3 or 4 strong links on one digit that removes a candidate,
    cheapest first, then most removals (none if none)."""
    covered = template_covered(cg.cands)
    digits = [d for d in range(1, 10) if not covered >> (d - 1) & 1]
    if not digits:
        return
    g = build_graph(cg, digits, cell_links=False, groups=True)
    found = []
    for _, e, states, loop in chain_results(g, cg):
        strong = len(states) // 2
        if strong not in SCORES or not e or not _grouped(g, states):
            continue
        if not loop and states[0] >> 1 == states[-1] >> 1:
            continue  # "A false" forces "A true": a cell's other digits go, not single-digit logic
        found.append((SCORES[strong], -len(e), len(states), e, states, loop))
    found.sort(key=lambda r: r[:3])
    for score, _, _, e, states, loop in found:
        step = chain_step("grouped_fish", g, states, (), e, "loop" if loop else "chain", loop)
        yield replace(step, detail={**step.detail, "score": score, "strong": len(states) // 2})


FAMILY.add(Technique("grouped_fish", "Grouped Strong-Link Fish", "分组强链鱼", SCORES[3], find_grouped_fish))
