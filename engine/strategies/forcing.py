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
here 7.7-9.6 by kind and the length of the longest branch (``detail["score"]``).

**Guess** is not logic: when nothing else fires, the exact solver's digit is placed in the cell
with the fewest candidates, so every puzzle with a solution finishes.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.candidates import CandidateGrid
from engine.grid import UNITS, cell_name
from engine.propagation import propagate_singles
from engine.steps import TEXT_FIELDS, Step, unit_label
from engine.strategies import Technique, register
from engine.strategies.links import result_fields


def propagate(values: list[int], cands: list[int], cell: int, digit: int) -> tuple[list, list, int] | None:
    """Return (values, candidates, placements made) after placing ``digit`` in ``cell`` and following
    singles, or None when that runs into a contradiction (the inputs are not changed)."""
    values = values[:]
    cands = cands[:]
    placed: list[tuple[int, int]] = []
    if not propagate_singles(values, cands, [(cell, digit)], placed):
        return None
    return values, cands, len(placed)


def _consequences(cg: CandidateGrid, branches: list[tuple[list, list, int]]) -> tuple[list, list]:
    """Return the placements and eliminations every branch agrees on."""
    placements = []
    eliminations = []
    for c in range(81):
        if cg.values[c]:
            continue
        v = branches[0][0][c]
        if v and all(b[0][c] == v for b in branches):
            placements.append((c, v))
            continue
        gone = cg.cands[c]
        for vals, cands, _ in branches:
            gone &= ~(cands[c] | (1 << (vals[c] - 1) if vals[c] else 0))
        eliminations.extend((c, d) for d in range(1, 10) if gone >> (d - 1) & 1)
    return placements, eliminations


def _score(length: int, kind: str) -> float:
    # Sudoku Explainer rates forcing chains 7.1-8.x and nets 8.5-9.x, rising with chain length;
    # a contradiction from one candidate is the hardest kind to see
    base = {"cell": 7.7, "unit": 7.8, "contradiction": 8.0}[kind]
    return round(min(base + 0.1 * (length.bit_length() + length // 8), 9.6), 1)


def _branch_step(cg: CandidateGrid, kind: str, source: str, options: list, branches: list) -> Step | None:
    placements, eliminations = _consequences(cg, branches)
    if not placements and not eliminations:
        return None
    length = max(b[2] for b in branches)
    cells = sorted({c for c, _ in options})
    return Step(
        "forcing_chain",
        placements=tuple(placements) if placements else (),
        eliminations=() if placements else tuple(eliminations),
        cells=tuple(cells),
        candidates=tuple(options),
        detail={"kind": kind, "source": source, "length": length, "score": _score(length, kind)},
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
    cache: dict[tuple[int, int], tuple | None] = {}

    def branch(c: int, d: int) -> tuple | None:
        key = (c, d)
        if key not in cache:
            cache[key] = propagate(cg.values, cg.cands, c, d)
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
    dead = [opt for opt, r in zip(options, results, strict=True) if r is None]
    for c, d in dead:
        yield Step(
            "forcing_chain",
            eliminations=((c, d),),
            cells=(c,),
            candidates=((c, d),),
            detail={"kind": "contradiction", "source": f"{cell_name(c)}={d}", "length": 0,
                    "score": _score(8, "contradiction")},
        )
    if dead:
        return
    step = _branch_step(cg, kind, source, options, results)
    if step is not None:
        yield step


def _forcing_fields(step: Step, lang: str) -> dict[str, str]:
    fields = result_fields(step, lang)
    source = str(step.detail.get("source", ""))
    kind = step.detail.get("kind")
    if kind == "unit" and "@" in source:
        d, u = source.split("@")
        source = f"{d} in {unit_label(int(u))}" if lang == "en" else f"{unit_label(int(u), 'zh')}的{d}"
    if lang == "zh":
        fields["why"] = {
            "cell": f"无论 {source} 填哪个候选数，结果都一样",
            "unit": f"无论 {source} 放在哪里，结果都一样",
            "contradiction": f"假设 {source} 会导致矛盾",
        }.get(kind, "")
    else:
        fields["why"] = {
            "cell": f"every candidate of {source} leads to the same result",
            "unit": f"every place of {source} leads to the same result",
            "contradiction": f"assuming {source} runs into a contradiction",
        }.get(kind, "")
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
    "Forcing chain: {why}; {result}.",
    "强制链：{why}；{result}。",
)
register(
    Technique("guess", "Guess", "猜测", 10.0, find_guess),
    "Guess: no logical step is left, so {placements} is taken from the solution "
    "({options} candidates there).",
    "猜测：已没有逻辑步骤，从答案中取 {placements}（该格有 {options} 个候选数）。",
)
