"""The candidate state of a variant puzzle of any size: placed digits and candidate bitmasks per cell.

Glossary (as :mod:`engine.puzzle.model`): a cell is 0..N*N-1, a digit 1..N, and digit ``d`` is bit
``d - 1`` of a cell's mask.  A *house* is any group of cells whose digits may not repeat
(``Puzzle.houses``): rows, columns, regions, extra regions, diagonals, disjoint groups and cages.
Placing a digit removes it from every cell that shares a house with it (as the classic
:class:`~engine.candidates.CandidateGrid` does with its peers); what a rule such as anti-knight
removes is left to a step, so that the path says it.

Roads not taken: a numpy array of masks (the techniques read single cells far more than they sweep
the grid, and Python ints are faster to index); numba for the finders (small searches over a few
cells whose results are cached, see :mod:`engine.logic.variant.sums`): only the two sum walks the
contradiction trials ask for thousands of times a step are compiled (``engine.kernels.logic_sums``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import TypeVar

from engine.puzzle.model import Cage, House, Puzzle

T = TypeVar("T")


def cell_name(cell: int, size: int) -> str:
    """Return the cell's name, ``r1c1`` .. ``r16c16`` (no check that the cell is on the grid)."""
    return f"r{cell // size + 1}c{cell % size + 1}"


def digits_of(mask: int) -> list[int]:
    """Return the digits of a candidate mask, smallest first."""
    out, d = [], 1
    while mask:
        if mask & 1:
            out.append(d)
        mask >>= 1
        d += 1
    return out


def mask_of(digits: object) -> int:
    """Return the candidate mask of some digits (1..16)."""
    m = 0
    for d in digits:  # type: ignore[attr-defined]
        m |= 1 << (d - 1)
    return m


def popcount(mask: int) -> int:
    return mask.bit_count()


@dataclass
class Geometry:
    """What never changes while a puzzle is solved: its houses and which cells share one."""

    puzzle: Puzzle
    houses: list[House]
    cell_houses: list[list[int]]  # cell -> indices into houses
    peers: list[frozenset[int]]  # cell -> cells that share a house with it
    _memo: dict = field(default_factory=dict, repr=False)  # what finders work out once per puzzle

    @classmethod
    def of(cls, puzzle: Puzzle) -> Geometry:
        houses = puzzle.houses()
        cell_houses: list[list[int]] = [[] for _ in range(puzzle.n_cells)]
        for h, house in enumerate(houses):
            for c in house.cells:
                cell_houses[c].append(h)
        peers = [frozenset(c for h in hs for c in houses[h].cells) - {cell}
                 for cell, hs in enumerate(cell_houses)]
        return cls(puzzle, houses, cell_houses, peers)

    @cached_property
    def full_houses(self) -> list[int]:
        """Indices of the houses of N cells (each holds every digit once): rows, columns, regions, ..."""
        n = self.puzzle.size
        return [h for h, house in enumerate(self.houses) if len(house.cells) == n]

    def remember(self, key: str, make: Callable[[Puzzle], T]) -> T:
        """``make(puzzle)``, worked out once for this puzzle (a finder's fixed tables)."""
        if key not in self._memo:
            self._memo[key] = make(self.puzzle)
        return self._memo[key]

    @cached_property
    def cages(self) -> list[tuple[int, Cage]]:
        """The cages with a total, with their index among the constraints."""
        return [(i, c) for i, c in enumerate(self.puzzle.constraints)
                if isinstance(c, Cage) and c.total is not None]

    @cached_property
    def rules(self) -> frozenset[str]:
        """The puzzle's global rules (``Puzzle.rules``, asked for on every step)."""
        return frozenset(self.puzzle.rules())

    @cached_property
    def jigsaw(self) -> bool:
        return self.puzzle.is_jigsaw

    def sees(self, a: int, b: int) -> bool:
        """True when cells ``a`` and ``b`` share a house (so cannot hold the same digit)."""
        return b in self.peers[a]


@dataclass
class VariantState:
    """Placed digits and candidates of a variant puzzle; ``VariantState.start`` raises nothing for a
    puzzle whose givens clash (its candidates then run dry, which the driver reports)."""

    geometry: Geometry
    values: list[int]
    cands: list[int]
    solution: tuple[int, ...] | None = field(default=None, repr=False)  # for the last-resort guess

    @classmethod
    def start(cls, puzzle: Puzzle, solution: tuple[int, ...] | None = None) -> VariantState:
        """The state of a puzzle before any step: the givens placed, their digits out of their houses."""
        geo = Geometry.of(puzzle)
        full = (1 << puzzle.size) - 1
        state = cls(geo, [0] * puzzle.n_cells, [full] * puzzle.n_cells, solution)
        for cell, digit in enumerate(puzzle.givens):
            if digit:
                state.place(cell, digit)
        return state

    @property
    def puzzle(self) -> Puzzle:
        return self.geometry.puzzle

    @property
    def size(self) -> int:
        return self.geometry.puzzle.size

    def copy(self) -> VariantState:
        return VariantState(self.geometry, list(self.values), list(self.cands), self.solution)

    def place(self, cell: int, digit: int) -> None:
        """Put ``digit`` in ``cell`` and remove it from the cells sharing a house (no legality check)."""
        self.values[cell] = digit
        self.cands[cell] = 0
        bit = ~(1 << (digit - 1))
        for p in self.geometry.peers[cell]:
            self.cands[p] &= bit

    def eliminate(self, cell: int, digit: int) -> None:
        self.cands[cell] &= ~(1 << (digit - 1))

    def apply(self, step: object) -> None:
        """Apply a step's placements, then its eliminations."""
        for cell, digit in step.placements:  # type: ignore[attr-defined]
            self.place(cell, digit)
        for cell, digit in step.eliminations:  # type: ignore[attr-defined]
            self.eliminate(cell, digit)

    def changes(self, step: object) -> bool:
        """True when the step would place a digit or remove a candidate."""
        return any(not self.values[c] for c, _ in step.placements) or any(  # type: ignore[attr-defined]
            self.cands[c] >> (d - 1) & 1 for c, d in step.eliminations)  # type: ignore[attr-defined]

    def is_solved(self) -> bool:
        return all(self.values)

    def is_broken(self) -> bool:
        """True when an empty cell has no candidate left, or a house holds a digit twice."""
        if any(not v and not m for v, m in zip(self.values, self.cands, strict=True)):
            return True
        for house in self.geometry.houses:
            seen = [self.values[c] for c in house.cells if self.values[c]]
            if len(seen) != len(set(seen)):
                return True
        return False

    def mask(self, cell: int) -> int:
        """The cell's possible digits: its candidates, or its placed digit's bit."""
        v = self.values[cell]
        return 1 << (v - 1) if v else self.cands[cell]

    def cages(self) -> list[tuple[int, Cage]]:
        """The puzzle's cages with a total, with their index among the constraints."""
        return self.geometry.cages
