"""An independent checker and a brute-force solver for puzzles of the model, written from the rules'
prose for the tests: nothing here shares code with the engine's solver.

``satisfies(puzzle, digits)`` checks a filled grid against every constraint; ``brute_solve`` and
``brute_count`` search cell by cell (houses pruned as digits go in, every other constraint checked once
its cells are filled), fast enough for 4x4 puzzles and small 6x6 ones.
"""

from __future__ import annotations

import engine


def _rc(cell: int, n: int) -> tuple[int, int]:
    return divmod(cell, n)


def satisfies(puzzle: engine.Puzzle, digits: list[int]) -> bool:
    """True if ``digits`` fill the grid, keep the givens and obey every constraint of ``puzzle``."""
    n = puzzle.size
    if len(digits) != n * n or any(not 1 <= d <= n for d in digits):
        return False
    if any(g and g != d for g, d in zip(puzzle.givens, digits, strict=True)):
        return False
    groups = [[r * n + c for c in range(n)] for r in range(n)]
    groups += [[r * n + c for r in range(n)] for c in range(n)]
    groups += [[i for i in range(n * n) if puzzle.regions[i] == k] for k in range(n)]
    rules = puzzle.rules()
    for con in puzzle.constraints:
        if isinstance(con, (engine.ExtraRegion, engine.Cage)):
            groups.append(list(con.cells))
        if isinstance(con, engine.Diagonal):
            groups.append([i * n + (i if con.anti else n - 1 - i) for i in range(n)])
    if any(len({digits[c] for c in g}) != len(g) for g in groups):
        return False
    pairs = [(a, b) for a in range(n * n) for b in range(a + 1, n * n)]
    for a, b in pairs:
        (ra, ca), (rb, cb) = _rc(a, n), _rc(b, n)
        dr, dc = abs(ra - rb), abs(ca - cb)
        same = digits[a] == digits[b]
        if "antiknight" in rules and {dr, dc} == {1, 2} and same:
            return False
        if "antiking" in rules and max(dr, dc) == 1 and same:
            return False
        if dr + dc == 1 and "nonconsecutive" in rules and abs(digits[a] - digits[b]) == 1:
            return False
    marked = {frozenset(c.cells) for c in puzzle.constraints if isinstance(c, (engine.Dot, engine.XV))}
    for a, b in pairs:
        if sum(map(abs, (a // n - b // n, a % n - b % n))) != 1 or frozenset((a, b)) in marked:
            continue
        x, y = digits[a], digits[b]
        if "negative_white" in rules and abs(x - y) == 1:
            return False
        if "negative_black" in rules and (x == 2 * y or y == 2 * x):
            return False
        if "negative_xv" in rules and x + y in (5, 10):
            return False
    return all(_holds(con, digits, n) for con in puzzle.constraints)


def _holds(con: object, digits: list[int], n: int) -> bool:
    if isinstance(con, engine.Cage):
        return con.total is None or sum(digits[c] for c in con.cells) == con.total
    if isinstance(con, engine.Thermometer):
        return all(digits[a] < digits[b] for a, b in zip(con.cells, con.cells[1:], strict=False))
    if isinstance(con, engine.Arrow):
        return int("".join(str(digits[c]) for c in con.circle)) == sum(digits[c] for c in con.line)
    if isinstance(con, engine.LittleKiller):
        return sum(digits[c] for c in con.cells) == con.total
    if isinstance(con, engine.Sandwich):
        cells = [con.index * n + k if con.axis == "row" else k * n + con.index for k in range(n)]
        line = [digits[c] for c in cells]
        i, j = sorted((line.index(1), line.index(n)))
        return sum(line[i + 1 : j]) == con.total
    if isinstance(con, engine.Dot):
        x, y = (digits[c] for c in con.cells)
        return abs(x - y) == con.number if con.colour == "white" else con.number in (x / y, y / x)
    if isinstance(con, engine.XV):
        return sum(digits[c] for c in con.cells) == con.total
    if isinstance(con, engine.Parity):
        return digits[con.cell] % 2 == (0 if con.even else 1)
    if isinstance(con, engine.GreaterThan):
        return digits[con.cells[0]] > digits[con.cells[1]]
    return True


def _houses(puzzle: engine.Puzzle) -> list[list[int]]:
    n = puzzle.size
    groups = [[r * n + c for c in range(n)] for r in range(n)]
    groups += [[r * n + c for r in range(n)] for c in range(n)]
    groups += [[i for i in range(n * n) if puzzle.regions[i] == k] for k in range(n)]
    for con in puzzle.constraints:
        if isinstance(con, (engine.ExtraRegion, engine.Cage)):
            groups.append(list(con.cells))
        if isinstance(con, engine.Diagonal):
            groups.append([i * n + (i if con.anti else n - 1 - i) for i in range(n)])
    return groups


def _cells(con: object, n: int) -> tuple[int, ...]:
    if isinstance(con, engine.Arrow):
        return con.circle + con.line
    if isinstance(con, engine.Parity):
        return (con.cell,)
    if isinstance(con, engine.Sandwich):
        return tuple(con.index * n + k if con.axis == "row" else k * n + con.index for k in range(n))
    return tuple(getattr(con, "cells", ()))


def _search(puzzle: engine.Puzzle, limit: int) -> tuple[int, list[int] | None]:
    n = puzzle.size
    peers = [set() for _ in range(n * n)]
    for house in _houses(puzzle):
        for cell in house:
            peers[cell].update(c for c in house if c != cell)
    # a constraint is checked when its last cell (in search order) is filled
    last: dict[int, list] = {}
    for con in puzzle.constraints:
        cells = _cells(con, n)
        if cells:
            last.setdefault(max(cells), []).append(con)
    digits = list(puzzle.givens)
    if any(digits[p] == digits[c] for c in range(n * n) if digits[c] for p in peers[c]):
        return 0, None
    found: list[list[int]] = []

    def place(cell: int) -> None:
        if len(found) >= limit:
            return
        if cell == n * n:
            if satisfies(puzzle, digits):
                found.append(list(digits))
            return
        options = [digits[cell]] if puzzle.givens[cell] else range(1, n + 1)
        for d in options:
            if not puzzle.givens[cell] and any(digits[p] == d for p in peers[cell]):
                continue
            digits[cell] = d
            if all(_holds(con, digits, n) for con in last.get(cell, ())):
                place(cell + 1)
            if not puzzle.givens[cell]:
                digits[cell] = 0

    place(0)
    return len(found), (found[0] if found else None)


def brute_count(puzzle: engine.Puzzle, limit: int = 2) -> int:
    """The number of solutions of ``puzzle``, counted up to ``limit``."""
    return _search(puzzle, limit)[0]


def brute_solve(puzzle: engine.Puzzle) -> list[int] | None:
    """One solution of ``puzzle`` (the first in cell order), or None."""
    return _search(puzzle, 1)[1]


# stands in for engine.solve.variant where a build does not have it yet (tests only)
