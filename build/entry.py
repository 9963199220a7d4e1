"""The frozen executables' one entry point (PyInstaller runs it as ``__main__``).

Both commands are the same program, stored once (build/sudoku-studio.spec): started under the name
``sudoku`` (``sudoku.exe``) it is the command line, under any other name the desktop app.  The name
is the one it was started by (``sys.argv[0]``): on Linux ``sudoku`` is a link to ``sudoku-studio``.
"""

import multiprocessing
import sys
from pathlib import Path

# `sudoku -s --jobs N` starts worker processes: in a bundle they re-run this executable, and
# freeze_support() turns them into workers before the name is even looked at
multiprocessing.freeze_support()

from desktop.shell.frozen import prepare  # noqa: E402  (before anything imports numba)

prepare()

if sys.argv and Path(sys.argv[0]).stem == "sudoku":
    from engine.cli import run  # the command line never imports the web view
else:
    from desktop.app import run

run()
