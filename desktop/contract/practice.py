"""The technique trainer's calls ("Practise" in the Learn tab): validate, then hand each to the host's
:class:`~desktop.host.practice.PracticeHost`; the page sees the trainer as the state's ``practice`` (see
desktop/CONTRACT.md).  The game is never touched.
"""

from __future__ import annotations

from typing import Any

from desktop.contract import endpoints as arg
from desktop.contract.endpoints import OK, ApiError, endpoint
from desktop.host.host import Host
from desktop.midend import trainer


class PracticeCalls:
    """The trainer's part of the page's API (a mixin of :class:`desktop.contract.api.Api`)."""

    _host: Host

    @endpoint
    def practise_open(self, technique: Any = "") -> dict[str, Any]:
        """Open the trainer, on ``technique`` (an id) unless it is the one practised ("": as it was)."""
        # the list of techniques is long: the answer does not repeat it
        if not isinstance(technique, str) or technique and technique not in self._host.practice.techniques():
            raise ApiError("bad_argument", "technique must be one of the trainer's techniques",
                           {"name": "technique"})
        self._host.practice.open(technique)
        return OK

    @endpoint
    def techniques(self) -> dict[str, Any]:
        """Return every technique but guess (a question): id, family, names, level, shipped states."""
        return {"ok": True, "techniques": trainer.catalogue()}

    @endpoint
    def practise_next(self) -> dict[str, Any]:
        """Show another state of the technique practised (transformed at random)."""
        self._host.practice.next_state()
        return OK

    @endpoint
    def practise_mark(self, cell: Any, digit: Any, kind: Any) -> dict[str, Any]:
        """Strike a candidate (``kind`` "strike") or place a digit ("place") on the state; again undoes it."""
        cell, digit = arg.whole(cell, "cell", 0, 80), arg.whole(digit, "digit", 1, 9)
        self._host.practice.mark(cell, digit, arg.choice(kind, "kind", trainer.KINDS))
        return OK

    @endpoint
    def practise_check(self) -> dict[str, Any]:
        """Grade the marks: ``verdict`` right, missing or wrong (the real step is then shown)."""
        return {"ok": True, "verdict": self._host.practice.check()}

    @endpoint
    def practise_show(self) -> dict[str, Any]:
        """Show the real step on the state, drawn and explained (it then scores nothing)."""
        self._host.practice.show()
        return OK

    @endpoint
    def practise_close(self) -> dict[str, Any]:
        """Leave the trainer: the game is as it was; the scores stay."""
        self._host.practice.close()
        return OK
