"""The kernels compiled ahead of time (build/aot.py, numba.pycc) against numba's JIT: same results.

The venv's compiled kernels (scripts/dev builds them before the tests) when up to date, else one
compile here (about 200 s).  Both paths run in a subprocess on 3,300 puzzles (17-clue,
magictour, forum hardest), a count of the blank grid to 1,000, seeded random grids, seeded generated
puzzles, minlex forms and essentially different grids; the ahead-of-time one must not import numba
or llvmlite.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from engine import kernels
from tests.harness.paths import ROOT

pytestmark = [pytest.mark.slow]



# scripts/dev's copy, compiled before the tests run (the .pth file puts it on the path)
VENV_AOT = Path(sys.prefix) / "aot"


@pytest.fixture(scope="module")
def aot_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The venv's compiled kernels when they were built from today's sources (a second compile here
    cost CI over 200 s), else kernels compiled here; fails when that compile fails."""
    aot = [sys.executable, str(ROOT / "build" / "aot.py")]
    if subprocess.run([*aot, "--check", str(VENV_AOT)], capture_output=True, timeout=120).returncode == 0:
        return VENV_AOT
    out = tmp_path_factory.mktemp("aot")
    result = subprocess.run([*aot, "--jobs", "2", str(out)], capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stderr[-3000:]
    # one progress line a kernel (not a terminal), then what was built: two parts, side by side
    lines = result.stdout.splitlines()
    assert re.match(r"compiled \d+ kernels into 2 parts", lines[-1]), lines[-3:]
    assert any(line.startswith("aot: [") and "compiling solver.classify_many" in line for line in lines)
    assert len(list(out.glob(f"{kernels.AOT_MODULE}*.*"))) == 2
    return out


def _results(tmp_path: Path, name: str, env: dict[str, str]) -> dict[str, np.ndarray]:
    out = tmp_path / f"{name}.npz"
    result = subprocess.run([sys.executable, "-m", "tests.harness.aot_results", str(out)], env=env,
                            capture_output=True, text=True, timeout=900, cwd=ROOT)
    assert result.returncode == 0, result.stderr[-3000:]
    with np.load(out) as data:
        return {key: data[key] for key in data.files}


def test_ahead_of_time_kernels_give_the_jits_results_without_numba(aot_dir: Path, tmp_path: Path) -> None:
    base = {k: v for k, v in os.environ.items() if k not in ("SUDOKU_STUDIO_KERNELS", "PYTHONPATH")}
    aot = _results(tmp_path, "aot", dict(base, PYTHONPATH=os.pathsep.join([str(aot_dir), str(ROOT)])))
    jit = _results(tmp_path, "jit", dict(base, PYTHONPATH=str(ROOT), SUDOKU_STUDIO_KERNELS="jit"))
    assert aot.pop("aot") and not jit.pop("aot")
    assert not aot.pop("numba") and not aot.pop("llvmlite"), "the ahead-of-time path imported numba"
    assert jit.pop("numba")
    jit.pop("llvmlite")
    assert len(aot["solutions"]) == 3300 and (aot["counts"] == 1).sum() == 3300
    assert int(aot["many"][0]) == 1000
    assert aot.keys() == jit.keys()
    for key in aot:
        assert np.array_equal(aot[key], jit[key]), f"{key} differs between the ahead-of-time and JIT kernels"


def test_forcing_the_jit_ignores_the_ahead_of_time_module(aot_dir: Path) -> None:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(aot_dir), str(ROOT)]), SUDOKU_STUDIO_KERNELS="jit")
    code = "from engine import kernels, solve; solve('0' * 81); print(kernels.using_aot())"
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                            timeout=300)
    assert result.stdout.split() == ["False"], result.stderr[-2000:]


def test_only_the_loader_imports_numba_and_every_kernel_lives_in_the_package() -> None:
    # a kernel outside engine/kernels/ would not be compiled ahead of time, and a module importing
    # numba itself would pull numba into the bundle
    modules = set(kernels.kernel_modules())
    assert {"engine.kernels.solver", "engine.kernels.bits", "engine.kernels.wings"} <= modules
    for path in sorted((ROOT / "engine").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        if module not in ("engine.kernels.__init__", "engine.kernels.bits"):
            imports = re.search(r"^\s*(from|import) (numba|llvmlite)\b", text, re.M)
            assert not imports, f"{module} imports numba"
        uses_kernels = re.search(r"^from engine\.kernels import .*\bnjit\b", text, re.M)
        assert not uses_kernels or module in modules, f"{module} has kernels outside engine/kernels/"


def test_a_module_built_from_other_sources_is_ignored_and_if_stale_rebuilds_only_then(
    aot_dir: Path, tmp_path: Path
) -> None:
    import shutil

    base = {k: v for k, v in os.environ.items() if k not in ("SUDOKU_STUDIO_KERNELS", "PYTHONPATH")}
    code = "from engine import kernels, solve; solve('0' * 81); print(kernels.using_aot())"

    def using_aot(root: Path) -> str:
        env = dict(base, PYTHONPATH=os.pathsep.join([str(aot_dir), str(root)]))
        result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                                timeout=300, cwd=tmp_path)
        return result.stdout.strip() or result.stderr[-2000:]

    assert using_aot(ROOT) == "True"
    edited = tmp_path / "src"
    shutil.copytree(ROOT / "engine", edited / "engine", ignore=shutil.ignore_patterns("__pycache__"))
    with open(edited / "engine" / "kernels" / "solver.py", "a", encoding="utf-8") as src:
        src.write("\n# an edit since the module was built\n")
    assert using_aot(edited) == "False", "a stale ahead-of-time module was used"
    again = subprocess.run([sys.executable, str(ROOT / "build" / "aot.py"), "--if-stale", str(aot_dir)],
                           capture_output=True, text=True, timeout=600)
    assert again.returncode == 0 and "up to date" in again.stdout, again.stdout + again.stderr
