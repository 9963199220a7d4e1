"""``sudoku -c N``: distinct, valid, varied complete grids in the classic form, and every error path."""

from __future__ import annotations

import itertools
import math
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from engine.cli import main
from engine.grid import UNITS_NP, is_solution
from engine.make.grids import (
    BOX0,
    classic_chunks,
    complete_grids,
    normalise_labels,
    permutations_from_index,
    plan_grids,
    random_base_grid,
    random_transforms,
)

EMPTY = np.zeros(81, dtype=np.uint8)
GRID_BYTES = 163  # 9 lines of 18 bytes and a blank line


def parse_classic(data: bytes) -> np.ndarray:
    """Return the grids of a classic-form text, checking its layout byte by byte on the way."""
    assert data.endswith(b"\n") and not data.endswith(b"\n\n"), "no trailing blank line"
    n = (len(data) + 1) // GRID_BYTES
    assert len(data) == n * GRID_BYTES - 1
    raw = np.frombuffer(data + b"\n", dtype=np.uint8).reshape(n, GRID_BYTES)
    body = raw[:, :162].reshape(n, 9, 18)
    assert (body[:, :, 1:17:2] == ord(" ")).all(), "single spaces between digits"
    assert (body[:, :, 17] == ord("\n")).all(), "each row ends its line"
    assert (raw[:, 162] == ord("\n")).all(), "a blank line after each grid"
    digits = body[:, :, 0::2].reshape(n, 81)
    assert ((digits >= ord("1")) & (digits <= ord("9"))).all()
    return digits - ord("0")


def all_valid(grids: np.ndarray) -> bool:
    """Return True if every grid's 27 units each hold 1-9 (vectorised, independent of the generator)."""
    for start in range(0, len(grids), 50_000):
        units = grids[start : start + 50_000][:, UNITS_NP].astype(np.uint16)
        masks = np.bitwise_or.reduce(np.left_shift(1, units), axis=2)
        if not (masks == 0x3FE).all():
            return False
    return True


def distinct_count(grids: np.ndarray) -> int:
    return len(np.unique(np.ascontiguousarray(grids).view(np.dtype((np.void, 81))).ravel()))


def create(tmp_path: Path, *args: str) -> tuple[int, bytes]:
    out = tmp_path / "grids.txt"
    status = main(["-c", *args, "-o", str(out)])
    return status, out.read_bytes() if out.exists() else b""


def test_ten_thousand_grids_are_valid_distinct_and_classic(tmp_path: Path) -> None:
    status, data = create(tmp_path, "10000", "--seed", "11")
    assert status == 0
    grids = parse_classic(data)
    assert len(grids) == 10_000
    assert all(is_solution(g, EMPTY) for g in grids)
    assert distinct_count(grids) == 10_000


def test_lines_are_nine_digits_with_single_spaces_and_blank_lines_between(tmp_path: Path) -> None:
    status, data = create(tmp_path, "3", "--seed", "2")
    assert status == 0
    lines = data.decode("ascii").split("\n")
    assert lines[-1] == ""  # the file ends with the last row's newline, nothing more
    lines = lines[:-1]
    assert len(lines) == 3 * 9 + 2
    for i, line in enumerate(lines):
        if i % 10 == 9:
            assert line == ""
        else:
            assert len(line) == 17 and line[1::2] == " " * 8 and line[0::2].isdigit()


def test_one_grid_has_no_blank_line(tmp_path: Path) -> None:
    status, data = create(tmp_path, "1")
    assert status == 0
    assert data.count(b"\n") == 9 and b"\n\n" not in data


def test_first_digit_is_honoured(tmp_path: Path) -> None:
    for first in (4, 9):
        status, data = create(tmp_path, "5000", "--first", str(first), "--seed", "3")
        grids = parse_classic(data)
        assert status == 0 and (grids[:, 0] == first).all()
        assert all_valid(grids) and distinct_count(grids) == 5000


def test_seed_makes_output_reproducible_and_no_seed_differs(tmp_path: Path) -> None:
    a = create(tmp_path, "2000", "--seed", "5")[1]
    b = create(tmp_path, "2000", "--seed", "5")[1]
    c = create(tmp_path, "2000", "--seed", "6")[1]
    d = create(tmp_path, "2000")[1]
    e = create(tmp_path, "2000")[1]
    assert a == b
    assert a != c
    assert d != e


def test_grids_are_varied_not_one_grids_relabellings(tmp_path: Path) -> None:
    status, data = create(tmp_path, "30000", "--seed", "8")
    grids = parse_classic(data)
    patterns = normalise_labels(grids)  # grids that are relabellings of each other collapse here
    assert distinct_count(patterns) >= 30_000 // 300
    # neighbours differ in labels too: their top-left boxes are rarely the same
    same_box = (grids[1:, BOX0] == grids[:-1, BOX0]).all(axis=1)
    assert same_box.mean() < 0.01
    # first rows are varied, not one per relabelling
    assert distinct_count(np.ascontiguousarray(np.pad(grids[:, :9], ((0, 0), (0, 72))))) > 1000


def test_text_and_array_forms_agree() -> None:
    plan = plan_grids(2500, np.random.default_rng(4), first=7)
    text = b"".join(bytes(chunk) for _, chunk in classic_chunks(plan))[:-1]
    from engine.make.grids import render

    assert (parse_classic(text) == render(plan)).all()


def test_complete_grids_api() -> None:
    grids = complete_grids(1000, seed=1, first=2)
    assert grids.shape == (1000, 81) and grids.dtype == np.uint8
    assert all_valid(grids) and distinct_count(grids) == 1000 and (grids[:, 0] == 2).all()
    assert (complete_grids(50, seed=3) == complete_grids(50, seed=3)).all()
    for bad in (0, 1_000_001):
        with pytest.raises(ValueError, match="1 to 1,000,000"):
            complete_grids(bad)
    with pytest.raises(ValueError, match="first digit"):
        complete_grids(5, first=10)


def test_base_grids_and_transforms_are_solutions() -> None:
    rng = np.random.default_rng(9)
    base = np.stack([random_base_grid(rng) for _ in range(5)])
    assert all(is_solution(g, EMPTY) for g in base)
    assert distinct_count(base) == 5
    moved = random_transforms(np.repeat(base, 40, axis=0), rng)
    assert all_valid(moved)
    normal = normalise_labels(moved)
    assert all_valid(normal) and (normal[:, BOX0] == np.arange(1, 10)).all()


@pytest.mark.parametrize("k", [1, 4, 6, 9])
def test_permutation_numbers_follow_lexicographic_order(k: int) -> None:
    expected = np.array(list(itertools.permutations(range(k))))
    numbers = np.arange(math.factorial(k))
    if k == 9:  # a few numbers are decoded digit by digit, many through the whole table
        numbers = np.random.default_rng(0).integers(0, math.factorial(9), 5000)
        assert (permutations_from_index(numbers, k) == expected[numbers]).all()
        numbers = np.random.default_rng(1).integers(0, math.factorial(9), 30000)
    assert (permutations_from_index(numbers, k) == expected[numbers]).all()
    with pytest.raises(IndexError):
        permutations_from_index(np.array([math.factorial(k)]), k)


@pytest.mark.parametrize(
    "argv, message",
    [
        (["-c", "0"], "0 is not at least 1"),
        (["-c", "1000001"], "1,000,001 is more than 1,000,000"),
        (["-c", "abc"], "'abc' is not a whole number"),
        (["-c"], "expected one argument"),
        (["-cc", "12"], "'c' is not a whole number"),
        (["-c", "-5"], "-5 is not at least 1"),
        (["-c", "10", "--first", "0"], "invalid choice"),
        (["-c", "10", "--seed", "x"], "is not a whole number"),
        (["-c", "10", "--bogus"], "unrecognized arguments"),
        (["generate", "-n", "0", "-o", "out.txt"], "0 is not at least 1"),
        (["generate", "-n", "x", "-o", "out.txt"], "'x' is not a whole number"),
        (["generate", "-n", "1000001", "-o", "out.txt"], "1,000,001 is more than 1,000,000"),
        (["generate", "--min-clues", "82", "-o", "out.txt"], "82 is not a clue count 0-81"),
        (["generate", "--symmetry", "spiral", "-o", "out.txt"], "invalid choice"),
        (["generate", "--bogus", "-o", "out.txt"], "unrecognized arguments"),
    ],
)
def test_bad_command_lines_exit_2_and_write_nothing(
    argv: list[str],
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture,
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("sudoku: error:") and message in err.splitlines()[0]
    assert "Traceback" not in err
    assert list(tmp_path.iterdir()) == []  # no sudoku.txt, no temporary file


def test_bad_count_leaves_an_existing_file_untouched(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("sudoku.txt").write_text("keep me\n")
    assert main(["-c", "1000001"]) == 2
    assert Path("sudoku.txt").read_text() == "keep me\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sudoku.txt"]


def test_default_output_is_sudoku_txt_and_a_line_on_stderr_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["-c", "7", "--seed", "1"]) == 0
    assert len(parse_classic(Path("sudoku.txt").read_bytes())) == 7
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sudoku.txt"]
    assert capsys.readouterr().err == "wrote 7 grids to sudoku.txt\n"


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["-c", "1000", "-o", "out.txt"], "wrote 1,000 grids to out.txt\n"),
        (["-c", "1", "-o", "-"], "wrote 1 grid to standard output\n"),
        (["-c", "3", "--essentially-different", "-o", "o"], "wrote 3 essentially different grids to o\n"),
        (["-c", "1000", "-o", "out.txt", "-q"], ""),
        (["-c", "2", "--quiet", "--essentially-different", "-o", "out.txt"], ""),
    ],
)
def test_the_closing_line_names_what_was_written_unless_quiet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str],
    line: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 0
    assert capsys.readouterr().err == line


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "SUDOKU_DEBUG": ""}
    return subprocess.run(
        [sys.executable, "-m", "engine", *args], cwd=cwd, capture_output=True, env=env, timeout=120
    )


def test_process_errors_are_one_line_without_traceback(tmp_path: Path) -> None:
    for argv in (["-c", "abc"], ["-c", "1000001"], ["-c"], ["-cc", "12"], ["-c", "0"]):
        done = _run(*argv, cwd=tmp_path)
        err = done.stderr.decode()
        assert done.returncode == 2, argv
        assert "Traceback" not in err and err.startswith("sudoku: error:")
        assert len(err.strip().splitlines()) == 1, err
        assert done.stdout == b""
    assert list(tmp_path.iterdir()) == []


def test_standard_output_and_no_numba_on_the_plain_path(tmp_path: Path) -> None:
    done = _run("-c", "20", "--seed", "3", "-o", "-", cwd=tmp_path)
    assert done.returncode == 0 and len(parse_classic(done.stdout)) == 20
    probe = (
        "import sys; from engine.cli import main; "
        f"main(['-c', '100', '-o', {str(tmp_path / 'x.txt')!r}]); "
        "sys.exit(3 if 'numba' in sys.modules else 0)"
    )
    assert subprocess.run([sys.executable, "-c", probe], timeout=120).returncode == 0


@pytest.mark.slow
def test_a_million_grids_are_valid_and_pairwise_distinct(tmp_path: Path) -> None:
    status, data = create(tmp_path, "1000000", "--first", "4")
    assert status == 0
    grids = parse_classic(data)
    assert len(grids) == 1_000_000
    assert (grids[:, 0] == 4).all()
    assert all_valid(grids)
    assert distinct_count(grids) == 1_000_000
