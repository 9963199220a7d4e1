"""Franken, mutant and Kraken fish: n base units of any kind whose candidates of a digit lie in n cover units.

A fish needs no rows-against-columns: take n units (the *base*) where a digit is not placed and
n other units (the *cover*) holding every base candidate of that digit.  Each base unit places
the digit once; if no two base units share the placed cell, those n placements fall in the n
cover units, one in each, so every other cover candidate is false, and so is a base candidate in
two cover units (it would fill two covers with one placement: "cannibalism")::

    x x . | . . .     a Franken X-wing: base row 1 and box 4 (the digit only in x),
    * * . | . . .     cover columns 1 and 2; * = the rest of the cover loses the digit
    * * . | . . .
    ------+------
    . . . | . . .
    x . . | . . .
    . x . | . . .
    ------+------
    * * . | . . .     (and so on down columns 1 and 2)

*Franken* fish mix lines of one direction with boxes (base rows+boxes, cover columns+boxes, or
the transpose); *mutant* fish any mix of rows, columns and boxes.  Sizes 2-4 (X-wing, swordfish,
jellyfish).  A *finned* fish also has fins: base candidates outside the cover (exo-fins) or in two
base units (endo-fins, HoDoKu's term); either a fin holds the digit or the fish does, so only
candidates that see every fin are removed.  *Siamese* fish (HoDoKu's name) are two finned fish on
the same base units whose eliminations differ, told as one step (HoDoKu joins them even when one
fish's removals include the other's; reglib 03621 needs that).

*Kraken* fish (HoDoKu's type 1) are finned basic fish whose target does not see every fin: each
fin it does not see, placed, leads by singles (the forcing chains' propagation,
:func:`engine.solve.propagation.propagate_singles`, compiled step for step in
:func:`engine.kernels.propagation.propagate_singles`) to the target losing the digit or to a
contradiction.  Type 2: the base cells of one cover unit and the fins, each placed, remove the
same candidate (of any digit); unless a fin holds the digit the fish puts it in one of those
cells, so the candidate goes.

Scores (SE scale): Sudoku Explainer has no Franken or mutant fish; it proves the same removals
with a forcing chain of roughly the fish's size.  HoDoKu rates them above finned basic fish
(Franken) and well above (mutant), so they sit after our finned/sashimi jellyfish (5.5) and before
the first chain (remote pair, 6.4): Franken 5.6-5.8, mutant 6.0-6.2, +0.1 for fins; a Siamese
fish costs its finned jellyfish's score (the driver always meets one of its two fish first).  A
Kraken fish is a forcing chain from the fins, the kind SE charges 8 and more: 8.1, just after our
forcing chain, so it never takes a step a forcing chain would explain (the driver meets it only
where forcing chains find nothing; it stays for hints).

Search (:mod:`engine.kernels.fish`, compiled): per digit, a depth-first search adds base units
in order and, right away, covers each new base candidate: by one of the (at most two) other
units through it, or by declaring it a fin.  The cover may hold at most n units and the fins at
most ``_MAX_FINS`` cells (``_MAX_ENDO`` of them endo-fins; HoDoKu's defaults are 5 and 2, its
library cases need 3) that still share a candidate peer outside the base, so a partial base that
spreads over too many units is dropped with all its extensions.  A Kraken search is the basic
search with at most ``_MAX_KRAKEN_FINS`` fins that need not see anything.  Results are kept per
(digit, the digit's candidate cells), which one step rarely changes, and decoded into steps only
when a finder reaches them.  The same search in pure Python took 0.5-3 s per state.

Measured (SE 7-9 puzzles of ratings/se_rated_stratified_sample.txt, the later two thirds of
their solve paths, 595 states; one core of a machine loaded 7-8 on 2 cores, so a quiet machine
runs about three times faster): all Franken fish of sizes 2-4 on a new state, median 9 ms
(p95 29, worst 43); along a path, with the per-digit memo, median 0.3 ms, mean 3 ms.  The mutant
search: median 12 ms (p95 70, worst 320) on a new state, median 0.3 ms and mean 6.5 ms along a
path, hence its place after the Franken fish.  Kraken: mean 55 ms for every type 1 instance on the
stuck states of tests/engine/test_complex_fish.py, 210 ms (worst 800) with type 2, which follows every
base cell (the singles propagation dominates); it runs only where the forcing chain finds nothing.  Rating 20
SE 5-9 puzzles (``engine.rating.difficulty.rate``), these finders took 8.5% of the time, 59 ms per puzzle.
Since, the search drops a frame whose full cover can remove nothing (:mod:`engine.kernels.fish`):
a Franken search 0.69 -> 0.48 ms, a mutant one 1.82 -> 1.13 ms, the same rows in the same order.
Then the digit's tables were built in the kernel (numpy in Python cost 40 us a search) and Kraken's
singles compiled (4 times faster a branch, the same placements in the same order on 17,675 branches
of every 10th state), a fin whose singles keep the target ends that target's test, and type 2 skips
the removals already given as one bit set; the kernel tests a new base unit's cell budget before
its fins' peers.  On the driver's 1,904 fish searches rating the 64 puzzles of the 1,378 stuck
states (one core, cpu time, machine loaded 3-5 on 2 cores, the same rows): Franken 0.50 -> 0.45
ms, mutant 1.18 -> 1.13 ms, Kraken's basic fish 0.14 -> 0.10 ms a search; the driver's Kraken
call (first step) 2.97 -> 1.37 ms; every Kraken fish of every 10th state 45.6 -> 22.6 ms a state
(worst 142 -> 57 ms), the same steps.  Since, the type 1 test runs compiled, fins followed as
needed (:func:`engine.kernels.propagation.kraken_targets`; figures there): the driver's Kraken call
on held-out SE 9 puzzles about 0.4x, every Kraken fish of every 10th stuck state 0.86x.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from itertools import combinations
from typing import NamedTuple

import numpy as np

from engine.candidates import CandidateGrid, DigitMemo, template_covered, template_rows
from engine.grid import CELL_UNITS_NP, PEERS, PEERS_NP, UNITS, UNITS_NP
from engine.logic.strategies import Family, Technique
from engine.logic.strategies.links import digit_cells
from engine.masks import PEER_MASK, bits
from engine.steps import Step
from engine.words.labels import cells_label

FAMILY = Family()  # this module's techniques, read by engine.logic.techniques

_NAMES = {2: "x_wing", 3: "swordfish", 4: "jellyfish"}
_MAX_SIZE = 4
_MAX_FINS = 3
_MAX_ENDO = 2
_ROWS, _COLS, _BOXES = range(9), range(9, 18), range(18, 27)
# (base units, cover units) the Franken search walks: rows+boxes against columns+boxes and back
_FRANKEN = ((tuple(_ROWS) + tuple(_BOXES), frozenset(_COLS) | frozenset(_BOXES)),
            (tuple(_COLS) + tuple(_BOXES), frozenset(_ROWS) | frozenset(_BOXES)))
_MUTANT = ((tuple(range(27)), frozenset(range(27))),)
_BASIC = ((tuple(_ROWS), frozenset(_COLS)), (tuple(_COLS), frozenset(_ROWS)))
# as the kernel takes them: the base units in order, the cover units as a bit set
_WALKS = {kind: tuple((np.array(pool, dtype=np.int64), sum(1 << u for u in cover)) for pool, cover in walks)
          for kind, walks in (("franken", _FRANKEN), ("mutant", _MUTANT), ("kraken", _BASIC))}
_MAX_KRAKEN_FINS = 2


class Fish(NamedTuple):
    """A found fish: digit, base and cover unit ids, and its base/fin/elimination cell masks."""

    digit: int
    base: tuple[int, ...]
    cover: tuple[int, ...]
    cells: int
    fins: int
    elims: int


Row = tuple[int, int, int, int, int]


class _Found(NamedTuple):
    """One digit's fish as the kernel gives them, by size: (base units, cover units, base cells,
    fins, eliminations) bit sets over the digit's candidate cells ``cells``; decoded when asked."""

    digit: int
    cells: list[int]
    rows: dict[int, list[Row]]
    # Kraken keeps its rows as one array instead (``rows`` left empty): the sizes in order, each
    # size's rows as the other kinds list them, and ``cells`` as an array, for the compiled test
    at: np.ndarray | None = None
    table: np.ndarray | None = None

    def fish(self, row: Row) -> Fish:
        base_set, cover_set, base_cells, fins, elims = row
        return Fish(self.digit, tuple(bits(base_set)), tuple(bits(cover_set)), self._spread(base_cells),
                    self._spread(fins), self._spread(elims))

    def _spread(self, mask: int) -> int:
        return sum(1 << self.cells[i] for i in bits(mask))


_KIND = {"kraken": 0, "franken": 1, "mutant": 2}  # engine.kernels.fish.kind_of's classes (Kraken: basic fish)


def _search(cands_mask: int, digit: int, kind: str, in_templates: list[int] | None = None) -> _Found:
    """Return, by size 2-4, every fish of the kind that removes a candidate (for "kraken": every
    finned basic fish with a cover candidate outside its base, seen by the fins or not, kept as
    one array, ``table``: the Kraken test reads them compiled).

    ``in_templates`` (per row, the columns of the digit's cells known to lie in a template:
    :func:`engine.candidates.template_rows`) narrows what the search looks for: a fish removes only
    cells outside them.  On the 961 digits of the 1,378 stuck states that are not covered, the
    Franken and mutant searches took 0.85x and 0.80x their time with it, the same rows in the same
    order.

    A digit with more than 62 candidates (the masks must fit an int64) has none searched: so few
    of its cells are decided that no fish with at most three fins can remove anything there.
    """
    cells = list(bits(cands_mask))
    found = _Found(digit, cells, {2: [], 3: [], 4: []})
    if len(cells) > 62:
        return found._replace(table=np.empty((0, 5), dtype=np.int64)) if kind == "kraken" else found
    at = np.array(cells, dtype=np.int64)
    removable = -1 if in_templates is None else sum(
        1 << i for i, c in enumerate(cells) if not in_templates[c // 9] >> (c % 9) & 1)
    parts = [_rows(at, pool, cover_ok, kind, removable) for pool, cover_ok in _WALKS[kind]]
    if kind == "kraken":  # by size, each size's rows in the order of the walks (a stable sort)
        table = np.concatenate(parts)
        sizes = [base.bit_count() for base in table[:, 0].tolist()]
        return found._replace(at=at, table=table[np.argsort(sizes, kind="stable")])
    for part in parts:
        for row in part.tolist():
            found.rows[row[0].bit_count()].append(tuple(row))
    return found


def _rows(at: np.ndarray, pool: np.ndarray, cover_ok: int, kind: str, removable: int) -> np.ndarray:
    """Return the kernel's rows for one walk (:func:`engine.kernels.fish.search_fish`)."""
    kernel = _kernels().search_fish
    fins = _MAX_KRAKEN_FINS if kind == "kraken" else _MAX_FINS
    blind = int(kind == "kraken")  # a Kraken fish's fins need not see anything
    count = size = 1024
    while count == size:  # the kernel stops when its rows run out: search again with more
        size *= 4
        out = np.empty((size, 5), dtype=np.int64)
        count = kernel(at, CELL_UNITS_NP, pool, cover_ok, _KIND[kind], _MAX_SIZE, fins, _MAX_ENDO, blind,
                       removable, out)
    return out[:count]


def _kernels():  # noqa: ANN202 (a module)
    """Return the compiled kernels, importing (and so loading numba) on first use."""
    from engine.kernels import fish as fish_kernels

    return fish_kernels


_MEMO = DigitMemo()


def _found(cg: CandidateGrid, kind: str) -> Iterator[_Found]:
    """Yield each digit's fish of the kind on a state (memoised per digit and candidate mask).

    Franken and mutant fish are single-digit logic: a digit whose every candidate lies in a template
    (:func:`engine.candidates.template_covered`) has none that removes anything, and is not searched;
    on the others, only cells in no template are looked for.  A Kraken fish's fins reach other
    digits, so its digits are all searched for everything.
    """
    blind = kind == "kraken"
    covered = 0 if blind else template_covered(cg.cands)
    for d, mask in enumerate(digit_cells(cg)[1:], start=1):
        if not covered >> (d - 1) & 1:
            yield _MEMO.get((kind, d, mask), lambda mask=mask, d=d: _search(
                mask, d, kind, None if blind else template_rows(cg.cands, d)))


def _step(tid: str, fish: Fish) -> Step:
    d = fish.digit
    cells = tuple(bits(fish.cells))
    return Step(tid, eliminations=tuple((c, d) for c in bits(fish.elims)), cells=cells,
                units=fish.base + fish.cover, candidates=tuple((c, d) for c in cells),
                detail={"digit": d, "base": list(fish.base), "cover": list(fish.cover),
                        "fins": cells_label(tuple(bits(fish.fins)))})


def _finder(n: int, kind: str, finned: bool):  # noqa: ANN202 (a Finder)
    tid = f"{'finned_' if finned else ''}{kind}_{_NAMES[n]}"

    def find(cg: CandidateGrid) -> Iterator[Step]:
        for found in _found(cg, kind):
            for row in found.rows[n]:
                if bool(row[3]) == finned:
                    yield _step(tid, found.fish(row))

    find.__doc__ = f"Yield every {tid.replace('_', ' ')} that removes a candidate (none if none)."
    return find


def _siamese_finder(kind: str):  # noqa: ANN202 (a Finder)
    tid = f"siamese_{kind}_fish"

    def find(cg: CandidateGrid) -> Iterator[Step]:
        for found in _found(cg, kind):
            for n in (2, 3, 4):
                by_base: dict[int, list[Row]] = {}
                for row in found.rows[n]:
                    if row[3]:
                        by_base.setdefault(row[0], []).append(row)
                for group in by_base.values():
                    for one, other in combinations(group, 2):
                        if one[4] != other[4]:  # HoDoKu joins them even when one has it all
                            yield _siamese_step(tid, found.fish(one), found.fish(other))

    find.__doc__ = f"Yield every pair of finned {kind} fish on the same base with different removals."
    return find


def _siamese_step(tid: str, one: Fish, other: Fish) -> Step:
    step = _step(tid, one._replace(elims=one.elims | other.elims))
    return Step(tid, eliminations=step.eliminations, cells=step.cells,
                units=tuple(dict.fromkeys(step.units + other.cover)), candidates=step.candidates,
                detail={**step.detail, "fish_en": _EN[len(one.base)], "fish_zh": _ZH[len(one.base)],
                        "cover2": list(other.cover), "fins2": cells_label(tuple(bits(other.fins)))})


def kraken_fish(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every Kraken fish (HoDoKu's types 1 and 2) that removes a candidate (none if none).

    Type 1: a finned basic fish whose target (a cover candidate of the digit) does not see every
    fin, and each fin it does not see, placed, leads by singles to the target losing the digit
    (or to a contradiction).  Type 2: one cover unit's base cells and the fins, each placed, lead
    to the same removal of any candidate; unless a fin holds the digit, the fish puts it in one of
    those base cells.
    """
    branches = _Branches(cg)
    done: set[tuple[int, int]] = set()
    found = list(_found(cg, "kraken"))
    for digit_fish in found:  # type 1 first: it uses the fish's own removals
        d = digit_fish.digit
        for row, targets in branches.type_1(digit_fish):
            fins = [digit_fish.cells[i] for i in bits(row[3])]
            for target in targets:
                done.add((target, d))
                far = [f for f in fins if not PEER_MASK[target] >> f & 1]
                chains = [branches.get(f, d) for f in far]
                yield _kraken_step(digit_fish.fish(row), (target, d), far, chains, None)
    # the removals given so far as a bit set: a contradiction in every branch removes all 729, and
    # those already given go before the bits are walked (the same targets in the same order)
    given = sum(1 << (9 * cell + digit - 1) for cell, digit in done)
    for digit_fish in found:
        assert digit_fish.table is not None  # a Kraken search's
        for row in digit_fish.table.tolist():
            given = yield from _kraken_type_2(branches, given, digit_fish.fish(tuple(row)))


def _kraken_type_2(branches: _Branches, given: int, fish: Fish) -> Generator[Step, None, int]:
    """Yield the fish's type 2 removals not in ``given`` (a 729-bit set, bit 9 * cell + digit - 1);
    return ``given`` with them."""
    d = fish.digit
    for unit in fish.cover:
        starts = [c for c in UNITS[unit] if fish.cells >> c & 1 and not fish.fins >> c & 1]
        starts += list(bits(fish.fins))
        chains = [branches.get(c, d) for c in starts]
        common = chains[0].removed & ~given
        for b in chains[1:]:
            common &= b.removed
        for c in starts:  # not a start's own digit
            common &= ~(1 << (9 * c + d - 1))
        given |= common
        for bit in bits(common):
            yield _kraken_step(fish, (bit // 9, bit % 9 + 1), starts, chains, unit)
    return given


class _Branch(NamedTuple):
    """What placing a digit in a cell leads to by singles: the placements, and the candidates it
    removes as a 729-bit set, bit 9 * cell + digit - 1 (all of them when it runs into a contradiction)."""

    placed: list[tuple[int, int]]
    removed: int
    broken: bool

    def removes(self, cell: int, digit: int) -> bool:
        return bool(self.removed >> (9 * cell + digit - 1) & 1)

    def path(self, cell: int, digit: int) -> list[tuple[int, int]]:
        """Return the placements up to the one that takes ``digit`` from ``cell`` (all if broken)."""
        if self.broken:
            return self.placed
        for i, (c, v) in enumerate(self.placed):
            if (c == cell and v != digit) or (v == digit and c in PEERS[cell]):
                return self.placed[: i + 1]
        return self.placed


class _Branches:
    """Each (cell, digit) placed on one state and followed by singles, kept once followed."""

    def __init__(self, cg: CandidateGrid) -> None:
        self.values = np.array(cg.values, dtype=np.int64)
        self.cands = np.array(cg.cands, dtype=np.int64)
        self.followed: dict[tuple[int, int], _Branch] = {}

    def type_1(self, found: _Found) -> Iterator[tuple[Row, list[int]]]:
        """Yield each row of a digit's Kraken search with type 1 targets, and those targets (cells,
        ascending): cover candidates some fin does not see, each such fin placed removing them by
        singles (:func:`engine.kernels.propagation.kraken_targets`, which follows the fins).

        The kernel does what the test in Python did target by target (a fin's singles keeping a
        target ended that target's test): the same rows and targets, the same fins followed.
        """
        from engine.kernels.propagation import kraken_targets

        assert found.table is not None  # a Kraken search's
        kill = np.full(len(found.cells), -1, dtype=np.int64)  # each fin's removals, once followed
        out = np.zeros(1, dtype=np.int64)
        done = 0  # the digit's targets given so far, bit i: found.cells[i]
        r = 0
        while r < len(found.table):
            r = kraken_targets(self.values, self.cands, found.digit, found.at, found.table, r, done, kill,
                               PEERS_NP, UNITS_NP, out)
            if r < 0:
                return
            done |= int(out[0])
            yield tuple(found.table[r].tolist()), [found.cells[i] for i in bits(int(out[0]))]
            r += 1

    def get(self, cell: int, d: int) -> _Branch:
        """Return where placing ``d`` in ``cell`` leads by singles (compiled, never fails on a valid
        state: :func:`engine.kernels.propagation.propagate_singles`, the forcing chains' propagation
        step for step)."""
        branch = self.followed.get((cell, d))
        if branch is None:
            from engine.kernels import propagation as kernels

            placed = np.empty((81, 2), dtype=np.int64)
            gone = np.empty(81, dtype=np.int64)
            queue = np.empty((kernels.QUEUE, 2), dtype=np.int64)
            n = kernels.propagate_singles(self.values.copy(), self.cands.copy(), cell, d, PEERS_NP, UNITS_NP,
                                          placed, queue, gone)
            if n < 0:
                branch = _Branch([(c, v) for c, v in placed[: -1 - n].tolist()], (1 << 729) - 1, True)
            else:
                removed = 0
                for c, lost in enumerate(gone.tolist()):
                    if lost:
                        removed |= lost << (9 * c)
                branch = _Branch([(c, v) for c, v in placed[:n].tolist()], removed, False)
            self.followed[cell, d] = branch
        return branch


def _kraken_step(fish: Fish, target: tuple[int, int], starts: list[int], chains: list[_Branch],
                 unit: int | None) -> Step:
    """The step removing ``target``: type 1 when ``unit`` is None, else type 2 through that cover unit."""
    step = _step("kraken_fish", fish._replace(elims=0))
    # per start: [start, the placement that removes the target, placements made, 1 if a contradiction]
    record = []
    for start, branch in zip(starts, chains, strict=True):
        path = branch.path(*target)
        record.append([start, *path[-1], len(path), int(branch.broken)])
    extra = {"type": 1} if unit is None else {"type": 2, "unit": unit}
    return Step("kraken_fish", eliminations=(target,), cells=step.cells, units=step.units,
                candidates=step.candidates, detail={**step.detail, **extra, "chains": record})


_EN = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
_ZH = {2: "X翼", 3: "剑鱼", 4: "水母"}
_KIND_EN = {"franken": "Franken", "mutant": "Mutant"}
_KIND_ZH = {"franken": "弗兰肯", "mutant": "变异"}
_SCORE = {("franken", 2): 5.6, ("franken", 3): 5.7, ("franken", 4): 5.8,
          ("mutant", 2): 6.0, ("mutant", 3): 6.1, ("mutant", 4): 6.2}

for _kind_id in ("franken", "mutant"):
    for _n in (2, 3, 4):
        _en = f"{_KIND_EN[_kind_id]} {_EN[_n]}"
        _zh = f"{_KIND_ZH[_kind_id]}{_ZH[_n]}"
        _tid = f"{_kind_id}_{_NAMES[_n]}"
        FAMILY.add(Technique(_tid, _en, _zh, _SCORE[_kind_id, _n], _finder(_n, _kind_id, False)))
        FAMILY.add(
            Technique(f"finned_{_tid}", f"Finned {_en}", f"鳍{_zh}", round(_SCORE[_kind_id, _n] + 0.1, 1),
                      _finder(_n, _kind_id, True)),
        )

for _kind_id, _score in (("franken", 5.9), ("mutant", 6.3)):
    _en = f"Siamese {_KIND_EN[_kind_id]} Fish"
    _zh = f"连体{_KIND_ZH[_kind_id]}鱼"
    FAMILY.add(Technique(f"siamese_{_kind_id}_fish", _en, _zh, _score, _siamese_finder(_kind_id)))

FAMILY.add(Technique("kraken_fish", "Kraken Fish", "海怪鱼", 8.1, kraken_fish))
