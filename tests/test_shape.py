"""The shape the brief and issue 27 ask of the front half, checked on the source: the contract file
only validates and delegates (≤ 250 lines, no threading), the host and its areas' host sides stay
small (≤ 450 lines) and never import the host, and no file of ui/js/ is over 300 lines (the word
catalogues, i18n.js and ui/js/words/, aside).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)  # from desktop import host
    return names


def test_the_api_and_its_mixins_only_validate_and_delegate():
    contract = ROOT / "desktop" / "contract"
    files = [p for p in sorted(contract.glob("*.py")) if p.name not in ("__init__.py", "endpoints.py")]
    for path in files:
        lines = len(path.read_text().splitlines())
        assert lines <= 250, f"{path.name}: {lines} lines"
        assert not {"threading", "concurrent.futures", "queue"} & _imports(path), path.name


def test_the_host_and_each_area_beside_it_stay_small_and_take_the_host_as_an_argument():
    areas = ("host.py", "export.py", "learn.py", "making.py", "photo.py", "practice.py")
    files = [ROOT / "desktop" / "host" / name for name in areas]
    assert len(files) > 1
    for path in files:
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
