"""Candidate lists in words for the newer techniques' texts ("5 in r1c2, 7 in r3c4"); removals are
:func:`engine.steps.removal_label`'s."""

from __future__ import annotations

from collections.abc import Iterable

from engine.grid import cell_name

Pair = tuple[int, int]


def candidates_text(pairs: Iterable[Pair]) -> str:
    """Return ``5 in r1c2, 7 in r3c4``-style text for (cell, digit) pairs, in the given order."""
    return ", ".join(f"{d} in {cell_name(c)}" for c, d in pairs)


def candidates_text_zh(pairs: Iterable[Pair]) -> str:
    """Return ``r1c2 的 5、r3c4 的 7``-style text for (cell, digit) pairs, in the given order."""
    return "、".join(f"{cell_name(c)} 的 {d}" for c, d in pairs)
