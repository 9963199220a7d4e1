"""The exact solver against every known answer in ../shared/data/correctness, also after symmetry
transforms, plus property tests on boards filled the way a person would."""

from __future__ import annotations

import csv
import random
import subprocess
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import cache

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (
    PEERS,
    Classification,
    Status,
    as_grid,
    classify,
    classify_batch,
    conflicts,
    count_solutions,
    is_solution,
    random_solution,
    solve,
    solve_batch,
)
from tests.harness.paths import DATA, ROOT

CORRECTNESS = DATA / "correctness"
SAMPLE = 300  # per file in the fast suite; one test below runs whole files


@cache
def _table(name: str) -> tuple[dict[str, str], ...]:
    """Return the rows of a correctness file as dicts (TSV, or the Kaggle CSV with its blank line)."""
    with open(CORRECTNESS / name, newline="", encoding="ascii") as handle:
        if name.endswith(".csv"):
            lines = [line for line in handle if line.strip()]
            return tuple(csv.DictReader(lines))
        return tuple(csv.DictReader(handle, delimiter="\t"))


def _sample(name: str, n: int = SAMPLE, seed: int = 7) -> list[dict[str, str]]:
    rows = list(_table(name))
    return rows if len(rows) <= n else random.Random(seed).sample(rows, n)


def _grids(texts: list[str]) -> np.ndarray:
    return np.array([as_grid(t) for t in texts], dtype=np.uint8)


# --- symmetry transforms: relabel digits, permute rows/columns within bands/stacks, swap bands and
# stacks, transpose; each maps puzzles to puzzles with the same number of solutions ---

Transform = Callable[[np.ndarray], np.ndarray]


def _line_order(rng: random.Random) -> list[int]:
    bands = rng.sample(range(3), 3)
    return [3 * b + i for b in bands for i in rng.sample(range(3), 3)]


def random_transform(seed: int) -> Transform:
    """Return a random Sudoku symmetry (fixed by ``seed``) that maps a grid or an (n, 81) array."""
    rng = random.Random(seed)
    rows, cols = _line_order(rng), _line_order(rng)
    index = np.array([rows[r] * 9 + cols[c] for r in range(9) for c in range(9)])
    if rng.random() < 0.5:
        index = index.reshape(9, 9).T.reshape(81)
    labels = np.array([0, *rng.sample(range(1, 10), 9)], dtype=np.uint8)
    return lambda grids: labels[np.asarray(grids)[..., index]]


IDENTITY: Transform = lambda grids: np.asarray(grids)  # noqa: E731
TRANSFORMS = {"as-is": IDENTITY, "transformed": random_transform(2024), "transformed2": random_transform(99)}


def test_random_transform_is_a_symmetry() -> None:
    solution = as_grid(_table("kaggle_bryanpark_first1000.csv")[0]["solutions"])
    moved = TRANSFORMS["transformed"](solution)
    assert not np.array_equal(moved, solution)
    assert is_solution(moved, np.zeros(81, dtype=np.uint8))


# --- Sudopedia's test cases, with the exact solution counts it gives ---

SUDOPEDIA = _table("sudopedia_test_cases.tsv")


@pytest.mark.parametrize("how", list(TRANSFORMS))
@pytest.mark.parametrize("case", SUDOPEDIA, ids=[c["name"] for c in SUDOPEDIA])
def test_sudopedia_case_is_classified_right(case: dict[str, str], how: str) -> None:
    move = TRANSFORMS[how]
    puzzle = move(as_grid(case["puzzle"]))
    kind = case["expected_kind"]
    result = classify(puzzle)
    assert isinstance(result, Classification)
    if kind == "unique":
        assert result.status is Status.UNIQUE and result.count == 1
        assert np.array_equal(result.solution, move(as_grid(case["expected"])))
        assert is_solution(result.solution, puzzle)
    elif kind == "multiple":
        assert result.status is Status.MULTIPLE and result.count == 2
        assert is_solution(result.solution, puzzle)
        verified = int(case["verified_solution_count(capped_at_1000)"])
        assert count_solutions(puzzle, limit=1000) == verified
        if case["expected"]:
            assert verified == int(case["expected"])
            assert classify(puzzle, limit=verified + 1).count == verified
    elif kind == "invalid_duplicate":
        assert result == (Status.INVALID, None, 0)
        assert conflicts(puzzle)
        assert solve(puzzle) is None and count_solutions(puzzle, limit=5) == 0
    else:
        assert kind == "no_solution"
        assert result == (Status.UNSOLVABLE, None, 0)
        assert not conflicts(puzzle)
        assert solve(puzzle) is None and count_solutions(puzzle, limit=5) == 0


# --- unique puzzles with known solutions ---

UNIQUE_FILES = {
    "kaggle_bryanpark_first1000.csv": ("quizzes", "solutions"),
    "se_pairs_with_rating.tsv": ("puzzle", "solution"),
    "DERIVED_unique_solutions.tsv": ("puzzle", "solution_computed_by_verify_script"),
}


def _check_unique(rows: list[dict[str, str]], keys: tuple[str, str], move: Transform) -> None:
    puzzles = move(_grids([r[keys[0]] for r in rows]))
    expected = move(_grids([r[keys[1]] for r in rows]))
    solutions, counts = classify_batch(puzzles)
    assert counts.tolist() == [1] * len(rows)
    assert np.array_equal(solutions, expected)
    assert all(is_solution(s, p) for s, p in zip(solutions, puzzles, strict=True))


@pytest.mark.parametrize("how", list(TRANSFORMS))
@pytest.mark.parametrize("name", list(UNIQUE_FILES))
def test_unique_puzzles_get_their_known_solution(name: str, how: str) -> None:
    _check_unique(_sample(name), UNIQUE_FILES[name], TRANSFORMS[how])


@pytest.mark.parametrize("name", list(UNIQUE_FILES))
def test_unique_puzzles_one_at_a_time_agree(name: str) -> None:
    key, answer = UNIQUE_FILES[name]
    for row in _sample(name, 40, seed=3):
        puzzle = as_grid(row[key])
        result = classify(puzzle)
        assert result.status is Status.UNIQUE and result.count == 1
        assert np.array_equal(result.solution, as_grid(row[answer]))
        assert np.array_equal(solve(puzzle), result.solution)
        assert count_solutions(puzzle, limit=10) == 1


def test_every_unique_puzzle_of_every_file_in_one_batch_each() -> None:
    for name, keys in UNIQUE_FILES.items():
        _check_unique(list(_table(name)), keys, IDENTITY)


# --- the derived sets: unsolvable without a repeat, repeated givens, several solutions ---


@pytest.mark.parametrize("how", list(TRANSFORMS))
def test_unsolvable_puzzles_without_repeats_are_unsolvable(how: str) -> None:
    rows = _sample("derived_nosolution_noduplicate.tsv")
    puzzles = TRANSFORMS[how](_grids([r["modified_puzzle"] for r in rows]))
    solutions, counts = classify_batch(puzzles, limit=2)
    assert counts.tolist() == [0] * len(rows)
    assert np.array_equal(solutions, puzzles)  # written back unchanged
    for puzzle in puzzles[:30]:
        assert not conflicts(puzzle)
        assert classify(puzzle) == (Status.UNSOLVABLE, None, 0)


@pytest.mark.parametrize("how", list(TRANSFORMS))
def test_repeated_givens_are_invalid(how: str) -> None:
    rows = _sample("derived_duplicate_given.tsv")
    puzzles = TRANSFORMS[how](_grids([r["modified_puzzle"] for r in rows]))
    solutions, counts = classify_batch(puzzles, limit=2)
    assert counts.tolist() == [-1] * len(rows)
    assert np.array_equal(solutions, puzzles)
    _, solved = solve_batch(puzzles)
    assert not solved.any()
    for puzzle in puzzles[:30]:
        assert conflicts(puzzle)
        assert classify(puzzle) == (Status.INVALID, None, 0)


@pytest.mark.parametrize("how", list(TRANSFORMS))
def test_sixteen_clue_puzzles_have_several_solutions(how: str) -> None:
    rows = _sample("derived_multi_16clue.tsv", 150)
    puzzles = TRANSFORMS[how](_grids([r["puzzle16"] for r in rows]))
    solutions, counts = classify_batch(puzzles, limit=2)
    assert counts.tolist() == [2] * len(rows)
    assert all(is_solution(s, p) for s, p in zip(solutions, puzzles, strict=True))
    result = classify(puzzles[0])
    assert result.status is Status.MULTIPLE and result.count == 2


@pytest.mark.parametrize("how", list(TRANSFORMS))
def test_deadly_rectangles_have_exactly_two_solutions(how: str) -> None:
    move = TRANSFORMS[how]
    rows = list(_table("derived_exactly2_deadly_rectangle.tsv"))  # the whole file: ~0.1 s
    puzzles = move(_grids([r["puzzle77"] for r in rows]))
    first = move(_grids([r["solution_a"] for r in rows]))
    second = move(_grids([r["solution_b"] for r in rows]))
    solutions, counts = classify_batch(puzzles, limit=3)
    assert counts.tolist() == [2] * len(rows)
    for s, a, b in zip(solutions, first, second, strict=True):
        assert np.array_equal(s, a) or np.array_equal(s, b)
    _, capped = classify_batch(puzzles, limit=2)
    assert capped.tolist() == [2] * len(rows)
    assert count_solutions(puzzles[0], limit=100) == 2


# --- the API's edges ---


def test_solve_batch_copies_unsolved_rows_and_flags_them() -> None:
    good = as_grid(_table("kaggle_bryanpark_first1000.csv")[0]["quizzes"])
    bad = as_grid(_table("derived_duplicate_given.tsv")[0]["modified_puzzle"])
    dead = as_grid(_table("derived_nosolution_noduplicate.tsv")[0]["modified_puzzle"])
    grids = np.stack([good, bad, dead, good])
    solutions, solved = solve_batch(grids)
    assert solutions.dtype == np.uint8 and solutions.shape == (4, 81)
    assert solved.dtype == bool and solved.tolist() == [True, False, False, True]
    assert np.array_equal(solutions[1], bad) and np.array_equal(solutions[2], dead)
    assert np.array_equal(solutions[0], solve(good)) and is_solution(solutions[3], good)
    assert np.array_equal(grids[0], good)  # the input is not touched


def test_empty_batches_and_bad_arrays() -> None:
    solutions, solved = solve_batch(np.zeros((0, 81), dtype=np.uint8))
    assert solutions.shape == (0, 81) and solved.shape == (0,)
    _, counts = classify_batch(np.zeros((0, 81), dtype=np.int64))
    assert counts.dtype == np.int64 and counts.shape == (0,)
    with pytest.raises(ValueError):
        solve_batch(np.zeros(81, dtype=np.uint8))
    with pytest.raises(ValueError):
        solve_batch(np.full((2, 81), 10))
    with pytest.raises(ValueError):
        solve("1" * 80)
    with pytest.raises(ValueError):
        classify(np.zeros(81, dtype=np.uint8), limit=1)
    with pytest.raises(ValueError):
        count_solutions(np.zeros(81, dtype=np.uint8), limit=0)


def test_solve_accepts_strings_lists_and_other_integer_dtypes() -> None:
    row = _table("kaggle_bryanpark_first1000.csv")[1]
    expected = as_grid(row["solutions"])
    text = row["quizzes"]
    for form in (text, [int(ch) for ch in text], as_grid(text).astype(np.int32)):
        result = solve(form)
        assert result is not None and result.dtype == np.uint8 and result.shape == (81,)
        assert np.array_equal(result, expected)


def test_random_solution_is_a_reproducible_random_completion() -> None:
    grids = [random_solution(seed) for seed in range(20)]
    assert all(g is not None and is_solution(g, np.zeros(81, dtype=np.uint8)) for g in grids)
    assert len({g.tobytes() for g in grids}) == 20
    assert np.array_equal(random_solution(5), random_solution(np.random.default_rng(5)))
    puzzle = as_grid(_table("derived_multi_16clue.tsv")[0]["puzzle16"])
    completions = {random_solution(seed, puzzle).tobytes() for seed in range(30)}
    assert len(completions) > 1
    assert all(is_solution(np.frombuffer(c, dtype=np.uint8), puzzle) for c in completions)
    dead = as_grid(_table("derived_nosolution_noduplicate.tsv")[0]["modified_puzzle"])
    assert random_solution(1, dead) is None


def test_importing_the_solver_does_not_load_numba() -> None:
    code = "import engine.solve.solver, engine, sys; engine.Status; assert 'numba' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


# --- properties, on boards filled the way a person would: legal digits in random cells ---


def _person_board(seed: int, placements: int) -> np.ndarray:
    """Return a board where each of ``placements`` digits went in a random empty cell, legally."""
    rng = random.Random(seed)
    values = [0] * 81
    for _ in range(placements):
        cell = rng.choice([c for c in range(81) if not values[c]])
        allowed = sorted(set(range(1, 10)) - {values[p] for p in PEERS[cell]})
        if allowed:
            values[cell] = rng.choice(allowed)
    return np.array(values, dtype=np.uint8)


def _from_solution(seed: int, keep: int) -> np.ndarray:
    """Return ``keep`` random cells of a random complete grid (so at least one solution)."""
    full = random_solution(seed)
    assert full is not None
    board = np.zeros(81, dtype=np.uint8)
    cells = random.Random(seed).sample(range(81), keep)
    board[cells] = full[cells]
    return board


boards = st.one_of(
    st.builds(_person_board, st.integers(0, 2**31), st.integers(0, 40)),
    st.builds(_from_solution, st.integers(0, 2**31), st.integers(17, 81)),
)
PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(boards)
def test_the_solver_keeps_every_given(board: np.ndarray) -> None:
    solution = solve(board)
    if solution is None:
        assert classify(board).status is Status.UNSOLVABLE
    else:
        assert is_solution(solution, board)
        assert all(solution[c] == board[c] for c in range(81) if board[c])


@PROPERTY
@given(boards)
def test_count_solutions_is_monotone_and_capped_by_the_limit(board: np.ndarray) -> None:
    full = count_solutions(board, limit=20)
    counts = [count_solutions(board, limit=k) for k in range(1, 6)]
    assert counts == [min(k, full) for k in range(1, 6)]
    assert counts == sorted(counts)


@settings(max_examples=20, deadline=None)
@given(st.lists(boards, min_size=1, max_size=8))
def test_solve_batch_agrees_with_solve(board_list: list[np.ndarray]) -> None:
    grids = np.stack(board_list)
    solutions, solved = solve_batch(grids)
    _, counts = classify_batch(grids, limit=2)
    for board, row, ok, count in zip(grids, solutions, solved, counts, strict=True):
        single = solve(board)
        assert ok == (single is not None) == (count >= 1)
        assert np.array_equal(row, single if ok else board)
        assert classify(board).count == max(int(count), 0)


def test_threads_solve_side_by_side() -> None:
    rows = _sample("se_pairs_with_rating.tsv", 80, seed=5)
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda r: solve(r["puzzle"]), rows))
    for row, result in zip(rows, results, strict=True):
        assert np.array_equal(result, as_grid(row["solution"]))


def test_out_of_range_values_are_a_value_error_not_invalid() -> None:
    board = np.zeros(81, dtype=np.uint8)
    board[40] = 12
    with pytest.raises(ValueError):
        classify(board)


def test_one_at_a_time_results_are_fresh_arrays_not_the_reused_buffer() -> None:
    rows = _sample("se_pairs_with_rating.tsv", 2, seed=11)
    first = solve(as_grid(rows[0]["puzzle"]))
    status = classify(as_grid(rows[0]["puzzle"]))
    second = solve(as_grid(rows[1]["puzzle"]))
    assert np.array_equal(first, as_grid(rows[0]["solution"]))
    assert np.array_equal(status.solution, as_grid(rows[0]["solution"]))
    assert np.array_equal(second, as_grid(rows[1]["solution"]))


def test_the_kernel_signature_declared_for_ahead_of_time_compilation_is_the_one_called() -> None:
    from numba.core import sigutils

    from engine.kernels import solver as solver_kernels

    solve(np.zeros(81, dtype=np.uint8))
    classify_batch(np.zeros((2, 81), dtype=np.uint8))
    args, _ = sigutils.normalize_signature(solver_kernels.CLASSIFY_MANY_SIGNATURE)
    assert set(solver_kernels.classify_many.overloads) == {tuple(args)}
