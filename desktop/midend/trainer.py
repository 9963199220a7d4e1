"""The technique trainer: a board state whose easiest step is one chosen technique, the player's marks
on it, the graded answer, and a score per technique.

The mid end owns it (:class:`TrainerCommands`, mixed into :class:`~desktop.midend.midend.Midend`): every
change is a command of ``Midend.do``, and the game is not touched while the player practises (the trainer
is not a move), so closing it leaves the game as it was.  Pure apart from asking the engine (no threads,
no I/O, no clock): :class:`Trainer` changes only through its methods, each of which raises GameError
for a refused command, and :meth:`Trainer.view` is the JSON-able part of the state the page draws from
(``practice``).  The scores are read and saved by the host (``dump_scores`` / ``load_scores``: a
versioned body like the other saves) when ``do()`` answers ``scores``.

A mark is a candidate struck (``strike``) or a digit placed (``place``) in an empty cell of the state;
"Check answer" grades the marks (:func:`engine.grade_answer`): right, missing or wrong, and the real
step is then shown; "Show answer" shows it without grading.  A technique is scored once per state:
its first check counts (right or not), so showing the answer first, or checking again, adds nothing.
The slow parts (grading, the real step, looking for more states) are the host's jobs, run off its lock
and handed back as commands; a grade or a step for a state or marks changed since is refused
(``stale``), states found for a technique no longer shown are dropped.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from desktop.midend import GameError
from desktop.midend.frames import wire_step
from engine import (
    TECHNIQUES,
    CandidateGrid,
    Difficulty,
    Grade,
    Step,
    Transform,
    bank_counts,
    grade_answer,
    practice_states,
    practice_step,
)

SCORES_FORMAT = "sudoku-studio/practice"
SCORES_VERSION = 1
KINDS = ("strike", "place")
FEW = 30  # a technique with fewer shipped states says so in the picker (engine.make.practice.MIN_BANK)
TOP_UP_MS = 120_000.0  # how long the host's top-up looks for states of one technique in a run


def level_of(score: float) -> str:
    """Return the level (easy … extreme) a step of SE score ``score`` makes a puzzle at least."""
    for level in Difficulty:
        if score <= level.ceiling:
            return level.value
    return Difficulty.EXTREME.value


def catalogue() -> list[dict[str, Any]]:
    """Return every technique but guess, easiest first within its family, families in the registry's
    order: id, family, level, and how many shipped states it has."""
    counts = bank_counts()
    families: dict[str, list[dict[str, Any]]] = {}
    for t in TECHNIQUES:
        if t.id == "guess":
            continue
        families.setdefault(t.family, []).append({
            "id": t.id, "family": t.family, "name": {"en": t.name_en, "zh": t.name_zh},
            "level": level_of(t.score), "score": t.score, "states": counts.get(t.id, 0)})
    return [entry for group in families.values() for entry in sorted(group, key=lambda e: e["score"])]


class Question(NamedTuple):
    """A state and the marks on it, as they were when the engine was asked."""

    number: int
    technique: str
    state: CandidateGrid
    struck: tuple[tuple[int, int], ...]
    placed: tuple[tuple[int, int], ...]


def grade(asked: Question) -> Grade:
    """Grade the marks of ``asked`` against the technique's steps (slow for some: call it off the lock)."""
    return grade_answer(asked.state, asked.technique, asked.struck, asked.placed)


def real_step(asked: Question) -> Step | None:
    """Return the step the answer shows for ``asked`` (call it off the lock)."""
    return practice_step(asked.state, asked.technique)


class Trainer:
    """The trainer's state; ``scores`` maps a technique to ``{"right": n, "tries": n}`` (kept, changed)."""

    def __init__(self, scores: dict[str, dict[str, int]], seed: int | None = None) -> None:
        self.scores = scores
        self._rng = np.random.default_rng(seed)
        self._catalogue = catalogue()
        self._known = {entry["id"]: entry for entry in self._catalogue}
        self.opened = False  # the trainer is on screen (the page's dialog is open)
        self.technique = ""
        self.state: CandidateGrid | None = None
        self.number = 0  # counts the states shown: the page knows a new one by it
        self._struck: set[tuple[int, int]] = set()
        self._placed: set[tuple[int, int]] = set()
        self._verdict = ""
        self._missing: tuple[tuple[int, int], ...] = ()
        self._wrong: tuple[tuple[int, int], ...] = ()
        self._step: Step | None = None
        self._words: dict[str, Any] = {}  # the shown step's wire form (its data and words)
        self.found: dict[str, list[CandidateGrid]] = {}  # states the top-up found in this run, untransformed
        self._scored = False

    # -- commands ----------------------------------------------------------------------------

    def enter(self, technique: str) -> None:
        """Put the trainer on screen on ``technique`` ("": the one practised, else the easiest with
        states); GameError as :meth:`choose` says."""
        wanted = technique or self.technique or self.first()
        if wanted != self.technique or self.state is None:
            self.choose(wanted)
        self.opened = True

    def leave(self) -> None:
        """Take the trainer off screen: the state, the marks and the scores stay."""
        self.opened = False

    def choose(self, technique: str) -> None:
        """Practise ``technique``: show a new state of it; GameError ``no_practice_states`` when the
        bank has none (the picker says so), ``bad_argument`` for an unknown technique."""
        if technique not in self._known:
            raise GameError("bad_argument", f"unknown technique {technique[:40]!r}", {"name": "technique"})
        if not self.states(technique):
            raise GameError("no_practice_states", f"There are no practice states for {technique} yet.",
                            {"technique": technique})
        self.technique = technique
        self.next_state()

    def next_state(self) -> None:
        """Show another state of the technique, transformed at random; GameError when none is chosen."""
        if not self.technique:
            raise GameError("nothing_to_do", "Choose a technique first.")
        shipped, found = self._known[self.technique]["states"], self.found.get(self.technique, [])
        pick = int(self._rng.integers(shipped + len(found)))
        if pick < shipped:
            self.state = practice_states(self.technique, 1, self._rng)[0]
        else:  # a state the top-up found, moved at random as the shipped ones are
            self.state = Transform.random(self._rng).state(found[pick - shipped])
        self.number += 1
        self._struck, self._placed = set(), set()
        self._verdict, self._missing, self._wrong, self._step, self._scored = "", (), (), None, False

    def mark(self, cell: int, digit: int, kind: str) -> None:
        """Strike (or unstrike) candidate ``digit`` of ``cell``, or place (or take back) ``digit`` there;
        GameError ``not_a_candidate`` unless the cell is empty and has that candidate."""
        state = self._shown()
        if state.values[cell] or not state.cands[cell] >> (digit - 1) & 1:
            raise GameError("not_a_candidate", f"{digit} is not a candidate of cell {cell}.",
                            {"cell": cell, "digit": digit})
        marks = self._struck if kind == "strike" else self._placed
        if kind == "place":  # one digit placed per cell: placing another takes the first back
            self._placed -= {(cell, d) for d in range(1, 10) if d != digit}
        marks ^= {(cell, digit)}
        self._verdict, self._missing, self._wrong = "", (), ()

    def question(self) -> Question:
        """Return what "Check answer" or "Show answer" asks of the engine (answered off the lock)."""
        state = self._shown()
        return Question(self.number, self.technique, state.copy(), tuple(sorted(self._struck)),
                        tuple(sorted(self._placed)))

    def graded(self, asked: Question, graded: Grade) -> str:
        """Show the grade of ``asked`` (the first check of a state counts in the score); return the
        verdict; GameError ``stale`` when the state or the marks changed meanwhile."""
        self._current(asked)
        self._verdict, self._missing, self._wrong = graded.verdict, graded.missing, graded.wrong
        self._answer(graded.step)
        if not self._scored:
            self._scored = True
            score = self.scores.setdefault(self.technique, {"right": 0, "tries": 0})
            score["tries"] += 1
            score["right"] += graded.verdict == "right"
        return graded.verdict

    def shown(self, asked: Question, step: Step | None) -> None:
        """Show the real step found for ``asked``; that state then scores nothing."""
        self._current(asked)
        self._answer(step)
        self._scored = True

    def states(self, technique: str) -> int:
        """Return how many states ``technique`` has: shipped, and found in this run."""
        return self._known[technique]["states"] + len(self.found.get(technique, []))

    def wants_more(self) -> str:
        """Return the technique shown when it has fewer than FEW states (the top-up looks for more), or ""."""
        tid = self.technique
        return tid if self.opened and tid and self.states(tid) < FEW else ""

    def add_found(self, technique: str, states: list[CandidateGrid]) -> None:
        """Keep states the top-up found for ``technique`` (for this run: the shipped bank stays as it is)."""
        self.found.setdefault(technique, []).extend(states)

    def first(self) -> str:
        """Return the technique the trainer starts on: the easiest with enough states."""
        return next(e["id"] for e in self._catalogue if e["states"] >= FEW)

    def techniques(self) -> list[str]:
        """Return the ids of the techniques one may practise (every one but guess)."""
        return list(self._known)

    # -- the page's part ---------------------------------------------------------------------------

    def view(self) -> dict[str, Any]:
        """Return the JSON-able trainer state: the picker's list with scores, the state, marks, result."""
        techniques = [dict(entry, right=self.scores.get(entry["id"], {}).get("right", 0),
                           tries=self.scores.get(entry["id"], {}).get("tries", 0),
                           states=self.states(entry["id"]), few=self.states(entry["id"]) < FEW)
                      for entry in self._catalogue]
        if not self.opened:
            return {"open": False}
        out: dict[str, Any] = {"open": True, "technique": self.technique, "number": self.number,
                               "techniques": techniques, "few": FEW}
        state = self.state
        if state is None:
            return out
        step = self._step
        out.update(
            digits=list(state.values),
            givens=[state.givens >> c & 1 for c in range(81)],
            cands=[0 if state.values[c] else state.cands[c] for c in range(81)],
            struck=[list(p) for p in sorted(self._struck)],
            placed=[list(p) for p in sorted(self._placed)],
            verdict=self._verdict,
            missing=[list(p) for p in self._missing],
            wrong=[list(p) for p in self._wrong],
            answer=None if step is None else {"step": dict(self._words)},
        )
        return out

    def _current(self, asked: Question) -> None:
        now = (self.number, tuple(sorted(self._struck)), tuple(sorted(self._placed)))
        if self.state is None or (asked.number, asked.struck, asked.placed) != now:
            raise GameError("stale", "The practice state changed meanwhile.")

    def _answer(self, step: Step | None) -> None:
        self._step = step
        self._words = {} if step is None else wire_step(step)  # worded once, when shown

    def _shown(self) -> CandidateGrid:
        if self.state is None:
            raise GameError("nothing_to_do", "Choose a technique to practise first.")
        return self.state


# -- the trainer in the mid end ---------------------------------------------------------------------

Result = dict[str, Any]


class TrainerCommands:
    """The trainer's commands, mixed into :class:`~desktop.midend.midend.Midend`: the trainer is made on
    first use with the scores the host read (the state has ``practice`` from then on); a command that
    changed the scores answers ``scores`` True (the host saves them), one that wants more states of the
    technique shown answers ``top_up`` (its id: the host starts looking, then hands in ``practice_found``)."""

    def start_trainer(self, scores: dict[str, dict[str, int]], seed: int | None) -> None:
        """Keep ``scores`` (read by the host) and ``seed`` (of the states' random moves) for the trainer."""
        self.practice_scores = scores
        self._practice_seed = seed
        self.trainer: Trainer | None = None  # made on first use
        self.looking = ""  # the technique the host's top-up looks for now, "" when none
        self._looked: dict[str, float] = {}  # ms looked for each technique in this run
        self._looked_at = 0.0  # when the top-up last started or handed states in

    def practice_view(self) -> dict[str, Any] | None:
        """Return the state's ``practice``, None until the trainer is first used in this run."""
        return None if self.trainer is None else self.trainer.view()

    def _trained(self) -> Trainer:
        if self.trainer is None:
            self.trainer = Trainer(self.practice_scores, self._practice_seed)
        return self.trainer

    def _do_practice_open(self, now: float, technique: str) -> Result:
        """Open the trainer on ``technique`` ("": as it was); answers ``top_up`` when the host is to look
        for more states of the technique shown (one look at a time, ``TOP_UP_MS`` a technique)."""
        trainer = self._trained()
        trainer.enter(technique)
        wanted = trainer.wants_more()
        if not wanted or wanted == self.looking or self._looked.get(wanted, 0.0) >= TOP_UP_MS:
            return {"changed": False}
        self.looking, self._looked_at = wanted, now
        return {"changed": False, "top_up": wanted}

    def _do_practice_next(self, now: float) -> Result:
        self._trained().next_state()
        return {"changed": False}

    def _do_practice_mark(self, now: float, cell: int, digit: int, kind: str) -> Result:
        self._trained().mark(cell, digit, kind)
        return {"changed": False}

    def _do_practice_close(self, now: float) -> Result:
        self._trained().leave()
        return {"changed": False}

    def _do_practice_question(self, now: float) -> Result:
        """Answer ``question``: what Check or Show answer asks the engine (the host asks it off the lock)."""
        return {"changed": False, "question": self._trained().question()}

    def _do_practice_graded(self, now: float, question: Question, graded: Grade) -> Result:
        """Show the grade of ``question``: answers ``verdict``, and ``scores`` True when the state's first
        check counted; GameError ``stale`` when the state or the marks changed meanwhile."""
        trainer = self._trained()
        def tries() -> int:
            return self.practice_scores.get(trainer.technique, {}).get("tries", 0)

        before = tries()
        verdict = trainer.graded(question, graded)
        counted = tries() != before
        return {"changed": False, "verdict": verdict, "scores": counted}

    def _do_practice_shown(self, now: float, question: Question, step: Step | None) -> Result:
        """Show the real ``step`` of ``question`` (that state then scores nothing); GameError ``stale`` as
        for a grade."""
        self._trained().shown(question, step)
        return {"changed": False}

    def _do_practice_found(self, now: float, technique: str, states: list[CandidateGrid],
                           failed: bool = False) -> Result:
        """States the top-up found for ``technique``, kept while it is the technique shown and has few
        (else dropped); answers ``more`` True while the top-up is to go on (``failed``: it stopped)."""
        if technique != self.looking:
            return {"changed": False, "more": False}  # a look since replaced by another
        trainer = self._trained()
        self._looked[technique] = self._looked.get(technique, 0.0) + max(0.0, now - self._looked_at)
        self._looked_at = now
        if trainer.wants_more() == technique:
            trainer.add_found(technique, states[:max(0, FEW - trainer.states(technique))])
        more = not failed and trainer.wants_more() == technique and self._looked[technique] < TOP_UP_MS
        if not more:
            self.looking = ""
        return {"changed": False, "more": more}


# -- the scores' save body ------------------------------------------------------------------------


def dump_scores(scores: dict[str, dict[str, int]]) -> dict[str, Any]:
    """Return the versioned save body of the scores."""
    return {"format": SCORES_FORMAT, "version": SCORES_VERSION,
            "scores": {tid: {"right": s["right"], "tries": s["tries"]} for tid, s in sorted(scores.items())}}


def load_scores(body: Any) -> dict[str, dict[str, int]]:
    """Return the scores a save body holds; ValueError naming what is malformed (an unknown technique,
    from a newer version, is kept: it does no harm and is not lost)."""
    if not isinstance(body, dict) or body.get("format") != SCORES_FORMAT:
        raise ValueError("not a Sudoku Studio practice file")
    if body.get("version") != SCORES_VERSION:
        raise ValueError(f"unknown practice save version {str(body.get('version'))[:20]}")
    scores = body.get("scores")
    if not isinstance(scores, dict):
        raise ValueError("practice scores must be an object")
    out = {}
    for tid, score in scores.items():
        if not (isinstance(tid, str) and len(tid) <= 64 and isinstance(score, dict)):
            raise ValueError("a practice score must be {right, tries}")
        right, tries = score.get("right"), score.get("tries")
        if not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 2**31 for v in (right, tries)):
            raise ValueError(f"{tid[:40]}: right and tries must be whole numbers")
        if right > tries:
            raise ValueError(f"{tid[:40]}: more right than tries")
        out[tid] = {"right": right, "tries": tries}
    return out
