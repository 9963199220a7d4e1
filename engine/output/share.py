"""A puzzle leaving the app: the 81-character line and a link that opens SudokuWiki's solver on it.

SudokuWiki's solver reads the board from ``https://www.sudokuwiki.org/sudoku.htm?bd=`` in two
forms, both documented on the site's page "Sudoku String Definitions"
(``https://www.sudokuwiki.org/Sudoku_String_Definitions``):

* 81 characters, one digit per cell in row order, ``0`` for an empty cell: every digit is a clue.
* 162 characters (since 18 January 2023), two per cell: ``n`` is the cell's digit as a bit
  (1 = 1, 2 = 2, 3 = 4 ... 9 = 256) or, for an unsolved cell, the sum of its candidates' bits;
  then ``n = (n << 1) + (1 if the cell is a clue else 0)``, written in base 32 (JavaScript's
  ``n.toString(32)``: ``0-9a-v``) and padded to two characters with a leading ``0``.

Only the 162-character form tells a clue from a digit the player placed, so a link with the
player's digits uses it, and a link of the givens alone the plain 81 digits.  The format cannot
tell a solved cell from an unsolved cell with one candidate: such a cell opens as solved.  (The
site's own newer links start ``S9B``; that form is not documented, so we do not write it.)
"""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import parse_qs, urlsplit

import numpy as np

from engine.candidates import candidate_masks
from engine.grid import N_CELLS, as_grid

SUDOKUWIKI_SOLVER = "https://www.sudokuwiki.org/sudoku.htm?bd="
_BASE32 = "0123456789abcdefghijklmnopqrstuv"


def _cell_code(n: int) -> str:
    """Return ``n`` (0-1023) as two base-32 characters, as SudokuWiki's string writes a cell."""
    return _BASE32[n >> 5] + _BASE32[n & 31]


def sudokuwiki_board(
    givens: str | Sequence[int] | np.ndarray,
    digits: str | Sequence[int] | np.ndarray | None = None,
    notes: Sequence[int] | None = None,
) -> str:
    """Return the ``bd=`` value for SudokuWiki's solver: 81 digits for the givens alone, or the
    162-character form when the player's ``digits`` (81 values, givens' cells ignored) add any digit.

    ``notes`` (81 candidate masks, bit ``d - 1`` for digit ``d``) are the player's candidates for
    empty cells; a cell without notes gets the digits no peer holds.  Raises ValueError for a grid
    that is not 81 digits, or ``notes`` that are not 81 masks of 0-511.
    """
    clues = as_grid(givens)
    board = clues.copy()
    if digits is not None:
        placed = as_grid(digits)
        board[clues == 0] = placed[clues == 0]
    if notes is not None and (len(notes) != N_CELLS or any(not 0 <= int(m) < 512 for m in notes)):
        raise ValueError("notes must be 81 candidate masks of 0-511")
    if (board == clues).all() and notes is None:
        return "".join(str(int(d)) for d in clues)
    computed = candidate_masks(board)
    codes = []
    for cell in range(N_CELLS):
        digit = int(board[cell])
        if digit:
            bits = 1 << (digit - 1)
        else:
            bits = int(notes[cell]) if notes is not None and int(notes[cell]) else int(computed[cell])
        codes.append(_cell_code((bits << 1) | (1 if clues[cell] else 0)))
    return "".join(codes)


def sudokuwiki_link(
    givens: str | Sequence[int] | np.ndarray,
    digits: str | Sequence[int] | np.ndarray | None = None,
    notes: Sequence[int] | None = None,
) -> str:
    """Return the SudokuWiki solver link of a puzzle (see :func:`sudokuwiki_board`); ValueError as there."""
    return SUDOKUWIKI_SOLVER + sudokuwiki_board(givens, digits, notes)


SUDOKUWIKI_HOSTS = ("sudokuwiki.org", "www.sudokuwiki.org")


def read_sudokuwiki_link(link: str) -> tuple[list[int], list[int] | None]:
    """Return ``(givens, notes or None)`` of a SudokuWiki solver link (``...sudoku.htm?bd=``), the
    inverse of :func:`sudokuwiki_link`; raises ValueError saying what is wrong with the link.

    The 81-digit form gives givens alone.  The 162-character form gives the clues as givens and, for
    every other cell, its candidates as notes (a digit the player placed becomes a note of that digit
    alone: the board opens as a puzzle, not as a game in progress).
    """
    parts = urlsplit(link.strip())
    if parts.hostname not in SUDOKUWIKI_HOSTS:
        raise ValueError("not a SudokuWiki link")
    values = parse_qs(parts.query).get("bd")
    if not values:
        raise ValueError("the SudokuWiki link has no bd= board")
    board = values[0].strip()
    if len(board) == N_CELLS and board.isascii() and all(ch in "0123456789." for ch in board):
        return [0 if ch == "." else int(ch) for ch in board], None
    if len(board) == 2 * N_CELLS and all(ch in _BASE32 for ch in board.lower()):
        return _read_long_board(board.lower())
    raise ValueError(f"the SudokuWiki board has {len(board)} characters; expected 81 digits or the "
                     "162-character form (the site's newer S9B links are not documented)")


def _read_long_board(board: str) -> tuple[list[int], list[int]]:
    """Return ``(givens, notes)`` of a 162-character board; ValueError for a cell code out of range."""
    givens, notes = [0] * N_CELLS, [0] * N_CELLS
    for cell in range(N_CELLS):
        n = _BASE32.index(board[2 * cell]) * 32 + _BASE32.index(board[2 * cell + 1])
        bits, clue = n >> 1, n & 1
        if bits >= 512 or (clue and bits.bit_count() != 1):
            raise ValueError(f"the SudokuWiki board's cell {cell + 1} reads {board[2 * cell:2 * cell + 2]!r}")
        if clue:
            givens[cell] = bits.bit_length()
        else:
            notes[cell] = bits
    return givens, notes


def sudokuwiki_givens(board: str) -> str:
    """Return the 81-character givens line (``.`` for empty) of a ``bd=`` value in either documented form;
    ValueError for anything else (the undocumented ``S9B`` form among them)."""
    board = board.strip()
    if len(board) == N_CELLS and board.isascii() and all(ch in "0123456789." for ch in board):
        return board.replace("0", ".")
    if len(board) == 2 * N_CELLS and all(ch in _BASE32 for ch in board.lower()):
        return "".join(str(d) if d else "." for d in _read_long_board(board.lower())[0])
    raise ValueError("a SudokuWiki board is 81 digits or 162 base-32 characters")
