"""Candidates ("possible numbers"): the digits each empty cell can still take.

A candidate set is a 9-bit mask, bit ``d - 1`` set when digit ``d`` is possible.  Filled cells have
an empty mask.  Peer exclusion only: no technique beyond "a peer already holds it" is applied here.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from engine.grid import N_CELLS, PEERS, UNITS
from engine.masks import ALL_DIGITS, cands_array, mask_digits

# ALL_DIGITS and mask_digits live in engine.masks; they stay importable from here for callers
__all__ = ["ALL_DIGITS", "CandidateGrid", "DigitMemo", "all_unit_positions", "candidate_masks",
           "candidates", "mask_digits", "template_covered", "template_rows", "unit_positions"]


def candidate_masks(grid: np.ndarray) -> np.ndarray:
    """Return a uint16 mask per cell: the digits no peer holds (0 for filled cells, and for dead ends)."""
    masks = np.zeros(N_CELLS, dtype=np.uint16)
    values = [int(v) for v in grid]
    for cell in range(N_CELLS):
        if values[cell]:
            continue
        used = 0
        for p in PEERS[cell]:
            if values[p]:
                used |= 1 << (values[p] - 1)
        masks[cell] = ALL_DIGITS & ~used
    return masks


def candidates(grid: np.ndarray) -> list[list[int]]:
    """Return, per cell, the ascending list of candidate digits (empty for filled cells)."""
    return [mask_digits(int(m)) for m in candidate_masks(grid)]


class CandidateGrid:
    """A board mid-solve: placed digits and the candidate mask of every empty cell.

    Plain Python ints and lists (not numpy): the human-technique finders touch single cells and
    masks millions of times, where numpy scalars cost ten times more.  Candidates may have been
    removed by techniques, so they are state, not something recomputed from the digits.
    """

    __slots__ = ("values", "cands", "givens")

    def __init__(self, values: list[int], cands: list[int], givens: int = 0) -> None:
        self.values = values  # 81 digits, 0 = empty
        self.cands = cands  # 81 masks, bit d-1 = digit d possible; 0 for filled cells
        # bit i set when cell i is a given: avoidable rectangles may only use placed, non-given
        # digits.  A candidate line read by ``human.parse_state`` counts every solved cell as a given
        # (a line cannot tell them apart, and a placed digit taken for a given is only a step missed).
        self.givens = givens

    @classmethod
    def from_grid(cls, grid: np.ndarray | list[int]) -> CandidateGrid:
        """Return the state of a grid with candidates by peer exclusion (no repeated-digit check)."""
        values = [int(v) for v in grid]
        givens = sum(1 << i for i, v in enumerate(values) if v)
        return cls(values, [int(m) for m in candidate_masks(np.asarray(values, dtype=np.uint8))], givens)

    @classmethod
    def from_sukaku(cls, text: str) -> CandidateGrid:
        """Return the state of a 729-character candidate line; raises ValueError if malformed.

        Cell i's characters are ``text[9*i : 9*i+9]``; position k holds digit k+1 while it is a
        candidate, else ``.`` or ``0``.  A cell with exactly one candidate stays unsolved.
        """
        text = text.strip()
        if len(text) != 729:
            raise ValueError(f"a candidate line needs 729 characters, got {len(text)}")
        cands = []
        for cell in range(N_CELLS):
            mask = 0
            for k, ch in enumerate(text[9 * cell : 9 * cell + 9]):
                if ch == str(k + 1):
                    mask |= 1 << k
                elif ch not in ".0":
                    raise ValueError(f"character {9 * cell + k + 1}: {ch!r} is not {k + 1}, '.' or '0'")
            cands.append(mask)
        return cls([0] * N_CELLS, cands)

    def to_sukaku(self) -> str:
        """Return the 729-character candidate line (a placed digit shows as its single candidate)."""
        out = []
        for cell in range(N_CELLS):
            mask = 1 << (self.values[cell] - 1) if self.values[cell] else self.cands[cell]
            out.append("".join(str(k + 1) if mask >> k & 1 else "." for k in range(9)))
        return "".join(out)

    def copy(self) -> CandidateGrid:
        """Return an independent copy."""
        return CandidateGrid(self.values[:], self.cands[:], self.givens)

    def place(self, cell: int, digit: int) -> None:
        """Put ``digit`` in ``cell`` and remove it from the peers' candidates (no legality check)."""
        self.values[cell] = digit
        self.cands[cell] = 0
        bit = ~(1 << (digit - 1))
        for p in PEERS[cell]:
            self.cands[p] &= bit

    def eliminate(self, cell: int, digit: int) -> None:
        """Remove ``digit`` from ``cell``'s candidates (a no-op if it was not one)."""
        self.cands[cell] &= ~(1 << (digit - 1))

    def apply(self, step: Any) -> None:
        """Apply a step's placements, then its eliminations."""
        for cell, digit in step.placements:
            self.place(cell, digit)
        for cell, digit in step.eliminations:
            self.eliminate(cell, digit)

    def is_solved(self) -> bool:
        """Return True when every cell holds a digit."""
        return all(self.values)

    def grid(self) -> np.ndarray:
        """Return the placed digits as a grid."""
        return np.array(self.values, dtype=np.uint8)


_UNIT_CELLS = np.array(UNITS, dtype=np.intp)
_DIGIT_SHIFTS = np.arange(9, dtype=np.int64)[:, None, None]
_POSITION_BITS = 1 << np.arange(9, dtype=np.int64)


def all_unit_positions(cands: list[int]) -> tuple[list[int], ...]:
    """Return, for digits 1-9 (index d-1), :func:`unit_positions`' 27 masks; read-only, cached per state.

    Many finders ask for the same table on the same state; the last result is kept, keyed by the
    candidates, so the driver's pass over all techniques computes it once.  Computed with numpy
    (the units' candidates, one bit plane per digit, weighted by position): 15 us against 68 us for
    the loop over units, cells and bits it replaced.
    """
    return _UNIT_POSITIONS.get(tuple(cands), lambda: _unit_positions(cands))


def _unit_positions(cands: list[int]) -> tuple[list[int], ...]:
    planes = np.array(cands, dtype=np.int64)[_UNIT_CELLS] >> _DIGIT_SHIFTS & 1  # (digit, unit, position)
    return tuple((planes @ _POSITION_BITS).tolist())


def unit_positions(cands: list[int], bit: int) -> list[int]:
    """Return, per unit 0-26, a 9-bit mask of the positions (in ``UNITS[u]``) of cells holding ``bit``.

    Row masks are thus column masks and column masks row masks, which is what fish finders use;
    a unit where the digit is placed (or missing) gets 0.  The list is shared: do not modify it.
    """
    return all_unit_positions(cands)[bit.bit_length() - 1]


class DigitMemo:
    """Remembered per-digit results of a finder, keyed by what they depend on (e.g. a digit's masks).

    Most finders look at one digit at a time, and one step changes only the few digits of the
    cells it touches: the other digits' results are reused instead of searched again.  The memo
    is emptied when it reaches ``limit`` entries, so memory stays bounded.
    """

    __slots__ = ("data", "limit")

    def __init__(self, limit: int = 20_000) -> None:
        self.data: dict[Any, Any] = {}
        self.limit = limit

    def get(self, key: Any, compute: Any) -> Any:
        """Return the value for ``key``, calling ``compute()`` (and keeping its result) on a miss."""
        value = self.data.get(key)
        if value is None:
            if len(self.data) >= self.limit:
                self.data.clear()
            value = self.data[key] = compute()
        return value


class LastAnswer:
    """The answer for the last key asked: the finders of one state ask for the same table in a row.

    Kept as one ``(key, value)`` pair, read once and replaced whole, so threads rating two puzzles
    at once never pair one state's key with another's value (a list checked and then read again
    could).
    """

    __slots__ = ("_kept",)

    def __init__(self) -> None:
        self._kept: tuple[Any, Any] | None = None

    def get(self, key: Any, compute: Any) -> Any:
        """Return the value for ``key``, calling ``compute()`` when the last key asked was another."""
        kept = self._kept
        if kept is not None and kept[0] == key:
            return kept[1]
        value = compute()
        self._kept = (key, value)
        return value


_UNIT_POSITIONS = LastAnswer()  # all_unit_positions' last state


def template_covered(cands: list[int]) -> int:
    """Return a 9-bit mask (bit d-1) of the digits every candidate of which lies in a template: no
    single-digit technique can remove anything from them (:mod:`engine.kernels.templates`).  Cached
    per state; a digit the search gave up on is left out, so its finders still search it.

    Single-digit finders skip these digits: 91.5% of the digits on hard stuck states, where the
    Franken and mutant fish searches, which almost never find anything there, were a third of the
    time of rating an SE 9 puzzle.
    """
    return _templates(cands)[0]


def template_rows(cands: list[int], digit: int) -> list[int]:
    """Return, per row, a 9-bit mask of the columns where ``digit``'s candidates lie in a template
    (a single-digit technique can remove only the others); read-only, cached per state."""
    return _templates(cands)[1][digit - 1]


def _templates(cands: list[int]) -> tuple[int, list[list[int]]]:
    return _TEMPLATES.get(tuple(cands), lambda: _templates_of(cands))


def _templates_of(cands: list[int]) -> tuple[int, list[list[int]]]:
    from engine.kernels import templates as template_kernels  # loads numba (or the AOT module) on first use

    known = np.empty((9, 9), dtype=np.int64)
    covered = int(template_kernels.template_cells(cands_array(cands), known))
    return covered, known.tolist()


_TEMPLATES = LastAnswer()  # _templates' last state
