"""The engine's and the desktop's import graphs have no cycle, counting every import: at the top, inside
functions, and ``importlib.import_module`` of a module named in the importing module (the façade's lazy
loader)."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.harness.paths import ROOT


def _module_names(package: Path) -> dict[str, Path]:
    """Return every module of ``package`` (a directory) by dotted name, packages by their own name."""
    found = {}
    for path in package.rglob("*.py"):
        parts = path.relative_to(package.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _imported(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """Return the modules of ``modules`` that module ``name`` imports anywhere in its source."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    out: set[str] = set()
    dynamic = False
    constants = {  # module-level NAME = "text"
        target.id: node.value.value for node in tree.body if isinstance(node, ast.Assign)
        and isinstance(getattr(node.value, "value", None), str) for target in node.targets
        if isinstance(target, ast.Name)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(here[: len(here) - node.level + 1] + ([node.module] if node.module else []))
            names = [f"{base}.{alias.name}" for alias in node.names]
            submodules = [n for n in names if n in modules]  # `from pkg import submodule`
            out.update(submodules if len(submodules) == len(names) else [base, *submodules])
        elif isinstance(node, ast.Call) and node.args and "import_module" in (
            getattr(node.func, "attr", None), getattr(node.func, "id", None)
        ):
            arg = node.args[0]
            if isinstance(getattr(arg, "value", None), str):
                out.add(arg.value)
            elif isinstance(arg, ast.Name) and arg.id in constants:
                out.add(constants[arg.id])
            else:
                dynamic = True
    if dynamic:  # a lazy loader of computed names: every module it names in a string may be loaded
        out.update(n.value for n in ast.walk(tree) if isinstance(getattr(n, 'value', None), str))
    return {m for m in out if m in modules and m != name}


def import_graph(package: Path) -> dict[str, set[str]]:
    """Return module -> the modules it imports, for every module under ``package``."""
    modules = _module_names(package)
    return {name: _imported(name, path, modules) for name, path in modules.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """Return one import cycle as a path that starts and ends at the same module; [] if there is none."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return []

    for start in sorted(graph):
        if start not in state and (found := visit(start)):
            return found
    return []


def test_the_engine_has_no_import_cycle() -> None:
    graph = import_graph(ROOT / "engine")
    assert len(graph) > 50 and "engine.logic.techniques" in graph["engine.logic.human"]
    assert find_cycle(graph) == []


def test_the_desktop_has_no_import_cycle() -> None:
    graph = import_graph(ROOT / "desktop")  # the engine never imports it: no cycle can pass through both
    assert len(graph) > 30 and "desktop.midend.midend" in graph["desktop.host.host"]
    assert find_cycle(graph) == []


def test_the_layers_point_one_way() -> None:
    graph = import_graph(ROOT / "engine")
    # the records sit above the strategies, the words above the records, Step below everything
    assert "engine.logic.strategies.singles" in graph["engine.logic.techniques"]
    assert "engine.logic.techniques" in graph["engine.words.wording"]
    assert graph["engine.steps"] == set()
    strategies = [deps for name, deps in graph.items() if name.startswith("engine.logic.strategies")]
    assert not any(m.startswith("engine.logic.techniques") or m == "engine.words.wording"
                   for deps in strategies for m in deps)


def test_a_cycle_through_a_function_local_import_is_found(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from pkg.sub import b\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "b.py").write_text("def f():\n    from .. import c\n")
    (pkg / "c.py").write_text("import importlib\n\ndef g():\n    importlib.import_module('pkg.a')\n")
    graph = import_graph(pkg)
    assert find_cycle(graph) == ["pkg.a", "pkg.sub.b", "pkg.c", "pkg.a"]
    (pkg / "c.py").write_text("")
    assert find_cycle(import_graph(pkg)) == []
