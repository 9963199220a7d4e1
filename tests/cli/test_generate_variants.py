"""``sudoku generate --variant KIND`` and ``--size N``: f-puzzles JSON lines that ``sudoku check`` answers
``unique`` and that the tests' own checker finds consistent; bad combinations are usage errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engine
from engine.cli import main
from engine.puzzle.fpuzzles import read_fpuzzles
from tests.harness.variant_reference import brute_count, satisfies


def _generate(capsys: pytest.CaptureFixture[str], *args: str) -> list[str]:
    assert main(["generate", *args, "--seed", "11"]) == 0
    return capsys.readouterr().out.splitlines()


@pytest.mark.parametrize("args", [["--variant", "killer"], ["--variant", "jigsaw"], ["--variant", "x"],
                                  ["--size", "6"]])
def test_three_puzzles_each_unique(args: list[str], tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    lines = _generate(capsys, *args, "-n", "3")
    assert len(lines) == 3
    for line in lines:
        puzzle = read_fpuzzles(json.loads(line))
        solution = list(engine.solve(puzzle))
        assert satisfies(puzzle, solution)
        if puzzle.size <= 6:
            assert brute_count(puzzle, 2) == 1
    path = tmp_path / "made.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["check", str(path)]) == 0
    answers = [row.split("\t")[1] for row in capsys.readouterr().out.splitlines()]
    assert answers == ["unique"] * 3


def test_size_alone_is_a_classic_puzzle_of_that_size(capsys: pytest.CaptureFixture[str]) -> None:
    (line,) = _generate(capsys, "--size", "4")
    puzzle = read_fpuzzles(json.loads(line))
    assert puzzle.size == 4 and not puzzle.constraints and not puzzle.is_jigsaw


@pytest.mark.parametrize("args", [["--variant", "windoku", "--size", "6"], ["--variant", "hexagon"],
                                  ["--size", "7"], ["--variant", "x", "--difficulty", "extreme"],
                                  ["--variant", "x", "--symmetry", "diagonal"]])
def test_bad_combinations_are_usage_errors(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", *args]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "error" in err
