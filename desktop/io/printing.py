"""Print… in the app (issue 32): the puzzle shown or the whole set as a PDF, through the engine's printing
(:func:`engine.render_pdf`, the code of ``sudoku print``), written atomically where the save dialog said.

Faults are GameErrors the page words: ``no_puzzle`` (nothing to print), ``print`` (a puzzle without
exactly one solution, or no font for a Chinese title), ``file`` (the PDF could not be written: a full
disk, a folder without rights); a failed write leaves any earlier file as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from desktop.io import files
from desktop.midend import GameError
from engine import SudokuError, default_paper, render_pdf

PER_PAGE = (1, 2, 4, 6)
PAPERS = ("auto", "a4", "letter")  # "auto": by the locale (engine.default_paper)
MAX_TITLE = 200


def drawn(puzzle: Any) -> bool:
    """True when there is something to print: a given, or a variant's constraint (a killer has no givens)."""
    return bool(getattr(puzzle, "constraints", ())) or any(getattr(puzzle, "givens", puzzle))


def write(path: str, puzzles: Sequence[Any], per_page: int, solutions: bool, title: str,
          paper: str, lang: str) -> str:
    """Write the PDF of ``puzzles`` (givens or engine Puzzles, numbered from 1) to ``path``; return the
    file's name; GameError as the module docstring says."""
    grids = [p if hasattr(p, "constraints") else list(p) for p in puzzles if drawn(p)]
    if not grids:
        raise GameError("no_puzzle", "There is no puzzle on the board to print.")
    try:
        pdf = render_pdf(grids, per_page=per_page, solutions=solutions, title=title.strip(),
                         paper=default_paper() if paper == "auto" else paper, lang=lang)
    except SudokuError as err:  # PrintError, MissingFontError, InvalidPuzzleError
        raise GameError("print", str(err), {"message": str(err)}) from None
    return files.write_file(path, pdf)


def printable(game: Any) -> Any:
    """Return a game's puzzle as the engine prints it: its givens, or a variant's engine Puzzle."""
    if game.shape.is_classic:
        return game.givens()
    try:
        return game.model()
    except ValueError:  # a jigsaw still being painted: nothing whole to print
        return [0] * game.shape.n_cells
