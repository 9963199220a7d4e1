"""The technique trainer's jobs: the mid end owns the trainer (desktop/midend/trainer.py, the state's
``practice``) and changes it only by commands; this area runs what is slow off the host's lock and hands
each result back as a command.

Grading and showing the real step ask the engine (some techniques take a while: the game goes on
meanwhile); the mid end refuses a grade or a step for a state or marks changed since (code ``stale``).
The top-up: while the trainer shows a technique with fewer than ``trainer.FEW`` states, one worker thread
looks for more on puzzles our generator makes (:func:`engine.find_states`), ``CHUNK_SECONDS`` at a time,
handing in what each look found; the mid end keeps them while the technique is shown and has few, and
says when to stop (the trainer closed or moved on, enough states, or ``trainer.TOP_UP_MS`` spent on it).
"""

from __future__ import annotations

import logging
from typing import Any

import numpy as np

from desktop.host import workers
from desktop.host.calls import HostCalls
from desktop.midend import trainer
from desktop.midend.trainer import Question, grade, real_step
from engine import find_states

log = logging.getLogger(__name__)

CHUNK_SECONDS = 4.0  # how long one look lasts: the worker hears of a change of mind within this


class PracticeHost:
    """The trainer's jobs for ``host``; every method is safe from any thread and raises GameError as the
    mid end refuses the command (a run going on refuses none: the trainer is not the game)."""

    def __init__(self, host: HostCalls) -> None:
        self._host = host

    def techniques(self) -> list[str]:
        """Return the ids the trainer offers."""
        return [entry["id"] for entry in trainer.catalogue()]

    def open(self, technique: str) -> None:
        """Open the trainer on ``technique`` ("": the one practised, else the easiest with states), and
        start looking for more states of it when the mid end asks."""
        wanted = self._move({"name": "practice_open", "technique": technique}).get("top_up")
        if wanted:
            workers.spawn(self._look, "practice-top-up", wanted)

    def next_state(self) -> None:
        """Show another state of the technique practised."""
        self._move({"name": "practice_next"})

    def mark(self, cell: int, digit: int, kind: str) -> None:
        """Toggle a strike or a placed digit on the state."""
        self._move({"name": "practice_mark", "cell": cell, "digit": digit, "kind": kind})

    def check(self) -> str:
        """Grade the marks off the lock; answers the verdict (the host saves the scores when they changed)."""
        asked = self._question()
        graded = grade(asked)
        return self._move({"name": "practice_graded", "question": asked, "graded": graded})["verdict"]

    def show(self) -> None:
        """Show the real step on the state, found off the lock (the state then scores nothing)."""
        asked = self._question()
        self._move({"name": "practice_shown", "question": asked, "step": real_step(asked)})

    def close(self) -> None:
        """Leave the trainer: the game is as it was; the scores stay."""
        self._move({"name": "practice_close"})

    def _question(self) -> Question:
        """What the trainer asks the engine now (answered off the lock)."""
        question: Question = self._move({"name": "practice_question"})["question"]
        return question

    def _move(self, command: dict[str, Any]) -> dict[str, Any]:
        return self._host.move(command, solving_ok=True)

    def _look(self, technique: str) -> None:
        """Top-up worker: look for states of ``technique`` until the mid end wants no more (or it fails)."""
        rng = np.random.default_rng()
        more = True
        while more and not self._host.closed:
            try:
                found = find_states([technique], trainer.FEW, rng, CHUNK_SECONDS)[technique]
            except Exception:  # the mid end must hear the look ended, or it would never start another
                log.exception("looking for practice states of %s failed", technique)
                self._move({"name": "practice_found", "technique": technique, "states": [], "failed": True})
                return
            answer = self._move({"name": "practice_found", "technique": technique, "states": found})
            more = bool(answer["more"])
