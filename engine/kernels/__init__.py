"""The engine's compiled kernels, and where they come from: the ahead-of-time module, or numba's JIT.

Every other module of this package holds the kernels of one family (:mod:`.solver`, :mod:`.chains`,
:mod:`.wings`, ...) and :mod:`.bits` the bit intrinsics they share; the engine imports a family on
first use, so importing :mod:`engine` loads no numba.  Kernel modules import :func:`njit` from here
instead of from numba (same use, ``@njit(cache=True)``).
A kernel the engine calls from Python names its argument types there, once, beside its code
(``@njit(cache=True, aot="void(uint8[:, ::1], uint8[:, ::1])")``); ``build/aot.py`` compiles exactly
those with ``numba.pycc`` into the extension module :data:`AOT_MODULE` (in parts: :func:`part_name`).

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
# exported name -> (signature, Python function), filled as the kernel modules are imported
EXPORTS: dict[str, tuple[str, Callable[..., Any]]] = {}
# exported kernels declared ``nogil=True``: they release the GIL while they run (JIT and ahead of time:
# build/aot.py sets numba's ``release_gil`` flag for them), so threads can search side by side
NOGIL: set[str] = set()
# each part's function returning source_stamp() as it was when the part was built
STAMP_EXPORT = "aot_stamp"
# the first part's function returning how many parts there are
PARTS_EXPORT = "aot_parts"
_HERE = os.path.dirname(__file__)
# besides this package's files, the sources a compiled kernel depends on (their tables)
_TABLES = os.path.join(os.path.dirname(_HERE), "grid.py")


def _sources() -> list[str]:
    """Return the package's module files, sorted (empty when they are not there: a bundle)."""
    try:
        names = os.listdir(_HERE)
    except OSError:
        return []
    return sorted(name for name in names if name.endswith(".py"))


def kernel_modules() -> tuple[str, ...]:
    """Return every kernel module's name (``engine.kernels.solver``, ...): each module of this package,
    found on disk, so a new one is compiled ahead of time without editing a list; empty in a bundle."""
    return tuple(f"{__name__}.{name[:-3]}" for name in _sources() if name != "__init__.py")


def source_stamp() -> int:
    """Return a 56-bit hash of the kernels' source files, or 0 when they are not there (a bundle).

    Two CRC-32s (of the bytes, and of them reversed) rather than hashlib: it only has to notice an
    edited kernel, and importing hashlib (OpenSSL) cost 4 ms of every ``sudoku`` start.
    """
    forward = backward = 0
    paths = [os.path.join(_HERE, name) for name in _sources()]
    for path in [*paths, _TABLES] if paths else []:
        try:
            with open(path, "rb") as src:
                data = src.read()
        except OSError:
            return 0
        forward = zlib.crc32(data, forward)
        backward = zlib.crc32(data[::-1], backward)
    return (forward << 24) | (backward & 0xFFFFFF)


def part_name(index: int) -> str:
    """Return the name of part ``index`` of the ahead-of-time module: the first is :data:`AOT_MODULE`."""
    return AOT_MODULE if index == 0 else f"{AOT_MODULE}_{index}"


def _load_aot() -> list[ModuleType] | None:
    """Return the ahead-of-time module's parts, or None: absent, JIT forced, or built from other sources.

    ``build/aot.py`` compiles the kernels in parts, one process each, side by side; the first part
    says how many there are (:data:`PARTS_EXPORT`).  A source install compiles them at set-up
    (``scripts/dev``), so a kernel edited since then would run stale: a part's stamp no longer
    matches the sources and the JIT is used instead.  A bundle has no sources to compare with, and
    its parts are the ones built with it.
    """
    if os.environ.get("SUDOKU_STUDIO_KERNELS") == "jit":
        return None
    try:
        first = importlib.import_module(AOT_MODULE)
        count = getattr(first, PARTS_EXPORT, lambda: 1)()
        parts = [first, *(importlib.import_module(part_name(i)) for i in range(1, count))]
    except ImportError:
        return None
    current = source_stamp()
    for part in parts:
        stamp = getattr(part, STAMP_EXPORT, None)
        if current and (stamp is None or stamp() != current):
            return None
    return parts


_aot = _load_aot()


def using_aot() -> bool:
    """Return True when the kernels come from the ahead-of-time module (never fails)."""
    return _aot is not None


def export_name(func: Callable[..., Any]) -> str:
    """Return the kernel's name in the ahead-of-time module, e.g. ``solver__classify_many``."""
    return f"{func.__module__.rsplit('.', 1)[-1]}__{func.__name__}"


def njit(aot: str | None = None, **options: Any) -> Callable[[F], F]:
    """Compile the decorated function (``options`` go to numba), exported with signature ``aot`` if given.

    Raises ImportError when the ahead-of-time module lacks an exported kernel (it is stale).
    """

    def compile_(func: F) -> F:
        name = export_name(func)
        if aot is not None:
            EXPORTS[name] = (aot, func)
            if options.get("nogil"):
                NOGIL.add(name)
        if _aot is None:
            import numba

            return numba.njit(**options)(func)
        if aot is None:
            return func
        compiled = next((getattr(part, name) for part in _aot if hasattr(part, name)), None)
        if compiled is None:
            raise ImportError(f"{AOT_MODULE} has no {name}: rebuild it (python build/aot.py)")
        return compiled

    return compile_


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
