"""Find a Sudoku grid in a photo and straighten it: the largest square-ish ink outline, its corners.

The photo is shrunk to about 640 pixels on its long side, thresholded against each pixel's
neighbourhood (shadows and uneven light cancel out), and its ink split into connected components.
The grid's lines join into one component far larger than any digit or word: the chosen one is the
component with the most ink among those whose box is square-ish and covers a fair part of the photo.
Its corners are the extreme points along the two diagonals; one that text touching the grid pulled
away is replaced by the meeting point of the outline's sides, each fitted (robustly) to the outline
as seen from outside.
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
    refined = _fitted_corners(rows, cols, corners)
    if refined is not None:
        # an extreme point is exact when nothing touches the grid's corner; the fitted sides replace it
        # only where it was clearly pulled away (measured: moving every corner by the fit lost 25
        # of 120 training photos' exact reads, its sides being a pixel or two off the thick outer line)
        span = max(np.ptp(corners[:, 0]), np.ptp(corners[:, 1]))
        pulled = np.hypot(*(refined - corners).T) > 0.03 * span
        corners[pulled] = refined[pulled]
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


def _profile(along: np.ndarray, across: np.ndarray, lowest: bool) -> tuple[np.ndarray, np.ndarray]:
    """Return (positions, outermost ``across`` value) of the outline seen from one side, per position."""
    n = int(along.max()) + 1
    edge = np.full(n, np.inf if lowest else -np.inf)
    (np.minimum if lowest else np.maximum).at(edge, along, across)
    have = np.isfinite(edge)
    return np.flatnonzero(have).astype(np.float64), edge[have]


def _robust_line(t: np.ndarray, s: np.ndarray, tolerance: float) -> tuple[float, float] | None:
    """Return (a, b) of the line s = a t + b most points lie on (RANSAC over fixed pairs), or None."""
    if len(t) < 10:
        return None
    rng = np.random.default_rng(0)
    i = rng.integers(0, len(t), 200)
    j = rng.integers(0, len(t), 200)
    ok = np.abs(t[i] - t[j]) > 0.2 * np.ptp(t)
    if not ok.any():
        return None
    a = (s[j[ok]] - s[i[ok]]) / (t[j[ok]] - t[i[ok]])
    b = s[i[ok]] - a * t[i[ok]]
    inliers = np.abs(s[None, :] - (a[:, None] * t[None, :] + b[:, None])) <= tolerance
    best = int(np.argmax(inliers.sum(axis=1)))
    keep = inliers[best]
    if keep.sum() < 0.3 * len(t):
        return None
    a_fit, b_fit = np.polyfit(t[keep], s[keep], 1)
    return float(a_fit), float(b_fit)


def _fitted_corners(rows: np.ndarray, cols: np.ndarray, rough: np.ndarray) -> np.ndarray | None:
    """Return the corners where the outline's four fitted sides meet, or None when a side has no clear line.

    Each side is the outline seen from outside (the topmost ink of each column for the top side...),
    limited to the span between the rough corners, so that text touching the grid does not bend it.
    """
    span = max(np.ptp(rough[:, 0]), np.ptp(rough[:, 1]))
    tol = max(1.5, span / 250)
    lines = []
    for along, across, lowest, ends in ((cols, rows, True, (0, 1)), (rows, cols, False, (1, 2)),
                                        (cols, rows, False, (3, 2)), (rows, cols, True, (0, 3))):
        t, s = _profile(along, across, lowest)
        # the side's own stretch: between its two rough corners, a little inside them
        axis = 0 if along is cols else 1
        lo, hi = sorted((rough[ends[0], axis], rough[ends[1], axis]))
        margin = 0.05 * (hi - lo)
        inside = (t >= lo + margin) & (t <= hi - margin)
        line = _robust_line(t[inside], s[inside], tol)
        if line is None:
            return None
        lines.append((line, along is cols))
    corners = []
    for first, second in ((3, 0), (0, 1), (1, 2), (2, 3)):
        corners.append(_meet(lines[first], lines[second]))
    out = np.array(corners)
    if not np.all(np.isfinite(out)) or np.max(np.abs(out - rough)) > 0.15 * span:
        return None
    return out


def _meet(one: tuple[tuple[float, float], bool], other: tuple[tuple[float, float], bool]) -> list[float]:
    """Return the (x, y) where a horizontal-ish side (y = a x + b) meets a vertical-ish one (x = c y + d)."""
    (h, horizontal), (v, _) = (one, other) if one[1] else (other, one)
    a, b = h
    c, d = v
    y = (a * d + b) / (1 - a * c)
    return [c * y + d, y]


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


def check_lines(grid: np.ndarray, cell: int) -> None:
    """Raise NoGridError unless the straightened ``grid`` shows half of its 20 lines, each a cell apart.

    A line shows when some pixel row (column) within a few pixels of where it belongs is mostly ink,
    clearly more than the picture's rows on average: true of a printed grid, not of noise or text.
    """
    contrast = float(np.percentile(grid, 95) - np.percentile(grid, 2))
    mask = ink(grid, cell // 2, max(4.0, contrast * 0.06))
    shown = 0
    for profile in (mask.mean(axis=1), mask.mean(axis=0)):
        typical = float(np.median(profile))
        for k in range(10):
            near = profile[max(0, k * cell - 3): k * cell + 4]
            shown += bool(near.size) and float(near.max()) >= max(0.3, typical + 0.2)
    if shown < 10:
        raise NoGridError(f"no grid lines inside the outline ({shown} of 20 found)")
