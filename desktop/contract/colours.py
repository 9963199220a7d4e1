"""The page's calls for colours (issue 32): paint a cell or a candidate, clear every colour.

Each is an undoable move of the mid end (``desktop.midend.colours``); see CONTRACT.md.
"""

from __future__ import annotations

from typing import Any

from desktop.contract import endpoints as arg
from desktop.contract.endpoints import OK, endpoint
from desktop.host.host import Host
from desktop.midend.colours import COLOURS


class ColourCalls:
    """Colour calls, mixed into :class:`desktop.contract.api.Api` (which provides ``_host``)."""

    _host: Host

    @endpoint
    def paint(self, cell: Any, colour: Any) -> dict[str, Any]:
        """Paint ``cell`` 0..N*N-1 with ``colour`` 1-8; painting it its own colour again takes it off."""
        n = self._host.size()
        cell, colour = arg.whole(cell, "cell", 0, n * n - 1), arg.whole(colour, "colour", 1, COLOURS)
        self._host.move({"name": "paint", "cell": cell, "colour": colour})
        return OK

    @endpoint
    def paint_note(self, cell: Any, digit: Any, colour: Any) -> dict[str, Any]:
        """Paint candidate ``digit`` 1-N of the empty ``cell`` with ``colour`` 1-8 (again: off)."""
        n = self._host.size()
        cell, digit = arg.whole(cell, "cell", 0, n * n - 1), arg.whole(digit, "digit", 1, n)
        colour = arg.whole(colour, "colour", 1, COLOURS)
        self._host.move({"name": "paint_note", "cell": cell, "digit": digit, "colour": colour})
        return OK

    clear_colours = arg.command("clear_colours", "Take every colour off the board as one undoable move.")
