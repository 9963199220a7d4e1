"""The trainer's top-up: while the trainer shows a technique with fewer than ``trainer.FEW`` states, one
worker thread looks for more on puzzles our generator makes (:func:`engine.find_states`), a few seconds
at a time, and hands each one found to the trainer under the host's lock.

It gives up after ``TOP_UP_SECONDS`` on a technique (some are very rare as the easiest step: the bank's
builder found none in 25 minutes), and stops as soon as the trainer closes, moves to another technique
or has enough, or the window closes.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import numpy as np

from desktop.host import workers
from desktop.midend import trainer
from desktop.midend.trainer import Trainer
from engine import find_states

TOP_UP_SECONDS = 120.0  # per technique and run
CHUNK_SECONDS = 4.0  # how long one look lasts: the worker notices a change of mind within this


class TopUp:
    """One top-up worker at a time for ``trainer``; ``lock`` guards it, ``publish()`` tells the page,
    ``closed()`` says the window is closing."""

    def __init__(self, trainer: Trainer, lock: threading.Lock, publish: Callable[[], None],
                 closed: Callable[[], bool]) -> None:
        self._trainer, self._lock, self._publish, self._closed = trainer, lock, publish, closed
        self._running = ""  # the technique a worker looks for now
        self._spent: dict[str, float] = {}  # seconds looked for each technique in this run

    def follow(self) -> None:
        """Start looking for states of the technique shown if it has few (lock held); else nothing."""
        wanted = self._trainer.wants_more()
        if wanted and wanted != self._running and self._spent.get(wanted, 0.0) < TOP_UP_SECONDS:
            self._running = wanted
            workers.spawn(self._look, "practice-top-up", wanted)

    def _look(self, technique: str) -> None:
        rng = np.random.default_rng()
        try:
            while self._still_wanted(technique):
                started = time.monotonic()
                found = find_states([technique], trainer.FEW, rng, CHUNK_SECONDS)[technique]
                with self._lock:
                    self._spent[technique] = self._spent.get(technique, 0.0) + time.monotonic() - started
                    room = max(0, trainer.FEW - self._trainer.states(technique))
                    self._trainer.add_found(technique, found[:room])
                if found:
                    self._publish()
        finally:
            with self._lock:
                if self._running == technique:
                    self._running = ""

    def _still_wanted(self, technique: str) -> bool:
        with self._lock:
            shown = self._trainer.wants_more() == technique
            time_left = self._spent.get(technique, 0.0) < TOP_UP_SECONDS
            return shown and time_left and self._running == technique and not self._closed()
