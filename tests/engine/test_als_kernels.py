"""engine.kernels.als against the definitions, written out plainly in Python, on real hard states.

The almost locked sets (laid out by :func:`engine.kernels.als.als_table`, each made from its row
when read) are checked against the state's candidates; their RCC pairs
(:func:`engine.kernels.als.rcc_rows`) with the test of every pair (:func:`_every_pair`, the
search it replaced) and with :func:`engine.logic.strategies.links.rccs`.
The ALS chain's layers and walks (:func:`engine.kernels.als.chain_walks`) are compared with a
breadth-first search over Python sets whose links come from :func:`engine.logic.strategies.links.rccs`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import numba
import numpy as np

from engine import CandidateGrid, as_grid, solve
from engine.logic.strategies.als import links_by_set
from engine.logic.strategies.als_chain import MAX_LINKS, MIN_LINKS
from engine.logic.strategies.links import Als, almost_locked_sets, digit_cells, digit_words, rcc_tables, rccs
from engine.logic.techniques import techniques
from engine.masks import common_peers
from tests.harness.paths import DATA
from tests.harness.reglib import walk

HARDEST = DATA / "bench" / "forum_hardest_1106.txt"


@cache
def _states() -> list[CandidateGrid]:
    """Return every seventh state on the way through 3 of the hardest puzzles."""
    easy = [t for t in techniques() if t.score < 6.0 and not t.needs_unique]
    out = []
    for puzzle in HARDEST.read_text().split()[5::300][:3]:
        solution = "".join(map(str, solve(as_grid(puzzle.replace(".", "0")))))
        out += [cg for cg, _ in walk(puzzle, solution, easy)]
    return out[::7]


def _plain_search(cg: CandidateGrid) -> tuple[list, list[dict], list]:
    """Return (starts, layers as {(y, j): starts}, walks (k, start, y, j)) by the definition."""
    sets = almost_locked_sets(cg)
    links: list[list[tuple[int, int]]] = [[] for _ in sets]
    for i in range(len(sets)):
        for j in range(i + 1, len(sets)):
            if not sets[i].cells & sets[j].cells:
                for x in rccs(sets[i], sets[j]):
                    links[i].append((x, j))
                    links[j].append((x, i))
    dc = digit_cells(cg)
    sees = [{z: dc[z] & a.digit_peers[z] & ~a.cells for z in a.digit_mask} for a in sets]
    starts = [(i, x) for i in range(len(sets)) for x in sorted({x for x, _ in links[i]})
              if any(m for z, m in sees[i].items() if z != x)]
    layer: dict = {}
    for s, (i, x) in enumerate(starts):
        for y, j in links[i]:
            if y == x:
                layer.setdefault((y, j), set()).add(s)
    layers, walks, done = [layer], [], {}
    for k in range(2, MAX_LINKS + 1):
        nxt: dict = {}
        for (x, i), reached in layer.items():
            for y, j in links[i]:
                if y != x:
                    nxt.setdefault((y, j), set()).update(reached)
        layers.append(layer := nxt)
        if k < MIN_LINKS:
            continue
        for (y, j), reached in layer.items():
            for s in sorted(reached - done.get((y, j), set())):
                i, x = starts[s]
                if any(z not in (x, y) and m & sees[j].get(z, 0) for z, m in sees[i].items()):
                    done.setdefault((y, j), set()).add(s)
                    if i != j:
                        walks.append((k, s, y, j))
    return starts, layers, sorted(walks)


def _compiled_search(cg: CandidateGrid) -> tuple[list, list[dict], list]:
    from engine.kernels.als import chain_starts, chain_walks

    sets = almost_locked_sets(cg)
    table, rows = rcc_tables(cg, sets)
    other, rcc, start = links_by_set(rows, len(sets))
    starts = chain_starts(table, digit_words(cg), rcc, start)
    layers = np.zeros((MAX_LINKS, 10, len(sets), (len(starts) + 63) // 64), dtype=np.uint64)
    walks = chain_walks(table, digit_words(cg), other, rcc, start, starts, layers, MIN_LINKS)
    as_sets = []
    for layer in layers:
        found: dict = {}
        for y, j, w, b in zip(*np.nonzero(np.unpackbits(layer.view(np.uint8), axis=2, bitorder="little")
                                          .reshape(*layer.shape, 64)), strict=True):
            found.setdefault((int(y), int(j)), set()).add(int(w) * 64 + int(b))
        as_sets.append(found)
    return [tuple(s) for s in starts.tolist()], as_sets, sorted(map(tuple, walks.tolist()))


def _plain_blossoms(cg: CandidateGrid) -> list[list[int]]:
    """Return (stem, petal...) of every death blossom removing something, as blossom_leaves orders
    them: stems ascending, then depth first over each digit's petals in set order, a branch dropped
    only once no digit Z has a target left."""
    sets = almost_locked_sets(cg)
    dc = digit_cells(cg)
    out: list[list[int]] = []
    for stem in range(81):
        digits = [d for d in range(1, 10) if cg.cands[stem] >> (d - 1) & 1]
        if 2 <= len(digits) <= 4:
            petals = [[i for i, a in enumerate(sets) if d in a.digit_mask and a.digit_peers[d] >> stem & 1
                       and not a.cells >> stem & 1] for d in digits]
            targets = {z: dc[z] & ~(1 << stem) if z not in digits else 0 for z in range(1, 10)}
            _grow(sets, stem, digits, petals, targets, [], out)
    return out


def _grow(sets: Sequence[Als], stem: int, digits: list[int], petals: list[list[int]], targets: dict[int, int],
          chosen: list[int], out: list[list[int]]) -> None:
    """Add the blossoms of ``stem`` whose first petals are ``chosen`` (``targets``: per Z what they leave)."""
    level = len(chosen)
    if level == len(digits):
        cells = 1 << stem
        for i in chosen:
            cells |= sets[i].cells
        if any(m & ~cells for m in targets.values()):
            out.append([stem, *chosen, *[-1] * (4 - level)])
        return
    for i in petals[level]:
        a = sets[i]
        left = {z: m & a.digit_peers[z] & ~a.cells if z != digits[level] and z in a.digit_mask else 0
                for z, m in targets.items()}
        if any(left.values()):
            _grow(sets, stem, digits, petals, left, [*chosen, i], out)


def test_death_blossoms_are_those_of_the_plain_search() -> None:
    from engine.kernels.chains import blossom_leaves

    found = 0
    for cg in _states():
        sets = almost_locked_sets(cg)
        table = rcc_tables(cg, sets)[0]
        leaves = blossom_leaves(table, digit_words(cg), np.array(cg.cands, dtype=np.int64)).tolist()
        expected = _plain_blossoms(cg)
        assert leaves == expected, cg.to_sukaku()
        found += len(expected)
    assert found > 0  # the states have blossoms to find


def test_every_sets_links_are_listed_in_the_order_of_the_pairs() -> None:
    for cg in _states():
        sets = almost_locked_sets(cg)
        rows = rcc_tables(cg, sets)[1]
        expected: list[list[tuple[int, int]]] = [[] for _ in sets]
        for i, j, digits in rows.tolist():  # per pair, each digit ascending, i's link then j's
            for x in range(1, 10):
                if digits >> (x - 1) & 1:
                    expected[i].append((j, x))
                    expected[j].append((i, x))
        other, rcc, start = links_by_set(rows, len(sets))
        assert other.flags.c_contiguous and rcc.flags.c_contiguous
        links = list(zip(other.tolist(), rcc.tolist(), strict=True))
        got = [links[start[i] : start[i + 1]] for i in range(len(sets))]
        assert got == expected, cg.to_sukaku()
        assert start[-1] == sum(map(len, expected))


def test_the_als_chain_search_finds_the_walks_of_the_definition() -> None:
    states = _states()
    assert len(states) >= 10
    found = 0
    for cg in states:
        expected = _plain_search(cg)
        assert _compiled_search(cg) == expected, cg.to_sukaku()
        found += len(expected[2])
    assert found >= 20  # the states have chains to find


def test_the_almost_locked_sets_hold_their_cells_digits_and_peers_and_lay_out_as_such() -> None:
    # (which sets, in which order: tests/engine/test_link_graph.py; here what each holds, made from its
    # row of the table the compiled tests read)
    for cg in _states():
        sets = almost_locked_sets(cg)
        table, _ = rcc_tables(cg, sets)
        for a, row in zip(sets, table.tolist(), strict=True):
            cells = [c for c in range(81) if a.cells >> c & 1]
            held = {d: sum(1 << c for c in cells if cg.cands[c] >> (d - 1) & 1) for d in range(1, 10)}
            assert a.digit_mask == {d: m for d, m in held.items() if m}, cg.to_sukaku()
            assert a.digits == sum(1 << (d - 1) for d in a.digit_mask) and len(a.digit_mask) == len(cells) + 1
            assert a.digit_peers == {d: common_peers(m) for d, m in a.digit_mask.items()}
            assert row[0] == [a.cells & (2**64 - 1), a.cells >> 64, a.digits, 0]
            for d in range(1, 10):
                m, p = a.digit_mask.get(d, 0), a.digit_peers.get(d, 0)
                assert row[d] == [m & (2**64 - 1), m >> 64, p & (2**64 - 1), p >> 64]


@numba.njit(cache=True)
def _every_pair(sets):  # noqa: ANN001, ANN202 (compiled)
    """``(i, j, rcc digits mask)`` for every two non-overlapping sets i < j: x in both, in no cell of
    both, and every x of set j seeing every x of set i (``sets`` as rcc_tables lays them out)."""
    n = sets.shape[0]
    out = np.zeros((n * (n - 1) // 2 + 1, 3), dtype=np.int64)
    used = 0
    for i in range(n):
        for j in range(i + 1, n):
            if sets[i, 0, 0] & sets[j, 0, 0] or sets[i, 0, 1] & sets[j, 0, 1]:
                continue
            found = 0
            for x in range(1, 10):
                if (sets[i, 0, 2] & sets[j, 0, 2]) >> np.uint64(x - 1) & np.uint64(1) and (
                    sets[i, x, 0] & sets[j, x, 0] == 0 and sets[i, x, 1] & sets[j, x, 1] == 0
                    and sets[j, x, 0] & ~sets[i, x, 2] == 0 and sets[j, x, 1] & ~sets[i, x, 3] == 0
                ):
                    found |= 1 << (x - 1)
            if found:
                out[used, 0], out[used, 1], out[used, 2] = i, j, found
                used += 1
    return out[:used]


def test_the_rcc_pairs_are_those_of_every_pair_tested() -> None:
    from engine.kernels.als import rcc_rows

    pairs = 0
    for cg in _states():
        for sets in (almost_locked_sets(cg), almost_locked_sets(cg, min_size=2)):
            table, rows = rcc_tables(cg, sets)
            assert np.array_equal(rows, _every_pair(table)) and np.array_equal(rcc_rows(table), rows)
            pairs += len(rows)
    cg = _states()[len(_states()) // 2]
    sets = almost_locked_sets(cg)
    expected = [(i, j, sum(1 << (x - 1) for x in rccs(a, b))) for i, a in enumerate(sets)
                for j, b in enumerate(sets) if i < j and not a.cells & b.cells and rccs(a, b)]
    assert rcc_tables(cg, sets)[1].tolist() == [list(r) for r in expected]
    assert pairs >= 1000
