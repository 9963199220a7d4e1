"""Forcing chains, the last logical resort, and the guess below them.

*Propagation* places a digit and follows singles: every cell left with one candidate and every
digit left with one place in a unit is placed in turn, until nothing more follows or a cell or a
unit runs dry (a *contradiction*).  Three forcing patterns use it:

* **cell forcing**: every candidate of one cell is tried; whatever all of them lead to is true;
* **unit forcing**: every place of one digit in a unit is tried; the same;
* **contradiction**: a candidate whose propagation runs dry is false.

    r1c1 {3,7}:  r1c1=3 -> ... -> r5c5=4
                 r1c1=7 -> ... -> r5c5=4         =>  r5c5=4, whichever r1c1 holds

Only sound deductions come out (every branch is followed to the end, nothing is guessed), but the
chains can be long: these are Sudoku Explainer's forcing chains and nets (7.1 and up), scored
here 7.7-9.6 by kind and the length of the longest branch (``detail["score"]``).  Each step keeps
its branches in ``detail["branches"]`` (the assumption, the few placements that lead to the result,
what ran dry) and draws them as links, so its text can walk through every branch.

**Guess** is not logic: when nothing else fires, the exact solver's digit is placed in the cell
with the fewest candidates, so every puzzle with a solution finishes.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

from engine.candidates import CandidateGrid
from engine.grid import CELL_UNITS, UNITS, cell_name
from engine.masks import PEER_MASK
from engine.propagation import propagate_singles
from engine.steps import TEXT_FIELDS, Fact, Step, fact_label, implication_sentence, result_label, unit_label
from engine.strategies import Technique, register
from engine.strategies.links import result_fields

Pair = tuple[int, int]

SHOWN = 8  # placements shown per branch: enough to follow the chain, few enough to read


class Branch(NamedTuple):
    """Where one assumption leads: the state after it (None after a contradiction), its placements
    in order (the assumption first) and, for a contradiction, what ran dry: ``("cell", c)``,
    ``("unit", u, d)`` or ``("clash",)`` (two singles wanted one cell)."""

    values: list[int] | None
    cands: list[int] | None
    placed: list[Pair]
    dry: tuple = ()


def follow(values: list[int], cands: list[int], cell: int, digit: int) -> Branch:
    """Return the branch of placing ``digit`` in ``cell`` and following singles (inputs unchanged)."""
    values = values[:]
    cands = cands[:]
    placed: list[Pair] = []
    if propagate_singles(values, cands, [(cell, digit)], placed):
        return Branch(values, cands, placed)
    return Branch(None, None, placed, _what_ran_dry(values, cands))


def propagate(values: list[int], cands: list[int], cell: int, digit: int) -> tuple[list, list, int] | None:
    """Return (values, candidates, placements made) after placing ``digit`` in ``cell`` and following
    singles, or None when that runs into a contradiction (the inputs are not changed)."""
    b = follow(values, cands, cell, digit)
    return None if b.values is None else (b.values, b.cands, len(b.placed))


def _what_ran_dry(values: list[int], cands: list[int]) -> tuple:
    """Return what the half-updated state of a failed propagation lacks (see :class:`Branch`)."""
    for c in range(81):
        if not values[c] and not cands[c]:
            return ("cell", c)
    for u, unit in enumerate(UNITS):
        have = 0
        for c in unit:
            have |= cands[c] | (1 << (values[c] - 1) if values[c] else 0)
        if have != 0x1FF:
            missing = 0x1FF & ~have
            return ("unit", u, (missing & -missing).bit_length())
    return ("clash",)


def _consequences(cg: CandidateGrid, branches: list[Branch]) -> tuple[list, list]:
    """Return the placements and eliminations every branch agrees on."""
    placements = []
    eliminations = []
    for c in range(81):
        if cg.values[c]:
            continue
        v = branches[0].values[c]
        if v and all(b.values[c] == v for b in branches):
            placements.append((c, v))
            continue
        gone = cg.cands[c]
        for b in branches:
            vals, cands = b.values, b.cands
            gone &= ~(cands[c] | (1 << (vals[c] - 1) if vals[c] else 0))
        eliminations.extend((c, d) for d in range(1, 10) if gone >> (d - 1) & 1)
    return placements, eliminations


# ---------------------------------------------------------------------------------------------
# why each placement of a branch happened, to show the few that lead to the result


def _killer(placed: list[Pair], upto: int, cell: int, digit: int) -> int | None:
    """Return the index (below ``upto``) of the first placement removing candidate (cell, digit):
    the cell filled with another digit or the digit placed in a peer; None if none does."""
    for j in range(upto):
        c, d = placed[j]
        if (c == cell and d != digit) or (d == digit and PEER_MASK[cell] >> c & 1):
            return j
    return None


def _causes(cg: CandidateGrid, placed: list[Pair], i: int) -> list[int]:
    """Return the indices of the earlier placements that made placement ``i`` a single: those that
    emptied its cell but for its digit (naked) or emptied a unit of it but for its cell (hidden),
    whichever needs fewer.  Empty for the assumption (``i == 0``)."""
    if i == 0:
        return []
    c, d = placed[i]
    options = []
    naked = [_killer(placed, i, c, e) for e in range(1, 10) if e != d and cg.cands[c] >> (e - 1) & 1]
    if None not in naked:
        options.append(naked)
    for u in CELL_UNITS[c]:
        hidden = [_killer(placed, i, q, d) for q in UNITS[u]
                  if q != c and not cg.values[q] and cg.cands[q] >> (d - 1) & 1]
        if None not in hidden:
            options.append(hidden)
    if not options:
        return []
    best = min(options, key=lambda js: (len(set(js)), max(js, default=-1)))
    return sorted(set(best))  # type: ignore[arg-type]  (None was ruled out above)


def _closure(cg: CandidateGrid, placed: list[Pair], roots: list[int]) -> tuple[list[int], dict[int, int]]:
    """Return the placements ``roots`` depend on (sorted indices, the assumption 0 first) and, for
    each, the latest of its causes (its arrow's tail)."""
    seen = {0, *roots}
    stack = list(roots)
    primary: dict[int, int] = {}
    while stack:
        i = stack.pop()
        causes = _causes(cg, placed, i)
        if causes:
            primary[i] = causes[-1]
        for j in causes:
            if j not in seen:
                seen.add(j)
                stack.append(j)
    return sorted(seen), primary


def _dry_roots(cg: CandidateGrid, b: Branch) -> list[int]:
    """Return the placements that emptied what ran dry in a contradiction."""
    n = len(b.placed)
    if b.dry[0] == "cell":
        c = b.dry[1]
        roots = [_killer(b.placed, n, c, e) for e in range(1, 10) if cg.cands[c] >> (e - 1) & 1]
    elif b.dry[0] == "unit":
        _, u, d = b.dry
        roots = [_killer(b.placed, n, q, d) for q in UNITS[u] if cg.cands[q] >> (d - 1) & 1]
    else:
        roots = [n - 1]
    return sorted({r for r in roots if r is not None})


def _record(cg: CandidateGrid, b: Branch, roots: list[int]) -> tuple[dict[str, Any], list]:
    """Return a branch as plain data for ``detail`` (the assumption, at most :data:`SHOWN` of the
    placements leading to ``roots``, how many were left out, what ran dry) and its arrows."""
    order, primary = _closure(cg, b.placed, roots)
    shown = order if len(order) <= SHOWN else order[: SHOWN - 1] + [order[-1]]
    record: dict[str, Any] = {
        "assume": list(b.placed[0]),
        "placed": [list(b.placed[i]) for i in shown[1:]],
        "skipped": len(order) - len(shown),
    }
    if b.dry:
        record["dry"] = list(b.dry)
    links = []
    for k, i in enumerate(shown[1:], start=1):
        tail = primary.get(i, shown[k - 1])
        if tail not in shown:
            tail = shown[k - 1]
        links.append((b.placed[tail], b.placed[i], False))
    return record, links


def _score(length: int, kind: str) -> float:
    # Sudoku Explainer rates forcing chains 7.1-8.x and nets 8.5-9.x, rising with chain length;
    # a contradiction from one candidate is the hardest kind to see
    base = {"cell": 7.7, "unit": 7.8, "contradiction": 8.0}[kind]
    return round(min(base + 0.1 * (length.bit_length() + length // 8), 9.6), 1)


def _branch_step(
    cg: CandidateGrid, kind: str, source: str, options: list, branches: list[Branch]
) -> Step | None:
    placements, eliminations = _consequences(cg, branches)
    if not placements and not eliminations:
        return None
    length = max(len(b.placed) for b in branches)
    cells = sorted({c for c, _ in options})
    # each branch shows how it reaches the first common result
    target = placements[0] if placements else eliminations[0]
    records, links = [], []
    for b in branches:
        # the placement itself, or the one that removes the eliminated candidate
        end = b.placed.index(target) if placements else _killer(b.placed, len(b.placed), *target)
        record, arrows = _record(cg, b, [end] if end is not None else [])
        records.append(record)
        links.extend(arrows)
    return Step(
        "forcing_chain",
        placements=tuple(placements) if placements else (),
        eliminations=() if placements else tuple(eliminations),
        cells=tuple(cells),
        candidates=tuple(options),
        links=tuple(dict.fromkeys(links)),
        detail={"kind": kind, "source": source, "length": length, "score": _score(length, kind),
                "target": list(target), "branches": records},
    )


def _options_of_cell(cg: CandidateGrid, c: int) -> list[tuple[int, int]]:
    m = cg.cands[c]
    return [(c, d) for d in range(1, 10) if m >> (d - 1) & 1]


def _options_of_unit(cg: CandidateGrid, u: int, d: int) -> list[tuple[int, int]]:
    bit = 1 << (d - 1)
    return [(c, d) for c in UNITS[u] if cg.cands[c] & bit]


def find_forcing_chain(cg: CandidateGrid) -> Iterator[Step]:
    """Forcing chains (nets): a cell's candidates or a digit's places in a unit all lead, by singles,
    to the same result, or one candidate leads to a contradiction.  Yields nothing on a state with
    no empty cell or none of these."""
    cache: dict[tuple[int, int], Branch] = {}

    def branch(c: int, d: int) -> Branch:
        key = (c, d)
        if key not in cache:
            cache[key] = follow(cg.values, cg.cands, c, d)
        return cache[key]

    for size in (2, 3):
        for c in range(81):
            if cg.cands[c].bit_count() == size:
                yield from _try(cg, "cell", cell_name(c), _options_of_cell(cg, c), branch)
        for u in range(27):
            for d in range(1, 10):
                options = _options_of_unit(cg, u, d)
                if len(options) == size:
                    yield from _try(cg, "unit", f"{d}@{u}", options, branch)


def _try(cg: CandidateGrid, kind: str, source: str, options: list, branch) -> Iterator[Step]:
    results = [branch(c, d) for c, d in options]
    dead = [(opt, r) for opt, r in zip(options, results, strict=True) if r.values is None]
    for (c, d), r in dead:
        record, links = _record(cg, r, _dry_roots(cg, r))
        yield Step(
            "forcing_chain",
            eliminations=((c, d),),
            cells=(c,),
            candidates=((c, d),),
            links=tuple(links),
            detail={"kind": "contradiction", "source": f"{cell_name(c)}={d}", "length": 0,
                    "score": _score(8, "contradiction"), "branches": [record]},
        )
    if dead:
        return
    step = _branch_step(cg, kind, source, options, results)
    if step is not None:
        yield step


# ---------------------------------------------------------------------------------------------
# the text


def _dry_label(dry: list, lang: str) -> str:
    zh = lang == "zh"
    if dry and dry[0] == "cell":
        cell = cell_name(dry[1])
        return f"{cell} 没有候选数了" if zh else f"{cell} has no candidate left"
    if dry and dry[0] == "unit":
        where, digit = unit_label(int(dry[1]), lang), dry[2]
        return f"{where}没有位置能填 {digit} 了" if zh else f"{digit} has no place left in {where}"
    return "两个被迫填入的数落在同一格" if zh else "two forced digits need the same cell"


def branch_sentence(record: dict, lang: str, conclusion: Fact | None = None) -> str:
    """Return one branch of a forcing chain in words: "If r1c1 is 3, then r2c5 is 7, so …"."""
    c, d = record["assume"]
    facts: list[Fact | None] = [((c,), d, True)]
    facts += [((pc,), pd, True) for pc, pd in record.get("placed", ())]
    if record.get("skipped"):
        facts.insert(len(facts) - 1, None)
    if conclusion is not None and conclusion != facts[-1]:
        facts.append(conclusion)
    said = implication_sentence(facts, lang, suppose=True)
    if "dry" in record:
        dry = _dry_label(record["dry"], lang)
        if lang == "zh":
            said += f"，{'于是' if len(facts) > 1 else '则'} {dry}，矛盾"
        else:
            said += f", {'so' if len(facts) > 1 else 'then'} {dry}: a contradiction"
    return said


def _alternatives(step: Step, lang: str) -> tuple[str, str]:
    """Return what the branches are ("r1c1 is 3 or 7") and, in Chinese, the "无论…" clause."""
    assumed = [tuple(r["assume"]) for r in step.detail["branches"]]
    zh = lang == "zh"
    if step.detail.get("kind") == "unit":
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
    if step.detail.get("kind") == "contradiction":
        (record,) = records
        c, d = record["assume"]
        wrong, said = fact_label(((c,), d, False), lang), branch_sentence(record, lang)
        return f"{said}。所以 {wrong}：{result}。" if zh else f"{said}. So {wrong}: {result}."
    tc, td = step.detail["target"]
    placed = bool(step.placements)
    conclusion: Fact = ((tc,), td, placed)
    said = ("。" if zh else ". ").join(branch_sentence(r, lang, conclusion) for r in records)
    intro, which = _alternatives(step, lang)
    if zh:
        must = f"{cell_name(tc)} 都{'是' if placed else '不能是'} {td}"
        return f"{intro}。{said}。无论 {which}，{must}：{result}。"
    must = f"{cell_name(tc)} is {'' if placed else 'not '}{td}"
    return f"{intro}. {said}. Either way {must}: {result}."


def _forcing_fields(step: Step, lang: str) -> dict[str, str]:
    fields = result_fields(step, lang)
    if isinstance(step.detail.get("branches"), list):
        fields["story"] = _forcing_story(step, lang)
        return fields
    # a step saved before branches were recorded: say what kind of forcing it was
    source = str(step.detail.get("source", ""))
    kind = step.detail.get("kind")
    if kind == "unit" and "@" in source:
        d, u = source.split("@")
        source = f"{d} in {unit_label(int(u))}" if lang == "en" else f"{unit_label(int(u), 'zh')}的{d}"
    if lang == "zh":
        why = {
            "cell": f"无论 {source} 填哪个候选数，结果都一样",
            "unit": f"无论 {source} 放在哪里，结果都一样",
            "contradiction": f"假设 {source} 会导致矛盾",
        }.get(kind, "")
    else:
        why = {
            "cell": f"every candidate of {source} leads to the same result",
            "unit": f"every place of {source} leads to the same result",
            "contradiction": f"assuming {source} runs into a contradiction",
        }.get(kind, "")
    fields["story"] = f"{why}；{fields['result']}。" if lang == "zh" else f"{why}; {fields['result']}."
    return fields


def find_guess(cg: CandidateGrid) -> Iterator[Step]:
    """Guess: the exact solver's digit for the empty cell with the fewest candidates.  Yields
    nothing when the placed digits have no solution or it disagrees with every candidate left."""
    from engine.solver import solve  # the compiled solver, loaded only when guessing is needed

    if cg.is_solved():
        return
    solution = solve(cg.values)
    if solution is None:
        return
    cells = sorted((cg.cands[c].bit_count(), c) for c in range(81) if not cg.values[c] and cg.cands[c])
    for _, c in cells:
        d = int(solution[c])
        if cg.cands[c] >> (d - 1) & 1:
            yield Step("guess", placements=((c, d),), cells=(c,), candidates=((c, d),),
                       detail={"options": cg.cands[c].bit_count()})
            return


TEXT_FIELDS["forcing_chain"] = _forcing_fields
TEXT_FIELDS["guess"] = result_fields

register(
    Technique("forcing_chain", "Forcing Chain", "强制链", 8.0, find_forcing_chain),
    "Forcing chain: {story}",
    "强制链：{story}",
)
register(
    Technique("guess", "Guess", "猜测", 10.0, find_guess),
    "Guess: no logical step is left, so {result} (the solution's digit; {cells} has {options} "
    "candidates).",
    "猜测：已没有逻辑步骤，按答案{result}（{cells} 有 {options} 个候选数）。",
)
