"""The PyInstaller bundle: built once per session with build/build.py, then run as a user would.

The executables run from the built folder with a bare environment: PATH without the project's
virtual environment, no PYTHONPATH, a fresh HOME (so the per-user cache and data folders start
empty), and a working directory outside the repository (a frozen module's file name is relative,
and must not resolve to the source tree).  SUDOKU_STUDIO_BUNDLE=path/to/SudokuStudio reuses a folder
already built instead of building one (about two minutes).
"""

from __future__ import annotations

import csv
import os
import random
import shutil
import subprocess
import sys
import tarfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine import __version__
from engine.formats import read_puzzles
from engine.grid import as_grid, is_solution

# the first test also waits for the build (2-7 minutes on a busy 2-core machine)
pytestmark = [pytest.mark.bundle, pytest.mark.slow, pytest.mark.timeout(2400)]

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "correctness"
EXE = ".exe" if sys.platform == "win32" else ""


@pytest.fixture(scope="session")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The built ``SudokuStudio`` folder (built here, once, unless SUDOKU_STUDIO_BUNDLE names one)."""
    given = os.environ.get("SUDOKU_STUDIO_BUNDLE")
    if given:
        yield Path(given).resolve()
        return
    out = tmp_path_factory.mktemp("bundle")
    try:
        yield _build(out)
    finally:
        shutil.rmtree(out, ignore_errors=True)  # close to 1 GB: pytest would keep it around


def _build(out: Path) -> Path:
    result = subprocess.run(
        [sys.executable, str(ROOT / "build" / "build.py"), "--dist", str(out / "dist"), "--work",
         str(out / "work")],
        capture_output=True, text=True, timeout=1800,
    )  # fmt: skip
    assert result.returncode == 0, f"build failed:\n{result.stdout[-3000:]}\n{result.stderr[-5000:]}"
    folder = out / "dist" / "SudokuStudio"
    archives = list((out / "dist").glob(f"SudokuStudio-{__version__}-*"))
    assert len(archives) == 1, f"expected one archive, found {archives}"
    _check_archive(archives[0], folder)
    return folder


def _check_archive(archive: Path, folder: Path) -> None:
    # the archive holds the same files as the folder, under SudokuStudio/
    if archive.name.endswith(".zip"):
        import zipfile

        with zipfile.ZipFile(archive) as zf:
            names = {n.rstrip("/") for n in zf.namelist()}
    else:
        with tarfile.open(archive) as tf:
            names = set(tf.getnames())
    on_disk = {p.relative_to(folder.parent).as_posix() for p in folder.rglob("*")}
    assert on_disk <= names, f"missing from the archive: {sorted(on_disk - names)[:10]}"
    if sys.platform.startswith("linux"):  # desktop integration: the menu entry and its icons
        for name in ("sudoku-studio.desktop", "sudoku-studio.png", "sudoku-studio.svg"):
            assert f"SudokuStudio/{name}" in names
        entry = (folder / "sudoku-studio.desktop").read_text(encoding="utf-8")
        assert "Exec=sudoku-studio" in entry and "Icon=sudoku-studio" in entry


@pytest.fixture
def user(tmp_path: Path) -> dict[str, str]:
    """A bare environment for one user with an empty home, as after unpacking on a fresh machine."""
    home = tmp_path / "home"
    home.mkdir()
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(home),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "LANG": "C.UTF-8",
    }
    return env


def run(bundle: Path, exe: str, args: list[str], env: dict[str, str], cwd: Path,
        timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """Run one of the bundle's executables and return its result (never raises on a bad status)."""
    return subprocess.run([str(bundle / (exe + EXE)), *args], env=env, cwd=cwd, capture_output=True,
                          text=True, timeout=timeout)


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    """Return every file under ``folder`` with its size and modification time."""
    return {str(p): (p.stat().st_size, p.stat().st_mtime_ns) for p in folder.rglob("*") if p.is_file()}


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    folder = tmp_path / "work"
    folder.mkdir()
    return folder


def test_both_executables_print_the_project_version(bundle: Path, user: dict[str, str],
                                                    workdir: Path) -> None:
    for exe in ("sudoku", "sudoku-studio"):
        result = run(bundle, exe, ["--version"], user, workdir, timeout=60)
        assert result.returncode == 0, result.stderr
        assert result.stdout.split() == [exe, __version__]


def test_sudoku_c_writes_distinct_valid_grids(bundle: Path, user: dict[str, str], workdir: Path) -> None:
    result = run(bundle, "sudoku", ["-c", "1000"], user, workdir)
    assert result.returncode == 0, result.stderr
    grids = read_puzzles((workdir / "sudoku.txt").read_text(encoding="ascii"))
    assert len(grids) == 1000
    empty = as_grid("0" * 81)
    assert all(is_solution(grid, empty) for grid in grids)
    assert len({grid.tobytes() for grid in grids}) == 1000


def _sample_puzzles(count: int, seed: int) -> list[tuple[str, str]]:
    with open(DATA / "DERIVED_unique_solutions.tsv", encoding="ascii", newline="") as handle:
        table = csv.DictReader(handle, delimiter="\t")
        rows = [(r["puzzle"], r["solution_computed_by_verify_script"]) for r in table]
    return random.Random(seed).sample(rows, count)


def _cache_files(env: dict[str, str]) -> dict[str, tuple[int, int]]:
    return snapshot(Path(env["XDG_CACHE_HOME"]) / "sudoku-studio")


def test_sudoku_s_solves_a_file_and_reuses_its_per_user_cache(bundle: Path, user: dict[str, str],
                                                              workdir: Path) -> None:
    cases = _sample_puzzles(40, seed=6)
    (workdir / "puzzles.txt").write_text("".join(p + "\n" for p, _ in cases), encoding="ascii")
    before = snapshot(bundle)

    result = run(bundle, "sudoku", ["-s", "puzzles.txt"], user, workdir)
    assert result.returncode == 0, result.stderr
    lines = (workdir / "sudoku.txt").read_text(encoding="ascii").split()
    assert len(lines) == len(cases)
    assert all(is_solution(as_grid(line), as_grid(p)) for line, (p, _) in zip(lines, cases, strict=True))
    assert lines == [solution for _, solution in cases]

    # numba's compiled code went to the per-user cache folder, keyed on the executable ...
    cache = _cache_files(user)
    assert any(name.endswith(".nbi") for name in cache), f"no numba index in the user cache: {cache}"
    assert all(f"{os.sep}numba{os.sep}sudoku{os.sep}" in name for name in cache)
    # ... nothing was written next to the executable ...
    assert snapshot(bundle) == before
    # ... and a second run, from another folder, loads that cache instead of compiling again
    elsewhere = workdir / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "puzzles.txt").write_text(cases[0][0] + "\n", encoding="ascii")
    again = run(bundle, "sudoku", ["-s", "puzzles.txt"], user, elsewhere)
    assert again.returncode == 0, again.stderr
    assert (elsewhere / "sudoku.txt").read_text(encoding="ascii").split() == [cases[0][1]]
    assert _cache_files(user) == cache


@pytest.fixture
def display() -> Iterator[str]:
    from harness.xvfb import Xvfb

    server = Xvfb()
    try:
        yield server.display
    finally:
        server.close()


@pytest.mark.window
def test_studio_self_test_solves_a_puzzle_through_the_window(bundle: Path, user: dict[str, str],
                                                             workdir: Path, display: str) -> None:
    env = dict(user, DISPLAY=display)
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        env["QTWEBENGINE_CHROMIUM_FLAGS"] = "--no-sandbox"  # Chromium's sandbox refuses root (CI)
    before = snapshot(bundle)
    result = run(bundle, "sudoku-studio", ["--self-test"], env, workdir, timeout=400)
    assert result.returncode == 0, f"self-test failed:\n{result.stdout[-2000:]}\n{result.stderr[-4000:]}"
    assert "self-test: passed" in result.stdout
    assert snapshot(bundle) == before, "the app wrote into its own folder"
    assert not any(workdir.iterdir()), "the app wrote into the current folder"
    # the solver's kernels were compiled into the per-user cache, under the app's own sub-folder
    cache = _cache_files(user)
    assert any(f"{os.sep}numba{os.sep}sudoku-studio{os.sep}" in n and n.endswith(".nbi") for n in cache)
