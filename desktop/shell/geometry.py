"""Where the window opens: inside the screen's work area, at most 90% of it, where it was left.

Pure: the work area and the remembered geometry are given; nothing here imports pywebview.
A geometry is ``(x, y, width, height)`` in the screen's logical pixels.
"""

from __future__ import annotations

from collections.abc import Sequence

DEFAULT_SIZE = (1280, 860)  # the size wanted on a large screen; a smaller work area shrinks it
MIN_SIZE = (760, 560)  # pywebview's min_size: the layout still holds here (ui/css/app.css)
SHARE = 0.9  # the most of the work area a window opens over


def place(saved: Sequence[int] | None, area: Sequence[int]) -> tuple[int, int, int, int]:
    """Return the geometry to open at: ``saved`` (or the default size, centred) shrunk to 90% of the
    work area ``area`` and moved fully inside it; a saved geometry that is not 4 ints is ignored."""
    ax, ay, aw, ah = (int(v) for v in area)
    usable = saved is not None and len(saved) == 4 and all(isinstance(v, int) for v in saved)
    width, height = (saved[2], saved[3]) if usable and saved else DEFAULT_SIZE
    width = max(min(width, int(aw * SHARE)), min(MIN_SIZE[0], aw))
    height = max(min(height, int(ah * SHARE)), min(MIN_SIZE[1], ah))
    if usable and saved:
        x, y = saved[0], saved[1]
    else:
        x, y = ax + (aw - width) // 2, ay + (ah - height) // 2
    x = min(max(x, ax), ax + aw - width)  # never partly off screen
    y = min(max(y, ay), ay + ah - height)
    return x, y, width, height
