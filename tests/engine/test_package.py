"""The engine's façade: its public names and its import cost (the layers: tests/engine/test_shape.py)."""

import subprocess
import sys

import engine


def test_all_is_sorted_and_every_public_name_resolves():
    assert engine.__all__ == sorted(engine.__all__)
    for name in engine.__all__:
        assert getattr(engine, name) is not None, name


def test_public_names_stay_themselves_after_their_namesake_modules_are_imported():
    # engine/candidates.py and the engine/solve/ package share a public function's name: importing them
    # binds a module on the package unless the façade keeps the function (a fresh interpreter: order matters)
    probe = (
        "import engine.solve.solver, engine.logic.human, engine.candidates, engine; "
        "from engine.candidates import candidates; from engine.solve.solver import solve; "
        "print(engine.solve is solve, engine.candidates is candidates)"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "True"]


def test_an_unknown_name_is_an_attribute_error():
    try:
        engine.no_such_name  # noqa: B018
    except AttributeError as err:
        assert "no_such_name" in str(err)
    else:
        raise AssertionError("engine.no_such_name did not raise")


def test_importing_the_engine_loads_neither_numba_nor_a_window():
    probe = (
        "import sys, engine; engine.conflicts; engine.Status; "
        "print(sorted({'numba', 'webview', 'PyQt6'} & set(sys.modules)))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
