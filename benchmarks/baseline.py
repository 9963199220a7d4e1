"""A plain-Python constraint-propagation solver of Norvig's class: the benchmarks' speed baseline.

The design of Peter Norvig's "Solving Every Sudoku Puzzle": each cell's candidates are a string of
digits in a dict; assigning a digit eliminates the others, and every elimination propagates
(a cell left with one digit removes it from its peers: a naked single; a unit left with one place
for a digit puts it there: a hidden single); search picks the cell with fewest candidates and tries
each digit on a copy.  Standard library only and independent of the engine, so it measures what a
careful pure-Python solver costs on the same machine and the same puzzles.
"""

from __future__ import annotations

DIGITS = "123456789"
CELLS = range(81)
_ROWS = [[r * 9 + c for c in range(9)] for r in range(9)]
_COLS = [[r * 9 + c for r in range(9)] for c in range(9)]
_BOXES = [[(b // 3) * 27 + (b % 3) * 3 + (i // 3) * 9 + i % 3 for i in range(9)] for b in range(9)]
UNITS_OF = [[u for u in _ROWS + _COLS + _BOXES if cell in u] for cell in CELLS]
PEERS = [sorted({p for u in UNITS_OF[cell] for p in u} - {cell}) for cell in CELLS]

Values = dict[int, str]


def assign(values: Values, cell: int, digit: str) -> Values | None:
    """Put ``digit`` in ``cell`` by eliminating every other candidate; None on a contradiction."""
    for other in values[cell].replace(digit, ""):
        if eliminate(values, cell, other) is None:
            return None
    return values


def eliminate(values: Values, cell: int, digit: str) -> Values | None:
    """Remove ``digit`` from ``cell`` and propagate the singles; None on a contradiction."""
    if digit not in values[cell]:
        return values
    left = values[cell] = values[cell].replace(digit, "")
    if not left:
        return None
    if len(left) == 1:
        for peer in PEERS[cell]:
            if eliminate(values, peer, left) is None:
                return None
    for unit in UNITS_OF[cell]:
        places = [c for c in unit if digit in values[c]]
        if not places:
            return None
        if len(places) == 1 and assign(values, places[0], digit) is None:
            return None
    return values


def search(values: Values | None) -> Values | None:
    """Return a solved copy of ``values`` by depth-first search, or None if there is none."""
    if values is None:
        return None
    open_cells = [c for c in CELLS if len(values[c]) > 1]
    if not open_cells:
        return values
    cell = min(open_cells, key=lambda c: len(values[c]))
    for digit in values[cell]:
        found = search(assign(values.copy(), cell, digit))
        if found is not None:
            return found
    return None


def solve(puzzle: str) -> str | None:
    """Return the solution of an 81-character puzzle (``.`` or ``0`` empty) as 81 digits, or None
    if its givens contradict each other or it has no solution."""
    values: Values | None = {cell: DIGITS for cell in CELLS}
    for cell, ch in enumerate(puzzle.strip()):
        if ch in DIGITS:
            values = assign(values, cell, ch)  # type: ignore[arg-type]
            if values is None:
                return None
    solved = search(values)
    return None if solved is None else "".join(solved[c] for c in CELLS)
