"""Colours the player paints on the board to follow chains: a whole cell's, and each candidate's.

A colour is a number 1-:data:`COLOURS` (0: none); the page draws each with a colour-blind-safe
hue and its number.  A cell's colours are a :class:`Colour`: the cell's own and its candidates',
packed four bits a digit (digit d at bits ``4*(d-1)``).  Painting is game state: a :class:`Paint`
is part of a :class:`~desktop.midend.game.Move` (undone, saved), but colours never reach the engine.
"""

from __future__ import annotations

from typing import NamedTuple

COLOURS = 8  # Okabe and Ito's eight hues less black, plus grey: each also shown by its number
NOTE_BITS = 4
MAX_DIGITS = 16  # the largest board's digits (16x16)


class Colour(NamedTuple):
    """One cell's colours: the cell's (0 none) and its candidates' (4 bits a digit, 0 none)."""

    cell: int = 0
    notes: int = 0


NO_COLOUR = Colour()


class Paint(NamedTuple):
    """One cell's colours before and after a move."""

    cell: int
    before: Colour
    after: Colour


def note_colour(notes: int, digit: int) -> int:
    """Return the colour of candidate ``digit`` 1-N in a packed ``notes`` value (0: none)."""
    return notes >> (NOTE_BITS * (digit - 1)) & 0xF


def with_note_colour(notes: int, digit: int, colour: int) -> int:
    """Return ``notes`` with candidate ``digit`` 1-N painted ``colour`` (0 takes it off)."""
    shift = NOTE_BITS * (digit - 1)
    return notes & ~(0xF << shift) | colour << shift


def wire_note_colours(notes: int) -> int:
    """Return packed ``notes`` as the page reads them: digit d's colour at place ``9**(d-1)``; never fails.

    Four bits a digit need 64 bits on a 16x16 board, past the 2**53 a JavaScript number holds exactly
    (the colours of candidates 14-16 came out wrong); base 9 packs sixteen colours 0-8 under 2**51.
    """
    if not notes:
        return 0
    return sum(note_colour(notes, d) * 9 ** (d - 1) for d in range(1, MAX_DIGITS + 1))


def note_colours_valid(notes: int) -> bool:
    """True if ``notes`` packs up to sixteen colours 0-COLOURS (False for anything else, bools included)."""
    if isinstance(notes, bool) or not isinstance(notes, int):
        return False
    if not 0 <= notes < 1 << (MAX_DIGITS * NOTE_BITS):
        return False
    return all(note_colour(notes, d) <= COLOURS for d in range(1, MAX_DIGITS + 1))
