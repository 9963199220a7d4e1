"""Variant puzzles on paper (issue 40): ``render_pdf`` and ``sudoku print`` draw every constraint of the
model, checked on the PDFs themselves: the words poppler's ``pdftotext -bbox`` reads (cage sums, outside
clues, rule names, digits read back into their cells), the drawing operators of the page's content stream
(dash patterns, circles) and the page as ``pdftoppm`` draws it (thick lines where regions change, grey
bulbs, black and white dots, the diagonals), located from the drawn grid itself, not from our layout code.
"""

from __future__ import annotations

import json
import re
import subprocess
import zlib
from collections import Counter
from html import unescape
from pathlib import Path

import numpy as np
import pytest

from engine import PrintedPuzzle, count_solutions, parse_puzzle, render_pdf, solve
from engine.cli import main
from engine.logic.variant import LEVELS
from engine.output.variant_print import DRAWN, draw_puzzle
from engine.puzzle import model
from engine.puzzle.model import Puzzle
from tests.harness.variant_data import TRAIN, Record, records

DPI = 150
_WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>')
_PAGE = re.compile(r"<page [^>]*>(.*?)</page>", re.S)
_CIRCLE = re.compile(r"m\s+(?:(?:-?[\d.]+ ){6}c\s+){4}(?:S|f|B)\b")  # fpdf2 draws a circle as 4 Béziers
_DASH = re.compile(r"\[[\d. ]+\] [\d.]+ d")  # a dash pattern set ("[] 0 d" ends one)
LEVEL_WORDS = {en for en, _, _ in LEVELS}


def _record(rid: str) -> Record:
    return next(r for r in records() if r.id == rid)


def _render(tmp: Path, puzzles: list, **options: object) -> Path:
    pdf = tmp / "v.pdf"
    pdf.write_bytes(render_pdf(puzzles, paper="a4", **options))
    return pdf


def _words(pdf: Path) -> list[list[tuple[float, float, float, float, str]]]:
    """Each page's words as (xMin, yMin, xMax, yMax, text) in points, as pdftotext -bbox reads them."""
    html = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True)
    return [[(float(a), float(b), float(c), float(d), unescape(t)) for a, b, c, d, t in _WORD.findall(page)]
            for page in _PAGE.findall(html.stdout)]


def _streams(pdf: Path) -> list[str]:
    """The pages' content streams, inflated (Helvetica is not embedded: every stream is a page's)."""
    data = pdf.read_bytes()
    out = []
    for raw in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", data, re.S):
        try:
            out.append(zlib.decompress(raw).decode("latin-1"))
        except zlib.error:
            out.append(raw.decode("latin-1"))
    return out


def _image(pdf: Path, tmp: Path, page: int = 1) -> np.ndarray:
    """The page drawn by pdftoppm in grey at DPI, as a 2-D array (0 black .. 255 white)."""
    stem = tmp / f"img{page}"
    subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", "-f", str(page), "-l", str(page), "-singlefile",
                    str(pdf), str(stem)], check=True)
    data = Path(f"{stem}.pgm").read_bytes()
    header = data.split(b"\n", 3)
    width, height = map(int, header[1].split())
    return np.frombuffer(header[3][: width * height], dtype=np.uint8).reshape(height, width)


def _grid_box(img: np.ndarray) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) in pixels of the largest grid drawn: the outermost of the long lines."""
    dark = img < 128
    box = []
    for counts in (dark.sum(axis=0), dark.sum(axis=1)):
        lines = np.flatnonzero(counts > 0.8 * counts.max())
        first, last = lines[lines <= lines[0] + 8], lines[lines >= lines[-1] - 8]
        box.append((first.mean(), last.mean()))
    (left, right), (top, bottom) = box
    return left, top, right, bottom


def _cell_px(img: np.ndarray, n: int) -> tuple[float, float, float]:
    left, top, right, _ = _grid_box(img)
    return left, top, (right - left) / n


def _read_back(words: list, img: np.ndarray, n: int) -> list[int]:
    """The N*N digits written in the grid's cells (words at least a third of a cell tall; 0: empty)."""
    left, top, cell = _cell_px(img, n)
    scale = DPI / 72
    digits = [0] * (n * n)
    for x0, y0, x1, y1, text in words:
        if not text.isdigit() or (y1 - y0) * scale < cell / 3:
            continue
        col, row = ((x0 + x1) / 2 * scale - left) / cell, ((y0 + y1) / 2 * scale - top) / cell
        if 0 <= row < n and 0 <= col < n:
            assert digits[int(row) * n + int(col)] == 0
            digits[int(row) * n + int(col)] = int(text)
    return digits


def _thick_edges(img: np.ndarray, n: int) -> set[tuple[int, int]]:
    """The pairs of neighbouring cells whose shared edge is drawn thick (3 px or more at 150 dpi)."""
    left, top, cell = _cell_px(img, n)
    thick = set()
    for r in range(n):
        for c in range(n):
            for dr, dc in ((0, 1), (1, 0)):
                if r + dr >= n or c + dc >= n:
                    continue
                x, y = left + (c + 0.5 + dc * 0.5) * cell, top + (r + 0.5 + dr * 0.5) * cell
                run = img[int(y), int(x) - 6: int(x) + 7] if dc else img[int(y) - 6: int(y) + 7, int(x)]
                if (run < 128).sum() >= 3:
                    thick.add((r * n + c, (r + dr) * n + c + dc))
    return thick


def _region_edges(puzzle: model.Puzzle) -> set[tuple[int, int]]:
    n, regions = puzzle.size, puzzle.regions
    return {(a, b) for a in range(n * n) for b in (a + 1, a + n)
            if b < n * n and (b != a + 1 or a % n < n - 1) and regions[a] != regions[b]}


def _pixel(img: np.ndarray, n: int, row: float, col: float, reach: int = 2) -> tuple[int, int]:
    """(darkest, lightest) pixel within ``reach`` of the point (row, col) in cells."""
    left, top, cell = _cell_px(img, n)
    x, y = int(left + col * cell), int(top + row * cell)
    patch = img[y - reach: y + reach + 1, x - reach: x + reach + 1]
    return int(patch.min()), int(patch.max())


def _label(words: list) -> str:
    first = min(words, key=lambda w: (round(w[1]), w[0]))
    return " ".join(w[4] for w in sorted(words, key=lambda w: w[0]) if abs(w[1] - first[1]) < 1)


# --- every constraint class of the model ---------------------------------------------------------------

ONE_OF_EACH = {
    model.Cage: model.Cage((0, 1, 9), 12),
    model.ExtraRegion: model.ExtraRegion((10, 11, 12, 19, 20, 21, 28, 29, 30)),
    model.Diagonal: model.Diagonal(True),
    model.Rule: model.Rule("antiknight"),
    model.Thermometer: model.Thermometer((40, 41, 42)),
    model.Arrow: model.Arrow((40,), (41, 42)),
    model.LittleKiller: model.LittleKiller((0, 10, 20, 30, 40, 50, 60, 70, 80), 45, (-1, -1), "DR"),
    model.Sandwich: model.Sandwich("row", 0, 17),
    model.Dot: model.Dot((40, 41), "black"),
    model.XV: model.XV((40, 41), 10),
    model.Parity: model.Parity(40, True),
    model.GreaterThan: model.GreaterThan((40, 41)),
}


def test_the_printer_draws_every_constraint_class_of_the_model() -> None:
    assert set(model.KINDS.values()) == set(DRAWN) == set(ONE_OF_EACH)


def _sheet(constraints: tuple) -> PrintedPuzzle:
    puzzle = model.Puzzle(9, (0,) * 81, model.standard_regions(9), constraints)
    return PrintedPuzzle(1, np.zeros(81, np.uint8), np.zeros(81, np.uint8), "", 0.0, puzzle)


@pytest.mark.parametrize("kind", list(model.KINDS))
def test_each_constraint_leaves_its_mark_on_the_page(tmp_path: Path, kind: str) -> None:
    bare = _render(tmp_path, [_sheet(())])
    bare_img, bare_ops = _image(bare, tmp_path), _streams(bare)[0]
    marked = _render(tmp_path, [_sheet((ONE_OF_EACH[model.KINDS[kind]],))])
    img, ops = _image(marked, tmp_path), _streams(marked)[0]
    assert ops != bare_ops
    assert img.shape == bare_img.shape and (np.abs(img.astype(int) - bare_img) > 60).sum() > 10
    total = getattr(ONE_OF_EACH[model.KINDS[kind]], "total", None)
    if total is not None:  # the sum of a cage, a little killer or a sandwich is written; an XV its letter
        words = [w[4] for w in _words(marked)[0]]
        assert ("X" if kind == "xv" else str(total)) in words


def test_a_constraint_class_the_printer_does_not_know_is_an_error() -> None:
    from fpdf import FPDF

    class Renban:  # a constraint the model might gain one day
        kind = "renban"

    puzzle = model.Puzzle(9, (0,) * 81, model.standard_regions(9), (Renban(),))  # type: ignore[arg-type]
    pdf = FPDF(unit="pt")
    pdf.add_page()
    with pytest.raises(TypeError, match="cannot draw Renban"):
        draw_puzzle(pdf, 10, 10, 20, puzzle, [0] * 81, [False] * 81)


# --- published puzzles -----------------------------------------------------------------------------------

def test_a_killer_prints_dashed_cages_with_their_sums_and_its_solution(tmp_path: Path) -> None:
    record = _record("iss-killer")
    puzzle = record.puzzle
    cages = puzzle.of_kind(model.Cage)
    assert not any(puzzle.givens) and all(c.total for c in cages)
    pdf = _render(tmp_path, [puzzle], solutions=True)
    pages, streams = _words(pdf), _streams(pdf)
    assert len(pages) == 2
    label = _label(pages[0]).split(" · ")
    assert label[:2] == ["No. 1", "Killer"] and label[2] in LEVEL_WORDS
    img = _image(pdf, tmp_path)
    left, top, right, bottom = (v * 72 / DPI for v in _grid_box(img))
    sums = [w[4] for w in pages[0] if left < w[0] and w[2] < right and top < w[1] and w[3] < bottom]
    assert Counter(sums) == Counter(str(c.total) for c in cages)
    assert len(_DASH.findall(streams[0])) == len(cages)  # one dashed outline a cage
    solution_img = _image(pdf, tmp_path, 2)
    assert _read_back(pages[1], solution_img, 9) == list(record.solution)  # the data file's solution


@pytest.fixture(scope="module")
def jigsaw_x() -> model.Puzzle:
    """A Jigsaw X made here (train.jsonl has none): an X solution, jigsaw regions it fills, givens removed."""
    from engine.make.variants import jigsaw_regions, random_solution, remove_givens

    rng = np.random.default_rng(7)
    diagonals = (model.Diagonal(False), model.Diagonal(True))
    x = model.Puzzle(9, (0,) * 81, model.standard_regions(9), diagonals)
    solution = random_solution(x, rng)
    jigsaw = model.Puzzle(9, (0,) * 81, jigsaw_regions(solution, 9, rng), x.constraints)
    return remove_givens(jigsaw, solution, rng)


def test_a_jigsaw_x_has_thick_region_borders_and_both_diagonals(tmp_path: Path, jigsaw_x: Puzzle) -> None:
    assert jigsaw_x.is_jigsaw and count_solutions(jigsaw_x, 2) == 1
    pdf = _render(tmp_path, [jigsaw_x], solutions=True)
    pages = _words(pdf)
    assert _label(pages[0]).startswith("No. 1 · Jigsaw X · ")
    img = _image(pdf, tmp_path)
    assert _thick_edges(img, 9) == _region_edges(jigsaw_x)
    assert _read_back(pages[0], img, 9) == list(jigsaw_x.givens)
    for i in range(9):  # a quarter of a cell from each diagonal cell's corner: the line, grey
        for row, col in ((i + 0.25, i + 0.25), (i + 0.25, 8.75 - i)):
            dark, _ = _pixel(img, 9, row, col)
            assert dark < 200, (row, col)
    assert _pixel(img, 9, 0.25, 2.25)[0] > 230  # off the diagonals: white
    solution = _read_back(pages[1], _image(pdf, tmp_path, 2), 9)
    assert solution == list(solve(jigsaw_x))


def test_thermometers_and_arrows_have_bulbs_circles_and_lines(tmp_path: Path) -> None:
    puzzle = _record("iss-ctc-tribute").puzzle
    thermos, arrows = puzzle.of_kind(model.Thermometer), puzzle.of_kind(model.Arrow)
    assert thermos and arrows and all(len(a.circle) == 1 for a in arrows)
    pdf = _render(tmp_path, [puzzle])
    assert len(_CIRCLE.findall(_streams(pdf)[0])) == len(thermos) + len(arrows)
    img = _image(pdf, tmp_path)
    n = puzzle.size
    for thermo in thermos:
        r, c = divmod(thermo.cells[0], n)
        left, top, cell = _cell_px(img, n)
        x, y, reach = int(left + (c + 0.5) * cell), int(top + (r + 0.5) * cell), int(cell * 0.25)
        assert 150 < np.median(img[y - reach: y + reach, x - reach: x + reach]) < 235  # the bulb: grey
    for arrow in arrows:
        r, c = divmod(arrow.circle[0], n)
        assert _pixel(img, n, r + 0.5, c + 0.5)[1] > 240  # inside the circle: white
        assert _pixel(img, n, r + 0.5, c + 0.1)[0] < 150  # its ring
    text = " ".join(w[4] for w in _words(pdf)[0])
    for cage in puzzle.of_kind(model.Cage):
        assert str(cage.total) in text


def test_an_arrow_from_several_cells_has_a_pill(tmp_path: Path) -> None:
    puzzle = _record("iss-pill-arrow-sudoku").puzzle
    pills = [a.circle for a in puzzle.of_kind(model.Arrow) if len(a.circle) > 1]
    assert pills
    img = _image(_render(tmp_path, [puzzle]), tmp_path)
    for cells in pills:
        (r0, c0), (r1, c1) = divmod(min(cells), 9), divmod(max(cells), 9)
        assert r0 == r1 or c0 == c1
        across = c0 != c1  # the pill lies along its row
        # its outline a tenth of a cell inside both ends, across the middle of the run
        for end in (0.1, (c1 - c0 if across else r1 - r0) + 0.9):
            row, col = (r0 + 0.5, c0 + end) if across else (r0 + end, c0 + 0.5)
            assert _pixel(img, 9, row, col)[0] < 150, (cells, end)
        # its straight side, where a circle of the first cell would have curved away already
        side = (r0 + 0.1, c0 + 0.75) if across else (r0 + 0.75, c0 + 0.1)
        assert _pixel(img, 9, *side)[0] < 150, cells


def test_kropki_dots_and_xv_letters_sit_on_their_edges(tmp_path: Path) -> None:
    kropki, xv = _record("iss-kropki-sudoku").puzzle, _record("iss-xv-sudoku").puzzle
    dots = kropki.of_kind(model.Dot)
    pdf = _render(tmp_path, [kropki])
    assert len(_CIRCLE.findall(_streams(pdf)[0])) == len(dots)
    img = _image(pdf, tmp_path)
    for dot in dots:
        (ra, ca), (rb, cb) = divmod(dot.cells[0], 9), divmod(dot.cells[1], 9)
        dark, light = _pixel(img, 9, (ra + rb) / 2 + 0.5, (ca + cb) / 2 + 0.5, reach=1)
        assert (light < 80) if dot.colour == "black" else (dark > 200), dot
    words = [w[4] for w in _words(_render(tmp_path, [xv]))[0]]
    letters = Counter("X" if c.total == 10 else "V" for c in xv.of_kind(model.XV))
    assert Counter(w for w in words if w in ("X", "V")) == letters


def test_a_6x6_little_killer_writes_its_sums_outside_the_grid(tmp_path: Path) -> None:
    record = _record("iss-6x6-little-killer")
    killers = record.puzzle.of_kind(model.LittleKiller)
    pdf = _render(tmp_path, [record.puzzle], per_page=2, solutions=True)
    pages = _words(pdf)
    assert _label(pages[0]).startswith("No. 1 · 6x6 Little killer")
    img = _image(pdf, tmp_path)
    left, top, right, bottom = (v * 72 / DPI for v in _grid_box(img))
    outside = [w[4] for w in pages[0] if w[2] < left or w[0] > right or w[3] < top or w[1] > bottom]
    assert Counter(killers_total := [str(k.total) for k in killers]) <= Counter(outside), killers_total
    assert _thick_edges(img, 6) == _region_edges(record.puzzle)  # 2x3 boxes
    assert _read_back(pages[0], img, 6) == list(record.puzzle.givens)
    assert _read_back(pages[1], _image(pdf, tmp_path, 2), 6) == list(record.solution)


def test_a_16x16_jigsaw_prints_digits_10_to_16_as_numbers(tmp_path: Path) -> None:
    record = _record("iss-16x16-jigsaw")
    pdf = _render(tmp_path, [record.puzzle], solutions=True)
    pages = _words(pdf)
    assert _label(pages[0]).startswith("No. 1 · 16x16 Jigsaw · ")
    img = _image(pdf, tmp_path)
    assert _read_back(pages[0], img, 16) == list(record.puzzle.givens)
    assert any(d > 9 for d in record.puzzle.givens)
    assert _thick_edges(img, 16) == _region_edges(record.puzzle)
    assert _read_back(pages[1], _image(pdf, tmp_path, 2), 16) == list(record.solution)


def test_global_rules_are_named_under_the_grid_in_english_and_chinese(tmp_path: Path) -> None:
    puzzle = _record("iss-anti-knight-anti-consecutive").puzzle
    assert puzzle.rules() == {"antiknight", "nonconsecutive"}
    for lang, words in (("en", ("Anti-knight:", "Non-consecutive:")), ("zh", ("无马步：", "非连续："))):
        pdf = _render(tmp_path, [puzzle], per_page=4, lang=lang)
        text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
        assert all(w in text for w in words), (lang, text)
        img = _image(pdf, tmp_path)
        bottom = _grid_box(img)[3] * 72 / DPI
        rule_lines = [w for w in _words(pdf)[0] if w[4].startswith(words[0])]
        assert rule_lines and all(w[1] > bottom for w in rule_lines)  # under the grid
    assert "第 1 题 · 无马步 非连续 · " in text


def test_sudoku_print_takes_variant_lines_mixed_with_classic_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = {json.loads(line)["id"]: json.loads(line) for line in TRAIN.read_text().splitlines()}
    killer = json.dumps(rows["iss-killer"]["fpuzzles"])
    six = rows["iss-6x6"]["fpuzzles"]
    six_line = "".join(str(parse_puzzle(json.dumps(six)).givens[i] or ".") for i in range(36))
    classic = ".5.4.3..8.4...652..2.............4...3.....6.6..1.2.83..8...........5..2.....76.5"
    src, out = tmp_path / "in.txt", tmp_path / "out.pdf"
    src.write_text("\n".join([classic, killer, six_line]) + "\n")
    assert main(["print", str(src), "-o", str(out), "--per-page", "4"]) == 0
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
    assert re.search(r"No\. 1 · \w+ · \d\.\d", text)  # classic: level and SE score
    assert "No. 2 · Killer · " in text and "No. 3 · 6x6 · " in text
    src.write_text(classic + "\n" + '{"size":9,"grid":[[{}]],"renban":[{"lines":[["R1C1","R1C2"]]}]}\n')
    out.write_bytes(b"old")
    assert main(["print", str(src), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "puzzle 2: not a puzzle" in err and "renban" in err
    assert out.read_bytes() == b"old"


def test_a_grid_of_another_size_prints_and_a_repeated_given_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 0]  # a 4x4 as the app holds it: one cell to fill
    pdf = _render(tmp_path, [grid], solutions=True)
    pages = _words(pdf)
    assert _label(pages[0]).startswith("No. 1 · 4x4 · ")
    assert _read_back(pages[1], _image(pdf, tmp_path, 2), 4) == [*grid[:15], 1]
    src, out = tmp_path / "in.txt", tmp_path / "out.pdf"
    src.write_text("11..............\n")
    assert main(["print", str(src), "-o", str(out)]) == 1
    assert "puzzle 1: repeated 1 in row 1 (r1c1, r1c2)" in capsys.readouterr().err
    assert not out.exists()
