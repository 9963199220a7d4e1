"""The nested chains past 9x9: on a generated 16x16 whose simple steps stall, the chain finds a step
where a guess came before, its eliminations agree with the solution, worded in both languages."""

from __future__ import annotations

import numpy as np

from engine.logic.variant import VariantState, explain_variant, variant_next_step
from engine.make.variants import generate_variant
from engine.solve.variant import solve

CHAINS = {"nested_contradiction", "nested_forcing_chain", "deep_nested_contradiction"}


def test_a_generated_16x16_stall_is_broken_by_a_nested_chain_that_agrees_with_the_solution():
    rng = np.random.default_rng(14)  # `sudoku generate --size 16 -n 3 --seed 14`: the third needs a chain
    puzzle = [generate_variant("classic", 16, rng) for _ in range(3)][-1]
    solution = solve(puzzle)
    assert solution is not None
    state = VariantState.start(puzzle, solution)
    step = None
    while not state.is_solved():
        step = variant_next_step(puzzle, state, guess=False)
        assert step is not None, "the 16x16's logic stopped where a guess would come"
        if step.technique in CHAINS:
            break
        state.apply(step)
    assert step is not None and step.technique in CHAINS
    assert step.eliminations or step.placements
    assert all(solution[c] != d for c, d in step.eliminations)
    assert all(solution[c] == d for c, d in step.placements)
    en, zh = explain_variant(step), explain_variant(step, "zh")
    assert "{" not in en + zh and "if " in en and "如果" in zh
