"""The ``sudoku`` dispatcher: help, version, usage errors and exit statuses, in-process."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from engine import __version__
from engine.cli import main


def test_help_lists_both_classic_forms_and_the_subcommands(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "-s FILE" in out and "-c N" in out and "--jobs" in out
    assert "check" in out


def test_version(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"sudoku {__version__}"


def test_check_has_its_own_help(capsys):
    assert main(["check", "--help"]) == 0
    out = capsys.readouterr().out
    assert "unique" in out and "malformed" in out and "FILE" in out


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        ([], "one of the arguments -c -s is required"),
        (["-s", "a.txt", "-c", "3"], "not allowed with"),
        (["-s", "a.txt", "--jobs", "0"], "0 is not at least 1"),
        (["-s", "a.txt", "--jobs", "two"], "'two' is not a whole number"),
        (["-s"], "expected one argument"),
        (["-s", "a.txt", "--frobnicate"], "unrecognized arguments: --frobnicate"),
    ],
)
def test_usage_errors_exit_2_with_a_clear_message(capsys, argv, fragment):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("sudoku: error: ") and fragment in captured.err
    assert "Traceback" not in captured.err


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["rate"], "the following arguments are required: PUZZLE|FILE (see 'sudoku rate --help')"),
        (["hint", "123"], "GRID must have 81 or 729 characters, got 3 (see 'sudoku hint --help')"),
        (["explain", "x" * 81], "bad PUZZLE: line 1, column 1"),
        (["check", "--jobs", "0"], "(see 'sudoku check --help')"),
        (["generate", "--frobnicate"], "unrecognized arguments: --frobnicate (see 'sudoku generate --help')"),
        (["-c", "0"], "0 is not at least 1 (see 'sudoku --help')"),
    ],
)
def test_usage_errors_name_the_help_of_the_command_used(capsys, argv, fragment):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("sudoku: error: ") and fragment in err and err.count("\n") == 1
    command = f"sudoku {argv[0]}" if argv[0].isalpha() else "sudoku"
    assert err.rstrip().endswith(f"(see '{command} --help')")


def test_the_installed_command_runs_the_same_main(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "engine", "--version"], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0 and proc.stdout.strip() == f"sudoku {__version__}"
    proc = subprocess.run(
        [sys.executable, "-m", "engine", "-s", str(tmp_path / "none.txt")],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    assert proc.returncode == 2 and "no such file" in proc.stderr and "Traceback" not in proc.stderr
    assert not (tmp_path / "sudoku.txt").exists()


def test_solving_and_checking_leave_the_human_logic_and_the_output_machinery_unloaded(tmp_path):
    # what keeps `sudoku -s` and `sudoku check` quick to start (benchmarks/bench_cli_solve.py): they
    # never import the human strategies; `check` writes no file, so with the ahead-of-time kernels
    # (scripts/dev builds them; numba would import these itself) it loads no tempfile, traceback or hashlib
    puzzles = tmp_path / "p.txt"
    puzzles.write_text("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n")
    probe = (
        "import sys\n"
        "from engine.cli import main\n"
        f"assert main(['check', {str(puzzles)!r}]) == 0\n"
        "after_check = set(sys.modules)\n"
        f"assert main(['-s', {str(puzzles)!r}, '-o', {str(tmp_path / 'out.txt')!r}]) == 0\n"
        "human = ('engine.logic.strategies', 'engine.logic.human', 'engine.rating.difficulty',\n"
        "         'engine.steps', 'engine.logic.techniques', 'engine.words.wording', 'engine.words.labels')\n"
        "print(sorted(m for m in sys.modules if m.startswith(human)))\n"
        "print('numba' in after_check, sorted({'tempfile', 'traceback', 'hashlib'} & after_check))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "SUDOKU_STUDIO_KERNELS"}  # the user's kernels
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    human, rest = done.stdout.splitlines()[-2:]
    assert human == "[]"
    numba_loaded, machinery = rest.split(" ", 1)
    if numba_loaded == "False":
        assert machinery == "[]"
