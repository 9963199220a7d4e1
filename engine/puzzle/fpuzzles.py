"""f-puzzles JSON in and out: the form f-puzzles.com saves, and its links and SudokuPad's ``fpuzzles``
ids carry.

The JSON (community typings: github.com/yusitnikov puzzletv's ``FPuzzlesPuzzle``, lisudoku's sudoku-formats)::

    {"size": 9, "title": "...", "grid": [[{"value": 5, "given": true, "region": 0}, {}, ...], ...],
     "killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"}], "diagonal+": true, ...}

Cells are ``"R1C1"``, 1-based; a clue outside the grid (little killer, sandwich) has row or column 0
(or N+1).  ``grid[r][c]`` holds a given as ``value`` with ``given: true`` (a value without it is a
solver's entry, not a given) and its region when the regions are not the standard boxes.

Keys read (one model record each): ``killercage`` (Cage), ``extraregion`` (ExtraRegion),
``diagonal+`` / ``diagonal-`` (Diagonal), ``antiknight``, ``antiking``, ``nonconsecutive``,
``disjointgroups`` (Rule), ``thermometer`` (one Thermometer per line), ``arrow`` (one Arrow per line;
a line starts inside its circle, so circle cells are taken off it), ``littlekillersum``, ``sandwichsum``,
``difference`` / ``ratio`` (white / black Dot), ``xv``, ``odd`` / ``even`` (Parity) and ``negative``
(the list of "every such pair is marked" rules: ``difference``, ``ratio``, ``xv``).  f-puzzles has no
greater-than sign: a puzzle holding one cannot be written here (the model's own JSON holds it).

Keys that only draw (title, author, rules text, solution, ``text``, ``line``, ``rectangle``,
``circle``, ``cage`` and the like) are left out of the model; any other key is a constraint the model
does not know, and the puzzle is refused naming it (UnknownConstraintError), never read without it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from typing import Any

from engine.errors import ParseError, UnknownConstraintError
from engine.puzzle import model
from engine.puzzle.model import Constraint, Puzzle, standard_regions

# keys that carry no constraint: metadata, the editor's settings and drawing only (fog hides the grid
# while it is played, it adds no rule)
COSMETIC = frozenset({"title", "author", "ruleset", "solution", "isSolutionBlank", "text", "line",
                      "rectangle", "circle", "cage", "disabledlogic", "truecandidatesoptions",
                      "activeConstraints", "fogofwar", "foglight"})
# keys of a grid cell that carry nothing to solve: colours and the player's pencil marks
_COSMETIC_CELL = frozenset({"c", "highlight", "centerPencilMarks", "cornerPencilMarks", "candidates"})
_BOOLEAN_RULES = ("antiknight", "antiking", "nonconsecutive", "disjointgroups")
# f-puzzles "negative" entry -> the model's rule
NEGATIVE = {"difference": "negative_white", "ratio": "negative_black", "xv": "negative_xv"}
_CELL = re.compile(r"\s*R(\d+)\s*C(\d+)\s*", re.IGNORECASE)
_STEPS = {"UR": (-1, 1), "UL": (-1, -1), "DR": (1, 1), "DL": (1, -1)}


def cell_index(name: Any, size: int) -> int:
    """Return the cell of an ``"R1C1"`` name on a grid of ``size``; ParseError for a name off the grid."""
    row, col = _position(name, size, outside=False)
    return row * size + col


def cell_ref(cell: int, size: int) -> str:
    """Return the ``"R1C1"`` name of a cell (1-based, as f-puzzles writes it)."""
    return f"R{cell // size + 1}C{cell % size + 1}"


def _position(name: Any, size: int, outside: bool) -> tuple[int, int]:
    """Return the 0-based (row, col) of an ``"R1C1"`` name; -1 and ``size`` only when ``outside``."""
    match = _CELL.fullmatch(name) if isinstance(name, str) else None
    if match is None:
        raise ParseError(f"{str(name)[:20]!r} is not a cell (expected e.g. 'R1C1')")
    row, col = int(match[1]) - 1, int(match[2]) - 1
    low, high = (-1, size) if outside else (0, size - 1)
    if not (low <= row <= high and low <= col <= high):
        raise ParseError(f"cell {name!r} is off the {size}x{size} grid")
    return row, col


def _cells(names: Any, size: int) -> tuple[int, ...]:
    if not isinstance(names, list):
        raise ParseError("expected a list of cells")
    return tuple(cell_index(name, size) for name in names)


def _number(value: Any) -> int | None:
    """Return a clue's number (f-puzzles writes "15"); None when the clue is blank."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ParseError(f"{str(value)[:20]!r} is not a number")
    try:
        return int(value)
    except ValueError:
        raise ParseError(f"{value[:20]!r} is not a number") from None


def _entries(value: Any) -> list[dict]:
    if not isinstance(value, list) or not all(isinstance(e, dict) for e in value):
        raise ParseError("expected a list of objects")
    return value


# --- reading: one function per key, each returning the key's constraints in order ----------------

def _read_cages(value: Any, size: int) -> list[Constraint]:
    return [model.Cage(_cells(e.get("cells"), size), _number(e.get("value"))) for e in _entries(value)]


def _read_extra(value: Any, size: int) -> list[Constraint]:
    return [model.ExtraRegion(_cells(e.get("cells"), size)) for e in _entries(value)]


def _lines(entry: dict, size: int) -> list[tuple[int, ...]]:
    lines = entry.get("lines")
    if not isinstance(lines, list):
        raise ParseError("expected 'lines', a list of lists of cells")
    return [_cells(line, size) for line in lines]


def _read_thermos(value: Any, size: int) -> list[Constraint]:
    return [model.Thermometer(line) for e in _entries(value) for line in _lines(e, size) if line]


def _read_arrows(value: Any, size: int) -> list[Constraint]:
    out: list[Constraint] = []
    for e in _entries(value):
        circle = _cells(e.get("cells"), size)
        for line in _lines(e, size):
            shaft = tuple(c for c in line if c not in circle)
            if circle and shaft:  # a circle without a shaft only draws
                out.append(model.Arrow(circle, shaft))
    return out


def _read_little_killers(value: Any, size: int) -> list[Constraint]:
    out: list[Constraint] = []
    for e in _entries(value):
        total = _number(e.get("value"))
        if total is None:  # an arrow without its sum only draws
            continue
        clue = _position(e.get("cell"), size, outside=True)
        direction = str(e.get("direction", "")).upper()
        if direction not in _STEPS:
            raise ParseError(f"a little killer points UR, UL, DR or DL, not {direction[:10]!r}")
        cells = _cells(e["cells"], size) if e.get("cells") else _diagonal(clue, direction, size)
        out.append(model.LittleKiller(cells, total, clue, direction))
    return out


def _diagonal(clue: tuple[int, int], direction: str, size: int) -> tuple[int, ...]:
    """The cells a little killer's arrow runs through, from its clue outside the grid."""
    (row, col), (dr, dc) = clue, _STEPS[direction]
    cells = []
    row, col = row + dr, col + dc
    while 0 <= row < size and 0 <= col < size:
        cells.append(row * size + col)
        row, col = row + dr, col + dc
    if not cells:
        raise ParseError("a little killer's arrow misses the grid")
    return tuple(cells)


def _read_sandwiches(value: Any, size: int) -> list[Constraint]:
    out: list[Constraint] = []
    for e in _entries(value):
        total = _number(e.get("value"))
        if total is None:
            continue
        row, col = _position(e.get("cell"), size, outside=True)
        if row in (-1, size) and 0 <= col < size:
            out.append(model.Sandwich("col", col, total))
        elif col in (-1, size) and 0 <= row < size:
            out.append(model.Sandwich("row", row, total))
        else:
            raise ParseError(f"a sandwich sum sits beside a row or a column, not at {e.get('cell')!r}")
    return out


def _read_dots(colour: str) -> Callable[[Any, int], list[Constraint]]:
    usual = 1 if colour == "white" else 2

    def read(value: Any, size: int) -> list[Constraint]:
        out: list[Constraint] = []
        for e in _entries(value):
            a, b = _pair(e, size)
            number = _number(e.get("value"))
            out.append(model.Dot((a, b), colour, 0 if number in (None, usual) else number))
        return out

    return read


def _pair(entry: dict, size: int) -> tuple[int, int]:
    cells = _cells(entry.get("cells"), size)
    if len(cells) != 2:
        raise ParseError("a dot or an XV joins two cells")
    return cells[0], cells[1]


def _read_xv(value: Any, size: int) -> list[Constraint]:
    out: list[Constraint] = []
    for e in _entries(value):
        letter = str(e.get("value", "")).strip().upper()
        if letter not in ("X", "V"):
            raise ParseError(f"an XV clue is X or V, not {letter[:10]!r}")
        out.append(model.XV(_pair(e, size), 10 if letter == "X" else 5))
    return out


def _read_parity(even: bool) -> Callable[[Any, int], list[Constraint]]:
    def read(value: Any, size: int) -> list[Constraint]:
        return [model.Parity(cell_index(e.get("cell"), size), even) for e in _entries(value)]

    return read


def _read_diagonal(anti: bool) -> Callable[[Any, int], list[Constraint]]:
    return lambda value, size: [model.Diagonal(anti)] if value is True else []


def _read_rule(name: str) -> Callable[[Any, int], list[Constraint]]:
    return lambda value, size: [model.Rule(name)] if value is True else []


def _read_negative(value: Any, size: int) -> list[Constraint]:
    if not isinstance(value, list):
        raise ParseError("expected a list of names")
    unknown = tuple(str(v) for v in value if v not in NEGATIVE)
    if unknown:
        raise UnknownConstraintError(tuple(f"negative {name}" for name in unknown))
    return [model.Rule(NEGATIVE[name]) for name in NEGATIVE if name in value]


# f-puzzles key -> reader, in the order the constraints are put in the model (and written back)
READERS: dict[str, Callable[[Any, int], list[Constraint]]] = {
    "diagonal+": _read_diagonal(False),
    "diagonal-": _read_diagonal(True),
    **{name: _read_rule(name) for name in _BOOLEAN_RULES},
    "negative": _read_negative,
    "killercage": _read_cages,
    "extraregion": _read_extra,
    "thermometer": _read_thermos,
    "arrow": _read_arrows,
    "littlekillersum": _read_little_killers,
    "sandwichsum": _read_sandwiches,
    "difference": _read_dots("white"),
    "ratio": _read_dots("black"),
    "xv": _read_xv,
    "odd": _read_parity(False),
    "even": _read_parity(True),
}


def read_fpuzzles(data: Any) -> Puzzle:
    """Return the puzzle of f-puzzles JSON (text or the decoded object); UnknownConstraintError naming a
    constraint the model does not know, ParseError for anything else that is wrong."""
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except (ValueError, RecursionError) as err:
            raise ParseError(f"not JSON: {str(err)[:80]}") from None
    if not isinstance(data, dict) or "size" not in data or "grid" not in data:
        raise ParseError("f-puzzles JSON needs 'size' and 'grid'")
    known = READERS.keys() | COSMETIC | {"size", "grid"}
    unknown = tuple(sorted(k for k in data if k not in known))
    if unknown:
        raise UnknownConstraintError(unknown)
    size = data["size"]
    if not isinstance(size, int) or isinstance(size, bool):
        raise ParseError("'size' must be a number")
    if size not in (4, 6, 8, 9, 12, 16):
        raise ParseError(f"a puzzle of size {size} is not supported (sizes: 4, 6, 8, 9, 12, 16)")
    givens, regions = _read_grid(data["grid"], size)
    constraints: list[Constraint] = []
    for key, reader in READERS.items():
        if key in data:
            try:
                constraints += reader(data[key], size)
            except UnknownConstraintError:
                raise
            except ParseError as err:
                raise ParseError(f"f-puzzles {key!r}: {err.message}") from None
            except (KeyError, TypeError, ValueError, AttributeError) as err:
                what = f"{type(err).__name__}: {err}"[:120]
                raise ParseError(f"f-puzzles {key!r} is malformed ({what})") from None
    title = data.get("title")
    return Puzzle.checked(size, givens, regions, constraints, title if isinstance(title, str) else "")


def _read_grid(grid: Any, size: int) -> tuple[list[int], list[int]]:
    """Return the givens and the regions (renumbered in order of first appearance) of ``grid``."""
    if not isinstance(grid, list) or len(grid) != size or any(
            not isinstance(row, list) or len(row) != size for row in grid):
        raise ParseError(f"'grid' must be {size} rows of {size} cells")
    boxes = standard_regions(size)
    givens, labels = [], []
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if not isinstance(cell, dict):
                raise ParseError(f"cell R{r + 1}C{c + 1} of 'grid' is not an object")
            # an empty entry says nothing (f-puzzles writes "givenPencilMarks": null on every cell)
            extra = sorted(k for k, v in cell.items()
                           if k not in _COSMETIC_CELL | {"value", "given", "region"} and v not in (None, []))
            if extra:
                raise UnknownConstraintError(tuple(f"grid {k}" for k in extra))
            value = cell.get("value") if cell.get("given") is True else None
            givens.append(_given(value, size, r, c))
            label = cell.get("region", boxes[r * size + c])
            if not isinstance(label, int) or isinstance(label, bool):
                raise ParseError(f"cell R{r + 1}C{c + 1} is in no region (every cell needs one)")
            labels.append(label)
    order: dict[int, int] = {}
    regions = [order.setdefault(label, len(order)) for label in labels]
    return givens, regions


def _given(value: Any, size: int, r: int, c: int) -> int:
    if value is None:
        return 0
    digit = _number(value) if not isinstance(value, bool) else None
    if digit is None or not 1 <= digit <= size:
        raise ParseError(f"cell R{r + 1}C{c + 1} holds {str(value)[:10]!r}, not a digit 1-{size}")
    return digit


# --- writing ----------------------------------------------------------------------------------------

def write_fpuzzles(puzzle: Puzzle) -> dict[str, Any]:
    """Return ``puzzle`` as f-puzzles JSON (a dict, for ``json.dumps``); ValueError for a greater-than sign,
    which f-puzzles cannot hold."""
    n = puzzle.size
    grid: list[list[dict[str, Any]]] = [[{} for _ in range(n)] for _ in range(n)]
    for cell, digit in enumerate(puzzle.givens):
        if digit:
            grid[cell // n][cell % n].update(value=digit, given=True)
    if puzzle.is_jigsaw:
        for cell, region in enumerate(puzzle.regions):
            grid[cell // n][cell % n]["region"] = region
    out: dict[str, Any] = {"size": n}
    if puzzle.title:
        out["title"] = puzzle.title
    out["grid"] = grid
    keyed: dict[str, list[Any]] = {}
    for con in puzzle.constraints:
        key, entry = _entry(con, n)
        keyed.setdefault(key, []).append(entry)
    for key in READERS:
        if key in keyed:
            out[key] = _merged(key, keyed[key])
    return out


def _merged(key: str, entries: list[Any]) -> Any:
    if key in ("diagonal+", "diagonal-", *_BOOLEAN_RULES):
        return True
    if key == "negative":
        return [name for name in NEGATIVE if name in entries]
    return entries


def _refs(cells: Iterable[int], n: int) -> list[str]:
    return [cell_ref(c, n) for c in cells]


def _entry(con: Constraint, n: int) -> tuple[str, Any]:
    """Return the f-puzzles key of a constraint and its entry under that key."""
    if isinstance(con, model.Cage):
        entry: dict[str, Any] = {"cells": _refs(con.cells, n)}
        if con.total is not None:
            entry["value"] = str(con.total)
        return "killercage", entry
    if isinstance(con, model.ExtraRegion):
        return "extraregion", {"cells": _refs(con.cells, n)}
    if isinstance(con, model.Diagonal):
        return ("diagonal-" if con.anti else "diagonal+"), True
    if isinstance(con, model.Rule):
        negative = {rule: name for name, rule in NEGATIVE.items()}
        return ("negative", negative[con.name]) if con.name in negative else (con.name, True)
    if isinstance(con, model.Thermometer):
        return "thermometer", {"lines": [_refs(con.cells, n)]}
    if isinstance(con, model.Arrow):
        return "arrow", {"cells": _refs(con.circle, n), "lines": [_refs((_anchor(con, n), *con.line), n)]}
    if isinstance(con, model.LittleKiller):
        clue = f"R{con.clue[0] + 1}C{con.clue[1] + 1}"
        return "littlekillersum", {"cell": clue, "cells": _refs(con.cells, n), "direction": con.direction,
                                   "value": str(con.total)}
    if isinstance(con, model.Sandwich):
        clue = f"R0C{con.index + 1}" if con.axis == "col" else f"R{con.index + 1}C0"
        return "sandwichsum", {"cell": clue, "value": str(con.total)}
    if isinstance(con, model.Dot):
        entry = {"cells": _refs(con.cells, n)}
        if con.value:
            entry["value"] = str(con.value)
        return ("difference" if con.colour == "white" else "ratio"), entry
    if isinstance(con, model.XV):
        return "xv", {"cells": _refs(con.cells, n), "value": "X" if con.total == 10 else "V"}
    if isinstance(con, model.Parity):
        return ("even" if con.even else "odd"), {"cell": cell_ref(con.cell, n)}
    if isinstance(con, model.GreaterThan):
        raise ValueError("f-puzzles has no greater-than sign: write this puzzle as the model's own JSON")
    raise ValueError(f"f-puzzles cannot hold a {type(con).__name__}")


def _anchor(arrow: model.Arrow, n: int) -> int:
    """The circle cell an arrow's line leaves from: the one touching the line's first cell (f-puzzles
    starts a line inside its circle)."""
    head = arrow.line[0]
    for cell in reversed(arrow.circle):
        if max(abs(cell // n - head // n), abs(cell % n - head % n)) == 1:
            return cell
    return arrow.circle[-1]


def dumps(puzzle: Puzzle) -> str:
    """Return ``puzzle`` as one line of compact f-puzzles JSON; ValueError as :func:`write_fpuzzles`."""
    return json.dumps(write_fpuzzles(puzzle), separators=(",", ":"), ensure_ascii=False)
