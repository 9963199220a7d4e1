"""``sudoku explain``, ``sudoku rate`` and ``sudoku generate --difficulty``, run in-process."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine import Step, as_grid, count_solutions, is_solution, rate
from engine.cli import main
from tests.harness.paths import DATA
from tests.harness.variant_reader import train_records

# the CLI's JSON is a view of Step.to_dict: its keys, and both texts
CLI_KEYS = {*Step("any").to_dict(), "explanation"}

_TSV = (DATA / "correctness" / "se_pairs_with_rating.tsv").read_text()
_ROWS = [line.split("\t") for line in _TSV.splitlines()[1:]]
EASY = _ROWS[0][1]
HARD = next(r for r in _ROWS if r[3] and float(r[3]) >= 6.5)
MULTIPLE = (DATA / "correctness" / "derived_multi_16clue.tsv").read_text().splitlines()[1].split("\t")[0]
NO_SOLUTION = (DATA / "correctness" / "derived_nosolution_noduplicate.tsv").read_text().splitlines()[1][:81]


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_explain_prints_every_step_and_the_difficulty(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "explain", EASY)
    assert code == 0 and not err
    lines = out.splitlines()
    steps = rate(as_grid(EASY)).steps
    assert len(lines) == len(steps) + 1
    assert lines[0].startswith(f"1. {steps[0].technique}: ")
    assert lines[-1].startswith("difficulty: ")
    code, out, _ = _run(capsys, "explain", EASY, "--lang", "zh")
    assert code == 0 and out.splitlines()[-1].startswith("难度: ")


def test_explain_json_is_a_list_of_steps_that_solves_the_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "explain", HARD[1], "--json")
    assert code == 0
    steps = json.loads(out)
    assert all(set(s) == CLI_KEYS for s in steps)
    grid = as_grid(HARD[1])
    for s in steps:
        for row, col, digit in s["placements"]:
            grid[(row - 1) * 9 + col - 1] = digit
        for row, col, digit in s["eliminations"]:
            assert int(HARD[2][(row - 1) * 9 + col - 1]) != digit
    assert is_solution(grid, as_grid(HARD[1]))
    assert any(s["technique"] not in ("full_house", "hidden_single", "naked_single") for s in steps)


@pytest.mark.parametrize("bad", ["123", "x" * 81, "11" + "0" * 79])
def test_explain_rejects_bad_puzzles_with_one_line(capsys: pytest.CaptureFixture[str], bad: str) -> None:
    code, out, err = _run(capsys, "explain", bad)
    assert code == 2 and not out
    assert err.startswith("sudoku: error: bad PUZZLE") and "Traceback" not in err


def test_rate_prints_number_level_score_and_hardest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzles = [EASY, HARD[1], "not a puzzle", "55" + "0" * 79]
    path = tmp_path / "in.txt"
    path.write_text("\n".join(puzzles) + "\n")
    code, out, err = _run(capsys, "rate", str(path))
    assert code == 1  # two puzzles could not be rated
    lines = [line.split("\t") for line in out.splitlines()]
    assert [row[0] for row in lines] == ["1", "2", "3", "4"]
    for row, puzzle in zip(lines[:2], puzzles[:2], strict=True):
        rating = rate(as_grid(puzzle))
        assert row[1:] == [rating.level.value, f"{rating.score:.2f}", rating.hardest]
    assert lines[2][1] == "error" and "line 3" in lines[2][2]
    assert lines[3][1] == "error" and "repeated" in lines[3][2]


def test_rate_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "in.txt"
    path.write_text(EASY + "\n")
    code, out, _ = _run(capsys, "rate", str(path), "--json")
    assert code == 0
    (record,) = json.loads(out)
    assert record["number"] == 1 and record["level"] in ("easy", "medium") and record["logic_only"]
    assert record["level_zh"] and record["hardest"] and record["score"] > 0


def test_explain_and_rate_name_what_se_needs_for_a_hardest_step_se_lacks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rated = (DATA / "ratings" / "se_rated_stratified_sample.txt").read_text().splitlines()
    # the tuning half's SE 8.0-8.4 puzzles, until one's hardest step was priced as SE's stand-in
    candidates = (line.split()[1] for line in rated
                  if not int(line.split()[0], 16) % 2 and 8.0 <= float(line.split()[2]) < 8.5)
    puzzle, rating = next((p, r) for p in candidates for r in [rate(as_grid(p))] if r.se_needs)
    code, out, _ = _run(capsys, "explain", puzzle)
    assert code == 0 and out.splitlines()[-1] == (
        f"difficulty: {rating.level.value} ({rating.score:.2f}, {rating.hardest}; "
        f"Sudoku Explainer lacks it and needs {rating.se_needs} here)")
    code, out, _ = _run(capsys, "explain", puzzle, "--lang", "zh")
    assert code == 0 and out.splitlines()[-1].endswith(f"此处需要 {rating.se_needs})")
    path = tmp_path / "in.txt"
    path.write_text(f"{puzzle}\n{EASY}\n")
    code, out, _ = _run(capsys, "rate", str(path), "--json")
    assert code == 0
    needs = [record["se_needs"] for record in json.loads(out)]
    assert needs == [rating.se_needs, None]
    code, out, _ = _run(capsys, "explain", EASY)
    assert "Sudoku Explainer" not in out


@pytest.mark.parametrize(("puzzle", "why"), [(MULTIPLE, "several solutions"), (NO_SOLUTION, "no solution"),
                                             ("." * 81, "several solutions")])
def test_explain_and_rate_of_a_puzzle_without_one_solution_say_so_and_exit_1(
    capsys: pytest.CaptureFixture[str], puzzle: str, why: str
) -> None:
    assert count_solutions(as_grid(puzzle.replace(".", "0")), limit=2) != 1
    code, out, err = _run(capsys, "explain", puzzle)
    assert (code, out) == (1, "")
    assert err == f"sudoku: PUZZLE has {why}; a logical solution path needs exactly one\n"
    code, out, err = _run(capsys, "rate", puzzle, EASY, "--json")
    assert code == 1 and not err
    assert json.loads(out)[0] == {"number": 1, "error": why} and json.loads(out)[1]["level"]


def test_rate_takes_puzzles_and_files_on_the_command_line_numbered_through(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "in.txt"
    path.write_text(f"{HARD[1]}\n{EASY}\n")
    code, out, err = _run(capsys, "rate", EASY.replace("0", "."), str(path), HARD[1])
    assert (code, err) == (0, "")
    rows = [line.split("\t") for line in out.splitlines()]
    assert [r[0] for r in rows] == ["1", "2", "3", "4"]
    assert rows[0][1:] == rows[2][1:] and rows[1][1:] == rows[3][1:] != rows[0][1:]
    code, out, err = _run(capsys, "rate", EASY[:80])  # one digit short: neither a puzzle nor a file
    assert code == 2 and not out and "not a puzzle (80 characters, expected 81), nor a file" in err


def test_rate_reads_a_files_variant_lines_on_the_variant_scale_as_rate_lines_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from engine import rate_lines, write_fpuzzles
    from tests.harness.variant_data import records

    killer = next(r.puzzle for r in records() if r.id == "iss-killer")
    lines = [EASY, json.dumps(write_fpuzzles(killer)), "{not a puzzle"]
    path = tmp_path / "mixed.txt"
    path.write_text("\n".join(lines) + "\n")
    code, out, err = _run(capsys, "rate", str(path))
    rows = out.splitlines()
    assert code == 1 and [row.split("\t", 1)[1] for row in rows[:2]] == rate_lines(lines[:2])
    assert rows[1].split("\t")[1] in ("easy", "medium", "hard", "expert", "extreme")
    assert rows[2].startswith("3\terror\tnot a puzzle: line 3")
    code, out, err = _run(capsys, "rate", "--json", str(path))
    assert json.loads(out)[1] == dict(zip(("number", "level", "score", "hardest"),
                                          [2, *rows[1].split("\t")[1:2], float(rows[1].split("\t")[2]),
                                           rows[1].split("\t")[3]], strict=True))


def test_rate_missing_file_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "rate", str(tmp_path / "nope.txt"))
    assert code == 2 and "no such file" in err and not out


def test_generate_difficulty_gives_puzzles_rate_agrees_with(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_file = tmp_path / "hard.txt"
    argv = ["generate", "--difficulty", "hard", "-n", "3", "--seed", "1", "-o", str(out_file)]
    code, _, err = _run(capsys, *argv)
    assert code == 0 and not err
    puzzles = out_file.read_text().split()
    assert len(puzzles) == 3
    for p in puzzles:
        assert count_solutions(as_grid(p)) == 1
    code, out, _ = _run(capsys, "rate", str(out_file))
    assert code == 0 and [line.split("\t")[1] for line in out.splitlines()] == ["hard"] * 3


def test_generate_difficulty_rejects_unknown_levels(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "generate", "--difficulty", "nightmare")
    assert code == 2 and "unknown difficulty" in err
    code, _, err = _run(capsys, "generate", "--difficulty", "extreme")
    assert code == 2 and "extreme" in err


def _explain_6x6(tmp_path: Path, stderr_tty: bool) -> tuple[int, str, str]:
    """``sudoku explain`` of the published 6x6 in a process of its own, its stderr a pty or a pipe."""
    record = next(r for r in train_records() if r["id"] == "iss-6x6")
    path = tmp_path / "six.json"
    path.write_text(json.dumps(record["fpuzzles"]), encoding="utf-8")
    argv = [sys.executable, "-m", "engine", "explain", str(path)]
    env = {**os.environ, "TQDM_MININTERVAL": "0"}  # the bar drawn at each step: a 6x6 takes a second
    if not stderr_tty:
        done = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=600)
        return done.returncode, done.stdout, done.stderr
    master, slave = os.openpty()
    with (tmp_path / "out.txt").open("w") as out, \
            subprocess.Popen(argv, stdout=out, stderr=slave, env=env) as proc:
        os.close(slave)
        chunks = []
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # the pty's other end is closed: the process has ended
                break
            if not chunk:
                break
            chunks.append(chunk)
    os.close(master)
    return proc.returncode, (tmp_path / "out.txt").read_text(), b"".join(chunks).decode("utf-8", "replace")


def test_explain_on_a_variant_shows_its_progress_on_a_terminal_and_nothing_elsewhere(tmp_path: Path) -> None:
    code, out, err = _explain_6x6(tmp_path, stderr_tty=True)
    steps = [line for line in out.splitlines() if line[:1].isdigit()]
    assert code == 0 and len(steps) > 5
    counts = [int(n) for n in re.findall(r"explaining: (\d+) steps", err)]  # the steps done
    assert counts and counts == sorted(counts) and counts[-1] <= len(steps)
    code, piped, err = _explain_6x6(tmp_path, stderr_tty=False)
    assert code == 0 and piped == out and err == ""
