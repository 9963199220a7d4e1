"""Rating: levels, the score formula, agreement with Sudoku Explainer, and generation at a level."""

from __future__ import annotations

import numpy as np
import pytest

from engine import CandidateGrid, InvalidPuzzleError, as_grid, count_solutions, generate, solve
from engine.logic.human import all_steps, driver_order, solve_path
from engine.logic.techniques import step_cost
from engine.rating.difficulty import (
    ALLOWANCES,
    FLOOR_CAP,
    HIDDEN_SINGLES_BONUS,
    SE_LACKS,
    Difficulty,
    UnsolvableError,
    level_of,
    rate,
    score_of,
    se_floor,
)
from engine.rating.se_nishio import length_bonus, nishio_price
from engine.rating.se_path import SE121_LACKS, se_path_price
from tests.harness.paths import DATA

SINGLES = {"full_house", "hidden_single", "naked_single"}


def _se_sample(per_rating: int, top: float = 9.3) -> list[tuple[float, str]]:
    by: dict[float, list[str]] = {}
    with open(DATA / "ratings" / "se_rated_stratified_sample.txt") as f:
        for line in f:
            _, puzzle, se = line.split()
            by.setdefault(float(se), []).append(puzzle)
    return [(se, p) for se in sorted(by) if se <= top for p in by[se][7 : 7 + per_rating]]


def _tuning_half(low: float, high: float) -> list[str]:
    """Return the tuning half's puzzles (even sha1 prefix) SE rates from ``low`` to below ``high``."""
    puzzles = []
    with open(DATA / "ratings" / "se_rated_stratified_sample.txt") as f:
        for line in f:
            sha, puzzle, se = line.split()
            if not int(sha, 16) % 2 and low <= float(se) < high:
                puzzles.append(puzzle)
    return puzzles


def _ranks(xs: list[float]) -> np.ndarray:
    """Return each value's rank from 0, tied values sharing their mean rank."""
    ordered = np.sort(xs)
    return np.array([np.flatnonzero(ordered == x).mean() for x in xs])


def _spearman(a: list[float], b: list[float]) -> float:
    return float(np.corrcoef(_ranks(a), _ranks(b))[0, 1])


def test_levels_are_ordered_and_named_in_both_languages() -> None:
    levels = list(Difficulty)
    assert [lv.value for lv in levels] == ["easy", "medium", "hard", "expert", "master", "extreme"]
    assert [lv.zh for lv in levels] == ["简单", "中等", "困难", "专家", "大师", "极限"]
    assert [lv.ceiling for lv in levels] == sorted(lv.ceiling for lv in levels)
    assert Difficulty.parse("Hard") is Difficulty.HARD and Difficulty.parse("大师") is Difficulty.MASTER
    with pytest.raises(ValueError, match="unknown difficulty"):
        Difficulty.parse("impossible")
    assert level_of(1.2) is Difficulty.EASY and level_of(10.0) is Difficulty.EXTREME


def test_score_is_the_hardest_step_plus_a_capped_allowance_for_hard_steps() -> None:
    assert score_of([]) == 0.0
    assert score_of([1.2, 2.3, 4.2]) == 4.2
    assert score_of([4.2, 4.2, 1.2]) == 4.2  # below the chains the hardest step alone counts
    (_, top_extra, top_each, top_cap), (_, extra, chain_each, chain_cap), (_, _, six_each, _), _ = ALLOWANCES
    assert score_of([6.4, 6.4, 1.2]) == pytest.approx(6.4 + six_each)  # one more chain
    assert score_of([7.0, 7.0, 1.2]) == pytest.approx(7.0 + extra + chain_each)
    assert score_of([7.0] * 40) == pytest.approx(7.0 + extra + chain_cap)  # the allowance is capped
    assert score_of([8.5] * 40) == pytest.approx(8.5 + top_cap)
    assert top_extra == 0 and 0 < extra < 0.5  # SE's 8+ puzzles need no lift; 7.x ones a little
    assert 0 < chain_each < chain_cap <= 1.0 and 0 < top_each < top_cap <= 1.0


def test_easy_means_singles_only_and_the_score_follows_the_steps() -> None:
    with open(DATA / "correctness" / "kaggle_bryanpark_first1000.csv") as f:
        rows = [line.split(",")[0] for line in f.read().split()[1:21]]
    for puzzle in rows:
        rating = rate(as_grid(puzzle))
        assert (rating.level is Difficulty.EASY) == all(s.technique in SINGLES for s in rating.steps)
        base = score_of([step_cost(s) for s in rating.steps])
        assert rating.score in (base, round(base + HIDDEN_SINGLES_BONUS, 2))
        assert rating.logic_only


def test_qqwing_classes_rise_in_median_score() -> None:
    medians = []
    for name in ("simple", "easy", "intermediate", "expert"):
        lines = [p for p in (DATA / "ratings" / f"qqwing_{name}.sdm").read_text().split() if len(p) == 81]
        medians.append(float(np.median([rate(as_grid(p), unique=True).score for p in lines[:15]])))
    assert medians == sorted(medians) and len(set(medians)) == 4, medians


def test_every_step_of_a_rated_path_is_sound() -> None:
    for _, puzzle in _se_sample(1)[::3]:
        grid = as_grid(puzzle)
        solution = solve(grid)
        rating = rate(grid, unique=True)
        values = grid.copy()
        for step in rating.steps:
            assert all(solution[c] == d for c, d in step.placements), step
            assert all(solution[c] != d for c, d in step.eliminations), step
            for c, d in step.placements:
                values[c] = d
        assert (values == solution).all()


def test_scores_agree_with_sudoku_explainer() -> None:
    sample = _se_sample(1, top=8.0)
    se = [s for s, _ in sample]
    ours = [rate(as_grid(p), unique=True).score for _, p in sample]
    assert _spearman(se, ours) >= 0.85


def test_rate_refuses_repeated_givens_and_puzzles_without_solution() -> None:
    grid = np.zeros(81, dtype=np.uint8)
    grid[0] = grid[1] = 5
    with pytest.raises(InvalidPuzzleError):
        rate(grid)
    with open(DATA / "correctness" / "derived_nosolution_noduplicate.tsv") as f:
        f.readline()
        puzzle = f.readline().split("\t")[0]
    with pytest.raises(UnsolvableError):
        rate(as_grid(puzzle))


def test_a_puzzle_with_two_solutions_is_rated_without_uniqueness_techniques() -> None:
    with open(DATA / "correctness" / "derived_exactly2_deadly_rectangle.tsv") as f:
        f.readline()
        puzzle = as_grid(f.readline().split("\t")[0])
    assert count_solutions(puzzle) == 2
    rating = rate(puzzle)
    assert not any(s.technique.startswith(("unique_rectangle", "bug_plus")) for s in rating.steps)
    assert rating.level is Difficulty.EXTREME and not rating.logic_only


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_generate_at_a_level_gives_unique_puzzles_rated_at_that_level(level: str) -> None:
    for seed in (1, 2):
        puzzle = generate(seed=seed, difficulty=level)
        assert count_solutions(puzzle) == 1
        assert rate(puzzle).level is Difficulty(level)
    assert (generate(seed=3, difficulty=level) == generate(seed=3, difficulty=level)).all()


def test_generate_refuses_extreme() -> None:
    with pytest.raises(ValueError, match="extreme"):
        generate(seed=1, difficulty="extreme")


def test_solve_path_and_rate_agree() -> None:
    _, puzzle = _se_sample(1)[40]
    grid = as_grid(puzzle)
    assert [s.technique for s in solve_path(grid)] == [s.technique for s in rate(grid).steps]


def test_se_8_and_above_is_master_and_the_level_follows_se_bands() -> None:
    """On the tuning half (even sha1 prefix; the odd half is the benchmark's held-out set)."""
    picked: dict[str, list[tuple[float, str]]] = {"low": [], "high": []}
    with open(DATA / "ratings" / "se_rated_stratified_sample.txt") as f:
        for line in f:
            sha, puzzle, se = line.split()
            if int(sha, 16) % 2:
                continue
            if float(se) >= 8.8 and len(picked["high"]) < 300:
                picked["high"].append((float(se), puzzle))
            elif 6.0 <= float(se) <= 7.0 and len(picked["low"]) < 300:
                picked["low"].append((float(se), puzzle))
    high = [rate(as_grid(p), unique=True) for _, p in picked["high"][::50]]
    assert sum(r.level is Difficulty.MASTER for r in high) >= len(high) - 1
    low = [rate(as_grid(p), unique=True) for _, p in picked["low"][::50]]
    assert all(r.level in (Difficulty.HARD, Difficulty.EXPERT) for r in low)


def test_rate_reads_a_puzzle_string_as_the_solver_does():
    puzzle = "000000010400000000020000000000050407008000300001090000300400200050100000000806000"
    assert rate(puzzle) == rate(as_grid(puzzle))
    assert rate(puzzle.replace("0", ".")) == rate(as_grid(puzzle))


def test_a_path_whose_hardest_step_is_se_s_own_aligned_triple_exclusion_scores_what_se_charges() -> None:
    """SE rates the puzzles its 7.5 technique finishes 7.5: no lift and no allowance for them, even
    after many chains (tuning half, SE 7.5)."""
    finished = [r for r in (rate(as_grid(p), unique=True) for p in _tuning_half(7.5, 7.6)[:40])
                if r.hardest == "aligned_triple_exclusion"]
    assert len(finished) >= 5
    for r in finished:
        scores = [step_cost(s) for s in r.steps]
        assert r.score == max(scores) == 7.5 and r.level is Difficulty.EXPERT
    # the lift and the allowance would call some of them master
    assert any(score_of([step_cost(s) for s in r.steps]) > 7.9 for r in finished)


def test_a_step_se_lacks_costs_at_least_se_s_cheapest_own_step_on_its_state() -> None:
    """On the tuning half, SE 8.0-8.4: every step of a technique SE lacks is charged its floor, the
    cheapest step any other technique finds on the same state (Nishio as SE counts it, at any
    price), and that floor calls puzzles master that the steps' own costs left expert."""
    own = [t for t in driver_order() if t.id not in SE_LACKS and t.id != "nishio"]
    floored = raised = named = 0
    for puzzle in _tuning_half(8.0, 8.5)[:60]:
        rating = rate(as_grid(puzzle), unique=True)
        cg = CandidateGrid.from_grid(as_grid(puzzle))
        scores, needs = [], []
        for step in rating.steps:
            score, need = step_cost(step), ""
            if step.technique in SE_LACKS and score < FLOOR_CAP:
                floor, technique = se_floor(cg, score)
                nishio = nishio_price(cg, below=FLOOR_CAP)
                assert technique not in SE_LACKS
                if nishio is not None and nishio <= score:
                    assert (floor, technique) == (nishio, "nishio")
                else:
                    cheaper = [s for t in own for s in [next(iter(t.find(cg)), None)]
                               if s is not None and score <= step_cost(s) < floor]
                    assert not cheaper and score <= floor <= FLOOR_CAP, (puzzle, step.technique, cheaper)
                    assert nishio is None or floor <= nishio
                    assert (technique == "forcing_chain") == (floor == FLOOR_CAP)
                if floor > score:
                    floored += 1
                    score, need = floor, technique
            scores.append(score)
            needs.append(need)
            cg.apply(step)
        exact = rating.hardest == "aligned_triple_exclusion" or rating.se_needs == "nishio"
        floored_score = max(scores) if exact else score_of(scores)
        # an expert path SE's own techniques would take past 8.0 (a forcing chain or Nishio) scores that
        se_price = se_path_price(CandidateGrid.from_grid(as_grid(puzzle)))
        gate = not exact and level_of(floored_score) is Difficulty.EXPERT and se_price >= FLOOR_CAP
        assert rating.score == (max(floored_score, se_price) if gate else floored_score)
        # what SE needs in place of the hardest step, when that step was raised to its floor
        assert rating.se_needs == needs[scores.index(max(scores))]
        named += bool(rating.se_needs)
        unfloored = score_of([step_cost(s) for s in rating.steps])
        master = Difficulty.MASTER
        raised += level_of(floored_score) is master and level_of(unfloored) is not master
    assert floored >= 50 and raised >= 2 and named >= 2, (floored, raised, named)


# a state of a tuning-half SE 7.8 puzzle (09d1211e7f48) before our finned mutant jellyfish: Sukaku
# Explainer's serate takes "Nishio Forcing Chain: r1c8.3 on ==> r9c2.3 both on & off" at 7.8 here
_NISHIO_STATE = (
    "...4......23....8.1...5....123.5....123............7...2...6.8...3..6...........9"
    ".23...7...23...78......6......4.............9..3....8..2....78.1............5...."
    ".23...7..........91...5....12..5.........6...1.3.5..8..2....78....4.......3....8."
    "........91.........23.............8....4..........6.......5.....23............7.."
    ".23...7...23..67.........8.1.3..........5............91....6....23..6......4....."
    "....5......3..6......4...........7..1.3.......2.......1....6.8.........9..3....8."
    ".....6......4......23...7...23.5...........8...3.5............9....5.7..1........"
    "1............5............9.....6.........7.....4.......3.............8..2......."
    ".......8..23.......23...7..........9123......1.3.5.......4.........5.7.......6..."
)


def test_se_s_nishio_is_priced_as_se_counts_it() -> None:
    """SE's length steps (4, 6, 8, 12, 16, 24 implications) and its price on a state where it needs a
    Nishio; our own Nishio finds r1c8 is not 3 there more cheaply, counting placements only."""
    assert [length_bonus(n) for n in (6, 7, 8, 10, 11, 14, 15, 18, 19, 26, 27)] == [
        0.0, 0.1, 0.1, 0.2, 0.3, 0.3, 0.4, 0.4, 0.5, 0.5, 0.6]
    cg = CandidateGrid.from_sukaku(_NISHIO_STATE)
    assert nishio_price(cg) == 7.8
    assert nishio_price(cg, below=7.8) is None
    ours = [s for s in all_steps(cg, "nishio") if s.eliminations == ((7, 3),)]
    assert ours and step_cost(ours[0]) - 0.5 < 7.8
    # a 7.7 step SE lacks is raised to the 7.8 Nishio SE needs there
    assert se_floor(cg, 7.7) == (7.8, "nishio")


def test_the_path_se_s_own_techniques_take_calls_master_what_se_1_2_1_rates_8_or_more() -> None:
    """Tuning half: where steps SE 1.2.1 lacks took our path past its chains, SE's own techniques alone
    need a Nishio or a forcing chain (8.0): SE 8.0-8.3 puzzles are master, SE 7.0-7.4 ones seldom."""
    eights = [(p, rate(as_grid(p), unique=True)) for p in _tuning_half(8.0, 8.4)[::4]]
    sevens = [rate(as_grid(p), unique=True) for p in _tuning_half(7.0, 7.5)[::4]]
    assert len(eights) >= 70 and len(sevens) >= 70
    assert sum(r.level is Difficulty.MASTER for _, r in eights) >= 0.9 * len(eights)
    assert sum(r.level is Difficulty.MASTER for r in sevens) <= 0.08 * len(sevens)
    # some are master only by that walk: their own path's score (floors included) is below 8.0
    walked = [(p, r) for p, r in eights if r.level is Difficulty.MASTER and r.score == se_path_price(
        CandidateGrid.from_grid(as_grid(p))) and score_of(list(r.scores)) < FLOOR_CAP]
    assert len(walked) >= 2, len(walked)


def test_se_s_own_path_leaves_the_state_alone_and_knows_every_technique_it_leaves_out() -> None:
    """The walk works on a copy; its price only grows with ``enough``; it leaves out only registered
    techniques, every one SE lacks among them."""
    assert SE121_LACKS >= SE_LACKS and {t.id for t in driver_order()} >= SE121_LACKS
    puzzle = _tuning_half(8.0, 8.1)[0]
    cg = CandidateGrid.from_grid(as_grid(puzzle))
    before = (list(cg.values), list(cg.cands))
    price = se_path_price(cg)
    assert (list(cg.values), list(cg.cands)) == before
    assert se_path_price(cg, enough=99.0) >= price
    # where our path takes only SE 1.2.1's own techniques, the walk is that path and prices its hardest
    checked = 0
    for easy in _tuning_half(2.5, 3.5)[:20]:
        rating = rate(as_grid(easy), unique=True)
        if not {s.technique for s in rating.steps} & SE121_LACKS:
            assert se_path_price(CandidateGrid.from_grid(as_grid(easy))) == max(rating.scores), easy
            checked += 1
    assert checked >= 10
