"""Nested forcing chains: a contradiction reached only when the trial itself rules candidates out by
contradictions of its own (SE's dynamic forcing chains, one level deeper than :mod:`.chains`).

    If r1c1 were 5: the simple steps give r1c2=3, r4c2=8; there r6c6 cannot be 2 (if it were, the
    simple steps give r6c7=9, and row 6 has no place left for 4), so ...; and box 5 has no place left
    for 7.  So r1c1 is not 5.

The search for such a chain is too dear in Python (every candidate, and inside each trial every
candidate again), so the compiled propagation (``engine.solve.variant_prober.Prober``) picks the outer
candidates whose trial dies once its own contradictions are taken out; only those are replayed by
the worded steps here, each inner elimination found by a worded trial (:func:`.chains.trial`), so
every fact the words state is one the simple steps show; the inner facts are then cut to those the
trial needs (:mod:`.trim`).  Without the compiled engine nothing fires.

The deep nested contradiction (cost 8.8, after every other chain) is the same search with inner trials
on cells of up to 4 candidates, then 6 where that finds nothing (DEEP), its replay following the
45 rule's steps where the simple ones fall short (as the nested forcing chain's branches do): tried
only where a guess would come next, so a path that needs no guess is as it was.  At the train
killers' first guesses cells of 4 candidates gave a step on four of six (0.1-0.9 s a search), where
cells of 3 found none, and cells of 6 on three of the guesses left after that (0.3-1.2 s).
Where those find nothing on a killer, the same searches are picked by the program with the search's
sums across houses (their cuts are worded now: the 45 rule's least-crossing count, :mod:`.crossing`),
then with inner cells of up to 7 candidates, one replay of at most ACROSS_TRIALS inner trials: wecoc-2
1 -> 0 guesses (20 -> 77 CPU s, its 35 deep chains), a failing search at a guess left ~1-5 s.
Where all of these find nothing, :mod:`.deeper` goes one level further.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from engine.logic.variant import chains, trim
from engine.logic.variant.common import VariantTechnique, make_step
from engine.logic.variant.state import VariantState, digits_of, popcount
from engine.steps import Step

INNER_CANDIDATES = 3  # inside a trial, cells with more candidates are not tried (the cost grows fast)
INNER_ROUNDS = 3  # rounds of inner contradictions per trial before it gives up
MAX_SIZE = 16  # a 16x16's ~700-2000 outer candidates fit BUDGET (~0.3 s a search there, ~5 us a trial)
WIDE_PAST = 9  # past this size the replay follows locked candidates too (:func:`replay`'s ``wide``)
BUDGET = 50000  # compiled trials, outer and inner, per search (9x9 searches spend at most ~3,500; a 16x16's
# ~2000 outer candidates would spend millions: at ~20 us a trial this keeps a search near 1 s)
MAX_REPLAYS = 3  # outer candidates the worded steps replay per search (each replay costs ~0.1-0.5 s)
DEEP_BUDGET = 150000  # compiled trials of the widest deep search (wecoc-2's guesses: ~70k, 1-2 s)
# the deep nested contradiction's searches, each where the last found nothing: (with the sums across
# houses, inner trials on cells of up to this many candidates, compiled trials)
DEEP = ((False, 4, BUDGET, MAX_REPLAYS), (False, 6, BUDGET, MAX_REPLAYS), (True, 4, BUDGET, MAX_REPLAYS),
        (True, 6, BUDGET, MAX_REPLAYS), (True, 7, DEEP_BUDGET, 1))
PAST_9_BUDGET = 300000  # past 9x9 the deep search with inner cells of up to 6 candidates spends more: a 16x16
# X's stalls need ~100-300k trials there (~1.5 s; with 3, uncapped, they have none)
DEEP_PAST_9 = (DEEP[0], (False, 6, PAST_9_BUDGET, MAX_REPLAYS), *DEEP[2:])
ACROSS_TRIALS = 300  # worded inner trials per replay picked with the sums across houses (wecoc-2's took
# 120; a replay hs-killers-9's guess could not word ran 969, 5 s)


def inner_fixpoint(fast: Any, row: np.ndarray) -> np.ndarray | None:
    """The propagated ``row`` with its few-candidate cells' dead candidates out (INNER_ROUNDS rounds),
    None when it dies."""
    return fast.inner_fixpoint(row, INNER_CANDIDATES, INNER_ROUNDS)


def candidates(state: VariantState, fast: Any, inner: int = INNER_CANDIDATES, budget: int = BUDGET,
                want: int = MAX_REPLAYS) -> list[tuple[int, int]]:
    """The outer candidates whose compiled trial dies through inner contradictions (not at once), the
    inner trials on cells of up to ``inner`` candidates."""
    row = fast.state(state.mask(c) for c in range(len(state.values)))
    empty = sorted((c for c, v in enumerate(state.values) if not v), key=lambda c: popcount(state.cands[c]))
    tries = [(c, d) for c in empty for d in digits_of(state.cands[c])]
    return fast.nested_dead(row, tries, inner, INNER_ROUNDS, want, budget)


def replay(state: VariantState, cell: int, digit: int, inner_cands: int = INNER_CANDIDATES,
           wide: bool = False, across: bool = False) -> dict[str, Any] | None:
    """The worded chain of ``digit`` in ``cell`` dying through inner contradictions (on cells of up to
    ``inner_cands`` candidates; ``wide``: with the 45 rule's steps where the simple ones fall short):
    its facts, or None when those steps and their own trials do not show it.  ``across``: the inner
    trials picked by the compiled propagation with the sums across houses, ACROSS_TRIALS at most."""
    s = state.copy()
    s.place(cell, digit)
    made: list[tuple[int, int]] = []
    inner: list[dict[str, Any]] = []
    tried = 0
    for _ in range(INNER_ROUNDS + 1):
        why = chains.run_wide(s, made, wide)
        if why is not None:
            return {"chain": [list(p) for p in made], "inner": inner, **chains.why_detail(why)}
        few = [c for c, v in enumerate(s.values) if not v and popcount(s.cands[c]) <= inner_cands]
        found = False
        for c, d in chains.flagged(s, few, across):
            tried += 1
            if across and tried > ACROSS_TRIALS:
                return None
            why, sub = chains.trial_wide(s, c, d, wide)
            if why is not None:
                s.eliminate(c, d)
                inner.append(chains.inner_fact(c, d, sub, why))
                found = True
        if not found:
            return None
    return None


def nested_contradiction(state: VariantState) -> Iterator[Step]:
    """A candidate whose trial dies once the trial's own contradictions are taken out is out."""
    fast = chains.prober(state)
    if fast is None or state.size > MAX_SIZE:
        return
    wide = state.size > WIDE_PAST  # the compiled propagation that picked the candidate has locked
    for cell, d in candidates(state, fast):  # candidates; 9x9 paths were tuned without them (kept)
        facts = replay(state, cell, d, wide=wide)
        if facts is not None:
            yield step_of(state, cell, d, trim.trimmed(state, cell, d, facts, wide))


def step_of(state: VariantState, cell: int, digit: int, facts: dict[str, Any],
            technique: str = "nested_contradiction") -> Step:
    """The ``technique`` step that ``replay``'s facts show, or a plain forcing chain when the worded steps
    alone killed the trial (they see what the compiled filter does not): none is worded with no inner one."""
    if not facts["inner"]:
        facts = {k: v for k, v in facts.items() if k != "inner"}
        technique = "contradiction"
    return make_step(state, technique, eliminations=[(cell, digit)], cells=[cell],
                     candidates=[(cell, digit)], digit=digit, **facts)


def deep_nested_contradiction(state: VariantState) -> Iterator[Step]:
    """The nested contradiction with inner trials on cells of up to 4 candidates (then 6, when that
    finds nothing) and the 45 rule's steps in the replay: the last chain before a guess.  Where that
    finds nothing, the same picked by the compiled propagation with the search's sums across houses,
    then with inner trials on cells of up to 7 candidates (:data:`DEEP`; past 9x9 :data:`DEEP_PAST_9`)."""
    if state.size > MAX_SIZE:
        return
    for across, inner, budget, want in DEEP if state.size <= WIDE_PAST else DEEP_PAST_9:
        if across and not state.cages():  # the words state the cages' sums across houses, not the little
            return  # killers' intersections: without cages nothing more would be worded
        fast = chains.prober(state, across)
        if fast is None:
            return
        found = False
        for cell, d in candidates(state, fast, inner, budget, want):
            facts = replay(state, cell, d, inner, wide=True, across=across)
            if facts is not None:
                found = True
                yield step_of(state, cell, d, trim.trimmed(state, cell, d, facts, True, across),
                              "deep_nested_contradiction")
        if found:
            return


TECHNIQUES = [
    VariantTechnique("nested_contradiction", "Nested Forcing Chain (contradiction)", "嵌套强制链（矛盾）",
                     8.0, nested_contradiction,
                     "if {cells} were {digit}, then {chain}; {inner}; and {dead}",
                     "如果 {cells} 是 {digit}，那么 {chain}；{inner}；而{dead}"),
    VariantTechnique("deep_nested_contradiction", "Deep Nested Forcing Chain (contradiction)",
                     "深层嵌套强制链（矛盾）", 8.8, deep_nested_contradiction,
                     "if {cells} were {digit}, then {chain}; {inner}; and {dead}",
                     "如果 {cells} 是 {digit}，那么 {chain}；{inner}；而{dead}"),
]
