"""Pixel arithmetic the reader needs, in numpy alone: grey levels, shrinking, thresholds, components.

Connected components are found on runs rather than pixels: each row's runs of ink are found with
numpy, runs of neighbouring rows that touch (8-connectivity) are joined, and the run graph's
components come from min-label propagation with pointer jumping, all vectorised.  A 640x480
thresholded photo has some 10,000 runs, so this takes a few milliseconds without a compiled kernel
(the roads not taken: a pixel flood fill in Python is 100 times slower; a numba kernel would need
the ahead-of-time build's list).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np


class Components(NamedTuple):
    """Connected ink components: per-run rows, starts, ends (exclusive) and labels 0..count-1."""

    rows: np.ndarray
    starts: np.ndarray
    ends: np.ndarray
    labels: np.ndarray
    count: int

    def sizes(self) -> np.ndarray:
        """Return the number of pixels of each component."""
        return np.bincount(self.labels, weights=self.ends - self.starts, minlength=self.count)

    def centroids(self) -> np.ndarray:
        """Return each component's mean pixel position as (row, col)."""
        lengths = (self.ends - self.starts).astype(np.float64)
        total = np.bincount(self.labels, weights=lengths, minlength=self.count)
        rows = np.bincount(self.labels, weights=self.rows * lengths, minlength=self.count)
        middles = (self.starts + self.ends - 1) / 2.0
        cols = np.bincount(self.labels, weights=middles * lengths, minlength=self.count)
        return np.stack([rows / total, cols / total], axis=1)

    def boxes(self) -> np.ndarray:
        """Return each component's (top, left, bottom, right) box, bottom and right exclusive."""
        box = np.empty((self.count, 4), dtype=np.int64)
        box[:, 0] = box[:, 1] = np.iinfo(np.int64).max
        box[:, 2] = box[:, 3] = -1
        np.minimum.at(box[:, 0], self.labels, self.rows)
        np.minimum.at(box[:, 1], self.labels, self.starts)
        np.maximum.at(box[:, 2], self.labels, self.rows + 1)
        np.maximum.at(box[:, 3], self.labels, self.ends)
        return box

    def pixels(self, label: int) -> tuple[np.ndarray, np.ndarray]:
        """Return the (rows, cols) of every pixel of component ``label``."""
        pick = self.labels == label
        rows, starts, ends = self.rows[pick], self.starts[pick], self.ends[pick]
        lengths = ends - starts
        rr = np.repeat(rows, lengths)
        offsets = np.arange(lengths.sum()) - np.repeat(np.cumsum(lengths) - lengths, lengths)
        return rr, np.repeat(starts, lengths) + offsets


def grey(pixels: np.ndarray) -> np.ndarray:
    """Return an (H, W) float32 grey image from (H, W) or (H, W, 3|4) uint8 pixels (ValueError otherwise)."""
    if pixels.ndim == 2:
        return pixels.astype(np.float32)
    if pixels.ndim == 3 and pixels.shape[2] in (3, 4):
        rgb = pixels[..., :3].astype(np.float32)
        return rgb @ np.array([0.299, 0.587, 0.114], dtype=np.float32)
    raise ValueError(f"pixels must be (H, W) or (H, W, 3), not {pixels.shape}")


def shrink(pixels: np.ndarray, factor: int) -> np.ndarray:
    """Return the grey image of ``pixels`` averaged over factor x factor blocks (remainder dropped)."""
    if factor <= 1:
        return grey(pixels)
    h, w = pixels.shape[0] // factor, pixels.shape[1] // factor
    cut = pixels[: h * factor, : w * factor]
    # sum rows first on the uint8 data (cheap), then the grey mix on the small image
    rows = cut.reshape(h, factor, w * factor, *cut.shape[2:]).sum(axis=1, dtype=np.uint32)
    blocks = rows.reshape(h, w, factor, *cut.shape[2:]).sum(axis=2, dtype=np.uint32)
    return grey_of_sums(blocks, factor * factor)


def grey_of_sums(blocks: np.ndarray, n: int) -> np.ndarray:
    """Return the grey image of per-block channel sums over ``n`` pixels."""
    if blocks.ndim == 2:
        return blocks.astype(np.float32) / n
    return (blocks[..., :3].astype(np.float32) @ np.array([0.299, 0.587, 0.114], dtype=np.float32)) / n


def box_mean(img: np.ndarray, radius: int) -> np.ndarray:
    """Return the mean of ``img`` over a (2*radius+1) square around each pixel, clipped at the edges."""
    h, w = img.shape
    s = np.zeros((h + 1, w + 1), dtype=np.float64)
    s[1:, 1:] = img.cumsum(0, dtype=np.float64).cumsum(1)
    r0 = np.clip(np.arange(h) - radius, 0, h)
    r1 = np.clip(np.arange(h) + radius + 1, 0, h)
    c0 = np.clip(np.arange(w) - radius, 0, w)
    c1 = np.clip(np.arange(w) + radius + 1, 0, w)
    total = s[r1][:, c1] - s[r0][:, c1] - s[r1][:, c0] + s[r0][:, c0]
    area = np.outer(r1 - r0, c1 - c0)
    return (total / area).astype(np.float32)


def ink(img: np.ndarray, radius: int, offset: float) -> np.ndarray:
    """Return True where a pixel is darker than its neighbourhood's mean by more than ``offset``."""
    return img < box_mean(img, radius) - offset


def _runs(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return the (row, start, end) of every horizontal run of True in ``mask``, row by row."""
    h, w = mask.shape
    padded = np.zeros((h, w + 2), dtype=np.int8)
    padded[:, 1:-1] = mask
    edges = np.diff(padded, axis=1)
    r_start, c_start = np.nonzero(edges == 1)
    _, c_end = np.nonzero(edges == -1)
    return r_start, c_start, c_end


def components(mask: np.ndarray) -> Components:
    """Return the 8-connected components of the True pixels of ``mask`` (none for an empty mask)."""
    rows, starts, ends = _runs(mask)
    n = len(rows)
    if n == 0:
        return Components(rows, starts, ends, np.zeros(0, dtype=np.int64), 0)
    a, b = _touching_runs(rows, starts, ends)
    labels = np.arange(n)
    while True:
        low = np.minimum(labels[a], labels[b])
        new = labels.copy()
        np.minimum.at(new, a, low)
        np.minimum.at(new, b, low)
        new = new[new]
        new = new[new]
        if np.array_equal(new, labels):
            break
        labels = new
    roots, dense = np.unique(labels, return_inverse=True)
    return Components(rows, starts, ends, dense.astype(np.int64), len(roots))


def _touching_runs(rows: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return index pairs (a, b) of runs on rows r and r+1 that touch, diagonals included."""
    # runs are sorted by row, then by start (and so by end): one key per run orders them globally
    stride = int(ends.max()) + 2
    key_end = rows * stride + ends
    key_start = rows * stride + starts
    below = (rows + 1) * stride
    # b on the next row touches a when start_b <= end_a and end_b >= start_a (ends are exclusive)
    lo = np.searchsorted(key_end, below + starts, side="left")
    hi = np.searchsorted(key_start, below + ends, side="right")
    counts = np.maximum(hi - lo, 0)
    a = np.repeat(np.arange(len(rows)), counts)
    offsets = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
    return a, np.repeat(lo, counts) + offsets
