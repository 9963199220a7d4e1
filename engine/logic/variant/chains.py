"""Forcing chains to a contradiction: if a cell held this digit, the simple steps would run dry.

    If r1c1 were 5: r1c2 would be 3 (its one candidate), r4c2 would be 8 (the cage's one digit
    left), ... and row 4 would have no place left for 7.  So r1c1 is not 5.

The trial places the digit on a copy of the state and applies the cheap steps (singles, the rules,
cages, the cages of a house together, lines and dots: :data:`FOLLOW`) until one of them finds the
state dead: an empty cell with no
candidate, a house of N cells with no place for a digit, or a cage or line that cannot reach its sum.
Which candidates to try is picked by the variant engine's compiled propagation
(``engine.solve.variant_prober.Prober``, cages with their house complements and the 45 rule's sums): every
candidate of every cell is placed there and propagated, which takes 5-15 ms for a whole killer state
(the probe kernel: the state propagated once, each trial from there), and those it finds dead are tried
here first, fewest candidates first; then a few few-candidate cells and two-place house digits it did
not flag (the trial's killer combinations of a house sometimes go further).  A flagged candidate whose
trial the simple steps do not break is tried again with the 45 rule's steps too (:data:`WIDE`: the
compiled propagation knows the innies' sums), up to MAX_WIDE per search.  The first contradiction found
is the step (with the placements the chain made, in order, for its words).
This is the variant counterpart of the classic forcing chains
and Nishio: the last reasoning before a guess (:mod:`.nested` goes one level deeper).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.logic.variant import cages, diagonals, houses, killer, lines, pairs, rules, splits
from engine.logic.variant.common import VariantTechnique, house_ref, make_step
from engine.logic.variant.state import VariantState, digits_of, popcount
from engine.logic.variant.sums import cage_support, linear_support
from engine.steps import Step

FOLLOW = (houses.naked_single, houses.hidden_single, rules.anti_knight, rules.anti_king,
          rules.non_consecutive,
          pairs.parity, cages.cage_sum, cages.cage_combinations, pairs.xv, pairs.kropki, pairs.greater_than,
          pairs.xv_negative, pairs.kropki_negative, pairs.non_consecutive_pair, lines.thermometer,
          lines.arrow, lines.arrow_houses, lines.little_killer, lines.sandwich, killer.killer_combinations)
WIDE = FOLLOW + (houses.pointing, houses.claiming, cages.cage_overlap, splits.cage_pointing,
                 cages.innies_outies, cages.innies_outies_multi, killer.killer_combinations_45,
                 splits.cage_split, diagonals.diagonal_leftovers)  # with the 45 rule: for a trial the
# compiled filter saw die (its program has the little killers' leftovers too)
DEAR = (killer.killer_combinations, cages.innies_outies_multi, killer.killer_combinations_45,
        splits.cage_split)
MAX_ROUNDS = 12  # rounds of the simple steps (each applies every step it finds) before a trial gives up
MAX_TRIALS = 40  # candidates tried per search before it gives up (the failed searches cost the most time)
MAX_UNFLAGGED = 10  # with the compiled filter, trials of candidates it did not flag (1 in 10 or 20 dies)
MAX_WIDE = 8  # flagged candidates tried again with the 45 rule's steps per search (each trial ~2x dearer)
MAX_CANDIDATES = 4  # cells with more candidates are not tried (docs/variant-levels.md: the trade-off)


def dead_reason(state: VariantState) -> dict[str, Any] | None:
    """Why the state has no solution, as facts for the words, or None when nothing shows it."""
    values, cands = state.values, state.cands
    for c, v in enumerate(values):
        if not v and not cands[c]:
            return {"why": "cell", "cell": c}
    geo = state.geometry
    full = (1 << state.size) - 1
    for h in geo.full_houses:
        house = geo.houses[h]
        have = placed = 0
        repeat = False
        for c in house.cells:
            v = values[c]
            if v:
                bit = 1 << (v - 1)
                repeat |= bool(placed & bit)
                placed |= bit
                have |= bit
            else:
                have |= cands[c]
        if have != full:
            return {"why": "house", "house": house_ref(state, house), "digit": digits_of(full & ~have)[0]}
        if repeat:
            return {"why": "repeat", "house": house_ref(state, house)}
    for index, cage in state.cages():
        if not cage_support(cage.total, tuple(state.mask(c) for c in cage.cells))[1]:
            return {"why": "cage", "cage": {"index": index, "cells": list(cage.cells), "total": cage.total}}
    for index, con in enumerate(state.puzzle.constraints):
        cells = getattr(con, "cells", ())
        if con.kind == "thermo":
            dead = not any(lines.thermo_bounds([state.mask(c) for c in cells], state.size))
        elif con.kind == "arrow":
            dead = not any(lines.arrow_support(state, con))
        elif con.kind == "littlekiller":
            dead = not any(linear_support(tuple(state.mask(c) for c in cells), (1,) * len(cells), con.total))
        else:
            continue
        if dead:
            return {"why": "line", "line": {"kind": con.kind, "index": index, "cells": list(cells)}}
    return None


def trial(state: VariantState, cell: int, digit: int,
          finders: tuple = FOLLOW) -> tuple[dict[str, Any] | None, list[tuple[int, int]]]:
    """Place ``digit`` in ``cell`` on a copy and follow the simple steps (or ``finders``): (why it dies
    or None, the placements made on the way)."""
    s = state.copy()
    s.place(cell, digit)
    made: list[tuple[int, int]] = []
    return run(s, made, finders), made


def run(s: VariantState, made: list[tuple[int, int]], finders: tuple = FOLLOW) -> dict[str, Any] | None:
    """Follow ``finders`` on ``s`` in place, noting placements in ``made``: why it dies, or None when
    the steps run dry first (or after MAX_ROUNDS rounds).  The killer combinations of a house (the
    dearest by far) run only in a round where the others change nothing: the same fixpoint, found at a
    fifth of the cost."""
    cheap = tuple(f for f in finders if f not in DEAR)
    dear = tuple(f for f in finders if f in DEAR)
    rounds = 0
    while rounds < MAX_ROUNDS:
        why = dead_reason(s)
        if why is not None:
            return why
        if _follow(s, cheap, made):
            continue  # cheap rounds are not counted: they only remove candidates, so they end
        rounds += 1
        if not _follow(s, dear, made):
            return None
    return dead_reason(s)


def _follow(state: VariantState, finders: tuple, made: list[tuple[int, int]]) -> bool:
    """Apply every step ``finders`` find on ``state``, noting new placements; True when one changed it."""
    changed = False
    for find in finders:
        for step in list(find(state)):
            if state.changes(step):
                state.apply(step)
                made += [p for p in step.placements if p not in made]
                changed = True
    return changed


def _tries(state: VariantState) -> list[tuple[int, int]]:
    """The candidates to try, those of cells with few candidates first, then each digit that has two
    places left in a house (either place may break)."""
    empty = [c for c, v in enumerate(state.values)
             if not v and 2 <= popcount(state.cands[c]) <= MAX_CANDIDATES]
    empty.sort(key=lambda c: (popcount(state.cands[c]), c))
    out = [(c, d) for c in empty for d in digits_of(state.cands[c])]
    seen = set(out)
    geo = state.geometry
    for h in geo.full_houses:
        cells = geo.houses[h].cells
        for d in range(1, state.size + 1):
            bit = 1 << (d - 1)
            where = [c for c in cells if state.cands[c] & bit and not state.values[c]]
            if len(where) == 2 and not any(state.values[c] == d for c in cells):
                for c in where:
                    if (c, d) not in seen:
                        seen.add((c, d))
                        out.append((c, d))
    return out


def prober(state: VariantState, across: bool = False) -> Any:
    """The compiled propagation of the puzzle (``engine.solve.variant_prober.Prober``; ``across``: with
    the search's sums across houses), made once per puzzle; None when the variant engine's kernels are
    not in this tree."""
    return state.geometry.remember("prober_across" if across else "prober",
                                   _make_across if across else _make_prober)


def _make_prober(puzzle: Any, across: bool = False) -> Any:
    try:
        from engine.solve.variant_prober import Prober
    except ImportError:
        return None
    return Prober(puzzle, across)


def _make_across(puzzle: Any) -> Any:
    return _make_prober(puzzle, True)


def flagged(state: VariantState, cells: Any = None, across: bool = False) -> list[tuple[int, int]]:
    """The candidates (of ``cells``, every empty cell by default) whose placing the compiled
    propagation (``across``: with the sums across houses) finds dead at once: the filter that picks
    which trials to word; none without it."""
    fast = prober(state, across)
    if fast is None:
        return []
    cells = range(len(state.values)) if cells is None else cells
    every = [(c, d) for c in cells if not state.values[c] for d in digits_of(state.cands[c])]
    return fast.dead(fast.state(state.mask(c) for c in range(len(state.values))), every)


def contradiction(state: VariantState) -> Iterator[Step]:
    """A candidate whose placing leads the simple steps to a dead state is out: first those the
    compiled propagation finds dead (any cell), then the few-candidate cells and house digits."""
    fast = sorted(flagged(state), key=lambda t: (popcount(state.cands[t[0]]), t))  # a pair's out: a digit in
    more = _tries(state)[:MAX_TRIALS if prober(state) is None else MAX_UNFLAGGED]
    first = set(fast)
    tries = fast + [t for t in more if t not in first]
    wide = MAX_WIDE
    for cell, d in tries:
        why, made = trial(state, cell, d)
        if why is None and (cell, d) in first and wide:  # the compiled filter saw it die: the 45 rule
            wide -= 1  # may show it
            why, made = trial(state, cell, d, WIDE)
        if why is not None:
            yield make_step(state, "contradiction", eliminations=[(cell, d)], cells=[cell],
                            candidates=[(cell, d)], digit=d, chain=[list(p) for p in made],
                            **why_detail(why))


def run_wide(s: VariantState, made: list[tuple[int, int]], wide: bool) -> dict[str, Any] | None:
    """:func:`run` with the simple steps, then (``wide``) with :data:`WIDE`'s where they fall short."""
    why = run(s, made)
    return run(s, made, WIDE) if why is None and wide else why


def trial_wide(state: VariantState, cell: int, digit: int,
               wide: bool) -> tuple[dict[str, Any] | None, list[tuple[int, int]]]:
    """:func:`trial` with the simple steps, then (``wide``) with :data:`WIDE`'s where they fall short."""
    why, made = trial(state, cell, digit)
    return trial(state, cell, digit, WIDE) if why is None and wide else (why, made)


def inner_fact(cell: int, digit: int, chain: list[tuple[int, int]], why: dict[str, Any]) -> dict[str, Any]:
    """A nested chain's inner contradiction for the words: the candidate, its trial's chain and death."""
    return {"cell": cell, "digit": digit, "chain": [list(p) for p in chain], **why_detail(why)}


def why_detail(why: dict[str, Any]) -> dict[str, Any]:
    """The dead state's facts under names that do not clash with the step's own."""
    return {"dead": why["why"], **{f"dead_{k}": v for k, v in why.items() if k != "why"}}


TECHNIQUES = [
    VariantTechnique("contradiction", "Forcing Chain (contradiction)", "强制链（矛盾）", 7.0, contradiction,
                     "if {cells} were {digit}, then {chain}, and {dead}",
                     "如果 {cells} 是 {digit}，那么 {chain}，而{dead}"),
]
