"""A puzzle's shape and its digit lines as a save writes them (desktop/io/saves.py): digits one character a
cell, ``0`` empty, ``1``-``9`` then ``A``-``G`` (10-16); a shape other than the classic one as the engine
model's own JSON without givens, plus its kind.
"""

from __future__ import annotations

from typing import Any

from desktop.midend.shape import CLASSIC, KINDS, SIZES, Shape, kind_of
from engine import ParseError
from engine import Puzzle as Model

DIGITS = "0123456789ABCDEFG"  # a cell's character: 0 empty, then digits 1-16


def digit_line(digits: Any) -> str:
    """Return digits as a saved line."""
    return "".join(DIGITS[d] for d in digits)


def dump_shape(shape: Shape) -> dict[str, Any]:
    """Return ``{"shape": ...}`` for a shape other than the classic one (nothing for it)."""
    if shape == CLASSIC and shape.kind == "classic":
        return {}
    model = Model(shape.size, (0,) * shape.n_cells, shape.regions, shape.constraints, shape.title).to_dict()
    del model["givens"]
    return {"shape": dict(model, kind=shape.kind)}


def load_shape(data: Any) -> Shape:
    """Return the shape a game or a move saved (classic when none was); ValueError naming what is wrong."""
    if "shape" not in data:
        return CLASSIC
    raw = data["shape"]
    if not isinstance(raw, dict) or raw.get("size") not in SIZES or isinstance(raw.get("size"), bool):
        raise ValueError("shape: expected an object with a size of 4, 6, 8, 9, 12 or 16")
    size, regions = raw["size"], raw.get("regions")
    try:  # the regions apart: a jigsaw still being painted in Enter puzzle may be uneven
        model = Model.from_dict(dict(raw, givens="." * (size * size), regions=None))
    except ParseError as err:
        raise ValueError(f"shape: {err.message}") from None
    shape = Shape.of(model)
    if regions is not None:
        if not isinstance(regions, list) or len(regions) != size * size or not all(
                isinstance(r, int) and not isinstance(r, bool) and 0 <= r < size for r in regions):
            raise ValueError(f"shape: regions must be {size * size} numbers 0-{size - 1}")
        shape = shape.with_regions(regions)
    kind = raw.get("kind")
    return Shape(shape.size, shape.regions, shape.constraints, kind if kind in KINDS else kind_of(shape),
                 shape.title)


def read_digits(text: Any, shape: Shape, name: str) -> list[int]:
    """Return the digits of a saved line of ``shape``'s N*N cells; ValueError naming ``name``."""
    n = shape.size
    if not isinstance(text, str) or len(text) != n * n or not all(ch in DIGITS[:n + 1] for ch in text):
        raise ValueError(f"{name}: expected {n * n} digits 0-{DIGITS[n]}")
    return [DIGITS.index(ch) for ch in text]
