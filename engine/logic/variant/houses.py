"""The house techniques on every house of a variant: singles, locked candidates, subsets, fish.

One notion of house (``Puzzle.houses``): a row, column, region (a jigsaw's too), extra region,
diagonal, disjoint group or cage.  A house of N cells holds every digit once, so hidden singles,
locked candidates from it and hidden subsets use only those; a smaller house (a cage) only forbids
repeats, which is what naked subsets and the "other" house of locked candidates need.

    . . . | 7 . .     pointing: box 1's 5s lie in row 1 (r1c1, r1c3), so row 1's other cells
    . 6 . | . . .     cannot be 5; the same on a diagonal, a window or a cage crossing the box
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from engine.logic.variant.common import VariantTechnique, house_ref, live_eliminations, make_step
from engine.logic.variant.state import VariantState, digits_of, popcount
from engine.steps import Step


def _placed(state: VariantState, cells: tuple[int, ...]) -> int:
    m = 0
    for c in cells:
        if state.values[c]:
            m |= 1 << (state.values[c] - 1)
    return m


def full_house(state: VariantState) -> Iterator[Step]:
    """A house of N cells with one empty cell: it holds the one digit missing."""
    n = state.size
    for h in state.geometry.full_houses:
        house = state.geometry.houses[h]
        empty = [c for c in house.cells if not state.values[c]]
        if len(empty) == 1:
            missing = ((1 << n) - 1) & ~_placed(state, house.cells)
            if popcount(missing) == 1:
                d = missing.bit_length()
                yield make_step(state, "full_house", placements=[(empty[0], d)], cells=house.cells,
                                digit=d, house=house_ref(state, house))


def naked_single(state: VariantState) -> Iterator[Step]:
    """A cell with one candidate left holds it."""
    for c, m in enumerate(state.cands):
        if m and not m & (m - 1) and not state.values[c]:
            d = m.bit_length()
            yield make_step(state, "naked_single", placements=[(c, d)], cells=[c], digit=d)


def hidden_single(state: VariantState) -> Iterator[Step]:
    """A digit with one place left in a house of N cells goes there."""
    geo = state.geometry
    cands = state.cands
    values = state.values
    for h in geo.full_houses:
        house = geo.houses[h]
        once = twice = placed = 0
        for c in house.cells:
            if values[c]:
                placed |= 1 << (values[c] - 1)
                continue
            m = cands[c]
            twice |= once & m
            once |= m
        once &= ~twice & ~placed
        while once:
            bit = once & -once
            once ^= bit
            d = bit.bit_length()
            where = next(c for c in house.cells if cands[c] & bit)
            yield make_step(state, "hidden_single", placements=[(where, d)], cells=house.cells,
                            candidates=[(where, d)], digit=d, house=house_ref(state, house))


def _locked(state: VariantState, line_first: bool) -> Iterator[Step]:
    geo = state.geometry
    technique = "claiming" if line_first else "pointing"
    for h in geo.full_houses:
        house = geo.houses[h]
        if (house.kind in ("row", "col")) != line_first:
            continue
        placed = _placed(state, house.cells)
        for d in range(1, state.size + 1):
            bit = 1 << (d - 1)
            if placed & bit:
                continue
            where = [c for c in house.cells if state.cands[c] & bit]
            if len(where) < 2:
                continue
            others = set.intersection(*(set(geo.cell_houses[c]) for c in where)) - {h}
            for o in sorted(others):
                other = geo.houses[o]
                gone = live_eliminations(state, (c for c in other.cells if c not in house.cells), d)
                if gone:
                    yield make_step(state, technique, eliminations=gone, cells=where,
                                    candidates=[(c, d) for c in where], digit=d,
                                    houses=[house_ref(state, house), house_ref(state, other)])


def pointing(state: VariantState) -> Iterator[Step]:
    """A region's (window's, diagonal's) digit confined to another house is out of its other cells."""
    return _locked(state, False)


def claiming(state: VariantState) -> Iterator[Step]:
    """A row's or column's digit confined to another house is out of that house's other cells."""
    return _locked(state, True)


def _naked(state: VariantState, k: int) -> Iterator[Step]:
    geo = state.geometry
    technique = ("naked_pair", "naked_triple", "naked_quad")[k - 2]
    for house in geo.houses:
        empty = [c for c in house.cells if not state.values[c] and popcount(state.cands[c]) <= k]
        if len(empty) < k:
            continue
        for group in combinations(empty, k):
            union = 0
            for c in group:
                union |= state.cands[c]
            if popcount(union) != k:
                continue
            gone = [p for d in digits_of(union)
                    for p in live_eliminations(state, (c for c in house.cells if c not in group), d)]
            if gone:
                yield make_step(state, technique, eliminations=gone, cells=group,
                                candidates=[(c, d) for c in group for d in digits_of(state.cands[c])],
                                digits=digits_of(union), house=house_ref(state, house))


def _hidden(state: VariantState, k: int) -> Iterator[Step]:
    geo = state.geometry
    technique = ("hidden_pair", "hidden_triple", "hidden_quad")[k - 2]
    for h in geo.full_houses:
        house = geo.houses[h]
        placed = _placed(state, house.cells)
        spots = {}
        for d in range(1, state.size + 1):
            bit = 1 << (d - 1)
            if not placed & bit:
                where = frozenset(c for c in house.cells if state.cands[c] & bit)
                if 2 <= len(where) <= k:
                    spots[d] = where
        for ds in combinations(sorted(spots), k):
            cells = frozenset().union(*(spots[d] for d in ds))
            if len(cells) != k:
                continue
            keep = sum(1 << (d - 1) for d in ds)
            gone = [(c, d) for c in sorted(cells) for d in digits_of(state.cands[c] & ~keep)]
            if gone:
                yield make_step(state, technique, eliminations=gone, cells=sorted(cells),
                                candidates=[(c, d) for c in sorted(cells) for d in ds
                                            if state.cands[c] >> (d - 1) & 1],
                                digits=list(ds), house=house_ref(state, house))


def naked_pair(state: VariantState) -> Iterator[Step]:
    """Two cells of a house (a cage too) with the same two candidates: those digits are out of the rest."""
    return _naked(state, 2)


def naked_triple(state: VariantState) -> Iterator[Step]:
    return _naked(state, 3)


def naked_quad(state: VariantState) -> Iterator[Step]:
    return _naked(state, 4)


def hidden_pair(state: VariantState) -> Iterator[Step]:
    """Two digits of a house of N cells with the same two places: those cells hold nothing else."""
    return _hidden(state, 2)


def hidden_triple(state: VariantState) -> Iterator[Step]:
    return _hidden(state, 3)


def hidden_quad(state: VariantState) -> Iterator[Step]:
    return _hidden(state, 4)


def _fish(state: VariantState, k: int) -> Iterator[Step]:
    n = state.size
    technique = ("x_wing", "swordfish", "jellyfish")[k - 2]
    for d in range(1, n + 1):
        bit = 1 << (d - 1)
        for rows_first in (True, False):
            spots = {}
            for line in range(n):
                cells = [line * n + i if rows_first else i * n + line for i in range(n)]
                if any(state.values[c] == d for c in cells):
                    continue
                where = frozenset(i for i, c in enumerate(cells) if state.cands[c] & bit)
                if 2 <= len(where) <= k:
                    spots[line] = where
            for base in combinations(sorted(spots), k):
                cover = frozenset().union(*(spots[b] for b in base))
                if len(cover) != k:
                    continue
                gone = []
                for line in range(n):
                    if line in base:
                        continue
                    for i in cover:
                        c = line * n + i if rows_first else i * n + line
                        if state.cands[c] & bit:
                            gone.append((c, d))
                if gone:
                    cells = [b * n + i if rows_first else i * n + b for b in base for i in spots[b]]
                    kind, other = ("row", "col") if rows_first else ("col", "row")
                    yield make_step(state, technique, eliminations=gone, cells=cells,
                                    candidates=[(c, d) for c in cells], digit=d,
                                    base=[kind, [b for b in base]], cover=[other, sorted(cover)])


def x_wing(state: VariantState) -> Iterator[Step]:
    """A digit in two rows confined to the same two columns is out of the rest of those columns (and
    the other way round)."""
    return _fish(state, 2)


def swordfish(state: VariantState) -> Iterator[Step]:
    return _fish(state, 3)


def jellyfish(state: VariantState) -> Iterator[Step]:
    return _fish(state, 4)


TECHNIQUES = [
    VariantTechnique("full_house", "Full House", "唯余法", 1.0, full_house,
                     "{house} has one empty cell left", "{house}只剩一个空格"),
    VariantTechnique("hidden_single", "Hidden Single", "排除法", 1.2, hidden_single,
                     "{digit} has only one place left in {house}", "{digit} 在{house}中只剩一个位置"),
    VariantTechnique("naked_single", "Naked Single", "唯一候选数", 2.3, naked_single,
                     "{cells} has only one candidate left, {digit}", "{cells} 只剩一个候选数 {digit}"),
    VariantTechnique("pointing", "Pointing", "区块摒除", 2.6, pointing,
                     "in {house0}, {digit} lies only in {cells}, all in {house1}",
                     "在{house0}中，{digit} 只在 {cells}，都在{house1}里"),
    VariantTechnique("claiming", "Claiming", "行列区块", 2.8, claiming,
                     "in {house0}, {digit} lies only in {cells}, all in {house1}",
                     "在{house0}中，{digit} 只在 {cells}，都在{house1}里"),
    VariantTechnique("naked_pair", "Naked Pair", "显性数对", 3.0, naked_pair,
                     "in {house}, {cells} hold only {digits}", "在{house}中，{cells} 只能是 {digits}"),
    VariantTechnique("x_wing", "X-Wing", "X 翼", 3.2, x_wing,
                     "{digit} in {base} lies only in {cover}", "{base}中的 {digit} 只在{cover}"),
    VariantTechnique("hidden_pair", "Hidden Pair", "隐性数对", 3.4, hidden_pair,
                     "in {house}, {digits} fit only in {cells}", "在{house}中，{digits} 只能在 {cells}"),
    VariantTechnique("naked_triple", "Naked Triple", "显性三数组", 3.6, naked_triple,
                     "in {house}, {cells} hold only {digits}", "在{house}中，{cells} 只能是 {digits}"),
    VariantTechnique("swordfish", "Swordfish", "剑鱼", 3.8, swordfish,
                     "{digit} in {base} lies only in {cover}", "{base}中的 {digit} 只在{cover}"),
    VariantTechnique("hidden_triple", "Hidden Triple", "隐性三数组", 4.0, hidden_triple,
                     "in {house}, {digits} fit only in {cells}", "在{house}中，{digits} 只能在 {cells}"),
    VariantTechnique("naked_quad", "Naked Quad", "显性四数组", 5.0, naked_quad,
                     "in {house}, {cells} hold only {digits}", "在{house}中，{cells} 只能是 {digits}"),
    VariantTechnique("jellyfish", "Jellyfish", "水母", 5.2, jellyfish,
                     "{digit} in {base} lies only in {cover}", "{base}中的 {digit} 只在{cover}"),
    VariantTechnique("hidden_quad", "Hidden Quad", "隐性四数组", 5.4, hidden_quad,
                     "in {house}, {digits} fit only in {cells}", "在{house}中，{digits} 只能在 {cells}"),
]
