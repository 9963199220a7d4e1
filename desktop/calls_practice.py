"""The technique trainer's calls ("Practise" in the Learn tab): validate, then change the
:class:`~desktop.practice.Trainer` under the host's lock and publish; the page sees the trainer as the
state's ``practice`` (see desktop/CONTRACT.md).  The game is never touched.
"""

from __future__ import annotations

import logging
from typing import Any

from desktop import endpoints as arg
from desktop import practice, storage
from desktop.endpoints import OK, ApiError, endpoint
from desktop.host import Host
from desktop.practice_topup import TopUp

log = logging.getLogger(__name__)


class PracticeCalls:
    """The trainer's part of the page's API (a mixin of :class:`desktop.api.Api`)."""

    _host: Host

    @endpoint
    def practise_open(self, technique: Any = "") -> dict[str, Any]:
        """Open the trainer, on ``technique`` (an id) unless it is the one practised ("": as it was)."""
        trainer = self._trainer()
        wanted = technique
        # the list of techniques is long: the answer does not repeat it
        if not isinstance(wanted, str) or wanted and wanted not in trainer.techniques():
            raise ApiError("bad_argument", "technique must be one of the trainer's techniques",
                           {"name": "technique"})
        with self._host.lock:
            wanted = wanted or trainer.technique or trainer.first()
            if wanted != trainer.technique or trainer.state is None:
                trainer.choose(wanted)
            trainer.opened = True
            self._top_up().follow()
        return self._published()

    @endpoint
    def techniques(self) -> dict[str, Any]:
        """Return every technique but guess (a question): id, family, names, level, shipped states."""
        return {"ok": True, "techniques": practice.catalogue()}

    @endpoint
    def practise_next(self) -> dict[str, Any]:
        """Show another state of the technique practised (transformed at random)."""
        with self._host.lock:
            self._trainer().next_state()
        return self._published()

    @endpoint
    def practise_mark(self, cell: Any, digit: Any, kind: Any) -> dict[str, Any]:
        """Strike a candidate (``kind`` "strike") or place a digit ("place") on the state; again undoes it."""
        cell, digit = arg.whole(cell, "cell", 0, 80), arg.whole(digit, "digit", 1, 9)
        kind = arg.choice(kind, "kind", practice.KINDS)
        with self._host.lock:
            self._trainer().mark(cell, digit, kind)
        return self._published()

    @endpoint
    def practise_check(self) -> dict[str, Any]:
        """Grade the marks: ``verdict`` right, missing or wrong (the real step is then shown)."""
        trainer = self._trainer()
        with self._host.lock:
            asked = trainer.question()
        graded = practice.grade(asked)  # some techniques take a while: the game goes on meanwhile
        with self._host.lock:
            verdict = trainer.graded(asked, graded)
            body = practice.dump_scores(trainer.scores)
        try:
            self._host.storage.save_file(storage.PRACTICE_FILE, body)
        except OSError as err:  # the score is kept for this run; the next save may work
            log.warning("could not save the practice scores: %s", err)
        self._published()
        return {"ok": True, "verdict": verdict}

    @endpoint
    def practise_show(self) -> dict[str, Any]:
        """Show the real step on the state, drawn and explained (it then scores nothing)."""
        trainer = self._trainer()
        with self._host.lock:
            asked = trainer.question()
        step = practice.real_step(asked)
        with self._host.lock:
            trainer.shown(asked, step)
        return self._published()

    @endpoint
    def practise_close(self) -> dict[str, Any]:
        """Leave the trainer: the game is as it was; the scores stay."""
        with self._host.lock:
            self._trainer().opened = False
        return self._published()

    # == inside ================================================================================

    def _trainer(self) -> practice.Trainer:
        """The trainer, made (and its scores read, and its view put in the state) on first use."""
        with self._host.lock:
            trainer = self.__dict__.get("_practice")
            if trainer is None:
                loaded = self._host.storage.load_file(storage.PRACTICE_FILE, practice.load_scores, dict)
                if loaded.problem:
                    log.warning("practice scores not read (%s); starting fresh", loaded.problem)
                trainer = self.__dict__["_practice"] = practice.Trainer(loaded.value)
                self._host.views["practice"] = trainer.view
            return trainer

    def _top_up(self) -> TopUp:
        """The trainer's top-up (made on first use, lock held)."""
        top_up = self.__dict__.get("_practice_top_up")
        if top_up is None:
            host = self._host
            top_up = self.__dict__["_practice_top_up"] = TopUp(self._trainer(), host.lock, host.publish,
                                                               lambda: host.closed)
        return top_up

    def _published(self) -> dict[str, Any]:
        self._host.publish()
        return OK
