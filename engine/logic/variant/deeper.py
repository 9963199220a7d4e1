"""Nested forcing chains one level deeper still: a contradiction reached only once the trial's own
inner contradictions are out, some of them nested chains themselves (SE's nested forcing chains of a
higher level).

    If r1c1 were 5: the simple steps give r1c2=3; there r4c4 cannot be 2 (if it were, r4c5=9; there
    r6c6 cannot be 1 (if it were, ..., and row 6 has no place left for 4), and box 5 has no place left
    for 7); ...; and column 3 has no place left for 8.  So r1c1 is not 5.

The last chain before a guess (cost 9.4): where the deep nested contradiction (:mod:`.nested`) finds
nothing.  The compiled propagation picks the outer candidates (``Prober.deep_dead``: each inner trial
on any cell, its own inner trials on cells of up to INNER_MOST candidates, ROUNDS rounds at each
level); the worded steps replay them, each inner fact a worded plain chain or, where none is left, a
worded nested chain (:func:`.nested.replay`, its inner facts cut by :mod:`.trim`).
Measured on the held-out stand-in (docs/variant-levels.md): Bicycle race 3 -> 0 guesses, "Arrow, slow"
1 -> 0, Tarek #38 1 -> 0, the hard MATHEMAGIC killers 2-3 -> 1, at 4-27x the CPU of their paths (a
search over every candidate of a stall takes 4-150 s, hence WANT, BUDGET and the finds kept; a path's
searches stop at PATH_BUDGET trials, and a state is searched once: the hard anti-consecutive's ten stalls
each spent 20M trials, 60 s, before).  Past 9x9 too: the stand-in's very hard 16x16 X 5 -> 0 guesses
(9 steps, 102M trials, 1,058 CPU s beside a CI run), its searches capped by PAST_9_BUDGET there.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.logic.variant import chains, nested, trim
from engine.logic.variant.common import VariantTechnique
from engine.logic.variant.state import VariantState, digits_of, popcount
from engine.steps import Step

INNER_MOST = 4  # the inner trials' own inner trials: cells of up to this many candidates
ROUNDS = (2, 3)  # rounds of inner contradictions at each level of the compiled search, 3 where 2 find none
WANT = 8  # outer candidates a search finds (those left kept for the next steps)
BUDGET = 20_000_000  # compiled trials per search (~1 us each: ~20 s where nothing is found)
PATH_BUDGET = 200_000_000  # compiled trials of all a path's searches ("I want to break free" needs 132M)
PAST_9_BUDGET = 120_000_000  # past 9x9 at most this, a trial costing over 2x (the very hard 16x16 X: 102M)
NESTED_PER_ROUND = 16  # worded nested inner facts per round of a replay
NESTED_BUDGET = 1_000_000  # compiled trials picking them (inner trials on any cell: ~1k a candidate)
REPLAY_ROUNDS = 40  # rounds of a replay (each of plain facts, or where none is left, nested ones)


def _outer(state: VariantState, fast: Any, fresh: bool) -> list[tuple[int, int]]:
    """The outer candidates whose compiled trial dies only through nested inner contradictions: those the
    last search found that are still candidates (a candidate dead on a state stays dead once more are out,
    so a search serves up to WANT steps), or with ``fresh`` those a new search finds."""
    found: list[tuple[int, int]] = state.geometry.remember("deeper_found", lambda _: [])
    if not fresh:
        return [t for t in found if _live(state, *t)]
    spent: dict[str, Any] = state.geometry.remember("deeper_spent", lambda _: {"trials": 0, "last": None})
    cap = PATH_BUDGET if state.size <= nested.WIDE_PAST else min(PATH_BUDGET, PAST_9_BUDGET)
    masks = tuple(state.mask(c) for c in range(len(state.values)))
    if masks == spent["last"] or spent["trials"] >= cap:
        return []  # searched in vain already (a hint, then a guess, at one stall), or the budget is spent
    spent["last"] = masks
    row = fast.state(masks)
    empty = sorted((c for c, v in enumerate(state.values) if not v), key=lambda c: popcount(state.cands[c]))
    tries = [(c, d) for c in empty for d in digits_of(state.cands[c])]
    found.clear()
    for rounds in ROUNDS:
        budget = min(BUDGET, cap - spent["trials"])
        if found or budget <= 0:  # (a budget of 0 is no cap to the kernel)
            break
        found[:] = fast.deep_dead(row, tries, INNER_MOST, rounds, WANT, budget)
        spent["trials"] += fast.spent
    return list(found)


def _live(s: VariantState, cell: int, digit: int) -> bool:
    return not s.values[cell] and bool(s.cands[cell] >> (digit - 1) & 1)


def _plain(s: VariantState, across: bool) -> Iterator[dict[str, Any]]:
    """The inner facts of ``s``'s candidates whose worded trial dies (the compiled propagation picks
    them), each found on ``s`` as the caller leaves it."""
    for c, d in chains.flagged(s, None, across):
        if _live(s, c, d):
            why, sub = chains.trial_wide(s, c, d, True)
            if why is not None:
                yield chains.inner_fact(c, d, sub, why)


def _nested(s: VariantState, across: bool) -> Iterator[dict[str, Any]]:
    """The inner facts of a few of ``s``'s candidates whose worded nested chain dies
    (:func:`.nested.replay`, cut by :mod:`.trim`), each found on ``s`` as the caller leaves it."""
    fast = chains.prober(s, across)
    for c, d in nested.candidates(s, fast, INNER_MOST, NESTED_BUDGET, NESTED_PER_ROUND):
        if _live(s, c, d) and (facts := nested.replay(s, c, d, INNER_MOST, wide=True, across=across)):
            yield {"cell": c, "digit": d, **trim.trimmed(s, c, d, facts, True, across)}


def replay(state: VariantState, cell: int, digit: int, across: bool) -> dict[str, Any] | None:
    """The worded chain of ``digit`` in ``cell`` dying once its inner contradictions, plain or (where no
    plain one is left) nested, are out, the simple steps followed after each, so it stops at the first
    that kills it: its facts, or None when the worded steps do not show it."""
    s = state.copy()
    s.place(cell, digit)
    made: list[tuple[int, int]] = []
    inner: list[dict[str, Any]] = []
    why = chains.run_wide(s, made, True)
    for _ in range(REPLAY_ROUNDS):
        if why is not None:
            return {"chain": [list(p) for p in made], "inner": inner, **chains.why_detail(why)}
        before = len(inner)
        for source in (_plain, _nested):
            for fact in source(s, across):
                s.eliminate(fact["cell"], fact["digit"])
                inner.append(fact)
                if (why := chains.run_wide(s, made, True)) is not None:
                    break
            if len(inner) > before:  # nested facts only where no plain one is left
                break
        if len(inner) == before:
            return None
    return None


def deeper_nested_contradiction(state: VariantState) -> Iterator[Step]:
    """A candidate whose trial dies once its own contradictions, nested chains among them, are out."""
    if state.size > nested.MAX_SIZE:
        return
    across = bool(state.cages())
    fast = chains.prober(state, across)
    if fast is None:
        return
    for fresh in (False, True):
        for cell, d in _outer(state, fast, fresh):
            facts = replay(state, cell, d, across)
            if facts is None:
                continue
            if any(f.get("inner") for f in facts["inner"]):
                yield nested.step_of(state, cell, d, facts, "deeper_nested_contradiction")
            else:  # no inner fact is nested: a deep nested chain, its inner trials on cells of any size
                facts = trim.trimmed(state, cell, d, facts, True, across)
                yield nested.step_of(state, cell, d, facts, "deep_nested_contradiction")
            return


TECHNIQUES = [
    VariantTechnique("deeper_nested_contradiction", "Deeper Nested Forcing Chain (contradiction)",
                     "更深层嵌套强制链（矛盾）", 9.4, deeper_nested_contradiction,
                     "if {cells} were {digit}, then {chain}; {inner}; and {dead}",
                     "如果 {cells} 是 {digit}，那么 {chain}；{inner}；而{dead}"),
]
