"""Decode an image file into pixels for the reader (Pillow, the ``image`` extra).

Every failure becomes a :class:`ReadError` with a sentence a person can act on: a missing or
unreadable file, a file that is not an image, a truncated one, one too large to decode safely.
A phone photo's EXIF orientation is applied, so the grid is upright as the person saw it.
"""

from __future__ import annotations

import os
import warnings

import numpy as np

from engine.reader import MAX_PIXELS, ReadError


def _pillow():
    """Return Pillow's Image and ImageOps modules (ReadError naming the extra when it is missing)."""
    try:
        from PIL import Image, ImageOps
    except ImportError:
        raise ReadError("reading image files needs Pillow: pip install 'sudoku-studio[image]'",
                        "needs_pillow") from None
    return Image, ImageOps


def load_image(source: str | os.PathLike | bytes) -> np.ndarray:
    """Return the (H, W) or (H, W, 3) uint8 pixels of an image file or its bytes; ReadError if undecodable."""
    import io

    image_mod, image_ops = _pillow()
    name = "the image" if isinstance(source, bytes) else os.fspath(source)
    stream = io.BytesIO(source) if isinstance(source, bytes) else source
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", image_mod.DecompressionBombWarning)
            with image_mod.open(stream) as im:
                w, h = im.size
                if w * h > MAX_PIXELS:
                    raise ReadError(f"{name}: the picture is too large ({w}x{h}; at most "
                                    f"{MAX_PIXELS // 1_000_000} megapixels)", "too_large")
                im.load()
                upright = image_ops.exif_transpose(im)
                grey_modes = ("1", "L", "LA", "I", "I;16", "F")
                return np.asarray(upright.convert("L" if upright.mode in grey_modes else "RGB"))
    except ReadError:
        raise
    except FileNotFoundError:
        raise ReadError(f"{name}: no such file", "no_file") from None
    except IsADirectoryError:
        raise ReadError(f"{name}: is a directory, not an image") from None
    except PermissionError:
        raise ReadError(f"{name}: permission denied") from None
    except image_mod.UnidentifiedImageError:
        raise ReadError(f"{name}: not an image (or a format Pillow cannot read)") from None
    except (image_mod.DecompressionBombError, image_mod.DecompressionBombWarning):
        raise ReadError(f"{name}: the picture is too large to decode safely", "too_large") from None
    except (OSError, SyntaxError, ValueError, EOFError) as err:
        raise ReadError(f"{name}: the image is damaged or truncated ({err})") from None
