"""The words explanations are built from: cells, units, candidates, removals, placements, facts.

``r1c2`` names a cell, ``row 3`` / ``第3行`` a unit; removals are grouped ("remove 5, 8 from r7c7,
r7c9"), never written "r1c2<>5" (learners read that as a double negative).  The family modules'
text fields and :mod:`engine.words.wording` use these; nothing here knows a technique.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.grid import cell_name, unit_name
from engine.steps import Fact, Pair, Step

_UNIT_ZH = {"row": "行", "column": "列", "box": "宫"}


def unit_label(unit: int, lang: str = "en") -> str:
    """Return a unit's human name, ``row 3`` / ``第3行``; raises IndexError for ids outside 0-26."""
    kind, index = unit_name(unit)
    return f"第{index + 1}{_UNIT_ZH[kind]}" if lang == "zh" else f"{kind} {index + 1}"


def pairs_label(pairs: tuple[Pair, ...] | list[Pair]) -> str:
    """Return ``r1c2=5, r4c4=7``-style text for (cell, digit) pairs."""
    return ", ".join(f"{cell_name(c)}={d}" for c, d in pairs)


def cells_label(cells: tuple[int, ...] | list[int], lang: str = "en") -> str:
    """Return ``r1c2, r4c4``-style text for cells (``r1c2、r4c4`` in Chinese)."""
    return ("、" if lang == "zh" else ", ").join(cell_name(c) for c in cells)


def removal_label(eliminations: tuple[Pair, ...] | list[Pair], lang: str = "en") -> str:
    """Return "remove 5 from r1c2, r4c4" / "从 r1c2、r4c4 删去 5"; empty text for no eliminations.

    Grouped by digit or by cell, whichever gives fewer groups (a hidden subset removes several digits
    from few cells, a fish one digit from many).  Never "r1c2<>5": learners read that as a double
    negative.
    """
    # digits losing the same cells are one group ("5, 8 from r7c7, r7c9"), as are cells losing
    # the same digits
    digit_groups = _grouped((d, c) for c, d in eliminations)  # cells -> digits
    cell_groups = _grouped(eliminations)  # digits -> cells
    sep = "、" if lang == "zh" else ", "
    if len(cell_groups) < len(digit_groups):
        groups = [(sep.join(map(str, ds)), cells_label(cs, lang)) for ds, cs in cell_groups.items()]
    else:
        groups = [(sep.join(map(str, ds)), cells_label(cs, lang)) for cs, ds in digit_groups.items()]
    if not groups:
        return ""
    if lang == "zh":
        return "；".join(f"从 {cells} 删去 {digits}" for digits, cells in groups)
    return "remove " + "; ".join(f"{digits} from {cells}" for digits, cells in groups)


def _grouped(pairs: Iterable[Pair]) -> dict[tuple[int, ...], list[int]]:
    """Return, for (key, value) pairs, each distinct tuple of a key's values -> the keys having it."""
    by_key: dict[int, list[int]] = {}
    for k, v in pairs:
        by_key.setdefault(k, []).append(v)
    out: dict[tuple[int, ...], list[int]] = {}
    for k, vs in by_key.items():
        out.setdefault(tuple(vs), []).append(k)
    return out


def placement_label(placements: tuple[Pair, ...] | list[Pair], lang: str = "en") -> str:
    """Return "place 5 in r1c2" / "在 r1c2 填入 5" (several joined); empty text for none."""
    if lang == "zh":
        return "；".join(f"在 {cell_name(c)} 填入 {d}" for c, d in placements)
    return ("place " + ", ".join(f"{d} in {cell_name(c)}" for c, d in placements)) if placements else ""


def result_label(step: Step, lang: str = "en") -> str:
    """Return what a step does in words: its placements, else its eliminations."""
    return placement_label(step.placements, lang) or removal_label(step.eliminations, lang)


def fact_label(fact: Fact, lang: str = "en") -> str:
    """Return "r1c2 is 5" / "r1c2 is not 5" (for a group "one of r1c2, r1c3 is 5") in ``lang``."""
    cells, digit, true = fact
    names = [cell_name(c) for c in cells]
    if lang == "zh":
        if len(names) == 1:
            return f"{names[0]} {'是' if true else '不是'} {digit}"
        return f"{'、'.join(names)} {'中有一格是' if true else '都不是'} {digit}"
    if len(names) == 1:
        return f"{names[0]} is {'' if true else 'not '}{digit}"
    if true:
        return f"one of {', '.join(names)} is {digit}"
    return f"none of {', '.join(names)} is {digit}"


def implication_sentence(
    facts: list[Fact | None], lang: str = "en", *, suppose: bool = False, notes: dict[int, str] | None = None
) -> str:
    """Return "If A, then B, so C, so D" (Chinese "如果 A，那么 B，于是 C", or with ``suppose``
    "假设 A，则 B，于是 C"), no full stop; the first fact is the assumption, None stands for
    steps left out ("…") and ``notes[i]`` follows fact i (why it holds).  Fails (IndexError) on an
    empty list."""
    notes = notes or {}
    said = [("…" if f is None else fact_label(f, lang)) + notes.get(i, "") for i, f in enumerate(facts)]
    if lang == "zh":
        first, then = ("假设", "则") if suppose else ("如果", "那么")
        text = f"{first} {said[0]}"
        if len(said) > 1:
            text += f"，{then} {said[1]}" + "".join(f"，于是 {s}" for s in said[2:])
        return text
    text = f"If {said[0]}"
    if len(said) > 1:
        text += f", then {said[1]}" + "".join(f", so {s}" for s in said[2:])
    return text


def link_facts(links: tuple[tuple[Pair, Pair, bool], ...] | list) -> list[Fact]:
    """Return the facts an alternating chain of links walks through: a strong link from a false
    candidate makes the next true, a weak link from a true one makes the next false."""
    if not links:
        return []
    (c0, d0), _, strong0 = links[0]
    facts: list[Fact] = [((c0,), d0, not strong0)]
    for _, (c, d), strong in links:
        facts.append(((c,), d, strong))
    return facts


def cannot_label(eliminations: tuple[Pair, ...] | list[Pair], lang: str = "en") -> str:
    """Return "r5c1, r2c2 cannot be 5" / "r5c1、r2c2 都不能是 5" (groups by digit, "; " between)."""
    by_digit: dict[int, list[int]] = {}
    for c, d in eliminations:
        by_digit.setdefault(d, []).append(c)
    if lang == "zh":
        return "；".join(f"{cells_label(cs, 'zh')} {'都' if len(cs) > 1 else ''}不能是 {d}"
                        for d, cs in by_digit.items())
    return "; ".join(f"{cells_label(cs)} cannot be {d}" for d, cs in by_digit.items())


def candidates_text(pairs: Iterable[Pair]) -> str:
    """Return ``5 in r1c2, 7 in r3c4``-style text for (cell, digit) pairs, in the given order."""
    return ", ".join(f"{d} in {cell_name(c)}" for c, d in pairs)


def candidates_text_zh(pairs: Iterable[Pair]) -> str:
    """Return ``r1c2 的 5、r3c4 的 7``-style text for (cell, digit) pairs, in the given order."""
    return "、".join(f"{cell_name(c)} 的 {d}" for c, d in pairs)
