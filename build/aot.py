"""Compile the engine's exported kernels ahead of time: ``build/aot.py [--if-stale] [--portable] OUTDIR``.

(See build/README.md.)  ``--if-stale`` compiles only when OUTDIR's module was built from other
kernel sources than today's (``scripts/dev`` compiles the source install's copy that way).

The code is generated for this machine's CPU, as numba's JIT does (the solver's ``popcnt`` and
``tzcnt``: pycc's default, a generic x86-64 without them, made the solver about 10% slower on
serg_benchmark and magictour than the JIT).  ``--portable`` (the bundle, ``build/build.py``) targets x86-64-v2
instead on x86-64 (every x86-64 CPU since 2009 has its ``popcnt``), the generic CPU elsewhere.

Imports every kernel module (:func:`engine.kernels.kernel_modules`: each module of the package) with
numba's JIT, then compiles each kernel declared with an ``aot`` signature (:data:`engine.kernels.EXPORTS`)
with ``numba.pycc`` into one extension module, :data:`engine.kernels.AOT_MODULE`, in OUTDIR.  The
module needs neither numba nor llvmlite at run time.  Exit status 0 on success, 1 with a reason otherwise.

``numba.pycc`` is deprecated (NumbaPendingDeprecationWarning) with no removal date yet; what replaces
it is described in build/README.md.  Its warning is silenced here, once, on purpose.
"""

from __future__ import annotations

import importlib
import os
import platform
import subprocess
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# pycc compiles the Python functions, never an older compiled module (set before any engine import)
os.environ["SUDOKU_STUDIO_KERNELS"] = "jit"


def _constant(value: int) -> Callable[[], int]:
    """Return a function of no arguments returning ``value`` (numba freezes it into the module)."""

    def stamp() -> int:
        return value

    return stamp


def up_to_date(out: Path) -> bool:
    """Return True when ``out`` holds a module built from the current kernel sources (never fails)."""
    sys.path.insert(0, str(ROOT))
    from engine import kernels

    code = (f"import sys; sys.path.insert(0, {str(out)!r}); import {kernels.AOT_MODULE} as m; "
            f"print(m.{kernels.STAMP_EXPORT}())")
    # a subprocess: a module imported here could not be replaced by a rebuild in this process
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    return found.returncode == 0 and found.stdout.strip() == str(kernels.source_stamp())


def portable_cpu() -> str:
    """Return the LLVM CPU name a bundle's kernels are compiled for: x86-64-v2, or '' (generic)."""
    return "x86-64-v2" if platform.machine().lower() in ("x86_64", "amd64") else ""


def compile_kernels(out: Path, cpu: str = "host") -> Path:
    """Build the extension module for LLVM CPU ``cpu`` into ``out`` and return its path; raises
    RuntimeError if none is made."""
    sys.path.insert(0, str(ROOT))
    from engine import kernels

    for name in kernels.kernel_modules():
        importlib.import_module(name)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pycc's pending-deprecation notice (see the docstring)
        from numba.pycc import CC

        cc = CC(kernels.AOT_MODULE)
        cc.output_dir = str(out)
        cc.verbose = False
        cc.target_cpu = cpu
        for name, (signature, func) in sorted(kernels.EXPORTS.items()):
            cc.export(name, signature)(func)
        cc.export(kernels.STAMP_EXPORT, "int64()")(_constant(kernels.source_stamp()))
        out.mkdir(parents=True, exist_ok=True)
        cc.compile()
    built = sorted(out.glob(f"{kernels.AOT_MODULE}.*"))
    if not built:
        raise RuntimeError(f"numba.pycc made no {kernels.AOT_MODULE} in {out}")
    return built[0]


def main(argv: list[str] | None = None) -> int:
    """Compile into the folder named on the command line; return 0, or 1 after printing why not."""
    args = sys.argv[1:] if argv is None else argv
    flags = {a for a in args if a.startswith("--")}
    args = [a for a in args if not a.startswith("--")]
    if len(args) != 1 or not flags <= {"--if-stale", "--portable"}:
        print("usage: python build/aot.py [--if-stale] [--portable] OUTDIR", file=sys.stderr)
        return 2
    if_stale = "--if-stale" in flags
    if if_stale and up_to_date(Path(args[0]).resolve()):
        print("the kernels compiled ahead of time are up to date")
        return 0
    started = time.monotonic()
    try:
        path = compile_kernels(Path(args[0]).resolve(), portable_cpu() if "--portable" in flags else "host")
    except Exception as err:  # numba's errors are many kinds; the build needs one line and a status
        print(f"aot: {type(err).__name__}: {err}", file=sys.stderr)
        return 1
    print(f"compiled {path.name} ({path.stat().st_size / 1e6:.1f} MB) in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
