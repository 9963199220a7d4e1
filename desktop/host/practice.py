"""The technique trainer beside the game: the :class:`~desktop.midend.trainer.Trainer` changed under the
host's lock, its scores' file, its background top-up, and its view in the state (``practice``).

Grading and showing the real step run off the lock (some techniques take a while: the game goes on
meanwhile); the trainer refuses a grade for a state or marks changed since (code ``stale``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from desktop.host.calls import HostCalls
from desktop.host.topup import TopUp
from desktop.io import storage
from desktop.midend.trainer import Question, Trainer, dump_scores, grade, load_scores, real_step

log = logging.getLogger(__name__)


class PracticeHost:
    """The trainer for ``host``, made with its scores on first use; the host's lock is taken around the
    trainer alone, never around a call back into the host (it is not re-entrant)."""

    def __init__(self, host: HostCalls) -> None:
        self._host = host
        self._trainer: Trainer | None = None
        self._top_up: TopUp | None = None

    def techniques(self) -> list[str]:
        """Return the ids the trainer offers."""
        return self.trainer().techniques()

    def open(self, technique: str) -> None:
        """Open the trainer on ``technique`` ("": the one practised, else the easiest with states)."""

        def enter(trainer: Trainer) -> None:
            trainer.enter(technique)
            self._follow(trainer)

        self._change(enter)

    def next_state(self) -> None:
        """Show another state of the technique practised."""
        self._change(Trainer.next_state)

    def mark(self, cell: int, digit: int, kind: str) -> None:
        """Toggle a strike or a placed digit on the state."""
        self._change(lambda trainer: trainer.mark(cell, digit, kind))

    def check(self) -> str:
        """Grade the marks and save the scores; answers the verdict (GameError ``stale`` if they changed)."""
        trainer, asked = self.trainer(), self._question()
        graded = grade(asked)
        with self._host.lock:
            verdict = trainer.graded(asked, graded)
            body = dump_scores(trainer.scores)
        try:
            self._host.storage.save_file(storage.PRACTICE_FILE, body)
        except OSError as err:  # the score is kept for this run; the next save may work
            log.warning("could not save the practice scores: %s", err)
        self._host.publish()
        return verdict

    def show(self) -> None:
        """Show the real step on the state, drawn and explained (it then scores nothing)."""
        asked = self._question()
        step = real_step(asked)
        self._change(lambda trainer: trainer.shown(asked, step))

    def close(self) -> None:
        """Leave the trainer: the game is as it was; the scores stay."""
        self._change(Trainer.leave)

    def _change(self, change: Callable[[Trainer], None]) -> None:
        """Make ``change`` to the trainer under the lock, then tell the page."""
        trainer = self.trainer()
        with self._host.lock:
            change(trainer)
        self._host.publish()

    def _question(self) -> Question:
        """What the trainer asks the engine now (answered off the lock)."""
        trainer = self.trainer()
        with self._host.lock:
            return trainer.question()

    def trainer(self) -> Trainer:
        """The trainer, made (its scores read, its view put in the state) on first use."""
        with self._host.lock:
            if self._trainer is None:
                loaded = self._host.storage.load_file(storage.PRACTICE_FILE, load_scores, dict)
                if loaded.problem:
                    log.warning("practice scores not read (%s); starting fresh", loaded.problem)
                self._trainer = Trainer(loaded.value)
                self._host.views["practice"] = self._trainer.view
            return self._trainer

    def top_up(self) -> TopUp:
        """The trainer's top-up (made on first use; lock not held)."""
        return self._top_up_for(self.trainer())

    def _follow(self, trainer: Trainer) -> None:
        """Let the top-up look for more states of the technique shown (lock held)."""
        self._top_up_for(trainer).follow()

    def _top_up_for(self, trainer: Trainer) -> TopUp:
        if self._top_up is None:
            host = self._host
            self._top_up = TopUp(trainer, host.lock, host.publish, lambda: host.closed)
        return self._top_up
