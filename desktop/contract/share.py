"""The page's calls for sharing (issue 32): SudokuWiki's link of the board, and opening it.

"Copy puzzle" needs no call of its own: it is ``export_text("line", "puzzle")``.
"""

from __future__ import annotations

from typing import Any

from desktop.contract.endpoints import OK, endpoint
from desktop.host.host import Host
from desktop.io import share


class ShareCalls:
    """Sharing calls, mixed into :class:`desktop.contract.api.Api` (which provides ``_host``)."""

    _host: Host

    @endpoint
    def share_link(self) -> dict[str, Any]:
        """Return ``text``: the SudokuWiki solver link of the board (givens, player's digits and notes);
        a variant's f-puzzles link (SudokuWiki reads classic puzzles only)."""
        export = self._host.export
        text = export.variant_link() if export.is_variant() else share.link(*export.board())
        return {"ok": True, "text": text}

    @endpoint
    def open_sudokuwiki(self) -> dict[str, Any]:
        """Open the board's SudokuWiki link in the system's browser (error ``no_browser`` if none)."""
        share.open_in_browser(share.link(*self._host.export.board()))
        return OK
