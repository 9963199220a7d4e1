"""Where the engine's compiled kernels come from: the ahead-of-time module, or numba's JIT.

Kernel modules import :func:`njit` from here instead of from numba (same use, ``@njit(cache=True)``).
A kernel the engine calls from Python names its argument types there, once, beside its code
(``@njit(cache=True, aot="void(uint8[:, ::1], uint8[:, ::1])")``); ``build/aot.py`` compiles exactly
those with ``numba.pycc`` into the extension module :data:`AOT_MODULE`.

* When that module can be imported (the standalone bundle), exported kernels are its functions and
  numba is never imported: the bundle carries neither numba nor llvmlite (LLVM, 150 MB), and a first
  run compiles nothing.  Helpers without a signature stay plain Python there: they are only called
  from compiled code, which already has them built in.
* Otherwise (a source install) every kernel is ``numba.njit(cache=True)``, compiled on first use.

``SUDOKU_STUDIO_KERNELS=jit`` forces numba's JIT even when the module is present (the build does,
and the test comparing both paths).  A module that lacks an exported kernel (built from other
code) raises ImportError naming it rather than running stale code.
"""

from __future__ import annotations

import importlib
import os
import zlib
from collections.abc import Callable
from types import ModuleType
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

AOT_MODULE = "sudoku_kernels_aot"
# every engine module with kernels; build/aot.py imports these to find what to compile
KERNEL_MODULES = (
    "engine.solver_kernels", "engine.canonical_kernels", "engine.chain_kernels", "engine.fish_kernels",
    "engine.exclusion_kernels",
    "engine.als_kernels",
    "engine.pattern_kernels", "engine.template_kernels",
    "engine.propagation_kernels",
)
# exported name -> (signature, Python function), filled as the kernel modules are imported
EXPORTS: dict[str, tuple[str, Callable[..., Any]]] = {}
# the module's function returning source_stamp() as it was when the module was built
STAMP_EXPORT = "aot_stamp"
# the sources a compiled kernel depends on (the kernel modules, their tables in grid.py, this file)
_STAMPED = (*KERNEL_MODULES, "engine.grid", "engine.kernels")


def source_stamp() -> int:
    """Return a 56-bit hash of the kernels' source files, or 0 when they are not there (a bundle).

    Two CRC-32s (of the bytes, and of them reversed) rather than hashlib: it only has to notice an
    edited kernel, and importing hashlib (OpenSSL) cost 4 ms of every ``sudoku`` start.
    """
    forward = backward = 0
    for name in _STAMPED:
        try:
            with open(os.path.join(os.path.dirname(__file__), f"{name.rsplit('.', 1)[-1]}.py"), "rb") as src:
                data = src.read()
        except OSError:
            return 0
        forward = zlib.crc32(data, forward)
        backward = zlib.crc32(data[::-1], backward)
    return (forward << 24) | (backward & 0xFFFFFF)


def _load_aot() -> ModuleType | None:
    """Return the ahead-of-time module, or None: absent, JIT forced, or built from other sources.

    A source install compiles it at set-up (``scripts/dev``), so a kernel edited since then would
    run stale: its stamp no longer matches the sources and the JIT is used instead.  A bundle has
    no sources to compare with, and its module is the one built with it.
    """
    if os.environ.get("SUDOKU_STUDIO_KERNELS") == "jit":
        return None
    try:
        module = importlib.import_module(AOT_MODULE)
    except ImportError:
        return None
    current = source_stamp()
    stamp = getattr(module, STAMP_EXPORT, None)
    if current and (stamp is None or stamp() != current):
        return None
    return module


_aot = _load_aot()


def using_aot() -> bool:
    """Return True when the kernels come from the ahead-of-time module (never fails)."""
    return _aot is not None


def export_name(func: Callable[..., Any]) -> str:
    """Return the kernel's name in the ahead-of-time module, e.g. ``solver_kernels__classify_many``."""
    return f"{func.__module__.rsplit('.', 1)[-1]}__{func.__name__}"


def njit(aot: str | None = None, **options: Any) -> Callable[[F], F]:
    """Compile the decorated function (``options`` go to numba), exported with signature ``aot`` if given.

    Raises ImportError when the ahead-of-time module lacks an exported kernel (it is stale).
    """

    def compile_(func: F) -> F:
        name = export_name(func)
        if aot is not None:
            EXPORTS[name] = (aot, func)
        if _aot is None:
            import numba

            return numba.njit(**options)(func)
        if aot is None:
            return func
        compiled = getattr(_aot, name, None)
        if compiled is None:
            raise ImportError(f"{AOT_MODULE} has no {name}: rebuild it (python build/aot.py)")
        return compiled

    return compile_


def bit_intrinsics() -> tuple[Callable[[int], int], Callable[[int], int]]:
    """Return ``(popcount, lowest)`` for kernels: a word's set bits, the index of its lowest set bit.

    Under the JIT (and so in the ahead-of-time build) they are LLVM's ``ctpop`` and ``cttz``, one
    ``popcnt``/``tzcnt`` each on a CPU that has them; with the ahead-of-time module they are plain
    Python stand-ins, never called (the compiled kernels have the instructions built in), so numba
    is not imported.  ``lowest`` of 0 is undefined.
    """
    if _aot is not None:
        return (lambda x: bin(x).count("1")), (lambda x: (x & -x).bit_length() - 1)
    from llvmlite import ir
    from numba.core import types
    from numba.extending import intrinsic

    @intrinsic
    def popcount(typingctx, x):
        def codegen(context, builder, signature, args):
            return builder.ctpop(args[0])

        return types.int64(types.int64), codegen

    @intrinsic
    def lowest(typingctx, x):
        def codegen(context, builder, signature, args):
            return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))  # 1: poison for 0, never passed

        return types.int64(types.int64), codegen

    return popcount, lowest


def entry_point(kernel: Callable[..., Any], args: tuple[Any, ...]) -> Callable[..., Any]:
    """Return the fastest callable for ``kernel`` on arguments typed like ``args`` (called once here).

    For numba's dispatcher that is the compiled overload's entry point, which skips typing the
    arguments on every call (8-10 us per call of one puzzle); an ahead-of-time function is returned
    as it is.  Never fails for a kernel that accepts ``args``.
    """
    kernel(*args)  # load (or compile) the kernel for these argument types
    overloads = getattr(kernel, "overloads", None)
    if not overloads:
        return kernel
    from numba import typeof

    compiled = overloads.get(tuple(typeof(a) for a in args))
    return kernel if compiled is None else compiled.entry_point
