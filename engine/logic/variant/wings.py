"""Wings on every variant: a few two- and three-candidate cells that between them force a digit into
one of two cells, so that a cell seeing both cannot hold it.  "Sees" is the variant's
(:func:`engine.logic.variant.links.sight`): a shared house of any kind, or an anti-knight or
anti-king move.

    {xy} . . {yz}     XY-wing (4.2): the pivot {x, y} sees pincers {x, z} and {y, z}; whichever digit
    .    . .  .       the pivot holds, one pincer is z, so a cell seeing both pincers is not z.
    {xz} . .  *       XYZ-wing (4.4): the pivot {x, y, z}; the pivot may be z too, so only cells seeing
                      all three lose z.
    W-wing (6.1, as the classic engine charges it): two cells {x, y}, and a strong link on x (the only
    two places of x in a house, or in a cage that must hold x) whose ends see one cell each: one of
    the two cells is not x, so it is y, and a cell seeing both is not y.

The costs are the classic engine's (engine/logic/techniques.py), so a variant's level reads on the
same scale.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from itertools import combinations
from typing import Any

from engine.logic.variant.common import VariantTechnique, house_ref, live_eliminations, make_step
from engine.logic.variant.links import seen_through, sight, strong_places
from engine.logic.variant.state import VariantState, digits_of
from engine.steps import Step


def _seen(state: VariantState, pairs: list[tuple[int, int]]) -> list[list[Any]]:
    """Of the pairs of cells a wing relies on seeing each other, those that see through a variant's
    house or rule (no row, column or region), with it."""
    out = []
    for a, b in pairs:
        why = seen_through(state, a, b)
        if why:
            out.append([a, b, why])
    return out


def _wing_step(state: VariantState, technique: str, pivot: int, a: int, b: int, z: int,
               gone: list[tuple[int, int]]) -> Step:
    cells = (pivot, a, b)
    return make_step(state, technique, eliminations=gone, cells=cells,
                     candidates=[(c, d) for c in cells for d in digits_of(state.cands[c])],
                     wing=technique, pivot=pivot, pincers=[a, b], digit=z,
                     pivot_digits=digits_of(state.cands[pivot]),
                     pincer_digits=[digits_of(state.cands[a]), digits_of(state.cands[b])],
                     seen=_seen(state, [(pivot, a), (pivot, b)]))


def _empty_with(state: VariantState, count: int) -> list[int]:
    return [c for c, m in enumerate(state.cands) if not state.values[c] and m.bit_count() == count]


def xy_wing(state: VariantState) -> Iterator[Step]:
    """A pivot {x, y} seeing pincers {x, z} and {y, z}: cells seeing both pincers lose z."""
    cands = state.cands
    see = sight(state).cells
    two = set(_empty_with(state, 2))
    for pivot in sorted(two):
        pm = cands[pivot]
        arms = sorted(p for p in see[pivot] if p in two and cands[p] != pm and cands[p] & pm)
        for a, b in combinations(arms, 2):
            z = cands[a] & cands[b] & ~pm
            if not z or (cands[a] | cands[b]) & pm != pm or cands[a] == cands[b]:
                continue
            d = z.bit_length()
            gone = live_eliminations(state, sorted((see[a] & see[b]) - {pivot}), d)
            if gone:
                yield _wing_step(state, "xy_wing", pivot, a, b, d, gone)


def xyz_wing(state: VariantState) -> Iterator[Step]:
    """A pivot {x, y, z} seeing pincers {x, z} and {y, z}: cells seeing all three lose z."""
    cands = state.cands
    see = sight(state).cells
    two = set(_empty_with(state, 2))
    for pivot in _empty_with(state, 3):
        pm = cands[pivot]
        arms = sorted(p for p in see[pivot] if p in two and cands[p] & ~pm == 0)
        for a, b in combinations(arms, 2):
            z = cands[a] & cands[b]
            if cands[a] == cands[b] or (cands[a] | cands[b]) != pm or not z:
                continue
            d = z.bit_length()
            gone = live_eliminations(state, sorted(see[a] & see[b] & see[pivot]), d)
            if gone:
                yield _wing_step(state, "xyz_wing", pivot, a, b, d, gone)


def w_wing(state: VariantState) -> Iterator[Step]:
    """Two cells {x, y} that do not see each other, and a strong link on x whose ends see one each:
    cells seeing both lose y."""
    cands = state.cands
    see = sight(state).cells
    by_mask: dict[int, list[int]] = {}
    for c in _empty_with(state, 2):
        by_mask.setdefault(cands[c], []).append(c)
    links = None
    for mask, cells in sorted(by_mask.items()):
        for a, b in combinations(cells, 2):
            if b in see[a]:
                continue
            common = sorted(see[a] & see[b])
            for x in digits_of(mask):
                y = digits_of(mask & ~(1 << (x - 1)))[0]
                gone = live_eliminations(state, common, y)
                if not gone:
                    continue
                links = strong_places(state) if links is None else links
                bridge = _bridge(links, see, a, b, x)
                if bridge is None:
                    continue
                h, p, q = bridge
                step = make_step(state, "w_wing", eliminations=gone, cells=(a, b, p, q),
                                 candidates=[(a, x), (a, y), (b, x), (b, y), (p, x), (q, x)],
                                 wing="w_wing", pincers=[a, b], digit=y, link_digit=x, link=[p, q],
                                 pivot_digits=[x, y],
                                 houses=[house_ref(state, state.geometry.houses[h])],
                                 seen=_seen(state, [(a, p), (b, q)]))
                yield replace(step, links=(((p, x), (q, x), True),))


def _bridge(links: list, see: list, a: int, b: int, x: int) -> tuple[int, int, int] | None:
    """A strong link on ``x`` (house, p, q) with p seeing a and q seeing b, neither of them a or b."""
    for h, (p, q), d in links:
        if d != x or {p, q} & {a, b}:
            continue
        for s, t in ((p, q), (q, p)):
            if s in see[a] and t in see[b]:
                return h, s, t
    return None


TECHNIQUES = [
    VariantTechnique("xy_wing", "XY-Wing", "XY翼", 4.2, xy_wing,
                     "{pivot} holds {pivot_digits} and sees {pincers}, which hold {pincer_digits}{seen}: "
                     "whichever digit {pivot} takes, one of {pincers} is {digit}",
                     "{pivot} 只能是 {pivot_digits}，它看到 {pincers}，它们分别只能是 {pincer_digits}{seen}："
                     "无论 {pivot} 是哪个数，{pincers} 中总有一格是 {digit}"),
    VariantTechnique("xyz_wing", "XYZ-Wing", "XYZ翼", 4.4, xyz_wing,
                     "{pivot} holds {pivot_digits} and sees {pincers}, which hold {pincer_digits}{seen}: "
                     "one of {pivot}, {pincers} is {digit}",
                     "{pivot} 只能是 {pivot_digits}，它看到 {pincers}，它们分别只能是 {pincer_digits}{seen}："
                     "{pivot}、{pincers} 中总有一格是 {digit}"),
    VariantTechnique("w_wing", "W-Wing", "W翼", 6.1, w_wing,
                     "{pincers} both hold {pivot_digits}; {link_said}, and each sees one of them{seen}: "
                     "one of {pincers} is not {link_digit}, so one of them is {digit}",
                     "{pincers} 都只能是 {pivot_digits}；{link_said}，且各看到其中一格{seen}："
                     "{pincers} 中总有一格不是 {link_digit}，所以总有一格是 {digit}"),
]
