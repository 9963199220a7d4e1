"""The board taken out of the game: as text (Export, Copy), into a file or a PDF the native dialogs
chose, and as the copies a share link is made from; a puzzle file read for Import comes in here too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from desktop.host.calls import HostCalls
from desktop.io import files, printing, transfer
from desktop.midend import GameError


class ExportHost:
    """Files, export and printing for ``host``; safe from any thread."""

    def __init__(self, host: HostCalls) -> None:
        self._host = host

    def board(self) -> tuple[list[int], list[int], list[int]]:
        """Return the shown puzzle's givens, the digits on its board and its notes (copies; never fails)."""
        board = self._host.board()
        return board["givens"], board["digits"], board["notes"]

    def board_text(self, fmt: str, givens_only: bool) -> str:
        """Return the puzzle (givens only) or the current board as text in ``fmt`` (never fails); a
        variant's is its f-puzzles link, whatever ``fmt``."""
        shape = self._host.board()["shape"]
        givens, digits, notes = self.board()
        if not shape.is_classic:
            return self.variant_link()
        if givens_only:
            digits, notes = givens, [0] * 81
        return transfer.write_puzzle(digits, notes, fmt)

    def variant_link(self) -> str:
        """Return the shown puzzle's f-puzzles link (any shape; the model's JSON for a greater-than sign)."""
        board = self._host.board()
        return transfer.variant_text(board["givens"], board["shape"])

    def is_variant(self) -> bool:
        """True when the puzzle shown is not a classic 9x9."""
        return not self._host.board()["shape"].is_classic

    def open_file(self, path: str | None) -> dict[str, Any]:
        """Return ``{"text", "name"}`` of the puzzle file at ``path`` (text None if no path was chosen);
        GameError as :func:`desktop.io.files.read_puzzle_file` says."""
        return {"text": None} if path is None else files.read_puzzle_file(path)

    def save_file(self, path: str | None, fmt: str, givens_only: bool) -> str | None:
        """Write the export to ``path`` atomically; return its name (None if no path was chosen);
        GameError ``file`` if it cannot be written."""
        return None if path is None else files.write_text_file(path, self.board_text(fmt, givens_only))

    def print_pdf(self, choose: Callable[[], str | None], whole_set: bool,
                  options: dict[str, Any]) -> str | None:
        """Print the puzzle shown (or every puzzle of the set) to the PDF ``choose()`` names; return its
        name, None if no path was chosen; GameError as :mod:`desktop.io.printing` says."""
        puzzles, lang = self._host.puzzles(whole_set), self._host.setting("language")
        if not any(printing.drawn(p) for p in puzzles):
            raise GameError("no_puzzle", "There is no puzzle on the board to print.")
        path = choose()
        return None if path is None else printing.write(path, puzzles, lang=lang, **options)
