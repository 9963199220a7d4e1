"""The frozen ``sudoku`` executable's entry point (PyInstaller runs it as ``__main__``)."""

import multiprocessing

# `sudoku -s --jobs N` starts worker processes: in a bundle they re-run this executable, and
# freeze_support() turns them into workers instead of a second command
multiprocessing.freeze_support()

from desktop.frozen import prepare  # noqa: E402  (before anything imports numba)

prepare()

from engine.cli import run  # noqa: E402

run()
