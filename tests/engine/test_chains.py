"""Chains, almost locked sets, Sue de Coq, forcing chains and the guess: H2's techniques.

The reglib cases (tests/harness/reglib.py) give states where HoDoKu found each pattern; every step our
finders yield there must be sound (checked against a solution of the case's digits found by the
exact solver, where the case's candidates still allow it), and the expected result must be among
the steps.  Forcing chains and guesses are checked on real puzzles against their solutions.
"""

from __future__ import annotations

import itertools

import pytest

from engine import PEERS, CandidateGrid, as_grid, cell_name, explain, solve
from engine.logic.strategies.forcing import propagate
from engine.logic.techniques import GROUPED_CHAIN_EXTRA, step_cost, technique, technique_cost, techniques
from engine.masks import digits_text
from tests.harness.paths import DATA
from tests.harness.reglib import load_cases, walk

CODES = {
    "0701": "x_chain",
    "0702": "xy_chain",
    "0703": "remote_pair",
    "0706": "aic",  # continuous nice loops
    "0708": "aic",  # AICs
    "0709": "aic",  # grouped continuous loops, some through almost locked sets
    "0901": "als_xz",
    "0902": "als_xy_wing",
    "0904": "death_blossom",
    "1101": "sue_de_coq",
}
CASES = [(CODES[c.code], c) for c in load_cases(*CODES)]


def _consistent(cg: CandidateGrid, solution) -> bool:
    """True when the solution agrees with every placed digit and candidate of the state."""
    for c in range(81):
        d = int(solution[c])
        if cg.values[c] and cg.values[c] != d:
            return False
        if not cg.values[c] and not cg.cands[c] >> (d - 1) & 1:
            return False
    return True


@pytest.mark.parametrize("tid", sorted(set(CODES.values())))
def test_expected_step_is_found_and_every_step_is_sound(tid: str) -> None:
    find = technique(tid).find
    cases = [case for t, case in CASES if t == tid]
    found = 0
    for case in cases:
        steps = list(itertools.islice(find(case.state.copy()), 200))
        found += any(
            frozenset(s.eliminations) == case.eliminations and frozenset(s.placements) == case.placements
            for s in steps
        )
        solution = solve(case.state.grid())
        if solution is None or not _consistent(case.state, solution):
            continue
        for step in steps:
            assert all(solution[c] == d for c, d in step.placements), (case.line, step)
            assert all(solution[c] != d for c, d in step.eliminations), (case.line, step)
    assert found >= 0.95 * len(cases), f"{tid}: expected step found in {found} of {len(cases)} cases"


@pytest.mark.parametrize("tid", ["x_chain", "xy_chain", "aic"])
def test_chain_links_alternate_and_start_and_end_strong(tid: str) -> None:
    cases = [case for t, case in CASES if t == tid][:6]
    for case in cases:
        step = next(iter(technique(tid).find(case.state.copy())))
        flags = [strong for _, _, strong in step.links]
        if step.detail.get("kind") == "loop":
            flags = flags[:-1]  # the closing link of a continuous loop is weak
        assert flags[0] and flags[-1]
        assert all(a != b for a, b in itertools.pairwise(flags))
        for (_, to, _), (start, _, _) in itertools.pairwise(step.links):
            assert to == start  # each link starts where the previous one ended
        assert explain(step, "en") and explain(step, "zh")


def test_remote_pair_removes_both_digits_from_cells_seeing_opposite_ends() -> None:
    case = next(case for t, case in CASES if t == "remote_pair")
    step = next(iter(technique("remote_pair").find(case.state.copy())))
    chain = step.cells
    assert len(chain) >= 4 and len(chain) % 2 == 0
    digits = {d for _, d in step.candidates}
    assert len(digits) == 2 and {d for _, d in step.eliminations} <= digits
    for cell, _ in step.eliminations:
        assert any(chain[i] in PEERS[cell] and chain[j] in PEERS[cell]
                   for i in range(len(chain)) for j in range(i + 3, len(chain), 2))


def _sample(lo: float, hi: float, n: int) -> list[str]:
    out = []
    with open(DATA / "ratings" / "se_rated_stratified_sample.txt") as f:
        for line in f:
            _, puzzle, se = line.split()
            if lo <= float(se) <= hi:
                out.append(puzzle)
    step = max(1, len(out) // n)
    return out[::step][:n]


def test_propagation_finds_contradictions_and_follows_singles() -> None:
    puzzle = as_grid(_sample(2.5, 2.5, 1)[0])
    solution = solve(puzzle)
    cg = CandidateGrid.from_grid(puzzle)
    cell = next(c for c in range(81) if not cg.values[c] and cg.cands[c].bit_count() >= 2)
    right = propagate(cg.values, cg.cands, cell, int(solution[cell]))
    assert right is not None
    values, _, placed = right
    assert placed >= 1 and all(v == 0 or v == solution[i] for i, v in enumerate(values))
    # an easy puzzle: a wrong digit collapses by singles alone
    wrong = next(d for d in range(1, 10) if cg.cands[cell] >> (d - 1) & 1 and d != solution[cell])
    assert propagate(cg.values, cg.cands, cell, wrong) is None
    assert cg.values[cell] == 0  # the state itself is untouched


def test_forcing_chains_and_guesses_are_sound_on_hard_puzzles() -> None:
    # forcing nets follow every branch by singles: the last logical resort, always there on hard puzzles
    forcing, guess = technique("forcing_net").find, technique("guess").find
    for puzzle in _sample(8.3, 9.3, 3):
        grid = as_grid(puzzle)
        solution = solve(grid)
        cg = CandidateGrid.from_grid(grid)
        for _ in range(3):
            steps = list(itertools.islice(forcing(cg), 20))
            assert steps, "a forcing chain exists on every hard puzzle of the sample"
            for step in steps:
                assert all(solution[c] == d for c, d in step.placements)
                assert all(solution[c] != d for c, d in step.eliminations)
            cg.apply(steps[0])
        (g,) = list(guess(cg))
        (cell, digit), = g.placements
        assert solution[cell] == digit and g.technique == "guess"


def test_guess_comes_last_and_chains_after_the_basic_techniques() -> None:
    order = [t.id for t in techniques()]
    assert order[-1] == "guess"
    # the forcing family, cheapest reasoning first, then the guess
    forcing = ["nishio", "forcing_chain", "digit_forcing_chain", "forcing_net"]
    assert [order.index(tid) for tid in forcing] == sorted(order.index(tid) for tid in forcing)
    # only MSLS (SE 8.8) and the junior exocet (10.0), the exotics, sit between the nets and the guess
    assert set(order[order.index("forcing_net") + 1 : -1]) <= {"msls", "exocet"}
    assert order.index("nishio") > order.index("aic")
    for tid in ("remote_pair", "x_chain", "xy_chain", "aic", "als_xz", "als_xy_wing", "death_blossom"):
        assert order.index(tid) > order.index("xy_wing") and order.index(tid) > order.index("naked_quad")


def _walked_hard_states(n: int, every: int) -> list[CandidateGrid]:
    """Return every ``every``-th state on the way through ``n`` SE 8.5-9 puzzles (easy steps, else
    the solution's digit), where chains through almost locked sets abound."""
    easy = [t for t in techniques() if t.score < 6.0 and not t.needs_unique]
    out = []
    for puzzle in _sample(8.5, 9.0, n):
        solution = "".join(map(str, solve(as_grid(puzzle))))
        out += [cg for cg, _ in walk(puzzle, solution, easy)][::every]
    return out


def test_a_chain_through_an_almost_locked_set_names_the_set_and_costs_what_such_chains_cost() -> None:
    """Two digits in different cells are strongly linked only through an almost locked set, even
    when each end is one candidate: the step names the set (one digit more than cells), says in
    both languages why the link holds, highlights the set, and costs the set's extra."""
    through_sets = single_ends = 0
    for cg in _walked_hard_states(4, 3):
        for step in technique("aic").find(cg):
            nodes, sets = step.detail["nodes"], step.detail["sets"]
            two_digit_links = {
                i for i, (a, b, strong) in enumerate(step.links)
                if strong and a[1] != b[1] and not (nodes[i][1] == nodes[i + 1][1] and len(nodes[i][1]) == 1)
            }
            assert {i for i, _, _ in sets} == two_digit_links
            for i, cells, digits in sets:
                assert all(not cg.values[c] for c in cells) and set(cells) <= set(step.cells)
                held = 0
                for c in cells:
                    held |= cg.cands[c]
                assert digits_text(held) == digits and len(digits) == len(cells) + 1
                for d, ends in nodes[i : i + 2]:  # each end: the set's every cell holding its digit
                    assert ends == [c for c in cells if cg.cands[c] >> (d - 1) & 1]
                names, out = [cell_name(c) for c in cells], nodes[i][0]
                assert f"{', '.join(names)} hold only the digits {digits}: without {out}," in explain(step)
                assert f"{'、'.join(names)} 只有 {digits} 这些候选数：没有 {out}，" in explain(step, "zh")
            if sets:
                assert step_cost(step) == round(technique_cost("aic") + GROUPED_CHAIN_EXTRA, 2)
                through_sets += 1
                single_ends += all(len(cells) == 1 for _, cells in nodes)
    assert through_sets >= 100 and single_ends >= 20
