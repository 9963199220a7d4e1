"""A puzzle leaving the app (issue 32): SudokuWiki's solver link of the board, opened in the browser.

The link is the engine's (:func:`engine.sudokuwiki_link`): the givens alone give the site's plain 81
digits; the player's digits (and notes, when there are any) give its 162-character form, which tells
a clue from a placed digit.  The browser is the system's, through :mod:`webbrowser` (``$BROWSER``
first, as everywhere).
"""

from __future__ import annotations

import webbrowser
from collections.abc import Sequence

from desktop.midend import GameError
from engine import sudokuwiki_link


def link(givens: Sequence[int], digits: Sequence[int], notes: Sequence[int]) -> str:
    """Return SudokuWiki's solver link of the board; GameError ``no_puzzle`` for a board without
    givens (there is no puzzle to share)."""
    if not any(givens):
        raise GameError("no_puzzle", "There is no puzzle on the board to share.")
    return sudokuwiki_link(givens, digits, list(notes) if any(notes) else None)


def open_in_browser(url: str) -> None:
    """Open ``url`` in the system's browser; GameError ``no_browser`` when none could be started."""
    try:
        opened = webbrowser.open(url)
    except webbrowser.Error:
        opened = False
    if not opened:
        raise GameError("no_browser", "No web browser could be opened; use Copy link instead.")
