"""The variant technique registry: every record, cheapest first, read by the driver, the words and
the CLI; the last resort ``guess`` places the solution's digit where logic stops."""

from __future__ import annotations

from collections.abc import Iterator

from engine.logic.variant import (
    aic,
    arrowhouse,
    cages,
    chains,
    deeper,
    diagonals,
    forcing,
    houses,
    killer,
    lines,
    nested,
    pairhouse,
    pairs,
    rules,
    splits,
    wings,
)
from engine.logic.variant.common import VariantTechnique, make_step
from engine.logic.variant.state import VariantState, popcount
from engine.steps import Step

GUESS_COST = 10.0


def guess(state: VariantState) -> Iterator[Step]:
    """Place the solution's digit in an empty cell with the fewest candidates (nothing without a solution)."""
    if state.solution is None:
        return
    empty = [c for c, v in enumerate(state.values) if not v]
    if not empty:
        return
    cell = min(empty, key=lambda c: (popcount(state.cands[c]), c))
    d = state.solution[cell]
    yield make_step(state, "guess", placements=[(cell, d)], cells=[cell], digit=d,
                    left=popcount(state.cands[cell]))


GUESS = VariantTechnique("guess", "Guess", "猜测", GUESS_COST, guess,
                         "logic alone goes no further here: {cells} is {digit} (the solution's digit, "
                         "one of {left} candidates)",
                         "此处仅靠逻辑无法继续：{cells} 是 {digit}（解中的数，{left} 个候选数之一）")


def _family(module: object, name: str) -> list[VariantTechnique]:
    return [t._replace(family=name) for t in module.TECHNIQUES]  # type: ignore[attr-defined]


VARIANT_TECHNIQUES: tuple[VariantTechnique, ...] = tuple(sorted(
    _family(rules, "rules") + _family(houses, "houses") + _family(cages, "cages") + _family(killer, "cages")
    + _family(splits, "cages") + _family(pairs, "pairs") + _family(lines, "lines")
    + _family(arrowhouse, "lines") + _family(diagonals, "lines") + _family(pairhouse, "pairs")
    + _family(wings, "wings")
    + _family(aic, "chains")  # before the contradiction trials: the AIC's 7.0 is tried before theirs
    + _family(chains, "chains")
    + _family(forcing, "chains") + _family(nested, "chains") + _family(deeper, "chains")
    + [GUESS._replace(family="guess")],
    key=lambda t: t.cost))
_BY_ID = {t.id: t for t in VARIANT_TECHNIQUES}


def variant_technique(technique_id: str) -> VariantTechnique:
    """The record of a variant technique id; KeyError for an unknown one."""
    return _BY_ID[technique_id]
