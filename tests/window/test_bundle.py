"""The standalone bundle and its .deb: built once per session with build/build.py, then used as a user would.

The folder's executables run with a bare environment: PATH without the project's virtual environment,
no PYTHONPATH, a fresh HOME, a working directory outside the repository.  The .deb is installed with
apt (as root, or through passwordless sudo), its commands run from PATH, its window is opened under
Xvfb on the system's WebKitGTK (a self-test, then a screenshot of the board), and it is removed again.
SUDOKU_STUDIO_BUNDLE=path/to/dist reuses a dist folder already built (folder, archive and .deb).
"""

from __future__ import annotations

import csv
import os
import random
import shutil
import subprocess
import sys
import tarfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest

from engine import __version__, as_grid, daily_puzzle, format_line, is_solution, read_puzzles
from tests.harness.paths import DATA, ROOT

# the first test also waits for the build (3-8 minutes on a busy 2-core machine)
pytestmark = [pytest.mark.bundle, pytest.mark.slow, pytest.mark.timeout(2400)]

CORRECTNESS = DATA / "correctness"
EXE = ".exe" if sys.platform == "win32" else ""
LINUX = sys.platform.startswith("linux")
INSTALLED = Path("/opt/sudoku-studio")
MB = 1_000_000
# what must never be in the bundle: the JIT compiler (kernels are compiled ahead of time), Qt's
# Chromium, the system's GTK/WebKitGTK (the .deb depends on them instead), and packages the build's venv
# holds for other reasons that ours import only if present (build/sudoku-studio.spec's EXCLUDES)
FORBIDDEN = ("numba", "llvmlite", "PyQt6", "libQt6", "libwebkit2gtk", "libjavascriptcoregtk", "libgtk-3",
             "libgdk-3", "libglib-2.0", "gi_typelibs", "tornado", "jinja2", "psutil", "yaml")


# what build.py puts under the folder's share/ and the .deb installs in /usr/share (issue 41)
METAINFO = "metainfo/io.github.sudokustudio.SudokuStudio.metainfo.xml"
SHARED = tuple(f"share/{name}" for name in (
    METAINFO, "mime/packages/sudoku-studio.xml", "man/man1/sudoku.1.gz", "man/man1/sudoku-studio.1.gz",
    "bash-completion/completions/sudoku", "bash-completion/completions/sudoku-studio",
    "zsh/vendor-completions/_sudoku", "zsh/vendor-completions/_sudoku-studio",
))


class Built(NamedTuple):
    folder: Path
    archive: Path
    deb: Path | None


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Built]:
    """The build's outputs (built here, once per session, unless SUDOKU_STUDIO_BUNDLE names a dist folder)."""
    given = os.environ.get("SUDOKU_STUDIO_BUNDLE")
    if given:
        yield _outputs(Path(given).resolve())
        return
    out = tmp_path_factory.mktemp("bundle")
    try:
        result = subprocess.run(
            [sys.executable, str(ROOT / "build" / "build.py"), "--dist", str(out / "dist"), "--work",
             str(out / "work")],
            capture_output=True, text=True, timeout=1800,
        )  # fmt: skip
        assert result.returncode == 0, f"build failed:\n{result.stdout[-3000:]}\n{result.stderr[-5000:]}"
        print(result.stdout[-600:])  # the sizes, for the log
        yield _outputs(out / "dist")
    finally:
        shutil.rmtree(out, ignore_errors=True)


def _outputs(dist: Path) -> Built:
    archives = list(dist.glob(f"SudokuStudio-{__version__}-*"))
    assert len(archives) == 1, f"expected one archive, found {archives}"
    debs = list(dist.glob(f"sudoku-studio_{__version__}_*.deb"))
    assert len(debs) == (1 if LINUX else 0), f"expected one .deb on Linux, found {debs}"
    return Built(dist / "SudokuStudio", archives[0], debs[0] if debs else None)


@pytest.fixture
def bundle(built: Built) -> Path:
    return built.folder


@pytest.fixture
def user(tmp_path: Path) -> dict[str, str]:
    """A bare environment for one user with an empty home, as after unpacking on a fresh machine."""
    home = tmp_path / "home"
    home.mkdir()
    return {
        "PATH": "/usr/bin:/bin",
        "HOME": str(home),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "LANG": "C.UTF-8",
    }


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    folder = tmp_path / "work"
    folder.mkdir()
    return folder


def run(exe: Path | str, args: list[str], env: dict[str, str], cwd: Path,
        timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """Run an executable and return its result (never raises on a bad status)."""
    return subprocess.run([str(exe), *args], env=env, cwd=cwd, capture_output=True, text=True,
                          timeout=timeout)


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    """Return every file under ``folder`` with its size and modification time."""
    return {str(p): (p.stat().st_size, p.stat().st_mtime_ns) for p in folder.rglob("*") if p.is_file()}


def folder_bytes(folder: Path) -> int:
    return sum(p.lstat().st_size for p in folder.rglob("*") if p.is_file() or p.is_symlink())


def _sample_puzzles(count: int, seed: int) -> list[tuple[str, str]]:
    with open(CORRECTNESS / "DERIVED_unique_solutions.tsv", encoding="ascii", newline="") as handle:
        table = csv.DictReader(handle, delimiter="\t")
        rows = [(r["puzzle"], r["solution_computed_by_verify_script"]) for r in table]
    return random.Random(seed).sample(rows, count)


def _check_create(sudoku: Path | str, env: dict[str, str], cwd: Path) -> None:
    result = run(sudoku, ["-c", "1000"], env, cwd)
    assert result.returncode == 0, result.stderr
    grids = read_puzzles((cwd / "sudoku.txt").read_text(encoding="ascii"))
    empty = as_grid("0" * 81)
    assert len(grids) == 1000 and all(is_solution(grid, empty) for grid in grids)
    assert len({grid.tobytes() for grid in grids}) == 1000


def _check_solve(sudoku: Path | str, env: dict[str, str], cwd: Path, count: int, seed: int,
                 repeat: int = 1, jobs: int = 1) -> None:
    cases = _sample_puzzles(count, seed) * repeat
    (cwd / "puzzles.txt").write_text("".join(p + "\n" for p, _ in cases), encoding="ascii")
    result = run(sudoku, ["-s", "puzzles.txt", "--jobs", str(jobs)], env, cwd)
    assert result.returncode == 0, result.stderr
    lines = (cwd / "sudoku.txt").read_text(encoding="ascii").split()
    assert len(lines) == len(cases)
    assert all(is_solution(as_grid(line), as_grid(p)) for line, (p, _) in zip(lines, cases, strict=True))
    assert lines == [solution for _, solution in cases]


def _forbidden_files(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*")
                  if any(bad in p.name for bad in FORBIDDEN))


def test_both_executables_print_the_project_version(bundle: Path, user: dict[str, str],
                                                    workdir: Path) -> None:
    for exe in ("sudoku", "sudoku-studio"):
        result = run(bundle / (exe + EXE), ["--version"], user, workdir, timeout=60)
        assert result.returncode == 0, result.stderr
        assert result.stdout.split() == [exe, __version__]


def test_sizes_and_contents(built: Built) -> None:
    assert folder_bytes(built.folder) <= 100 * MB, f"unpacked {folder_bytes(built.folder) / MB:.1f} MB"
    assert built.archive.stat().st_size <= 40 * MB, f"archive {built.archive.stat().st_size / MB:.1f} MB"
    assert _forbidden_files(built.folder) == []
    assert list((built.folder / "_internal").glob("sudoku_kernels_aot.*")), "no ahead-of-time kernels"
    if LINUX:  # one program, its Python modules stored once: the command line is the app by another name
        assert (built.folder / "sudoku").readlink() == Path("sudoku-studio")
    with tarfile.open(built.archive) as tf:
        names = set(tf.getnames())
    on_disk = {p.relative_to(built.folder.parent).as_posix() for p in built.folder.rglob("*")}
    assert on_disk <= names, f"missing from the archive: {sorted(on_disk - names)[:10]}"
    if LINUX:
        assert built.deb is not None and built.deb.stat().st_size <= 40 * MB
        readme = (built.folder / "README.txt").read_text(encoding="utf-8")
        assert "gir1.2-webkit2-4.1" in readme and "libwebkit2gtk-4.1-0" in readme
        for name in ("sudoku-studio.desktop", "sudoku-studio.png", "sudoku-studio.svg", *SHARED):
            assert f"SudokuStudio/{name}" in names


def test_folder_commands_work_and_compile_nothing(bundle: Path, user: dict[str, str], workdir: Path) -> None:
    before = snapshot(bundle)
    _check_create(bundle / ("sudoku" + EXE), user, workdir)
    _check_solve(bundle / ("sudoku" + EXE), user, workdir, 40, seed=6)
    assert snapshot(bundle) == before, "the command wrote into its own folder"
    # the kernels were compiled ahead of time: nothing compiled, nothing cached for this user
    assert [p for p in Path(user["HOME"]).rglob("*") if p.is_file()] == []



def test_folder_solves_in_worker_processes(bundle: Path, user: dict[str, str], workdir: Path) -> None:
    """4,000 puzzles with --jobs 2 go to worker processes, which re-run the one program (sudoku-studio):
    multiprocessing's own arguments must make them workers, never a window (they would hang)."""
    _check_solve(bundle / ("sudoku" + EXE), user, workdir, 40, seed=21, repeat=100, jobs=2)


PHOTO = DATA / "photos" / "train" / "image2.jpg"


def _check_read(sudoku: Path | str, env: dict[str, str], cwd: Path) -> None:
    """``sudoku read`` of a training photo prints its puzzle (Pillow decodes it, the reader reads it)."""
    if not PHOTO.exists():
        pytest.skip(f"no training photo at {PHOTO}")
    rows = PHOTO.with_suffix(".dat").read_text().splitlines()[2:11]
    want = "".join(row.replace(" ", "") for row in rows).replace("0", ".")
    result = run(sudoku, ["read", str(PHOTO)], env, cwd)
    assert result.returncode == 0 and result.stdout.split() == [want], result.stdout + result.stderr
    (cwd / "damaged.jpg").write_bytes(PHOTO.read_bytes()[:300])
    damaged = run(sudoku, ["read", "damaged.jpg"], env, cwd)
    assert damaged.returncode == 1 and "damaged.jpg" in damaged.stderr and "Traceback" not in damaged.stderr


def test_folder_reads_a_photo(bundle: Path, user: dict[str, str], workdir: Path) -> None:
    _check_read(bundle / ("sudoku" + EXE), user, workdir)


def test_folder_makes_the_daily_puzzle_and_prints_it_with_a_chinese_title(
    bundle: Path, user: dict[str, str], workdir: Path
) -> None:
    """The bundle's daily puzzle is the source's (same version, same puzzle), and its PDF has the
    puzzle's givens and a Chinese title from the system's font (the bundle carries no font)."""
    sudoku = bundle / ("sudoku" + EXE)
    daily = run(sudoku, ["daily", "--date", "2026-12-01", "--difficulty", "hard"], user, workdir)
    assert daily.returncode == 0, daily.stderr
    assert daily.stdout.strip() == format_line(daily_puzzle("2026-12-01", "hard").puzzle)
    (workdir / "daily.txt").write_text(daily.stdout, encoding="ascii")
    args = ["print", "daily.txt", "-o", "daily.pdf", "--solutions", "--title", "每日数独", "--lang", "zh"]
    printed = run(sudoku, args, user, workdir)
    assert printed.returncode == 0 and not printed.stderr, printed.stderr
    text = subprocess.run(["pdftotext", str(workdir / "daily.pdf"), "-"], capture_output=True, text=True,
                          check=True).stdout
    assert "每日数独" in text and "第 1 题 · 困难" in text and "答案" in text
    page_one = subprocess.run(["pdftotext", "-f", "1", "-l", "1", str(workdir / "daily.pdf"), "-"],
                              capture_output=True, text=True, check=True).stdout
    grid_lines = [line for line in page_one.splitlines() if "题" not in line and "/" not in line]
    printed_digits = sorted(ch for line in grid_lines for ch in line if ch in "123456789")
    assert printed_digits == sorted(ch for ch in daily.stdout.strip() if ch != ".")


# --- the .deb (Linux) ---


def _as_root(cmd: list[str]) -> list[str]:
    return cmd if os.geteuid() == 0 else ["sudo", "-n", *cmd]


@pytest.fixture(scope="module")
def installed(built: Built) -> Iterator[Path]:
    """The .deb installed with apt for the module's tests, removed (and checked gone) afterwards."""
    if not LINUX:
        pytest.skip("the .deb is Linux's")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    result = subprocess.run(_as_root(["apt-get", "install", "-y", "-q", str(built.deb)]), env=env,
                            capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, f"apt install failed:\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}"
    try:
        yield INSTALLED
    finally:
        remove = _as_root(["apt-get", "remove", "--purge", "-y", "-q", "sudoku-studio"])
        removed = subprocess.run(remove, env=env, capture_output=True, text=True, timeout=600)
        assert removed.returncode == 0, removed.stderr[-2000:]
        assert not INSTALLED.exists() and not Path("/usr/bin/sudoku").exists()


def test_installed_commands_run_from_path(installed: Path, user: dict[str, str], workdir: Path) -> None:
    assert shutil.which("sudoku", path=user["PATH"]) == "/usr/bin/sudoku"
    assert shutil.which("sudoku-studio", path=user["PATH"]) == "/usr/bin/sudoku-studio"
    _check_create("sudoku", user, workdir)
    _check_solve("sudoku", user, workdir, 100, seed=13)
    _check_read("sudoku", user, workdir)
    assert _forbidden_files(installed) == []
    assert Path("/usr/share/applications/sudoku-studio.desktop").is_file()
    assert Path("/usr/share/icons/hicolor/256x256/apps/sudoku-studio.png").is_file()
    assert Path("/usr/share/icons/hicolor/scalable/apps/sudoku-studio.svg").is_file()


def test_installed_metainfo_mime_man_pages_and_completions(installed: Path, user: dict[str, str],
                                                            workdir: Path) -> None:
    usr = Path("/usr/share")
    for name in SHARED:
        assert (usr / name.removeprefix("share/")).is_file(), name
    checked = run("appstreamcli", ["validate", "--no-net", "--strict", str(usr / METAINFO)], user, workdir)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    # dpkg's trigger rebuilt the MIME database: a double-clicked .sdm is ours
    globs = (usr / "mime" / "globs2").read_text(encoding="utf-8")
    assert "application/x-sudoku-sdm:*.sdm" in globs and "application/x-fpuzzles+json:*.fpuzzles" in globs
    for command in ("sudoku", "sudoku-studio"):
        where = run("man", ["-w", "1", command], user, workdir)
        assert where.stdout.strip() == f"/usr/share/man/man1/{command}.1.gz", where.stderr
        page = run("man", ["1", command], dict(user, MANWIDTH="200"), workdir)
        assert page.returncode == 0 and f"{command} -" in page.stdout and "--version" in page.stdout
    assert "sudoku practise" in run("man", ["1", "sudoku"], dict(user, MANWIDTH="200"), workdir).stdout
    # bash-completion finds the completion by the command's name, as an interactive shell does
    probe = ("source /usr/share/bash-completion/bash_completion; _completion_loader sudoku; "
             "COMP_WORDS=(sudoku practise x_w); COMP_CWORD=2; COMP_LINE='sudoku practise x_w'; "
             "COMP_POINT=${#COMP_LINE}; _shtab_sudoku; printf '%s\\n' \"${COMPREPLY[@]}\"")
    completed = run("bash", ["-c", probe], user, workdir)
    assert completed.stdout.split() == ["x_wing"], completed.stdout + completed.stderr


@pytest.fixture
def display() -> Iterator[str]:
    from tests.harness.xvfb import Xvfb

    server = Xvfb()
    try:
        yield server.display
    finally:
        server.close()


@pytest.mark.window
def test_installed_app_passes_its_self_test_and_shows_the_board(installed: Path, user: dict[str, str],
                                                                 workdir: Path, display: str,
                                                                 tmp_path: Path) -> None:
    from tests.harness.xvfb import close_window, screenshot, write_png

    # WebKitGTK draws nothing an X screenshot can see in compositing mode under Xvfb
    env = dict(user, DISPLAY=display, WEBKIT_DISABLE_COMPOSITING_MODE="1")
    result = run("sudoku-studio", ["--self-test"], env, workdir, timeout=400)
    assert result.returncode == 0, f"self-test failed:\n{result.stdout[-2000:]}\n{result.stderr[-4000:]}"
    assert "self-test: passed" in result.stdout
    assert result.stderr == "", "the terminal should stay quiet without --verbose"
    assert not any(workdir.iterdir()), "the app wrote into the current folder"

    app = subprocess.Popen(["sudoku-studio"], env=env, cwd=workdir, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        colours = 0
        while colours < 40 and time.monotonic() < deadline:  # a blank or half-drawn screen has a few
            time.sleep(1)
            width, height, pixels = screenshot(display)
            colours = len({pixels[i:i + 3] for i in range(0, len(pixels), 4 * 7)})
        write_png(str(tmp_path / "board.png"), width, height, pixels)
        assert colours >= 40, f"the window looks blank ({colours} colours): {tmp_path / 'board.png'}"
        close_window(display, "Sudoku Studio")
        assert app.wait(30) == 0
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
