"""``python -m desktop``: open Sudoku Studio's window (same as the ``sudoku-studio`` command)."""

from desktop.app import run

run()
