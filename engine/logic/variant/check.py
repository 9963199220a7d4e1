"""Whether a full grid obeys every rule of a variant puzzle: the independent check of an answer."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.puzzle.model import XV, Arrow, Cage, Dot, GreaterThan, LittleKiller, Parity, Sandwich, Thermometer

if TYPE_CHECKING:
    from engine.puzzle.model import Puzzle


def _pairs(n: int) -> list[tuple[int, int]]:
    return [(c, c + 1) for c in range(n * n) if c % n < n - 1] + [(c, c + n) for c in range(n * n - n)]


def is_variant_solution(puzzle: Puzzle, values: Sequence[int]) -> bool:
    """True when ``values`` (N*N digits) fills the puzzle by every one of its rules; False otherwise."""
    n = puzzle.size
    if len(values) != n * n or any(not 1 <= v <= n for v in values):
        return False
    if any(g and g != v for g, v in zip(puzzle.givens, values, strict=True)):
        return False
    for house in puzzle.houses():
        ds = [values[c] for c in house.cells]
        if len(set(ds)) != len(ds):
            return False
    return _constraints_hold(puzzle, values) and _rules_hold(puzzle, values)


def _constraints_hold(puzzle: Puzzle, v: Sequence[int]) -> bool:
    n = puzzle.size
    for con in puzzle.constraints:
        if isinstance(con, Cage) and con.total is not None and sum(v[c] for c in con.cells) != con.total:
            return False
        if isinstance(con, Thermometer) and any(v[a] >= v[b] for a, b in zip(con.cells, con.cells[1:],
                                                                                  strict=False)):
            return False
        circle = int("".join(str(v[c]) for c in con.circle)) if isinstance(con, Arrow) else 0
        if isinstance(con, Arrow) and circle != sum(v[c] for c in con.line):
            return False
        if isinstance(con, LittleKiller) and sum(v[c] for c in con.cells) != con.total:
            return False
        if isinstance(con, Sandwich):
            line = [v[con.index * n + i] if con.axis == "row" else v[i * n + con.index] for i in range(n)]
            a, b = sorted((line.index(1), line.index(n)))
            if sum(line[a + 1:b]) != con.total:
                return False
        if isinstance(con, Dot):
            x, y = v[con.cells[0]], v[con.cells[1]]
            k = con.number
            white_wrong = con.colour == "white" and abs(x - y) != k
            if white_wrong or con.colour == "black" and x != k * y and y != k * x:
                return False
        if isinstance(con, XV) and v[con.cells[0]] + v[con.cells[1]] != con.total:
            return False
        if isinstance(con, GreaterThan) and v[con.cells[0]] <= v[con.cells[1]]:
            return False
        if isinstance(con, Parity) and (v[con.cell] % 2 == 0) != con.even:
            return False
    return True


def _rules_hold(puzzle: Puzzle, v: Sequence[int]) -> bool:
    n = puzzle.size
    rules = puzzle.rules()
    steps = []
    if "antiknight" in rules:
        steps += [(1, 2), (2, 1), (1, -2), (2, -1)]
    if "antiking" in rules:
        steps += [(1, 1), (1, -1)]
    for c in range(n * n):
        r, k = divmod(c, n)
        for dr, dk in steps:
            if 0 <= r + dr < n and 0 <= k + dk < n and v[(r + dr) * n + k + dk] == v[c]:
                return False
    marked = {frozenset(c.cells) for c in puzzle.constraints if isinstance(c, (Dot, XV, GreaterThan))}
    for a, b in _pairs(n):
        x, y = v[a], v[b]
        if "nonconsecutive" in rules and abs(x - y) == 1:
            return False
        if frozenset((a, b)) in marked:
            continue
        if "negative_white" in rules and abs(x - y) == 1 and all(
                d.number == 1 for d in puzzle.of_kind(Dot) if d.colour == "white"):
            return False
        if "negative_black" in rules and (x == 2 * y or y == 2 * x) and all(
                d.number == 2 for d in puzzle.of_kind(Dot) if d.colour == "black"):
            return False
        if "negative_xv" in rules and x + y in (5, 10):
            return False
    return True
