"""The photo reader: synthetic photos in fonts its training never saw, the held-out newspaper photos,
screenshots in light and dark themes, the solver check, bad pictures and ``sudoku read``.

Synthetic pictures come from ``tools/reader_synth.py`` with TEST_FONTS (Carlito, Caladea); the
classifier was trained on other families (tools/train_reader.py).  The 40 held-out photos are the
training photos of Wicht and Hennebert's set that tools/train_reader.py never trained on.
"""

from __future__ import annotations

import io
import json
import sys

import numpy as np
import pytest

from engine import ReadError, Reading, count_solutions, load_image, random_solution, read_image
from engine.cli import main
from engine.reader.check import best_unique
from engine.reader.image import components
from tests.harness.paths import ROOT

PIL = pytest.importorskip("PIL.Image")
sys.path.insert(0, str(ROOT / "tools"))

import reader_synth as synth  # noqa: E402

SYNTHETIC = 300
"""Synthetic photos read in one test: about 0.2 s of CPU each to draw and read, so about a minute.

(The issue asks for thousands; 300 keeps the file within the suite's couple of minutes on this
machine.  tools/train_reader.py's figures and benchmarks/README.md report larger runs.)"""


def _puzzle(rng: np.random.Generator) -> str:
    solution = "".join(map(str, random_solution(rng).tolist()))
    return synth.random_puzzle(rng, solution, int(rng.integers(22, 36)))


def _dots(puzzle: str) -> str:
    return puzzle.replace("0", ".")


def test_synthetic_photos_in_unseen_fonts_read_exactly_at_least_99_percent():
    fonts = synth.font_files(synth.TEST_FONTS)
    rng = np.random.default_rng(31)
    wrong = []
    for i in range(SYNTHETIC):
        puzzle = _puzzle(rng)
        size = [(640, 480), (480, 640), (800, 800), (1000, 750)][i % 4]
        # drawn at about the size it is photographed at (a camera does not enlarge a coarse print)
        cell = round(min(size) * rng.uniform(0.7, 1.0) / 11.6)
        grid = synth.render_grid(puzzle, fonts, rng, dark=i % 6 == 5, cell=cell)
        pixels = synth.photograph(grid, rng, size)
        try:
            reading = read_image(pixels)
        except ReadError:
            wrong.append(i)
            continue
        if reading.puzzle != _dots(puzzle):
            wrong.append(i)
    assert len(wrong) <= SYNTHETIC // 100, f"{len(wrong)} of {SYNTHETIC} misread: {wrong[:20]}"


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_screenshots_in_light_and_dark_themes_read_exactly(dark):
    fonts = synth.font_files(synth.TEST_FONTS)
    rng = np.random.default_rng(7 + dark)
    for cell in (24, 36, 50, 70):
        puzzle = _puzzle(rng)
        shot = np.asarray(synth.render_grid(puzzle, fonts, rng, dark=dark, cell=cell).convert("RGB"))
        assert read_image(shot).puzzle == _dots(puzzle), (dark, cell)


def test_held_out_training_photos_read_exactly_at_least_90_percent_and_misreads_are_marked_unsure():
    _, held_out = synth.photo_split()
    assert len(held_out) == 40
    exact = 0
    hidden = {}
    for photo in held_out:
        truth = _dots(synth.photo_truth(photo))
        reading = read_image(load_image(photo))
        wrong = [i for i in range(81) if reading.puzzle[i] != truth[i]]
        exact += not wrong
        unmarked = [i for i in wrong if i not in reading.unsure]
        if unmarked:
            hidden[photo.name] = unmarked
    assert exact >= 36, f"only {exact} of 40 read exactly"
    assert not hidden, f"wrong cells not marked unsure: {hidden}"


def test_a_photo_turned_a_quarter_or_half_turn_reads_the_same():
    _, held_out = synth.photo_split()
    photo = held_out[1]
    truth = _dots(synth.photo_truth(photo))
    pixels = load_image(photo)
    for turns in (0, 1, 2, 3):
        assert read_image(np.ascontiguousarray(np.rot90(pixels, turns))).puzzle == truth, turns


def test_a_reading_says_where_the_grid_is_and_how_sure_each_cell_is():
    fonts = synth.font_files(synth.TEST_FONTS)
    rng = np.random.default_rng(3)
    puzzle = _puzzle(rng)
    shot = synth.render_grid(puzzle, fonts, rng, cell=40)
    margin = (shot.size[0] - 9 * 40) / 2
    reading = read_image(np.asarray(shot))
    assert isinstance(reading, Reading)
    assert reading.status == "unique" and reading.corrections == ()
    assert len(reading.confidence) == 81 and min(reading.confidence) > 0.5
    far = margin + 360
    expected = [(margin, margin), (far, margin), (far, far), (margin, far)]
    assert np.allclose(reading.corners, expected, atol=4)
    data = json.loads(json.dumps(reading.to_json()))
    assert data["puzzle"] == _dots(puzzle) and len(data["corners"]) == 4


def _flood_fill_count(mask: np.ndarray) -> list[int]:
    """Return the sorted sizes of the 8-connected components of ``mask``, one pixel at a time."""
    seen = np.zeros_like(mask)
    sizes = []
    h, w = mask.shape
    for y, x in zip(*np.nonzero(mask), strict=True):
        if seen[y, x]:
            continue
        seen[y, x] = True
        stack, size = [(y, x)], 0
        while stack:
            cy, cx = stack.pop()
            size += 1
            for ny in range(max(cy - 1, 0), min(cy + 2, h)):
                for nx in range(max(cx - 1, 0), min(cx + 2, w)):
                    if mask[ny, nx] and not seen[ny, nx]:
                        seen[ny, nx] = True
                        stack.append((ny, nx))
        sizes.append(size)
    return sorted(sizes)


@pytest.mark.parametrize("density", [0.1, 0.35, 0.6])
def test_components_on_runs_match_a_pixel_flood_fill(density):
    mask = np.random.default_rng(int(density * 100)).random((60, 90)) < density
    found = components(mask)
    assert sorted(found.sizes().astype(int).tolist()) == _flood_fill_count(mask)
    assert found.count == len(_flood_fill_count(mask))


def test_the_solver_check_replaces_a_misread_digit_by_the_next_likeliest_that_makes_the_puzzle_unique():
    rng = np.random.default_rng(5)
    puzzle = np.array([int(c) for c in _puzzle(rng)])
    filled = np.flatnonzero(puzzle)
    probs = np.full((81, 10), 0.001)
    probs[np.arange(81), puzzle] = 0.99
    # one digit misread: another digit is likelier than the true one, which comes second
    cell = int(filled[0])
    true = puzzle[cell]
    misread = true % 9 + 1
    probs[cell] = 0.001
    probs[cell, misread], probs[cell, true] = 0.6, 0.35
    chosen, status = best_unique(probs, puzzle > 0)
    assert status == "unique" and chosen[cell] == true
    assert np.array_equal(chosen, puzzle) and count_solutions(chosen) == 1


@pytest.mark.parametrize(
    ("pixels", "words", "code"),
    [
        (np.full((480, 640), 255, np.uint8), "blank", "no_grid"),
        (np.zeros((480, 640, 3), np.uint8), "blank", "no_grid"),
        (np.random.default_rng(0).integers(0, 256, (480, 640), dtype=np.uint8), "no Sudoku grid", "no_grid"),
        (np.full((40, 40), 128, np.uint8), "too small", "too_small"),
        (np.broadcast_to(np.uint8(200), (20_000, 20_000)), "too large", "too_large"),
        (np.zeros((480, 640), np.float64), "not an image", "not_image"),
        (np.zeros((480, 640, 2), np.uint8), "not an image", "not_image"),
        (np.zeros(100, np.uint8), "not an image", "not_image"),
    ],
    ids=["white", "black", "noise", "tiny", "huge", "float", "two-channel", "flat"],
)
def test_bad_pictures_give_a_clear_error(pixels, words, code):
    with pytest.raises(ReadError, match=words) as raised:
        read_image(pixels)
    assert raised.value.code == code


def test_text_without_a_grid_is_no_grid():
    img = PIL.new("L", (640, 480), 255)
    from PIL import ImageDraw, ImageFont

    font = ImageFont.truetype(str(synth.font_files(synth.TEST_FONTS)[0]), 28)
    for y in range(20, 460, 40):
        ImageDraw.Draw(img).text((20, y), "Sudoku 1 2 3 4 5 6 7 8 9 and some words", fill=0, font=font)
    with pytest.raises(ReadError, match="no Sudoku grid"):
        read_image(np.asarray(img))


def _png(pixels: np.ndarray) -> bytes:
    buf = io.BytesIO()
    PIL.fromarray(pixels).save(buf, "PNG")
    return buf.getvalue()


def test_bad_files_give_a_clear_error(tmp_path):
    good = _png(np.full((100, 100), 255, np.uint8))
    (tmp_path / "cut.png").write_bytes(good[: len(good) // 2])
    (tmp_path / "text.png").write_text("not an image at all\n")
    (tmp_path / "empty.jpg").write_bytes(b"")
    cases = {"cut.png": ("damaged or truncated", "not_image"), "text.png": ("not an image", "not_image"),
             "empty.jpg": ("not an image", "not_image"), "missing.png": ("no such file", "no_file"),
             ".": ("directory", "not_image")}
    for name, (words, code) in cases.items():
        with pytest.raises(ReadError, match=words) as raised:
            load_image(tmp_path / name)
        assert raised.value.code == code


def test_sudoku_read_prints_one_line_per_image_and_json_on_request(tmp_path, capsys):
    fonts = synth.font_files(synth.TEST_FONTS)
    rng = np.random.default_rng(2)
    puzzles = [_puzzle(rng) for _ in range(2)]
    paths = []
    for k, puzzle in enumerate(puzzles):
        path = tmp_path / f"p{k}.png"
        synth.render_grid(puzzle, fonts, rng, cell=36).save(path)
        paths.append(str(path))
    assert main(["read", *paths]) == 0
    assert capsys.readouterr().out.splitlines() == [_dots(p) for p in puzzles]
    out = tmp_path / "out.jsonl"
    assert main(["read", "--json", "-o", str(out), paths[0]]) == 0
    record = json.loads(out.read_text())
    assert record["file"] == paths[0] and record["puzzle"] == _dots(puzzles[0])
    assert {"confidence", "unsure", "corners", "corrections", "status"} <= set(record)


def test_sudoku_read_exits_1_with_a_clear_line_when_no_grid_is_found(tmp_path, capsys):
    blank = tmp_path / "blank.png"
    blank.write_bytes(_png(np.full((300, 300), 250, np.uint8)))
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    assert main(["read", str(blank), str(text)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 2 and "blank.png" in lines[0] and "no Sudoku grid" in lines[0]
    assert "notes.txt" in lines[1] and "not an image" in lines[1]
    assert "Traceback" not in captured.err
