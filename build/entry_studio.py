"""The frozen ``sudoku-studio`` executable's entry point (PyInstaller runs it as ``__main__``)."""

import multiprocessing

multiprocessing.freeze_support()

from desktop.frozen import prepare  # noqa: E402  (before anything imports numba)

prepare()

from desktop.app import run  # noqa: E402

run()
