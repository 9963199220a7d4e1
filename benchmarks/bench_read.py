"""How long ``engine.read_image`` takes on a photo: 960x1280 (target < 0.3 s) and 4000x3000 (< 1 s).

    .venv/bin/python benchmarks/bench_read.py [--photos 6] [--repeat 5] [--cpu N]

Pinned to one core.  The 960x1280 photos are the training photos of that size (the first
``--photos`` of them by name); the 4000x3000 ones are the 640x480 training photos scaled up with
Pillow (bicubic), so the reader pays a real 12-megapixel array.  Each round times, one after the
other with the order alternating, the whole ``read_image`` call and the reference, Pillow decoding
the same picture's JPEG file (as ``sudoku read`` must anyway); medians of wall and CPU time over
the rounds and photos, the ratio to the reference, and the load average around the run.  Start-up
(imports, the solver's compilation, the weights) is paid before timing, by one read.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import time
from pathlib import Path

import numpy as np
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
PHOTOS = ROOT.parent / "shared" / "data" / "photos" / "train"

from engine import read_image  # noqa: E402


def _jpeg(image: Image.Image) -> bytes:
    buf = io.BytesIO()
    image.save(buf, "JPEG", quality=90)
    return buf.getvalue()


def _pictures(size: tuple[int, int], count: int) -> list[bytes]:
    """Return up to ``count`` JPEG files of ``size`` (w, h): those photos, or 640x480 ones scaled up."""
    out = []
    for path in sorted(PHOTOS.glob("*.jpg")):
        with Image.open(path) as im:
            if im.size == size:
                out.append(path.read_bytes())
            elif im.size == (640, 480) and size[0] > 2000:
                out.append(_jpeg(im.convert("RGB").resize(size, Image.Resampling.BICUBIC)))
        if len(out) == count:
            break
    return out


def _time(fn) -> tuple[float, float]:
    """Return (wall, CPU) seconds of one call of ``fn``."""
    start, cpu = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - start, time.process_time() - cpu


def bench(size: tuple[int, int], count: int, repeat: int) -> None:
    """Print the read time, the decode time and their ratio for pictures of ``size``."""
    files = _pictures(size, count)
    decoded = [np.asarray(Image.open(io.BytesIO(f)).convert("RGB")) for f in files]
    read_image(decoded[0])
    reads, decodes = [], []
    for r in range(repeat):
        for data, pixels in zip(files, decoded, strict=True):
            steps = [lambda p=pixels: reads.append(_time(lambda: read_image(p))),
                     lambda d=data: decodes.append(_time(lambda: Image.open(io.BytesIO(d)).convert("RGB")))]
            for step in steps if r % 2 == 0 else steps[::-1]:
                step()
    for kind, k in (("wall", 0), ("CPU", 1)):
        read = statistics.median(t[k] for t in reads)
        decode = statistics.median(t[k] for t in decodes)
        worst = max(t[k] for t in reads)
        print(f"{size[0]}x{size[1]} ({len(files)} photos x {repeat}), {kind}: read_image median "
              f"{read * 1000:.0f} ms (max {worst * 1000:.0f} ms), Pillow decode {decode * 1000:.0f} ms, "
              f"ratio {read / decode:.2f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--cpu", type=int, default=0, help="core to pin to")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {args.cpu})
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    bench((960, 1280), args.photos, args.repeat)
    bench((4000, 3000), args.photos, args.repeat)
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
