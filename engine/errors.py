"""The engine's exceptions.

SudokuError                 base of everything the engine raises on purpose
 +-- ParseError             text that is not a puzzle (also a ValueError); knows line and column
 |    +-- UnknownConstraintError   a puzzle with a constraint the model does not know; names it
 +-- InvalidPuzzleError     a puzzle with a repeated given (also a ValueError)
 +-- OutputError            a file that cannot be written (also an OSError); names the file
"""

from __future__ import annotations

MAX_MESSAGE = 200
"""Longest error line (characters): long input is quoted with an ellipsis."""


def clip(text: str, limit: int = MAX_MESSAGE) -> str:
    """Return ``text`` cut to ``limit`` characters, ending in an ellipsis when it was longer."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


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


class UnknownConstraintError(ParseError):
    """A puzzle (f-puzzles JSON, a link) with a constraint the model does not know: ``names`` are its keys,
    e.g. ``("palindrome",)``; refused whole, never solved without it."""

    def __init__(self, names: tuple[str, ...], line: int = 1) -> None:
        self.names = names
        quoted = ", ".join(repr(n[:40]) for n in names)
        what = "an unknown constraint" if len(names) == 1 else "unknown constraints"
        super().__init__(f"{what} {quoted}: the engine cannot solve this puzzle", line)


class InvalidPuzzleError(SudokuError, ValueError):
    """A puzzle whose givens repeat a digit in a unit."""


class OutputError(SudokuError, OSError):
    """A file that cannot be written (a full disk, a folder, a missing folder); its text names the file."""

    def __init__(self, message: str, path: str) -> None:
        super().__init__(message)
        self.path = path  # not OSError's ``filename``: that would rewrite the message as "[Errno None] ..."
