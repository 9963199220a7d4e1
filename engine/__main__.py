"""``python -m engine`` runs the ``sudoku`` command."""

from engine.cli import run

run()
