"""The one puzzle model: a size, its regions, its givens and a list of constraints (classic = none).

Glossary, for every size N in SIZES:
    cell      an index 0..N*N-1, ``row * N + col``; row and col are 0..N-1.
    digit     1..N; 0 marks an empty cell.  Written 1-9 then A-G (10-16) in N*N-character lines.
    region    one of the N all-different areas of N cells: the standard boxes or a jigsaw's pieces.
    house     any set of cells whose digits may not repeat: a row, a column, a region, an extra
              region, a diagonal, a disjoint group, a killer cage (``Puzzle.houses``).
    rule      a constraint on the whole grid (anti-knight, anti-king, non-consecutive, disjoint
              groups, and the negative rules of dots and XV: "every such pair is marked").

Every constraint is a frozen dataclass with a ``kind``, the one name it has on the wire (the model's
own JSON, ``Puzzle.to_dict``).  The solver, the formats and the drawing read the same records.
Roads not taken: one class per variant (Killer, Jigsaw, ...) — a puzzle mixes constraints freely, so
a variant is only a list of constraints; and a dict per constraint, which nothing would check.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any, ClassVar

from engine.errors import ParseError

# size -> (box rows, box columns); 6x6 boxes are 2 rows by 3 columns, as printed
SIZES: dict[int, tuple[int, int]] = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 12: (3, 4), 16: (4, 4)}
DIGIT_CHARS = "123456789ABCDEFG"
RULES = ("antiknight", "antiking", "nonconsecutive", "disjointgroups",
         "negative_white", "negative_black", "negative_xv")


def digit_char(digit: int) -> str:
    """Return the character of a digit 1-16 (1-9, then A-G), or "." for 0; IndexError past 16."""
    return "." if digit == 0 else DIGIT_CHARS[digit - 1]


def standard_regions(size: int) -> tuple[int, ...]:
    """Return each cell's box for a size of SIZES (boxes numbered row-major); KeyError for another size."""
    rows, cols = SIZES[size]
    return tuple((r // rows) * (size // cols) + c // cols for r in range(size) for c in range(size))


@dataclass(frozen=True)
class Cage:
    """Killer cage: its digits do not repeat and, when ``total`` is set, sum to it."""

    kind: ClassVar[str] = "cage"
    cells: tuple[int, ...]
    total: int | None = None


@dataclass(frozen=True)
class ExtraRegion:
    """Cells whose digits do not repeat: a Windoku window or a user region (``shape``, for drawing)."""

    kind: ClassVar[str] = "region"
    cells: tuple[int, ...]
    shape: str = "region"


@dataclass(frozen=True)
class Diagonal:
    """An X diagonal: ``anti`` False runs from the bottom left to the top right (f-puzzles' diagonal+)."""

    kind: ClassVar[str] = "diagonal"
    anti: bool = False


@dataclass(frozen=True)
class Rule:
    """A rule on the whole grid, one of RULES."""

    kind: ClassVar[str] = "rule"
    name: str


@dataclass(frozen=True)
class Thermometer:
    """Digits strictly increase from the bulb, ``cells[0]``, along the line."""

    kind: ClassVar[str] = "thermo"
    cells: tuple[int, ...]


@dataclass(frozen=True)
class Arrow:
    """The line's digits (they may repeat) sum to the circle's number (a pill of several cells reads as
    the number its digits write, in order)."""

    kind: ClassVar[str] = "arrow"
    circle: tuple[int, ...]
    line: tuple[int, ...]


@dataclass(frozen=True)
class LittleKiller:
    """The diagonal's digits (they may repeat) sum to ``total``; ``clue`` is the (row, col) outside the grid
    where the sum is written and ``direction`` (UR, DR, DL, UL) where its arrow points, for drawing."""

    kind: ClassVar[str] = "littlekiller"
    cells: tuple[int, ...]
    total: int
    clue: tuple[int, int] = (-1, -1)
    direction: str = "DR"


@dataclass(frozen=True)
class Sandwich:
    """The digits between the 1 and the N of a row (``axis`` "row") or column ("col") sum to ``total``."""

    kind: ClassVar[str] = "sandwich"
    axis: str
    index: int
    total: int


@dataclass(frozen=True)
class Dot:
    """A Kropki dot between two orthogonal neighbours: white, the digits differ by ``value`` (1 unless set);
    black, one is ``value`` (2 unless set) times the other."""

    kind: ClassVar[str] = "dot"
    cells: tuple[int, int]
    colour: str  # "white" or "black"
    value: int = 0  # 0: the usual 1 (white) or 2 (black)

    @property
    def number(self) -> int:
        """The difference or ratio the dot stands for."""
        return self.value or (1 if self.colour == "white" else 2)


@dataclass(frozen=True)
class XV:
    """An X (the two digits sum to 10) or a V (to 5) between two orthogonal neighbours."""

    kind: ClassVar[str] = "xv"
    cells: tuple[int, int]
    total: int  # 10 for X, 5 for V


@dataclass(frozen=True)
class Parity:
    """The cell's digit is even (``even``) or odd."""

    kind: ClassVar[str] = "parity"
    cell: int
    even: bool


@dataclass(frozen=True)
class GreaterThan:
    """The digit in ``cells[0]`` is greater than the digit in its neighbour ``cells[1]``."""

    kind: ClassVar[str] = "greater"
    cells: tuple[int, int]


Constraint = (Cage | ExtraRegion | Diagonal | Rule | Thermometer | Arrow | LittleKiller | Sandwich | Dot | XV
              | Parity | GreaterThan)
KINDS: dict[str, type] = {c.kind: c for c in (Cage, ExtraRegion, Diagonal, Rule, Thermometer, Arrow,
                                               LittleKiller, Sandwich, Dot, XV, Parity, GreaterThan)}


@dataclass(frozen=True)
class House:
    """Cells whose digits may not repeat; ``kind`` row, col, region, extra, diagonal, disjoint or cage,
    ``index`` its number among its kind (a cage's is its place in ``Puzzle.constraints``)."""

    kind: str
    index: int
    cells: tuple[int, ...]


@dataclass(frozen=True)
class Puzzle:
    """A puzzle of any size and constraints; ``Puzzle.checked`` raises ParseError for an inconsistent one."""

    size: int
    givens: tuple[int, ...]
    regions: tuple[int, ...] = ()
    constraints: tuple[Constraint, ...] = ()
    title: str = field(default="", compare=False)

    @classmethod
    def checked(cls, size: int, givens: Any, regions: Any = (), constraints: Any = (),
                title: str = "") -> Puzzle:
        """Return the puzzle after checking its size, digits, regions and cells; ParseError if wrong."""
        if size not in SIZES:
            raise ParseError(f"a puzzle of size {size} is not supported (sizes: 4, 6, 8, 9, 12, 16)")
        regions = tuple(int(r) for r in regions) or standard_regions(size)
        puzzle = cls(size, tuple(int(d) for d in givens), regions, tuple(constraints), title)
        puzzle._check()
        return puzzle

    @property
    def n_cells(self) -> int:
        return self.size * self.size

    @property
    def is_classic(self) -> bool:
        """A 9x9 puzzle with standard boxes and no constraint: the classic engine serves it."""
        return self.size == 9 and not self.constraints and self.regions == standard_regions(9)

    @property
    def is_jigsaw(self) -> bool:
        return self.regions != standard_regions(self.size)

    def rules(self) -> set[str]:
        """The names of the puzzle's global rules."""
        return {c.name for c in self.constraints if isinstance(c, Rule)}

    def of_kind(self, kind: type) -> list:
        """The constraints of one class, in order."""
        return [c for c in self.constraints if isinstance(c, kind)]

    def houses(self) -> list[House]:
        """Every group of cells whose digits may not repeat: rows, columns, regions, then the rest."""
        n = self.size
        houses = [House("row", r, tuple(range(r * n, r * n + n))) for r in range(n)]
        houses += [House("col", c, tuple(range(c, n * n, n))) for c in range(n)]
        pieces: list[list[int]] = [[] for _ in range(n)]
        for i, g in enumerate(self.regions):  # one pass: a scan per region was 4,096 steps at 16x16
            pieces[g].append(i)
        houses += [House("region", k, tuple(cells)) for k, cells in enumerate(pieces)]
        for index, con in enumerate(self.constraints):
            if isinstance(con, ExtraRegion):
                houses.append(House("extra", index, con.cells))
            elif isinstance(con, Diagonal):
                houses.append(House("diagonal", index, diagonal_cells(n, con.anti)))
            elif isinstance(con, Cage) and len(con.cells) > 1:
                houses.append(House("cage", index, con.cells))
        if "disjointgroups" in self.rules():
            boxes = standard_regions(n)
            for k in range(n):
                houses.append(House("disjoint", k, tuple(i for i in range(n * n)
                                                         if _place_in_box(i, n, boxes) == k)))
        return houses

    def to_dict(self) -> dict[str, Any]:
        """The model's own JSON form (docs/variants.md): size, givens as a line, regions unless standard,
        constraints as ``{"kind": ..., field: value}``."""
        out: dict[str, Any] = {"size": self.size, "givens": "".join(digit_char(d) for d in self.givens)}
        if self.is_jigsaw:
            out["regions"] = list(self.regions)
        if self.constraints:
            out["constraints"] = [{"kind": c.kind, **_plain(asdict(c))} for c in self.constraints]
        if self.title:
            out["title"] = self.title
        return out

    @classmethod
    def from_dict(cls, data: Any) -> Puzzle:
        """Read the model's own JSON form; ParseError names what is missing or unknown."""
        if not isinstance(data, dict) or "size" not in data or "givens" not in data:
            raise ParseError("a puzzle needs 'size' and 'givens'")
        size, text = data["size"], data["givens"]
        if not isinstance(size, int) or not isinstance(text, str):
            raise ParseError("'size' must be a number and 'givens' a line of digits")
        givens = [0 if ch in ".0" else DIGIT_CHARS.find(ch.upper()) + 1 for ch in text]
        if any(d == 0 and ch not in ".0" for d, ch in zip(givens, text, strict=True)):
            raise ParseError("'givens' holds a character that is not a digit")
        return cls.checked(size, givens, data.get("regions") or (),
                           [_constraint(c) for c in data.get("constraints", [])], str(data.get("title", "")))

    def _check(self) -> None:
        n, cells = self.size, self.size * self.size
        if len(self.givens) != cells:
            raise ParseError(f"a {n}x{n} puzzle has {cells} cells, not {len(self.givens)}")
        if any(not 0 <= d <= n for d in self.givens):
            raise ParseError(f"a {n}x{n} puzzle's digits are 1 to {n}")
        if len(self.regions) != cells or sorted(self.regions) != [k for k in range(n) for _ in range(n)]:
            raise ParseError(f"a {n}x{n} puzzle needs {n} regions of {n} cells each")
        for con in self.constraints:
            _check_constraint(con, n)


def diagonal_cells(size: int, anti: bool) -> tuple[int, ...]:
    """The cells of a diagonal: bottom left to top right (``anti`` False), else top left to bottom right."""
    if anti:
        return tuple(i * size + i for i in range(size))
    return tuple((size - 1 - i) * size + i for i in range(size))


def _place_in_box(cell: int, n: int, boxes: tuple[int, ...]) -> int:
    """The cell's place 0..n-1 inside its standard box (the disjoint group it belongs to)."""
    return [i for i in range(n * n) if boxes[i] == boxes[cell]].index(cell)


def _plain(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _constraint(data: Any) -> Constraint:
    if not isinstance(data, dict) or data.get("kind") not in KINDS:
        kind = data.get("kind") if isinstance(data, dict) else data
        raise ParseError(f"unknown constraint {str(kind)[:40]!r}")
    cls = KINDS[data["kind"]]
    names = {f.name for f in fields(cls)}
    try:
        values = {k: _tuple(v) if isinstance(v, list) else v for k, v in data.items() if k in names}
        return cls(**values)
    except TypeError as error:
        raise ParseError(f"constraint {data['kind']!r}: {error}") from None


def _tuple(value: list) -> tuple:
    return tuple(tuple(v) if isinstance(v, list) else v for v in value)


def _check_constraint(con: Constraint, n: int) -> None:
    """Raise ParseError for a constraint with a cell off the grid or a value it cannot have."""
    cells = constraint_cells(con)
    if any(not isinstance(c, int) or not 0 <= c < n * n for c in cells):
        raise ParseError(f"constraint {con.kind!r} names a cell off the {n}x{n} grid")
    if isinstance(con, Rule) and con.name not in RULES:
        raise ParseError(f"unknown rule {con.name[:40]!r}")
    if isinstance(con, (Dot, XV, GreaterThan)) and not _adjacent(*con.cells, n):
        raise ParseError(f"constraint {con.kind!r} joins cells that are not neighbours")
    if isinstance(con, Dot) and con.colour not in ("white", "black"):
        raise ParseError(f"a dot is white or black, not {con.colour[:20]!r}")
    if isinstance(con, Sandwich) and (con.axis not in ("row", "col") or not 0 <= con.index < n):
        raise ParseError("a sandwich sum names a row or a column of the grid")
    if isinstance(con, (Cage, Thermometer)) and len(set(cells)) != len(cells):
        raise ParseError(f"constraint {con.kind!r} names a cell twice")
    if isinstance(con, Arrow) and (not con.circle or set(con.circle) & set(con.line)):
        raise ParseError("an arrow needs a circle apart from its line")


def constraint_cells(con: Constraint) -> tuple[int, ...]:
    """Return the cells one constraint covers (an arrow's circle and line, a parity's cell; none for a rule,
    a diagonal or a sandwich, which name no cells); never fails."""
    if isinstance(con, Arrow):
        return con.circle + con.line
    if isinstance(con, Parity):
        return (con.cell,)
    return tuple(getattr(con, "cells", ()))


def _adjacent(a: int, b: int, n: int) -> bool:
    return abs(a // n - b // n) + abs(a % n - b % n) == 1
