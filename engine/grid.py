"""The board's vocabulary and geometry, computed once.

Glossary (used everywhere in the engine):
    cell       an index 0-80, ``row * 9 + col``; row, col and box are 0-8 (boxes row-major).
    digit      1-9; 0 marks an empty cell.
    grid       81 digits in a numpy ``uint8`` array of shape (81,); the Grid value.
    unit       a row, column or box: unit ids 0-8 are rows, 9-17 columns, 18-26 boxes.
    peer       another cell sharing a unit with a cell; every cell has 20.
    candidate  a digit still possible in an empty cell ("possible number").
    given      a digit of the puzzle as set; placement: a digit put in a cell;
    elimination: a candidate removed from a cell.
    step       one move of a solver (placements and eliminations) with its reason, the technique.

Roads not taken: a Python class per cell (too slow for the compiled solver) and strings (immutable,
no vector operations).  A flat uint8 array crosses into numba kernels without conversion.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

import numpy as np

N_CELLS = 81
DIGITS = range(1, 10)
UNIT_KINDS = ("row", "column", "box")


def row_of(cell: int) -> int:
    """Return the row 0-8 of a cell 0-80 (no range check)."""
    return cell // 9


def col_of(cell: int) -> int:
    """Return the column 0-8 of a cell 0-80 (no range check)."""
    return cell % 9


def box_of(cell: int) -> int:
    """Return the box 0-8 of a cell 0-80, boxes numbered row-major (no range check)."""
    return (cell // 27) * 3 + (cell % 9) // 3


def _unit_cells() -> tuple[tuple[int, ...], ...]:
    rows = [tuple(r * 9 + c for c in range(9)) for r in range(9)]
    cols = [tuple(r * 9 + c for r in range(9)) for c in range(9)]
    boxes = [tuple((b // 3) * 27 + (b % 3) * 3 + (i // 3) * 9 + i % 3 for i in range(9)) for b in range(9)]
    return tuple(rows + cols + boxes)


UNITS: tuple[tuple[int, ...], ...] = _unit_cells()
"""The 27 units, each a tuple of 9 cells: rows 0-8, then columns, then boxes."""

CELL_UNITS: tuple[tuple[int, int, int], ...] = tuple(
    (row_of(c), 9 + col_of(c), 18 + box_of(c)) for c in range(N_CELLS)
)
"""For each cell, its row, column and box unit ids."""

PEERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted({p for u in CELL_UNITS[c] for p in UNITS[u]} - {c})) for c in range(N_CELLS)
)
"""For each cell, its 20 peers in ascending order."""

UNITS_NP = np.array(UNITS, dtype=np.int64)
CELL_UNITS_NP = np.array(CELL_UNITS, dtype=np.int64)
PEERS_NP = np.array(PEERS, dtype=np.int64)


def unit_name(unit: int) -> tuple[str, int]:
    """Return ``(kind, index)`` for a unit id 0-26, e.g. ``("box", 4)``; raises IndexError otherwise."""
    if not 0 <= unit < 27:
        raise IndexError(f"unit id {unit} is not 0-26")
    return UNIT_KINDS[unit // 9], unit % 9


def cell_name(cell: int) -> str:
    """Return the 1-based ``rRcC`` name of a cell 0-80, e.g. ``r1c1`` for cell 0."""
    return f"r{cell // 9 + 1}c{cell % 9 + 1}"


def empty_grid() -> np.ndarray:
    """Return a new grid with every cell empty."""
    return np.zeros(N_CELLS, dtype=np.uint8)


def as_grid(values: str | Sequence[int] | np.ndarray) -> np.ndarray:
    """Return a new uint8 grid from 81 digits (a string with ``.`` or ``0`` for empty, or numbers).

    Raises ValueError if there are not 81 values or one is not a digit 0-9.
    """
    if isinstance(values, str):
        text = values.strip()
        if len(text) != N_CELLS:
            raise ValueError(f"a grid needs 81 cells, got {len(text)}")
        out = empty_grid()
        for i, ch in enumerate(text):
            if ch in ".0":
                continue
            if not ch.isdigit() or ch not in "123456789":
                raise ValueError(f"cell {i + 1}: {ch!r} is not a digit, '.' or '0'")
            out[i] = ord(ch) - 48
        return out
    arr = np.asarray(values)
    if arr.shape != (N_CELLS,):
        raise ValueError(f"a grid needs 81 cells, got shape {arr.shape}")
    if arr.dtype.kind not in "iu" or arr.min() < 0 or arr.max() > 9:
        raise ValueError("grid values must be whole numbers 0-9")
    return arr.astype(np.uint8, copy=True)


class Conflict(NamedTuple):
    """A digit repeated within one unit: the unit id 0-26 and every cell holding it there."""

    digit: int
    unit: int
    cells: tuple[int, ...]

    def describe(self) -> str:
        """Return e.g. ``repeated 5 in row 1 (r1c1, r1c4)``: units and cells 1-based, as people count."""
        kind, index = unit_name(self.unit)
        cells = ", ".join(cell_name(c) for c in self.cells)
        return f"repeated {self.digit} in {kind} {index + 1} ({cells})"


def conflicts(grid: np.ndarray) -> list[Conflict]:
    """Return every repeated digit in every unit, in unit order; an empty list means no repeats."""
    found = []
    for unit, cells in enumerate(UNITS):
        seen: dict[int, list[int]] = {}
        for c in cells:
            d = int(grid[c])
            if d:
                seen.setdefault(d, []).append(c)
        found.extend(Conflict(d, unit, tuple(cs)) for d, cs in sorted(seen.items()) if len(cs) > 1)
    return found


def conflicting_cells(grid: np.ndarray) -> set[int]:
    """Return the set of cells taking part in any conflict (empty when the grid has no repeats)."""
    return {c for conflict in conflicts(grid) for c in conflict.cells}


def is_solution(solution: np.ndarray | Iterable[int], puzzle: np.ndarray | Iterable[int]) -> bool:
    """Return True only if ``solution`` is complete, every unit holds 1-9 once and every given is kept.

    Written independently of the solver (plain sets, no bitmasks) so it can check the solver.
    """
    sol = [int(v) for v in solution]
    puz = [int(v) for v in puzzle]
    if len(sol) != N_CELLS or len(puz) != N_CELLS:
        return False
    if any(p and p != s for p, s in zip(puz, sol, strict=True)):
        return False
    full = set(range(1, 10))
    return all({sol[c] for c in unit} == full for unit in UNITS)
