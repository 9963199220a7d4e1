"""The words of a variant wing or chain (:mod:`.wings`, :mod:`.aic`), made from the step's data:
the chain written as ``(5)r1c1 = (5)r1c7 - (5)r5c7``, what each strong link rests on (a cell's two
candidates, a house's or cage's two places) and each weak link that rests on a rule (a knight's
move), and what the ends give.  :mod:`.words` calls :func:`link_facts` with its house namer."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.logic.variant.state import cell_name

HouseNamer = Callable[[dict[str, Any], int, bool], str]

_RULE = {"antiknight": ("are a knight's move apart", "相距马步"),
         "antiking": ("touch diagonally", "斜向相邻")}


def link_facts(d: dict[str, Any], n: int, zh: bool, house_name: HouseNamer) -> dict[str, str]:
    """The facts a wing's or chain's template uses (``wing`` or ``chain_nodes`` in its detail)."""
    if "chain_nodes" in d:
        return _chain_facts(d, n, zh, house_name)
    out = {"pincers": _and([cell_name(c, n) for c in d["pincers"]], zh),
           "pivot_digits": "/".join(map(str, d.get("pivot_digits", []))),
           "seen": _seen(d.get("seen", []), n, zh, house_name)}
    if "pivot" in d:
        out["pivot"] = cell_name(d["pivot"], n)
    if "pincer_digits" in d:
        out["pincer_digits"] = _and(["/".join(map(str, ds)) for ds in d["pincer_digits"]], zh)
    if "link" in d:
        out["link_digit"] = str(d["link_digit"])
        out["link_said"] = _strong_house(d["houses"][0], d["link"], d["link_digit"], n, zh, house_name)
    return out


def _and(parts: list[str], zh: bool) -> str:
    return (" 与 " if zh else " and ").join(parts)


def _seen(pairs: list[list[Any]], n: int, zh: bool, house_name: HouseNamer) -> str:
    """Pairs of cells that see each other through a variant's house or rule, in brackets (or nothing)."""
    if not pairs:
        return ""
    said = [_sight(a, b, why, n, zh, house_name) for a, b, why in pairs]
    return f"（{'，'.join(said)}）" if zh else f" ({'; '.join(said)})"


def _sight(a: int, b: int, why: dict[str, Any], n: int, zh: bool, house_name: HouseNamer) -> str:
    """Why two cells see each other: a rule's move or a shared house other than a row, column, region."""
    pair = _and([cell_name(a, n), cell_name(b, n)], zh)
    if "rule" in why:
        return f"{pair} {_RULE[why['rule']][zh]}"
    house = house_name(why["house"], n, zh)
    return f"{pair} 同在{house}中" if zh else f"{pair} share {house}"


def _strong_house(ref: dict[str, Any], cells: list[int], digit: int, n: int, zh: bool,
                  house_name: HouseNamer) -> str:
    where = _and([cell_name(c, n) for c in sorted(cells)], zh)
    house = house_name(ref, n, zh)
    if ref["kind"] == "cage":
        if zh:
            return f"{house}必含 {digit}，且只有 {where} 可放"
        return f"{house} must hold {digit} (every combination left has it) and has only {where} for it"
    return f"{house}中 {digit} 只在 {where}" if zh else f"{digit} has only {where} in {house}"


_PAIR = {
    "white": ("a white dot joins them: they differ by {number}", "两格间有白点：相差 {number}"),
    "black": ("a black dot joins them: one is {number} times the other",
              "两格间有黑点：一个是另一个的 {number} 倍"),
    "x": ("an X joins them: they sum to 10", "两格间有 X：和为 10"),
    "v": ("a V joins them: they sum to 5", "两格间有 V：和为 5"),
    "greater": ("a greater-than sign joins them", "两格间有不等号"),
    "cage": ("they are the cage of {total}", "两格是和为 {total} 的笼子"),
    "thermo": ("the thermometer rises from one to the other", "温度计从一格升向另一格"),
    "nonconsecutive": ("neighbours cannot be consecutive", "相邻格不能是连续数"),
    "negative_white": ("no white dot joins them (every one is shown)", "两格间没有白点（已全部标出）"),
    "negative_black": ("no black dot joins them (every one is shown)", "两格间没有黑点（已全部标出）"),
    "negative_white_black": ("no dot joins them (every one is shown)", "两格间没有点（已全部标出）"),
    "negative_xv": ("no X or V joins them (every one is shown)", "两格间没有 X 或 V（已全部标出）"),
}


def _pair(a: list[int], b: list[int], why: dict[str, Any], n: int, zh: bool) -> str:
    """A weak link a pair constraint makes: the two candidates cannot both hold, and why."""
    text = _PAIR[why["mark"]][zh].format(number=why.get("number", ""), total=why.get("total", ""))
    nodes = _and([_node(a, n), _node(b, n)], zh)
    return f"{nodes} 不能同时成立（{text}）" if zh else f"{nodes} cannot both hold ({text})"


def _node(pair: list[int], n: int) -> str:
    return f"({pair[1]}){cell_name(pair[0], n)}"


def _chain_facts(d: dict[str, Any], n: int, zh: bool, house_name: HouseNamer) -> dict[str, str]:
    nodes, reasons, loop = d["chain_nodes"], d["chain_links"], d.get("loop", False)
    text = [_node(nodes[0], n)]
    for i, pair in enumerate(nodes[1:] + (nodes[:1] if loop else [])):
        text.append(("= " if i % 2 == 0 else "- ") + _node(pair, n))
    said = []
    ring = nodes + nodes[:1]
    for i, why in enumerate(reasons):
        a, b = ring[i], ring[i + 1]
        if i % 2:  # a weak link: said only when a variant's house, rule or pair constraint makes it
            if "pair" in why:
                said.append(_pair(a, b, why["pair"], n, zh))
            elif why:
                said.append(_sight(a[0], b[0], why, n, zh, house_name))
        elif "cell" in why:
            c = cell_name(why["cell"], n)
            ds = sorted((a[1], b[1]))
            said.append(f"{c} 只能是 {ds[0]} 或 {ds[1]}" if zh else f"{c} holds only {ds[0]} and {ds[1]}")
        elif "house" in why:
            said.append(_strong_house(why["house"], [a[0], b[0]], a[1], n, zh, house_name))
    first, last = _node(nodes[0], n), _node(nodes[-1], n)
    if loop:
        ends = (f"链的末端与 {first} 相连成环，环上每条链接恰有一个为真" if zh
                else f"the chain closes on {first} into a loop, where each link holds exactly one truth")
    elif nodes[0] == nodes[-1]:
        ends = f"若 {first} 为假，它反而为真" if zh else f"if {first} were false it would be true"
    else:
        ends = f"{first} 与 {last} 至少有一个为真" if zh else f"{first} or {last} is true"
    return {"chain": " ".join(text), "links_said": ("；" if zh else "; ").join(said), "ends": ends}
