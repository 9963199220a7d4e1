"""Killer cages: sum combinations, the cage and house overlap, and the 45 rule (innies and outies).

    +-----+           A cage of 3 in two cells can only be 1+2: every other digit is out of it.
    | 3 . |           A cage whose every combination holds a 9, with its 9s all in row 4, puts
    +-----+           row 4's 9 in the cage: row 4's other cells cannot be 9.

The 45 rule (the law of leftovers): the cells of k rows, columns or regions sum to k * N(N+1)/2; the
cages wholly inside leave the *innies*, whose sum is then known; cages that cross out of the houses
bring *outies*, whose sum is what those cages hold beyond the houses.  Innies and outies together:
the innies minus the outies equal a known number.  Their digits follow as from a small cage (cells
that see each other differ; others may repeat).
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.logic.variant.common import (
    VariantTechnique,
    area_leftovers,
    cage_ref,
    house_ref,
    live_eliminations,
    make_step,
    trimmed,
)
from engine.logic.variant.crossing import least_sums
from engine.logic.variant.state import VariantState, digits_of
from engine.logic.variant.sums import cage_support, linear_support
from engine.puzzle.model import Cage, Puzzle
from engine.steps import Step

MAX_LEFTOVERS = 8  # more free innies and outies are not a person's step (5 missed hs-killers-9's 8 of 65)


def _combos(state: VariantState, cage: Cage) -> tuple[tuple[int, ...], tuple[int, ...], list[int]]:
    masks = tuple(state.mask(c) for c in cage.cells)
    support, combos = cage_support(cage.total, masks)
    return support, combos, list(masks)


def _combination_steps(state: VariantState, single: bool) -> Iterator[Step]:
    for index, cage in state.cages():
        if all(state.values[c] for c in cage.cells):
            continue
        support, combos, _ = _combos(state, cage)
        if not combos or (len(combos) == 1) != single:
            continue
        gone = trimmed(state, cage.cells, support)
        if not gone:
            continue
        must, every = (1 << state.size) - 1, 0
        for m in combos:
            must &= m
            every |= m
        yield make_step(state, "cage_sum" if single else "cage_combinations", eliminations=gone,
                        cells=cage.cells, cages=[index], cage=cage_ref(index, cage),
                        combos=[digits_of(m) for m in combos], must=digits_of(must),
                        never=digits_of(((1 << state.size) - 1) & ~every))


def cage_sum(state: VariantState) -> Iterator[Step]:
    """A cage whose total leaves one set of digits: only those digits, each where it fits."""
    return _combination_steps(state, True)


def cage_combinations(state: VariantState) -> Iterator[Step]:
    """A cage with several possible digit sets: a digit in none of them, or in no place that completes
    one, is out."""
    return _combination_steps(state, False)


def cage_overlap(state: VariantState) -> Iterator[Step]:
    """A digit every combination of a cage holds, all of whose places in the cage lie in one house, is
    the house's: the house's other cells cannot hold it."""
    geo = state.geometry
    for index, cage in state.cages():
        _, combos, _ = _combos(state, cage)
        if not combos:
            continue
        must = (1 << state.size) - 1
        for m in combos:
            must &= m
        own = set(cage.cells)
        for d in digits_of(must):
            if any(state.values[c] == d for c in cage.cells):
                continue
            where = [c for c in cage.cells if state.cands[c] >> (d - 1) & 1]
            if not where:
                continue
            shared = set.intersection(*(set(geo.cell_houses[c]) for c in where))
            for h in sorted(shared):
                house = geo.houses[h]
                if house.kind == "cage" and house.index == index:
                    continue
                gone = live_eliminations(state, (c for c in house.cells if c not in own), d)
                if gone:
                    yield make_step(state, "cage_overlap", eliminations=gone, cells=where,
                                    candidates=[(c, d) for c in where], digit=d, cages=[index],
                                    cage=cage_ref(index, cage), house=house_ref(state, house),
                                    combos=[digits_of(m) for m in combos])


def _seeing_pairs(puzzle: Puzzle) -> list[tuple[int, int]]:
    """Pairs of cages (indices into the constraints) each of whose cells sees every cell of the other."""
    from engine.logic.variant.state import Geometry

    geo = Geometry.of(puzzle)
    cages = [(i, c) for i, c in enumerate(puzzle.constraints) if isinstance(c, Cage) and c.total is not None]
    return [(i, j) for k, (i, a) in enumerate(cages) for j, b in cages[k + 1:]
            if all(geo.sees(x, y) for x in a.cells for y in b.cells)]


def _combo_support(state: VariantState, cage: Cage, combos: list[int]) -> list[int]:
    """Each cell's digits some of ``combos`` (digit sets of the cage) places there."""
    support = [0] * len(cage.cells)
    for combo in combos:
        part, _ = cage_support(cage.total, tuple(state.mask(c) & combo for c in cage.cells))
        support = [s | p for s, p in zip(support, part, strict=True)]
    return support


def cage_pair(state: VariantState) -> Iterator[Step]:
    """Two cages whose cells all see each other share no digit: a combination of one that meets every
    combination of the other is out, with the digits only it placed."""
    constraints = state.puzzle.constraints
    for i, j in state.geometry.remember("seeing_cage_pairs", _seeing_pairs):
        a, b = constraints[i], constraints[j]
        _, ca, _ = _combos(state, a)
        _, cb, _ = _combos(state, b)
        for (y, cage, mine), (x, other, theirs) in (((i, a, ca), (j, b, cb)), ((j, b, cb), (i, a, ca))):
            keep = [m for m in mine if any(not m & t for t in theirs)]
            if not keep or len(keep) == len(mine):
                continue
            gone = trimmed(state, cage.cells, _combo_support(state, cage, keep))
            if gone:
                yield make_step(state, "cage_pair", eliminations=gone, cells=cage.cells, cages=[y, x],
                                cage=cage_ref(y, cage), other=cage_ref(x, other),
                                combos=[digits_of(m) for m in keep])


def _leftovers(state: VariantState, several: bool) -> Iterator[Step]:
    if not state.cages():
        return
    geo = state.geometry
    for area in geo.remember("area_leftovers", area_leftovers):
        if (len(area.houses) > 1) != several:
            continue
        forms = [("innies", area.innies, [], area.innies_total, area.inner)]
        if area.crossing:
            form = "outies" if not area.left else "innies_outies"
            forms.append((form, area.left, area.outies, area.balance, area.inner + area.crossing))
        for form, ins, outs, total, used in forms:
            step = _leftover_step(state, geo, area.houses, form, ins, outs, total, used)
            if step is not None:
                yield step
    for least in geo.remember("least_sums", least_sums):
        if (len(least.houses) > 1) == several:
            step = _leftover_step(state, geo, least.houses, "least", least.innies, least.outies, least.total,
                                  least.used)
            if step is not None:
                yield step


def _leftover_step(state, geo, hs, form, ins, outs, total, used) -> Step | None:
    """The step the leftovers ``ins`` (plus) and ``outs`` (minus) summing to ``total`` give, or None."""
    free_in = [c for c in ins if not state.values[c]]
    free_out = [c for c in outs if not state.values[c]]
    free = free_in + free_out
    if not free or len(free) > MAX_LEFTOVERS:
        return None
    rest = total - sum(state.values[c] for c in ins if state.values[c]) \
        + sum(state.values[c] for c in outs if state.values[c])
    weights = tuple([1] * len(free_in) + [-1] * len(free_out))
    apart = tuple((a, b) for a in range(len(free)) for b in range(a + 1, len(free))
                  if geo.sees(free[a], free[b]))
    support = linear_support(tuple(state.cands[c] for c in free), weights, rest, apart, grouped=True)
    if not any(support):
        return None
    gone = trimmed(state, free, support)
    if not gone:
        return None
    technique = "innies_outies_multi" if len(hs) > 1 else "innies_outies"
    houses = [house_ref(state, geo.houses[h]) for h in hs]
    return make_step(state, technique, eliminations=gone, cells=free, form=form, houses=houses,
                     cages=[i for i, _ in used], innies=free_in, outies=free_out, total=rest)


def innies_outies(state: VariantState) -> Iterator[Step]:
    """The 45 rule on one row, column or region: its innies (or outies) sum to a known total."""
    return _leftovers(state, False)


def innies_outies_multi(state: VariantState) -> Iterator[Step]:
    """The 45 rule on several neighbouring rows or columns."""
    return _leftovers(state, True)


TECHNIQUES = [
    VariantTechnique("cage_sum", "Cage Sum", "笼子唯一组合", 1.6, cage_sum,
                     "{cage} sums to {total}: it can only be {combos}",
                     "{cage}的和是 {total}：只能是 {combos}"),
    VariantTechnique("cage_combinations", "Cage Combinations", "笼子组合", 2.4, cage_combinations,
                     "{cage} sums to {total}: it is {combos}", "{cage}的和是 {total}：只能是 {combos}"),
    VariantTechnique("cage_overlap", "Cage and House Overlap", "笼子与宫行列重叠", 2.8, cage_overlap,
                     "{cage} must hold {digit} (it is {combos}), and its {digit} lies in {cells}, "
                     "all in {house}",
                     "{cage}必含 {digit}（只能是 {combos}），而它的 {digit} 只在 {cells}，都在{house}里"),
    VariantTechnique("innies_outies", "Innies and Outies", "45 法则", 3.0, innies_outies,
                     "the 45 rule on {houses}: {leftovers} {sum_is} {total}",
                     "对{houses}用 45 法则：{leftovers}{sum_is} {total}"),
    VariantTechnique("cage_pair", "Killer Pair Combinations", "笼子组合互斥", 3.2, cage_pair,
                     "{cage} and {other} see each other, so they share no digit: {cage} is {combos}",
                     "{cage}与{other}互相可见，没有相同的数：{cage}只能是 {combos}"),
    VariantTechnique("innies_outies_multi", "Innies and Outies of Several Houses", "多区域 45 法则", 3.8,
                     innies_outies_multi,
                     "the 45 rule on {houses}: {leftovers} {sum_is} {total}",
                     "对{houses}用 45 法则：{leftovers}{sum_is} {total}"),
]
