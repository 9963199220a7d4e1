"""The ``sudoku`` command, in process and as a real command."""
