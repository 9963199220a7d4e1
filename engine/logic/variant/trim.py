"""The few inner contradictions a nested chain needs, of the many its replay found.

A nested chain's worded replay (:func:`.nested.replay`) takes out, round after round, every candidate
whose own trial dies, and stops when the outer trial dies: on the train killers 2 to 222 inner facts a
step (median ~15), of which the words show four.  Most are not needed: the trial dies just as well
with a few of them out.  Here the list is cut to the fewest that still kill the trial: taken out one
by one, each first shown dead by the compiled propagation on the words' state, with the replay's steps
followed after each (the shortest prefix, then each one dropped that is not needed), and the chain is
worded again from those alone by the same steps as the replay; the replay's own facts stand when the
words do not follow the cut.  The candidate ruled out, and so the path, is the same either way.
On the train killers' paths (same steps): wecoc-2's 63 nested chains median 67 -> 10 inner facts
(2 -> 26 of them short enough to be shown whole), 63 -> 88 CPU s (100 s with a binary search on the
prefix, each probe re-running the words from the start).
"""

from __future__ import annotations

from typing import Any

from engine.logic.variant import chains
from engine.logic.variant.state import VariantState

Pair = tuple[int, int]
MAX_DROPS = 16  # a longer shortest prefix is kept whole (each drop tried re-runs the words: n^2 runs)


def _dying(fast: Any, state: VariantState, cell: int, digit: int, inner: list[Pair],
           wide: bool) -> int | None:
    """How many of ``inner`` (a prefix) are out when the trial dies, with ``digit`` in ``cell`` and the
    replay's steps followed again after each one the compiled propagation shows dead; None when it lives
    or one is not shown dead.  The words' own state, so what they add to the propagation counts."""
    s = state.copy()
    s.place(cell, digit)
    made: list[Pair] = []
    why = chains.run_wide(s, made, wide)
    for i, (c, d) in enumerate(inner):
        if why is not None:
            return i
        if s.values[c] or not s.cands[c] >> (d - 1) & 1:
            continue
        if not fast.dead(fast.state(s.mask(x) for x in range(len(s.values))), [(c, d)]):
            return None
        s.eliminate(c, d)
        why = chains.run_wide(s, made, wide)
    return len(inner) if why is not None else None


def fewest(fast: Any, state: VariantState, cell: int, digit: int, inner: list[Pair],
           wide: bool) -> list[Pair]:
    """The fewest of ``inner`` (in order) that still kill the trial (:func:`_dying`): the shortest
    prefix, then each one dropped that is not needed (of at most MAX_DROPS); all of them when the check
    fails."""
    used = _dying(fast, state, cell, digit, inner, wide)
    if used is None:
        return inner
    kept = inner[:used]
    if len(kept) > MAX_DROPS:
        return kept
    for i in range(len(kept) - 2, -1, -1):  # the last one is needed (the prefix is the shortest)
        fewer = kept[:i] + kept[i + 1:]
        if i < len(kept) - 1 and (used := _dying(fast, state, cell, digit, fewer, wide)) is not None:
            kept = fewer[:used]
    return kept


def reworded(state: VariantState, cell: int, digit: int, inner: list[Pair],
             wide: bool) -> dict[str, Any] | None:
    """The chain of ``digit`` in ``cell`` dying once ``inner``'s candidates (in order, each shown out by
    its own worded trial) are out: the replay's facts, or None when the worded steps do not show it."""
    s = state.copy()
    s.place(cell, digit)
    made: list[Pair] = []
    facts: list[dict[str, Any]] = []
    why = chains.run_wide(s, made, wide)
    for c, d in inner:
        if why is not None:
            break
        if s.values[c] or not s.cands[c] >> (d - 1) & 1:
            continue
        sub_why, sub = chains.trial_wide(s, c, d, wide)
        if sub_why is None:
            return None
        s.eliminate(c, d)
        facts.append(chains.inner_fact(c, d, sub, sub_why))
        why = chains.run_wide(s, made, wide)
    if why is None:
        return None
    return {"chain": [list(p) for p in made], "inner": facts, **chains.why_detail(why)}


def trimmed(state: VariantState, cell: int, digit: int, facts: dict[str, Any], wide: bool,
            across: bool = False) -> dict[str, Any]:
    """``facts`` of a nested chain (:func:`.nested.replay`) with only the inner facts the trial needs,
    or ``facts`` as they are when no fewer are worded (or without the compiled engine)."""
    inner = [(f["cell"], f["digit"]) for f in facts["inner"]]
    fast = chains.prober(state, across)
    if len(inner) < 2 or fast is None:
        return facts
    kept = fewest(fast, state, cell, digit, inner, wide)
    if len(kept) >= len(inner):
        return facts
    shorter = reworded(state, cell, digit, kept, wide)
    return shorter if shorter is not None and 0 < len(shorter["inner"]) < len(inner) else facts
