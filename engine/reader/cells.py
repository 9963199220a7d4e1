"""Cut a straightened grid into 81 cells and find the digit's ink in each.

The straightened grid is :data:`CELL` pixels a cell.  Ink is what is darker than its neighbourhood
by a share of the grid's contrast; bands along the cell lines are cleared, and of the remaining ink's
connected components those spanning a cell or most of one thinly (what is left of lines, folds) are
dropped.  A cell's digit is its largest component whose centre of ink lies in the cell's middle, with
the cell's other pieces that fit beside it in a digit's size; its box is cut from the grey image,
scaled to fit :data:`INNER` pixels (aspect kept), centred in a :data:`PATCH` square and normalised
from paper (0) to ink (1).  A cell without such components is empty.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from engine.reader.grid_finder import bilinear
from engine.reader.image import components, ink

CELL = 32
"""Pixels per cell side in the straightened grid."""
SIDE = 9 * CELL
PATCH = 24
"""Side of the square a digit is classified in."""
INNER = 20
"""Side of the box a digit is scaled to fit inside its patch."""
BAND = 3
"""Half-width, in pixels, of the band cleared along every cell line."""


class Cells(NamedTuple):
    """The digit patches of a grid: ``patches[i]`` is the digit of cell ``cells[i]``."""

    cells: np.ndarray
    patches: np.ndarray


def cut(grid: np.ndarray, faint: bool = False) -> Cells:
    """Return the patches of the cells of a straightened ``SIDE`` x ``SIDE`` grey grid that hold ink.

    ``faint`` lowers the ink threshold to half, to find light-grey digits (and more specks).
    """
    lines = np.zeros(SIDE, dtype=bool)
    for k in range(10):
        lines[max(0, k * CELL - BAND): k * CELL + BAND] = True
    # the contrast of the digits, not of the (often heavier) lines
    inside = grid[~lines][:, ~lines]
    paper = float(np.percentile(inside, 75))
    dark = float(np.percentile(inside, 0.5))
    contrast = max(paper - dark, 1.0)
    share = 0.1 if faint else 0.2
    mask = ink(grid, CELL // 2, max(5.0 * share / 0.2, share * contrast))
    mask[lines, :] = False
    mask[:, lines] = False
    comps = components(mask)
    boxes = comps.boxes()
    sizes = comps.sizes()
    bh = boxes[:, 2] - boxes[:, 0]
    bw = boxes[:, 3] - boxes[:, 1]
    cy, cx = comps.centroids().T
    keep = (bh < CELL) & (bw < CELL) & (sizes >= 4)
    # what the cleared bands leave of the lines: long thin strokes and corners spanning most of a cell
    keep &= (np.maximum(bh, bw) < 0.75 * CELL) | (sizes >= 0.25 * bh * bw)
    # a component belongs to the cell its centre of ink lies in
    row = np.clip(cy // CELL, 0, 8).astype(np.int64)
    col = np.clip(cx // CELL, 0, 8).astype(np.int64)
    fy = cy / CELL - row
    fx = cx / CELL - col
    cell_of = np.where(keep, row * 9 + col, -1)
    # a digit's main stroke has its centre in the cell's middle; what the cleared bands left of the
    # lines (edges, corners) has its centre near the cell's edge
    off_middle = np.maximum(np.abs(fy - 0.5), np.abs(fx - 0.5))
    central = keep & (off_middle < 0.3)
    cells = []
    patches = []
    for cell in np.unique(cell_of[central]):
        seeds = np.flatnonzero(central & (cell_of == cell))
        near = np.flatnonzero((cell_of == cell) & (off_middle < 0.33))
        box, ink_px = _digit_box(boxes, sizes, seeds[np.argmax(sizes[seeds])], near)
        # a digit is tall enough; specks are not digits
        if box[2] - box[0] < 0.3 * CELL or ink_px < 12:
            continue
        cells.append(int(cell))
        patches.append(_patch(grid, box, paper, contrast))
    stack = np.array(patches, dtype=np.float32).reshape(len(cells), PATCH, PATCH)
    return Cells(np.array(cells, dtype=np.int64), stack)


def _digit_box(boxes: np.ndarray, sizes: np.ndarray, seed: int, mine: np.ndarray
               ) -> tuple[tuple[int, int, int, int], int]:
    """Return the box and ink of a cell's digit: its main stroke ``seed``, and pieces ``mine`` near it."""
    top, left, bottom, right = (int(v) for v in boxes[seed])
    ink_px = 0
    for other in mine.tolist():
        t, lf, b, rt = boxes[other]
        # a piece of the same digit stays within a digit's size of the main stroke
        if max(b, bottom) - min(t, top) <= 0.8 * CELL and max(rt, right) - min(lf, left) <= 0.7 * CELL:
            top, left, bottom, right = min(top, t), min(left, lf), max(bottom, b), max(right, rt)
            ink_px += int(sizes[other])
    return (top, left, bottom, right), ink_px


def _patch(grid: np.ndarray, box: tuple[int, int, int, int], paper: float, contrast: float) -> np.ndarray:
    """Return the box of ``grid`` scaled into a PATCH square, paper 0 and ink 1."""
    top, left, bottom, right = box
    h, w = bottom - top, right - left
    scale = INNER / max(h, w)
    oh, ow = h * scale, w * scale
    oy, ox = (PATCH - oh) / 2.0, (PATCH - ow) / 2.0
    v, u = np.mgrid[0:PATCH, 0:PATCH].astype(np.float64) + 0.5
    ys = top + (v - oy) / scale - 0.5
    xs = left + (u - ox) / scale - 0.5
    region = grid[top:bottom, left:right]
    local_paper = max(float(np.percentile(region, 90)), paper) if region.size else paper
    local_ink = float(region.min()) if region.size else paper - contrast
    span = max(local_paper - local_ink, contrast * 0.3, 1.0)
    sampled = bilinear(grid, ys, xs)
    inside = (v >= oy) & (v < oy + oh) & (u >= ox) & (u < ox + ow)
    return np.where(inside, np.clip((local_paper - sampled) / span, 0.0, 1.0), 0.0)
