"""The words of :mod:`engine.logic.why`'s answers, in English and Chinese: made here, at the edge, from codes.

    If r4c7 is 6, then r4c2 is 1 (the only digit left there), so r6c2 has no digit left
    如果 r4c7 是 6，那么 r4c2 是 1（该格只剩这个数），于是 r6c2 没有数可填

Placements that hold on the board as it is (they do not rest on the wrong digit) are said first:
"As r5c7 is 2 (the only place for 2 in column 7): if r1c1 is 1, then ...".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.grid import cell_name
from engine.words.labels import fact_label, implication_sentence, unit_label

if TYPE_CHECKING:
    from engine.logic.why import Why, WhyStep


def explain_why(why: Why, lang: str = "en") -> str:
    """Return the chain of placements in words, ending in the contradiction, or the solution's digit
    when no chain was found; ``lang`` "zh" for Chinese, anything else English."""
    zh = lang == "zh"
    if why.contradiction is None:
        name = cell_name(why.cell)
        if zh:
            return f"找不到简短的推理链说明 {name} 不是 {why.digit}：答案中 {name} 是 {why.solution_digit}"
        right = why.solution_digit
        return f"No short chain shows why {name} is not {why.digit}: the solution has {right} there"
    if why.contradiction["kind"] == "clash":
        return clash_label(why, zh)
    follows = _follows(why)
    known = [s for i, s in enumerate(why.steps) if s.kind == "place" and not follows[i]]
    chain = [s for i, s in enumerate(why.steps) if s.kind == "place" and follows[i]]
    facts = [((s.cell,), s.digit, True) for s in chain]
    notes = {i: _note(s, zh) for i, s in enumerate(chain) if s.reason != "assumed"}
    text = implication_sentence(facts, "zh" if zh else "en", notes=notes)
    end = contradiction_label(why.contradiction, zh)
    then = ("那么" if len(facts) == 1 else "于是") if zh else ("then" if len(facts) == 1 else "so")
    text = f"{text}，{then} {end}" if zh else f"{text}, {then} {end}"
    if not known:
        return text
    said = [fact_label(((s.cell,), s.digit, True), "zh" if zh else "en") + _note(s, zh) for s in known]
    if zh:
        return f"已知 {'、'.join(said)}；{text}"
    listed = said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]
    return f"As {listed}: {text[0].lower()}{text[1:]}"


def _follows(why: Why) -> list[bool]:
    """Return, per step, whether it rests on the assumption (step 0) or holds on the board as it is."""
    follows: list[bool] = []
    for i, step in enumerate(why.steps):
        follows.append(i == 0 or any(follows[j] for j in step.because))
    return follows


def clash_label(why: Why, zh: bool) -> str:
    """Return "r9c9 cannot be 9: r8c7 already holds 9" (or Chinese) for a digit a peer already holds."""
    name, peer = cell_name(why.cell), cell_name(why.contradiction["cell"])
    if zh:
        return f"{name} 不能是 {why.digit}：{peer} 已经是 {why.digit}"
    return f"{name} cannot be {why.digit}: {peer} already holds {why.digit}"


def _note(step: WhyStep, zh: bool) -> str:
    if step.reason == "naked_single":
        return "（该格只剩这个数）" if zh else " (the only digit left there)"
    where = unit_label(step.unit, "zh" if zh else "en")
    if zh:
        return f"（{where}中 {step.digit} 只能在这里）"
    return f" (the only place for {step.digit} in {where})"


def contradiction_label(contradiction: dict, zh: bool) -> str:
    """Return "r6c2 has no digit left" or "row 6 has no place for 1" (or Chinese); ValueError for a clash."""
    kind = contradiction["kind"]
    if kind == "no_digit":
        name = cell_name(contradiction["cell"])
        return f"{name} 没有数可填" if zh else f"{name} has no digit left"
    if kind == "no_place":
        where = unit_label(contradiction["unit"], "zh" if zh else "en")
        d = contradiction["digit"]
        return f"{where}没有位置可填 {d}" if zh else f"{where} has no place for {d}"
    raise ValueError(f"unknown contradiction {kind!r}")
