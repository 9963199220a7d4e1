"""Enter puzzle's calls for variants (issue 40): the puzzle's kind and size, its constraints and a
jigsaw's regions (a mixin of :class:`desktop.contract.api.Api`).  Each is one undoable move, made only
in Enter puzzle (``not_entering`` otherwise); leaving the mode answers, as for a classic puzzle, what
the puzzle is (``set_mode``), and several solutions bring the state's ``true_candidates``.
"""

from __future__ import annotations

from typing import Any

from desktop.contract import endpoints as arg
from desktop.contract.endpoints import MAX_STRING, ApiError, endpoint
from desktop.host import workers
from desktop.host.host import Host
from desktop.midend.enter import MAX_CONSTRAINTS
from desktop.midend.shape import KINDS, SIZES

MAX_FIELDS = 8  # a constraint record's fields (the model's have at most five)
MAX_LIST = 256  # a record's list: at most every cell of a 16x16


class EnterCalls:
    """Enter puzzle's variant calls, mixed into :class:`desktop.contract.api.Api` (it provides ``_host``)."""

    _host: Host

    @endpoint
    def new_variant(self, kind: Any, size: Any) -> dict[str, Any]:
        """Start making a puzzle of ``kind`` (classic, killer, jigsaw, x, windoku, thermo) and ``size`` at
        the Difficulty setting; it arrives as New puzzle's does (``pending``)."""
        kind = arg.choice(kind, "kind", workers.VARIANT_KINDS)
        size = arg.whole(size, "size", 4, 16)
        if size not in SIZES:
            raise ApiError("bad_argument", "size must be 4, 6, 8, 9, 12 or 16", {"name": "size"})
        return {"ok": True, **self._host.maker.new_variant(kind, size)}

    @endpoint
    def enter_shape(self, kind: Any, size: Any) -> dict[str, Any]:
        """In Enter puzzle, start the empty puzzle of ``kind`` (classic, killer, jigsaw, x, windoku,
        thermo, ...) and ``size`` (4, 6, 8, 9, 12, 16)."""
        kind = arg.choice(kind, "kind", KINDS)
        size = arg.choice(str(size) if isinstance(size, int) and not isinstance(size, bool) else size, "size",
                          [str(s) for s in SIZES])
        return self._enter({"name": "enter_shape", "kind": kind, "size": int(size)})

    @endpoint
    def add_constraint(self, record: Any) -> dict[str, Any]:
        """In Enter puzzle, add a constraint, a record of the engine model (``{"kind": "cage", "cells":
        [...], "total": 15}``, docs/variants.md); answers its ``index``; ``bad_constraint`` says why not."""
        return self._enter({"name": "add_constraint", "record": _record(record)})

    @endpoint
    def remove_constraint(self, index: Any) -> dict[str, Any]:
        """In Enter puzzle, take constraint ``index`` (of the state's ``shape.constraints``) off."""
        index = arg.whole(index, "index", 0, MAX_CONSTRAINTS)
        return self._enter({"name": "remove_constraint", "index": index})

    @endpoint
    def set_region(self, cell: Any, region: Any) -> dict[str, Any]:
        """In Enter puzzle, paint ``cell`` into jigsaw region ``region`` 0..N-1."""
        n = self._host.size()
        cell, region = arg.whole(cell, "cell", 0, n * n - 1), arg.whole(region, "region", 0, n - 1)
        return self._enter({"name": "set_region", "cell": cell, "region": region})

    def _enter(self, command: dict[str, Any]) -> dict[str, Any]:
        result = self._host.move(command)
        return {"ok": True, "changed": bool(result.get("changed")),
                **({"index": result["index"]} if "index" in result else {})}


def _record(value: Any) -> dict[str, Any]:
    """Return ``value``; ApiError unless it is a small JSON object (the engine checks its meaning)."""
    if not isinstance(value, dict) or not 0 < len(value) <= MAX_FIELDS:
        raise ApiError("bad_argument", "record must be a constraint object with a kind", {"name": "record"})
    for key, field in value.items():
        if not isinstance(key, str) or len(key) > MAX_STRING or not _plain(field):
            raise ApiError("bad_argument", "record holds a field too long or of another type",
                           {"name": "record"})
    return dict(value)


def _plain(value: Any, depth: int = 0) -> bool:
    """True for a number, a bool, None, a short string or a short list of them (lists of two levels)."""
    if value is None or isinstance(value, (bool, int, float)):
        return True
    if isinstance(value, str):
        return len(value) <= MAX_STRING
    if isinstance(value, list):
        return depth < 2 and len(value) <= MAX_LIST and all(_plain(v, depth + 1) for v in value)
    return False
