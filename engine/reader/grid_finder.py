"""Find a Sudoku grid in a photo and straighten it: the largest square-ish ink outline, its corners.

The photo is shrunk to about 640 pixels on its long side, thresholded against each pixel's
neighbourhood (shadows and uneven light cancel out), and its ink split into connected components.
The grid's lines join into one component far larger than any digit or word: the chosen one is the
component with the most ink among those whose box is square-ish and covers a fair part of the photo.
Its corners are the extreme points along the two diagonals; each is then pulled onto the meeting point
of the outer lines fitted to the outline's edge pixels, which tolerates rounded and broken corners.
"""

from __future__ import annotations

import numpy as np

from engine.reader.image import components, ink, shrink

WORK_SIDE = 640
"""Long side, in pixels, of the shrunk photo the grid is looked for in."""


class NoGridError(ValueError):
    """No grid-like outline in the picture."""


def work_factor(shape: tuple[int, ...]) -> int:
    """Return the shrink factor that brings the long side near :data:`WORK_SIDE`."""
    return max(1, round(max(shape[0], shape[1]) / WORK_SIDE))


def find_corners(pixels: np.ndarray) -> np.ndarray:
    """Return the grid's corners (top-left, top-right, bottom-right, bottom-left) as (x, y) in ``pixels``.

    Raises NoGridError when nothing grid-like is found.
    """
    k = work_factor(pixels.shape)
    img = shrink(pixels, k)
    h, w = img.shape
    contrast = float(np.percentile(img, 95) - np.percentile(img, 2))
    if contrast < 20:
        raise NoGridError("the picture is blank (no contrast)")
    mask = ink(img, max(4, max(h, w) // 40), max(4.0, contrast * 0.06))
    comps = components(mask)
    label = _grid_label(comps, min(h, w))
    rows, cols = comps.pixels(label)
    corners = _corners(rows.astype(np.float64), cols.astype(np.float64))
    return corners * k + (k - 1) / 2.0


def _grid_label(comps, short_side: int) -> int:
    """Return the label of the most grid-like component (NoGridError if none is)."""
    if comps.count == 0:
        raise NoGridError("no lines found")
    boxes = comps.boxes()
    sizes = comps.sizes()
    bh = boxes[:, 2] - boxes[:, 0]
    bw = boxes[:, 3] - boxes[:, 1]
    big = np.minimum(bh, bw) >= 0.25 * short_side
    square = (np.maximum(bh, bw) <= 1.8 * np.maximum(np.minimum(bh, bw), 1))
    # a grid's ink is a small part of its box (lines); a solid dark block has nearly all of it
    sparse = sizes <= 0.6 * bh * bw
    score = np.where(big & square & sparse, sizes, -1.0)
    best = int(np.argmax(score))
    if score[best] < 0:
        raise NoGridError("no grid-like outline")
    return best


def _corners(rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    """Return the four corners (x, y) of a grid outline's pixels, clockwise from the top left."""
    s = cols + rows
    d = cols - rows
    picks = [np.argmin(s), np.argmax(d), np.argmax(s), np.argmin(d)]
    return np.array([[cols[i], rows[i]] for i in picks], dtype=np.float64)


def homography(src: np.ndarray, dst: np.ndarray) -> np.ndarray:
    """Return the 3x3 matrix mapping the four points ``src`` onto ``dst`` (LinAlgError if degenerate)."""
    a = []
    b = []
    for (x, y), (u, v) in zip(src, dst, strict=True):
        a.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        a.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        b += [u, v]
    m = np.linalg.solve(np.array(a, dtype=np.float64), np.array(b, dtype=np.float64))
    return np.append(m, 1.0).reshape(3, 3)


def bilinear(img: np.ndarray, ys: np.ndarray, xs: np.ndarray) -> np.ndarray:
    """Return ``img`` sampled at float coordinates, edge pixels repeated outside it."""
    h, w = img.shape
    xs = np.clip(xs, 0, w - 1.001)
    ys = np.clip(ys, 0, h - 1.001)
    x0 = xs.astype(np.int64)
    y0 = ys.astype(np.int64)
    fx = (xs - x0).astype(np.float32)
    fy = (ys - y0).astype(np.float32)
    top = img[y0, x0] * (1 - fx) + img[y0, x0 + 1] * fx
    bottom = img[y0 + 1, x0] * (1 - fx) + img[y0 + 1, x0 + 1] * fx
    return top * (1 - fy) + bottom * fy


def warp(pixels: np.ndarray, corners: np.ndarray, side: int) -> np.ndarray:
    """Return the grid seen straight on, ``side`` x ``side`` grey pixels, from its corners in ``pixels``."""
    span = max(np.hypot(*(corners[i] - corners[(i + 1) % 4])) for i in range(4))
    # sample from a shrunk copy whose grid is still at least as large as the output (no aliasing)
    k = max(1, int(span // side))
    img = shrink(pixels, k)
    src = (corners - (k - 1) / 2.0) / k
    square = np.array([[0, 0], [side, 0], [side, side], [0, side]], dtype=np.float64)
    m = homography(square, src)
    v, u = np.mgrid[0:side, 0:side].astype(np.float64) + 0.5
    pts = m @ np.stack([u.ravel(), v.ravel(), np.ones(u.size)])
    xs = pts[0] / pts[2]
    ys = pts[1] / pts[2]
    return bilinear(img, ys.reshape(side, side), xs.reshape(side, side))
