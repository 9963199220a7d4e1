"""The shape the brief and issues 27 and 37 ask of the code, checked on the source: the tree is the
architecture (a handful of modules at each top level, tests in folders), the layers point one way
(the engine never imports the desktop, nothing below the CLI imports ``engine.cli``, the mid end
nothing above it), modules stay small (≤ 450 lines; the kernels of one technique family aside), the
contract files only validate and delegate, and no file of ui/js/ is over 300 lines (the word
catalogues, i18n.js and ui/js/words/, aside).  Import cycles: tests/engine/test_import_graph.py.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.harness.paths import ROOT

TOP_LEVEL_MODULES = 12
"""Most ``.py`` files directly in engine/ or desktop/ (issue 37): the rest live in a folder a layer."""

MODULE_LINES = 450

OVER_450 = {
    # the kernels of one technique family: numba code kept in one module (engine/kernels/)
    "engine/kernels/chains.py",
    "engine/kernels/solver.py",
    "engine/kernels/als.py",
    "engine/kernels/variant.py",
    # over the bound when issue 37 moved the folders, and not kernels: to split, never to grow
    "engine/logic/strategies/forcing.py",
    "engine/logic/strategies/links.py",
    "engine/logic/strategies/complex_fish.py",
}

DESKTOP_LAYERS = {  # a layer of desktop/ -> the layers it may import (besides itself and the engine)
    "midend": set(),
    "io": {"midend"},
    "shell": set(),
    "host": {"midend", "io", "bridge"},
    "contract": {"midend", "io", "host", "bridge"},
}


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, at the top or inside a function (``from a import b``: a and a.b)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)  # from desktop import host
    return names


def _sources(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


@pytest.mark.parametrize("package", ["engine", "desktop"])
def test_a_handful_of_modules_at_the_top_of_each_package(package):
    top = sorted(p.name for p in (ROOT / package).glob("*.py"))
    assert len(top) <= TOP_LEVEL_MODULES, top


def test_the_tests_live_in_folders_a_layer():
    assert not sorted(p.name for p in (ROOT / "tests").glob("test_*.py"))
    folders = {p.parent.name for p in (ROOT / "tests").rglob("test_*.py")}
    assert folders == {"engine", "cli", "desktop", "ui", "window"}


def test_nothing_below_the_cli_imports_it():
    for path in _sources("engine"):
        if path.relative_to(ROOT / "engine").parts[0] in ("cli", "__main__.py"):
            continue
        bad = {m for m in _imports(path) if m == "engine.cli" or m.startswith("engine.cli.")}
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_the_engine_never_imports_the_desktop_ui_or_a_web_view():
    for path in _sources("engine"):
        bad = {m for m in _imports(path) if m.split(".")[0] in {"desktop", "ui", "webview", "PyQt6"}}
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_each_desktop_layer_imports_only_the_layers_below_it():
    for path in _sources("desktop"):
        parts = path.relative_to(ROOT / "desktop").parts
        if len(parts) < 2:
            continue  # app.py, bridge.py, exposed.py: the top, where the window is put together
        allowed = DESKTOP_LAYERS[parts[0]] | {parts[0]}
        for name in _imports(path):
            if not name.startswith("desktop."):
                continue
            layer = name.split(".")[1]
            if layer in DESKTOP_LAYERS or layer in ("app", "bridge", "exposed"):
                assert layer in allowed, f"{path.relative_to(ROOT)} imports {name} (a higher layer)"


def test_the_mid_end_imports_no_thread_clock_or_file_api():
    banned = {"threading", "concurrent.futures", "queue", "time", "os", "pathlib", "io", "shutil"}
    for path in _sources("desktop/midend"):
        assert not banned & _imports(path), f"{path.relative_to(ROOT)}: {sorted(banned & _imports(path))}"


def test_every_module_stays_under_450_lines_but_one_family_kernels():
    over = set()
    for folder in ("engine", "desktop"):
        for path in _sources(folder):
            if len(path.read_text(encoding="utf-8").splitlines()) > MODULE_LINES:
                over.add(path.relative_to(ROOT).as_posix())
    assert over <= OVER_450, sorted(over - OVER_450)
    assert over == OVER_450, f"back under the bound, drop from OVER_450: {sorted(OVER_450 - over)}"


def test_the_contract_files_only_validate_and_delegate():
    contract = ROOT / "desktop" / "contract"
    files = [p for p in sorted(contract.glob("*.py")) if p.name not in ("__init__.py", "endpoints.py")]
    assert len(files) > 1
    for path in files:
        lines = len(path.read_text().splitlines())
        assert lines <= 250, f"{path.name}: {lines} lines"
        assert not {"threading", "concurrent.futures", "queue"} & _imports(path), path.name


def test_the_host_and_each_area_beside_it_stay_small_and_take_the_host_as_an_argument():
    areas = ("host.py", "export.py", "learn.py", "making.py", "photo.py", "practice.py")
    for path in [ROOT / "desktop" / "host" / name for name in areas]:
        lines = len(path.read_text().splitlines())
        assert lines <= 450, f"{path.name}: {lines} lines"
        if path.name != "host.py":
            assert "desktop.host.host" not in _imports(path), f"{path.name} imports the host (a cycle)"


def test_no_ui_js_file_is_over_300_lines():
    catalogues = {"i18n.js"}
    for path in sorted((ROOT / "ui" / "js").rglob("*.js")):
        if path.name in catalogues or path.parent.name == "words":
            continue
        lines = len(path.read_text().splitlines())
        assert lines <= 300, f"{path.relative_to(ROOT)}: {lines} lines"
