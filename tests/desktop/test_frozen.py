"""Frozen-mode helpers (desktop/shell/frozen.py) and the self-test's board reading, without building a bundle.

The bundle itself is exercised end to end by tests/window/test_bundle.py; these pin the pieces it relies on.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from desktop.shell import frozen, selftest


@pytest.fixture
def as_bundle(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Pretend to run from a PyInstaller bundle in ``tmp_path/bundle`` with a fresh per-user cache."""
    bundle = tmp_path / "bundle"
    (bundle / "ui").mkdir(parents=True)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.delenv("NUMBA_CACHE_LOCATOR_CLASSES", raising=False)
    return bundle


def test_from_source_resources_are_the_repository_and_prepare_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    assert not frozen.is_frozen()
    assert (frozen.ui_dir() / "index.html").is_file()
    assert frozen.asset_path("icon.png").is_file()
    frozen.prepare()
    assert "NUMBA_CACHE_DIR" not in os.environ


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG_CACHE_HOME is the Linux convention")
def test_frozen_prepare_points_numba_at_the_per_user_cache(as_bundle: Path, tmp_path: Path) -> None:
    assert frozen.is_frozen()
    assert frozen.ui_dir() == as_bundle / "ui"
    frozen.prepare()
    assert os.environ["NUMBA_CACHE_DIR"] == str(tmp_path / "cache" / "sudoku-studio" / "numba")
    locator = os.environ["NUMBA_CACHE_LOCATOR_CLASSES"].split(",")[0]
    assert locator == "desktop.shell.frozen.FrozenCacheLocator"


def test_frozen_prepare_keeps_a_users_own_numba_cache_dir(as_bundle: Path, monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path) -> None:
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "mine"))
    frozen.prepare()
    assert os.environ["NUMBA_CACHE_DIR"] == str(tmp_path / "mine")


@pytest.mark.parametrize(
    ("py_file", "parts"),
    [
        ("engine/kernels/solver.py", ["engine", "kernels"]),
        ("engine\\strategies\\fish.py", ["engine", "strategies"]),
        ("kernels.py", ["_"]),
        ("../../etc/x.py", ["etc"]),
        ("/abs/path:odd/mod.py", ["abs", "path_odd"]),
    ],
)
def test_cache_subpath_stays_inside_the_cache_folder(py_file: str, parts: list[str]) -> None:
    assert frozen._cache_subpath(py_file) == parts


def _kernel(a: int) -> int:
    return a + 1


def test_locator_keys_the_cache_on_the_module_path_not_the_current_folder(
    as_bundle: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from numba.core import config

    cache = tmp_path / "numba-cache"
    monkeypatch.setattr(config, "CACHE_DIR", str(cache))
    locator_cls = frozen.FrozenCacheLocator
    paths = set()
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        monkeypatch.chdir(tmp_path / folder)
        locator = locator_cls.from_function(_kernel, "engine/kernels/solver.py")
        assert locator is not None
        paths.add(locator.get_cache_path())
    exe = Path(sys.executable).stem
    assert paths == {str(cache / exe / "engine" / "kernels")}
    assert (cache / exe / "engine" / "kernels").is_dir()


def test_locator_declines_without_a_cache_dir(as_bundle: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from numba.core import config

    monkeypatch.setattr(config, "CACHE_DIR", "")
    assert frozen.FrozenCacheLocator.from_function(_kernel, "engine/kernels/solver.py") is None


def test_self_test_reads_the_board_from_gridcell_labels() -> None:
    labels = [f"row {c // 9 + 1}, column {c % 9 + 1}, " + ("empty" if c % 2 else str(c % 9 + 1))
              for c in range(81)]
    board = selftest.board_from_labels(labels)
    assert board == [0 if c % 2 else c % 9 + 1 for c in range(81)]


@pytest.mark.parametrize(
    "bad",
    [
        ["row 1, column 1, 5"] * 81,  # every cell claims to be r1c1
        [f"row {c // 9 + 1}, column {c % 9 + 1}, 0" for c in range(81)],  # 0 is not a digit
        [f"row {c // 9 + 1}, column {c % 9 + 1}, empty" for c in range(80)],  # 80 cells
    ],
)
def test_self_test_rejects_a_board_it_cannot_trust(bad: list[str]) -> None:
    with pytest.raises(selftest.SelfTestFailure):
        selftest.board_from_labels(bad)


@pytest.mark.window
def test_self_test_passes_from_source_in_a_real_window(tmp_path: Path) -> None:
    import subprocess

    from tests.harness.xvfb import Xvfb

    server = Xvfb()
    try:
        env = dict(os.environ, DISPLAY=server.display, HOME=str(tmp_path), XDG_CACHE_HOME=str(tmp_path / "c"))
        for name in ("SUDOKU_STUDIO_DATA_DIR", "XDG_DATA_HOME"):
            env.pop(name, None)
        result = subprocess.run([sys.executable, "-m", "desktop", "--self-test"], env=env, cwd=tmp_path,
                                capture_output=True, text=True, timeout=400)
    finally:
        server.close()
    assert result.returncode == 0, f"{result.stdout[-2000:]}\n{result.stderr[-4000:]}"
    assert "self-test: passed" in result.stdout
    # its games went to a temporary folder, removed afterwards: nothing in the user's data folder
    assert not (tmp_path / ".local" / "share" / "sudoku-studio").exists()


def test_frozen_prepare_falls_back_when_the_cache_folder_cannot_be_made(as_bundle: Path,
                                                                         tmp_path: Path) -> None:
    # a file where the cache folder should be: mkdir fails for any user, root included
    (tmp_path / "cache").write_text("not a folder", encoding="ascii")
    frozen.prepare()
    chosen = Path(os.environ["NUMBA_CACHE_DIR"])
    assert not str(chosen).startswith(str(tmp_path / "cache"))
    assert chosen.name == "numba" and chosen.parent.name.startswith("sudoku-studio-")
