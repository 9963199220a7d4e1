"""The compiled singles propagation (engine.kernels.propagation) against engine.solve.propagation's plain
Python on hard puzzles' stuck states, and the Kraken fish's compiled type 1 test against the same
test written out target by target over Python propagation.

The states are tests/engine/test_complex_fish.py's: hard puzzles walked with every technique easier than
the complex fish, stuck where a solver would need them.
"""

from __future__ import annotations

import numpy as np

from engine import CandidateGrid
from engine.grid import PEERS, PEERS_NP, UNITS_NP
from engine.kernels.propagation import QUEUE, kraken_targets, propagate_singles
from engine.logic.strategies.complex_fish import _found
from engine.masks import bits
from engine.solve.propagation import propagate_singles as python_singles
from tests.engine.test_complex_fish import stuck_states  # noqa: E402  (the shared stuck states, same folder)


def _compiled(cg: CandidateGrid, cell: int, digit: int) -> tuple[list, bool, list[int], list[int]]:
    """Return the kernel's placements, whether it ran dry, and the state it leaves."""
    values, cands = np.array(cg.values, dtype=np.int64), np.array(cg.cands, dtype=np.int64)
    placed, gone = np.empty((81, 2), dtype=np.int64), np.empty(81, dtype=np.int64)
    queue = np.empty((QUEUE, 2), dtype=np.int64)
    n = propagate_singles(values, cands, cell, digit, PEERS_NP, UNITS_NP, placed, queue, gone)
    made = placed[: n if n >= 0 else -1 - n].tolist()
    return [tuple(p) for p in made], n < 0, values.tolist(), cands.tolist()


def test_compiled_singles_place_what_the_python_propagation_places_in_its_order() -> None:
    dry = 0
    for cg, _ in stuck_states()[::7]:
        for cell in range(81):
            for d in (d for d in range(1, 10) if cg.cands[cell] >> (d - 1) & 1):
                values, cands, placed = cg.values[:], cg.cands[:], []
                ok = python_singles(values, cands, [(cell, d)], placed)
                made, broken, values_c, cands_c = _compiled(cg, cell, d)
                assert (made, broken) == (placed, not ok), (cg.to_sukaku(), cell, d)
                if ok:
                    assert (values_c, cands_c) == (values, cands)
                dry += broken
    assert dry >= 50  # both outcomes are met


def _removes(cg: CandidateGrid, start: int, digit: int, target: int) -> bool:
    """True when placing ``digit`` in ``start`` and following singles (Python) takes it from ``target``."""
    values, cands = cg.values[:], cg.cands[:]
    if not python_singles(values, cands, [(start, digit)], []):
        return True
    return values[target] != digit and not cands[target] >> (digit - 1) & 1


def _targets_by_hand(cg: CandidateGrid, cells: list[int], row: list[int], digit: int) -> list[int]:
    """A Kraken type 1 row's targets, target by target: removals some fin does not see, each such fin
    removing it by singles."""
    fins = [cells[i] for i in bits(row[3])]
    out = []
    for target in (cells[i] for i in bits(row[4])):
        far = [f for f in fins if f not in PEERS[target]]
        if far and all(_removes(cg, f, digit, target) for f in far):
            out.append(target)
    return out


def test_kraken_type_1_kernel_finds_the_targets_of_the_test_written_target_by_target() -> None:
    rows_with_targets = 0
    for cg, _ in stuck_states()[::25]:
        values, cands = np.array(cg.values, dtype=np.int64), np.array(cg.cands, dtype=np.int64)
        for found in _found(cg, "kraken"):
            if not len(found.table):
                continue
            kill = np.full(len(found.cells), -1, dtype=np.int64)
            out = np.zeros(1, dtype=np.int64)
            for r, row in enumerate(found.table.tolist()):
                got = kraken_targets(values, cands, found.digit, found.at, found.table[r:r + 1], 0, 0, kill,
                                     PEERS_NP, UNITS_NP, out)
                targets = [found.cells[i] for i in bits(int(out[0]))] if got == 0 else []
                assert targets == _targets_by_hand(cg, found.cells, row, found.digit), (cg.to_sukaku(), row)
                rows_with_targets += bool(targets)
    assert rows_with_targets >= 20


def test_compiled_strong_links_are_the_python_tables() -> None:
    from engine.grid import CELL_UNITS_NP
    from engine.kernels.propagation import strong_links
    from engine.logic.strategies.forcing import StrongLinks

    links = 0
    for cg, _ in stuck_states()[::5]:
        starts, forced = np.empty(730, dtype=np.int64), np.empty((4 * 729, 2), dtype=np.int64)
        n = strong_links(np.array(cg.cands, dtype=np.int64), CELL_UNITS_NP, UNITS_NP, starts, forced)
        table = [tuple(map(tuple, forced[starts[k] : starts[k + 1]].tolist())) for k in range(729)]
        assert table == list(StrongLinks.of(cg).forced), cg.to_sukaku()
        links += n
    assert links > 1000


def _python_follow(values: list[int], cands: list[int], queue: list, placed: list) -> tuple:
    """The nets' branch as it was followed in Python: (values, cands, placements, ()), or None,
    None, the placements and what ran dry on a contradiction."""
    from engine.logic.strategies.forcing import _what_ran_dry

    values, cands = values[:], cands[:]
    if python_singles(values, cands, queue, placed):
        return values, cands, placed, (), 0
    return None, None, placed, _what_ran_dry(values, cands), 0


def _python_follow_off(cg: CandidateGrid, cell: int, digit: int) -> tuple:
    """forcing.follow_off as it was, on engine.solve.propagation's Python propagation."""
    from engine.grid import CELL_UNITS, UNITS

    cands = cg.cands[:]
    bit = 1 << (digit - 1)
    cands[cell] &= ~bit
    left = cands[cell]
    if not left:
        return None, None, [(cell, -digit)], ("cell", cell), 0
    queue = [(cell, left.bit_length())] if not left & (left - 1) else []
    for u in CELL_UNITS[cell]:
        where = [c for c in UNITS[u] if cands[c] & bit or cg.values[c] == digit]
        if not where:
            return None, None, [(cell, -digit)], ("unit", u, digit), 0
        if len(where) == 1:
            queue.append((where[0], digit))
    return _python_follow(cg.values, cands, queue, [(cell, -digit)])


def test_the_nets_compiled_branches_are_the_python_branches() -> None:
    from engine.logic.strategies.forcing import follow, follow_off

    dry = forced = 0
    for cg, _ in stuck_states()[::9]:
        for cell in range(81):
            for d in (d for d in range(1, 10) if cg.cands[cell] >> (d - 1) & 1):
                on = follow(cg.values, cg.cands, cell, d)
                where = (cg.to_sukaku(), cell, d)
                assert tuple(on) == _python_follow(cg.values, cg.cands, [(cell, d)], []), where
                off = follow_off(cg.values, cg.cands, cell, d)
                assert tuple(off) == _python_follow_off(cg, cell, d), where
                dry += bool(on.dry) + bool(off.dry)
                forced += len(off.placed) > 1
    assert dry >= 50 and forced >= 100  # contradictions, and removals that force something, are met
