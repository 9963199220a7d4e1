"""Practising one technique: board states whose easiest step is that technique, shown transformed, and
a player's answer graded against the real step.

A *practice state* is a candidate state met on the rating path of a puzzle our own generator made
(:func:`engine.make.generator.generate`), just before a step of the chosen technique: the driver
(:func:`engine.logic.human.next_step`) found nothing cheaper there, so that technique is the state's
easiest step.  :func:`find_states` walks generated puzzles for them; ``build/practice_bank.py``
collects a bank of them for every technique once, and the package ships it
(``engine/data/practice_bank.txt.gz``, one state per line: ``technique<TAB>digits<TAB>candidates``,
digits 81 characters with givens ``1``-``9``, placed digits ``a``-``i``, empty ``.``; candidates
81 three-digit hex masks).  No third-party puzzle collection is shipped.  The shipped bank (seed 1,
25 minutes on a shared core): 1,645 states, 164 KB; 53 of the 77 techniques have 30 states, 6 have
3-16 (jellyfish, hidden quad, unique rectangle 5, Franken jellyfish, aligned pair exclusion,
Nishio) and 18 none: generated puzzles' paths hardly ever take them as the easiest step (some, such
as the colourings, ALS-XZ and the remote pair, come after a technique that finds the same and more).
Issue 30's grouped fish and UVWXYZ-wing then came first on some of those states:
``build/practice_bank.py --refile`` filed them under it until the next build.

When a state is shown it is moved by a random :class:`Transform` (digits relabelled, rows permuted
within bands, bands, columns within stacks, stacks, maybe transposed), which keeps every
technique's steps (moved the same way), so a bank of 30 looks like thousands.  :func:`grade` marks
an answer (the candidates the player removes and the digits placed) right, missing or wrong
against the technique's steps on the state.
"""

from __future__ import annotations

import gzip
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

import numpy as np

from engine.candidates import CandidateGrid
from engine.grid import UNITS
from engine.steps import Step

Pair = tuple[int, int]
BANK_FILE = "practice_bank.txt.gz"
MIN_BANK = 30
"""The fewest states a technique's bank should hold; :func:`bank_counts` tells which have fewer."""


# --- finding states -------------------------------------------------------------------------------


def path_states(puzzle: np.ndarray) -> Iterator[tuple[CandidateGrid, Step]]:
    """Yield each state of a unique puzzle's rating path with the (easiest) step taken there."""
    from engine.logic.human import drive, next_step

    before: list[CandidateGrid] = []

    def pick(state: CandidateGrid) -> Step | None:
        before[:] = [state.copy()]
        return next_step(state, unique=True)

    for step in drive(CandidateGrid.from_grid(puzzle), pick):
        yield before[0], step


def find_states(
    techniques: Iterable[str], per_technique: int, rng: np.random.Generator, time_limit: float
) -> dict[str, list[CandidateGrid]]:
    """Return up to ``per_technique`` states whose easiest step is each of ``techniques``, at most one
    per technique from each generated puzzle, looking for ``time_limit`` seconds; never fails."""
    from engine.make.generator import generate

    wanted = set(techniques)
    found: dict[str, list[CandidateGrid]] = {tid: [] for tid in wanted}
    deadline = time.monotonic() + time_limit
    while wanted and time.monotonic() < deadline:
        seen: set[str] = set()
        for state, step in path_states(generate(rng=rng)):
            tid = step.technique
            if tid in wanted and tid not in seen:
                seen.add(tid)
                found[tid].append(state)
                if len(found[tid]) >= per_technique:
                    wanted.discard(tid)
    return found


# --- the bank -------------------------------------------------------------------------------------

_GIVEN, _PLACED = "123456789", "abcdefghi"


def encode_state(cg: CandidateGrid) -> str:
    """Return a state as the bank's ``digits<TAB>candidates`` text (givens kept apart from placed digits)."""
    digits = "".join(
        "." if not v else (_GIVEN if cg.givens >> c & 1 else _PLACED)[v - 1] for c, v in enumerate(cg.values)
    )
    return digits + "\t" + "".join(f"{m:03x}" for m in cg.cands)


def decode_state(text: str) -> CandidateGrid:
    """Return the state :func:`encode_state` wrote; ValueError if the text is malformed."""
    digits, _, masks = text.strip().partition("\t")
    if len(digits) != 81 or len(masks) != 243:
        raise ValueError("a bank state needs 81 digits and 243 hex characters")
    values, givens = [], 0
    for c, ch in enumerate(digits):
        if ch in _GIVEN:
            values.append(_GIVEN.index(ch) + 1)
            givens |= 1 << c
        elif ch in _PLACED:
            values.append(_PLACED.index(ch) + 1)
        elif ch == ".":
            values.append(0)
        else:
            raise ValueError(f"bad digit {ch!r} in a bank state")
    cands = [int(masks[3 * c : 3 * c + 3], 16) for c in range(81)]
    return CandidateGrid(values, cands, givens)


def write_bank(path: str, states: dict[str, list[CandidateGrid]]) -> None:
    """Write a bank file (gzip, techniques in the given order); OSError if it cannot be written."""
    lines = [f"{tid}\t{encode_state(cg)}\n" for tid, found in states.items() for cg in found]
    with gzip.open(path, "wt", encoding="ascii", compresslevel=9) as out:
        out.writelines(lines)


@lru_cache(maxsize=1)
def load_bank() -> dict[str, tuple[str, ...]]:
    """Return the shipped bank: technique -> encoded states ({} if the package has no bank file)."""
    source = resources.files("engine") / "data" / BANK_FILE
    if not source.is_file():
        return {}
    bank: dict[str, list[str]] = {}
    with source.open("rb") as raw, gzip.open(raw, "rt", encoding="ascii") as lines:
        for line in lines:
            tid, _, state = line.rstrip("\n").partition("\t")
            bank.setdefault(tid, []).append(state)
    return {tid: tuple(states) for tid, states in bank.items()}


def bank_counts() -> dict[str, int]:
    """Return how many shipped states each technique has (0 for every technique the bank lacks)."""
    from engine.logic.techniques import techniques

    bank = load_bank()
    return {t.id: len(bank.get(t.id, ())) for t in techniques() if t.id != "guess"}


# --- transformations ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Transform:
    """A validity-preserving change of the board: ``cells[c]`` is cell c's new place and
    ``digits[d - 1]`` digit d's new name."""

    cells: tuple[int, ...]
    digits: tuple[int, ...]

    @classmethod
    def random(cls, rng: np.random.Generator) -> Transform:
        """Return a transformation drawn from ``rng``: bands, rows within them, stacks, columns within
        them, digits, and a transposition half the time."""

        def lines() -> list[int]:
            return [3 * int(b) + int(i) for b in rng.permutation(3) for i in rng.permutation(3)]

        rows, cols, flip = lines(), lines(), bool(rng.random() < 0.5)
        cells = []
        for cell in range(81):
            r, c = rows.index(cell // 9), cols.index(cell % 9)  # old row rows[r] goes to row r
            cells.append(c * 9 + r if flip else r * 9 + c)
        return cls(tuple(cells), tuple(int(d) + 1 for d in rng.permutation(9)))

    def pairs(self, pairs: Iterable[Pair]) -> tuple[Pair, ...]:
        """Return (cell, digit) pairs moved."""
        return tuple((self.cells[c], self.digits[d - 1]) for c, d in pairs)

    def mask(self, mask: int) -> int:
        """Return a candidate mask relabelled."""
        return sum(1 << (self.digits[k] - 1) for k in range(9) if mask >> k & 1)

    def unit(self, unit: int) -> int:
        """Return the unit id 0-26 a unit moves to."""
        return _UNIT_IDS[frozenset(self.cells[c] for c in UNITS[unit])]

    def state(self, cg: CandidateGrid) -> CandidateGrid:
        """Return a state moved (digits, candidates and givens)."""
        values, cands, givens = [0] * 81, [0] * 81, 0
        for c in range(81):
            to = self.cells[c]
            values[to] = self.digits[cg.values[c] - 1] if cg.values[c] else 0
            cands[to] = self.mask(cg.cands[c])
            givens |= (cg.givens >> c & 1) << to
        return CandidateGrid(values, cands, givens)

    def step(self, step: Step) -> Step:
        """Return a step moved: its placements, eliminations, cells, units, candidates and links (its
        ``detail`` is kept as it is; the words of a shown step come from the moved state's own step)."""
        return Step(
            technique=step.technique,
            placements=self.pairs(step.placements),
            eliminations=self.pairs(step.eliminations),
            cells=tuple(self.cells[c] for c in step.cells),
            units=tuple(self.unit(u) for u in step.units),
            candidates=self.pairs(step.candidates),
            links=tuple((*self.pairs([a, b]), strong) for a, b, strong in step.links),
            detail=dict(step.detail),
        )


_UNIT_IDS = {frozenset(cells): u for u, cells in enumerate(UNITS)}


# --- practising -----------------------------------------------------------------------------------


def practice_states(technique: str, count: int, rng: np.random.Generator) -> list[CandidateGrid]:
    """Return ``count`` states whose easiest step is ``technique``, each a bank state (drawn at random)
    randomly transformed; when the bank has none, states found now in up to 30 s.  Raises KeyError
    for an unknown technique and LookupError when no state of it can be had."""
    from engine.logic.techniques import technique as lookup

    lookup(technique)
    stored = load_bank().get(technique, ())
    if stored:
        states = [decode_state(stored[int(i)]) for i in rng.integers(len(stored), size=count)]
    else:
        states = find_states([technique], count, rng, 30.0)[technique]
        if not states:
            raise LookupError(f"no practice state for {technique}: generated puzzles hardly ever need it")
        states = [states[int(i)] for i in rng.integers(len(states), size=count)]
    return [Transform.random(rng).state(cg) for cg in states]


def practice_step(cg: CandidateGrid, technique: str) -> Step | None:
    """Return the step the driver takes on a practice state (None if nothing fires), or the
    technique's own first step when the driver would take another; KeyError for an unknown technique."""
    from engine.logic.human import next_step

    step = next_step(cg, unique=True)
    if step is None or step.technique != technique:
        step = next_step(cg, technique, unique=True)
    return step


@dataclass(frozen=True)
class Grade:
    """A graded answer: ``verdict`` right, missing or wrong; ``step`` the real step it is graded
    against; ``missing`` what the step does that the answer lacks, ``wrong`` what the answer marks
    that the step does not do."""

    verdict: str
    step: Step | None
    missing: tuple[Pair, ...] = ()
    wrong: tuple[Pair, ...] = ()


def grade_answer(
    cg: CandidateGrid, technique: str, eliminations: Iterable[Pair] = (), placements: Iterable[Pair] = ()
) -> Grade:
    """Grade an answer (candidates struck, digits placed, as (cell, digit) pairs) on a practice state:
    right when it is exactly what one step of ``technique`` there does, missing when it is part of
    one, wrong otherwise (nothing marked is missing).  Raises KeyError for an unknown technique.

    Any step of the technique counts (a state may hold two X-wings); an answer that fits none is
    graded against the driver's step (:func:`practice_step`).
    """
    from engine.logic.human import all_steps

    struck, placed = frozenset(eliminations), frozenset(placements)
    steps = list(all_steps(cg, technique, unique=True))
    for step in steps:
        if (struck, placed) == (frozenset(step.eliminations), frozenset(step.placements)):
            return Grade("right", step)
    holding = [s for s in steps if struck <= set(s.eliminations) and placed <= set(s.placements)]
    if (struck or placed) and holding:  # part of a step: the one that lacks the least
        step = min(holding, key=lambda s: len(s.eliminations) + len(s.placements))
        missing = (set(step.eliminations) - struck) | (set(step.placements) - placed)
        return Grade("missing", step, tuple(sorted(missing)))
    real = practice_step(cg, technique)
    cut, put = (set(real.eliminations), set(real.placements)) if real else (set(), set())
    # a strike is compared with what the step strikes, a placement with what it places: striking the
    # digit the step places is wrong, not part of the step
    wrong = (struck - cut) | (placed - put)
    verdict = "wrong" if wrong or not (cut or put) else "missing"
    return Grade(verdict, real, tuple(sorted((cut - struck) | (put - placed))), tuple(sorted(wrong)))
