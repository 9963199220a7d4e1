"""Steps: one move of a solver, as plain data.

A step names its technique (a snake_case id), what it does (placements and eliminations, as
``(cell, digit)`` pairs) and what a person should look at (cells, units, candidates, links), plus
``detail``: the JSON-able facts its explanation is written from.  Its words are made from that data
by :func:`engine.words.wording.explain` (English or Chinese) and are never parsed back.  The same steps
drive the desktop animation, hints, the CLI's ``explain`` and saved games.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Pair = tuple[int, int]  # (cell 0-80, digit 1-9)
Fact = tuple[tuple[int, ...], int, bool]  # (cells, digit, true?): "digit is in one of cells" or not

LANGUAGES = ("en", "zh")


@dataclass(frozen=True)
class Step:
    """One solver move and its reason; equal steps compare equal and serialise identically."""

    technique: str
    placements: tuple[Pair, ...] = ()
    eliminations: tuple[Pair, ...] = ()
    cells: tuple[int, ...] = ()  # the pattern's cells, to highlight
    units: tuple[int, ...] = ()  # unit ids 0-26 the reasoning uses
    candidates: tuple[Pair, ...] = ()  # the pattern's candidates, to highlight
    links: tuple[tuple[Pair, Pair, bool], ...] = ()  # chain links: (from, to, strong?)
    detail: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-able dict (lists, not tuples); :meth:`from_dict` reverses it."""
        return {
            "technique": self.technique,
            "placements": [list(p) for p in self.placements],
            "eliminations": [list(p) for p in self.eliminations],
            "cells": list(self.cells),
            "units": list(self.units),
            "candidates": [list(p) for p in self.candidates],
            "links": [[list(a), list(b), strong] for a, b, strong in self.links],
            "detail": dict(self.detail),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Step:
        """Return the Step a :meth:`to_dict` dict describes; raises KeyError/TypeError if malformed."""
        return cls(
            technique=str(data["technique"]),
            placements=tuple((int(c), int(d)) for c, d in data.get("placements", ())),
            eliminations=tuple((int(c), int(d)) for c, d in data.get("eliminations", ())),
            cells=tuple(int(c) for c in data.get("cells", ())),
            units=tuple(int(u) for u in data.get("units", ())),
            candidates=tuple((int(c), int(d)) for c, d in data.get("candidates", ())),
            links=tuple(
                ((int(a[0]), int(a[1])), (int(b[0]), int(b[1])), bool(s))
                for a, b, s in data.get("links", ())
            ),
            detail=dict(data.get("detail", {})),
        )
