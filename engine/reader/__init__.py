"""Read a Sudoku puzzle from a photo or a screenshot: ``read_image(pixels) -> Reading``.

The steps, each in its own module: find the grid and straighten it (:mod:`.grid_finder`), cut the
cells and find each digit's ink (:mod:`.cells`), classify the digits (:mod:`.model`, weights made by
``tools/train_reader.py``), and let the solver check the reading (:mod:`.check`).  Light digits on a
dark background (a dark-themed screenshot) are inverted first.  Files are decoded by :mod:`.files`
(Pillow), never here: the reader itself needs only numpy.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from engine.errors import SudokuError
from engine.reader import cells as _cells
from engine.reader.check import best_unique
from engine.reader.grid_finder import NoGridError, check_lines, find_corners, warp
from engine.reader.model import probabilities

MIN_SIDE = 64
"""Pictures with a shorter side are too small to hold a readable grid."""
MAX_PIXELS = 100_000_000
"""Pictures with more pixels are refused (a 100-megapixel photo is 300 MB of memory already)."""
UNSURE = 0.9
"""Cells read with a lower probability than this are marked unsure."""
WEAK = 0.75
"""How strongly faint ink (found only by the second, lower threshold) counts as a digit."""


class ReadError(SudokuError, ValueError):
    """A picture the reader cannot read; ``code`` says which way, for callers that word it themselves:
    ``not_image`` (not pixels, not decodable, damaged), ``too_small``, ``too_large``, ``no_grid``,
    ``no_file``, ``needs_pillow``."""

    def __init__(self, message: str, code: str = "not_image") -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Correction:
    """A cell the solver check changed: the digit read (0 empty) and the digit chosen instead."""

    cell: int
    read: int
    chosen: int


@dataclass(frozen=True)
class Reading:
    """A puzzle read from a picture.

    ``puzzle`` is 81 characters, ``.`` for empty; ``confidence[i]`` is the probability of cell i's
    reading; ``unsure`` lists the cells a person should look at (low confidence or changed);
    ``corners`` are the grid's corners (x, y) in the picture, clockwise from the top left;
    ``status`` is the puzzle's: 'unique', 'multiple', 'unsolvable' or 'invalid';
    ``corrections`` are the cells the solver check changed; ``alternatives[i]`` lists cell i's
    likeliest readings (0 empty), best first, each at least 1% likely: what a review can offer.
    """

    puzzle: str
    confidence: tuple[float, ...]
    corners: tuple[tuple[float, float], ...]
    unsure: tuple[int, ...] = ()
    corrections: tuple[Correction, ...] = ()
    status: str = "unique"
    alternatives: tuple[tuple[int, ...], ...] = field(default=(), repr=False)

    def to_json(self) -> dict[str, Any]:
        """Return the reading as plain JSON-able values."""
        return {
            "puzzle": self.puzzle,
            "status": self.status,
            "confidence": [round(c, 4) for c in self.confidence],
            "unsure": list(self.unsure),
            "corners": [[round(x, 1), round(y, 1)] for x, y in self.corners],
            "corrections": [{"cell": c.cell, "read": c.read, "chosen": c.chosen} for c in self.corrections],
            "alternatives": [list(a) for a in self.alternatives],
        }


def _validated(pixels: Any) -> np.ndarray:
    """Return ``pixels`` as a uint8 (H, W) or (H, W, 3) array (ReadError for anything else)."""
    a = np.asarray(pixels)
    if a.dtype != np.uint8 or a.ndim not in (2, 3) or (a.ndim == 3 and a.shape[2] not in (1, 3, 4)):
        raise ReadError(f"not an image: expected (H, W) or (H, W, 3) uint8 pixels, got {a.dtype} {a.shape}")
    if a.ndim == 3 and a.shape[2] == 1:
        a = a[..., 0]
    if a.ndim == 3 and a.shape[2] == 4:
        a = a[..., :3]
    if min(a.shape[:2]) < MIN_SIDE:
        raise ReadError(f"the picture is too small ({a.shape[1]}x{a.shape[0]}; "
                        f"a grid needs at least {MIN_SIDE} pixels a side)", "too_small")
    if a.shape[0] * a.shape[1] > MAX_PIXELS:
        raise ReadError(f"the picture is too large ({a.shape[1]}x{a.shape[0]}; at most "
                        f"{MAX_PIXELS // 1_000_000} megapixels)", "too_large")
    return a


def _light_on_dark(pixels: np.ndarray) -> bool:
    """Return True when the picture looks like light lines on a dark ground (a dark theme).

    Mostly dark is not enough: a dim photo of paper is dark too, but its few outlying pixels (the
    ink) are darker than most, where a dark theme's (lines and digits) are lighter.
    """
    step = max(1, min(pixels.shape[:2]) // 200)
    low, mid, high = np.percentile(pixels[::step, ::step], [1, 50, 99])
    return mid < 110 and high - mid > 2 * (mid - low)


def cell_probabilities(grid: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return (81 x 10 probabilities, inked mask) for a straightened grid; class 0 is an empty cell."""
    probs = np.zeros((81, 10), dtype=np.float64)
    probs[:, 0] = 1.0
    inked = np.zeros(81, dtype=bool)
    strong = _cells.cut(grid)
    if len(strong.cells):
        probs[strong.cells] = probabilities(strong.patches)
        inked[strong.cells] = True
    faint = _cells.cut(grid, faint=True)
    new = ~np.isin(faint.cells, strong.cells)
    if new.any():
        p = probabilities(faint.patches[new])
        # faint ink is more likely paper texture than a digit, but may be a light-grey digit
        p[:, 1:] *= WEAK
        p[:, 0] = 1.0 - p[:, 1:].sum(axis=1)
        probs[faint.cells[new]] = p
        inked[faint.cells[new]] = True
    return probs, inked


def _sureness(probs: np.ndarray, inked: np.ndarray) -> float:
    """Return how surely the inked cells hold digits: the mean of their likeliest digit's probability."""
    return float(probs[inked, 1:].max(axis=1).mean()) if inked.any() else 0.0


def _upright(corners: np.ndarray, grid: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return (corners, probabilities, inked) in the quarter turn of ``grid`` whose digits read surest.

    A photo's orientation tag is sometimes wrong (7 of the 160 training photos have a tag that
    would turn an upright grid on its side), and a turned grid is still a valid Sudoku, so the
    solver cannot tell: turned digits are, though, poorly recognised digits.  The other three turns
    are only tried when the picture as given does not read surely.
    """
    probs, inked = cell_probabilities(grid)
    best = (_sureness(probs, inked), 0, probs, inked)
    if best[0] < 0.9:
        for turns in (1, 2, 3):
            p, i = cell_probabilities(np.ascontiguousarray(np.rot90(grid, turns)))
            best = max(best, (_sureness(p, i), turns, p, i), key=lambda b: b[0])
    _, turns, probs, inked = best
    # turned a quarter anticlockwise, the grid's top-left corner is the one that was its top-right
    return np.roll(corners, -turns, axis=0), probs, inked


def _straightened(pixels: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return the grid's corners and its straightened grey picture (NoGridError if there is no grid)."""
    corners = find_corners(pixels)
    try:
        grid = warp(pixels, corners, _cells.SIDE)
    except np.linalg.LinAlgError:
        raise NoGridError("the outline's corners do not make a quadrilateral") from None
    check_lines(grid, _cells.CELL)
    return corners, grid


def read_image(pixels: np.ndarray) -> Reading:
    """Return the puzzle read from (H, W) or (H, W, 3) uint8 ``pixels``; ReadError if no grid is found."""
    a = _validated(pixels)
    dark = _light_on_dark(a)
    try:
        corners, grid = _straightened(255 - a if dark else a)
    except NoGridError as err:
        try:  # the other polarity, for what the quick look above took wrongly
            corners, grid = _straightened(a if dark else 255 - a)
        except NoGridError:
            raise ReadError(f"no Sudoku grid found: {err}", "no_grid") from None
    corners, probs, inked = _upright(corners, grid)
    read = probs.argmax(axis=1)
    chosen, status = best_unique(probs, inked)
    confidence = probs[np.arange(81), chosen]
    changed = np.flatnonzero(chosen != read)
    unsure = sorted(set(np.flatnonzero(confidence < UNSURE).tolist()) | set(changed.tolist()))
    order = np.argsort(-probs, axis=1)[:, :3]
    return Reading(
        puzzle="".join(str(d) if d else "." for d in chosen.tolist()),
        confidence=tuple(float(c) for c in confidence),
        corners=tuple((float(x), float(y)) for x, y in corners),
        unsure=tuple(unsure),
        corrections=tuple(Correction(int(c), int(read[c]), int(chosen[c])) for c in changed),
        status=status,
        alternatives=tuple(tuple(int(d) for d in row if probs[i, d] >= 0.01) for i, row in enumerate(order)),
    )
