"""Where things are when Sudoku Studio runs as a PyInstaller bundle (and when it runs from source).

Frozen, the bundle's folder is read-only for all we know (``/opt``, ``Program Files``, a mounted
image), so nothing is ever written next to the executable: saves go to the per-user data folder (the
API's business, see CONTRACT.md) and numba's compiled code to the per-user cache folder set up here.

:func:`prepare` must run before anything imports numba, because numba reads its configuration from
the environment once, at import.  The bundle's entry script (``build/entry.py``) calls it first.

Why a cache locator of our own: in a bundle, a function's ``co_filename`` is the module's path
*relative* to the bundle (``engine/kernels/solver.py``), a file that does not exist.  numba's own
locators then either give up on ``NUMBA_CACHE_DIR`` or hash the current directory into the cache
path, so every folder the ``sudoku`` command is run from would compile afresh.  Ours keys the cache
on the relative path, under one sub-folder per executable: numba stamps frozen caches with a hash
of ``sys.executable``, so two executables sharing one index file would overwrite each other's.
"""

from __future__ import annotations

import importlib.util
import os
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

APP_NAME = "sudoku-studio"
# ours first; numba's per-user locator (which never fails for a bundle) if ours can't write its folder
_LOCATORS = f"{__name__}.FrozenCacheLocator,UserWideCacheLocator"


def is_frozen() -> bool:
    """Return True when running from a PyInstaller bundle (never fails)."""
    return bool(getattr(sys, "frozen", False)) and hasattr(sys, "_MEIPASS")


def resource_dir() -> Path:
    """Return the folder holding ``ui/`` and ``desktop/assets/``: the bundle's, or the source tree's."""
    if is_frozen():
        return Path(sys._MEIPASS)  # type: ignore[attr-defined]  # set by PyInstaller's bootloader
    return Path(__file__).resolve().parents[2]


def ui_dir() -> Path:
    """Return the folder of the web front end (``index.html``); it may be missing in a broken install."""
    return resource_dir() / "ui"


def asset_path(name: str) -> Path:
    """Return the path of a file in ``desktop/assets`` (e.g. ``icon.png``); it may not exist."""
    return resource_dir() / "desktop" / "assets" / name


def user_cache_dir() -> Path:
    """Return the per-user cache folder (not created here); platformdirs decides it per platform."""
    import platformdirs  # small, pure Python; only needed once

    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))


def numba_cache_dir() -> Path:
    """Return where compiled kernels are cached: ``$NUMBA_CACHE_DIR`` if set, else in the user cache.

    Falls back to a per-user folder in the temporary directory when the user cache can't be written
    (a read-only home): without any writable cache numba refuses to load the engine at all.
    """
    configured = os.environ.get("NUMBA_CACHE_DIR")
    if configured:
        return Path(configured)
    folder = user_cache_dir() / "numba"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if os.access(folder, os.W_OK):
            return folder
    except OSError:
        pass
    owner = os.getuid() if hasattr(os, "getuid") else os.environ.get("USERNAME", "user")
    return Path(tempfile.gettempdir()) / f"{APP_NAME}-{owner}" / "numba"


def prepare() -> None:
    """Point numba's cache at the per-user cache folder when frozen with numba; else does nothing.

    Must be called before numba is imported; a user's own ``NUMBA_CACHE_DIR`` is respected.
    """
    if not is_frozen() or importlib.util.find_spec("numba") is None:
        return  # a bundle with the kernels compiled ahead of time has no numba: nothing to cache
    os.environ["NUMBA_CACHE_DIR"] = str(numba_cache_dir())
    os.environ.setdefault("NUMBA_CACHE_LOCATOR_CLASSES", _LOCATORS)


def _cache_subpath(py_file: str) -> list[str]:
    # "engine/kernels/solver.py" -> ["engine", "kernels"]; anything absolute or odd is reduced to safe
    # names so a join can never leave the cache folder
    parts = re.split(r"[\\/]+", py_file)[:-1]  # either separator, whatever the platform
    safe = [re.sub(r"[^A-Za-z0-9_.-]", "_", p) for p in parts if p not in ("", ".", "..")]
    return safe or ["_"]


def _make_locator() -> type:
    from numba.core import config
    from numba.core.caching import UserProvidedCacheLocator

    class FrozenCacheLocator(UserProvidedCacheLocator):
        """numba cache locator for bundles: ``NUMBA_CACHE_DIR/<executable>/<module folder>``."""

        def __init__(self, py_func: Any, py_file: str) -> None:
            self._py_file = py_file
            self._lineno = py_func.__code__.co_firstlineno
            exe = re.sub(r"[^A-Za-z0-9_.-]", "_", Path(sys.executable).stem) or "python"
            self._cache_path = os.path.join(config.CACHE_DIR, exe, *_cache_subpath(py_file))

        @classmethod
        def from_function(cls, py_func: Any, py_file: str) -> FrozenCacheLocator | None:
            """Return a locator, or None (numba then tries the next one) if the cache can't be written."""
            if not config.CACHE_DIR:
                return None
            self = cls(py_func, py_file)
            try:
                self.ensure_cache_path()
            except OSError:
                return None
            return self

    return FrozenCacheLocator


def __getattr__(name: str) -> Any:
    # numba imports "desktop.shell.frozen.FrozenCacheLocator" by name; building the class here, on first use,
    # keeps `import desktop.shell.frozen` free of numba
    if name == "FrozenCacheLocator":
        cls = _make_locator()
        globals()[name] = cls
        return cls
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
