"""The path Sudoku Explainer 1.2.1 takes with its own techniques alone, and the price it reaches: whether
SE needs a Nishio or a forcing chain (8.0 or more) somewhere, where a step SE lacks let our path past it.

The rated data's SE is 1.2.1's set of techniques: Sukaku Explainer, SE's successor, with that set
(its ``--techs`` without skyscraper/kite/turbot, the 3- and 4-strong-link fishes and the WXYZ- to
TUVWXYZ-wings) rates all 74 tuning-half SE 8+ puzzles we called expert 8 or more, as the file does;
with its own extra techniques it rated 34 of them below 8 (the diary's round 15).  So the walk here
takes, at each state, the cheapest step of the techniques SE 1.2.1 has (:data:`SE121_LACKS` left
out), priced as SE charges it (:func:`se_charge`; a Nishio as :func:`engine.rating.se_nishio.nishio_price`
counts it); where none fires below :data:`CAP` it charges CAP (SE's region forcing chains) and
takes our own cheapest step to go on.  Our chains stand in for SE's forcing X-chains and forcing
chains at their fitted prices: an AIC through a group or an almost locked set costs 8.0, which SE
can only do as a forcing chain.

Measured (tuning half, round 15): of the 62 SE 8+ puzzles rated expert, this path reaches 8.0 on 47;
of the 851 SE 7.x puzzles rated expert, on 22; of the 795 SE 2-6.9 ones, on none.  Not taken: a
path of SE's own techniques in place of ours for the score (round 12: SE 7.x master 27.6%), and
"SE's cheapest step making this step's eliminations" as a floor (round 14: 23.1%).
"""

from __future__ import annotations

from engine.candidates import CandidateGrid
from engine.logic.human import cheapest_step, drive, next_step
from engine.logic.techniques import OWN_SCORE_EXTRA, step_cost
from engine.rating.se_nishio import BASE as NISHIO_BASE
from engine.rating.se_nishio import nishio_price
from engine.steps import Step

CAP = 8.2  # SE's region forcing chains: what SE pays where none of its cheaper techniques fires
NEEDS_CHAINS = 8.0  # from here SE needs a Nishio or a forcing chain: the master band

# techniques SE has nothing like (its wings, strong-link fishes and chains cover the rest): a step of
# one costs at least SE's cheapest own step on the same state (engine.rating.difficulty.se_floor, round 11);
# the UVWXYZ- and TUVWXYZ-wings and grouped fish are Sukaku Explainer's, not SE 1.2.1's (round 15)
SE_LACKS = frozenset({
    "w_wing", "hidden_rectangle", "sue_de_coq", "medusa_3d", "simple_coloring", "multi_coloring",
    "avoidable_rectangle", "unique_rectangle_5", "unique_rectangle_6", "bug_plus_n",
    "franken_x_wing", "finned_franken_x_wing", "franken_swordfish", "finned_franken_swordfish",
    "franken_jellyfish", "finned_franken_jellyfish", "siamese_franken_fish", "mutant_x_wing",
    "finned_mutant_x_wing", "mutant_swordfish", "finned_mutant_swordfish", "mutant_jellyfish",
    "finned_mutant_jellyfish", "siamese_mutant_fish", "uvwxyz_wing", "tuvwxyz_wing", "grouped_fish",
})
# and the patterns SE 1.2.1 makes only through its chains (kites, finned fish, the smaller wings) or
# not at all: left out of its walk, with our own Nishio (SE's is priced apart) and the guess
SE121_LACKS = SE_LACKS | frozenset({
    "skyscraper", "two_string_kite", "turbot_fish", "empty_rectangle", "wxyz_wing", "vwxyz_wing",
    "finned_x_wing", "sashimi_x_wing", "finned_swordfish", "sashimi_swordfish", "finned_jellyfish",
    "sashimi_jellyfish", "kraken_fish", "als_xz", "als_xy_wing", "death_blossom", "als_chain", "msls",
    "exocet", "nishio", "guess",
})


def se_charge(step: Step) -> float:
    """Return what SE charges for a step of one of its own techniques (our price less the extra we add
    to the SE score of a technique SE prices apart); never fails."""
    return round(step_cost(step) - OWN_SCORE_EXTRA.get(step.technique, 0.0), 2)


def se_path_price(cg: CandidateGrid, unique: bool = True, enough: float = NEEDS_CHAINS) -> float:
    """Return the highest price on the path SE 1.2.1's own techniques take from ``cg`` (a copy is
    walked), stopping once it reaches ``enough``; never fails (a state no technique changes ends it)."""
    highest = 0.0

    def pick(state: CandidateGrid) -> Step | None:
        nonlocal highest
        step = cheapest_step(state, unique, among=_se121_has, below=CAP, cost=se_charge)
        price = CAP if step is None else se_charge(step)
        if price >= NISHIO_BASE:
            nishio = nishio_price(state, below=price)
            if nishio is not None:
                price, step = nishio, None
        highest = max(highest, price)
        if highest >= enough:
            return None
        # where SE needs a Nishio or a forcing chain, our own cheapest step makes progress in its place
        return step if step is not None else next_step(state, unique=unique)

    for _ in drive(cg.copy(), pick):
        pass
    return highest


def _se121_has(technique: str) -> bool:
    return technique not in SE121_LACKS
