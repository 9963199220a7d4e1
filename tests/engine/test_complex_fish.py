"""Franken, mutant, Siamese and Kraken fish: every instance proved again from its own units (and,
for Kraken fish, by following each far fin's singles), sound against the solution on the stuck
states of hard puzzles, explained by its units and fins, and listed by ``sudoku hint --all
--technique``.

The states: hard puzzles (the hardest-known collections and SE 7-9 rated ones) walked with every
technique easier than these fish, placing the solution's digit wherever the walk is stuck, so
the fish are asked exactly where a solver would need them.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from functools import cache

import pytest

from engine import PEERS, UNITS, CandidateGrid, Step, cell_name, explain
from engine.cli import main
from engine.logic.strategies.complex_fish import _Branches
from engine.logic.techniques import technique, techniques
from engine.solve.propagation import propagate_singles
from tests.engine.test_reglib import CASES
from tests.harness.paths import DATA
from tests.harness.reglib import holding, walk

SIZES = ("x_wing", "swordfish", "jellyfish")
FISH = [f"{fin}{kind}_{size}" for kind in ("franken", "mutant") for fin in ("", "finned_") for size in SIZES]
SIAMESE = ["siamese_franken_fish", "siamese_mutant_fish"]
OURS = FISH + SIAMESE
CELL = re.compile(r"r([1-9])c([1-9])")


def _rows() -> list[tuple[str, str]]:
    hard = (DATA / "correctness" / "DERIVED_unique_solutions.tsv").read_text().splitlines()[1:]
    rows = [(r.split("\t")[1].replace(".", "0"), r.split("\t")[2]) for r in hard]
    rated = (DATA / "correctness" / "se_pairs_with_rating.tsv").read_text().splitlines()[1:]
    rows_se = [r.split("\t") for r in rated]
    return rows[:: len(rows) // 40][:40] + [(r[1], r[2]) for r in rows_se[:: len(rows_se) // 40][:40]]


@cache
def stuck_states() -> list[tuple[CandidateGrid, str]]:
    """Return (state, solution) wherever every technique easier than these fish finds nothing."""
    easier = [t for t in techniques() if t.score < 5.6 and t.id not in ("guess", "forcing_chain")]
    return [(cg, solution) for puzzle, solution in _rows()
            for cg, stuck in walk(puzzle, solution, easier) if stuck]


@cache
def found_steps() -> list[tuple[CandidateGrid, str, Step]]:
    """Every instance of every technique here on every stuck state."""
    return [(cg, solution, step) for cg, solution in stuck_states() for tid in OURS
            for step in technique(tid).find(cg)]


def _cells(text: str) -> set[int]:
    return {(int(r) - 1) * 9 + int(c) - 1 for r, c in CELL.findall(text)}


def _removals(cg: CandidateGrid, digit: int, base: list[int], cover: list[int], fins: set[int]) -> set[int]:
    """Recompute a fish from its units alone: check its fins, return what it removes."""
    cand = set(holding(cg, range(81), digit))
    in_base = Counter(c for u in base for c in UNITS[u] if c in cand)
    in_cover = Counter(c for u in cover for c in UNITS[u] if c in cand)
    assert len(base) == len(cover) and not set(base) & set(cover)
    assert all(in_base[c] <= 1 or c in fins for c in in_base)  # endo-fins
    assert {c for c in in_base if c not in in_cover} <= fins <= set(in_base)  # exo-fins
    removed = {c for c in in_cover if c not in in_base} | {c for c in in_base if in_cover[c] > 1} - fins
    return {c for c in removed if all(f in PEERS[c] for f in fins)}


def _class(base: list[int], cover: list[int]) -> str:
    b, c = {u // 9 for u in base}, {u // 9 for u in cover}
    if (b, c) in (({0}, {1}), ({1}, {0})):
        return "basic"
    if (b <= {0, 2} and c <= {1, 2}) or (b <= {1, 2} and c <= {0, 2}):
        return "franken"
    return "mutant"


def test_every_instance_on_hard_states_is_a_fish_and_sound() -> None:
    found = found_steps()
    fired = Counter(step.technique for _, _, step in found)
    # the sample needs these fish often enough to mean something, of every class
    assert len(stuck_states()) >= 60 and len(found) >= 300, (len(stuck_states()), fired)
    assert {"finned_franken_jellyfish", "finned_mutant_jellyfish", "finned_franken_swordfish"} <= set(fired)
    for cg, solution, step in found:
        d = step.detail["digit"]
        assert all(int(solution[c]) != digit for c, digit in step.eliminations), step
        assert {digit for _, digit in step.eliminations} == {d}
        fins = _cells(step.detail["fins"])
        removed = _removals(cg, d, step.detail["base"], step.detail["cover"], fins)
        if step.technique in SIAMESE:
            fins2 = _cells(step.detail["fins2"])
            removed |= _removals(cg, d, step.detail["base"], step.detail["cover2"], fins2)
            kind = step.technique.split("_")[1]
        else:
            assert bool(fins) == step.technique.startswith("finned_")
            size = next(i + 2 for i, name in enumerate(SIZES) if step.technique.endswith(name))
            assert len(step.detail["base"]) == size
            kind = step.technique.removeprefix("finned_").split("_")[0]
        assert {c for c, _ in step.eliminations} == removed, step
        assert _class(step.detail["base"], step.detail["cover"]) == kind


def _removals_unseen(cg: CandidateGrid, digit: int, base: list[int], cover: list[int],
                     fins: set[int]) -> set[int]:
    """What a fish removes if the fish holds, whether or not the cells see its fins."""
    cand = set(holding(cg, range(81), digit))
    in_base = {c for u in base for c in UNITS[u] if c in cand}
    in_cover = {c for u in cover for c in UNITS[u] if c in cand}
    assert {c for c in in_base if c not in in_cover} == fins
    return in_cover - in_base


@cache
def kraken_steps() -> list[tuple[CandidateGrid, str, Step]]:
    return [(cg, solution, step) for cg, solution in stuck_states()[::2]
            for step in technique("kraken_fish").find(cg)]


def _follows(cg: CandidateGrid, start: int, digit: int, target: tuple[int, int]) -> bool:
    """True when placing ``digit`` in ``start`` and following singles removes ``target`` (or breaks)."""
    values, cands, placed = cg.values[:], cg.cands[:], []
    if not propagate_singles(values, cands, [(start, digit)], placed):
        return True
    cell, x = target
    return values[cell] != x and not cands[cell] >> (x - 1) & 1


def test_kraken_fish_are_basic_fish_whose_fins_or_cover_cells_each_remove_the_target() -> None:
    found = kraken_steps()
    types = Counter(step.detail["type"] for _, _, step in found)
    assert types[1] >= 100 and types[2] >= 100, types
    for cg, solution, step in found:
        ((target, x),) = step.eliminations
        d = step.detail["digit"]
        assert int(solution[target]) != x
        base, cover = step.detail["base"], step.detail["cover"]
        assert _class(base, cover) == "basic"
        fins = _cells(step.detail["fins"])
        starts = [chain[0] for chain in step.detail["chains"]]
        if step.detail["type"] == 1:  # the target: a cover candidate; the starts: the fins it does not see
            assert x == d and target in _removals_unseen(cg, d, base, cover, fins)
            assert starts == [f for f in sorted(fins) if f not in PEERS[target]] and starts
        else:  # the starts: one cover unit's base cells and every fin
            _removals_unseen(cg, d, base, cover, fins)
            unit = step.detail["unit"]
            in_base = set(holding(cg, [c for u in base for c in UNITS[u]], d))
            assert unit in cover and set(starts) == ({c for c in UNITS[unit] if c in in_base} - fins) | fins
        assert all(_follows(cg, start, d, (target, x)) for start in starts)


def test_kraken_singles_place_what_the_forcing_chains_propagation_places_in_its_order() -> None:
    """The compiled propagation (propagation_kernels) against engine.solve.propagation's on every candidate of
    some stuck states: the same placements in the same order, the same removals, the same clashes."""
    broken = 0
    for cg, _ in stuck_states()[::9]:
        for cell, d in ((c, digit) for digit in range(1, 10) for c in holding(cg, range(81), digit)):
            values, cands, placed = cg.values[:], cg.cands[:], []
            ok = propagate_singles(values, cands, [(cell, d)], placed)
            branch = _Branches(cg).get(cell, d)
            assert (branch.placed, branch.broken) == (placed, not ok), (cg.to_sukaku(), cell, d)
            broken += not ok
            if ok:
                assert all(branch.removes(c, x) == bool(cg.cands[c] >> (x - 1) & 1 and values[c] != x
                                                        and not cands[c] >> (x - 1) & 1)
                           for c in range(81) for x in range(1, 10)), (cg.to_sukaku(), cell, d)
    assert broken >= 100  # both outcomes are met


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_kraken_texts_follow_each_start_to_the_target(lang: str) -> None:
    for _, _, step in kraken_steps()[:10] + [s for s in kraken_steps() if s[2].detail["type"] == 2][:10]:
        text = explain(step, lang)
        ((target, _),) = step.eliminations
        assert "<>" not in text and "{" not in text
        for start, *_ in step.detail["chains"]:
            said = f"If {cell_name(start)} is {step.detail['digit']}" if lang == "en" else (
                f"如果 {cell_name(start)} 是 {step.detail['digit']}")
            assert said in text
        assert text.count(cell_name(target)) >= 2


def test_no_technique_repeats_an_instance() -> None:
    for cg, _ in stuck_states()[::5]:
        for tid in [*OURS, "kraken_fish"]:
            steps = list(technique(tid).find(cg))
            assert len(steps) == len(set(steps)), tid


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_texts_name_the_units_the_fins_and_every_removal(lang: str) -> None:
    seen = set()
    for _, _, step in found_steps():
        if step.technique in seen:
            continue
        seen.add(step.technique)
        text = explain(step, lang)
        assert "<>" not in text and "{" not in text
        for cell, _ in step.eliminations:
            assert cell_name(cell) in text
        for cell in _cells(step.detail["fins"]):
            assert cell_name(cell) in text
        units = {"en": ("row ", "column ", "box "), "zh": ("行", "列", "宫")}[lang]
        for u in step.detail["base"] + step.detail["cover"]:
            label = f"{units[u // 9]}{u % 9 + 1}" if lang == "en" else f"第{u % 9 + 1}{units[u // 9]}"
            assert label in text, (label, text)
    assert len(seen) >= 6


@pytest.mark.parametrize("tid", ["finned_franken_jellyfish", "siamese_mutant_fish"])
def test_hint_all_lists_the_reglib_step(capsys: pytest.CaptureFixture[str], tid: str) -> None:
    for case in [c for c in CASES if c.tid == tid][:2]:
        code = main(["hint", case.state, "--all", "--technique", tid, "--json"])
        out = capsys.readouterr().out
        steps = [json.loads(line) for line in out.splitlines() if line.strip()]
        assert code == 0 and {s["technique"] for s in steps} == {tid}
        found = [{((r - 1) * 9 + c - 1, d) for r, c, d in s["eliminations"]} for s in steps]
        assert set(case.eliminations) in found
