"""The link graph the chains search (engine/logic/strategies/links.py), made by one compiled pass, against
the link rules written out plainly in Python here, on hard states of real puzzles; and the almost
locked sets, found from compiled subsets, against an enumeration of every subset of every unit."""

from __future__ import annotations

import itertools

import pytest

from engine import CandidateGrid
from engine.grid import CELL_UNITS, UNITS
from engine.logic.human import drive, next_step
from engine.logic.strategies.chains import chain_results
from engine.logic.strategies.links import almost_locked_sets, build_graph, digit_cells
from engine.masks import CELL_BIT, UNIT_MASK, common_peers
from tests.harness.chain_reference import chain_results_py, layers, link_masks

# SE 9.0 puzzles (the tuning half of the shared rated sample) whose paths need AICs
HARD = (
    "000500700095070006000002850100000907007010200908000005063800000700050640001004000",
    "900500007040060090003009500005000001060000080200000700006700100090020060800003004",
)


def _states(puzzle: str, count: int) -> list[CandidateGrid]:
    """Return the first ``count`` states of the puzzle's path where the driver reaches the AIC."""
    out: list[CandidateGrid] = []

    def pick(cg: CandidateGrid):
        step = next_step(cg)
        stuck = step is not None and step.technique not in ("full_house", "hidden_single", "naked_single")
        if stuck and len(out) < count:
            out.append(CandidateGrid(cg.values[:], cg.cands[:]))
        return step

    for _ in drive(CandidateGrid.from_grid([int(ch) if ch.isdigit() else 0 for ch in puzzle]), pick):
        if len(out) == count:
            break
    return out


def _expected_links(cg: CandidateGrid, g) -> tuple[list[int], list[int]]:
    """Return each node's strong and weak links by the rules (see engine/logic/strategies/chains.py)."""
    n = len(g.digit)
    dc = digit_cells(cg)
    strong, weak = [0] * n, [0] * n
    for a in range(n):
        m, d = g.mask[a], g.digit[a]
        for u in CELL_UNITS[(m & -m).bit_length() - 1]:
            # a and b hold every place of their digit in a unit between them
            b = g.index.get((d, dc[d] & UNIT_MASK[u] & ~m)) if not m & ~UNIT_MASK[u] else None
            if b is not None:
                strong[a] |= 1 << b
                strong[b] |= 1 << a
        for b in range(n):
            # the same digit, every cell of one seeing every cell of the other
            if b != a and g.digit[b] == d and not g.mask[b] & ~common_peers(m):
                weak[a] |= 1 << b
    for c in range(81):
        ids = [g.index[(d, CELL_BIT[c])] for d in range(1, 10) if cg.cands[c] >> (d - 1) & 1]
        for x, y in itertools.permutations(ids, 2):
            weak[x] |= 1 << y
            if len(ids) == 2:
                strong[x] |= 1 << y
    for als in g.als_sets:
        ids = [g.index[(d, m)] for d, m in als.digit_mask.items()]
        for x, y in itertools.permutations(ids, 2):
            strong[x] |= 1 << y
    return strong, weak


@pytest.mark.parametrize("puzzle", HARD)
def test_the_compiled_graph_has_exactly_the_links_of_the_rules(puzzle: str) -> None:
    for cg in _states(puzzle, 3):
        for groups, als in ((False, False), (True, False), (True, True)):
            g = build_graph(cg, groups=groups, als=als)
            assert len(g.digit) > 50
            assert (g.strong_bits, g.weak_bits) == _expected_links(cg, g), (groups, als)
        assert sum(1 for n in range(len(g.digit)) if g.mask[n] & (g.mask[n] - 1)) > 0  # groups or sets


@pytest.mark.parametrize("puzzle", HARD)
def test_almost_locked_sets_are_every_n_cells_of_a_unit_with_n_plus_one_digits(puzzle: str) -> None:
    for cg in _states(puzzle, 3):
        expected, seen = [], set()
        for unit in UNITS:
            empty = [c for c in unit if cg.cands[c]]
            for size in range(1, len(empty)):
                for cells in itertools.combinations(empty, size):
                    digits = 0
                    for c in cells:
                        digits |= cg.cands[c]
                    mask = sum(CELL_BIT[c] for c in cells)
                    if digits.bit_count() == size + 1 and mask not in seen:
                        seen.add(mask)
                        expected.append((mask, digits))
        found = almost_locked_sets(cg)
        assert [(a.cells, a.digits) for a in found] == expected
        assert len(found) > 20


def _als_nodes_py(cg: CandidateGrid, digits: tuple[int, ...]) -> tuple[list, list, list, list, dict, list]:
    """Return the ALS graph's nodes and sets as the node-by-node Python path (main 68e7803's
    ``_add_als_nodes``) made them: digits, cells, common peers, per set its nodes, per node its sets."""
    g = build_graph(cg, digits, groups=True)
    digit, mask, cp, index = list(g.digit), list(g.mask), list(g.cp), dict(g.index)
    sets, groups, als_in = [], [], {}
    for als in almost_locked_sets(cg, min_size=2):
        ids = []
        for d, m in als.digit_mask.items():
            if d not in digits:
                continue
            n = index.get((d, m))
            if n is None:
                n = index[(d, m)] = len(digit)
                digit.append(d)
                mask.append(m)
                cp.append(common_peers(m))
            ids.append(n)
        if len(ids) == len(als.digit_mask):
            sets.append(als)
            groups.append(ids)
            for n in ids:
                als_in[n] = als_in.get(n, 0) | 1 << (len(sets) - 1)
    return digit, mask, cp, groups, als_in, sets


@pytest.mark.parametrize("puzzle", HARD)
def test_the_compiled_als_nodes_are_those_made_node_by_node(puzzle: str) -> None:
    for cg in _states(puzzle, 6):
        for digits in (tuple(range(1, 10)), (2, 3, 5, 7, 8, 9)):
            g = build_graph(cg, digits, groups=True, als=True)
            digit, mask, cp, groups, als_in, sets = _als_nodes_py(cg, digits)
            assert (g.digit, g.mask, g.cp) == (digit, mask, cp)
            assert (g.als_ids, g.als_in, g.als_sets) == (groups, als_in, sets)
            assert g.index == {(d, m): n for n, (d, m) in enumerate(zip(digit, mask, strict=True))}
            a = g.arrays
            assert a.als_ids.tolist() == [n for ids in groups for n in ids]
            added = len(digit) - len(build_graph(cg, digits, groups=True).digit)
            assert added > 20 and len(sets) > (20 if len(digits) == 9 else 0)


@pytest.mark.parametrize("puzzle", HARD)
def test_the_compiled_chain_results_are_those_read_in_python(puzzle: str) -> None:
    for cg in _states(puzzle, 3):
        bivalue = sum(CELL_BIT[c] for c in range(81) if cg.cands[c].bit_count() == 2)
        graphs = (  # the AIC's three graphs, the X-chain's and the XY-chain's
            ({"groups": False}, {}), ({"groups": True}, {}), ({"groups": True, "als": True}, {}),
            ({"cell_links": False}, {"loops": False}),
            ({"cells": bivalue, "unit_links": False, "unit_weak": True},
             {"loops": False, "same_digit_ends": True}),
        )
        found = 0
        for build, search in graphs:
            g = build_graph(cg, **build)
            results = chain_results(g, cg, **search)
            assert results == chain_results_py(g, cg, **search), (build, search)
            found += len(results)
        assert found > 5


def test_the_chain_search_knows_what_each_start_can_reach() -> None:
    """The reach the compiled search trims its work with (chain_kernels._reach) is what a
    breadth-first search from each node false, and from each node true, reaches in the end."""
    from engine.kernels.chains import _reach

    for cg in _states(HARD[0], 2):
        g = build_graph(cg, groups=True)
        links = link_masks(g)
        reach = _reach(g.links[0], g.links[1])
        rows = [[int.from_bytes(r.tobytes(), "little") for r in reach[v]] for v in range(len(g.digit))]
        for v in range(len(g.digit)):
            # the odd layers: true ones from "v false", false ones from "v true"
            expected = [sum(layers(links, v, truth)[1::2]) for truth in (1, 0)]
            assert rows[v] == expected, v
        assert sum(1 for r in rows if r[1]) > len(rows) // 2


# a state (an SE 9 tuning puzzle's path) where an X-chain placing 9 in the bivalue cell r7c6 (7 or 9)
# and an X-chain of 7 removing just 7 from r7c6 remove the same: one search of every digit keeps one
_SHARED_REMOVALS = (
    [int(ch) for ch in "308002961400301208210608030001030720720010306043020100080200013904163802132080600"],
    [0, 80, 0, 72, 24, 0, 0, 0, 0, 0, 304, 304, 0, 336, 0, 0, 80, 0, 0, 0,
     336, 0, 320, 0, 24, 0, 72, 144, 304, 0, 408, 0, 312, 0, 0, 280, 0, 0, 272, 400,
     0, 280, 0, 136, 0, 176, 0, 0, 336, 0, 96, 0, 384, 272, 48, 0, 96, 0, 328, 320,
     24, 0, 0, 0, 80, 0, 0, 0, 0, 0, 80, 0, 0, 0, 0, 24, 0, 88, 0, 264,
     328],
)


def test_x_chains_kept_per_digit_are_those_of_one_search_of_every_digit() -> None:
    """find_x_chain reuses each digit's chains (chains._X_MEMO) and reads the removals of a chain
    placing a digit from the state; its steps are those of the one graph of the nine digits."""
    from engine.logic.strategies import chains

    states = [cg for puzzle in HARD for cg in _states(puzzle, 12)]
    states.append(CandidateGrid(*_SHARED_REMOVALS))
    placing = 0
    for cold in (True, False):
        for cg in states:
            if cold:
                chains._X_MEMO.data.clear()
            steps = list(chains.find_x_chain(cg))
            assert steps == list(chains._x_chain_whole(cg))
            assert [s.detail for s in steps] == [s.detail for s in chains._x_chain_whole(cg)]
            placing += sum(1 for s in steps if s.links[0][0] == s.links[-1][1])
    assert placing > 0


def test_two_digits_x_chains_can_remove_the_same_and_then_one_is_kept() -> None:
    from engine.logic.strategies import chains

    cg = CandidateGrid(*_SHARED_REMOVALS)
    removals = []
    for d, (g, found) in enumerate(chains._x_chains(cg, digit_cells(cg), [None] * 9), start=1):
        for e, states, _ in found:  # a placing chain's removals: its cell's other digits
            cell = g.pair(states[0] >> 1)[0]
            others = [x for x in range(1, 10) if x != d and cg.cands[cell] >> (x - 1) & 1]
            removals.append(e or tuple((cell, x) for x in others))
    assert len(set(removals)) < len(removals)
    assert len(list(chains.find_x_chain(cg))) == len(set(removals))


def test_the_sets_are_made_when_read_and_read_like_a_list() -> None:
    from engine.logic.strategies.links import AlsList

    cg = _states(HARD[0], 1)[0]
    sets = almost_locked_sets(cg)
    assert isinstance(sets, AlsList)
    every = list(sets)
    assert len(every) == len(sets) > 20
    assert sets[-1] == every[-1] and sets[3:9:2] == every[3:9:2] and sets[5] is sets[5]
    with pytest.raises(IndexError):
        sets[len(sets)]
    g = build_graph(cg, groups=True, als=True)
    assert all(a in every for a in g.als_sets) and len(g.als_sets) > 20
