"""The page's call for Print… (issue 32): the puzzle shown or the set as a PDF (``desktop.io.printing``)."""

from __future__ import annotations

from typing import Any

from desktop.contract import endpoints as arg
from desktop.contract.endpoints import ApiError, endpoint
from desktop.host.host import Host
from desktop.io import printing


class PrintCalls:
    """Printing calls, mixed into :class:`desktop.contract.api.Api` (which provides ``_host`` and
    ``_dialog``)."""

    _host: Host
    _dialog: Any

    @endpoint
    def print_pdf(self, what: Any, per_page: Any, solutions: Any, title: Any = "",
                  paper: Any = "auto") -> dict[str, Any]:
        """Save the puzzle ("puzzle") or the set ("set") as a PDF where the native save dialog says,
        ``per_page`` 1, 2, 4 or 6, with the ``solutions`` on the last pages; ``saved`` is the file's
        name (null if cancelled)."""
        whole_set = arg.choice(what, "what", ["puzzle", "set"]) == "set"
        per_page = arg.whole(per_page, "per_page", 1, 6)
        if per_page not in printing.PER_PAGE:
            raise ApiError("bad_argument", "per_page must be 1, 2, 4 or 6", {"name": "per_page"})
        solutions = arg.flag(solutions, "solutions")
        if not isinstance(title, str) or len(title) > printing.MAX_TITLE:
            raise ApiError("bad_argument", f"title must be text of at most {printing.MAX_TITLE} characters",
                           {"name": "title"})
        options = {"per_page": per_page, "solutions": solutions, "title": title,
                   "paper": arg.choice(paper, "paper", printing.PAPERS)}
        saved = self._host.export.print_pdf(lambda: self._dialog("pdf"), whole_set, options)
        return {"ok": True, "saved": saved}
