"""``sudoku print`` and engine.output.printing, checked on the PDFs with poppler: ``pdftotext -bbox`` must
find every given in its cell (read back from the digits' positions under each puzzle's label, not from
our layout code), ``pdftoppm`` must draw every page with ink on it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from html import unescape
from pathlib import Path

import numpy as np
import pytest

from engine import PrintedPuzzle, default_paper, format_line, printed_puzzle, render_pdf
from engine.cli import main

# six unique puzzles (levels easy to master), from `sudoku generate -n 6 --seed 5`
PUZZLES = [
    ".5.4.3..8.4...652..2.............4...3.....6.6..1.2.83..8...........5..2.....76.5",
    ".3.8.42....9....5....5..3..34.....18...2.1.....6..8......4.....98....7.12...3...9",
    ".2...9..58........453.7.8...9..4....1..6..3..3....8.5....3...1.5.8....4.6.25..78.",
    "...9.3...4.7....593....82.7......53.7.28..6.............9.....2...4.....2.13.9...",
    "..6.74....8.9..75.....8..4...375..9..9....4............3.1...7.2.....8...5834..1.",
    "...3....1..49....5215...89..69...2..1......56...1.........24.8..5.69...24..8..6..",
]
LEVELS_ZH = ["困难", "困难", "困难", "简单", "大师", "简单"]  # the six puzzles' levels in Chinese
ANCHORS = {"No.", "Solution", "第"}  # the first word of a puzzle's or a solution's label
_WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>')
_PAGE = re.compile(r"<page [^>]*>(.*?)</page>", re.S)


@pytest.fixture(scope="module")
def sheets() -> list[PrintedPuzzle]:
    return [printed_puzzle(p, i + 1) for i, p in enumerate(PUZZLES)]


def _pages(pdf: Path) -> list[list[tuple[float, float, float, float, str]]]:
    """Return each page's words as (xMin, yMin, xMax, yMax, text), as pdftotext -bbox reads them."""
    html = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True)
    return [
        [(float(a), float(b), float(c), float(d), unescape(t)) for a, b, c, d, t in _WORD.findall(page)]
        for page in _PAGE.findall(html.stdout)
    ]


def _grids_on(words: list[tuple[float, float, float, float, str]]) -> list[tuple[str, int, np.ndarray]]:
    """Return (first label word, number, 81 digits read back) for each grid on a page.

    A grid hangs under its label: its left edge is the label's left, its top a few points below the
    label's box.  A digit belongs to the nearest label above and left of it; its row and column are
    its centre's offset from that corner in cells, the cell being the largest length of which every
    distance between two digits' centres is a whole multiple.
    """
    labels = sorted((w for w in words if w[4] in ANCHORS), key=lambda w: (round(w[1]), w[0]))  # row by row
    # grid digits are single digits on lines of single digits (not a label's number, not the page's)
    text_lines = {round(w[1]) for w in words if not re.fullmatch("[1-9]", w[4])}
    digits = [w for w in words if re.fullmatch("[1-9]", w[4]) and round(w[1]) not in text_lines]
    grids = []
    for label in labels:
        same_line = (w for w in words if w[0] > label[2] and abs(w[1] - label[1]) < 1)
        number = min(same_line, key=lambda w: w[0])[4]
        mine = [d for d in digits if _owner(d, labels) == label]
        xs = np.array([(d[0] + d[2]) / 2 for d in mine]) - label[0]
        ys = np.array([(d[1] + d[3]) / 2 for d in mine]) - label[3]
        cell = _cell(xs, ys)
        grid = np.zeros(81, dtype=np.uint8)
        for x, y, d in zip(xs / cell, ys / cell, mine, strict=True):
            assert 0.4 < x % 1 < 0.6 and 0.4 < y % 1 < 0.85, (label, d)  # a digit sits mid-cell
            r, c = int(y), int(x)
            assert 0 <= r < 9 and 0 <= c < 9 and grid[r * 9 + c] == 0
            grid[r * 9 + c] = int(d[4])
        grids.append((label[4], int(number.rstrip("题答案")), grid))
    return grids


def _owner(word: tuple[float, ...], labels: list[tuple[float, ...]]) -> tuple[float, ...]:
    """Return the label a digit hangs under: the lowest, then rightmost, label above and left of it."""
    return max((lb for lb in labels if lb[0] <= word[0] and lb[3] <= word[1]), key=lambda lb: (lb[1], lb[0]))


def _cell(xs: np.ndarray, ys: np.ndarray) -> float:
    """Return the largest length of which every distance between two ``xs`` or two ``ys`` is a multiple."""
    gaps = np.concatenate([np.abs(v[:, None] - v[None, :]).ravel() for v in (xs, ys)])
    gaps = gaps[gaps > 2]
    for k in range(1, 9):
        cell = gaps.min() / k
        if np.all(np.abs(gaps / cell - np.round(gaps / cell)) < 0.05):
            return cell
    raise AssertionError("the digits are not on a regular grid")


def _pages_have_ink(pdf: Path, tmp: Path) -> int:
    """Render every page with pdftoppm (greyscale) and return how many pages have dark pixels."""
    subprocess.run(["pdftoppm", "-r", "30", "-gray", str(pdf), str(tmp / "page")], check=True)
    inked = 0
    for image in sorted(tmp.glob("page*.pgm")):
        data = image.read_bytes()
        header = data.split(b"\n", 3)  # P5, width height, maxval, pixels
        width, height = map(int, header[1].split())
        pixels = np.frombuffer(header[3][: width * height], dtype=np.uint8)
        inked += (pixels < 100).mean() > 0.005
    return inked


@pytest.mark.parametrize("per_page", [1, 2, 4, 6])
@pytest.mark.parametrize("solutions", [False, True])
def test_every_given_is_in_its_cell(
    tmp_path: Path, sheets: list[PrintedPuzzle], per_page: int, solutions: bool
) -> None:
    pdf = tmp_path / "p.pdf"
    pdf.write_bytes(render_pdf(sheets, per_page=per_page, solutions=solutions, paper="a4"))
    pages = _pages(pdf)
    puzzle_pages = -(-len(sheets) // per_page)
    assert len(pages) == puzzle_pages + (1 if solutions else 0)
    seen = []
    for words in pages[:puzzle_pages]:
        for anchor, number, grid in _grids_on(words):
            assert anchor == "No."
            assert np.array_equal(grid, sheets[number - 1].givens), number
            seen.append(number)
    assert seen == list(range(1, len(sheets) + 1))
    if solutions:
        found = _grids_on(pages[-1])
        assert [n for _, n, _ in found] == seen
        for anchor, number, grid in found:
            assert anchor == "Solution"
            assert np.array_equal(grid, sheets[number - 1].solution)
    assert _pages_have_ink(pdf, tmp_path) == len(pages)


def test_labels_give_number_level_and_score(tmp_path: Path, sheets: list[PrintedPuzzle]) -> None:
    pdf = tmp_path / "p.pdf"
    pdf.write_bytes(render_pdf(sheets, per_page=6))
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    for s in sheets:
        assert f"No. {s.number} · {s.level} · {s.score:.1f}" in text


def test_a_chinese_title_and_labels_print(tmp_path: Path, sheets: list[PrintedPuzzle]) -> None:
    pdf = tmp_path / "zh.pdf"
    pdf.write_bytes(render_pdf(sheets, per_page=4, solutions=True, title="每日数独 第一周", lang="zh"))
    pages = _pages(pdf)
    assert [w[4] for w in pages[0][:2]] == ["每日数独", "第一周"]
    grids = [g for words in pages[:2] for g in _grids_on(words)]
    assert [n for _, n, _ in grids] == [1, 2, 3, 4, 5, 6]
    assert all(np.array_equal(g, sheets[n - 1].givens) for _, n, g in grids)
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert "第 6 题答案" in text
    for s, zh in zip(sheets, LEVELS_ZH, strict=True):
        assert f"第 {s.number} 题 · {zh} · {s.score:.1f}" in text
    fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout
    assert " yes yes " in fonts  # the Chinese font is embedded, as a subset
    assert _pages_have_ink(pdf, tmp_path) == len(pages)


def test_a_title_no_font_has_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "in.txt"
    src.write_text(PUZZLES[0] + "\n")
    out = tmp_path / "out.pdf"
    code = main(["print", str(src), "-o", str(out), "--title", "\U0010fffd"])
    assert code == 1
    assert "no installed font" in capsys.readouterr().err
    assert not out.exists()


def test_paper_follows_the_locale_unless_asked(tmp_path: Path) -> None:
    assert default_paper({"LANG": "en_US.UTF-8"}) == "letter"
    assert default_paper({"LANG": "de_DE.UTF-8", "LC_PAPER": "en_CA.UTF-8"}) == "letter"
    assert default_paper({"LC_ALL": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"}) == "a4"
    assert default_paper({}) == "a4"
    for paper, size in (("letter", "612 x 792"), ("a4", "595.28 x 841.89")):
        pdf = tmp_path / f"{paper}.pdf"
        pdf.write_bytes(render_pdf(PUZZLES[:1], paper=paper))
        info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
        assert size in info


def test_a_puzzle_without_one_solution_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "in.txt"
    src.write_text(PUZZLES[0] + "\n" + "." * 81 + "\n")
    out = tmp_path / "out.pdf"
    out.write_bytes(b"old")
    assert main(["print", str(src), "-o", str(out)]) == 1
    assert "puzzle 2 has more than one solution" in capsys.readouterr().err
    assert out.read_bytes() == b"old"
    src.write_text("12345\n")
    assert main(["print", str(src), "-o", str(out)]) == 2
    assert "puzzle 1: not a puzzle" in capsys.readouterr().err
    assert out.read_bytes() == b"old"


def test_generate_piped_into_print_from_the_command_line(tmp_path: Path) -> None:
    """The issue's acceptance line: six hard puzzles through a pipe, six per page, with solutions."""
    cmd = [sys.executable, "-m", "engine"]
    made = subprocess.run(
        [*cmd, "generate", "-n", "6", "--difficulty", "hard", "--seed", "32"],
        capture_output=True, text=True, check=True, timeout=300,
    )
    pdf = tmp_path / "b.pdf"
    done = subprocess.run(
        [*cmd, "print", "-", "-o", str(pdf), "--per-page", "6", "--solutions"],
        input=made.stdout, capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    puzzles = made.stdout.split()
    pages = _pages(pdf)
    assert len(pages) == 2
    grids = _grids_on(pages[0])
    assert [format_line(g) for _, _, g in grids] == puzzles
    assert [a for a, _, _ in _grids_on(pages[1])] == ["Solution"] * 6
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert text.count("· hard ·") == 6 and "Solutions" in text


def test_a_long_title_is_set_smaller_to_stay_on_the_page(tmp_path: Path) -> None:
    pdf = tmp_path / "long.pdf"
    pdf.write_bytes(render_pdf(PUZZLES[:1], title="Sunday practice for the whole class " * 4, paper="a4"))
    title = [w for w in _pages(pdf)[0] if w[1] < 60]
    assert len(title) == 24
    assert min(w[0] for w in title) >= 30 and max(w[2] for w in title) <= 595.28 - 30


def test_a_chinese_font_is_found_without_fontconfig(tmp_path: Path) -> None:
    """Where fc-match is missing (a bundle on a system without fontconfig) the usual font files are tried."""
    pdf = tmp_path / "zh.pdf"
    probe = (
        "import sys, pathlib; from engine.output.fonts import font_for; "
        "from engine.output.printing import render_pdf; "
        "print(font_for('数独').path); "
        f"pathlib.Path(sys.argv[1]).write_bytes(render_pdf([{PUZZLES[0]!r}], title='数独'))"
    )
    env = {**os.environ, "PATH": str(tmp_path)}  # no fc-match here
    done = subprocess.run([sys.executable, "-c", probe, str(pdf)], capture_output=True, text=True, env=env,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("NotoSansCJK-Regular.ttc")
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert text.startswith("数独")
