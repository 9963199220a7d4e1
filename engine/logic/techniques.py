"""The one registry of techniques: every record, ordered by what a step costs, read by the driver
(:mod:`engine.logic.human`), the rating (:mod:`engine.rating.difficulty`), the wording
(:mod:`engine.words.wording`), the CLI's technique ids, the hint ladder and the UI.

A record (:class:`~engine.logic.strategies.Technique`) is declared by its family module with its names,
registered score (SE's ladder), finder, ``needs_unique``, ``covered_by`` and explanation templates
(their extra fields are :mod:`engine.words.wording`'s); here it gets its family and its cost.  The cost
is SE's own value for the techniques SE names and, for a pattern SE does not name, what SE rates
the puzzles it is the hardest step of (:data:`SE_COST`, fitted on the tuning half: see
:mod:`engine.rating.difficulty`).  How a step's cost grows beyond its technique's is :func:`step_cost`:
forcing chains, Nishio and unique loops carry their own score by kind, length or size, and an AIC
through a group or an almost locked set costs :data:`GROUPED_CHAIN_EXTRA` more.

To add a technique: write its finder, declare its record in its family's ``FAMILY`` (a new
family module also goes in :data:`FAMILY_MODULES`) and its templates in
:mod:`engine.words.templates`; give it an :data:`SE_COST` if SE's puzzles say it costs other than
its registered score.
"""

from __future__ import annotations

from types import ModuleType

from engine.logic.strategies import (
    Technique,
    als,
    als_chain,
    bent_sets,
    bug,
    chains,
    coloring,
    complex_fish,
    exclusion,
    exocet,
    fish,
    forcing,
    intersections,
    medusa,
    msls,
    nishio,
    single_digit,
    singles,
    strong_links,
    subsets,
    sue_de_coq,
    unique_loops,
    uniqueness,
    wings,
)
from engine.steps import Step

# the family modules; among techniques of equal cost and score, an earlier family is tried first
FAMILY_MODULES: tuple[ModuleType, ...] = (
    singles, intersections, subsets, fish, complex_fish, single_digit, coloring, wings, uniqueness,
    unique_loops, chains, strong_links, als, als_chain, sue_de_coq,
    exocet,  # before forcing: at the guess's price, tried before it
    forcing, nishio, medusa, bent_sets, bug, exclusion, msls,
)

# what SE charges, in effect, for patterns it does not name (fitted on the tuning half, see
# engine.rating.difficulty); techniques not listed cost their registered score
SE_COST: dict[str, float] = {
    "finned_x_wing": 4.0,
    "sashimi_x_wing": 4.1,
    "two_string_kite": 4.1,
    "turbot_fish": 4.3,
    "empty_rectangle": 4.3,
    "x_chain": 5.1,
    "sashimi_swordfish": 5.2,
    "multi_coloring": 5.2,
    "wxyz_wing": 5.2,
    "finned_swordfish": 5.4,
    "avoidable_rectangle": 5.4,
    "bug_plus_n": 5.8,
    "simple_coloring": 6.0,
    "w_wing": 6.1,
    "sue_de_coq": 6.2,
    "hidden_rectangle": 6.2,
    "xy_chain": 6.4,
    "vwxyz_wing": 6.6,
    "sashimi_jellyfish": 6.8,
    "finned_jellyfish": 6.9,
    "medusa_3d": 7.0,
    "aic": 7.3,
    "als_xz": 8.0,
    "als_xy_wing": 8.0,
    "death_blossom": 8.0,
    "als_chain": 8.0,
    # Franken and mutant fish: their registered ladder + 1.4 (SE has neither: it needs chains there)
    "franken_x_wing": 7.0,
    "finned_franken_x_wing": 7.1,
    "franken_swordfish": 7.1,
    "finned_franken_swordfish": 7.2,
    "franken_jellyfish": 7.2,
    "finned_franken_jellyfish": 7.5,
    "siamese_franken_fish": 7.3,
    "mutant_x_wing": 7.4,
    "finned_mutant_x_wing": 7.5,
    "mutant_swordfish": 7.5,
    "finned_mutant_swordfish": 7.6,
    "mutant_jellyfish": 7.6,
    "finned_mutant_jellyfish": 7.7,
    "siamese_mutant_fish": 7.7,
    "kraken_fish": 8.5,
}
# an AIC through a group or an almost locked set: SE has neither node and needs a forcing chain
GROUPED_CHAIN_EXTRA = 0.7
# techniques scored by length (forcing chains) that SE charges more for the puzzles they finish
OWN_SCORE_EXTRA: dict[str, float] = {"nishio": 0.5}


def _records() -> tuple[Technique, ...]:
    """Return every family's records with family and cost filled in, cheapest first:
    by cost, then registered score, then family, then as the family declares them."""
    found = []
    for rank, module in enumerate(FAMILY_MODULES):
        family = module.FAMILY
        name = module.__name__.rpartition(".")[2]
        for order, t in enumerate(family.techniques):
            record = t._replace(family=name, cost=SE_COST.get(t.id, t.score))
            found.append(((record.cost, record.score, rank, order), record))
    return tuple(record for _, record in sorted(found, key=lambda pair: pair[0]))


TECHNIQUES: tuple[Technique, ...] = _records()
_BY_ID: dict[str, Technique] = {t.id: t for t in TECHNIQUES}


def techniques() -> list[Technique]:
    """Return every technique, cheapest first (the order the driver tries them in); never fails."""
    return list(TECHNIQUES)


def technique(tid: str) -> Technique:
    """Return the technique with id ``tid``; raises KeyError naming it if there is none."""
    try:
        return _BY_ID[tid]
    except KeyError:
        raise KeyError(f"unknown technique {tid!r}") from None


def technique_name(tid: str, lang: str = "en") -> str:
    """Return a technique's name in ``lang`` ("en" or "zh"); raises KeyError for an unknown id."""
    found = technique(tid)
    return found.name_zh if lang == "zh" else found.name_en


def technique_cost(tid: str) -> float:
    """Return what a step of technique ``tid`` costs at least; KeyError for an unknown technique."""
    return technique(tid).cost


def step_cost(step: Step) -> float:
    """Return what SE would charge for a step (see the module docstring); KeyError for an unknown
    technique."""
    own = step.detail.get("score")  # its own score: forcing chains by kind and length, unique loops by size
    if own is not None:
        return round(float(own) + OWN_SCORE_EXTRA.get(step.technique, 0.0), 2)
    cost = technique_cost(step.technique)
    if step.technique == "aic" and (
        step.detail.get("sets") or any(len(cells) > 1 for _, cells in step.detail.get("nodes", ()))
    ):
        cost = round(cost + GROUPED_CHAIN_EXTRA, 2)
    return cost
