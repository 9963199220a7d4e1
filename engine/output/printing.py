"""Puzzles on paper: a PDF of vector grids, 1, 2, 4 or 6 to a page, with the solutions at the end.

One code path for the CLI (``sudoku print``) and the app's "Print…": :func:`render_pdf` takes
puzzles and options and returns the PDF's bytes; :func:`write_pdf` writes them to a file that is
replaced only when complete.  Each puzzle is printed with its number, level and score; a puzzle
given as a plain grid is rated and solved here, or the caller passes a :class:`PrintedPuzzle` it
made already (the app knows its puzzles' ratings).

The PDF is drawn by fpdf2 (pure Python, 3 MB; Pillow, which it uses only for images, is not
needed): grids are lines and rectangles (crisp at any zoom and on any printer), digits are the
built-in Helvetica (nothing embedded), and text beyond Latin-1 (a Chinese title, ``lang="zh"``)
uses an installed font found by :mod:`engine.output.fonts`, of which only the used glyphs are embedded.
Roads not taken: reportlab (it cannot embed Noto CJK's CFF outlines) and writing PDF by hand.

Page geometry, in points (1/72 inch): a 36 pt margin (12.7 mm, inside every printer's
unprintable edge); the slots of a page are a 1x1, 1x2, 2x2 or 2x3 table; a slot holds a label
line and the largest square grid that fits.  Solutions come after the puzzles, six to a page.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from engine.errors import InvalidPuzzleError, SudokuError
from engine.grid import N_CELLS
from engine.output.atomic import write_atomically
from engine.output.variant_print import draw_puzzle, has_outside_clues, kind_name, rule_texts, wrap
from engine.puzzle.model import Puzzle

if TYPE_CHECKING:
    from fpdf import FPDF

    from engine.output.fonts import FontFile

PER_PAGE = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3)}
"""Puzzles per page -> (columns, rows) of the page's table."""
SOLUTIONS_PER_PAGE = 6
PAPERS = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
"""Paper -> (width, height) in points."""
LETTER_TERRITORIES = frozenset(
    {"US", "CA", "MX", "PH", "CL", "CO", "VE", "PR", "CR", "GT", "PA", "SV", "DO", "NI"}
)
"""Where Letter is the usual paper (glibc's LC_PAPER for these locales)."""

MARGIN = 36.0
HEADER = 34.0  # title line, when there is a title
FOOTER = 18.0
LABEL = 18.0  # the number, level and score line above a grid
GAP = 16.0  # between slots
THIN, THICK = 0.6, 2.0  # line widths: cells; boxes and the border

WORDS = {
    "en": {"number": "No. {n}", "solutions": "Solutions", "solution": "Solution {n}"},
    "zh": {"number": "第 {n} 题", "solutions": "答案", "solution": "第 {n} 题答案"},
}


class PrintError(SudokuError):
    """Puzzles that cannot be printed: none, an unsolvable one or one with several solutions."""


class PrintedPuzzle(NamedTuple):
    """One puzzle as printed: its number, givens and solution (N*N digits each), level and score, and
    for a variant its model (None for a classic 9x9 puzzle; a variant without a level has level "")."""

    number: int
    givens: np.ndarray
    solution: np.ndarray
    level: str
    score: float
    puzzle: Puzzle | None = None


def printed_puzzle(puzzle: Any, number: int) -> PrintedPuzzle:
    """Return the printable :class:`PrintedPuzzle` of a puzzle (a grid, or a model :class:`Puzzle` of any
    size and variant), rated and solved; raises ValueError for a grid that is not N*N digits,
    InvalidPuzzleError for a repeated given and PrintError for a puzzle without exactly one solution."""
    from engine.logic.human import checked_grid
    from engine.puzzle.parse import LINE_SIZES

    if isinstance(puzzle, (list, tuple)) and len(puzzle) in LINE_SIZES and len(puzzle) != 81:
        puzzle = Puzzle.checked(LINE_SIZES[len(puzzle)], puzzle)  # the app's grid of another size
    if isinstance(puzzle, Puzzle):
        if not puzzle.is_classic:
            return _printed_variant(puzzle, number)
        puzzle = np.asarray(puzzle.givens, dtype=np.uint8)
    from engine.rating.difficulty import rate
    from engine.solve.solver import Status, classify

    givens = checked_grid(puzzle)
    found = classify(givens)
    if found.status is not Status.UNIQUE:
        what = "has no solution" if found.status is Status.UNSOLVABLE else "has more than one solution"
        raise PrintError(f"puzzle {number} {what}; only puzzles with one solution are printed")
    rating = rate(givens, unique=True)
    return PrintedPuzzle(number, givens, found.solution, rating.level.value, rating.score)


def _printed_variant(puzzle: Puzzle, number: int) -> PrintedPuzzle:
    """The variant's :class:`PrintedPuzzle`: solved and counted by the variant solver, levelled by the
    variant logic; InvalidPuzzleError for a repeated given, PrintError unless it has one solution."""
    from engine.logic.variant import rate_variant
    from engine.puzzle.solving import count_solutions, repeated_givens, solve

    if repeats := repeated_givens(puzzle):
        raise InvalidPuzzleError(repeats[0])  # "repeated 5 in row 1 (r1c1, r1c4)"; callers add the number
    count = count_solutions(puzzle, limit=2)
    if count != 1:
        what = "has no solution" if count == 0 else "has more than one solution"
        raise PrintError(f"puzzle {number} {what}; only puzzles with one solution are printed")
    solution = solve(puzzle) or []
    rating = rate_variant(puzzle, tuple(solution))
    digits = np.asarray(puzzle.givens, dtype=np.uint8), np.asarray(solution, dtype=np.uint8)
    return PrintedPuzzle(number, *digits, rating.level, rating.score, puzzle)


def default_paper(environ: Mapping[str, str] | None = None) -> str:
    """Return ``letter`` when the locale's territory uses Letter (LC_ALL, LC_PAPER, LANG), else ``a4``."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_PAPER", "LANG"):
        value = env.get(name, "")
        if value:
            territory = value.split(".")[0].split("@")[0].partition("_")[2].upper()
            return "letter" if territory in LETTER_TERRITORIES else "a4"
    return "a4"


def _needs_font(text: str) -> bool:
    try:
        text.encode("latin-1")
    except UnicodeEncodeError:
        return True
    return False


def _label(item: PrintedPuzzle, lang: str) -> str:
    """"No. 3 · hard · 4.2" for a classic puzzle; "No. 3 · Killer · medium" for a variant (no SE score)."""
    from engine.rating.difficulty import Difficulty

    if item.puzzle is not None:
        from engine.logic.variant import LEVELS

        level = {en: zh for en, zh, _ in LEVELS}.get(item.level, item.level) if lang == "zh" else item.level
        parts = [WORDS[lang]["number"].format(n=item.number), kind_name(item.puzzle, lang), level]
        return " · ".join(p for p in parts if p)
    level = Difficulty(item.level).zh if lang == "zh" else item.level
    return f"{WORDS[lang]['number'].format(n=item.number)} · {level} · {item.score:.1f}"


class _Writer:
    """The document being drawn: the fpdf2 object, the text font, and the page geometry."""

    def __init__(self, paper: str, title: str, font: FontFile | None) -> None:
        with warnings.catch_warnings():  # fpdf2 warns when Pillow is missing: the bundle leaves it out
            warnings.filterwarnings("ignore", message="Pillow could not be imported")
            from fpdf import FPDF

        width, height = PAPERS[paper]
        self.pdf: FPDF = FPDF(unit="pt", format=(width, height))
        self.pdf.set_auto_page_break(False)
        self.pdf.set_margin(MARGIN)
        self.pdf.set_creator("Sudoku Studio")
        self.pdf.set_title(title or "Sudoku")
        self.width, self.height = width, height
        self.text_font = "helvetica"  # built in: Latin-1 only
        if font is not None:
            self.text_font = "text"
            self.pdf.add_font(self.text_font, fname=font.path, collection_font_number=font.index)

    def page(self, heading: str) -> tuple[float, float, float, float]:
        """Start a page with ``heading`` on top; return the area (x, y, w, h) left for the slots."""
        self.pdf.add_page()
        top = MARGIN
        if heading:  # 16 pt, smaller if that is needed to fit the line
            self.pdf.set_font(self.text_font, size=16)
            room = self.width - 2 * MARGIN
            self.pdf.set_font_size(16 * min(1.0, room / max(1.0, self.pdf.get_string_width(heading))))
            self.text(self.width / 2, top + 16, heading, centre=True)
            top += HEADER
        return MARGIN, top, self.width - 2 * MARGIN, self.height - top - MARGIN - FOOTER

    def text(self, x: float, baseline: float, text: str, centre: bool = False) -> None:
        if centre:
            x -= self.pdf.get_string_width(text) / 2
        self.pdf.text(x, baseline, text)

    def slot(
        self, x: float, y: float, side: float, label: str, digits: np.ndarray, givens: np.ndarray
    ) -> None:
        """Draw ``label`` above a 9x9 grid at (x, y), ``side`` points wide, holding ``digits`` (the
        givens' cells in bold black, the others in grey)."""
        self.pdf.set_font(self.text_font, size=min(16.0, max(10.0, side / 30)))
        self.text(x, y - 6, label)
        pdf, cell, bold = self.pdf, side / 9, givens != 0
        pdf.set_draw_color(0)
        for i in range(1, 9):
            if i % 3:
                pdf.set_line_width(THIN)
                pdf.line(x + i * cell, y, x + i * cell, y + side)
                pdf.line(x, y + i * cell, x + side, y + i * cell)
        pdf.set_line_width(THICK)
        for i in (3, 6):
            pdf.line(x + i * cell, y, x + i * cell, y + side)
            pdf.line(x, y + i * cell, x + side, y + i * cell)
        pdf.rect(x, y, side, side)
        size = cell * 0.62
        for c in range(N_CELLS):
            if digits[c]:
                pdf.set_font("helvetica", style="B" if bold[c] else "", size=size)
                pdf.set_text_color(0 if bold[c] else 90)
                r, k = divmod(c, 9)
                self.text(x + (k + 0.5) * cell, y + (r + 0.5) * cell + size * 0.36, str(int(digits[c])), True)
        pdf.set_text_color(0)

    def draw(self, item: PrintedPuzzle, where: tuple[float, float, float], label: str, digits: np.ndarray,
             rules: Sequence[str]) -> None:
        """Draw one grid of ``item`` showing ``digits`` in the slot ``where`` (x, y, side)."""
        if item.puzzle is None:
            self.slot(*where, label, digits, item.givens)
        else:
            self.variant_slot(*where, label, item.puzzle, digits, item.givens, rules)

    def variant_slot(self, x: float, y: float, side: float, label: str, puzzle: Puzzle, digits: np.ndarray,
                     givens: np.ndarray, rules: Sequence[str]) -> None:
        """Draw ``label`` above a variant's grid in the ``side``-point square at (x, y): the grid with its
        constraints (and a band of one cell around it for clues outside), ``rules`` in lines under it."""
        size = min(16.0, max(10.0, side / 30))
        self.pdf.set_font(self.text_font, size=size)
        wide = self.pdf.get_string_width(label)  # a kind of many constraints: set smaller to fit the slot
        self.pdf.set_font_size(size * min(1.0, side / max(1.0, wide)))
        self.text(x, y - 6, label)
        size = min(10.0, max(6.0, side / 45))
        self.pdf.set_font(self.text_font, size=size)
        lines = [line for rule in rules for line in wrap(self.pdf, rule, side)]
        room = side - (len(lines) * size * 1.3 + size * 0.6 if lines else 0.0)
        band = 1 if has_outside_clues(puzzle) else 0
        cell = room / (puzzle.size + 2 * band)
        left = x + (side - puzzle.size * cell) / 2
        draw_puzzle(self.pdf, left, y + band * cell, cell, puzzle, digits, givens != 0)
        self.pdf.set_font(self.text_font, size=size)
        for i, line in enumerate(lines):
            self.text(x + side / 2, y + room + size * (1.5 + 1.3 * i), line, centre=True)

    def footer(self, total: int) -> None:
        self.pdf.set_font("helvetica", size=9)
        page = f"{self.pdf.page_no()} / {total}"
        self.text(self.width / 2, self.height - MARGIN + 4, page, centre=True)


def _slots(area: tuple[float, float, float, float], per_page: int) -> list[tuple[float, float, float]]:
    """Return (x, y, side) of each grid on a page, row by row, with LABEL points above each."""
    x0, y0, w, h = area
    cols, rows = PER_PAGE[per_page]
    slot_w, slot_h = (w - GAP * (cols - 1)) / cols, (h - GAP * (rows - 1)) / rows
    side = min(slot_w, slot_h - LABEL)
    out = []
    for r in range(rows):
        for c in range(cols):
            sx, sy = x0 + c * (slot_w + GAP), y0 + r * (slot_h + GAP)
            out.append((sx + (slot_w - side) / 2, sy + LABEL + (slot_h - LABEL - side) / 2, side))
    return out


def _pages(count: int, per_page: int) -> list[range]:
    """Return the puzzles' indices page by page."""
    return [range(i, min(i + per_page, count)) for i in range(0, count, per_page)]


def _text_font(texts: Iterable[str]) -> FontFile | None:
    """Return the font file the words need, or None when Helvetica has them all (Latin-1)."""
    from engine.output.fonts import font_for

    wide = "".join(t for t in texts if _needs_font(t))
    return font_for(wide) if wide else None


def render_pdf(
    puzzles: Sequence[PrintedPuzzle | Any],
    per_page: int = 1,
    solutions: bool = False,
    title: str = "",
    paper: str | None = None,
    lang: str = "en",
) -> bytes:
    """Return a PDF of the puzzles: each a :class:`PrintedPuzzle`, or a grid rated and numbered here.

    ``paper`` is ``a4`` or ``letter`` (default: by the locale, :func:`default_paper`); with
    ``solutions`` the solutions follow on the last pages.  Raises ValueError for a bad option or
    grid, InvalidPuzzleError or PrintError for a puzzle that cannot be printed (and for none at
    all), and MissingFontError if no installed font has the title's or labels' characters.
    """
    if per_page not in PER_PAGE:
        raise ValueError(f"per_page must be one of 1, 2, 4, 6; got {per_page}")
    paper = default_paper() if paper is None else paper
    if paper not in PAPERS:
        raise ValueError(f"paper must be a4 or letter; got {paper!r}")
    if lang not in WORDS:
        raise ValueError(f"lang must be en or zh; got {lang!r}")
    if not puzzles:
        raise PrintError("there is no puzzle to print")
    items = [p if isinstance(p, PrintedPuzzle) else printed_puzzle(p, i + 1) for i, p in enumerate(puzzles)]
    labels = [_label(item, lang) for item in items]
    rules = [rule_texts(item.puzzle, lang) if item.puzzle is not None else [] for item in items]
    words = WORDS[lang]
    texts = [title, *labels, *(r for rs in rules for r in rs), words["solutions"], words["solution"]]
    writer = _Writer(paper, title, _text_font(texts))
    puzzle_pages = _pages(len(items), per_page)
    solution_pages = _pages(len(items), SOLUTIONS_PER_PAGE) if solutions else []
    total = len(puzzle_pages) + len(solution_pages)
    # zip(strict=False): the last page may have fewer puzzles than slots
    for page in puzzle_pages:
        for i, (x, y, side) in zip(page, _slots(writer.page(title), per_page), strict=False):
            writer.draw(items[i], (x, y, side), labels[i], items[i].givens, rules[i])
        writer.footer(total)
    for page in solution_pages:
        slots = _slots(writer.page(words["solutions"]), SOLUTIONS_PER_PAGE)
        for i, (x, y, side) in zip(page, slots, strict=False):
            label = words["solution"].format(n=items[i].number)
            writer.draw(items[i], (x, y, side), label, items[i].solution, [])
        writer.footer(total)
    return bytes(writer.pdf.output())


def write_pdf(path: str, puzzles: Sequence[PrintedPuzzle | Any], **options: Any) -> None:
    """Write :func:`render_pdf`'s PDF to ``path``, replacing the file only once the PDF is whole;
    raises what render_pdf raises, and OutputError (nothing changed) if the file cannot be written."""
    write_atomically(path, render_pdf(puzzles, **options))

