"""The shape of the puzzle played: its size, regions and constraints (a classic 9x9 has none), and the
rules of any shape the game applies cell by cell (houses, peers, candidates, names).

A :class:`Shape` is the engine's model (:class:`engine.Puzzle`) without its givens, plus the name New
and Enter puzzle call it (``kind``).  It is frozen and hashable, so a change of puzzle carries it in its
move (Undo brings the old shape back) and what is worked out from it once is cached per shape.
Pure: the variant solver is loaded only by the functions that count or solve.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

import numpy as np

import engine

SIZES = tuple(engine.SIZES)  # the board sizes the engine knows, smallest first
# the kinds New and Enter puzzle name, in the order a shape's constraints say it (first match)
KINDS = ("classic", "killer", "jigsaw", "x", "windoku", "thermo", "arrow", "kropki", "xv", "sandwich",
         "littlekiller", "oddeven", "greater", "antiknight", "antiking", "nonconsecutive", "variant")
_KIND_OF_CONSTRAINT = {"cage": "killer", "diagonal": "x", "region": "windoku", "thermo": "thermo",
                       "arrow": "arrow", "dot": "kropki", "xv": "xv", "sandwich": "sandwich",
                       "littlekiller": "littlekiller", "parity": "oddeven", "greater": "greater"}
_HOUSE_KINDS = {"row": "row", "col": "column", "region": "box"}


@lru_cache(maxsize=16)
def standard_regions(size: int) -> tuple[int, ...]:
    """Return each cell's standard box for ``size``; ParseError (a ValueError) for a size not supported."""
    return engine.Puzzle.checked(size, [0] * (size * size)).regions


@dataclass(frozen=True)
class Shape:
    """A puzzle without its givens: size, regions (cell -> 0..N-1), engine constraints, kind, title."""

    size: int = 9
    regions: tuple[int, ...] = field(default_factory=lambda: standard_regions(9))
    constraints: tuple[Any, ...] = ()
    kind: str = "classic"
    title: str = field(default="", compare=False)

    @classmethod
    def of(cls, puzzle: Any, kind: str = "") -> Shape:
        """Return the shape of an engine Puzzle (its kind read off its constraints unless given)."""
        shape = cls(puzzle.size, tuple(puzzle.regions), tuple(puzzle.constraints), "", puzzle.title)
        return cls(shape.size, shape.regions, shape.constraints, kind or kind_of(shape), shape.title)

    @classmethod
    def empty(cls, kind: str, size: int) -> Shape:
        """Return a shape of ``size`` with standard regions and no constraint; ValueError for a bad size."""
        if size not in SIZES:
            raise ValueError(f"a puzzle of size {size} is not supported (sizes: 4, 6, 8, 9, 12, 16)")
        return cls(size, standard_regions(size), (), kind)

    @property
    def n_cells(self) -> int:
        return self.size * self.size

    @property
    def all_notes(self) -> int:
        """The mask of every digit 1..N."""
        return (1 << self.size) - 1

    @cached_property
    def is_classic(self) -> bool:
        """True for a 9x9 with the standard boxes and no constraint: the classic engine serves it."""
        return self.size == 9 and not self.constraints and self.regions == standard_regions(9)

    @cached_property
    def _hash(self) -> int:
        return hash((self.size, self.regions, self.constraints, self.kind))

    def __hash__(self) -> int:
        return self._hash  # asked on every move (the caches of houses and peers): worked out once

    def with_constraints(self, constraints: Sequence[Any]) -> Shape:
        """Return this shape with ``constraints`` instead (a classic one takes the kind they make)."""
        return self._with(self.regions, tuple(constraints))

    def with_regions(self, regions: Sequence[int]) -> Shape:
        """Return this shape with other regions (unchecked: a jigsaw being painted may be unfinished)."""
        return self._with(tuple(regions), self.constraints)

    def _with(self, regions: tuple[int, ...], constraints: tuple[Any, ...]) -> Shape:
        bare = Shape(self.size, regions, constraints, "", self.title)
        kind = kind_of(bare) if self.kind == "classic" else self.kind
        return Shape(self.size, regions, constraints, kind, self.title)

    def model(self, givens: Sequence[int]) -> Any:
        """Return the engine Puzzle of this shape with ``givens``; ParseError (ValueError) if unfit."""
        return engine.Puzzle.checked(self.size, [int(d) for d in givens], self.regions, self.constraints,
                                     self.title)

    def box(self) -> list[int]:
        """Return the standard box of this size as [rows, columns]."""
        regions, n = standard_regions(self.size), self.size
        rows = len({c // n for c in range(n * n) if regions[c] == 0})
        return [rows, n // rows]

    def wire(self) -> dict[str, Any]:
        """Return the snapshot's ``shape`` (desktop/CONTRACT.md): size, box, regions, constraints, kind,
        title."""
        return dict(_wire(self), title=self.title)

    def cell_name(self, cell: int) -> str:
        """Return the 1-based ``rRcC`` name of ``cell``."""
        return f"r{cell // self.size + 1}c{cell % self.size + 1}"


CLASSIC = Shape()


@lru_cache(maxsize=8)
def _wire(shape: Shape) -> dict[str, Any]:
    puzzle = engine.Puzzle(shape.size, (0,) * shape.n_cells, shape.regions, shape.constraints)
    return {"size": shape.size, "box": shape.box(), "regions": list(shape.regions),
            "constraints": puzzle.to_dict().get("constraints", []), "kind": shape.kind}


def kind_of(shape: Shape) -> str:
    """Return the name of what ``shape`` is: its first constraint's kind, a jigsaw, a rule, or classic."""
    if shape.regions != standard_regions(shape.size):
        return "jigsaw"
    for con in shape.constraints:
        if con.kind == "rule":
            return con.name if con.name in KINDS else "variant"
        return _KIND_OF_CONSTRAINT.get(con.kind, "variant")
    return "classic"


@lru_cache(maxsize=8)
def houses(shape: Shape) -> tuple[tuple[str, int, tuple[int, ...]], ...]:
    """Return every group of cells whose digits may not repeat, as (kind, index, cells): rows,
    columns and boxes first (named as the classic board names them), then regions, diagonals, cages."""
    found = engine.Puzzle(shape.size, (0,) * shape.n_cells, shape.regions, shape.constraints).houses()
    jigsaw = shape.regions != standard_regions(shape.size)
    out = []
    for house in found:
        kind = "region" if jigsaw and house.kind == "region" else _HOUSE_KINDS.get(house.kind, house.kind)
        out.append((kind, house.index, tuple(house.cells)))
    return tuple(out)


@lru_cache(maxsize=8)
def peers(shape: Shape) -> tuple[tuple[int, ...], ...]:
    """Return, per cell, the other cells sharing a house with it (ascending)."""
    seen: list[set[int]] = [set() for _ in range(shape.n_cells)]
    for _, _, cells in houses(shape):
        for c in cells:
            seen[c].update(cells)
    return tuple(tuple(sorted(s - {c})) for c, s in enumerate(seen))


def candidates(digits: Sequence[int], shape: Shape = CLASSIC) -> list[int]:
    """Return each cell's candidate mask: the digits its houses leave (0 for a filled cell)."""
    if shape.is_classic:
        return [int(m) for m in engine.candidate_masks(np.asarray(digits, dtype=np.uint8))]
    full, near = shape.all_notes, peers(shape)
    out = []
    for cell, d in enumerate(digits):
        if d:
            out.append(0)
            continue
        seen = 0
        for p in near[cell]:
            if digits[p]:
                seen |= 1 << (digits[p] - 1)
        out.append(full & ~seen)
    return out
