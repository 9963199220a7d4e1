"""The partition-level API (engine.solve_lines / classify_lines / rate_lines) on a real local Dask cluster.

A sharded file of 20,000 puzzles (the README's example does 1,000,000; fewer here for CI time) with
bad lines mixed in is solved by two Dask worker processes, and the concatenated output must equal
what ``sudoku -s`` writes for the whole file; a sharded file of classic and variant lines is rated
there too, and must equal what ``sudoku rate`` prints for it (without the puzzle numbers).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

import engine
from tests.harness.paths import DATA
from tests.harness.variant_data import records

SHARDS = 4
PUZZLES = 20_000


@pytest.fixture(autouse=True)
def users_kernels(monkeypatch: pytest.MonkeyPatch) -> None:
    """`sudoku` and the Dask workers run the kernels as a user's do (compiled ahead of time where
    scripts/dev built them; test_aot.py checks they equal the JIT's): on the suite's JIT, where no
    earlier test had filled numba's cache, each worker compiled the variant kernels (540 s in CI)."""
    monkeypatch.delenv("SUDOKU_STUDIO_KERNELS", raising=False)


def _puzzle_lines() -> list[str]:
    """Return 20,000 17-clue puzzles (a random sample) with malformed, repeated-given, unsolvable,
    blank and comment lines spread through them."""
    lines = (DATA / "bench" / "17_clue.txt").read_text(encoding="ascii").splitlines()
    rng = random.Random(14)
    puzzles = rng.sample([ln for ln in lines if len(ln.strip()) == 81], PUZZLES)
    rows = (DATA / "correctness" / "derived_nosolution_noduplicate.tsv").read_text().splitlines()[1:6]
    dups = (DATA / "correctness" / "derived_duplicate_given.tsv").read_text().splitlines()[1:6]
    bad = [r.split("\t")[0] for r in rows + dups] + ["12345", "x" * 81, "", "# a comment"]
    for text in bad:
        puzzles.insert(rng.randrange(len(puzzles)), text)
    return puzzles


def _shard(lines: list[str], folder: Path) -> None:
    """Write ``lines`` as SHARDS files of ``folder``, in order."""
    folder.mkdir()
    step = -(-len(lines) // SHARDS)
    for k in range(SHARDS):
        part = lines[k * step : (k + 1) * step]
        (folder / f"{k:05d}.txt").write_text("".join(ln + "\n" for ln in part))


def test_solve_lines_and_classify_lines_on_one_partition() -> None:
    lines = _puzzle_lines()[:2000]
    solved = engine.solve_lines(line + "\n" for line in lines)
    statuses = engine.classify_lines(lines)
    kept = [ln for ln in lines if ln.strip() and not ln.startswith("#")]
    assert len(solved) == len(statuses) == len(kept)
    for puzzle, out, status in zip(kept, solved, statuses, strict=True):
        kind = status.split("\t")[0]
        if kind == "unique":
            assert engine.is_solution(engine.as_grid(out), engine.as_grid(puzzle))
        else:
            assert kind in {"unsolvable", "invalid", "malformed"} and out == puzzle
    assert engine.solve_lines([]) == [] and engine.classify_lines(["", "# x"]) == []


@pytest.mark.slow
def test_a_sharded_file_solved_on_a_local_dask_cluster_equals_sudoku_s(tmp_path: Path) -> None:
    import dask.bag as dask_bag  # the 'distributed' extra, which scripts/dev installs for the tests
    import distributed

    lines = _puzzle_lines()
    whole = tmp_path / "all.txt"
    whole.write_text("".join(ln + "\n" for ln in lines))
    shards = tmp_path / "shards"
    _shard(lines, shards)
    expected = tmp_path / "expected.txt"
    done = subprocess.run(
        [sys.executable, "-m", "engine", "-s", str(whole), "-o", str(expected)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 1, done.stderr  # some puzzles are bad on purpose
    out = tmp_path / "out"
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster,
        distributed.Client(cluster),
    ):
        bag = dask_bag.read_text(str(shards / "*.txt")).map_partitions(engine.solve_lines)
        bag.to_textfiles(str(out / "*.txt"), name_function="{:05d}".format, last_endline=True)
    got = b"".join(p.read_bytes() for p in sorted(out.glob("*.txt")))
    assert got == expected.read_bytes()


# variant puzzles the rating finishes in about a second at most, of several kinds (killer, arrow,
# 16x16 jigsaw, 6x6, anti-knight, XV, windoku, little killer; one has several solutions)
QUICK_VARIANTS = ("iss-killer", "iss-pill-arrow-sudoku", "iss-16x16-jigsaw", "iss-6x6",
                  "iss-anti-knights-move", "iss-xv-sudoku", "iss-windoku", "iss-anti-knight-slow",
                  "iss-6x6-little-killer")


def _rating_lines() -> list[str]:
    """Return classic lines (hard ones, and one with two solutions) and variant lines (f-puzzles JSON,
    one as a link) mixed, with a comment and a blank line."""
    classic = (DATA / "bench" / "norvig_top95.txt").read_text(encoding="ascii").split()[:40]
    classic += random.Random(3).sample((DATA / "bench" / "17_clue.txt").read_text().split(), 60)
    classic.append("." * 80 + "1")
    by_id = {r.id: r.puzzle for r in records()}
    variants = [json.dumps(engine.write_fpuzzles(by_id[n]), separators=(",", ":")) for n in QUICK_VARIANTS]
    variants.append(engine.fpuzzles_link(by_id["iss-killer"]))
    lines = classic + ["# a comment", ""]
    rng = random.Random(39)
    for line in variants:
        lines.insert(rng.randrange(len(lines)), line)
    return lines


@pytest.mark.slow
def test_a_sharded_file_rated_on_a_local_dask_cluster_equals_sudoku_rate(tmp_path: Path) -> None:
    import dask.bag as dask_bag
    import distributed

    lines = _rating_lines()
    whole = tmp_path / "all.txt"
    whole.write_text("".join(ln + "\n" for ln in lines))
    _shard(lines, tmp_path / "shards")
    done = subprocess.run([sys.executable, "-m", "engine", "rate", str(whole)], cwd=tmp_path,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 1, done.stderr  # the puzzle with two solutions has no rating
    expected = [row.split("\t", 1)[1] for row in done.stdout.splitlines()]
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster,
        distributed.Client(cluster),
    ):
        bag = dask_bag.read_text(str(tmp_path / "shards" / "*.txt")).map_partitions(engine.rate_lines)
        got = bag.compute()
    assert got == expected
    assert len(got) == len(lines) - 2 and {row.split("\t")[0] for row in got} >= {"error", "medium", "expert"}
    assert not any(row.startswith("error\tnot a puzzle") for row in got)  # the variant lines were read
