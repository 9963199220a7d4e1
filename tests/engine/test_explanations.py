"""Explanations a learner can follow: every technique names its cells, never writes "<>", and
chains and forcing chains spell out their implications, in English and Chinese.

Every registered technique is checked on a real instance: the first step its finder yields on a
HoDoKu regression-library state of that technique (tests/engine/test_reglib.py), else on any library
state (a technique added later), and for forcing chains and the guess on the solve paths of hard
rated puzzles.
"""

from __future__ import annotations

import itertools
import json
import re
from functools import cache

import pytest

from engine import PEERS, UNITS, CandidateGrid, Step, as_grid, cell_name, explain, iter_steps, parse_state
from engine.cli import main
from engine.logic.strategies.forcing import Branch, StrongLinks, follow, follow_chain, follow_off
from engine.logic.strategies.nishio import digit_places, follow_digit
from engine.logic.techniques import technique, techniques
from engine.words.labels import removal_label, unit_label
from tests.engine.test_reglib import CASES  # noqa: E402  (the cases of the techniques we map, same folder)
from tests.harness.paths import DATA
from tests.harness.reglib import load_cases  # noqa: E402  (every library case, whatever its technique)

LANGS = ("en", "zh")
CHAINS = ("remote_pair", "x_chain", "xy_chain", "aic")
FORCING = ("nishio", "forcing_chain", "digit_forcing_chain", "forcing_net")
IF = {"en": re.compile(r"\bIf "), "zh": re.compile("如果|假设")}


def _rated(lo: float, hi: float, n: int) -> list[str]:
    out = []
    for line in (DATA / "ratings" / "se_rated_stratified_sample.txt").read_text().splitlines():
        _, puzzle, se = line.split()
        if lo <= float(se) <= hi:
            out.append(puzzle)
    return out[:: max(1, len(out) // n)][:n]


def _forcing_states() -> list[CandidateGrid]:
    """The states of hard puzzles' solve paths where the driver needs a forcing technique."""
    states = []
    # 20 puzzles: Nishio (tried first of the family, after every cheaper technique) is on the
    # driver's path of one of them
    for puzzle in _rated(8.5, 9.5, 20):
        cg = CandidateGrid.from_grid(as_grid(puzzle))
        for step in iter_steps(as_grid(puzzle)):
            if step.technique in FORCING:
                states.append(cg.copy())
            cg.apply(step)
    return states


@cache
def _forcing_steps() -> dict[tuple[str, str], Step]:
    """One step of each forcing technique and kind (cell, unit, digit, contradiction, nishio) met
    where hard puzzles' solve paths need forcing: any found there is a real instance."""
    found: dict[tuple[str, str], Step] = {}
    for cg in _forcing_states():
        for tid in FORCING:
            for other in itertools.islice(technique(tid).find(cg), 300):
                found.setdefault((tid, other.detail["kind"]), other)
    return found


def _forcing_kind(kind: str) -> Step | None:
    """A forcing step of ``kind``, of whichever technique has one."""
    return next((step for (_, k), step in _forcing_steps().items() if k == kind), None)


@cache
def _instances() -> dict[str, Step]:
    """Return a real step of every technique that has one in the library or the rated puzzles."""
    out: dict[str, Step] = {}
    for case in CASES:
        if not case.fail and case.tid not in out:
            state = parse_state(case.state, solved_are_givens=False)
            step = next(iter(technique(case.tid).find(state)), None)
            if step is not None:
                out[case.tid] = step
    forcing = _forcing_steps()
    for tid in FORCING:
        mine = [step for (t, _), step in forcing.items() if t == tid]
        if mine:
            out[tid] = next((s for s in mine if s.detail["kind"] == "cell"), mine[0])
    cg = CandidateGrid.from_grid(as_grid(_rated(8.5, 9.5, 1)[0]))
    out["guess"] = next(iter(technique("guess").find(cg)))
    for t in techniques():  # a technique added later without a mapped library code: any library state
        if t.id not in out:
            for case in load_cases():
                step = next(iter(t.find(case.state.copy())), None)
                if step is not None:
                    out[t.id] = step
                    break
    return out


def _step(tid: str) -> Step:
    step = _instances().get(tid)
    assert step is not None, f"no instance of {tid} in the library or the rated puzzles"
    return step


@pytest.mark.parametrize("tid", [t.id for t in techniques()])
@pytest.mark.parametrize("lang", LANGS)
def test_every_technique_names_its_cells_and_never_writes_not_equal(tid: str, lang: str) -> None:
    step = _step(tid)
    text = explain(step, lang)
    assert "<>" not in text and not re.search(r"\{[a-z_]+\}", text), text
    for cell, _ in (*step.placements, *step.eliminations):
        assert cell_name(cell) in text, (cell_name(cell), text)
    if tid in CHAINS or tid in FORCING:
        for cell in step.cells:
            assert cell_name(cell) in text, (cell_name(cell), text)
    # the same text comes back from the one wire form (saves, the CLI's JSON, desktop events)
    again = Step.from_dict(json.loads(json.dumps(step.to_dict())))
    assert explain(again, lang) == text


def _groups(links: tuple) -> int:
    """Return how many connected groups the links form."""
    parent: dict = {}

    def root(x: object) -> object:
        while parent.setdefault(x, x) != x:
            x = parent[x]
        return x

    for a, b, _ in links:
        parent[root(a)] = root(b)
    return len({root(x) for x in list(parent)})


@pytest.mark.parametrize("tid", CHAINS)
@pytest.mark.parametrize("lang", LANGS)
def test_chain_texts_spell_out_each_link_as_an_if_then_sentence(tid: str, lang: str) -> None:
    step = _step(tid)
    text = explain(step, lang)
    assert step.links and len(IF[lang].findall(text)) >= _groups(step.links)
    # each link's far end is stated with the truth the link gives it: a strong link makes it true,
    # a weak one false (single-cell nodes; group nodes are named by all their cells)
    nodes = step.detail.get("nodes") or [[d, [c]] for (c, d), _, _ in step.links] + [
        [step.links[-1][1][1], [step.links[-1][1][0]]]]
    for ((_, _), _, strong), (d, cells) in zip(step.links, nodes[1:], strict=True):
        if len(cells) == 1:
            if lang == "en":
                said = f"{cell_name(cells[0])} is {'' if strong else 'not '}{d}"
            else:
                said = f"{cell_name(cells[0])} {'是' if strong else '不是'} {d}"
            assert said in text, (said, text)
        else:
            assert all(cell_name(c) in text for c in cells)


@pytest.mark.parametrize("kind", ["cell", "unit", "digit", "contradiction", "nishio"])
@pytest.mark.parametrize("lang", LANGS)
def test_forcing_chain_texts_give_every_branch_and_what_follows(kind: str, lang: str) -> None:
    step = _forcing_kind(kind)
    assert step is not None, f"no {kind} forcing chain on the sampled solve paths"
    text = explain(step, lang)
    branches = step.detail["branches"]
    assert "<>" not in text and len(IF[lang].findall(text)) >= len(branches)
    if kind in ("contradiction", "nishio"):
        assert len(branches) == 1 and ("contradiction" in text or "矛盾" in text)
        dry = branches[0]["dry"]  # what ran dry is named: the cell, or the unit and digit
        if dry[0] == "cell":
            assert cell_name(dry[1]) in text
        elif dry[0] == "unit":
            assert unit_label(dry[1], lang) in text and str(dry[2]) in text
    else:
        assert len(branches) >= 2 and ("Either way" in text or "无论" in text)
    for record in branches:
        c, d = record["assume"]
        off = record.get("off", False)  # a digit forcing chain also assumes the candidate false
        if lang == "en":
            said = f"If {cell_name(c)} is {'not ' if off else ''}{d}"
        else:
            said = f"假设 {cell_name(c)} {'不是' if off else '是'} {d}"
        assert said in text, (said, text)
        for pc, pd in record["placed"]:
            assert (f"{cell_name(pc)} is {pd}" if lang == "en" else f"{cell_name(pc)} 是 {pd}") in text


def _kills(placed: list, cell: int, digit: int) -> bool:
    """True when some placement removes candidate (cell, digit): the cell filled, or the digit in a
    peer; or the branch assumed it false (a negative digit)."""
    return any((c, -d) == (cell, digit) if d < 0
               else (c == cell and d != digit) or (d == digit and c in PEERS[cell]) for c, d in placed)


def test_forcing_chain_records_are_what_propagation_really_does() -> None:
    """Where hard puzzles' paths need forcing, follow every recorded assumption of each forcing
    technique's first steps again, the way that technique follows it."""
    checked: set[tuple[str, str]] = set()
    for cg in _forcing_states():
        for tid in FORCING:
            for step in itertools.islice(technique(tid).find(cg), 5):
                _check_forcing_records(cg, step)
                checked.add((tid, step.detail["kind"]))
    assert {("forcing_chain", "cell"), ("digit_forcing_chain", "contradiction"),
            ("digit_forcing_chain", "digit"), ("forcing_net", "cell")} <= checked


def _replay(cg: CandidateGrid, tid: str, record: dict) -> Branch:
    """Follow a recorded assumption again, the way its technique follows it."""
    c, d = record["assume"]
    if tid == "nishio":  # that digit alone
        return follow_digit(cg, c, d, *digit_places(cg, d))
    if tid == "forcing_chain":  # by single links
        return follow_chain(cg, StrongLinks.of(cg), c, d)
    return (follow_off if record.get("off") else follow)(cg.values, cg.cands, c, d)  # by singles


def _check_forcing_records(cg: CandidateGrid, step: Step) -> None:
    json.dumps(step.detail)  # detail stays JSON-able: it travels in saves and the CLI's JSON
    assert step.links and all(not strong for _, _, strong in step.links)
    linked = {p for a, b, _ in step.links for p in (a, b)}
    for record in step.detail["branches"]:
        branch = _replay(cg, step.technique, record)
        placed = [list(p) for p in branch.placed]
        assert len(record["placed"]) <= 8 and all(p in placed for p in record["placed"])
        assert all(tuple(p) in linked for p in record["placed"])  # each shown placement is drawn
        assert ("dry" in record) == bool(branch.dry)
        kinds = record.get("dry", [""])[0]
        if kinds == "cell":
            cell = record["dry"][1]  # every candidate the dry cell had is removed by the branch
            assert all(_kills(branch.placed, cell, d) for d in range(1, 10) if cg.cands[cell] >> (d - 1) & 1)
        elif kinds == "unit":
            _, unit, digit = record["dry"]
            assert all(_kills(branch.placed, c, digit) for c in UNITS[unit] if cg.cands[c] >> (digit - 1) & 1)
        elif kinds == "both":  # the candidate forced in was removed before
            _, cell, digit = record["dry"]
            assert record["placed"][-1] == [cell, digit] and _kills(branch.placed[:-1], cell, digit)
        if step.placements and step.detail["kind"] != "contradiction":
            # the last shown placement of every branch is the common result
            assert record["placed"][-1] == step.detail["target"] or record["assume"] == step.detail["target"]


def test_old_saved_steps_without_recorded_branches_still_explain_themselves() -> None:
    for tid in ("forcing_chain", "xy_chain", "aic"):
        data = _step(tid).to_dict()
        for key in ("branches", "nodes", "target"):
            data["detail"].pop(key, None)
        old = Step.from_dict(data)
        for lang in LANGS:
            text = explain(old, lang)
            assert "<>" not in text
            assert all(cell_name(c) in text for c, _ in (*old.placements, *old.eliminations))


def _parse_removal(text: str, lang: str) -> set[tuple[int, int]]:
    """Read "remove 5, 8 from r1c2, r4c4; 7 from r3c3" (or the Chinese) back into (cell, digit)s."""
    names = {cell_name(c): c for c in range(81)}
    out = set()
    if lang == "en":
        groups = [g.split(" from ") for g in text.removeprefix("remove ").split("; ")]
    else:
        groups = [g.removeprefix("从 ").split(" 删去 ")[::-1] for g in text.split("；")]
    for digits, cells in groups:
        for d in re.split("[,、] ?", digits):
            out.update((names[c], int(d)) for c in re.split("[,、] ?", cells))
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_removal_text_says_exactly_the_eliminations(lang: str) -> None:
    steps = [s for s in _instances().values() if s.eliminations]
    assert len(steps) > 20
    for step in steps:
        text = removal_label(step.eliminations, lang)
        assert _parse_removal(text, lang) == set(step.eliminations), text
        assert "<>" not in text
        assert text.count(" from " if lang == "en" else "删去") <= len(step.eliminations)


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


@pytest.mark.parametrize("tid", ["xy_chain", "aic"])
def test_hint_prints_the_plain_words_chain_and_its_json_carries_the_links(
    capsys: pytest.CaptureFixture[str], tid: str
) -> None:
    case = next(c for c in CASES if c.tid == tid and not c.fail)
    step = next(iter(technique(tid).find(parse_state(case.state, solved_are_givens=False))))
    code, out = _cli(capsys, "hint", case.state, "--technique", tid)
    assert code == 0 and out.strip() == f"{tid}: {explain(step, 'en')}"
    assert IF["en"].search(out)
    code, out = _cli(capsys, "hint", case.state, "--technique", tid, "--lang", "zh")
    assert code == 0 and out.strip() == f"{tid}: {explain(step, 'zh')}" and "如果" in out
    code, out = _cli(capsys, "hint", case.state, "--technique", tid, "--json")
    data = json.loads(out)

    def rc(pair: tuple[int, int]) -> list[int]:
        return [pair[0] // 9 + 1, pair[0] % 9 + 1, pair[1]]

    assert data["links"] == [[rc(a), rc(b), strong] for a, b, strong in step.links]
    assert len(data["links"]) >= 3 and data["explanation"] == {lg: explain(step, lg) for lg in LANGS}


def test_explain_prints_the_same_texts_as_the_steps(capsys: pytest.CaptureFixture[str]) -> None:
    from engine import rate

    for puzzle in _rated(6.6, 7.4, 30):
        steps = rate(as_grid(puzzle)).steps
        if any(s.technique in CHAINS for s in steps):
            break
    else:
        pytest.fail("no chain on the solve paths of 30 puzzles rated 6.6-7.4")
    for lang in LANGS:
        code, out = _cli(capsys, "explain", puzzle, "--lang", lang)
        lines = out.splitlines()
        assert code == 0 and len(lines) == len(steps) + 1
        for n, (line, step) in enumerate(zip(lines, steps, strict=False), start=1):
            assert line == f"{n}. {step.technique}: {explain(step, lang)}"
            if step.technique in CHAINS:
                assert IF[lang].search(line)
    code, out = _cli(capsys, "explain", puzzle, "--json")
    data = json.loads(out)
    assert [len(s["links"]) for s in data] == [len(s.links) for s in steps]
