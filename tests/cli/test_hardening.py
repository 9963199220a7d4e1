"""Issue 10's CLI regression cases: output files follow the usual rules (devices, FIFOs, links),
bounded --jobs, seeds, file errors naming the right file, short error lines, SIGTERM cleanup."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from engine import read_puzzles
from engine.cli import main
from engine.cli.common import cpu_count
from engine.output.atomic import output_kind
from tests.harness.paths import DATA

UNSOLVABLE = "12345678." + "........9" + "." * 63  # r1c9 must be 9, and r2c9 already is
HAS_DEV_FULL = os.path.exists("/dev/full") and stat.S_ISCHR(os.stat("/dev/full").st_mode)


def _run(*args: str, cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args], capture_output=True, text=True, cwd=cwd, timeout=timeout
    )


def _grids(text: str) -> int:
    return len(read_puzzles(text))


def test_output_onto_a_fifo_streams_to_its_reader_and_keeps_the_fifo(tmp_path):
    fifo = tmp_path / "f"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    assert main(["-c", "5", "-o", str(fifo)]) == 0
    reader.join(30)
    assert _grids(got[0].decode()) == 5
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f"]


@pytest.mark.skipif(os.geteuid() != 0, reason="mknod needs root")  # CI runs as root
def test_output_onto_a_character_device_writes_through_it_and_keeps_the_node(tmp_path):
    node = tmp_path / "n"
    os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # /dev/null's numbers
    assert main(["-c", "5", "-o", str(node)]) == 0
    assert stat.S_ISCHR(os.lstat(node).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["n"]


def test_output_onto_a_symlink_writes_its_target_and_keeps_the_link(tmp_path):
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "grids.txt"
    target.write_text("old\n")
    os.chmod(target, 0o640)
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    assert main(["-c", "3", "-o", str(link)]) == 0
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert _grids(target.read_text()) == 3
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert sorted(p.name for p in (tmp_path / "real").iterdir()) == ["grids.txt"]  # no temporary left


def test_a_dangling_symlink_creates_its_target(tmp_path):
    link = tmp_path / "link.txt"
    link.symlink_to(tmp_path / "new.txt")
    assert main(["-c", "2", "-o", str(link)]) == 0
    assert link.is_symlink() and _grids((tmp_path / "new.txt").read_text()) == 2


def test_output_kind_rules(tmp_path):
    fifo = tmp_path / "f"
    os.mkfifo(fifo)
    (tmp_path / "r").write_text("x")
    (tmp_path / "l").symlink_to(tmp_path / "r")
    assert output_kind("-") == ("stream", "-")
    assert output_kind(str(fifo)) == ("stream", str(fifo))
    assert output_kind(str(tmp_path / "r")) == ("replace", str(tmp_path / "r"))
    assert output_kind(str(tmp_path / "l")) == ("replace", str(tmp_path / "r"))
    assert output_kind(str(tmp_path / "missing")) == ("replace", str(tmp_path / "missing"))


@pytest.mark.parametrize(("out", "message"), [("", "empty file name"), (".", "is a directory")])
def test_bad_output_names_are_file_errors_saying_what_is_wrong(tmp_path, monkeypatch, capsys, out, message):
    monkeypatch.chdir(tmp_path)
    assert main(["-c", "2", "-o", out]) == 2
    assert message in capsys.readouterr().err


def test_jobs_above_the_cpu_count_is_a_usage_error_naming_the_limit(tmp_path, capsys):
    assert main(["-s", "x.txt", "--jobs", str(cpu_count() + 1)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("sudoku: error:") and f"the {cpu_count()} CPUs" in err
    assert main(["-s", "x.txt", "--jobs", "99999999999999"]) == 2
    assert "internal error" not in capsys.readouterr().err


@pytest.mark.parametrize("seed", ["-1", "-99999999999999999999", str(2**128), "1e9"])
def test_bad_seeds_are_usage_errors_never_internal_errors(tmp_path, monkeypatch, capsys, seed):
    monkeypatch.chdir(tmp_path)
    assert main(["-c", "2", "--seed", seed]) == 2
    err = capsys.readouterr().err
    assert err.startswith("sudoku: error: argument --seed") and "internal" not in err
    assert main(["generate", "--seed", seed]) == 2
    assert list(tmp_path.iterdir()) == []


def test_huge_seeds_in_range_are_accepted_and_reproducible(tmp_path, capsys):
    seed = str(2**128 - 1)
    assert main(["-c", "2", "--seed", seed, "-o", "-"]) == 0
    first = capsys.readouterr().out
    assert main(["-c", "2", "--seed", seed, "-o", "-"]) == 0
    assert capsys.readouterr().out == first and _grids(first) == 2


def test_hint_on_a_puzzle_without_solution_says_so_with_status_1_like_explain_and_rate(capsys):
    for command in ("hint", "explain", "rate"):
        assert main([command, UNSOLVABLE]) == 1, command
        captured = capsys.readouterr()
        assert "no solution" in captured.err + captured.out and "Traceback" not in captured.err


@pytest.mark.skipif(not HAS_DEV_FULL, reason="needs /dev/full")
@pytest.mark.parametrize(
    "argv",
    [
        ["-c", "5", "-o", "/dev/full"],
        ["-s", "IN", "-o", "/dev/full"],
        ["generate", "-o", "/dev/full"],
    ],
)
def test_a_full_disk_exits_2_naming_the_output(tmp_path, argv):
    puzzles = tmp_path / "in.txt"
    puzzles.write_text(UNSOLVABLE.replace("9", "0") + "\n")
    argv = [str(puzzles) if a == "IN" else a for a in argv]
    proc = _run(*argv, cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    assert "/dev/full" in proc.stderr and "No space left" in proc.stderr and "in.txt" not in proc.stderr
    assert "internal error" not in proc.stderr


@pytest.mark.parametrize("command", ["-c", "-s", "--essentially-different"])
def test_a_full_disk_keeps_the_old_output_and_exits_2_naming_it(tmp_path, small_disk, capsys, command):
    puzzles = tmp_path / "in.txt"  # 1,000 puzzles: 82 KB of solutions, more than the disk holds
    lines = (DATA / "bench" / "serg_benchmark.txt").read_text().split()[:1000]
    puzzles.write_text("\n".join(lines) + "\n")
    out = small_disk / "sudoku.txt"
    out.write_text("the old grids\n")
    argv = {"-c": ["-c", "1000"], "-s": ["-s", str(puzzles)],
            "--essentially-different": ["-c", "1000", "--essentially-different"]}[command]
    assert main([*argv, "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err == f"sudoku: {out}: cannot write: No space left on device\n"
    assert out.read_text() == "the old grids\n" and os.listdir(small_disk) == ["sudoku.txt"]


@pytest.mark.skipif(not HAS_DEV_FULL, reason="needs /dev/full")
@pytest.mark.parametrize("command", ["check", "rate"])
def test_a_full_standard_output_names_standard_output_not_the_input(tmp_path, command):
    puzzles = tmp_path / "in.txt"
    puzzles.write_text(UNSOLVABLE.replace("9", "0") + "\n")
    with open("/dev/full", "w") as full:
        proc = subprocess.run(
            [sys.executable, "-m", "engine", command, str(puzzles)],
            stdout=full, stderr=subprocess.PIPE, text=True, timeout=120,
        )
    assert proc.returncode == 2, proc.stderr
    assert "standard output" in proc.stderr and "in.txt" not in proc.stderr


def test_error_lines_stay_short_with_an_ellipsis(tmp_path, capsys):
    puzzles = tmp_path / "ones.txt"
    puzzles.write_text("1" * 81 + "\n")  # every unit repeats: the fuzzer's 1,500-character line
    assert main(["-s", str(puzzles), "-o", str(tmp_path / "out.txt")]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err and all(len(line) <= 200 for line in err) and err[0].endswith("…")
    assert main(["check", str(puzzles)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert all(len(line) <= 200 for line in out)
    assert main(["hint", "x" * 5000]) == 2
    assert len(capsys.readouterr().err.strip()) <= 260


class _CountingReader:
    """A binary file that records the largest single read it was asked for."""

    def __init__(self, raw) -> None:
        self.raw = raw
        self.largest = 0

    def readline(self, size: int = -1) -> bytes:
        assert size > 0, "an unbounded readline"
        self.largest = max(self.largest, size)
        return self.raw.readline(size)


def test_a_huge_line_is_read_in_bounded_pieces_and_reported_as_malformed(tmp_path, capsys):
    import io

    from engine.cli.common import MAX_LINE, bounded_lines

    solved = "123456789456789123789123456231674895568912374947835261312598647675241938894367512"
    data = solved.replace("1", ".").encode() + b"\n" + b"1" * (MAX_LINE * 5 + 3) + b"\n" + b"x\n"
    reader = _CountingReader(io.BytesIO(data))
    lines = list(bounded_lines(reader))  # type: ignore[arg-type]
    assert reader.largest <= MAX_LINE + 1
    assert [len(ln) for ln in lines] == [82, MAX_LINE + 1, 2] and lines[2] == b"x\n"

    puzzles = tmp_path / "huge.txt"
    puzzles.write_bytes(data.replace(b"x\n", solved.replace("1", ".").encode() + b"\n"))
    assert main(["-s", str(puzzles), "-o", str(tmp_path / "out.txt")]) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and err[0].startswith("puzzle 2: line 2: wrong length")
    assert err[1] == f"wrote 3 puzzles to {tmp_path / 'out.txt'} (2 solved, 1 not: see above)"
    out = (tmp_path / "out.txt").read_bytes().split(b"\n")
    assert out[0].decode() == solved and out[2].decode() == solved  # the puzzles around it are solved


def test_a_huge_utf16_line_is_cut_too(tmp_path, capsys):
    from engine.cli.common import MAX_LINE

    solved = "123456789456789123789123456231674895568912374947835261312598647675241938894367512"
    puzzle = solved.replace("1", ".")
    text = puzzle + "\n" + "1" * (MAX_LINE * 3) + "\n" + puzzle + "\n"
    (tmp_path / "u16.txt").write_bytes(text.encode("utf-16"))
    assert main(["-s", str(tmp_path / "u16.txt"), "-o", str(tmp_path / "out.txt")]) == 1
    assert capsys.readouterr().err.startswith("puzzle 2: line 2: wrong length: 65536 cells")
    out = (tmp_path / "out.txt").read_text().split("\n")
    assert out[0] == solved and out[2] == solved
