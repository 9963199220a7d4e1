"""A photo or screenshot of a puzzle, read for the "Review photo" dialog (worker side; no threads here).

The bytes come from a file the native dialog chose, or from the page (a pasted or dropped image,
base64).  They are decoded and read by the engine (``engine.load_image``, ``engine.read_image``), and a
small JPEG of the picture is made for the dialog to show beside the read puzzle.  Every failure is a
GameError the page words: ``photo_too_large``, ``not_image``, ``no_grid``, ``file``.
"""

from __future__ import annotations

import base64
import binascii
import io
from typing import TYPE_CHECKING, Any

from desktop.io import files
from desktop.midend import GameError

if TYPE_CHECKING:
    from engine import ReadError

MAX_BYTES = 30 * 1024 * 1024
"""The largest image file read (a phone's 50-megapixel JPEG is about 15 MB)."""
PREVIEW_SIDE = 480
"""The longer side of the picture the dialog shows, in pixels."""


def too_large(size: int) -> GameError:
    """The refusal of an image of ``size`` bytes (over MAX_BYTES)."""
    limit = MAX_BYTES // (1024 * 1024)
    return GameError("photo_too_large", f"The image is larger than {limit} MB.",
                     {"size_mb": round(size / (1024 * 1024), 1), "limit_mb": limit})


def from_base64(data: str) -> bytes:
    """Return the bytes of base64 ``data`` (a ``data:`` URL's prefix allowed); GameError if not base64."""
    if data.startswith("data:"):
        data = data.partition(",")[2]
    if len(data) * 3 // 4 > MAX_BYTES:
        raise too_large(len(data) * 3 // 4)
    try:
        return base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        raise GameError("not_image", "The data is not an image.", {"detail": "not base64"}) from None


def read_file(path: str) -> bytes:
    """Return the bytes of the image file at ``path``; GameError ``file`` or ``photo_too_large``."""
    return files.read_regular_file(path, MAX_BYTES, lambda: too_large(MAX_BYTES + 1))


def read_photo(data: bytes) -> dict[str, Any]:
    """Return what the review shows: the reading, the picture's size and a small JPEG of it (a data URL);
    GameError ``not_image``, ``photo_too_large`` or ``no_grid``."""
    from engine import ReadError, load_image, read_image

    if len(data) > MAX_BYTES:
        raise too_large(len(data))
    try:
        pixels = load_image(data)
    except ReadError as err:
        raise _refusal("not_image", err) from None
    try:
        reading = read_image(pixels)
    except ReadError as err:
        raise _refusal("no_grid", err) from None
    height, width = pixels.shape[:2]
    return {"reading": reading.to_json(), "width": int(width), "height": int(height),
            "preview": preview(pixels)}


def preview(pixels: Any) -> str:
    """Return the picture downscaled to PREVIEW_SIDE as a JPEG ``data:`` URL (never fails on pixels)."""
    from PIL import Image

    image = Image.fromarray(pixels)
    image.thumbnail((PREVIEW_SIDE, PREVIEW_SIDE))
    out = io.BytesIO()
    image.convert("RGB" if image.mode != "L" else "L").save(out, "JPEG", quality=80)
    return "data:image/jpeg;base64," + base64.b64encode(out.getvalue()).decode("ascii")


def _refusal(code: str, err: ReadError) -> GameError:
    """The GameError for the reader's ReadError ``err``: too small or large pictures have their own code."""
    code = {"too_large": "photo_too_large", "too_small": "photo_too_small"}.get(err.code, code)
    return GameError(code, str(err), {"detail": str(err)})
