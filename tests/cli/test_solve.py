"""``sudoku -s``: solving files in either form, reporting bad puzzles, and every file error path.

All in-process through ``engine.cli.main(argv)``, but for one subprocess test of the real command.
"""

from __future__ import annotations

import csv
import io
import itertools
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from engine import Form, as_grid, atomic_output, format_grid, is_solution, iter_entries
from engine.cli import main, solve_cmd
from tests.harness.paths import DATA

CORRECTNESS = DATA / "correctness"


def _column(name: str, column: str, count: int) -> list[str]:
    with open(CORRECTNESS / name, newline="") as f:
        return [row[column] for row in itertools.islice(csv.DictReader(f, delimiter="\t"), count)]


UNIQUE = _column("DERIVED_unique_solutions.tsv", "puzzle", 12)
NO_SOLUTION = _column("derived_nosolution_noduplicate.tsv", "modified_puzzle", 3)
DUPLICATE = _column("derived_duplicate_given.tsv", "modified_puzzle", 3)
MULTIPLE = _column("derived_multi_16clue.tsv", "puzzle16", 3)


def _write(path: Path, text: str | bytes) -> Path:
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    return path


def _entries(text: str) -> list:
    return [entry for _, entry in iter_entries(text.split("\n"))]


def _assert_solves(solution_text: str, puzzle_text: str) -> None:
    solution, puzzle = _entries(solution_text)[0], _entries(puzzle_text)[0]
    assert solution.error is None and 0 not in solution.grid
    assert is_solution(solution.grid, puzzle.grid)


def test_solves_a_line_file_into_sudoku_txt_in_the_current_folder(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    _write(tmp_path / "in.txt", "\n".join(UNIQUE) + "\n")
    assert main(["-s", "in.txt"]) == 0
    out = (tmp_path / "sudoku.txt").read_text().split("\n")
    assert out[-1] == "" and len(out) == len(UNIQUE) + 1
    for solved, puzzle in zip(out, UNIQUE, strict=False):
        assert is_solution(as_grid(solved), as_grid(puzzle))
    # the user learns where the solutions went (a later -s overwrites them)
    assert capsys.readouterr().err == f"wrote {len(UNIQUE)} solutions to sudoku.txt\n"
    assert main(["-s", "in.txt", "-q", "-o", "again.txt"]) == 0
    assert capsys.readouterr().err == "" and (tmp_path / "again.txt").read_text() == "\n".join(out)


@pytest.mark.parametrize("form", [Form.BLOCK, Form.BLOCK_COMPACT])
def test_block_files_are_answered_in_block_form(tmp_path, form):
    blocks = [format_grid(as_grid(p), form) for p in UNIQUE[:4]]
    src = _write(tmp_path / "in.txt", "# four grids\n" + "\n\n".join(blocks) + "\n")
    assert main(["-s", str(src), "-o", str(tmp_path / "out.txt")]) == 0
    text = (tmp_path / "out.txt").read_text()
    got = list(iter_entries(text.split("\n")))
    assert [f for f, _ in got] == [form] * 4
    assert text.count("\n\n") == 3 and text.endswith("\n") and not text.endswith("\n\n")
    for (_, entry), puzzle in zip(got, UNIQUE, strict=False):
        assert is_solution(entry.grid, as_grid(puzzle))


def test_the_kth_output_entry_belongs_to_the_kth_puzzle_with_bad_ones_written_back(tmp_path, capsys):
    letters = UNIQUE[1][:4] + "x" + UNIQUE[1][5:]
    short = UNIQUE[2][:79]
    lines = [
        "# mixed",
        UNIQUE[0],  # puzzle 1, line 2
        letters,  # puzzle 2, line 3
        "",
        DUPLICATE[0],  # puzzle 3, line 5
        NO_SOLUTION[0],  # puzzle 4, line 6
        short,  # puzzle 5, line 7
        UNIQUE[3] + "\r",  # puzzle 6, line 8 (CRLF)
        MULTIPLE[0],  # puzzle 7, line 9
    ]
    src = _write(tmp_path / "in.txt", "\n".join(lines) + "\n")
    assert main(["-q", "-s", str(src), "-o", str(tmp_path / "out.txt")]) == 1
    out = (tmp_path / "out.txt").read_text().split("\n")
    assert len(out) == 8 and out[-1] == ""
    assert is_solution(as_grid(out[0]), as_grid(UNIQUE[0]))
    assert out[1:5] == [letters, DUPLICATE[0], NO_SOLUTION[0], short]
    assert is_solution(as_grid(out[5]), as_grid(UNIQUE[3]))
    assert is_solution(as_grid(out[6]), as_grid(MULTIPLE[0]))  # one of its solutions, silently
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "puzzle 2: line 3, column 5: bad character 'x' (expected 1-9, 0 or '.')"
    assert err[1].startswith("puzzle 3 (line 5): repeated ")
    assert err[2] == "puzzle 4 (line 6): no solution"
    assert err[3] == "puzzle 5: line 7: wrong length: 79 cells, expected 81"
    assert len(err) == 4


def test_a_repeated_given_is_named_with_its_unit_and_cells(tmp_path, capsys):
    grid = as_grid(UNIQUE[0])
    grid[:] = 0
    grid[0] = grid[3] = 5  # r1c1 and r1c4
    src = _write(tmp_path / "in.txt", "".join(str(d) for d in grid) + "\n")
    assert main(["-q", "-s", str(src), "-o", str(tmp_path / "out.txt")]) == 1
    assert capsys.readouterr().err == "puzzle 1 (line 1): repeated 5 in row 1 (r1c1, r1c4)\n"


def test_a_malformed_block_is_written_back_between_solved_ones(tmp_path, capsys):
    blocks = [format_grid(as_grid(p), Form.BLOCK) for p in UNIQUE[:3]]
    rows = blocks[1].split("\n")
    rows[4] = rows[4][:8] + "q" + rows[4][9:]
    bad = "\n".join(rows)
    src = _write(tmp_path / "in.txt", "\n\n".join([blocks[0], bad, blocks[2]]) + "\n")
    assert main(["-q", "-s", str(src), "-o", str(tmp_path / "out.txt")]) == 1
    got = [entry for _, entry in iter_entries((tmp_path / "out.txt").read_text().split("\n"))]
    assert len(got) == 3
    assert got[1].text == bad
    assert is_solution(got[0].grid, as_grid(UNIQUE[0])) and is_solution(got[2].grid, as_grid(UNIQUE[2]))
    assert capsys.readouterr().err == f"puzzle 2: line 15, column 9: bad character 'q' {_EXPECTED}\n"


_EXPECTED = "(expected 1-9, 0 or '.')"


def test_standard_input_to_standard_output(monkeypatch, capsys):
    data = ("\n".join(UNIQUE[:3] + ["nonsense"]) + "\n").encode()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    assert main(["-q", "-s", "-", "-o", "-"]) == 1
    captured = capsys.readouterr()
    out = captured.out.split("\n")
    assert all(is_solution(as_grid(o), as_grid(p)) for o, p in zip(out[:3], UNIQUE[:3], strict=True))
    assert out[3:] == ["nonsense", ""]
    assert captured.err == "puzzle 4: line 4, column 1: bad character 'n' (expected 1-9, 0 or '.')\n"


def test_binary_garbage_is_reported_and_the_good_puzzles_still_solved(tmp_path, capsys):
    rng = np.random.default_rng(3)
    garbage = rng.integers(0, 256, size=3000, dtype=np.uint8).tobytes().replace(b"\n", b"")
    data = UNIQUE[0].encode() + b"\n" + garbage[:1000] + b"\n\xff\xfe\x00\n" + UNIQUE[1].encode() + b"\n"
    src = _write(tmp_path / "in.bin", data)
    assert main(["-q", "-s", str(src), "-o", str(tmp_path / "out.txt")]) == 1
    out = (tmp_path / "out.txt").read_bytes().split(b"\n")
    assert is_solution(as_grid(out[0].decode()), as_grid(UNIQUE[0]))
    assert out[1] == garbage[:1000].rstrip(b"\r") and out[2] == b"\xff\xfe\x00"
    assert is_solution(as_grid(out[3].decode()), as_grid(UNIQUE[1]))
    err = capsys.readouterr().err.splitlines()
    assert [line.split(":")[0] for line in err] == ["puzzle 2", "puzzle 3"]
    assert "bad character" in err[1]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "the file is empty (0 bytes)"),
        (b"\n  \n\t\n", "no puzzle found"),
        (b"# only\n# comments\n", "no puzzle found"),
    ],
)
def test_a_file_without_puzzles_is_a_usage_error_and_out_is_untouched(tmp_path, capsys, content, message):
    src = _write(tmp_path / "in.txt", content)
    out = _write(tmp_path / "out.txt", "precious\n")
    assert main(["-s", str(src), "-o", str(out)]) == 2
    assert message in capsys.readouterr().err
    assert out.read_text() == "precious\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.txt", "out.txt"]  # no temp file left


def test_missing_file_and_directory_are_usage_errors(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    _write(tmp_path / "sudoku.txt", "precious\n")
    assert main(["-s", "missing.txt"]) == 2
    assert capsys.readouterr().err == "sudoku: missing.txt: no such file\n"  # no usage hint: argv was fine
    assert main(["-s", str(tmp_path)]) == 2
    assert "is a directory" in capsys.readouterr().err
    assert (tmp_path / "sudoku.txt").read_text() == "precious\n"


def test_out_naming_the_input_is_refused_however_it_is_spelled(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    original = "\n".join(UNIQUE[:2]) + "\n"
    src = _write(tmp_path / "in.txt", original)
    (tmp_path / "link.txt").symlink_to(src)
    os.link(src, tmp_path / "hard.txt")
    (tmp_path / "sub").mkdir()
    spellings = ["in.txt", "./in.txt", str(src), "sub/../in.txt", "link.txt", "hard.txt"]
    for out in spellings:
        assert main(["-s", "in.txt", "-o", out]) == 2, out
        assert "refusing to overwrite" in capsys.readouterr().err
    assert main(["-s", "link.txt", "-o", "in.txt"]) == 2
    assert src.read_text() == original


def test_out_in_a_missing_folder_or_naming_a_folder_is_a_usage_error(tmp_path, capsys):
    src = _write(tmp_path / "in.txt", UNIQUE[0] + "\n")
    assert main(["-s", str(src), "-o", str(tmp_path / "nope" / "out.txt")]) == 2
    assert "does not exist" in capsys.readouterr().err
    assert main(["-s", str(src), "-o", str(tmp_path)]) == 2
    assert "is a directory" in capsys.readouterr().err


def test_an_existing_out_is_replaced_only_when_the_block_completes(tmp_path):
    out = _write(tmp_path / "out.txt", "precious\n")
    with pytest.raises(RuntimeError), atomic_output(str(out)) as f:
        f.write(b"half a file")
        raise RuntimeError("interrupted")
    assert out.read_text() == "precious\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


def _as_from_a_terminal() -> None:
    # a child inherits ignored and blocked signals: a suite started in the background (or by a
    # parent that blocks SIGINT) would make the command deaf to Ctrl-C, as a shell's background job is
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.parametrize(
    ("signum", "status", "word"),
    [
        (signal.SIGINT, 130, "interrupted"),
        (signal.SIGTERM, 143, "terminated"),
        (signal.SIGHUP, 129, "terminated"),
    ],
)
def test_an_interrupted_run_leaves_the_old_out_intact(tmp_path, signum, status, word):
    out = _write(tmp_path / "out.txt", "precious\n")
    # several seconds of work, time to interrupt it once the output is half written: the hardest
    # file three times over (once, the faster kernel sometimes finished before the signal came)
    hardest = (CORRECTNESS.parent / "bench" / "forum_hardest_1905_11plus.txt").read_text()
    big = _write(tmp_path.parent / f"{tmp_path.name}-in.txt", hardest * 3)
    proc = subprocess.Popen(
        [sys.executable, "-m", "engine", "-s", str(big), "-o", str(out)],
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_as_from_a_terminal,
    )
    deadline = time.monotonic() + 60
    while not list(tmp_path.glob(".out.txt.*.tmp")) and proc.poll() is None:
        assert time.monotonic() < deadline
        time.sleep(0.005)
    assert proc.poll() is None, "the run ended before it could be interrupted"
    proc.send_signal(signum)  # Ctrl-C, kill or a closed terminal while the output is half written
    _, err = proc.communicate(timeout=60)
    # after Ctrl-C CPython may end the process by SIGINT itself (-2), as it does for any interrupt it
    # saw escape embedded code, though main() returned 130: a shell reports both as status 130
    statuses = (status, -signal.SIGINT) if signum == signal.SIGINT else (status,)
    assert proc.returncode in statuses and word in err and "Traceback" not in err
    assert out.read_text() == "precious\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


def test_output_file_gets_ordinary_permissions(tmp_path):
    src = _write(tmp_path / "in.txt", UNIQUE[0] + "\n")
    assert main(["-s", str(src), "-o", str(tmp_path / "out.txt")]) == 0
    umask = os.umask(0)
    os.umask(umask)
    assert (tmp_path / "out.txt").stat().st_mode & 0o777 == 0o666 & ~umask


def test_chunks_keep_order_and_alignment(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(solve_cmd, "CHUNK", 4)
    puzzles = [UNIQUE[i % len(UNIQUE)] for i in range(10)]
    puzzles[5] = "bad"
    blocks = [format_grid(as_grid(p), Form.BLOCK_COMPACT) if p != "bad" else "bad" for p in puzzles]
    src = _write(tmp_path / "in.txt", "\n\n".join(blocks) + "\n")
    assert main(["-s", str(src), "-o", str(tmp_path / "out.txt")]) == 1
    got = _entries((tmp_path / "out.txt").read_text())
    assert len(got) == 10 and got[5].text == "bad"
    assert all(is_solution(got[k].grid, as_grid(p)) for k, p in enumerate(puzzles) if k != 5)
    assert capsys.readouterr().err.startswith("puzzle 6: line 51: a grid needs 9 rows, found 1")


def test_jobs_2_writes_exactly_what_jobs_1_writes(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(solve_cmd, "JOBS_CHUNK", 7)  # several tasks from a small file
    puzzles = [UNIQUE[i % len(UNIQUE)] for i in range(40)]
    puzzles[3], puzzles[20], puzzles[33] = "x" * 81, NO_SOLUTION[1], DUPLICATE[1]
    src = _write(tmp_path / "in.txt", "\n".join(puzzles) + "\n")
    assert main(["-q", "-s", str(src), "-o", str(tmp_path / "one.txt"), "--jobs", "1"]) == 1
    err_one = capsys.readouterr().err
    assert main(["-q", "-s", str(src), "-o", str(tmp_path / "two.txt"), "--jobs", "2"]) == 1
    err_two = capsys.readouterr().err
    assert (tmp_path / "one.txt").read_bytes() == (tmp_path / "two.txt").read_bytes()
    assert err_one == err_two and len(err_one.splitlines()) == 3


def test_bad_input_never_shows_a_traceback_from_the_real_command(tmp_path):
    (tmp_path / "garbage.bin").write_bytes(bytes(range(256)) * 50)
    (tmp_path / "empty.txt").write_bytes(b"")
    (tmp_path / "mixed.txt").write_text(UNIQUE[0] + "\nabc\n" + UNIQUE[1][:70] + "\n")
    cases = {"garbage.bin": 1, "empty.txt": 2, "mixed.txt": 1, "missing.txt": 2, ".": 2}
    for name, status in cases.items():
        proc = subprocess.run(
            [sys.executable, "-m", "engine", "-s", name, "-o", "out.txt"],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            errors="replace",
            timeout=120,
        )
        assert "Traceback" not in proc.stderr, (name, proc.stderr)
        assert proc.returncode == status, (name, proc.stderr)
        assert proc.stderr.strip(), name
    lines = (tmp_path / "out.txt").read_text().split("\n")
    assert is_solution(as_grid(lines[0]), as_grid(UNIQUE[0]))
    assert lines[1:] == ["abc", UNIQUE[1][:70], ""]


@pytest.mark.parametrize(
    "encode",
    [
        lambda text: b"\xef\xbb\xbf" + text.encode(),  # Notepad's UTF-8 with a byte order mark
        lambda text: text.replace("\n", "\r\n").encode("utf-16"),  # PowerShell's '>' redirection
        lambda text: b"\xfe\xff" + text.encode("utf-16-be"),
    ],
)
def test_byte_order_marks_and_utf16_files_read_as_the_puzzles_they_are(tmp_path, capsys, encode):
    text = "\n".join([UNIQUE[0], "# note", UNIQUE[1], "oops"]) + "\n"
    src = _write(tmp_path / "in.txt", encode(text))
    assert main(["-q", "-s", str(src), "-o", str(tmp_path / "out.txt")]) == 1
    out = (tmp_path / "out.txt").read_text().split("\n")
    assert all(is_solution(as_grid(out[k]), as_grid(UNIQUE[k])) for k in (0, 1))
    assert out[2:] == ["oops", ""]
    assert capsys.readouterr().err == f"puzzle 3: line 4, column 1: bad character 'o' {_EXPECTED}\n"
