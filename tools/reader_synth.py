"""Synthetic Sudoku photos and screenshots for training and testing the reader (needs Pillow).

A puzzle is drawn as a newspaper or screen grid (paper or dark background, thin and thick lines,
digits in a chosen font, size and place, stray text around it), then photographed: a random
perspective, a shadow, blur, noise and JPEG artefacts.  Training renders with
:data:`TRAIN_FONTS`; the tests render with :data:`TEST_FONTS`, families never used in training.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

_TT = Path("/usr/share/fonts/truetype")
_OT = Path("/usr/share/fonts/opentype/urw-base35")
TRAIN_FONTS = [
    *sorted((_TT / "dejavu").glob("DejaVu[SM]*.ttf")),
    *sorted((_TT / "liberation").glob("*.ttf")),
    *sorted((_TT / "freefont").glob("*.ttf")),
    *sorted((_TT / "noto").glob("NotoSans-*.ttf")), *sorted((_TT / "noto").glob("NotoSerif-*.ttf")),
    *sorted((_TT / "noto").glob("NotoSansMono-*.ttf")),
    *sorted(_OT.glob("Nimbus*.otf")), *sorted(_OT.glob("[CP]0*.otf")), *sorted(_OT.glob("URW*.otf")),
]
"""Debian's fonts-dejavu, -liberation, -freefont-ttf, -noto-core and -urw-base35 families."""
TEST_FONTS = sorted((_TT / "crosextra").glob("*.ttf"))
"""Carlito and Caladea (fonts-crosextra-carlito, -caladea): never used in training."""


def font_files(paths: list[Path]) -> list[Path]:
    """Return the existing files among ``paths`` (FileNotFoundError when none exist)."""
    found = [p for p in paths if p.exists()]
    if not found:
        raise FileNotFoundError("no fonts: install the Debian font packages listed in scripts/dev")
    return found


def render_grid(puzzle: str, fonts: list[Path], rng: np.random.Generator, dark: bool = False,
                cell: int | None = None) -> Image.Image:
    """Return a straight grey picture of ``puzzle`` (81 characters, '0' or '.' empty) with a margin."""
    cell = cell or int(rng.integers(22, 64))
    margin = int(cell * rng.uniform(0.6, 2.0))
    side = 9 * cell + 2 * margin
    paper = int(rng.integers(15, 60)) if dark else int(rng.integers(170, 256))
    inkc = int(rng.integers(190, 256)) if dark else int(rng.integers(0, 110))
    linec = inkc if rng.random() < 0.7 else (paper + inkc) // 2
    img = Image.new("L", (side, side), paper)
    draw = ImageDraw.Draw(img)
    thin = max(1, round(cell * rng.uniform(0.02, 0.06)))
    thick = max(thin + 1, round(cell * rng.uniform(0.06, 0.14)))
    for k in range(10):
        width = thick if k % 3 == 0 else thin
        at = margin + k * cell
        draw.rectangle([at - width // 2, margin - thick // 2, at + (width - 1) // 2, margin + 9 * cell],
                       fill=linec)
        draw.rectangle([margin - thick // 2, at - width // 2, margin + 9 * cell, at + (width - 1) // 2],
                       fill=linec)
    font_path = fonts[int(rng.integers(len(fonts)))]
    size = int(cell * rng.uniform(0.5, 0.85))
    font = ImageFont.truetype(str(font_path), size)
    for i, ch in enumerate(puzzle):
        if ch in "0.":
            continue
        r, c = divmod(i, 9)
        cx = margin + (c + 0.5 + rng.uniform(-0.05, 0.05)) * cell
        cy = margin + (r + 0.5 + rng.uniform(-0.05, 0.05)) * cell
        draw.text((cx, cy), ch, fill=inkc, font=font, anchor="mm")
    _stray_text(draw, rng, side, margin, inkc, fonts)
    return img


def _stray_text(draw: ImageDraw.ImageDraw, rng: np.random.Generator, side: int, margin: int, inkc: int,
                fonts: list[Path]) -> None:
    """Write a line of words above and below the grid, as a newspaper page has."""
    size = max(8, int(margin * 0.4))
    font = ImageFont.truetype(str(fonts[int(rng.integers(len(fonts)))]), size)
    words = "Sudoku 123 puzzle level hard Complete the grid so that every row column and box"
    for y in (margin * 0.3, side - margin * 0.7):
        if rng.random() < 0.6:
            start = int(rng.integers(0, 40))
            draw.text((margin, y), words[start:start + 40], fill=inkc, font=font)


def photograph(img: Image.Image, rng: np.random.Generator, out: tuple[int, int] = (640, 480),
               strength: float = 1.0) -> np.ndarray:
    """Return an (H, W, 3) uint8 photo of ``img``: perspective, shadow, blur, noise and JPEG."""
    w, h = out
    side = img.size[0]
    fill = rng.uniform(0.7, 1.0) * min(w, h)
    cx, cy = w / 2 + rng.uniform(-0.1, 0.1) * (w - fill), h / 2 + rng.uniform(-0.1, 0.1) * (h - fill)
    jitter = 0.08 * strength * fill
    dst = np.array([[cx - fill / 2, cy - fill / 2], [cx + fill / 2, cy - fill / 2],
                    [cx + fill / 2, cy + fill / 2], [cx - fill / 2, cy + fill / 2]])
    dst += rng.uniform(-jitter, jitter, size=(4, 2))
    src = np.array([[0, 0], [side, 0], [side, side], [0, side]], dtype=np.float64)
    coeffs = _perspective_coeffs(dst, src)
    background = int(np.asarray(img)[0, 0])
    photo = img.transform((w, h), Image.Transform.PERSPECTIVE, coeffs, Image.Resampling.BICUBIC,
                          fillcolor=background)
    a = np.asarray(photo, dtype=np.float32)
    yy, xx = np.mgrid[0:h, 0:w] / max(w, h)
    angle = rng.uniform(0, 2 * np.pi)
    ramp = np.cos(angle) * xx + np.sin(angle) * yy
    ramp = (ramp - ramp.min()) / max(float(np.ptp(ramp)), 1e-6)
    a *= 1.0 - strength * rng.uniform(0.0, 0.45) * ramp
    a = np.clip(a + rng.normal(0, strength * rng.uniform(0, 6), a.shape), 0, 255)
    tint = np.array([1.0, rng.uniform(0.9, 1.0), rng.uniform(0.8, 1.0)])
    rgb = Image.fromarray(np.clip(a[..., None] * tint, 0, 255).astype(np.uint8), "RGB")
    rgb = rgb.filter(ImageFilter.GaussianBlur(strength * rng.uniform(0, 1.2)))
    buf = io.BytesIO()
    rgb.save(buf, "JPEG", quality=int(rng.integers(35, 95)))
    return np.asarray(Image.open(buf).convert("RGB"))


def _perspective_coeffs(dst: np.ndarray, src: np.ndarray) -> tuple[float, ...]:
    """Return Pillow's 8 PERSPECTIVE coefficients mapping output points ``dst`` to input points ``src``."""
    a, b = [], []
    for (x, y), (u, v) in zip(dst, src, strict=True):
        a.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        a.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        b += [u, v]
    return tuple(np.linalg.solve(np.array(a), np.array(b)).tolist())


def random_puzzle(rng: np.random.Generator, solution: str, clues: int = 30) -> str:
    """Return a puzzle of ``solution`` with one solution: cells emptied in random order while it stays unique.

    Stops at about ``clues`` givens (more when no further cell can go).
    """
    from engine import count_solutions

    grid = np.array([int(ch) for ch in solution], dtype=np.int8)
    for cell in rng.permutation(81):
        if np.count_nonzero(grid) <= clues:
            break
        kept = grid[cell]
        grid[cell] = 0
        if count_solutions(grid, limit=2) != 1:
            grid[cell] = kept
    return "".join(map(str, grid.tolist()))


PHOTOS = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "photos" / "train"
"""The 160 training photos of Wicht and Hennebert's dataset (``../shared/data`` from the repository)."""
HELD_OUT_COUNT = 40


def photo_split(folder: Path = PHOTOS) -> tuple[list[Path], list[Path]]:
    """Return (training, held-out) photo paths: held out are the 40 whose file names' SHA-1 are smallest."""
    import hashlib

    photos = sorted(folder.glob("*.jpg"), key=lambda p: hashlib.sha1(p.name.encode()).hexdigest())
    return sorted(photos[HELD_OUT_COUNT:]), sorted(photos[:HELD_OUT_COUNT])


def photo_truth(photo: Path) -> str:
    """Return the puzzle printed in ``photo`` from its .dat file, 81 characters, '0' empty."""
    rows = photo.with_suffix(".dat").read_text().splitlines()[2:11]
    return "".join(row.split()[c] for row in rows for c in range(9))
