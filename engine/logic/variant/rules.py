"""The rules on the whole grid: a placed digit removes itself from the cells it sees through the rule.

    . . . . .     Anti-knight: no digit repeats a knight's move away; anti-king, a king's move away
    . x . x .     (the diagonal neighbours: the others share a row or column); non-consecutive: an
    x . . . x     orthogonal neighbour of a placed d cannot be d - 1 nor d + 1.
    . . 5 . .
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from engine.logic.variant.common import VariantTechnique, make_step
from engine.logic.variant.state import VariantState
from engine.steps import Step

KNIGHT = ((-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1))
KING = ((-1, -1), (-1, 1), (1, -1), (1, 1))
ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))


@cache
def moves(n: int, steps: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
    """For each cell of an n x n grid, the cells the given (row, col) steps reach."""
    out = []
    for c in range(n * n):
        r, k = divmod(c, n)
        out.append(tuple((r + dr) * n + k + dk for dr, dk in steps if 0 <= r + dr < n and 0 <= k + dk < n))
    return tuple(out)


def _rule_steps(state: VariantState, rule: str, technique: str, steps: tuple) -> Iterator[Step]:
    if rule not in state.geometry.rules:
        return
    reach = moves(state.size, steps)
    for c, d in enumerate(state.values):
        if not d:
            continue
        ds = [x for x in (d - 1, d + 1) if 1 <= x <= state.size] if technique == "non_consecutive" else [d]
        gone = [(p, x) for p in reach[c] for x in ds if state.cands[p] >> (x - 1) & 1]
        if gone:
            yield make_step(state, technique, eliminations=gone, cells=[c, *sorted({p for p, _ in gone})],
                            digit=d, digits=ds, rule=rule)


def anti_knight(state: VariantState) -> Iterator[Step]:
    """A placed digit is out of the cells a knight's move away."""
    return _rule_steps(state, "antiknight", "anti_knight", KNIGHT)


def anti_king(state: VariantState) -> Iterator[Step]:
    """A placed digit is out of the cells a king's move away."""
    return _rule_steps(state, "antiking", "anti_king", KING)


def non_consecutive(state: VariantState) -> Iterator[Step]:
    """A placed digit's neighbours cannot be one more or one less."""
    return _rule_steps(state, "nonconsecutive", "non_consecutive", ORTHOGONAL)


TECHNIQUES = [
    VariantTechnique("anti_knight", "Anti-knight", "无马步", 1.0, anti_knight,
                     "{first} is {digit}: no cell a knight's move away can be {digit}",
                     "{first} 是 {digit}：马步可达的格不能是 {digit}"),
    VariantTechnique("anti_king", "Anti-king", "无王步", 1.0, anti_king,
                     "{first} is {digit}: no cell touching it diagonally can be {digit}",
                     "{first} 是 {digit}：斜向相邻的格不能是 {digit}"),
    VariantTechnique("non_consecutive", "Non-consecutive", "非连续", 1.0, non_consecutive,
                     "{first} is {digit}: its neighbours cannot be {digits}",
                     "{first} 是 {digit}：相邻格不能是 {digits}"),
]
