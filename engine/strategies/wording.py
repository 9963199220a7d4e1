"""Result wording shared by the newer techniques: "remove 5 from r1c2 and r3c4" in English and Chinese.

Explanations spell an elimination out instead of writing ``r1c2<>5`` (a learner reads "<>" as
noise).  Eliminations are grouped by digit, digits ascending, cells in board order.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.grid import cell_name

Pair = tuple[int, int]


def _by_digit(pairs: Iterable[Pair]) -> list[tuple[int, list[int]]]:
    groups: dict[int, list[int]] = {}
    for cell, digit in sorted(pairs, key=lambda p: (p[1], p[0])):
        groups.setdefault(digit, []).append(cell)
    return sorted(groups.items())


def _join(names: list[str], lang: str) -> str:
    if lang == "zh":
        return "、".join(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def removals(pairs: Iterable[Pair], lang: str = "en") -> str:
    """Return ``remove 5 from r1c2 and r3c4; remove 7 from r5c5`` (``从 r1c2、r3c4 删去 5；…`` in
    Chinese) for (cell, digit) eliminations; "" when there are none."""
    parts = []
    for digit, cells in _by_digit(pairs):
        where = _join([cell_name(c) for c in cells], lang)
        parts.append(f"从 {where} 删去 {digit}" if lang == "zh" else f"remove {digit} from {where}")
    return ("；" if lang == "zh" else "; ").join(parts)


def candidates_text(pairs: Iterable[Pair]) -> str:
    """Return ``5 in r1c2, 7 in r3c4``-style text for (cell, digit) pairs, in the given order."""
    return ", ".join(f"{d} in {cell_name(c)}" for c, d in pairs)


def candidates_text_zh(pairs: Iterable[Pair]) -> str:
    """Return ``r1c2 的 5、r3c4 的 7``-style text for (cell, digit) pairs, in the given order."""
    return "、".join(f"{cell_name(c)} 的 {d}" for c, d in pairs)
