"""Unique puzzles: ``generate()`` and ``sudoku generate``."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from engine import PEERS, GenerationError, Symmetry, count_solutions, generate, is_solution, solve
from engine.cli import main


def independent_count(puzzle: np.ndarray, limit: int = 2) -> int:
    """Count solutions up to ``limit`` with plain sets and backtracking (no code of the engine's)."""
    values = [int(v) for v in puzzle]

    def search() -> int:
        best, best_options = -1, None
        for cell in range(81):
            if values[cell] == 0:
                options = set(range(1, 10)) - {values[p] for p in PEERS[cell]}
                if best_options is None or len(options) < len(best_options):
                    best, best_options = cell, options
                    if len(options) <= 1:
                        break
        if best_options is None:
            return 1
        found = 0
        for d in best_options:
            values[best] = d
            found += search()
            if found >= limit:
                break
        values[best] = 0
        return found

    return search()


@pytest.mark.parametrize("symmetry", list(Symmetry))
def test_puzzles_are_unique_and_keep_their_symmetry(symmetry: Symmetry) -> None:
    rng = np.random.default_rng(17)
    for _ in range(15):
        puzzle = generate(symmetry=symmetry, rng=rng)
        assert count_solutions(puzzle, 2) == 1
        assert is_solution(solve(puzzle), puzzle)
        assert symmetry.holds(puzzle)
        assert 17 <= np.count_nonzero(puzzle) <= 50


def test_symmetries_map_cells_as_named() -> None:
    assert Symmetry.ROTATIONAL.image(0) == 80 and Symmetry.ROTATIONAL.image(40) == 40
    assert Symmetry.DIAGONAL.image(1) == 9 and Symmetry.DIAGONAL.image(10) == 10
    assert Symmetry.MIRROR.image(0) == 8 and Symmetry.MIRROR.image(4) == 4
    assert len(Symmetry.NONE.orbits()) == 81
    assert len(Symmetry.ROTATIONAL.orbits()) == 41
    assert len(Symmetry.DIAGONAL.orbits()) == 45
    assert len(Symmetry.MIRROR.orbits()) == 45
    lopsided = np.zeros(81, dtype=np.uint8)
    lopsided[0] = 5
    assert not Symmetry.ROTATIONAL.holds(lopsided) and Symmetry.NONE.holds(lopsided)


def test_independent_counter_agrees_and_puzzles_are_minimal() -> None:
    rng = np.random.default_rng(3)
    for _ in range(6):
        puzzle = generate(rng=rng)
        assert independent_count(puzzle) == 1
        for cell in np.flatnonzero(puzzle):  # no given can go without losing uniqueness
            fewer = puzzle.copy()
            fewer[cell] = 0
            assert count_solutions(fewer, 2) == 2


def test_clue_floor_is_honoured() -> None:
    rng = np.random.default_rng(4)
    for floor in (30, 40):
        for _ in range(5):
            puzzle = generate(clues=floor, rng=rng)
            assert floor <= np.count_nonzero(puzzle) <= floor + 1  # +1: an orbit of two may not fit
            assert count_solutions(puzzle, 2) == 1
    full = generate(seed=1, clues=81)
    assert np.count_nonzero(full) == 81


def test_same_seed_same_puzzle_other_seed_other_puzzle() -> None:
    assert (generate(seed=5) == generate(seed=5)).all()
    assert (generate(seed=5, symmetry="mirror") == generate(seed=5, symmetry="mirror")).all()
    assert not (generate(seed=5) == generate(seed=6)).all()
    assert not (generate() == generate()).all()


def test_accept_predicate_keeps_or_rejects() -> None:
    seen: list[np.ndarray] = []

    def third_one(puzzle: np.ndarray) -> bool:
        seen.append(puzzle.copy())
        return len(seen) == 3

    puzzle = generate(seed=8, accept=third_one)
    assert len(seen) == 3 and (puzzle == seen[-1]).all()
    assert len({p.tobytes() for p in seen}) == 3  # each attempt is a new puzzle
    assert count_solutions(puzzle, 2) == 1

    def at_least_28(puzzle: np.ndarray) -> bool:
        return np.count_nonzero(puzzle) >= 28

    assert np.count_nonzero(generate(seed=9, accept=at_least_28)) >= 28
    with pytest.raises(GenerationError, match="no acceptable puzzle in 4 attempts"):
        generate(seed=1, accept=lambda p: False, max_attempts=4)


def test_bad_arguments_raise_value_error() -> None:
    with pytest.raises(ValueError):
        generate(symmetry="spiral")
    with pytest.raises(ValueError, match="clues must be 0-81"):
        generate(clues=82)


def _lines(path: Path) -> list[str]:
    text = path.read_text()
    assert text.endswith("\n")
    return text.splitlines()


def test_cli_two_hundred_puzzles_twice_identical_and_unique(tmp_path: Path) -> None:
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    assert main(["generate", "-n", "200", "--seed", "7", "-o", str(a)]) == 0
    assert main(["generate", "-n", "200", "--seed", "7", "-o", str(b)]) == 0
    assert a.read_bytes() == b.read_bytes()
    lines = _lines(a)
    assert len(lines) == 200 and len(set(lines)) == 200
    for line in lines:
        assert len(line) == 81 and set(line) <= set(".123456789")
        puzzle = np.array([0 if ch == "." else int(ch) for ch in line], dtype=np.uint8)
        assert count_solutions(puzzle, 2) == 1
    for line in lines[:10]:
        assert independent_count(np.array([0 if ch == "." else int(ch) for ch in line])) == 1


def test_cli_symmetry_and_floor(tmp_path: Path) -> None:
    out = tmp_path / "p.txt"
    assert main(["generate", "-n", "5", "--symmetry", "diagonal", "--min-clues", "32", "-o", str(out)]) == 0
    for line in _lines(out):
        puzzle = np.array([0 if ch == "." else int(ch) for ch in line], dtype=np.uint8)
        assert Symmetry.DIAGONAL.holds(puzzle) and np.count_nonzero(puzzle) >= 32
        assert count_solutions(puzzle, 2) == 1


def test_cli_writes_standard_output_by_default(capsysbinary: pytest.CaptureFixture) -> None:
    assert main(["generate", "-n", "3", "--seed", "2"]) == 0
    lines = capsysbinary.readouterr().out.decode().splitlines()
    assert len(lines) == 3 and all(len(line) == 81 for line in lines)
