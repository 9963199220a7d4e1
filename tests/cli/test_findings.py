"""Issue 37's findings about the ``sudoku`` CLI: every error line is at most 200 characters whatever
the argument (long arguments and long lists of choices are shortened), and the states ``sudoku
practise`` writes have the technique asked for as their easiest hint (no uniqueness step rests on a
digit that may be a given)."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout

import pytest

from engine.cli import main

P = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
LONG = "x" * 5000
COMMANDS = ("check", "create", "daily", "explain", "hint", "practise", "print", "rate", "read", "why")


def _bad_invocations() -> list[list[str]]:
    runs = [["-c", "5", "-o", LONG], ["-c", "5", "-o", "/nonexistent/" + LONG], ["-s", LONG],
            ["-s", "/nonexistent/" + "d" * 300], ["-c", LONG], ["-c", "5", "--needs", "bogus"],
            ["-c", "5", "--needs", LONG], ["-c", "5", "--difficulty", LONG], [LONG], ["--" + LONG],
            ["practise", "bogus"], ["practise", LONG], ["hint", "--technique", "bogus", P],
            ["hint", "--technique", LONG, P], ["hint", LONG], ["hint", P[:80] + LONG],
            ["-s", "-", "--algorithm", LONG], ["-c", "5", "--seed", LONG]]
    for command in COMMANDS:
        runs += [[command, LONG], [command, "--" + LONG], [command, "-o", "/nonexistent/" + LONG, P],
                 [command, P, LONG, LONG]]
    return runs


@pytest.mark.parametrize("argv", _bad_invocations(), ids=lambda argv: " ".join(a[:20] for a in argv)[:60])
def test_every_error_line_is_at_most_200_characters(argv):
    err, out = io.StringIO(), io.StringIO()
    with redirect_stderr(err), redirect_stdout(out):
        status = main(argv)
    assert status != 0, (argv, err.getvalue()[:300])
    lines = err.getvalue().splitlines()
    assert lines, argv
    for line in lines:
        assert len(line) <= 200, (len(line), line[:120])


def test_an_unknown_technique_still_names_some_known_ones():
    err = io.StringIO()
    with redirect_stderr(err):
        assert main(["practise", "w_wng"]) == 2
    line = err.getvalue().strip()
    assert "w_wing" in line and len(line) <= 200


def _easiest(state: str, capsys: pytest.CaptureFixture) -> str:
    assert main(["hint", "--json", state]) == 0
    return json.loads(capsys.readouterr().out)["technique"]


@pytest.mark.parametrize("technique", ["w_wing", "aic"])
def test_a_practised_states_easiest_hint_is_its_technique(technique, capsys):
    assert main(["practise", technique, "-n", "3", "--seed", "1"]) == 0
    states = capsys.readouterr().out.split()
    assert len(states) == 3 and all(len(s) == 729 for s in states)
    assert [_easiest(s, capsys) for s in states] == [technique] * 3


def test_hint_reads_a_candidate_line_from_a_file(tmp_path, capsys):
    assert main(["practise", "w_wing", "-n", "1", "--seed", "2"]) == 0
    state = capsys.readouterr().out.strip()
    path = tmp_path / "state.txt"
    path.write_text(state + "\n", encoding="utf-8")
    assert main(["hint", "--json", str(path)]) == 0
    from_file = json.loads(capsys.readouterr().out)
    assert from_file["technique"] == "w_wing" and from_file == _json_hint(state, capsys)


def _json_hint(state: str, capsys) -> dict:
    assert main(["hint", "--json", state]) == 0
    return json.loads(capsys.readouterr().out)


def test_no_practice_line_s_easiest_step_is_an_avoidable_rectangle_on_digits_that_may_be_givens():
    """Every technique of the bank: its states as candidate lines (which cannot mark givens) never have
    an avoidable rectangle, a step about non-given digits, as their easiest step."""
    import numpy as np

    from engine.logic.human import next_step, parse_state
    from engine.make.practice import Transform, decode_state, load_bank

    rng = np.random.default_rng(3)
    for technique, states in sorted(load_bank().items()):
        if technique == "avoidable_rectangle":
            continue  # its steps need placed digits a line cannot tell from givens
        for text in states[:2]:
            line = Transform.random(rng).state(decode_state(text)).to_sukaku()
            step = next_step(parse_state(line), unique=True)
            assert step is not None and step.technique != "avoidable_rectangle", technique


def test_a_long_file_name_is_shortened_in_its_middle_so_the_reason_shows():
    err = io.StringIO()
    with redirect_stderr(err):
        assert main(["-c", "5", "-o", "/nonexistent/" + LONG]) != 0
    line = err.getvalue().strip()
    assert len(line) <= 200 and "…" in line and line.endswith("File name too long")
