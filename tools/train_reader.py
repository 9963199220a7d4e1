"""Train the reader's digit classifier and write ``engine/reader/digits.npz``: ``tools/train_reader.py``.

Samples are cut by the reader's own pipeline (find the grid, straighten it, cut the cells), so the
classifier sees exactly what it will see at run time:

* synthetic photos (:mod:`reader_synth`): random puzzles in Debian's fonts (TRAIN_FONTS), sizes,
  places, light and dark themes, perspective, shadow, blur, noise, JPEG;
* the 120 training photos not held out (``photo_split``), each straightened a few times with its
  corners nudged by a pixel or two; ink in a cell its .dat file says is empty is class 0;
* each of those patches twice more, slightly turned, scaled, shifted, its strokes thinner or thicker.

A perceptron (576 -> 128 ReLU -> 10 softmax) is fitted with Adam on numpy.  At the end the 40
held-out photos, never used here, are read whole with ``engine.read_image`` and scored.  Fixed seeds:
a rerun writes the same weights on the same machine.  Takes about 4 minutes of CPU (10 minutes of
wall time at a load of 12 on 2 cores), mostly drawing the synthetic photos; ``--samples FILE``
keeps the cut patches so that a refit takes about a minute.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from reader_synth import (  # noqa: E402
    TRAIN_FONTS,
    font_files,
    photo_split,
    photo_truth,
    photograph,
    random_puzzle,
    render_grid,
)

from engine.reader import cells as C  # noqa: E402
from engine.reader import model  # noqa: E402
from engine.reader.grid_finder import NoGridError, find_corners, warp  # noqa: E402

HIDDEN = 128


def samples(pixels: np.ndarray, truth: str, corners: np.ndarray | None = None) -> tuple[list, list]:
    """Return the (patches, labels) the pipeline cuts from one picture of puzzle ``truth``."""
    if corners is None:
        corners = find_corners(pixels)
    grid = warp(pixels, corners, C.SIDE)
    xs, ys = [], []
    seen = set()
    for faint in (False, True):
        cut = C.cut(grid, faint=faint)
        for cell, patch in zip(cut.cells.tolist(), cut.patches, strict=True):
            if cell in seen:
                continue
            seen.add(cell)
            xs.append(patch)
            ys.append(int(truth[cell]))
    return xs, ys


def synthetic(count: int, rng: np.random.Generator) -> tuple[list, list]:
    """Return patches and labels from ``count`` synthetic photos."""
    from engine import random_solution

    fonts = font_files(TRAIN_FONTS)
    xs, ys = [], []
    for i in range(count):
        solution = "".join(map(str, random_solution(rng).tolist()))
        puzzle = random_puzzle(rng, solution)
        size = [(640, 480), (480, 640), (900, 700), (500, 500)][i % 4]
        pixels = photograph(render_grid(puzzle, fonts, rng, dark=rng.random() < 0.15), rng, size,
                            strength=rng.uniform(0.0, 1.3))
        if np.median(pixels) < 100:
            pixels = 255 - pixels
        try:
            x, y = samples(pixels, puzzle)
        except (NoGridError, np.linalg.LinAlgError):
            continue
        xs += x
        ys += y
    return xs, ys


def from_photos(photos: list[Path], rng: np.random.Generator, variants: int) -> tuple[list, list]:
    """Return patches and labels from the photos, each straightened ``variants`` times."""
    xs, ys = [], []
    for photo in photos:
        pixels = np.asarray(Image.open(photo).convert("RGB"))
        truth = photo_truth(photo)
        try:
            corners = find_corners(pixels)
        except NoGridError:
            continue
        scale = max(pixels.shape) / 640
        for v in range(variants):
            nudged = corners + (rng.normal(0, 1.0 * scale, corners.shape) if v else 0)
            x, y = samples(pixels, truth, nudged)
            xs += x
            ys += y
    return xs, ys


def augment(x: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Return a copy of the patches, each slightly turned, scaled and shifted, strokes thinner or thicker."""
    n = len(x)
    side = C.PATCH
    angle = rng.uniform(-0.12, 0.12, n)
    scale = rng.uniform(0.9, 1.1, n)
    shift = rng.uniform(-1.0, 1.0, (n, 2))
    v, u = np.mgrid[0:side, 0:side].astype(np.float64) - (side - 1) / 2
    cos, sin = np.cos(angle)[:, None, None], np.sin(angle)[:, None, None]
    k = scale[:, None, None]
    ys = (cos * v - sin * u) / k + (side - 1) / 2 + shift[:, 0, None, None]
    xs = (sin * v + cos * u) / k + (side - 1) / 2 + shift[:, 1, None, None]
    y0 = np.clip(np.floor(ys).astype(np.int64), 0, side - 2)
    x0 = np.clip(np.floor(xs).astype(np.int64), 0, side - 2)
    fy = np.clip(ys - y0, 0, 1)
    fx = np.clip(xs - x0, 0, 1)
    img = x.reshape(n, side, side)
    idx = np.arange(n)[:, None, None]
    out = (img[idx, y0, x0] * (1 - fx) * (1 - fy) + img[idx, y0, x0 + 1] * fx * (1 - fy)
           + img[idx, y0 + 1, x0] * (1 - fx) * fy + img[idx, y0 + 1, x0 + 1] * fx * fy)
    outside = (ys < 0) | (ys > side - 1) | (xs < 0) | (xs > side - 1)
    out[outside] = 0.0
    gamma = np.exp(rng.uniform(-0.5, 0.5, n))[:, None, None]
    return (np.clip(out, 0, 1) ** gamma).reshape(n, -1).astype(np.float32)


def train(x: np.ndarray, y: np.ndarray, rng: np.random.Generator, epochs: int) -> dict[str, np.ndarray]:
    """Return the fitted perceptron's weights (Adam, minibatches of 128, cross-entropy)."""
    n, d = x.shape
    mean = x.mean(axis=0)
    params = {
        "w1": rng.normal(0, np.sqrt(2 / d), (d, HIDDEN)).astype(np.float32),
        "b1": np.zeros(HIDDEN, np.float32),
        "w2": rng.normal(0, np.sqrt(1 / HIDDEN), (HIDDEN, 10)).astype(np.float32),
        "b2": np.zeros(10, np.float32),
    }
    m = {k: np.zeros_like(v) for k, v in params.items()}
    s = {k: np.zeros_like(v) for k, v in params.items()}
    step = 0
    for epoch in range(epochs):
        lr = 2e-3 * (0.5 ** (epoch / 4))
        order = rng.permutation(n)
        loss = 0.0
        for start in range(0, n, 128):
            idx = order[start:start + 128]
            xb = x[idx] - mean
            hidden, probs = model.forward(x[idx], *(params[k] for k in ("w1", "b1", "w2", "b2")), mean)
            loss += -np.log(probs[np.arange(len(idx)), y[idx]] + 1e-9).sum()
            g = probs
            g[np.arange(len(idx)), y[idx]] -= 1
            g /= len(idx)
            grads = {"w2": hidden.T @ g, "b2": g.sum(0)}
            gh = (g @ params["w2"].T) * (hidden > 0)
            grads["w1"] = xb.T @ gh
            grads["b1"] = gh.sum(0)
            step += 1
            for k in params:
                m[k] = 0.9 * m[k] + 0.1 * grads[k]
                s[k] = 0.999 * s[k] + 0.001 * grads[k] ** 2
                mh = m[k] / (1 - 0.9**step)
                sh = s[k] / (1 - 0.999**step)
                params[k] -= (lr * mh / (np.sqrt(sh) + 1e-8)).astype(np.float32)
        print(f"epoch {epoch + 1}: loss {loss / n:.4f}", flush=True)
    params["mean"] = mean.astype(np.float32)
    return params


def score_held_out(held_out: list[Path]) -> None:
    """Read every held-out photo whole and print how many read exactly (and the wrong cells)."""
    from engine import ReadError, read_image

    exact = 0
    for photo in held_out:
        truth = photo_truth(photo).replace("0", ".")
        try:
            reading = read_image(np.asarray(Image.open(photo).convert("RGB")))
        except ReadError as err:
            print(f"  {photo.name}: {err}")
            continue
        wrong = [i for i in range(81) if reading.puzzle[i] != truth[i]]
        exact += not wrong
        if wrong:
            hidden = [i for i in wrong if i not in reading.unsure]
            print(f"  {photo.name}: {len(wrong)} wrong cells, {len(hidden)} of them not marked unsure")
    print(f"held-out photos read exactly: {exact} of {len(held_out)}")


def main(argv: list[str] | None = None) -> int:
    """Build the training set, fit the classifier, write its weights and score the held-out photos."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--synthetic", type=int, default=700, help="synthetic photos (default 700)")
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--out", type=Path, default=model.WEIGHTS)
    parser.add_argument("--samples", type=Path, help="keep the cut samples in this .npz and reuse them")
    args = parser.parse_args(argv)
    rng = np.random.default_rng(20261127)
    started = time.perf_counter()
    training, held_out = photo_split()
    if args.samples and args.samples.exists():
        with np.load(args.samples) as data:
            x, y = data["x"], data["y"]
    else:
        px, py = from_photos(training, rng, variants=4)
        print(f"{len(px)} samples from {len(training)} photos", flush=True)
        sx, sy = synthetic(args.synthetic, rng)
        took = time.perf_counter() - started
        print(f"{len(sx)} samples from {args.synthetic} synthetic photos ({took:.0f} s)", flush=True)
        x = np.array(px + sx, dtype=np.float32).reshape(len(px) + len(sx), -1)
        y = np.array(py + sy, dtype=np.int64)
        if args.samples:
            np.savez_compressed(args.samples, x=x.astype(np.float16), y=y)
    x = x.astype(np.float32)
    # every sample twice more, turned, scaled, shifted and with other stroke widths: fonts unseen vary so
    x = np.concatenate([x, augment(x, rng), augment(x, rng)])
    y = np.concatenate([y, y, y])
    params = train(x, y, rng, args.epochs)
    np.savez_compressed(args.out, **{k: v.astype(np.float16) for k, v in params.items()})
    took = time.perf_counter() - started
    print(f"wrote {args.out} ({args.out.stat().st_size / 1024:.0f} KB) in {took:.0f} s")
    model.WEIGHTS = args.out
    model._weights.cache_clear()
    score_held_out(held_out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
