"""The words of a variant step, in English or Chinese, made from its data (never parsed back).

:func:`explain_variant` fills the technique's template (:mod:`...techniques`) with the step's facts
named here (cells ``r1c1``, ``r10c12``; houses "row 3" / "第3行"; a cage "the cage of 15 at
r1c3-r1c5"), then says what the step does: "so r1c1 is 5" or "r1c3, r1c4 cannot be 7, 8".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.logic.variant.chainwords import link_facts
from engine.logic.variant.state import cell_name
from engine.logic.variant.techniques import variant_technique
from engine.steps import Step

MAX_COMBOS = 6  # combinations spelled out before "..."


def name_cells(cells: Sequence[int], n: int, zh: bool = False) -> str:
    """Cells named as runs along rows where they touch (``r1c1-r1c3``), others one by one."""
    cells = sorted(cells)
    one_column = all(c % n == cells[0] % n for c in cells)
    if len(cells) > 2 and one_column and cells[-1] - cells[0] == n * (len(cells) - 1):
        return f"{cell_name(cells[0], n)}-{cell_name(cells[-1], n)}"  # a run down one column
    parts, i = [], 0
    while i < len(cells):
        j = i
        while j + 1 < len(cells) and cells[j + 1] == cells[j] + 1 and cells[j + 1] // n == cells[i] // n:
            j += 1
        first = cell_name(cells[i], n)
        parts.append(first if j == i else f"{first}-{cell_name(cells[j], n)}")
        i = j + 1
    return ("、" if zh else ", ").join(parts)


def _digits(ds: Sequence[int], zh: bool) -> str:
    """Digits joined, a run of three or more written ``3-9``."""
    ds = sorted(ds)
    parts, i = [], 0
    while i < len(ds):
        j = i
        while j + 1 < len(ds) and ds[j + 1] == ds[j] + 1:
            j += 1
        parts += [f"{ds[i]}-{ds[j]}"] if j - i >= 2 else [str(d) for d in ds[i:j + 1]]
        i = j + 1
    return ("、" if zh else ", ").join(parts)


def _house(ref: dict[str, Any], n: int, zh: bool) -> str:
    kind, k, cells = ref["kind"], ref["index"] + 1, ref.get("cells", [])
    if kind == "cage":
        total, where = ref.get("total"), name_cells(cells, n, zh)
        if zh:
            return f"和为 {total} 的笼子（{where}）" if total is not None else f"笼子（{where}）"
        return f"the cage of {total} at {where}" if total is not None else f"the cage at {where}"
    if kind == "diagonal":
        slope = "\\" if cells and cells[0] == 0 else "/"
        return f"对角线 {slope} " if zh else f"the {slope} diagonal"
    if kind == "extra":
        where = name_cells(cells[:1], n, zh)
        return f"额外区域（含 {where}）" if zh else f"the extra region at {where}"
    if zh:
        return {"row": f"第{k}行", "col": f"第{k}列", "box": f"第{k}宫", "region": f"第{k}区域",
                "disjoint": f"第{k}组（宫内同位）"}.get(kind, f"{kind} {k}")
    return {"col": f"column {k}", "disjoint": f"disjoint group {k}"}.get(kind, f"{kind} {k}")


def _houses(refs: list[dict[str, Any]], n: int, zh: bool) -> str:
    kinds = {r["kind"] for r in refs}
    idx = [r["index"] + 1 for r in refs]
    run = idx == list(range(idx[0], idx[-1] + 1))
    if len(refs) > 1 and len(kinds) == 1 and kinds <= {"row", "col"} and run:
        kind = kinds.pop()
        if zh:
            return f"第{idx[0]}-{idx[-1]}{'行' if kind == 'row' else '列'}"
        return f"{'rows' if kind == 'row' else 'columns'} {idx[0]}-{idx[-1]}"
    return ("和" if zh else " and ").join(_house(r, n, zh) for r in refs)


def _lines_of(kind: str, numbers: list[int], zh: bool) -> str:
    nums = ("、" if zh else ", ").join(str(k + 1) for k in numbers)
    if zh:
        return f"第{nums}{'行' if kind == 'row' else '列'}"
    return f"{'rows' if kind == 'row' else 'columns'} {nums}"


def _combos(combos: list[list[int]], zh: bool) -> str:
    shown = ["+".join(str(d) for d in c) for c in combos[:MAX_COMBOS]]
    text = (" 或 " if zh else " or ").join(shown)
    return text + (" …" if len(combos) > MAX_COMBOS else "")


def _line(ref: dict[str, Any], n: int, zh: bool) -> str:
    kind, cells = ref["kind"], ref["cells"]
    if kind == "thermo":
        return f"温度计 {name_cells(cells, n, zh)}" if zh else f"the thermometer {name_cells(cells, n)}"
    if kind == "arrow":
        circle = name_cells(ref.get("circle", cells[:1]), n, zh)
        return f"圆圈在 {circle} 的箭头" if zh else f"the arrow from {circle}"
    ends = f"{cell_name(cells[0], n)}{' 至 ' if zh else ' to '}{cell_name(cells[-1], n)}"
    return f"小杀手斜线 {ends}" if zh else f"the little killer diagonal {ends}"


_MARKS_EN = {
    "white": "are joined by a white dot: they differ by {number}",
    "black": "are joined by a black dot: one is {number} times the other",
    "x": "are joined by an X: they sum to 10",
    "v": "are joined by a V: they sum to 5",
    "greater": "carry a greater-than sign: the first is larger",
    "negative_white": "have no white dot between them and every white dot is shown: they do not differ by 1",
    "negative_black": "have no black dot between them and every black dot is shown: neither is twice the "
                      "other",
    "negative_white_black": "have no dot between them and every dot is shown: they neither differ by 1 nor "
                            "is one twice the other",
    "negative_xv": "have no X or V between them and every one is shown: they sum to neither 10 nor 5",
    "nonconsecutive": "are neighbours: they cannot be consecutive",
}
_MARKS_ZH = {
    "white": "之间有白点：两数相差 {number}",
    "black": "之间有黑点：一个数是另一个的 {number} 倍",
    "x": "之间有 X：两数之和为 10",
    "v": "之间有 V：两数之和为 5",
    "greater": "之间有不等号：前者较大",
    "negative_white": "之间没有白点，且所有白点都已标出：两数不相差 1",
    "negative_black": "之间没有黑点，且所有黑点都已标出：两数不成 2 倍",
    "negative_white_black": "之间没有点，且所有点都已标出：两数既不相差 1 也不成 2 倍",
    "negative_xv": "之间没有 X 或 V，且都已标出：两数之和不是 10 也不是 5",
    "nonconsecutive": "相邻：不能是连续的数",
}


def facts(step: Step, lang: str = "en") -> dict[str, Any]:
    """The named facts a template may use, made from the step's data."""
    zh = lang == "zh"
    d = step.detail
    n = int(d.get("size", 9))
    out: dict[str, Any] = {"cells": name_cells(step.cells, n, zh),
                           "first": cell_name(step.cells[0], n) if step.cells else ""}
    for key in ("digit", "total", "left", "low", "high", "top"):
        if key in d:
            out[key] = d[key]
    if "digits" in d:
        out["digits"] = _digits(d["digits"], zh)
    if "house" in d:
        out["house"] = _house(d["house"], n, zh)
    if "houses" in d:
        out["houses"] = _houses(d["houses"], n, zh)
        out["house0"], out["house1"] = (_house(r, n, zh) for r in (d["houses"] + d["houses"])[:2])
    if "cage" in d:
        cage = d["cage"]
        out["cage"] = _house({"kind": "cage", "index": cage["index"], "cells": cage["cells"]}, n, zh)
        out.setdefault("total", cage["total"])
    if "other" in d:
        other = d["other"]
        out["other"] = _house({"kind": "cage", "index": other["index"], "cells": other["cells"],
                               "total": other["total"]}, n, zh)
        out["cage"] = _house({"kind": "cage", "index": d["cage"]["index"], "cells": d["cage"]["cells"],
                              "total": d["cage"]["total"]}, n, zh)
    if "combos" in d:
        out["combos"] = _combos(d["combos"], zh)
    if "line" in d:
        out["line"] = _line(d["line"], n, zh)
    if "arrows" in d:
        out["arrows"] = ("、" if zh else " and ").join(_line(r, n, zh) for r in d["arrows"])
    if "diagonals" in d:  # the little killers, and the whole houses filling what they leave
        named = [_line(r, n, zh) for r in d["diagonals"]] + [_house(r, n, zh) for r in d.get("fills", [])]
        out["diagonals"] = ("、" if zh else " and ").join(named)
        less = ("、" if zh else " and ").join(_house(r, n, zh) for r in d.get("less", []))
        out["less"] = (f"（除去整个{less}）" if zh else f" less the whole {less}") if less else ""
    if "base" in d:
        out["base"] = _lines_of(d["base"][0], d["base"][1], zh)
        out["cover"] = _lines_of(d["cover"][0], d["cover"][1], zh)
    if "mark" in d:
        out["mark_words"] = (_MARKS_ZH if zh else _MARKS_EN)[d["mark"]].format(number=d.get("number", ""))
    if "even" in d:
        out["parity"] = ("偶数格" if d["even"] else "奇数格") if zh else ("even" if d["even"] else "odd")
    if "form" in d:
        out.update(_leftover_words(d, n, zh))
    if "parts" in d:
        out["parts"] = _parts_words(d["parts"], n, zh)
    if "dead" in d:
        out.update(_chain_words(d, n, zh))
    if "inner" in d:
        out["inner"] = _inner_words(d["inner"], n, zh)
    if "branches" in d:
        out.update(_branch_words(d, n, zh))
    if "wing" in d or "chain_nodes" in d:
        out.update(link_facts(d, n, zh, _house))
    if "whole" in d:
        for key in ("whole", "part"):
            out[key] = _group_words(d[key], n, zh)
            out[f"{key}_total"] = d[key]["total"]
        out["rest"] = name_cells(d["rest"], n, zh)
        one = len(d["rest"]) == 1
        out["holds"] = "holds" if "cage" in d["whole"] else "hold"
        out["rest_sum"] = ("是" if one else "之和为") if zh else ("is" if one else "sum to")
    return out


def _group_words(ref: dict[str, Any], n: int, zh: bool) -> str:
    """A known-sum group of a cage split: a cage, or an area's innies or outies by the 45 rule."""
    if "cage" in ref:
        cage = {"kind": "cage", "index": ref["cage"], "cells": ref["cells"], "total": ref["total"]}
        return _house(cage, n, zh)
    where, houses = name_cells(ref["cells"], n, zh), _houses(ref["houses"], n, zh)
    if zh:
        return f"{houses}的{'内格' if ref['form'] == 'innies' else '外格'} {where} "
    return f"the {ref['form']} {where} of {houses}"


def _parts_words(parts: list[dict[str, Any]], n: int, zh: bool) -> str:
    """Each cage's digit sets that fit with the rest of the house (on its cells there, if it crosses)."""
    said = []
    for p in parts:
        sets = _combos(p["sets"], zh)
        if p["cage"]["index"] < 0:  # the 45 rule's innies or outies, taken as a cage
            where, total = name_cells(p["cage"]["cells"], n, zh), p["cage"]["total"]
            cage = f"{where}（和为 {total}）" if zh else f"{where} (sum {total})"
        else:
            cage = _house({"kind": "cage", **p["cage"]}, n, zh)
        if set(p["cells"]) != set(p["cage"]["cells"]):
            where = name_cells(p["cells"], n, zh)
            said.append(f"{cage}在 {where} 只能是 {sets}" if zh else f"{cage} has {sets} in {where}")
        else:
            said.append(f"{cage}只能是 {sets}" if zh else f"{cage} is {sets}")
    return ("；" if zh else "; ").join(said)


def _chain_words(d: dict[str, Any], n: int, zh: bool) -> dict[str, str]:
    """A trial's chain of placements and, when it dies, why."""
    said = _placements_said(d.get("chain", []), n, zh)
    if "dead" not in d:
        return {"chain": said}
    return {"chain": said, "dead": _dead_words(d, n, zh)}


def _placements_said(chain: list, n: int, zh: bool) -> str:
    said = ("、" if zh else ", ").join(f"{cell_name(c, n)}={v}" for c, v in chain[:12])
    if len(chain) > 12:
        said += " …"
    if not chain:
        said = "其余候选数随之删去" if zh else "the simple steps remove candidates"
    elif not zh:
        said = f"the simple steps give {said}"
    else:
        said = f"简单步骤得出 {said}"
    return said


def _dead_words(d: dict[str, Any], n: int, zh: bool) -> str:
    """Why a trial's state is dead: an empty cell, a house, a repeat, a cage or a line."""
    why = d["dead"]
    if why == "cell":
        name = cell_name(d["dead_cell"], n)
        dead = f" {name} 没有候选数" if zh else f"{name} has no candidate left"
    elif why == "house":
        house = _house(d["dead_house"], n, zh)
        digit = d["dead_digit"]
        dead = f"{house}中 {digit} 无处可放" if zh else f"{house} has no place left for {digit}"
    elif why == "repeat":
        house = _house(d["dead_house"], n, zh)
        dead = f"{house}中有重复的数" if zh else f"{house} repeats a digit"
    elif why == "cage":
        cage = _house({"kind": "cage", **d["dead_cage"]}, n, zh)
        dead = f"{cage}无法凑出它的和" if zh else f"{cage} cannot reach its total"
    else:
        line = _line(d["dead_line"], n, zh)
        dead = f"{line}无法满足" if zh else f"{line} cannot be filled"
    return dead


def _branch_words(d: dict[str, Any], n: int, zh: bool) -> dict[str, str]:
    """A forcing chain's choice (a cell's candidates, a digit's places in a house, a cage's digit sets)
    and what follows on each branch."""
    source, branches = d["source"], d["branches"]
    if source == "cage":
        ways = ["+".join(map(str, combo)) for combo in d["combos"]]
    elif source == "house":
        ways = [cell_name(b["way"][0][0], n) for b in branches]
    else:
        ways = [str(b["way"][0][1]) for b in branches]
    ways_said = (" 或 " if zh else " or ").join(ways)
    if source == "cell":
        name = cell_name(d["cell"], n)
        choice = f"{name} 是 {ways_said}" if zh else f"{name} is {ways_said}"
    elif source == "house":
        house = _house(d["house"], n, zh)
        digit = d["digit"]
        choice = f"{house}中的 {digit} 在 {ways_said}" if zh else f"{digit} goes in {ways_said} in {house}"
    else:
        cage = _house({"kind": "cage", **d["cage"]}, n, zh)
        choice = f"{cage}只能是 {ways_said}" if zh else f"{cage} is {ways_said}"
    said = []
    for way, b in zip(ways, branches, strict=True):
        words = _chain_words(b, n, zh)
        if source == "cage":
            what = way
        else:
            c, digit = b["way"][0][:2]
            what = f"{cell_name(c, n)}={digit}"
        if "dead" in words:
            said.append(f"若 {what}，{words['chain']}，而{words['dead']}（不可能）" if zh
                        else f"if {what}, {words['chain']}, and {words['dead']} (it cannot be)")
        else:
            said.append(f"若 {what}，{words['chain']}" if zh else f"if {what}, {words['chain']}")
        if "inner" in b:
            said[-1] += ("，" if zh else ", ") + _inner_words(b["inner"], n, zh)
    return {"choice": choice, "branch_words": ("；" if zh else "; ").join(said)}


def _inner_words(inner: list[dict[str, Any]], n: int, zh: bool) -> str:
    """The trial's own contradictions: each candidate it rules out, with the chain that breaks it."""
    said = []
    for fact in inner[:4]:
        words = _chain_words(fact, n, zh)
        name, digit = cell_name(fact["cell"], n), fact["digit"]
        chain = words["chain"]
        if fact.get("inner"):  # a nested chain of its own (:mod:`.deeper`)
            chain += ("；" if zh else "; ") + _inner_words(fact["inner"], n, zh)
        if zh:
            said.append(f"此时 {name} 不能是 {digit}（若是，{chain}，而{words['dead']}）")
        else:
            said.append(f"there {name} cannot be {digit} (if it were, {chain}, and {words['dead']})")
    if len(inner) > 4:
        said.append("…")
    return ("；" if zh else "; ").join(said)


def _leftover_words(d: dict[str, Any], n: int, zh: bool) -> dict[str, str]:
    """The 45 rule's leftovers: innies minus outies come to the step's total, so outies alone sum to
    minus it; a side with no free cell left is not named."""
    ins, outs = name_cells(d["innies"], n, zh), name_cells(d["outies"], n, zh)
    sum_is = "之和是" if zh else "sum to"
    # a crossing cage counts where most of it lies: not the usual count, so say so
    note = ("（跨出的笼子算在它多数格所在的一边）" if zh else " (each crossing cage counted on the side "
            "holding most of it)") if d["form"] == "least" else ""
    if not d["outies"]:
        return {"leftovers": (f"内格 {ins} " if zh else f"the innies {ins}") + note, "sum_is": sum_is}
    if not d["innies"]:
        return {"leftovers": (f"外格 {outs} " if zh else f"the outies {outs}") + note, "sum_is": sum_is,
                "total": -d["total"]}
    both = f"内格 {ins} 减去外格 {outs} " if zh else f"the innies {ins} minus the outies {outs}"
    return {"leftovers": both + note, "sum_is": "等于" if zh else "come to"}


def result(step: Step, lang: str = "en") -> str:
    """What the step does, in words: its placements, else its eliminations grouped by cell."""
    zh = lang == "zh"
    n = int(step.detail.get("size", 9))
    if step.placements:
        said = ("，".join if zh else ", ".join)(f"{cell_name(c, n)} {'是' if zh else 'is'} {v}"
                                                for c, v in step.placements)
        return ("所以 " if zh else "so ") + said
    by_cell: dict[int, list[int]] = {}
    for c, v in step.eliminations:
        by_cell.setdefault(c, []).append(v)
    groups: dict[tuple[int, ...], list[int]] = {}
    for c, ds in by_cell.items():
        groups.setdefault(tuple(sorted(ds)), []).append(c)
    parts = [f"{name_cells(cells, n, zh)} {'不能是' if zh else 'cannot be'} {_digits(ds, zh)}"
             for ds, cells in groups.items()]
    return ("；" if zh else "; ").join(parts)


def explain_variant(step: Step, lang: str = "en") -> str:
    """The step's explanation in ``lang`` ("en" or "zh"); KeyError for a technique not in the variant
    registry or a template fact the step lacks."""
    tech = variant_technique(step.technique)
    template = tech.zh if lang == "zh" else tech.en
    reason = template.format(**facts(step, lang))
    return f"{reason}{'；' if lang == 'zh' else '; '}{result(step, lang)}"


def technique_name(technique: str, lang: str = "en") -> str:
    """A variant technique's name in ``lang``; KeyError for an unknown id."""
    tech = variant_technique(technique)
    return tech.name_zh if lang == "zh" else tech.name_en
