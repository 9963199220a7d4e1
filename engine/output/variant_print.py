"""A variant puzzle on paper: the grid of any size 4x4 to 16x16 with every constraint of the model drawn as
printed variant puzzles show it, and the words of its kind and rules; :mod:`engine.output.printing` lays
out the pages and calls :func:`draw_puzzle` for each grid that is not classic.

What is drawn, bottom to top (so digits stay readable over the shading):

    extra regions (Windoku)   cells shaded light grey
    odd / even                a grey circle / a grey square in the cell
    X diagonals               thin grey lines corner to corner
    thermometers              a grey bulb and a thick grey line through the cells' centres
    arrows                    a circle (a pill over several cells) and a thin line ending in a head
    the grid                  thin cell lines; thick lines wherever the region changes (boxes, jigsaw)
    killer cages              dashed outlines inset in the cells, the sum small in the top-left corner
    Kropki dots, XV, >        on the edge between the two cells: a white or black dot, a letter, a chevron
    outside clues             little killer sums with their arrows and sandwich sums, one cell outside
    digits                    1-16 as numbers; givens bold black, the solution's other digits grey

Global rules (anti-knight, anti-king, non-consecutive, disjoint groups, negative dots and XV) are not
drawn: :func:`rule_texts` words them for the lines under the grid.  :data:`DRAWN` lists the model's
constraint classes this module draws; a class the model gains and this module does not know is an
error at print time (:func:`draw_puzzle` raises), never a grid printed without its constraint.
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Any

from engine.puzzle.model import (
    XV,
    Arrow,
    Cage,
    Diagonal,
    Dot,
    ExtraRegion,
    GreaterThan,
    LittleKiller,
    Parity,
    Puzzle,
    Rule,
    Sandwich,
    Thermometer,
)

if TYPE_CHECKING:
    from fpdf import FPDF

DRAWN = (Cage, ExtraRegion, Diagonal, Rule, Thermometer, Arrow, LittleKiller, Sandwich, Dot, XV, Parity,
         GreaterThan)
"""Every constraint class the printer draws (a Rule as words under the grid)."""

SHADE, SHAPE, LINE = 218, 200, 140  # greys: extra regions; odd/even and thermometers; diagonals, arrows
STEPS = {"UR": (-1, 1), "DR": (1, 1), "DL": (1, -1), "UL": (-1, -1)}

KIND_WORDS = {  # a constraint class (or "jigsaw", a rule name) -> its name in a puzzle's kind
    "en": {"jigsaw": "Jigsaw", Cage: "Killer", "window": "Windoku", ExtraRegion: "Extra regions",
           Diagonal: "X", Thermometer: "Thermo", Arrow: "Arrow", LittleKiller: "Little killer",
           Sandwich: "Sandwich", Dot: "Kropki", XV: "XV", Parity: "Odd/even", GreaterThan: "Greater than",
           "antiknight": "Anti-knight", "antiking": "Anti-king", "nonconsecutive": "Non-consecutive",
           "disjointgroups": "Disjoint groups", "classic": "Classic"},
    "zh": {"jigsaw": "锯齿", Cage: "杀手", "window": "窗口", ExtraRegion: "额外区域", Diagonal: "对角线",
           Thermometer: "温度计", Arrow: "箭头", LittleKiller: "小杀手", Sandwich: "三明治", Dot: "黑白点",
           XV: "XV", Parity: "奇偶", GreaterThan: "不等号", "antiknight": "无马步", "antiking": "无王步",
           "nonconsecutive": "非连续", "disjointgroups": "同位", "classic": "标准"},
}
RULE_WORDS = {  # a rule -> the sentence printed under the grid
    "en": {"antiknight": "Anti-knight: cells a knight's move apart never hold the same digit.",
           "antiking": "Anti-king: cells that touch, even diagonally, never hold the same digit.",
           "nonconsecutive": "Non-consecutive: side-by-side cells never hold consecutive digits.",
           "disjointgroups": "Disjoint groups: cells in the same place of their boxes hold different digits.",
           "negative_white": "Every white dot is given: side-by-side digits differing by 1 have a white dot.",
           "negative_black": "Every black dot is given: side-by-side digits in ratio 1:2 have a black dot.",
           "negative_xv": "Every X and V is given: side-by-side digits summing to 10 or 5 have an X or a V."},
    "zh": {"antiknight": "无马步：相隔一个马步的两格数字不同。",
           "antiking": "无王步：相邻（含斜向相邻）的两格数字不同。",
           "nonconsecutive": "非连续：左右或上下相邻的两格数字不连续。",
           "disjointgroups": "同位：各宫中位置相同的格子数字不同。",
           "negative_white": "白点全部标出：相邻两格数字相差 1 时必有白点。",
           "negative_black": "黑点全部标出：相邻两格数字成 1:2 时必有黑点。",
           "negative_xv": "X 与 V 全部标出：相邻两格数字和为 10 或 5 时必有 X 或 V。"},
}
_TOKENS = re.compile(r"[\u3000-\u9fff\uff00-\uffef]|[^\s\u3000-\u9fff\uff00-\uffef]+\s*|\s+")


def _windows(size: int) -> set[tuple[int, ...]]:
    """The four Windoku windows of a 9x9 grid (rows and columns 2-4 and 6-8), as sorted cell tuples."""
    if size != 9:
        return set()
    return {tuple(r * 9 + c for r in range(r0, r0 + 3) for c in range(c0, c0 + 3)) for r0 in (1, 5)
            for c0 in (1, 5)}


def kind_name(puzzle: Puzzle, lang: str = "en") -> str:
    """The puzzle's kind in words ("Jigsaw X", "6x6 Killer", "16x16"); KeyError for a lang not en or zh."""
    words = KIND_WORDS[lang]
    keys: list[Any] = ["jigsaw"] if puzzle.is_jigsaw else []
    windows = _windows(puzzle.size)
    for con in puzzle.constraints:
        if isinstance(con, Rule):
            key: Any = con.name if con.name in words else None  # negative rules belong to their dots
        elif isinstance(con, ExtraRegion) and tuple(sorted(con.cells)) in windows:
            key = "window"
        else:
            key = type(con)
        if key is not None and key not in keys:
            keys.append(key)
    names = [words[k] for k in keys]
    if puzzle.size != 9:
        names.insert(0, f"{puzzle.size}x{puzzle.size}")
    return " ".join(names or [words["classic"]])


def rule_texts(puzzle: Puzzle, lang: str = "en") -> list[str]:
    """The sentences naming the puzzle's global rules, in the model's order; KeyError for an unknown lang."""
    seen: list[str] = []
    for con in puzzle.constraints:
        if isinstance(con, Rule) and con.name not in seen:
            seen.append(con.name)
    return [RULE_WORDS[lang][name] for name in seen]


def wrap(pdf: FPDF, text: str, width: float) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` in the current font (between words; between
    characters in Chinese); a word wider than the line stands alone."""
    lines, line = [], ""
    for token in _TOKENS.findall(text):
        if line and pdf.get_string_width((line + token).rstrip()) > width:
            lines.append(line.rstrip())
            line = token.lstrip()
        else:
            line += token
    if line.strip():
        lines.append(line.rstrip())
    return lines


def has_outside_clues(puzzle: Puzzle) -> bool:
    """True when clues are written outside the grid (little killers, sandwiches): a band of one cell."""
    return any(isinstance(c, (LittleKiller, Sandwich)) for c in puzzle.constraints)


class _Grid:
    """Where a puzzle's grid is on the page: its top-left corner, its cell's side and its size."""

    def __init__(self, pdf: FPDF, x: float, y: float, cell: float, puzzle: Puzzle) -> None:
        self.pdf, self.x, self.y, self.cell, self.puzzle, self.n = pdf, x, y, cell, puzzle, puzzle.size

    def corner(self, row: float, col: float) -> tuple[float, float]:
        return self.x + col * self.cell, self.y + row * self.cell

    def centre(self, cell: int) -> tuple[float, float]:
        r, c = divmod(cell, self.n)
        return self.corner(r + 0.5, c + 0.5)

    def edge_middle(self, a: int, b: int) -> tuple[float, float]:
        (xa, ya), (xb, yb) = self.centre(a), self.centre(b)
        return (xa + xb) / 2, (ya + yb) / 2

    def text(self, x: float, baseline: float, text: str, size: float, bold: bool = False) -> None:
        """Write ``text`` in Helvetica centred on ``x``."""
        self.pdf.set_font("helvetica", style="B" if bold else "", size=size)
        self.pdf.text(x - self.pdf.get_string_width(text) / 2, baseline, text)


def draw_puzzle(pdf: FPDF, x: float, y: float, cell: float, puzzle: Puzzle, digits: Any, bold: Any) -> None:
    """Draw the puzzle's grid with its top-left corner at (x, y) and cells ``cell`` points wide, every
    constraint, and ``digits`` (bold where ``bold``); TypeError for a constraint class it cannot draw."""
    unknown = [type(c).__name__ for c in puzzle.constraints if not isinstance(c, DRAWN)]
    if unknown:
        raise TypeError(f"the printer cannot draw {', '.join(sorted(set(unknown)))}")
    grid = _Grid(pdf, x, y, cell, puzzle)
    pdf.set_draw_color(0)
    _shading(grid)
    _diagonals(grid)
    for thermo in puzzle.of_kind(Thermometer):
        _thermometer(grid, thermo)
    for arrow in puzzle.of_kind(Arrow):
        _arrow(grid, arrow)
    _lines(grid)
    for cage in puzzle.of_kind(Cage):
        _cage(grid, cage)
    _edge_clues(grid)
    _outside_clues(grid)
    _digits(grid, digits, bold)
    pdf.set_draw_color(0)
    pdf.set_fill_color(255)
    pdf.set_text_color(0)


def _shading(g: _Grid) -> None:
    """Extra regions shaded grey; odd digits' circles and even digits' squares in a darker grey."""
    pdf, cell = g.pdf, g.cell
    pdf.set_fill_color(SHADE)
    for region in g.puzzle.of_kind(ExtraRegion):
        for c in region.cells:
            r, k = divmod(c, g.n)
            pdf.rect(*g.corner(r, k), cell, cell, style="F")
    pdf.set_fill_color(SHAPE)
    for parity in g.puzzle.of_kind(Parity):
        cx, cy = g.centre(parity.cell)
        if parity.even:
            pdf.rect(cx - cell * 0.36, cy - cell * 0.36, cell * 0.72, cell * 0.72, style="F")
        else:
            pdf.circle(cx, cy, cell * 0.38, style="F")


def _diagonals(g: _Grid) -> None:
    pdf, side = g.pdf, g.n * g.cell
    pdf.set_draw_color(LINE)
    pdf.set_line_width(max(0.5, g.cell * 0.03))
    for diagonal in g.puzzle.of_kind(Diagonal):
        if diagonal.anti:  # top left to bottom right
            pdf.line(g.x, g.y, g.x + side, g.y + side)
        else:
            pdf.line(g.x, g.y + side, g.x + side, g.y)
    pdf.set_draw_color(0)


def _thermometer(g: _Grid, thermo: Thermometer) -> None:
    pdf = g.pdf
    pdf.set_fill_color(SHAPE)
    pdf.set_draw_color(SHAPE)
    pdf.circle(*g.centre(thermo.cells[0]), g.cell * 0.36, style="F")
    if len(thermo.cells) > 1:
        pdf.set_line_width(g.cell * 0.26)
        with pdf.local_context(stroke_cap_style="ROUND", stroke_join_style="ROUND"):
            pdf.polyline([g.centre(c) for c in thermo.cells])
    pdf.set_draw_color(0)


def _arrow(g: _Grid, arrow: Arrow) -> None:
    """The circle (a pill when its cells make a straight run) and the line from its edge, with a head."""
    pdf, cell, n = g.pdf, g.cell, g.n
    pdf.set_draw_color(LINE - 60)
    pdf.set_line_width(max(0.6, cell * 0.04))
    radius = cell * 0.4
    rows, cols = {c // n for c in arrow.circle}, {c % n for c in arrow.circle}
    straight = (len(rows) == 1 or len(cols) == 1) and len(arrow.circle) == (max(rows) - min(rows) + 1) * (
        max(cols) - min(cols) + 1)
    if len(arrow.circle) > 1 and straight:
        x0, y0 = g.corner(min(rows) + 0.1, min(cols) + 0.1)
        x1, y1 = g.corner(max(rows) + 0.9, max(cols) + 0.9)
        # fpdf2 draws square corners when the radius is over half the side: stay just under
        pdf.rect(x0, y0, x1 - x0, y1 - y0, style="D", round_corners=True, corner_radius=radius * 0.99)
    else:
        for c in arrow.circle:
            pdf.circle(*g.centre(c), radius, style="D")
    head_row, head_col = divmod(arrow.line[0], n)
    start = min(arrow.circle, key=lambda c: max(abs(c // n - head_row), abs(c % n - head_col)))
    points = [g.centre(start), *(g.centre(c) for c in arrow.line)]
    (x0, y0), (x1, y1) = points[0], points[1]
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    points[0] = (x0 + (x1 - x0) * radius / length, y0 + (y1 - y0) * radius / length)  # from the circle's edge
    with g.pdf.local_context(stroke_join_style="ROUND"):
        pdf.polyline(points)
    (xa, ya), (xb, yb) = points[-2], points[-1]
    angle, head = math.atan2(yb - ya, xb - xa), cell * 0.22
    for turn in (2.6, -2.6):  # the two barbs, about 150 degrees from the line's direction
        pdf.line(xb, yb, xb + head * math.cos(angle + turn), yb + head * math.sin(angle + turn))
    pdf.set_draw_color(0)


def _lines(g: _Grid) -> None:
    """Thin lines between cells, thick ones where the region changes and around the grid."""
    pdf, cell, n, regions = g.pdf, g.cell, g.n, g.puzzle.regions
    thin, thick = max(0.4, min(0.6, cell * 0.03)), max(1.2, min(2.0, cell * 0.07))
    pdf.set_line_width(thin)
    side = n * cell
    for i in range(1, n):
        pdf.line(g.x + i * cell, g.y, g.x + i * cell, g.y + side)
        pdf.line(g.x, g.y + i * cell, g.x + side, g.y + i * cell)
    pdf.set_line_width(thick)
    for r in range(n):
        for c in range(n):
            here = regions[r * n + c]
            if c + 1 < n and regions[r * n + c + 1] != here:
                pdf.line(*g.corner(r, c + 1), *g.corner(r + 1, c + 1))
            if r + 1 < n and regions[(r + 1) * n + c] != here:
                pdf.line(*g.corner(r + 1, c), *g.corner(r + 1, c + 1))
    pdf.rect(g.x, g.y, side, side)


def _cage(g: _Grid, cage: Cage) -> None:
    """A dashed outline a little inside the cage's cells, with its sum on white in the top-left corner."""
    pdf, cell, n = g.pdf, g.cell, g.n
    inside = {divmod(c, n) for c in cage.cells}
    d = cell * 0.09
    pdf.set_line_width(max(0.4, cell * 0.025))
    pdf.set_dash_pattern(dash=max(1.0, cell * 0.07), gap=max(0.8, cell * 0.05))
    for r, c in inside:
        # each side of the cell on the cage's edge, as (dr, dc) to the outside and (ar, ac) along it
        for dr, dc, ar, ac in ((-1, 0, 0, 1), (1, 0, 0, 1), (0, -1, 1, 0), (0, 1, 1, 0)):
            if (r + dr, c + dc) in inside:
                continue
            ends = []
            for sign in (-1, 1):
                along = (r + sign * ar, c + sign * ac)
                if along not in inside:
                    reach = 0.5 - d / cell  # a convex corner: stop short
                elif (along[0] + dr, along[1] + dc) in inside:
                    reach = 0.5 + d / cell  # a concave corner: meet the next side's line
                else:
                    reach = 0.5  # the side runs on in the next cell
                ends.append(sign * reach)
            off = 0.5 - d / cell  # from the centre towards the outside
            y0, x0 = r + 0.5 + dr * off + ar * ends[0], c + 0.5 + dc * off + ac * ends[0]
            y1, x1 = r + 0.5 + dr * off + ar * ends[1], c + 0.5 + dc * off + ac * ends[1]
            pdf.line(*g.corner(y0, x0), *g.corner(y1, x1))
    pdf.set_dash_pattern()
    if cage.total is not None:
        first = min(cage.cells)
        size = max(4.5, cell * 0.26)
        pdf.set_font("helvetica", size=size)
        label = str(cage.total)
        x, y = g.corner(first // n, first % n)
        pdf.set_fill_color(255)
        pdf.rect(x + cell * 0.03, y + cell * 0.03, pdf.get_string_width(label) + cell * 0.08, size * 0.95,
                 style="F")
        pdf.text(x + cell * 0.07, y + cell * 0.03 + size * 0.8, label)


def _edge_clues(g: _Grid) -> None:
    """Kropki dots, X and V letters and greater-than chevrons, each on the edge between its two cells."""
    pdf, cell = g.pdf, g.cell
    pdf.set_line_width(max(0.5, cell * 0.03))
    for dot in g.puzzle.of_kind(Dot):
        x, y = g.edge_middle(*dot.cells)
        unusual = dot.value not in (0, 1 if dot.colour == "white" else 2)
        radius = cell * (0.16 if unusual else 0.11)
        pdf.set_fill_color(0 if dot.colour == "black" else 255)
        pdf.circle(x, y, radius, style="DF")
        if unusual:  # a dot of another difference or ratio carries its number
            pdf.set_text_color(255 if dot.colour == "black" else 0)
            g.text(x, y + radius * 0.45, str(dot.value), radius * 1.2)
            pdf.set_text_color(0)
    for xv in g.puzzle.of_kind(XV):
        x, y = g.edge_middle(*xv.cells)
        letter, size = ("X" if xv.total == 10 else "V" if xv.total == 5 else str(xv.total)), cell * 0.32
        pdf.set_font("helvetica", style="B", size=size)
        w = pdf.get_string_width(letter) + cell * 0.06
        pdf.set_fill_color(255)
        pdf.rect(x - w / 2, y - size * 0.45, w, size * 0.9, style="F")
        g.text(x, y + size * 0.36, letter, size, bold=True)
    for sign in g.puzzle.of_kind(GreaterThan):
        (xa, ya), (xb, yb) = g.centre(sign.cells[0]), g.centre(sign.cells[1])
        x, y = g.edge_middle(*sign.cells)
        ux, uy = (xb - xa) / cell, (yb - ya) / cell  # towards the smaller digit: the chevron's tip
        s = cell * 0.1
        pdf.polyline([(x - ux * s - uy * 1.6 * s, y - uy * s - ux * 1.6 * s), (x + ux * s, y + uy * s),
                      (x - ux * s + uy * 1.6 * s, y - uy * s + ux * 1.6 * s)])


def _outside_clues(g: _Grid) -> None:
    """Little killer sums with an arrow along their diagonal; sandwich sums above columns, left of rows."""
    pdf, cell, n = g.pdf, g.cell, g.n
    size = cell * 0.34
    pdf.set_line_width(max(0.5, cell * 0.03))
    for killer in g.puzzle.of_kind(LittleKiller):
        dr, dc = STEPS.get(killer.direction, (1, 1))
        first = killer.cells[0]
        row, col = first // n - dr, first % n - dc  # the clue sits one step before the diagonal's first cell
        if 0 <= row < n and 0 <= col < n:
            row, col = killer.clue
        cx, cy = g.corner(row + 0.5, col + 0.5)
        g.text(cx - dc * cell * 0.12, cy - dr * cell * 0.12 + size * 0.36, str(killer.total), size)
        tail = (cx + dc * cell * 0.2, cy + dr * cell * 0.2)
        tip = (cx + dc * cell * 0.45, cy + dr * cell * 0.45)
        pdf.line(*tail, *tip)
        head = cell * 0.12
        pdf.line(tip[0], tip[1], tip[0] - dc * head, tip[1])
        pdf.line(tip[0], tip[1], tip[0], tip[1] - dr * head)
    for sandwich in g.puzzle.of_kind(Sandwich):
        row, col = (-1, sandwich.index) if sandwich.axis == "col" else (sandwich.index, -1)
        cx, cy = g.corner(row + 0.5, col + 0.5)
        g.text(cx, cy + size * 0.36, str(sandwich.total), size * 1.2)


def _digits(g: _Grid, digits: Any, bold: Any) -> None:
    pdf, cell = g.pdf, g.cell
    for c in range(g.n * g.n):
        digit = int(digits[c])
        if digit:
            pdf.set_text_color(0 if bold[c] else 90)
            x, y = g.centre(c)
            size = cell * (0.62 if digit < 10 else 0.54)
            g.text(x, y + size * 0.36, str(digit), size, bold=bool(bold[c]))
    pdf.set_text_color(0)
