"""Forcing chains and nets, the last logical resort, and the guess below them.

A forcing technique assumes something, follows what it implies, and keeps what every branch agrees
on (or drops an assumption that runs into a contradiction).  How the branches are followed makes
the difference between a *chain* and a *net*, as Sudoku Explainer and HoDoKu tell them apart:

* **single links** (:func:`follow_chain`): every implication follows from one earlier one.  A
  placement removes its digit from the peers and the cell's other digits; a removal places
  something only through a strong link of the state (the other digit of a bivalue cell, the other
  place of a digit in a bilocal unit).  What the learner reads is a chain, link by link.
* **singles** (:func:`follow`, :func:`follow_off`): every naked and hidden single is placed, even
  one that needs several earlier removals (a cell losing three candidates to three placements).
  Reaches further, but the reasoning is a net: SE's "dynamic" forcing chains.

Four techniques, cheapest reasoning first (the SE ratings they stand for in brackets; the step's
own score, ``detail["score"]``, rises by a tenth per SE length step: 4, 6, 8, 12, 16, 24, ...
implications):

* ``nishio`` (:mod:`engine.logic.strategies.nishio`; SE Nishio 7.5-8.0): one digit followed alone.
* ``forcing_chain`` (SE's static cell/region forcing chains, 8.0-8.4; a contradiction 7.7-8.2):
  every candidate of a bivalue or trivalue cell, or every place of a digit in a unit with two or
  three places, followed by single links; what all lead to is true, and an option whose chain
  forces a candidate both in and out (``("both", c, d)``) is false.  The id is the old one, so
  saved games and scripts that name ``forcing_chain`` still work; a step saved before the split is
  explained as before.
* ``digit_forcing_chain`` (SE's dynamic forcing chains, 8.5-9.5; HoDoKu and SudokuWiki's digit
  forcing chains): one candidate assumed true *and* assumed false, both followed by singles.  If
  both lead to the same placement or elimination, it holds; if "true" runs dry the candidate is
  false (the contradiction form the old ``forcing_chain`` had, which is this half of a digit
  forcing chain and lives here now); if "false" runs dry it is true.  Assumed false, a candidate
  with no strong link forces nothing, so only those with one are followed that way.
* ``forcing_net`` (SE's dynamic cell/region forcing chains, 8.6-9.6): cell and unit forcing by
  singles: the old ``forcing_chain`` search.

    r1c1 {3,7}:  r1c1=3 -> ... -> r5c5=4
                 r1c1=7 -> ... -> r5c5=4         =>  r5c5=4, whichever r1c1 holds

Only sound deductions come out (every branch is followed to the end, nothing is guessed).  Each
step keeps its branches in ``detail["branches"]`` (the assumption, ``"off"`` when assumed false,
the few placements that lead to the result, what ran dry) and draws them as links, so its text
walks through every branch.

Speed: the driver asks these on every state where everything easier fails, one after the other,
so each state is searched once per way of following (single links, singles): every branch is
followed at most once and shared by the techniques (:class:`_Search`, the latest state per
thread), and the steps are made lazily, so the first one costs only the branches it needs.  A
single-link branch is a breadth-first walk over the state's strong links, each placement's
consequences looked up whole (about 60-90 us, against about 200 us for a branch by singles).  On
the 17 states of 40 SE 8.0-9.0 puzzles (../shared/data/ratings/se_rated_stratified_sample.txt)
where main's driver had to use forcing, interleaved with main's code on one core of the loaded
machine (load 6-7 on 2 cores), three rounds: the ladder nishio -> forcing_chain ->
digit_forcing_chain -> forcing_net takes a median 17.7 ms (worst 34.2) to its first step, against
1.5 ms (worst 15.9) for main's single forcing_chain, which went straight to the nets: Nishio's
full scan is 3.6 ms of it, forcing_chain's search 13.4 ms (92 single-link branches a state).  15
of the 17 states need no net now (forcing_chain finds a step), 2 fall to Nishio; every step of
digit_forcing_chain (never needed there) would take 135 ms.  Whole ratings of 20 SE 7.0-9.5
puzzles of that file, one after the other on one core: median 0.65 s (worst 2.67) against main's
0.77 s (worst 2.53), the same within the noise: the easier chains cost more than the ladder.
The single-link branches are now followed compiled, every candidate of the state in one call
(:class:`_ChainBranches`, the same walk as :func:`follow_chain`, which stays as its reference):
forcing_chain's first step on the 99 recorded stuck states of 64 SE 6-9.3 tuning puzzles where the
driver asks it takes a median 2.8-3.8 ms of CPU against 4.3-5.5 ms for 3ad8f2b (one core,
interleaved), every branch of 1,378 states the same.
Roads not taken: following the single-link branches with the nets' propagation and sorting chains
from nets afterwards found almost nothing linear (a net's placements rarely have one cause) and
cost 40 ms a state.

**Guess** is not logic: when nothing else fires, the exact solver's digit is placed in the cell
with the fewest candidates, so every puzzle with a solution finishes.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any, NamedTuple

import numpy as np

from engine.candidates import CandidateGrid
from engine.grid import CELL_UNITS, CELL_UNITS_NP, PEERS_NP, UNITS, UNITS_NP, cell_name
from engine.logic.strategies import Family, Technique
from engine.masks import CELL_BIT, MASK_DIGITS, PEER_MASK, POPCOUNT, UNIT_MASK, candidate_pairs
from engine.steps import Step

FAMILY = Family()  # this module's techniques, read by engine.logic.techniques

Pair = tuple[int, int]

SHOWN = 8  # placements shown per branch: enough to follow the chain, few enough to read


class Branch(NamedTuple):
    """Where one assumption leads: the state after it (None after a contradiction, and for
    :func:`follow_chain`, which keeps its removals in ``gone``), its placements in order and, for a
    contradiction, what ran dry: ``("cell", c)``, ``("unit", u, d)``, ``("clash",)`` (two singles
    wanted one cell) or ``("both", c, d)`` (a candidate forced in had been removed).  The first
    entry of ``placed`` is the assumption: ``(cell, digit)`` when the candidate is assumed true,
    ``(cell, -digit)`` when assumed false."""

    values: list[int] | None
    cands: list[int] | None
    placed: list[Pair]
    dry: tuple = ()
    gone: int = 0


def follow(values: list[int], cands: list[int], cell: int, digit: int) -> Branch:
    """Return the branch of placing ``digit`` in ``cell`` and following singles (inputs unchanged)."""
    return _follow(values, cands, [(cell, digit)], [])


def follow_off(values: list[int], cands: list[int], cell: int, digit: int) -> Branch:
    """Return the branch of removing candidate ``digit`` from ``cell`` and following singles
    (inputs unchanged; the assumption is recorded as ``(cell, -digit)``)."""
    cands = cands[:]
    placed: list[Pair] = [(cell, -digit)]
    bit = 1 << (digit - 1)
    cands[cell] &= ~bit
    left = cands[cell]
    if not left:
        return Branch(None, None, placed, ("cell", cell))
    queue = [(cell, left.bit_length())] if not left & (left - 1) else []
    for u in CELL_UNITS[cell]:  # the digit's places left in the cell's units
        where = [c for c in UNITS[u] if cands[c] & bit or values[c] == digit]
        if not where:
            return Branch(None, None, placed, ("unit", u, digit))
        if len(where) == 1:
            queue.append((where[0], digit))
    return _follow(values, cands, queue, placed)


def _follow(values: list[int], cands: list[int], queue: list[Pair], placed: list[Pair]) -> Branch:
    """Return the branch of placing what ``queue`` holds (the last first) after ``placed`` and
    following singles, compiled (:func:`engine.kernels.propagation.propagate`, which is
    :func:`engine.solve.propagation.propagate_singles` step for step; inputs unchanged).

    Measured (13,504 branches of every 40th state where the real driver asks Kraken fish or forcing
    chains on held-out SE 9 puzzles, one core of a machine loaded 6 on 2, JIT): 476 us a branch in
    Python, 121 us compiled with the lists turned into arrays and back (the conversion is most of
    it); every step of the nets on every 20th of the 1,378 stuck states, one core, against e3a2dde:
    digit_forcing_chain 4.78 -> 3.55 s, forcing_net 2.10 -> 0.94 s, every step of all 1,378 the same.
    """
    from engine.kernels.propagation import QUEUE, propagate

    now = np.array(values, dtype=np.int64)
    left = np.array(cands, dtype=np.int64)
    work = np.empty((QUEUE, 2), dtype=np.int64)
    for k, (c, d) in enumerate(queue):
        work[k] = c, d
    made = np.empty((81, 2), dtype=np.int64)
    n = propagate(now, left, len(queue), PEERS_NP, UNITS_NP, made, work, np.empty(81, dtype=np.int64))
    placed = placed + [(c, d) for c, d in made[: n if n >= 0 else -1 - n].tolist()]
    if n >= 0:
        return Branch(now.tolist(), left.tolist(), placed)
    return Branch(None, None, placed, _what_ran_dry(now.tolist(), left.tolist()))


def propagate(values: list[int], cands: list[int], cell: int, digit: int) -> tuple[list, list, int] | None:
    """Return (values, candidates, placements made) after placing ``digit`` in ``cell`` and following
    singles, or None when that runs into a contradiction (the inputs are not changed)."""
    b = follow(values, cands, cell, digit)
    return None if b.values is None else (b.values, b.cands, len(b.placed))


def _what_ran_dry(values: list[int], cands: list[int]) -> tuple:
    """Return what the half-updated state of a failed propagation lacks (see :class:`Branch`)."""
    for c in range(81):
        if not values[c] and not cands[c]:
            return ("cell", c)
    for u, unit in enumerate(UNITS):
        have = 0
        for c in unit:
            have |= cands[c] | (1 << (values[c] - 1) if values[c] else 0)
        if have != 0x1FF:
            missing = 0x1FF & ~have
            return ("unit", u, (missing & -missing).bit_length())
    return ("clash",)


def removed(cg: CandidateGrid, b: Branch) -> int:
    """Return the candidates a branch that did not run dry removes, as a 729-bit mask (bit
    ``81 * (digit - 1) + cell``), its placements' own digits left out."""
    if b.cands is None:
        return b.gone
    out = 0
    for c, (was, now) in enumerate(zip(cg.cands, b.cands, strict=True)):
        if was != now:
            for d in MASK_DIGITS[was & ~now]:
                out |= 1 << (81 * (d - 1) + c)
    for c, d in b.placed:
        if d > 0:
            out &= ~(1 << (81 * (d - 1) + c))
    return out


def _consequences(branches: list[Branch], gone: list[int]) -> tuple[list, list]:
    """Return the placements and eliminations every branch (with its :func:`removed`) agrees on."""
    common = set(p for p in branches[0].placed if p[1] > 0)
    for b in branches[1:]:
        common.intersection_update(b.placed)
    placements = sorted(common)
    both = gone[0]
    for g in gone[1:]:
        both &= g
    for c, _ in placements:  # a placement says it all about its cell
        both &= ~(_DIGITS_OF_CELL << c)
    return placements, candidate_pairs(both)


_DIGITS_OF_CELL = sum(1 << (81 * d) for d in range(9))  # cell 0's nine bits in a removed() mask


# ---------------------------------------------------------------------------------------------
# why each placement of a branch happened, to show the few that lead to the result


def _killer(placed: list[Pair], upto: int, cell: int, digit: int) -> int | None:
    """Return the index (below ``upto``) of the first placement removing candidate (cell, digit):
    the cell filled with another digit, the digit placed in a peer, or the candidate assumed false;
    None if none does."""
    for j in range(upto):
        c, d = placed[j]
        if d < 0:
            if c == cell and -d == digit:
                return j
        elif (c == cell and d != digit) or (d == digit and PEER_MASK[cell] >> c & 1):
            return j
    return None


def _causes(cg: CandidateGrid, placed: list[Pair], i: int) -> list[int]:
    """Return the indices of the earlier placements that made placement ``i`` a single: those that
    emptied its cell but for its digit (naked) or emptied a unit of it but for its cell (hidden),
    whichever needs fewer.  Empty for the assumption (``i == 0``)."""
    if i == 0:
        return []
    c, d = placed[i]
    options = []
    naked = [_killer(placed, i, c, e) for e in range(1, 10) if e != d and cg.cands[c] >> (e - 1) & 1]
    if None not in naked:
        options.append(naked)
    for u in CELL_UNITS[c]:
        hidden = [_killer(placed, i, q, d) for q in UNITS[u]
                  if q != c and not cg.values[q] and cg.cands[q] >> (d - 1) & 1]
        if None not in hidden:
            options.append(hidden)
    if not options:
        return []
    best = min(options, key=lambda js: (len(set(js)), max(js, default=-1)))
    return sorted(set(best))  # type: ignore[arg-type]  (None was ruled out above)


def _closure(cg: CandidateGrid, placed: list[Pair], roots: list[int]) -> tuple[list[int], dict[int, int]]:
    """Return the placements ``roots`` depend on (sorted indices, the assumption 0 first) and, for
    each, the latest of its causes (its arrow's tail)."""
    seen = {0, *roots}
    stack = list(roots)
    primary: dict[int, int] = {}
    while stack:
        i = stack.pop()
        causes = _causes(cg, placed, i)
        if causes:
            primary[i] = causes[-1]
        for j in causes:
            if j not in seen:
                seen.add(j)
                stack.append(j)
    return sorted(seen), primary


def dry_roots(cg: CandidateGrid, b: Branch) -> list[int]:
    """Return the placements that emptied what ran dry in a contradiction."""
    n = len(b.placed)
    if b.dry[0] == "cell":
        c = b.dry[1]
        roots = [_killer(b.placed, n, c, e) for e in range(1, 10) if cg.cands[c] >> (e - 1) & 1]
    elif b.dry[0] == "unit":
        _, u, d = b.dry
        roots = [_killer(b.placed, n, q, d) for q in UNITS[u] if cg.cands[q] >> (d - 1) & 1]
    elif b.dry[0] == "both":  # the last placement's candidate was removed before it
        roots = [n - 1, _killer(b.placed, n - 1, b.dry[1], b.dry[2])]
    else:
        roots = [n - 1]
    return sorted({r for r in roots if r is not None})


def _pair(p: Pair) -> Pair:
    """Return a recorded placement as the candidate it is about (an assumed-false one unsigned)."""
    return (p[0], abs(p[1]))


def record_branch(cg: CandidateGrid, b: Branch, roots: list[int]) -> tuple[dict[str, Any], list, int]:
    """Return a branch as plain data for ``detail`` (the assumption, whether it is assumed false, at
    most :data:`SHOWN` of the placements leading to ``roots``, how many were left out, what ran
    dry), its arrows and how many placements the reasoning needs."""
    order, primary = _closure(cg, b.placed, roots)
    shown = order if len(order) <= SHOWN else order[: SHOWN - 1] + [order[-1]]
    record: dict[str, Any] = {
        "assume": list(_pair(b.placed[0])),
        "placed": [list(b.placed[i]) for i in shown[1:]],
        "skipped": len(order) - len(shown),
    }
    if b.placed[0][1] < 0:
        record["off"] = True
    if b.dry:
        record["dry"] = list(b.dry)
    links = []
    for k, i in enumerate(shown[1:], start=1):
        tail = primary.get(i, shown[k - 1])
        if tail not in shown:
            tail = shown[k - 1]
        links.append((_pair(b.placed[tail]), b.placed[i], False))
    return record, links, len(order)


# SE's length increments: a tenth of a point for every one of these lengths a chain exceeds
_LENGTHS = (4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256)
# base and ceiling of each kind, chain and net (see the module docstring)
_SCALE = {
    ("contradiction", True): (7.7, 8.2),
    ("cell", True): (8.0, 8.4), ("unit", True): (8.1, 8.4),
    ("contradiction", False): (8.5, 9.5), ("digit", False): (8.5, 9.5),
    ("cell", False): (8.6, 9.6), ("unit", False): (8.7, 9.6),
}


def length_bonus(length: int) -> float:
    """Return SE's addition for a chain of ``length`` implications (0.0 up to 4)."""
    return 0.1 * sum(length > t for t in _LENGTHS)


def _score(length: int, kind: str, chain: bool) -> float:
    base, ceiling = _SCALE[kind, chain]
    return round(min(base + length_bonus(length), ceiling), 1)


def _technique_of(kind: str, chain: bool) -> str:
    """Return the technique a step of ``kind`` found by single links (``chain``) or singles is."""
    if chain:
        return "forcing_chain"
    return "forcing_net" if kind in ("cell", "unit") else "digit_forcing_chain"


def _branch_step(
    cg: CandidateGrid, kind: str, source: str, options: list, branches: list[Branch], gone: list[int],
    chain: bool,
) -> Step | None:
    placements, eliminations = _consequences(branches, gone)
    if not placements and not eliminations:
        return None
    cells = sorted({c for c, _ in options})
    # each branch shows how it reaches the first common result
    target = placements[0] if placements else eliminations[0]
    records, links, length = [], [], 0
    for b in branches:
        # the placement itself, or the one that removes the eliminated candidate
        end = b.placed.index(target) if placements else _killer(b.placed, len(b.placed), *target)
        record, arrows, used = record_branch(cg, b, [end] if end is not None else [])
        records.append(record)
        links.extend(arrows)
        length += used
    return Step(
        _technique_of(kind, chain),
        placements=tuple(placements) if placements else (),
        eliminations=() if placements else tuple(eliminations),
        cells=tuple(cells),
        candidates=tuple(options),
        links=tuple(dict.fromkeys(links)),
        detail={"kind": kind, "source": source, "length": length, "score": _score(length, kind, chain),
                "target": list(target), "branches": records},
    )


def _contradiction_step(cg: CandidateGrid, b: Branch, chain: bool) -> Step:
    """Return the step a branch that ran dry gives: its assumption is wrong."""
    c, d = b.placed[0]
    record, links, length = record_branch(cg, b, dry_roots(cg, b))
    off = d < 0
    return Step(
        _technique_of("contradiction", chain),
        placements=((c, -d),) if off else (),
        eliminations=() if off else ((c, d),),
        cells=(c,),
        candidates=((c, abs(d)),),
        links=tuple(dict.fromkeys(links)),
        detail={"kind": "contradiction", "source": f"{cell_name(c)}={abs(d)}", "length": length,
                "score": _score(length, "contradiction", chain), "branches": [record]},
    )


def _options_of_cell(cg: CandidateGrid, c: int) -> list[tuple[int, int]]:
    m = cg.cands[c]
    return [(c, d) for d in range(1, 10) if m >> (d - 1) & 1]


def _options_of_unit(cg: CandidateGrid, u: int, d: int) -> list[tuple[int, int]]:
    bit = 1 << (d - 1)
    return [(c, d) for c in UNITS[u] if cg.cands[c] & bit]


def _groups(cg: CandidateGrid) -> Iterator[tuple[int, int, int]]:
    """Yield the cells (``(0, cell, 0)``) and a digit's places in a unit (``(1, unit, digit)``) with
    two options, then those with three: what cell and unit forcing try, in order."""
    for size in (2, 3):
        for c in range(81):
            if cg.cands[c].bit_count() == size:
                yield 0, c, 0
        for u in range(27):
            for d in range(1, 10):
                bit = 1 << (d - 1)
                if sum(1 for c in UNITS[u] if cg.cands[c] & bit) == size:
                    yield 1, u, d


# ---------------------------------------------------------------------------------------------
# one search per state, shared by the techniques


class _Memo:
    """A lazily computed sequence every reader sees whole: items are made once, when first asked."""

    def __init__(self, source: Iterator[Step]) -> None:
        self.items: list[Step] = []
        self.source = source

    def __iter__(self) -> Iterator[Step]:
        i = 0
        while True:
            if i == len(self.items):
                item = next(self.source, None)
                if item is None:
                    return
                self.items.append(item)
            yield self.items[i]
            i += 1


class StrongLinks(NamedTuple):
    """A state's digits as cell masks (``places[d - 1]``); for each candidate (index
    ``9 * cell + digit - 1``) the placements its removal forces through a strong link (the other
    digit of a bivalue cell, the digit's other place in a bilocal unit); per digit the cells whose
    candidate forces anything when removed; and, filled as branches ask, what placing a candidate
    forces through the removals it makes (``after``)."""

    places: tuple[int, ...]
    forced: tuple[tuple[Pair, ...], ...]
    strong: tuple[int, ...]
    after: dict[int, tuple[Pair, ...]]

    @classmethod
    def of(cls, cg: CandidateGrid) -> StrongLinks:
        places = [0] * 9
        forced: dict[int, set[Pair]] = {}
        for c, m in enumerate(cg.cands):
            for d in MASK_DIGITS[m]:
                places[d - 1] |= CELL_BIT[c]
            if POPCOUNT[m] == 2:
                d, e = MASK_DIGITS[m]
                forced.setdefault(9 * c + d - 1, set()).add((c, e))
                forced.setdefault(9 * c + e - 1, set()).add((c, d))
        for d in range(1, 10):
            for unit_mask in UNIT_MASK:
                here = places[d - 1] & unit_mask
                rest = here & (here - 1)
                if rest and not rest & (rest - 1):  # two places
                    a, b = (here ^ rest).bit_length() - 1, rest.bit_length() - 1
                    forced.setdefault(9 * a + d - 1, set()).add((b, d))
                    forced.setdefault(9 * b + d - 1, set()).add((a, d))
        table: list[tuple[Pair, ...]] = [()] * 729
        strong = [0] * 9
        for i, f in forced.items():
            table[i] = tuple(sorted(f))
            c, d = divmod(i, 9)
            strong[d] |= CELL_BIT[c]
        return cls(tuple(places), tuple(table), tuple(strong), {})

    def placing(self, cg: CandidateGrid, cell: int, digit: int) -> tuple[Pair, ...]:
        """Return what placing ``digit`` in ``cell`` forces through the candidates it removes (the
        cell's other digits, the digit in the peers), in that order, duplicates kept."""
        key = 9 * cell + digit - 1
        found = self.after.get(key)
        if found is None:
            out: list[Pair] = []
            for e in MASK_DIGITS[cg.cands[cell]]:
                if e != digit:
                    out += self.forced[9 * cell + e - 1]
            seen = self.places[digit - 1] & PEER_MASK[cell] & self.strong[digit - 1]
            while seen:
                low = seen & -seen
                seen ^= low
                out += self.forced[9 * low.bit_length() - 9 + digit - 1]
            found = self.after[key] = tuple(out)
        return found


def follow_chain(cg: CandidateGrid, links: StrongLinks, cell: int, digit: int) -> Branch:
    """Return the branch of placing ``digit`` in ``cell`` and following single links only: a
    placement removes the digit from its peers and the cell's other digits; a removal places the
    other digit of a bivalue cell and the digit's one other place in a unit (bilocal), both as
    they are in ``cg``.  Runs dry with ``("both", c, d)`` when a candidate is forced both in and
    out.  Its ``cands`` is None: ``gone`` has the removals (see :func:`removed`)."""
    # what a removal forces depends on the state only, so each placement's consequences are
    # looked up whole (StrongLinks.placing); one removed twice forces nothing new, and a forced
    # placement already made is skipped
    alive = list(links.places)
    values = cg.values[:]
    placed: list[Pair] = []
    todo = [(cell, digit)]
    i = 0
    while i < len(todo):  # breadth first: the shortest reasons come first
        c, d = todo[i]
        i += 1
        v = values[c]
        if v == d:
            continue
        if v or not alive[d - 1] >> c & 1:
            placed.append((c, d))
            return Branch(None, None, placed, ("both", c, d))
        values[c] = d
        placed.append((c, d))
        here = ~CELL_BIT[c]
        for e in MASK_DIGITS[cg.cands[c]]:
            alive[e - 1] &= here
        alive[d - 1] &= ~PEER_MASK[c]
        todo += links.placing(cg, c, d)
    gone = 0
    for d in range(9):
        gone |= (links.places[d] & ~alive[d]) << (81 * d)
    for c, d in placed:
        gone &= ~(1 << (81 * (d - 1) + c))
    return Branch(None, None, placed, (), gone)


class _ChainBranches:
    """Every candidate's branch by single links (:func:`follow_chain`), followed in one compiled
    call (:func:`engine.kernels.propagation.chain_branches`) and turned into a :class:`Branch` when
    asked.

    Measured: a state's forcing_chain search follows about 110 branches at 40-90 us each in Python,
    most of the 5-10 ms it takes; the kernel follows all 200-300 candidates in well under 1 ms.
    Which cells and units give a step is then decided compiled too (``groups``:
    :func:`engine.kernels.propagation.forcing_groups`), and only their branches are read: trying
    each of the 100-odd cells and units of a stuck state in Python (their branches as lists, what
    they agree on) cost 2 ms.  forcing_chain's first step on the 99 recorded stuck states where the
    driver asks it: 1.24 ms a call against 3.46 ms for 81ea958 (one core, interleaved, load 3.7),
    every step of 1,378 states the same.
    Since, the strong-link table is made compiled (:func:`engine.kernels.propagation.strong_links`;
    StrongLinks.of in Python was a quarter of the call), and each branch keeps its removals and
    placements as 12 words of 729 bits, so whether a group's branches agree is a few word ANDs (the
    kernels compared placement lists pair by pair and 729 bytes of removals a group, 60% of the
    call); removals are turned into an int only for the branches read.
    """

    def __init__(self, cg: CandidateGrid) -> None:
        from engine.kernels.propagation import WORDS, chain_branches, forcing_groups, strong_links

        cands = np.array(cg.cands, dtype=np.int64)
        starts = np.empty(730, dtype=np.int64)
        forced = np.empty((4 * 729, 2), dtype=np.int64)
        strong_links(cands, CELL_UNITS_NP, UNITS_NP, starts, forced)
        self.cands = cg.cands
        self.first = [0] * 81  # the index of each cell's first candidate (cell, then digit order)
        count = 0
        for c, m in enumerate(cg.cands):
            self.first[c] = count
            count += POPCOUNT[m]
        start = np.zeros(count + 1, dtype=np.int64)
        placed = np.empty((82 * count, 2), dtype=np.int64)
        gone = np.zeros((count, WORDS), dtype=np.uint64)
        made = np.zeros((count, WORDS), dtype=np.uint64)
        values = np.array(cg.values, dtype=np.int64)
        chain_branches(values, cands, starts, forced, PEERS_NP, start, placed, gone, made)
        self.start = start.tolist()
        self.placed = placed  # read per branch asked for: most are never read (see groups)
        # the cells and units whose branches give a step or a contradiction, in _multi_steps' order
        self.groups = forcing_groups(cands, start, placed, gone, made, UNITS_NP).tolist()
        self.gone = gone

    def branch(self, c: int, d: int) -> Branch:
        i = self.first[c] + POPCOUNT[self.cands[c] & ((1 << (d - 1)) - 1)]
        placed = [(cell, digit) for cell, digit in self.placed[self.start[i] : self.start[i + 1]].tolist()]
        c, d = placed[-1]
        if d < 0:
            placed[-1] = (c, -d)
            return Branch(None, None, placed, ("both", c, -d))
        return Branch(None, None, placed, (), int.from_bytes(self.gone[i].astype("<u8").tobytes(), "little"))


class _Search:
    """The branches of one candidate state, each followed once, and the steps they give: by
    single links (``chain``) or by singles (a net)."""

    def __init__(self, cg: CandidateGrid, chain: bool) -> None:
        self.cg = CandidateGrid(cg.values[:], cg.cands[:])
        self.chain = chain
        self._links: StrongLinks | None = None
        self.on: dict[Pair, Branch] = {}
        self.off: dict[Pair, Branch] = {}
        self.gone: dict[tuple[int, int, bool], int] = {}
        self.refuted: set[Pair] = set()  # candidates a contradiction step was made for
        self.chains: _ChainBranches | None = None  # every single-link branch, made on first use
        self.digit = _Memo(iter(()) if chain else self._digit_steps())  # digit forcing: by singles
        self.multi = _Memo(self._multi_steps())

    @property
    def links(self) -> StrongLinks:
        """The state's strong links in Python (only the nets' digit forcing asks: the single-link
        branches read them compiled, :func:`engine.kernels.propagation.strong_links`)."""
        if self._links is None:
            self._links = StrongLinks.of(self.cg)
        return self._links

    def branch(self, c: int, d: int, true: bool = True) -> Branch:
        key = (c, d)
        seen = self.on if true else self.off
        if key not in seen:
            cg = self.cg
            if self.chain:  # single links are only ever followed from a placement
                if self.chains is None:
                    self.chains = _ChainBranches(cg)
                seen[key] = self.chains.branch(c, d)
            else:
                seen[key] = (follow if true else follow_off)(cg.values, cg.cands, c, d)
        return seen[key]

    def removed(self, c: int, d: int, true: bool = True) -> int:
        """Return what a branch that did not run dry removes (:func:`removed`), worked out once."""
        key = (c, d, true)
        if key not in self.gone:
            self.gone[key] = removed(self.cg, self.branch(c, d, true))
        return self.gone[key]

    def _digit_steps(self) -> Iterator[Step]:
        """Digit forcing (by singles): every candidate assumed true, then assumed false (fewest
        candidates first; a cell with one candidate left is a naked single, not forcing)."""
        cg = self.cg
        order = sorted((cg.cands[c].bit_count(), c) for c in range(81) if cg.cands[c].bit_count() > 1)
        for _, c in order:
            for _, d in _options_of_cell(cg, c):
                on = self.branch(c, d)
                if on.dry:
                    if len(on.placed) > 1:  # else a single in a peer shows it, not forcing
                        yield _contradiction_step(cg, on, False)
                    continue
                if not self.links.strong[d - 1] >> c & 1:
                    continue  # removing a candidate without a strong link forces nothing
                off = self.branch(c, d, False)
                if off.dry:
                    if len(off.placed) > 1:  # else it is a hidden single
                        yield _contradiction_step(cg, off, False)
                    continue
                gone = [self.removed(c, d), self.removed(c, d, False)]
                step = _branch_step(cg, "digit", f"{cell_name(c)}={d}", [(c, d)], [on, off], gone, False)
                if step is not None:
                    yield step

    def _multi_steps(self) -> Iterator[Step]:
        """Cell and unit forcing: bivalue cells and bilocal units first, then three options."""
        cg = self.cg
        if self.chain:  # by single links: only the cells and units whose branches give something
            if self.chains is None:
                self.chains = _ChainBranches(cg)
            groups = self.chains.groups
        else:
            groups = _groups(cg)
        for kind, where, d in groups:
            if kind == 0:
                yield from self._try(cg, "cell", cell_name(where), _options_of_cell(cg, where))
            else:
                yield from self._try(cg, "unit", f"{d}@{where}", _options_of_unit(cg, where, d))

    def _try(self, cg: CandidateGrid, kind: str, source: str, options: list) -> Iterator[Step]:
        results = [self.branch(c, d) for c, d in options]
        if any(r.dry for r in results):
            if self.chain:  # by single links: a contradiction chain; by singles: digit forcing's
                for (c, d), r in zip(options, results, strict=True):
                    if r.dry and (c, d) not in self.refuted:  # once, not once per unit it is in
                        self.refuted.add((c, d))
                        yield _contradiction_step(cg, r, True)
            return
        gone = [self.removed(c, d) for c, d in options]
        step = _branch_step(cg, kind, source, options, results, gone, self.chain)
        if step is not None:
            yield step


# the latest state searched, per thread (the driver asks each technique in turn on one state;
# a desktop worker and the page's hint may search at once, and a generator runs in one thread)
_LAST = threading.local()


def _search(cg: CandidateGrid, chain: bool) -> _Search:
    key = (tuple(cg.values), tuple(cg.cands), chain)
    last = getattr(_LAST, "chain" if chain else "net", None)
    if last is not None and last[0] == key:
        return last[1]
    found = _Search(cg, chain)
    setattr(_LAST, "chain" if chain else "net", (key, found))
    return found


def find_digit_forcing_chain(cg: CandidateGrid) -> Iterator[Step]:
    """Digit forcing chains: a candidate assumed true and assumed false leads, by singles, to the
    same result, or one of the two to a contradiction.  Yields nothing on a state with no empty
    cell or none of these."""
    return iter(_search(cg, False).digit)


def find_forcing_chain(cg: CandidateGrid) -> Iterator[Step]:
    """Forcing chains: a cell's candidates or a digit's places in a unit all lead, by single-link
    chains, to the same result, or one of them to a contradiction.  Yields nothing on a state with
    no empty cell or none of these."""
    return iter(_search(cg, True).multi)


def find_forcing_net(cg: CandidateGrid) -> Iterator[Step]:
    """Forcing nets: a cell's candidates or a digit's places in a unit all lead, by singles, to the
    same result.  Yields nothing on a state with no empty cell or none of these."""
    return iter(_search(cg, False).multi)


# ---------------------------------------------------------------------------------------------
# the text


def find_guess(cg: CandidateGrid) -> Iterator[Step]:
    """Guess: the exact solver's digit for the empty cell with the fewest candidates.  Yields
    nothing when the placed digits have no solution or it disagrees with every candidate left."""
    from engine.solve.solver import solve  # the compiled solver, loaded only when guessing is needed

    if cg.is_solved():
        return
    solution = solve(cg.values)
    if solution is None:
        return
    cells = sorted((cg.cands[c].bit_count(), c) for c in range(81) if not cg.values[c] and cg.cands[c])
    for _, c in cells:
        d = int(solution[c])
        if cg.cands[c] >> (d - 1) & 1:
            yield Step("guess", placements=((c, d),), cells=(c,), candidates=((c, d),),
                       detail={"options": cg.cands[c].bit_count()})
            return



for _tid, _name, _name_zh, _cost, _found_by in (
    ("digit_forcing_chain", "Digit Forcing Chain", "数字强制链", 8.5, find_digit_forcing_chain),
    ("forcing_chain", "Forcing Chain", "强制链", 8.0, find_forcing_chain),
    ("forcing_net", "Forcing Net", "强制网", 8.6, find_forcing_net),
):  # their words are the story the walk tells
    FAMILY.add(Technique(_tid, _name, _name_zh, _cost, _found_by))
FAMILY.add(Technique("guess", "Guess", "猜测", 10.0, find_guess))
