"""``sudoku hint``: puzzles and candidate lines in, the easiest step out (text or JSON), clear errors."""

from __future__ import annotations

import json

import pytest

from engine import Step
from engine.cli import main
from tests.engine.test_reglib import CASES  # noqa: E402  (the shared reglib loader, same folder)
from tests.harness.paths import DATA

# the CLI's JSON is a view of Step.to_dict: its keys, and both texts
CLI_KEYS = {*Step("any").to_dict(), "explanation"}

_PAIR = (DATA / "correctness" / "se_pairs_with_rating.tsv").read_text().splitlines()[1].split("\t")
PUZZLE, SOLUTION = _PAIR[1], _PAIR[2]


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["hint", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_puzzle_hint_prints_a_correct_step(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, PUZZLE, "--json")
    assert code == 0 and not err
    data = json.loads(out)
    assert set(data) == CLI_KEYS
    for row, col, digit in data["placements"]:
        assert 1 <= row <= 9 and 1 <= col <= 9
        assert int(SOLUTION[(row - 1) * 9 + col - 1]) == digit
    for row, col, digit in data["eliminations"]:
        assert int(SOLUTION[(row - 1) * 9 + col - 1]) != digit
    assert data["explanation"]["en"] and data["explanation"]["zh"]


def test_text_output_names_the_technique_in_either_language(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, PUZZLE)
    assert code == 0 and out.split(":")[0] in {"full_house", "hidden_single", "naked_single"}
    code, out, _ = _run(capsys, PUZZLE, "--lang", "zh")
    assert code == 0 and any("\u4e00" <= ch <= "\u9fff" for ch in out)


@pytest.mark.parametrize("tid", ["x_wing", "skyscraper", "unique_rectangle_4", "bug_plus_1", "w_wing"])
def test_technique_on_a_candidate_line_gives_the_expected_eliminations(
    capsys: pytest.CaptureFixture[str], tid: str
) -> None:
    case = next(c for c in CASES if c.tid == tid and not c.fail)
    code, out, _ = _run(capsys, case.state, "--technique", tid, "--json")
    assert code == 0
    data = json.loads(out)
    got = {((r - 1) * 9 + c - 1, d) for r, c, d in data["eliminations"]}
    assert data["technique"] == tid and got == set(case.eliminations)


def test_no_step_prints_null_and_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    case = next(c for c in CASES if c.fail and c.tid == "bug_plus_1")
    code, out, _ = _run(capsys, case.state, "--technique", "bug_plus_1", "--json")
    assert (code, out.strip()) == (1, "null")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([PUZZLE, "--technique", "magic"], "unknown technique 'magic'"),
        (["123"], "81 or 729 characters"),
        ([PUZZLE[:80] + "x"], "bad GRID"),
        (["55" + "0" * 79], "bad GRID"),
        (["x" * 729], "bad GRID"),
    ],
)
def test_bad_input_exits_2_with_one_clear_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = _run(capsys, *argv)
    assert code == 2 and not out
    assert message in err and "Traceback" not in err


def _lines(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


def test_all_lists_every_sound_step_as_json_lines_easiest_technique_first(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from engine.logic.techniques import technique_cost

    code, out, err = _run(capsys, PUZZLE, "--all", "--json")
    steps = _lines(out)
    assert code == 0 and not err and len(steps) > 1
    assert len({json.dumps(s, sort_keys=True) for s in steps}) == len(steps), "a step listed twice"
    costs = [technique_cost(s["technique"]) for s in steps]  # in the driver's order
    assert costs == sorted(costs)
    assert "guess" not in {s["technique"] for s in steps}
    for s in steps:
        assert s["placements"] or s["eliminations"]
        for row, col, digit in s["placements"]:
            assert int(SOLUTION[(row - 1) * 9 + col - 1]) == digit
        for row, col, digit in s["eliminations"]:
            assert int(SOLUTION[(row - 1) * 9 + col - 1]) != digit


@pytest.mark.parametrize(
    "tid", ["x_wing", "skyscraper", "xy_wing", "finned_swordfish", "als_xz", "als_chain"]
)
def test_all_with_a_technique_has_the_reglib_step_among_its_instances(
    capsys: pytest.CaptureFixture[str], tid: str
) -> None:
    for case in [c for c in CASES if c.tid == tid and not c.fail][:3]:
        code, out, _ = _run(capsys, case.state, "--all", "--technique", tid, "--json")
        steps = _lines(out)
        assert code == 0 and {s["technique"] for s in steps} == {tid}
        found = [{((r - 1) * 9 + c - 1, d) for r, c, d in s["eliminations"]} for s in steps]
        assert set(case.eliminations) in found


def test_all_text_lists_one_step_a_line_and_none_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, PUZZLE, "--all", "--technique", "hidden_single")
    lines = out.splitlines()
    assert code == 0 and len(lines) > 1 and all(line.startswith("hidden_single: ") for line in lines)
    case = next(c for c in CASES if c.fail and c.tid == "bug_plus_1")
    code, out, _ = _run(capsys, case.state, "--all", "--technique", "bug_plus_1", "--json")
    assert (code, out) == (1, "")
    code, out, _ = _run(capsys, case.state, "--all", "--technique", "bug_plus_1")
    assert (code, out.strip()) == (1, "no step found")


@pytest.mark.parametrize("extra", [[], ["--all"], ["--technique", "naked_single"]])
def test_a_solved_grid_is_said_to_be_solved_with_status_0(capsys: pytest.CaptureFixture[str], extra) -> None:
    code, out, _ = _run(capsys, SOLUTION, *extra)
    assert (code, out.strip()) == (0, "the grid is solved: no step left")
    code, out, _ = _run(capsys, SOLUTION, *extra, "--json")
    assert (code, out.strip()) == (0, "" if "--all" in extra else "null")  # JSON lines: no step, no line
    sukaku = "".join(f"{'.' * (int(d) - 1)}{d}{'.' * (9 - int(d))}" for d in SOLUTION)
    assert _run(capsys, sukaku, *extra)[:2] == (0, "the grid is solved: no step left\n")
