"""The compiled pattern tests (engine/kernels/, by family) agree with the rules written out in Python.

On states of walks through the hardest known puzzles
(tests/engine/test_als_chain_triple_exclusion_msls.py), each
kernel's answer is compared with a plain Python walk of the definitions: Sue de Coq's removing
patterns in the walk's order, whether 3D Medusa removes anything, every unit's naked and hidden
subsets, which bent sets are spread over units and remove something, the rectangles that could
hold a deadly pattern, the digits colouring removes something on, and the locked pairs and triples.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from engine import CandidateGrid, parse_state
from engine.grid import CELL_UNITS, PEERS, UNITS, as_grid
from engine.kernels.bent_sets import bent_sets_found
from engine.kernels.coloring import coloring_digits, medusa_removes
from engine.kernels.intersections import locked_subsets
from engine.kernels.subsets import unit_subsets
from engine.kernels.sue_de_coq import sue_de_coq_patterns
from engine.kernels.uniqueness import deadly_rectangles
from engine.kernels.wings import wing_rows
from engine.logic.strategies import (
    bent_sets,
    coloring,
    intersections,
    medusa,
    subsets,
    sue_de_coq,
    uniqueness,
)
from engine.logic.strategies.links import digit_cells
from engine.masks import MASK_DIGITS, POPCOUNT
from tests.engine.test_als_chain_triple_exclusion_msls import HARDEST, _states

STATES = slice(3, None, 9)  # some 40 states, crowded and sparse


def _grids() -> list[CandidateGrid]:
    return [parse_state(state) for state, _ in _states()[STATES]]


def _candidates() -> list[list[int]]:
    return [cg.cands for cg in _grids()]


def _unions(cands: list[int], cells: tuple[int, ...]) -> int:
    out = 0
    for c in cells:
        out |= cands[c]
    return out


def _subsets_of(cells: list[int]) -> list[tuple[int, ...]]:
    return [combo for size in range(1, len(cells) + 1) for combo in combinations(cells, size)]


def _sue_de_coq(cands: list[int], b: int, line: int) -> list[tuple]:
    """Return (core, line cells, box cells) of the removing patterns of one intersection, walk order."""
    box = UNITS[18 + b]
    inter = [c for c in UNITS[line] if c in box and cands[c]]
    line_rest = [c for c in UNITS[line] if c not in box and cands[c]]
    box_rest = [c for c in box if c not in UNITS[line] and cands[c]]
    out = []
    for size in (2, 3):
        for core in combinations(inter, size):
            v = _unions(cands, core)
            if POPCOUNT[v] < size + 2:
                continue
            boxes = _subsets_of([c for c in box_rest if cands[c] & v])
            for lset in _subsets_of([c for c in line_rest if cands[c] & v]):
                vl = _unions(cands, lset)
                for bset in boxes:
                    vb = _unions(cands, bset)
                    # C + L + B: as many digits as cells, L's and B's digits disjoint, and B
                    # taking some of C's digits (more cells than digits of its own)
                    if vl & vb or POPCOUNT[v | vl | vb] != len(core) + len(lset) + len(bset) or \
                            len(bset) <= POPCOUNT[vb & ~v]:
                        continue
                    line_digits, box_digits = vl | (v & ~vb), vb | (v & ~vl)
                    if any(cands[c] & line_digits for c in line_rest if c not in lset) or any(
                        cands[c] & box_digits for c in box_rest if c not in bset) or any(
                            cands[c] & (line_digits | box_digits) for c in inter if c not in core):
                        out.append((core, lset, bset))
    return out


def _sue_de_coq_rows(cands: list[int]) -> list[tuple]:
    """The kernel's patterns on one state, read back into (box, line, core, line cells, box cells)."""
    out = np.empty((4096, 8), dtype=np.int64)
    count = sue_de_coq_patterns(np.array(cands, dtype=np.int64), sue_de_coq._UNITS, sue_de_coq._CROSSINGS,
                                sue_de_coq._ORDER, out)
    got = []
    for b, line, size, c0, c1, c2, lb, bb in out[:count].tolist():
        box = UNITS[18 + b]
        line_rest = [c for c in UNITS[line] if c not in box and cands[c]]
        box_rest = [c for c in box if c not in UNITS[line] and cands[c]]
        got.append((b, line, (c0, c1, c2)[:size],
                    tuple(c for i, c in enumerate(line_rest) if lb >> i & 1),
                    tuple(c for i, c in enumerate(box_rest) if bb >> i & 1)))
    return got


def test_sue_de_coq_kernel_lists_the_removing_patterns_in_the_walks_order() -> None:
    found = 0
    for cg in _grids():
        want = [(b, line, *pattern) for b, line in sue_de_coq._CROSSINGS.tolist()
                for pattern in _sue_de_coq(cg.cands, b, line)]
        assert _sue_de_coq_rows(cg.cands) == want
        found += len(want)
    assert found > 20


def test_medusa_kernel_says_whether_some_cluster_has_a_false_colour_or_a_trap() -> None:
    answers = []
    for cg in _grids():
        cands = cg.cands
        dc = digit_cells(cg)
        dc[0] = sum(1 << c for c in range(81) if cands[c])
        removes = False
        for on, off, _ in medusa._clusters(medusa._links(cands)):
            first, second = medusa._Colour(on), medusa._Colour(off)
            if medusa._why_false(dc, first, second) or medusa._why_false(dc, second, first) or \
                    medusa._traps(dc, first, second):
                removes = True
        assert medusa_removes(np.array(cands, dtype=np.int64), medusa._UNITS, medusa._PEER_WORDS) == removes
        answers.append(removes)
    assert any(answers) and not all(answers)


def _unit_subsets(cands: list[int], size: int, hidden: bool) -> list[tuple[int, int, int]]:
    out = []
    for u, cells in enumerate(UNITS):
        if hidden:
            places = [sum(1 << i for i, c in enumerate(cells) if cands[c] >> d & 1) for d in range(9)]
            items = [(1 << d, p) for d, p in enumerate(places) if 1 < POPCOUNT[p] <= size]
        else:
            items = [(1 << i, cands[c]) for i, c in enumerate(cells) if 1 < POPCOUNT[cands[c]] <= size]
        for group in combinations(items, size):
            chosen = sum(bit for bit, _ in group)
            union = 0
            for _, m in group:
                union |= m
            if POPCOUNT[union] != size:
                continue
            if not hidden:
                group = [c for i, c in enumerate(cells) if chosen >> i & 1]
                shared = [v for v in range(27) if all(c in UNITS[v] for c in group)]
                if any(cands[c] & union and c not in group for v in shared for c in UNITS[v]):
                    out.append((u, chosen, union))
            elif any(cands[cells[i]] & ~chosen for i in range(9) if union >> i & 1):
                out.append((u, union, chosen))
    return out


def test_unit_subsets_kernel_lists_every_removing_naked_and_hidden_subset() -> None:
    out = np.empty((4096, 3), dtype=np.int64)
    seen = 0
    for cands in _candidates():
        state = np.array(cands, dtype=np.int64)
        for size in (2, 3, 4):
            for hidden in (False, True):
                count = unit_subsets(state, subsets._UNITS, size, hidden, subsets.COMBOS, out)
                assert [tuple(r) for r in out[:count].tolist()] == _unit_subsets(cands, size, hidden)
                seen += count
    assert seen > 100


def test_bent_sets_kernel_keeps_the_sets_spread_over_units_that_remove_something() -> None:
    """The one-call kernel returns, in order, the sets of round 7's search that the rules keep."""
    from engine.logic.strategies.links import cell_words
    from engine.masks import PEER_MASK, UNIT_MASK
    from tests.harness.bent_sets_reference import bent_sets as search

    unit_words = cell_words([UNIT_MASK[u] for c in range(81) for u in CELL_UNITS[c]]).reshape(81, 3, 2)
    peer_words, scope_words = cell_words(list(PEER_MASK)), cell_words(bent_sets._BOX_LINES)
    kept_any = 0
    for cg in _grids():
        cands = cg.cands
        state = np.array(cands, dtype=np.int64)
        for n in (4, 5):
            digit_sets = bent_sets._DIGIT_SET_ARRAYS[n]
            words = cell_words(digit_cells(cg))
            rows = search(state, words, unit_words, peer_words, scope_words, digit_sets, n)
            want = []
            for lo, hi, union, loose in rows.tolist():
                cells = [c for c in range(81) if (lo | hi << 63) >> c & 1]
                if all(b in PEERS[a] for a, b in combinations(cells, 2)):
                    continue  # all in one unit
                removes = False
                for d in MASK_DIGITS[loose or union]:
                    holders = [c for c in cells if cands[c] >> (d - 1) & 1]
                    removes |= any(cands[t] >> (d - 1) & 1 and all(t in PEERS[h] for h in holders)
                                   for t in range(81) if t not in cells)
                if removes:
                    want.append((lo | hi << 63, union, loose))
            out = np.empty((256, 5), dtype=np.int64)
            count = bent_sets_found(state, bent_sets._CELL_UNITS, bent_sets._PEER_THIRDS,
                                    bent_sets._SCOPE_THIRDS, digit_sets, n, out)
            got = [(w0 | w1 << 27 | w2 << 54, u, loose) for w0, w1, w2, u, loose in out[:count].tolist()]
            assert got == want
            kept_any += count
    assert kept_any > 0


def test_deadly_rectangles_kernel_lists_the_rectangles_in_the_walks_order() -> None:
    out = np.empty((4096, 3), dtype=np.int64)
    seen = 0
    for cands in _candidates():
        want, found = [], set()
        for cell in range(81):
            ab = cands[cell]
            if POPCOUNT[ab] != 2:
                continue
            for i, rect in enumerate(uniqueness.RECTANGLES):
                if cell in rect and all(cands[c] & ab for c in rect) and (rect, ab) not in found:
                    found.add((rect, ab))
                    want.append((i, ab, sum(1 << k for k, c in enumerate(rect) if cands[c] == ab)))
        count = deadly_rectangles(np.array(cands, dtype=np.int64), uniqueness._RECTANGLES_OF,
                                  uniqueness._CORNERS, out)
        assert [tuple(r) for r in out[:count].tolist()] == want
        seen += count
    assert seen > 100


def test_coloring_kernel_tells_the_digits_simple_and_multi_colouring_remove_on() -> None:
    fired = 0
    for cg in _grids():
        digits = coloring_digits(np.array(cg.cands, dtype=np.int64), coloring._UNITS, coloring._PEER_THIRDS)
        for d in range(1, 10):
            assert digits >> (d - 1) & 1 == bool(list(coloring._simple_digit(cg.cands, d)))
            assert digits >> (8 + d) & 1 == bool(list(coloring._multi_digit(cg.cands, d)))
        fired += digits.bit_count()
    assert fired > 0


def test_locked_subsets_kernel_lists_the_pairs_and_triples_clearing_box_and_line() -> None:
    out = np.empty((162, 2), dtype=np.int64)
    seen = 0
    for cands in _candidates():
        for size in (2, 3):
            want = []
            for k, (box, _, mini, rest) in enumerate(intersections._MINIS):
                open_cells = [i for i, c in enumerate(mini) if 1 < POPCOUNT[cands[c]] <= size]
                for group in combinations(open_cells, size):
                    cells = [mini[i] for i in group]
                    digits = _unions(cands, tuple(cells))
                    if POPCOUNT[digits] == size and any(cands[c] & digits for c in rest) and any(
                            cands[c] & digits for c in UNITS[18 + box] if c not in cells):
                        want.append((k, sum(1 << i for i in group)))
            count = locked_subsets(np.array(cands, dtype=np.int64), intersections._UNITS,
                                   intersections._MINI_ARRAY, size, out)
            assert [tuple(r) for r in out[:count].tolist()] == want
            seen += count
    assert seen > 0


def _wings(cands: list[int], kind: int) -> list[tuple[int, int, int]]:
    """The wings the Python walks found (pivot order, pincers in peer order; W: pairs in cell order)."""
    def hit(cells: tuple[int, ...], bit: int, skip: int = -1) -> bool:
        return any(cands[t] & bit and t != skip and all(t in PEERS[c] for c in cells) for t in range(81))

    out = []
    if kind == 2:
        pairs = [c for c in range(81) if POPCOUNT[cands[c]] == 2]
        for a, b in combinations(pairs, 2):
            if cands[a] != cands[b] or b in PEERS[a]:
                continue
            for x in MASK_DIGITS[cands[a]]:
                x_bit = 1 << (x - 1)
                links = [[c for c in unit if cands[c] & x_bit] for unit in UNITS]
                bridged = any(len(two) == 2 and not {a, b} & set(two) and any(
                    s in PEERS[a] and t in PEERS[b] for s, t in (two, two[::-1])) for two in links)
                if hit((a, b), cands[a] & ~x_bit) and bridged:
                    out.append((a, b, x_bit))
        return out
    for pivot in range(81):
        pm = cands[pivot]
        if POPCOUNT[pm] != 2 + kind:
            continue
        wings = [p for p in PEERS[pivot] if POPCOUNT[cands[p]] == 2
                 and (POPCOUNT[cands[p] & pm] == 1 if kind == 0 else not cands[p] & ~pm)]
        for a, b in combinations(wings, 2):
            if kind == 0:
                z = cands[a] & cands[b] & ~pm
                if POPCOUNT[z] == 1 and cands[a] & pm != cands[b] & pm and hit((a, b), z, pivot):
                    out.append((pivot, a, b))
            elif POPCOUNT[cands[a] & cands[b]] == 1 and cands[a] | cands[b] == pm and \
                    hit((a, b, pivot), cands[a] & cands[b]):
                out.append((pivot, a, b))
    return out


def test_wing_rows_kernel_lists_the_removing_wings_in_the_walks_order() -> None:
    from engine.logic.strategies import wings

    out = np.empty((512, 3), dtype=np.int64)
    seen = [0, 0, 0]
    for cg in _grids():
        state = np.array(cg.cands, dtype=np.int64)
        for kind in range(3):
            count = wing_rows(state, wings._UNITS, wings._PEER_LIST, wings._PEER_THIRDS, kind, out)
            assert [tuple(r) for r in out[:count].tolist()] == _wings(cg.cands, kind)
            seen[kind] += count
    assert min(seen) > 0


def test_avoidable_rectangles_kernel_lists_the_rectangles_the_rules_accept() -> None:
    """Every rectangle without a placed given whose type 1 or 2 check removes something, in order,
    with and without givens among the placed digits."""
    from engine.kernels.uniqueness import avoidable_rectangles
    from engine.masks import PEER_THIRDS

    peers = np.array(PEER_THIRDS, dtype=np.int64)
    found = 0
    for cg in _grids():
        values, cands = cg.values, cg.cands
        filled = [c for c in range(81) if values[c]]
        for givens in (0, sum(1 << c for c in filled[::3])):
            want = []
            for r, rect in enumerate(uniqueness.RECTANGLES):
                placed = [c for c in rect if values[c]]
                if any(givens >> c & 1 for c in placed) or len(placed) not in (2, 3) or \
                        any(not cands[c] for c in rect if not values[c]):
                    continue
                steps = list(uniqueness._ar_type1(cands, values, rect) if len(placed) == 3
                             else uniqueness._ar_type2(cands, values, rect, placed))
                if steps:
                    want.append(r)
            words = np.array([givens >> s & (1 << 27) - 1 for s in (0, 27, 54)], dtype=np.int64)
            out = np.empty(len(uniqueness.RECTANGLES), dtype=np.int64)
            count = avoidable_rectangles(np.array(values, dtype=np.int64), np.array(cands, dtype=np.int64),
                                         words, uniqueness._CORNERS, peers, out)
            assert out[:count].tolist() == want
            found += count
    assert found > 0


def _locks(cands: list[int], claiming: bool) -> list[tuple[int, int, int]]:
    """(digit, unit, unit) of the removing pointings (box, line) or claimings (line, box), walk order."""
    out = []
    for d in range(1, 10):
        bit = 1 << (d - 1)
        for first in range(18) if claiming else range(18, 27):
            held = [c for c in UNITS[first] if cands[c] & bit]
            if not held:
                continue
            seconds = range(18, 27) if claiming else range(18)
            for second in seconds:
                if all(c in UNITS[second] for c in held) and any(
                        cands[c] & bit and c not in UNITS[first] for c in UNITS[second]):
                    out.append((d, first, second))
    return out


def test_locked_candidates_kernel_lists_the_removing_locks_in_the_walks_order() -> None:
    from engine.kernels.intersections import locked_candidates

    out = np.empty((243, 3), dtype=np.int64)
    seen = [0, 0]
    for cg in _grids():
        state = np.array(cg.cands, dtype=np.int64)
        for claiming in (False, True):
            count = locked_candidates(state, intersections._UNITS, claiming, out)
            assert [tuple(r) for r in out[:count].tolist()] == _locks(cg.cands, claiming)
            seen[claiming] += count
    assert min(seen) > 0


def _hidden_singles(cands: list[int]) -> list[tuple[int, int, int]]:
    """(unit, cell, digit) of every digit with one place in a unit: boxes, then rows and columns."""
    out = []
    for unit in [*range(18, 27), *range(18)]:
        for d in range(1, 10):
            places = [c for c in UNITS[unit] if cands[c] >> (d - 1) & 1]
            if len(places) == 1:
                out.append((unit, places[0], d))
    return out


def test_hidden_single_finder_lists_every_hidden_single_in_the_walks_order() -> None:
    """On the start of puzzles (many singles) and on later states (a few or none)."""
    from engine.logic.strategies.singles import hidden_single

    lines = HARDEST.read_text().split()[:20]
    grids = [CandidateGrid.from_grid(as_grid(p.replace(".", "0"))) for p in lines] + _grids()
    found = 0
    for cg in grids:
        want = _hidden_singles(cg.cands)
        got = [(s.units[0], *s.placements[0]) for s in hidden_single(cg)]
        assert got == want
        found += len(got)
    assert found > 20
