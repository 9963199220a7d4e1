"""The engine's exceptions.

SudokuError                 base of everything the engine raises on purpose
 +-- ParseError             text that is not a puzzle (also a ValueError); knows line and column
 +-- InvalidPuzzleError     a puzzle with a repeated given (also a ValueError)
"""

from __future__ import annotations


class SudokuError(Exception):
    """Base class of the engine's own errors."""


class ParseError(SudokuError, ValueError):
    """Text that does not describe a puzzle, with the 1-based line and column of the fault."""

    def __init__(self, message: str, line: int = 1, column: int | None = None) -> None:
        self.message = message
        self.line = line
        self.column = column
        where = f"line {line}" + (f", column {column}" if column is not None else "")
        super().__init__(f"{where}: {message}")


class InvalidPuzzleError(SudokuError, ValueError):
    """A puzzle whose givens repeat a digit in a unit."""
