"""Junior exocet: sound, true to its definition, orientation-free, and the driver's last logic before a guess.

The states come from walks through some of the hardest known puzzles (forum_hardest_1905_11plus, SE
11 and up, where exocets live): the easy techniques (score below 6) move the walk on, and where none
fires the solver's digit goes into the cell with fewest candidates (as in
test_third_pass_techniques).  Each step is checked against the solution, against the pattern
recomputed here from the candidates by rows and columns, and against the same state relabelled,
permuted and transposed.
"""

from __future__ import annotations

import random
from functools import cache

from engine import CandidateGrid, Difficulty, as_grid, explain, parse_state, rate, solve
from engine.logic.techniques import technique, techniques
from tests.harness.paths import DATA
from tests.harness.reglib import random_orientation, walk

HARDEST = DATA / "bench" / "forum_hardest_1905_11plus.txt"


def _solution(puzzle: str) -> str:
    return "".join(map(str, solve(as_grid(puzzle.replace(".", "0")))))


@cache
def _found() -> list[tuple[str, str, list]]:
    """Return (state, solution, steps) for the walked states of 10 hardest puzzles where an exocet fires."""
    easy = [t for t in techniques() if t.score < 6.0 and not t.needs_unique]
    find = technique("exocet").find
    out = []
    for puzzle in HARDEST.read_text().split()[7::4800][:10]:
        solution = _solution(puzzle)
        for cg, _ in walk(puzzle, solution, easy):
            state = cg.to_sukaku()  # read back as `sudoku hint` reads it: lone candidates are placed
            steps = list(find(parse_state(state)))
            if steps:
                out.append((state, solution, steps))
    return out


def test_every_step_is_sound_and_the_technique_fires() -> None:
    found = _found()
    assert len(found) >= 20, f"exocets on only {len(found)} states"
    for state, solution, steps in found:
        for step in steps:
            assert step.eliminations and not step.placements
            wrong = [(c, d) for c, d in step.eliminations if int(solution[c]) == d]
            assert not wrong, (state, step)


def _rc(cell: int, flip: bool) -> tuple[int, int]:
    """Return (line, position): (row, column), or (column, row) when the base lies in a column."""
    r, c = divmod(cell, 9)
    return (c, r) if flip else (r, c)


def _digits(cg: CandidateGrid, cell: int) -> int:
    return 1 << (cg.values[cell] - 1) if cg.values[cell] else cg.cands[cell]


def _expected_removals(cg: CandidateGrid, cells: tuple[int, ...]) -> set[tuple[int, int]]:
    """Check the pattern of base cells ``cells[:2]`` and targets ``cells[2:]`` by its definition and
    return what it removes."""
    b1, b2, t1, t2 = cells
    flip = b1 // 9 != b2 // 9  # the base cells share a column
    (line, p1), (_, p2) = _rc(b1, flip), _rc(b2, flip)
    assert _rc(b2, flip)[0] == line and p1 // 3 == p2 // 3 and not cg.values[b1] and not cg.values[b2]
    base = cg.cands[b1] | cg.cands[b2]
    assert bin(base).count("1") in (3, 4)
    band = range(line // 3 * 3, line // 3 * 3 + 3)
    third = 3 * (p1 // 3) + 3 - p1 % 3 - p2 % 3
    cross = [third]
    for t in (t1, t2):
        tl, tp = _rc(t, flip)
        assert tl in band and tl != line and not cg.values[t] and cg.cands[t] & base
        cross.append(tp)
        mate_line = next(x for x in band if x not in (line, tl))
        mate = tp * 9 + mate_line if flip else mate_line * 9 + tp
        assert not _digits(cg, mate) & base  # the companion holds no base digit
    assert sorted(p // 3 for p in cross) == [0, 1, 2]  # one cross-line in each box of the band
    for d in range(1, 10):
        if base >> (d - 1) & 1:
            cover = {x for x in range(9) if x not in band
                     for p in cross if _digits(cg, p * 9 + x if flip else x * 9 + p) >> (d - 1) & 1}
            assert len(cover) <= 2
    in_targets = cg.cands[t1] | cg.cands[t2]
    def having(cell: int, mask: int) -> set[tuple[int, int]]:
        return {(cell, d) for d in range(1, 10) if (cg.cands[cell] & mask) >> (d - 1) & 1}

    # a target loses what is not a base digit, a base cell the base digits no target holds
    lost = base & ~in_targets
    return having(t1, ~base) | having(t2, ~base) | having(b1, lost) | having(b2, lost)


def test_steps_match_the_definition() -> None:
    for state, _, steps in _found():
        cg = parse_state(state)
        for step in steps:
            assert set(step.eliminations) == _expected_removals(cg, step.cells)


def test_steps_move_with_relabelling_permutation_and_transposition() -> None:
    find = technique("exocet").find
    found = _found()
    for k, (state, _, steps) in enumerate(found[:: max(1, len(found) // 12)]):
        moved = random_orientation(random.Random(f"exocet-{k}"))
        want = {moved.pairs(s.eliminations) for s in steps}
        got = {frozenset(s.eliminations) for s in find(parse_state(moved.state(state)))}
        assert got == want, state


def test_explained_in_english_and_chinese() -> None:
    step = _found()[0][2][0]
    en, zh = explain(step, "en"), explain(step, "zh")
    assert en.startswith("Junior exocet on ") and step.detail["targets"] in en
    assert zh.startswith("初级飞鱼导弹") and all(name in zh for name in step.detail["base"].split(", "))


def test_the_driver_tries_it_last_before_the_guess_and_such_puzzles_are_extreme() -> None:
    order = [t.id for t in techniques()]
    assert order[-2:] == ["exocet", "guess"]
    rated = [rate(p) for p in HARDEST.read_text().split()[7::4800][:4]]
    with_exocet = [r for r in rated if any(s.technique == "exocet" for s in r.steps)]
    assert with_exocet
    for r in rated:
        assert r.level is Difficulty.EXTREME and r.score >= 10
