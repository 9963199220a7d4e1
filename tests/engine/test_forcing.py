"""The forcing family: Nishio, forcing chains, digit forcing chains and forcing nets.

Each technique is asked on the states of hard rated puzzles' solve paths where the driver needs
forcing, and its conclusions are checked three ways: against the puzzle's solution, against an
independent follow-up in this file (one digit alone for Nishio, singles for the others: a chain's
conclusion is also a net's), and for forcing chains that every link is a single one (a bivalue
cell or a bilocal unit of the state).  Then soundness on many more states, the per-state search
shared by the techniques, the texts and ``sudoku hint --all --technique``.
"""

from __future__ import annotations

import itertools
import json
from functools import cache

import pytest

from engine import CandidateGrid, Step, explain, iter_steps, solve
from engine.cli import main
from engine.grid import CELL_UNITS, PEERS, UNITS, as_grid, cell_name
from engine.logic.strategies.forcing import follow, follow_off
from engine.logic.techniques import technique, techniques
from tests.engine.test_explanations import FORCING, _rated  # noqa: E402  (SE-rated puzzles by band, same folder)


@cache
def _paths() -> list[tuple[CandidateGrid, str, bool]]:
    """Every state of 10 SE 8.0-9.5 puzzles' solve paths: (state, solution, driver needed forcing)."""
    out = []
    for puzzle in _rated(8.0, 9.5, 10):
        grid = as_grid(puzzle)
        solution = "".join(map(str, solve(grid)))
        cg = CandidateGrid.from_grid(grid)
        for step in iter_steps(grid):
            out.append((cg.copy(), solution, step.technique in (*FORCING, "guess")))
            cg.apply(step)
    return out


def _forcing_states() -> list[tuple[CandidateGrid, str]]:
    return [(cg, sol) for cg, sol, needed in _paths() if needed]


def _wrong(step: Step, solution: str) -> list[tuple[int, int]]:
    return [(c, d) for c, d in step.placements if int(solution[c]) != d] + [
        (c, d) for c, d in step.eliminations if int(solution[c]) == d]


@cache
def _found(tid: str) -> list[tuple[CandidateGrid, str, Step]]:
    """The first steps of ``tid`` where the solve paths need forcing (and elsewhere if none)."""
    out = []
    for cg, sol in _forcing_states() or [(cg, sol) for cg, sol, _ in _paths()[::5]]:
        out += [(cg, sol, step) for step in itertools.islice(technique(tid).find(cg), 10)]
    if not out:
        for cg, sol, _ in _paths()[::3]:
            out += [(cg, sol, step) for step in itertools.islice(technique(tid).find(cg), 10)]
    return out


def test_the_forcing_family_comes_cheapest_reasoning_first_and_before_the_guess() -> None:
    order = [t.id for t in techniques()]
    assert [order.index(t) for t in FORCING] == sorted(order.index(t) for t in FORCING)
    # only MSLS (SE 8.8) and the junior exocet (10.0), the exotics, sit between the nets and the guess
    assert order[-1] == "guess" and set(order[order.index("forcing_net") + 1 : -1]) <= {"msls", "exocet"}
    scores = {t.id: t.score for t in techniques()}
    ladder = [scores[t] for t in FORCING]
    assert ladder[0] >= 7.5 and ladder == sorted(set(ladder))


@pytest.mark.parametrize("tid", FORCING)
def test_each_technique_fires_where_hard_puzzles_need_forcing_and_is_right(tid: str) -> None:
    found = _found(tid)
    assert found, f"no {tid} step on the hard puzzles' paths"
    for _, solution, step in found:
        assert step.technique == tid and not _wrong(step, solution), step.to_dict()
        assert step.placements or step.eliminations
        assert 7.5 <= step.detail["score"] <= 9.6


def _digit_alone(cg: CandidateGrid, cell: int, digit: int) -> bool:
    """True when placing ``digit`` in ``cell`` and placing it again wherever a unit has one place left
    for it (that digit alone, nothing else) leaves some unit with no place for it, or some cell
    whose only candidate it was without it."""
    bit = 1 << (digit - 1)
    places = {c for c in range(81) if cg.cands[c] & bit}
    filled = {c for c in range(81) if cg.values[c] == digit}
    todo = [cell]
    while todo:
        c = todo.pop()
        filled.add(c)
        if any(cg.cands[p] == bit for p in PEERS[c] if p in places):
            return True
        places -= {c, *PEERS[c]}
        todo = []
        for unit in UNITS:
            if filled & set(unit):
                continue
            here = places & set(unit)
            if not here:
                return True
            if len(here) == 1:
                todo = [here.pop()]
                break
    return False


def test_nishio_eliminations_follow_from_their_digit_alone() -> None:
    for cg, solution, step in _found("nishio"):
        ((cell, digit),) = step.eliminations
        assert _digit_alone(cg, cell, digit) and int(solution[cell]) != digit
        record = step.detail["branches"][0]  # every recorded placement is of that digit
        assert all(d == digit for _, d in record["placed"]) and record["dry"][0] in ("unit", "cell")


def _holds(values: list | None, cands: list | None, step: Step) -> bool:
    """True when a branch followed by singles died or reached the step's conclusion."""
    if values is None:
        return True
    return all(values[c] == d for c, d in step.placements) and all(
        values[c] != d and not (cands[c] >> (d - 1) & 1) for c, d in step.eliminations)


@pytest.mark.parametrize("tid", ["forcing_chain", "digit_forcing_chain", "forcing_net"])
def test_every_branch_followed_by_singles_dies_or_reaches_the_conclusion(tid: str) -> None:
    for cg, _, step in _found(tid):
        if step.detail["kind"] == "contradiction":
            ((c, d),) = step.candidates
            off = bool(step.placements)  # a candidate proved true was assumed false
            branch = (follow_off if off else follow)(cg.values, cg.cands, c, d)
            assert branch.values is None, step.to_dict()
            continue
        branches = [follow(cg.values, cg.cands, c, d) for c, d in step.candidates]
        if step.detail["kind"] == "digit":
            branches.append(follow_off(cg.values, cg.cands, *step.candidates[0]))
        assert len(branches) >= 2
        for b in branches:
            assert _holds(b.values, b.cands, step), step.to_dict()


def _single_link(cg: CandidateGrid, cell: int, digit: int) -> bool:
    """True when a placement can follow from one removal: a bivalue cell or a bilocal unit."""
    bit = 1 << (digit - 1)
    return cg.cands[cell].bit_count() == 2 or any(
        sum(1 for q in UNITS[u] if cg.cands[q] & bit) == 2 for u in CELL_UNITS[cell])


def test_forcing_chains_use_single_links_only_and_nets_are_what_needs_more() -> None:
    chains = _found("forcing_chain")
    for cg, _, step in chains:
        for record in step.detail["branches"]:
            assert all(_single_link(cg, c, d) for c, d in record["placed"]), record
    # where the driver needed forcing, some net step needs a placement no single link gives
    nets = [(cg, step) for cg, _, step in _found("forcing_net")]
    assert any(not _single_link(cg, c, d) for cg, step in nets
               for record in step.detail["branches"] for c, d in record["placed"])


def test_digit_forcing_chains_assume_the_candidate_true_and_false() -> None:
    kinds = {step.detail["kind"] for _, _, step in _found("digit_forcing_chain")}
    assert "contradiction" in kinds
    for _, _, step in _found("digit_forcing_chain"):
        if step.detail["kind"] == "digit":
            on, off = step.detail["branches"]
            assert on["assume"] == off["assume"] and off.get("off") and not on.get("off")


def test_forcing_is_sound_on_every_state_of_hard_solve_paths() -> None:
    checked = 0
    for cg, solution, _ in _paths()[::4]:
        for tid in FORCING:
            for step in itertools.islice(technique(tid).find(cg), 25):
                assert not _wrong(step, solution), (tid, cg.to_sukaku(), step.to_dict())
                checked += 1
    assert checked > 500


def test_one_search_per_state_serves_every_technique_and_a_new_state_starts_afresh() -> None:
    cg, _ = _forcing_states()[0]
    first = [list(technique(t).find(cg)) for t in FORCING]
    again = [list(technique(t).find(cg.copy())) for t in FORCING]
    assert first == again and any(first)
    step = next(s for steps in first for s in steps)
    moved = cg.copy()
    moved.apply(step)
    for t in FORCING:  # nothing found on the new state repeats the applied step's own change
        for later in itertools.islice(technique(t).find(moved), 20):
            assert all(not moved.values[c] for c, _ in later.placements)
            assert all(moved.cands[c] >> (d - 1) & 1 for c, d in later.eliminations)


@pytest.mark.parametrize("tid", FORCING)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_texts_name_the_cells_and_walk_every_branch(tid: str, lang: str) -> None:
    for _, _, step in _found(tid)[:5]:
        text = explain(step, lang)
        assert "<>" not in text and "{" not in text
        for c, _ in (*step.placements, *step.eliminations, *step.candidates):
            assert cell_name(c) in text
        for record in step.detail["branches"]:
            c, d = record["assume"]
            if lang == "en":
                said = f"If {cell_name(c)} is {'not ' if record.get('off') else ''}{d}"
            else:
                said = f"假设 {cell_name(c)} {'不是' if record.get('off') else '是'} {d}"
            assert said in text, (said, text)
        assert explain(Step.from_dict(json.loads(json.dumps(step.to_dict()))), lang) == text


@pytest.mark.parametrize("tid", FORCING)
def test_hint_all_lists_the_techniques_steps(tid: str, capsys: pytest.CaptureFixture[str]) -> None:
    cg, solution, _ = _found(tid)[0]
    code = main(["hint", cg.to_sukaku(), "--all", "--technique", tid, "--json"])
    out, _ = capsys.readouterr()
    steps = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and steps and {s["technique"] for s in steps} == {tid}
    for s in steps:
        assert all(int(solution[(r - 1) * 9 + c - 1]) == d for r, c, d in s["placements"])
        assert all(int(solution[(r - 1) * 9 + c - 1]) != d for r, c, d in s["eliminations"])


def test_compiled_walks_follow_the_python_walks_exactly() -> None:
    """Nishio's and forcing chains' compiled walks give what the Python walks give, branch for branch."""
    from engine.logic.strategies.forcing import StrongLinks, _ChainBranches, follow_chain
    from engine.logic.strategies.nishio import _step, digit_places, find_nishio, follow_digit
    from engine.masks import MASK_DIGITS

    states = [cg for cg, _, _ in _paths()][::3]
    branches = contradictions = 0
    for cg in states:
        links = StrongLinks.of(cg)
        compiled = _ChainBranches(cg)
        for c in range(81):
            for d in MASK_DIGITS[cg.cands[c]]:
                assert compiled.branch(c, d) == follow_chain(cg, links, c, d)
                branches += 1
        expected = []
        for d in range(1, 10):
            alive, done = digit_places(cg, d)
            for c in range(81):
                if alive >> c & 1:
                    b = follow_digit(cg, c, d, alive, done)
                    if b.dry and len(b.placed) > 1:
                        expected.append(_step(cg, b))
        assert list(find_nishio(cg)) == expected
        contradictions += len(expected)
    assert branches > 1000 and contradictions > 10


def test_forcing_chains_skip_only_the_cells_and_units_that_give_nothing() -> None:
    """The compiled pick of cells and units (forcing_groups) loses no forcing chain step: the same
    steps, in the same order, as trying every cell and unit with two or three options."""
    from engine.logic.strategies.forcing import _groups, _options_of_cell, _options_of_unit, _Search

    states = [cg for cg, _, _ in _paths()][::3]
    tried = picked = found = 0
    for cg in states:
        search = _Search(cg, True)
        expected = []
        for kind, where, d in _groups(cg):
            options = _options_of_cell(cg, where) if kind == 0 else _options_of_unit(cg, where, d)
            source = cell_name(where) if kind == 0 else f"{d}@{where}"
            expected += search._try(cg, "cell" if kind == 0 else "unit", source, options)
            tried += 1
        fast = _Search(cg, True)
        assert list(fast.multi) == expected
        found += len(expected)
        picked += len(fast.chains.groups) if fast.chains is not None else 0
    assert found > 20 and tried > picked
