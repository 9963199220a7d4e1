"""Variant human logic: the steps a person takes on any size and any constraint, worded in English and
Chinese, and the level they make.

Beside the classic logic (engine/human.py and friends, 9x9 and numba-compiled, unchanged), this
package works on the one puzzle model (:mod:`engine.puzzle.model`) through one notion of house:

    state.py       the candidate state of any size (bit masks per cell), its houses and peers
    sums.py        which digits fit a sum over a few cells (cages, lines, the 45 rule)
    houses.py      singles, locked candidates, subsets and fish on every house
    cages.py       cage combinations, cage and house overlap, innies and outies
    killer.py      the cages of a house fitted together (with the 45 rule's innies/outies as a cage)
    lines.py       thermometers, arrows, little killers, sandwiches; arrowhouse.py the arrows whose
                   lines lie in one house, filled together with it
    pairs.py       Kropki dots, XV, greater-than, non-consecutive pairs, odd and even; pairhouse.py
                   the marks joining cells of one house, filled together with it
    rules.py       anti-knight, anti-king, non-consecutive: what a placed digit sees
    links.py       what cells see (any house, anti-knight and anti-king moves) and the strong and
                   weak links of candidates; wings.py XY-, XYZ- and W-wings; aic.py X-chains,
                   XY-chains and alternating inference chains (chainwords.py their words)
    chains.py      forcing chains to a contradiction (the compiled propagation picks the trials);
                   nested.py one level deeper
    techniques.py  the registry (cheapest first) and the last-resort guess
    driver.py      next step, the path, the levels
    words.py       the words of a step; check.py an answer's independent check; search.py the solution
"""

from engine.logic.variant.driver import (
    LEVELS,
    VariantRating,
    rate_variant,
    variant_next_step,
    variant_path,
    variant_steps,
)
from engine.logic.variant.state import VariantState
from engine.logic.variant.techniques import VARIANT_TECHNIQUES, variant_technique
from engine.logic.variant.words import explain_variant

__all__ = ["LEVELS", "VARIANT_TECHNIQUES", "VariantRating", "VariantState", "explain_variant", "rate_variant",
           "variant_next_step", "variant_path", "variant_steps", "variant_technique"]
