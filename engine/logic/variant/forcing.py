"""Forcing chains where every branch agrees: whichever way a choice goes, the same thing follows.

    r1c1 is 3 or 5.  If it is 3, the simple steps give r2c2=4, r5c5=1; if it is 5, they give
    r5c6=1 and r5c5 loses 7 ... so either way r5c5 is not 7.

Two kinds of choice are split: a cell's few candidates (a cell forcing chain) and the few places of a
digit in a house (a house forcing chain).  Each branch is placed on a copy of the state and the simple
steps of :mod:`.chains` followed to their end; a branch that dies drops out, and what holds in every
branch that lives (a placement, a removed candidate) holds in the puzzle.  The compiled propagation
(``engine.solve.variant_prober.Prober``) picks the choices whose branches agree on something (a few ms for a
whole state: intersect the propagated rows); only those are replayed here, so every fact the words
state is one the worded simple steps show.  Without the compiled engine nothing fires.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.logic.variant import chains, nested
from engine.logic.variant.common import VariantTechnique, cage_ref, house_ref, make_step
from engine.logic.variant.state import VariantState, digits_of, popcount
from engine.logic.variant.sums import cage_support
from engine.steps import Step

Branch = dict[int, int]  # a branch of a choice: each cell it cuts, with the digits it keeps (a mask)

MAX_BRANCHES = 4  # a cell or house choice of more ways is not split (the words and the cost grow)
MAX_COMBOS = 6  # a cage of more digit sets is not split
MAX_REPLAYS = 4  # choices the worded steps replay per search (each replay costs ~0.05-0.3 s)
DEEP_BRANCHES = 6  # the nested forcing chain splits wider choices (nothing narrower is left where it runs)
DEEP_COMBOS = 8
DEEP_REPLAYS = 2  # a nested branch's replay costs ~0.1-0.5 s
MAX_SIZE = 16
MAX_DEEP_CHOICES = 400  # past 9x9, choices the nested forcing chain's compiled search examines (~2.7 ms
# each on a 16x16 with the inner trials; the 16x16 X's steps were found within the first 372)


def _choices(state: VariantState, ways: int = MAX_BRANCHES,
             combos_cap: int = MAX_COMBOS) -> list[tuple[dict[str, Any], list[Branch]]]:
    """Every choice of 2..MAX_BRANCHES ways: a cell's candidates, a digit's places in a house, a cage's
    digit sets; each as (its facts for the words, its branches as {cell: the digits it keeps})."""
    out: list[tuple[dict[str, Any], list[Branch]]] = []
    for c, v in enumerate(state.values):
        if not v and 2 <= popcount(state.cands[c]) <= ways:
            split = [{c: 1 << (d - 1)} for d in digits_of(state.cands[c])]
            out.append(({"source": "cell", "cell": c}, split))
    geo = state.geometry
    for h in geo.full_houses:
        cells = geo.houses[h].cells
        placed = {state.values[c] for c in cells}
        for d in range(1, state.size + 1):
            if d in placed:
                continue
            where = [c for c in cells if not state.values[c] and state.cands[c] >> (d - 1) & 1]
            if 2 <= len(where) <= ways:
                out.append(({"source": "house", "house": house_ref(state, geo.houses[h]), "digit": d},
                            [{c: 1 << (d - 1)} for c in where]))
    for index, cage in state.cages():
        masks = tuple(state.mask(c) for c in cage.cells)
        if all(popcount(m) == 1 for m in masks):
            continue
        combos = sorted(cage_support(cage.total, masks)[1], key=digits_of)
        if 2 <= len(combos) <= combos_cap:
            facts = {"source": "cage", "cage": cage_ref(index, cage),
                     "combos": [digits_of(k) for k in combos]}
            out.append((facts, [{c: m & k for c, m in zip(cage.cells, masks, strict=True)} for k in combos]))
    out.sort(key=lambda choice: len(choice[1]))  # the fewest branches first: the shortest words
    return out


def _agreeing(state: VariantState, fast: Any, deep: bool = False) -> list[tuple[dict[str, Any], list]]:
    """The choices whose compiled branches agree on a candidate the state still has (or place a digit);
    ``deep``: each branch with its own contradictions taken out (:func:`.nested.inner_fixpoint`)."""
    n = len(state.values)
    row = fast.state(state.mask(c) for c in range(n))
    out = []
    choices = _choices(state, DEEP_BRANCHES, DEEP_COMBOS) if deep else _choices(state)
    if deep and state.size > nested.WIDE_PAST:
        choices = choices[:MAX_DEEP_CHOICES]
    for facts, branches in choices:
        if deep:
            union, _ = fast.union(row, branches, nested.INNER_CANDIDATES, nested.INNER_ROUNDS)
        else:
            union, _ = fast.union(row, branches)
        if any(not state.values[c] and state.cands[c] & ~union[c] for c in range(n)):
            out.append((facts, branches))
            if len(out) >= (DEEP_REPLAYS if deep else MAX_REPLAYS):
                break
    return out


def _branch(state: VariantState, branch: Branch,
            finders: tuple = chains.FOLLOW) -> tuple[VariantState, list[tuple[int, int]], Any]:
    """The branch (its cells cut to the digits it keeps) followed by the simple steps (or ``finders``):
    its end state, the placements made and why it dies (None when it lives)."""
    s = state.copy()
    for c, keep in branch.items():
        if popcount(keep) == 1 and not s.values[c]:
            s.place(c, digits_of(keep)[0])
        else:
            s.cands[c] &= keep
    made: list[tuple[int, int]] = []
    return s, made, chains.run(s, made, finders)


def _deep_branch(state: VariantState, branch: Branch) -> tuple[VariantState, list, Any, list]:
    """The branch followed by the steps of :data:`.chains.WIDE` and its own contradictions (each a
    worded trial the compiled filter picked): its end state, placements, why it dies, the inner facts."""
    s, made, why = _branch(state, branch, chains.WIDE)
    inner: list[dict[str, Any]] = []
    for _ in range(nested.INNER_ROUNDS):
        if why is not None:
            break
        few = [c for c, v in enumerate(s.values) if not v and popcount(s.cands[c]) <= nested.INNER_CANDIDATES]
        found = False
        for c, d in chains.flagged(s, few):
            sub_why, sub = chains.trial_wide(s, c, d, True)
            if sub_why is not None:
                s.eliminate(c, d)
                inner.append(chains.inner_fact(c, d, sub, sub_why))
                found = True
        if not found:
            break
        why = chains.run(s, made, chains.WIDE)
    return s, made, why, inner


def _common(state: VariantState, ends: list[VariantState]) -> tuple[list[tuple[int, int]], list[Any]]:
    """What every living branch's end agrees on: (placements, eliminations) new to ``state``."""
    n = len(state.values)
    placements, eliminations = [], []
    for c in range(n):
        if state.values[c]:
            continue
        union = 0
        for s in ends:
            union |= s.mask(c)
        if popcount(union) == 1:
            placements.append((c, digits_of(union)[0]))
        else:
            eliminations += [(c, d) for d in digits_of(state.cands[c] & ~union)]
    return placements, eliminations


def _trimmed(chain: list[tuple[int, int]], placements: list, eliminations: list, end: VariantState) -> list:
    """The branch's placements up to the last one the conclusion names (the rest say nothing to it)."""
    named = {c for c, _ in placements} | {c for c, _ in eliminations}
    last = max((i for i, (c, _) in enumerate(chain) if c in named), default=-1)
    return [list(p) for p in chain[:max(last + 1, min(len(chain), 6))]]


def forcing_chain(state: VariantState) -> Iterator[Step]:
    """A placement or removed candidate every living branch of a cell's, a house digit's or a cage's
    few ways agrees on holds (nothing when a branch cannot be followed, or without the compiled engine)."""
    fast = chains.prober(state)
    if fast is None or state.size > MAX_SIZE:
        return
    for facts, branches in _agreeing(state, fast):
        for finders in (chains.FOLLOW, chains.WIDE):  # the 45 rule's steps when the simple ones fall short
            runs = [(*_branch(state, b, finders), []) for b in branches]
            found = _step(state, "forcing_chain", facts, branches, runs)
            if found is not None:
                yield found
                break


def nested_forcing_chain(state: VariantState) -> Iterator[Step]:
    """As :func:`forcing_chain`, each branch also taking out the candidates whose own trial dies."""
    fast = chains.prober(state)
    if fast is None or state.size > MAX_SIZE:
        return
    for facts, branches in _agreeing(state, fast, deep=True):
        runs = [_deep_branch(state, b) for b in branches]
        found = _step(state, "nested_forcing_chain", facts, branches, runs)
        if found is not None:
            yield found


def _step(state: VariantState, technique: str, facts: dict[str, Any], branches: list[Branch],
          runs: list[tuple[VariantState, list, Any, list]]) -> Step | None:
    """The step of what the followed branches agree on, with each branch's words; None when nothing."""
    ends = [s for s, _, why, _ in runs if why is None]
    placements, eliminations = _common(state, ends) if ends else ([], [])
    if not placements and not eliminations:
        return None  # (every branch dead means a broken state, which the contradiction chains say)
    worded = []
    for b, (s, made, why, inner) in zip(branches, runs, strict=True):
        branch: dict[str, Any] = {"way": [[c, *digits_of(k)] for c, k in b.items() if not state.values[c]]}
        if why is not None:
            branch.update(chain=[list(p) for p in made], **chains.why_detail(why))
        else:
            branch["chain"] = _trimmed(made, placements, eliminations, s)
        if inner:
            branch["inner"] = inner
        worded.append(branch)
    cells = sorted({c for b in branches for c in b})
    return make_step(state, technique, placements=placements, eliminations=eliminations,
                     cells=cells, branches=worded, **facts)


TECHNIQUES = [
    VariantTechnique("forcing_chain", "Forcing Chain (every branch agrees)", "强制链（各分支一致）", 7.5,
                     forcing_chain,
                     "{choice}: {branch_words}; either way the same follows",
                     "{choice}：{branch_words}；无论哪种情况结论相同"),
    VariantTechnique("nested_forcing_chain", "Nested Forcing Chain (every branch agrees)",
                     "嵌套强制链（各分支一致）", 8.5, nested_forcing_chain,
                     "{choice}: {branch_words}; either way the same follows",
                     "{choice}：{branch_words}；无论哪种情况结论相同"),
]
