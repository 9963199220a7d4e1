"""A step's words, in English or Chinese: the one module where text is made (above the strategies).

:func:`explain` fills the technique record's template (:attr:`~engine.logic.strategies.Technique.en` /
``zh``) with the generic fields (placements, removals, cells, units), the step's ``detail`` (cell
lists written the Chinese way for "zh") and the extra fields its family's words need
(:data:`_FIELDS`, one section per family below: chains and forcing chains told as stories, fish
units named, and so on).  The building blocks (cell, unit and candidate names) are
:mod:`engine.words.labels`'.  Text is never parsed back.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from engine.grid import cell_name
from engine.logic.techniques import technique
from engine.steps import Fact, Step
from engine.words.labels import (
    candidates_text,
    candidates_text_zh,
    cannot_label,
    cells_label,
    fact_label,
    implication_sentence,
    link_facts,
    pairs_label,
    placement_label,
    removal_label,
    result_label,
    unit_label,
)

_CELL_COMMA = re.compile(r"(r[1-9]c[1-9]), (?=r[1-9]c[1-9])")


def _listed(text: str, lang: str) -> str:
    """Return a detail text with its cell lists written the Chinese way (``r1c2、r4c4``) for "zh"."""
    return _CELL_COMMA.sub(r"\1、", text) if lang == "zh" else text


def explain(step: Step, lang: str = "en") -> str:
    """Return the explanation of ``step`` in ``lang`` ("en" or "zh"); an unknown technique gets a
    plain summary, never an error."""
    try:
        record = technique(step.technique)
    except KeyError:
        done = "; ".join(x for x in (placement_label(step.placements, lang),
                                     removal_label(step.eliminations, lang)) if x)
        return f"{step.technique}: {done}"
    fields = {
        "placements": pairs_label(step.placements),
        "eliminations": pairs_label(step.eliminations),
        "removed": removal_label(step.eliminations, lang),
        "cells": cells_label(step.cells, lang),
        "units": ("、" if lang == "zh" else ", ").join(unit_label(u, lang) for u in step.units),
        **{k: _listed(str(v), lang) for k, v in step.detail.items()},
    }
    if step.technique in _FIELDS:
        fields.update(_FIELDS[step.technique](step, lang))
    return (record.zh if lang == "zh" else record.en).format(**fields)


# -- intersections -----------------------------------------------------------------------------------

def _intersection_fields(step: Step, lang: str) -> dict[str, str]:
    """Name the step's two units separately: where the digit is looked at, and what it clears."""
    return {"first": unit_label(step.units[0], lang), "second": unit_label(step.units[1], lang),
            "both": ("和" if lang == "zh" else " and ").join(unit_label(u, lang) for u in step.units)}


# -- unique_loops ------------------------------------------------------------------------------------

_LOOP_WHY = {
    1: ("only {extras} holds more, so it is neither digit",
        "只有 {extras} 还有别的候选数，所以它两个数都不是"),
    2: ("the cells holding more, {extras}, hold only {extra} besides, so one of them is {extra}",
        "还有别的候选数的 {extras} 只多出 {extra}，所以其中一格是 {extra}"),
    3: ("the extras of {extras} and {subset} hold only {subset_digits} in {unit}, a naked subset",
        "{extras} 的额外候选数与 {subset} 在{unit}中只有 {subset_digits}，构成数组"),
    4: ("{locked} appears in {unit} only in {extras}, so one of them is {locked} and neither can be {other}",
        "{locked} 在{unit}中只出现在 {extras}，所以其中一格是 {locked}，两格都不能是 {other}"),
}


def _unique_loop_fields(step: Step, lang: str) -> dict[str, str]:
    """The loop's words: its cells with extras, the subset's cells, the unit, and why (by type)."""
    detail = step.detail
    fields = {k: str(v) for k, v in detail.items()}
    fields["extras"] = cells_label(detail["extras"], lang)
    fields["subset"] = cells_label(detail.get("subset", ()), lang)
    fields["unit"] = unit_label(int(detail["unit"]), lang) if "unit" in detail else ""
    return {**fields, "why": _LOOP_WHY[int(detail["kind"])][lang == "zh"].format(**fields)}


# -- chains ------------------------------------------------------------------------------------------

def _chain_facts(step: Step) -> list[Fact]:
    """Return the facts a chain step's links walk through, with the cells of group and set nodes."""
    facts = link_facts(step.links)
    nodes = step.detail.get("nodes")
    if isinstance(nodes, list) and len(nodes) == len(facts):
        facts = [(tuple(cells), int(d), true) for (_, _, true), (d, cells) in zip(facts, nodes, strict=True)]
    return facts


def _discontinuous(facts: list[Fact]) -> bool:
    """True when the chain leads from "A is false" back to "A is true" (so A is true)."""
    return bool(facts) and facts[0][:2] == facts[-1][:2]


def _chain_story(step: Step, lang: str) -> str:
    """Return a chain's implications in plain words and what follows from them (any chain: X, XY,
    AIC, continuous or discontinuous nice loop)."""
    facts = _chain_facts(step)
    result = _result_fields(step, lang)["result"]
    if not facts:
        return result
    sets = step.detail.get("sets", ())
    notes = {i + 1: _set_note(facts[i][1], cells, digits, lang) for i, cells, digits in sets}
    said = implication_sentence(facts, lang, notes=notes)
    first, last = facts[0], facts[-1]
    if step.detail.get("kind") == "loop":
        if lang == "zh":
            return (f"{said}，链首尾相接成环。无论从哪个方向走，每条强链和弱链都恰有一端成立，"
                    f"所以弱链两端共同看到的候选数都不成立：{result}。")
        return (f"{said}, which closes the loop. Either way round, each link has exactly one true end, "
                f"so whatever sees both ends of a weak link goes: {result}.")
    if _discontinuous(facts):
        wrong, true = fact_label(first, lang), fact_label((first[0], first[1], True), lang)
        if lang == "zh":
            return f"{said}：假设 {wrong} 导致矛盾，所以 {true}：{result}。"
        return f"{said}: assuming {wrong} contradicts itself, so {true}: {result}."
    start = (first[0], first[1], True)
    cannot = cannot_label(step.eliminations, lang) if step.eliminations else result
    if lang == "zh":
        return (f"{said}。所以 {fact_label(start, lang)}，或者 {fact_label(last, lang)}；"
                f"无论哪种情况，{cannot}。")
    return f"{said}. So {fact_label(start, lang)} or {fact_label(last, lang)}; either way {cannot}."


def _set_note(out: int, cells: list[int], digits: str, lang: str) -> str:
    """Return why a strong link through an almost locked set holds, e.g. " (r1c1, r1c2 hold only
    the digits 123: without 1, these 2 cells need both other digits)"."""
    n = len(cells)
    if lang == "zh":
        names = "、".join(cell_name(c) for c in cells)
        return f"（{names} 只有 {digits} 这些候选数：没有 {out}，这 {n} 格就要填满其余 {n} 个数）"
    names = ", ".join(cell_name(c) for c in cells)
    others = "both other digits" if n == 2 else f"all {n} other digits"
    return f" ({names} hold only the digits {digits}: without {out}, these {n} cells need {others})"


_AIC_TITLES = {
    "loop": ("Continuous nice loop", "连续环"),
    "discontinuous": ("Discontinuous nice loop", "不连续环"),
    "chain": ("Alternating inference chain", "交替推理链"),
}


def _chain_fields(step: Step, lang: str) -> dict[str, str]:
    kind = str(step.detail.get("kind"))
    if kind != "loop":
        kind = "discontinuous" if _discontinuous(_chain_facts(step)) else "chain"
    return {
        "story": _chain_story(step, lang),
        "title": _AIC_TITLES[kind][lang == "zh"],
        "digit": str(step.links[0][0][1]) if step.links else "",
    }


def _remote_pair_fields(step: Step, lang: str) -> dict[str, str]:
    fields = _result_fields(step, lang)
    fields["said"] = implication_sentence(link_facts(step.links), lang) if step.links else ""
    return fields


# -- coloring ----------------------------------------------------------------------------------------

_COLOURING_KINDS_ZH = {"trap": "陷阱", "wrap": "矛盾", "type 1": "1 型", "type 2": "2 型"}


def _coloring_fields(step: Step, lang: str) -> dict[str, str]:
    """Translate the colouring kind ("trap", "type 1 + type 2", ...) for the Chinese text."""
    kind = str(step.detail.get("kind", ""))
    if lang == "zh":
        kind = " + ".join(_COLOURING_KINDS_ZH.get(k, k) for k in kind.split(" + "))
    return {"kind": kind}


# -- bent_sets ---------------------------------------------------------------------------------------

def _bent_set_fields(step: Step, lang: str) -> dict[str, str]:
    """The reason (one digit must be in the set, or every digit is locked) and the result in ``lang``."""
    z, size = step.detail.get("digit", 0), step.detail.get("size", "")
    if lang == "zh":
        reason = (f"除 {z} 外，每个数字在这些格中的位置互相可见，至多填一次；"
                  f"{size} 格需要 {size} 个数，所以 {z} 必在其中" if z else
                  "每个数字在这些格中的位置互相可见，至多填一次；所以每个数字恰好填一次")
    else:
        reason = (f"every digit but {z} sits in cells that all see each other, so it fills at most one "
                  f"of them; {size} cells need {size} digits, so {z} must fill one" if z else
                  "every digit sits in cells that all see each other, so each fills exactly one of them")
    return {"reason": reason, "result": removal_label(step.eliminations, lang)}


# -- bug ---------------------------------------------------------------------------------------------

def _bug_fields(step: Step, lang: str) -> dict[str, str]:
    """The extra candidates and the result, spelled out in ``lang``."""
    extra = [tuple(p) for p in step.detail.get("extras", [])]
    text = candidates_text_zh(extra) if lang == "zh" else candidates_text(extra)
    return {"extras": text, "result": removal_label(step.eliminations, lang),
            "cells_named": ", ".join(cell_name(c) for c in step.cells)}


# -- links -------------------------------------------------------------------------------------------

def _result_fields(step: Step, lang: str) -> dict[str, str]:
    """Return the template field every chain-like text shares: ``result``, what the step places or
    removes in words."""
    return {"result": result_label(step, lang)}


# -- exclusion ---------------------------------------------------------------------------------------

def _exclusion_fields(step: Step, lang: str) -> dict[str, str]:
    """The result spelled out in ``lang``."""
    return {"result": removal_label(step.eliminations, lang)}


# -- complex_fish ------------------------------------------------------------------------------------

def _units_text(units: list[int], lang: str) -> str:
    return ("、" if lang == "zh" else ", ").join(unit_label(u, lang) for u in units)


def _complex_fish_fields(step: Step, lang: str) -> dict[str, str]:
    units = ("base", "cover", "cover2")
    return {key: _units_text(step.detail[key], lang) for key in units if key in step.detail}


def _kraken_fields(step: Step, lang: str) -> dict[str, str]:
    d = step.detail["digit"]
    (target, x), = step.eliminations
    zh = lang == "zh"
    said = []
    for start, cell, value, length, broken in step.detail["chains"]:
        if broken:
            clash = (f"如果 {cell_name(start)} 是 {d}，随之而来的唯一数会导致矛盾" if zh
                     else f"If {cell_name(start)} is {d}, the singles that follow run into a contradiction")
            said.append(clash)
            continue
        facts: list = [((start,), d, True)]
        if length > 2:
            facts.append(None)
        if cell != start:
            facts.append(((cell,), value, True))
        said.append(implication_sentence([*facts, ((target,), x, False)], lang))
    chains = ("；" if zh else "; ").join(said)
    name = cell_name(target)
    if step.detail["type"] == 1:
        reason = (f"若鱼成立，{name} 不能是 {x}；若某个鳍是 {d}：{chains}" if zh
                  else f"If the fish holds, {name} loses {x}; and if a fin holds it: {chains}")
    else:
        unit = unit_label(step.detail["unit"], lang)
        reason = (f"所以 {unit} 的 {d} 在它的基础格中或在某个鳍中：{chains}" if zh
                  else f"So {unit} has its {d} in one of its base cells or a fin holds it: {chains}")
    return {**_complex_fish_fields(step, lang), "reason": reason}


# -- medusa ------------------------------------------------------------------------------------------

def _medusa_fields(step: Step, lang: str) -> dict[str, str]:
    """The colours, the reason a colour is false and the result, spelled out in ``lang``."""
    first = [tuple(p) for p in step.detail.get("first", [])]
    second = [tuple(p) for p in step.detail.get("second", [])]
    text = candidates_text_zh if lang == "zh" else candidates_text
    reason = ""
    kind = step.detail.get("kind")
    if kind == "contradiction":
        why = step.detail.get("reason")
        if why == "cell":
            cell = cell_name(int(step.detail["cell"]))
            reason = f"会让 {cell} 同时填两个数" if lang == "zh" else f"would put two digits in {cell}"
        elif why == "unit":
            unit, d = unit_label(int(step.detail["unit"]), lang), step.detail["digit"]
            reason = f"会让{unit}出现两个 {d}" if lang == "zh" else f"would put {d} twice in {unit}"
        else:
            cell = cell_name(int(step.detail["cell"]))
            reason = f"会删光 {cell} 的所有候选数" if lang == "zh" else f"would leave {cell} with no digit"
        if lang == "zh":
            reason = f"第一种颜色为真{reason}，所以它为假。"
        else:
            reason = f"The first colour {reason}, so it is false. "
    return {"first": text(first), "second": text(second), "why": reason,
            "result": removal_label(step.eliminations, lang)}


# -- forcing -----------------------------------------------------------------------------------------

def _dry_label(dry: list, lang: str) -> str:
    zh = lang == "zh"
    if dry and dry[0] == "cell":
        cell = cell_name(dry[1])
        return f"{cell} 没有候选数了" if zh else f"{cell} has no candidate left"
    if dry and dry[0] == "unit":
        where, digit = unit_label(int(dry[1]), lang), dry[2]
        return f"{where}没有位置能填 {digit} 了" if zh else f"{digit} has no place left in {where}"
    if dry and dry[0] == "both":
        cell, digit = cell_name(dry[1]), dry[2]
        return f"但 {cell} 已经不能是 {digit}" if zh else f"but {cell} can no longer be {digit}"
    return "两个被迫填入的数落在同一格" if zh else "two forced digits need the same cell"


def _branch_sentence(record: dict, lang: str, conclusion: Fact | None = None) -> str:
    """Return one branch of a forcing chain in words: "If r1c1 is 3, then r2c5 is 7, so …"."""
    c, d = record["assume"]
    facts: list[Fact | None] = [((c,), d, not record.get("off"))]
    facts += [((pc,), pd, True) for pc, pd in record.get("placed", ())]
    if record.get("skipped"):
        facts.insert(len(facts) - 1, None)
    if conclusion is not None and conclusion != facts[-1]:
        facts.append(conclusion)
    said = implication_sentence(facts, lang, suppose=True)
    if "dry" in record:
        dry = _dry_label(record["dry"], lang)
        if record["dry"][0] == "both":
            said += f"，{dry}，矛盾" if lang == "zh" else f", {dry}: a contradiction"
        elif lang == "zh":
            said += f"，{'于是' if len(facts) > 1 else '则'} {dry}，矛盾"
        else:
            said += f", {'so' if len(facts) > 1 else 'then'} {dry}: a contradiction"
    return said


def _alternatives(step: Step, lang: str) -> tuple[str, str]:
    """Return what the branches are ("r1c1 is 3 or 7") and, in Chinese, the "无论…" clause."""
    assumed = [tuple(r["assume"]) for r in step.detail["branches"]]
    zh = lang == "zh"
    kind = step.detail.get("kind")
    if kind == "digit":
        cell, digit = cell_name(assumed[0][0]), assumed[0][1]
        if zh:
            return f"{cell} 要么是 {digit}，要么不是", f"{cell} 是不是 {digit}"
        return f"Either {cell} is {digit} or it is not", ""
    if kind == "unit":
        digit = assumed[0][1]
        names = [cell_name(c) for c, _ in assumed]
        where = str(step.detail.get("source", "")).partition("@")[2]
        unit = unit_label(int(where), lang) if where.isdigit() else ""
        if zh:
            return f"{unit}中 {digit} 只能在 {'、'.join(names[:-1])} 或 {names[-1]}", f"{digit} 在哪一格"
        return f"In {unit}, {digit} goes in {', '.join(names[:-1])} or {names[-1]}", ""
    cell = cell_name(assumed[0][0])
    digits = [str(d) for _, d in assumed]
    if zh:
        head = "、".join(digits[:-1])
        return f"{cell} 只能是 {head} 或 {digits[-1]}", f"{cell} 是 {head} 还是 {digits[-1]}"
    return f"{cell} is {', '.join(digits[:-1])} or {digits[-1]}", ""


def _forcing_story(step: Step, lang: str) -> str:
    """Return a forcing chain in words: each branch, then what all agree on or the contradiction."""
    records = step.detail["branches"]
    result = result_label(step, lang)
    zh = lang == "zh"
    if step.detail.get("kind") in ("contradiction", "nishio"):
        (record,) = records
        c, d = record["assume"]
        wrong = fact_label(((c,), d, bool(record.get("off"))), lang)
        said = _branch_sentence(record, lang)
        return f"{said}。所以 {wrong}：{result}。" if zh else f"{said}. So {wrong}: {result}."
    tc, td = step.detail["target"]
    placed = bool(step.placements)
    conclusion: Fact = ((tc,), td, placed)
    said = ("。" if zh else ". ").join(_branch_sentence(r, lang, conclusion) for r in records)
    intro, which = _alternatives(step, lang)
    if zh:
        must = f"{cell_name(tc)} 都{'是' if placed else '不能是'} {td}"
        return f"{intro}。{said}。无论 {which}，{must}：{result}。"
    must = f"{cell_name(tc)} is {'' if placed else 'not '}{td}"
    return f"{intro}. {said}. Either way {must}: {result}."


def _forcing_fields(step: Step, lang: str) -> dict[str, str]:
    fields = _result_fields(step, lang)
    if isinstance(step.detail.get("branches"), list):
        fields["story"] = _forcing_story(step, lang)
        return fields
    # a step saved before branches were recorded: say what kind of forcing it was
    source = str(step.detail.get("source", ""))
    kind = step.detail.get("kind")
    if kind == "unit" and "@" in source:
        d, u = source.split("@")
        source = f"{d} in {unit_label(int(u))}" if lang == "en" else f"{unit_label(int(u), 'zh')}的{d}"
    why = {  # kind -> (English, Chinese)
        "cell": (f"every candidate of {source} leads to the same result",
                 f"无论 {source} 填哪个候选数，结果都一样"),
        "unit": (f"every place of {source} leads to the same result", f"无论 {source} 放在哪里，结果都一样"),
        "contradiction": (f"assuming {source} runs into a contradiction", f"假设 {source} 会导致矛盾"),
        "digit": (f"{source} true and {source} false lead to the same result",
                  f"无论 {source} 是否成立，结果都一样"),
    }.get(kind, ("", ""))[lang == "zh"]
    fields["story"] = f"{why}；{fields['result']}。" if lang == "zh" else f"{why}; {fields['result']}."
    return fields


# -- exocet ------------------------------------------------------------------------------------------

def _exocet_fields(step: Step, lang: str) -> dict[str, str]:
    """Return the result in words and the cover lines' kind (rows, or columns when transposed)."""
    across = step.detail["across"] == "columns"
    kind = ("列" if across else "行") if lang == "zh" else ("columns" if across else "rows")
    return {**_result_fields(step, lang), "lines": kind}


# -- uniqueness --------------------------------------------------------------------------------------

def _avoidable_rectangle_fields(step: Step, lang: str) -> dict[str, str]:
    """The avoidable rectangle's type, as "1 型" in Chinese."""
    kind = str(step.detail.get("kind", ""))
    return {"kind": kind.replace("type ", "") + " 型" if lang == "zh" else kind}


# technique id -> the extra template fields its texts need, beyond explain's generic ones
_FIELDS: dict[str, Callable[[Step, str], dict[str, str]]] = {
    **dict.fromkeys(("pointing", "claiming", "locked_pair", "locked_triple"), _intersection_fields),
    "unique_loop": _unique_loop_fields,
    **dict.fromkeys(("x_chain", "xy_chain", "aic", "grouped_fish"), _chain_fields),
    "remote_pair": _remote_pair_fields,
    **dict.fromkeys(("simple_coloring", "multi_coloring"), _coloring_fields),
    "avoidable_rectangle": _avoidable_rectangle_fields,
    **dict.fromkeys(("wxyz_wing", "vwxyz_wing", "uvwxyz_wing", "tuvwxyz_wing"), _bent_set_fields),
    "bug_plus_n": _bug_fields,
    **dict.fromkeys(("sue_de_coq", "als_xz", "als_xy_wing", "death_blossom", "als_chain", "msls", "guess"),
                    _result_fields),
    **dict.fromkeys(("aligned_pair_exclusion", "aligned_triple_exclusion"), _exclusion_fields),
    **dict.fromkeys([f"{fin}{kind}_{fish}" for kind in ("franken", "mutant") for fin in ("", "finned_")
                     for fish in ("x_wing", "swordfish", "jellyfish")]
                    + ["siamese_franken_fish", "siamese_mutant_fish"], _complex_fish_fields),
    "kraken_fish": _kraken_fields,
    "medusa_3d": _medusa_fields,
    **dict.fromkeys(("nishio", "forcing_chain", "digit_forcing_chain", "forcing_net"), _forcing_fields),
    "exocet": _exocet_fields,
}
