"""The page's calls for corner and centre marks (issue 40): toggle one, clear a cell's marks of one kind,
fill a Killer's centre marks from its cages of few combinations.

Each is an undoable move of the mid end (``desktop.midend.marks``); see CONTRACT.md.
"""

from __future__ import annotations

from typing import Any

from desktop.contract import endpoints as arg
from desktop.contract.endpoints import OK, endpoint
from desktop.host.host import Host
from desktop.midend.marks import KINDS


class MarkCalls:
    """Mark calls, mixed into :class:`desktop.contract.api.Api` (which provides ``_host``)."""

    _host: Host

    @endpoint
    def toggle_mark(self, cell: Any, digit: Any, kind: Any) -> dict[str, Any]:
        """Add or remove the ``kind`` ("corner"/"centre") mark ``digit`` 1-N in empty ``cell`` 0..N*N-1."""
        n = self._host.size()
        cell, digit = arg.whole(cell, "cell", 0, n * n - 1), arg.whole(digit, "digit", 1, n)
        kind = arg.choice(kind, "kind", KINDS)
        self._host.move({"name": "toggle_mark", "cell": cell, "digit": digit, "kind": kind})
        return OK

    @endpoint
    def clear_marks(self, cell: Any, kind: Any) -> dict[str, Any]:
        """Take every ``kind`` ("corner"/"centre") mark off ``cell`` 0..N*N-1 (one move; none: no change)."""
        n = self._host.size()
        cell, kind = arg.whole(cell, "cell", 0, n * n - 1), arg.choice(kind, "kind", KINDS)
        self._host.move({"name": "clear_marks", "cell": cell, "kind": kind})
        return OK

    @endpoint
    def fill_cage_marks(self) -> dict[str, Any]:
        """Fill centre marks: each cage of at most 2 combinations left writes the digits they allow as its
        empty cells' centre marks (one undoable move); ``cages`` counts the cages that gave marks."""
        result = self._host.move({"name": "fill_cage_marks"})
        return {"ok": True, "changed": bool(result.get("changed")), "cages": result["cages"]}
