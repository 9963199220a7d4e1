"""Variants through the command line: ``sudoku -s`` and ``sudoku check`` on files mixing classic lines with
f-puzzles JSON, links and other sizes; ``sudoku convert``; the partition functions.

Expected answers come from the brute-force solver of tests/harness/variant_reference.py, independent of
the engine's variant solver, which the commands run.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engine
from engine.cli import main
from engine.puzzle.fpuzzles import dumps, read_fpuzzles
from engine.puzzle.lzstring import compress_to_base64
from engine.puzzle.model import XV, Cage, Diagonal, Dot, Parity, Puzzle, Thermometer
from tests.harness.paths import DATA
from tests.harness.variant_data import FAST
from tests.harness.variant_reference import brute_count, brute_solve, satisfies

TRAIN = DATA / "variants" / "train.jsonl"
RECORDS = {r["id"]: r for r in map(json.loads, TRAIN.read_text(encoding="utf-8").splitlines())}


def _made_unique(size: int, constraints: list) -> Puzzle:
    """The puzzle with ``constraints`` and the fewest givens, taken in cell order from the first grid, that
    makes it unique; its constraints in the order f-puzzles JSON gives them (the model compares in order)."""
    bare = Puzzle.checked(size, [0] * size * size, (), constraints)
    solution = brute_solve(bare)
    givens = [0] * size * size
    for cell in range(size * size + 1):
        puzzle = Puzzle.checked(size, givens, (), constraints)
        if brute_count(puzzle) == 1:
            return read_fpuzzles(dumps(puzzle))
        givens[cell] = solution[cell]
    raise AssertionError("unreachable: a full grid is unique")


GRID4 = brute_solve(Puzzle.checked(4, [0] * 16))
KILLER4 = _made_unique(4, [Cage((0, 1), GRID4[0] + GRID4[1]), Cage((2, 3, 7), GRID4[2] + GRID4[3] + GRID4[7]),
                           Cage((10, 11, 14, 15), sum(GRID4[c] for c in (10, 11, 14, 15)))])
THERMO = (12, 8, 4) if GRID4[12] < GRID4[8] < GRID4[4] else (4, 8, 12)
PAIR = XV((5, 6), 5) if GRID4[5] + GRID4[6] == 5 else Dot((5, 6), "white", abs(GRID4[5] - GRID4[6]))
MIXED4 = _made_unique(4, [Thermometer(THERMO), PAIR, Parity(15, GRID4[15] % 2 == 0), Diagonal(True)])
CLASSIC4 = _made_unique(4, [])
SIX = read_fpuzzles(RECORDS["iss-6x6"]["fpuzzles"])
UNSOLVABLE4 = Puzzle.checked(4, KILLER4.givens, (), [*KILLER4.constraints, Cage((12, 13), 2)])  # 2 = 1+1
INVALID4 = Puzzle.checked(4, [1, 1] + [0] * 14)
UNKNOWN = dumps(KILLER4)[:-1] + ',"palindrome":[{"lines":[["R1C1","R2C2"]]}]}'
CLASSIC9 = RECORDS["iss-classic-sudoku-hard"]
MULTIPLE9 = RECORDS["iss-classic-sudoku-was-slow-4"]


def _line9(record: dict) -> str:
    return engine.format_solution(read_fpuzzles(record["fpuzzles"]), read_fpuzzles(record["fpuzzles"]).givens)


def _mixed() -> list[tuple[str, Puzzle | None, str]]:
    """(line, the puzzle it holds or None, expected status) of a file mixing every form."""
    classic9 = read_fpuzzles(CLASSIC9["fpuzzles"])
    return [
        (_line9(CLASSIC9), classic9, "unique"),
        (dumps(KILLER4), KILLER4, "unique"),
        (engine.fpuzzles_link(MIXED4), MIXED4, "unique"),
        (engine.format_solution(CLASSIC4, CLASSIC4.givens), CLASSIC4, "unique"),
        (engine.sudokupad_link(SIX), SIX, "unique"),
        (json.dumps(KILLER4.to_dict()), KILLER4, "unique"),
        (UNKNOWN, None, "unsupported"),
        ("{oops", None, "malformed"),
        (dumps(UNSOLVABLE4), UNSOLVABLE4, "unsolvable"),
        (dumps(INVALID4), INVALID4, "invalid"),
        (_line9(MULTIPLE9), read_fpuzzles(MULTIPLE9["fpuzzles"]), "multiple"),
    ]


def _write(path: Path, lines: list[str]) -> Path:
    path.write_text("# a bank of puzzles\n" + "\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_the_made_puzzles_are_what_the_tests_say():
    for puzzle in (KILLER4, MIXED4, CLASSIC4, SIX):
        assert brute_count(puzzle) == 1
    assert brute_count(UNSOLVABLE4) == 0 and MIXED4.constraints and not CLASSIC4.constraints


def test_check_classifies_every_form_in_a_mixed_file_and_refuses_the_unknown_constraint(tmp_path, capsys):
    cases = _mixed()
    path = _write(tmp_path / "mixed.txt", [line for line, _, _ in cases])
    assert main(["check", str(path)]) == 2
    out = capsys.readouterr().out.splitlines()
    assert [row.split("\t")[1] for row in out] == [status for _, _, status in cases]
    assert [int(row.split("\t")[0]) for row in out] == list(range(1, len(cases) + 1))
    unknown = out[6].split("\t")[2]
    assert "'palindrome'" in unknown and "line 8" in unknown  # the file's line, after the comment
    assert "repeated 1 in row 1 (r1c1, r1c2)" in out[9]


def test_check_exits_0_when_every_puzzle_of_a_variant_file_is_unique(tmp_path, capsys):
    path = _write(tmp_path / "unique.txt", [line for line, _, status in _mixed() if status == "unique"])
    assert main(["check", str(path)]) == 0
    assert {row.split("\t")[1] for row in capsys.readouterr().out.splitlines()} == {"unique"}


def test_solve_writes_each_solution_as_one_line_of_its_size_and_the_rest_as_they_stood(tmp_path, capsys):
    cases = _mixed()
    path = _write(tmp_path / "mixed.txt", [line for line, _, _ in cases])
    out = tmp_path / "out.txt"
    assert main(["-s", str(path), "-o", str(out), "-q"]) == 2
    written = out.read_text(encoding="utf-8").splitlines()
    assert len(written) == len(cases)
    for (line, puzzle, status), got in zip(cases, written, strict=True):
        if status in ("unique", "multiple"):
            digits = [int(ch, 17) for ch in got]
            assert len(got) == puzzle.n_cells and satisfies(puzzle, digits), line[:40]
            if status == "unique":
                assert digits == brute_solve(puzzle) if puzzle.size < 9 else got == CLASSIC9["solution"]
        else:
            assert got == line
    err = capsys.readouterr().err
    assert "puzzle 7: line 8: an unknown constraint 'palindrome'" in err
    assert "puzzle 9 (line 10): no solution" in err and "puzzle 10 (line 11): repeated 1 in row 1" in err


def test_a_16x16_solution_is_written_with_letters(tmp_path):
    record = RECORDS["iss-16x16-jigsaw"]
    puzzle = read_fpuzzles(record["fpuzzles"])
    path = _write(tmp_path / "big.txt", [engine.fpuzzles_link(puzzle)])
    out = tmp_path / "out.txt"
    assert main(["-s", str(path), "-o", str(out), "-q"]) == 0
    assert out.read_text(encoding="utf-8") == record["solution"] + "\n"


def test_the_partition_functions_take_variant_lines():
    cases = [c for c in _mixed() if c[2] != "multiple"]
    lines = [line for line, _, _ in cases]
    statuses = [row.split("\t")[0] for row in engine.classify_lines(lines)]
    assert statuses == [status for _, _, status in cases]
    solved = engine.solve_lines(lines)
    for (line, puzzle, status), got in zip(cases, solved, strict=True):
        if status != "unique":
            assert got == line
        elif puzzle.size < 9:
            assert got == engine.format_solution(puzzle, brute_solve(puzzle))
        else:
            assert got == CLASSIC9["solution"]


def test_an_fpuzzles_and_a_sudokupad_link_of_one_puzzle_check_alike(tmp_path, capsys):
    path = _write(tmp_path / "links.txt", [engine.fpuzzles_link(MIXED4), engine.sudokupad_link(MIXED4),
                                           engine.sudokupad_link(MIXED4).replace("/fpuzzles", "/fpuz")])
    assert main(["check", str(path)]) == 0
    verdicts = [row.split("\t", 1)[1] for row in capsys.readouterr().out.splitlines()]
    assert verdicts == ["unique\tone solution"] * 3


def test_a_file_holding_one_json_document_is_its_puzzles(tmp_path, capsys):
    pretty = tmp_path / "one.json"
    pretty.write_text(json.dumps(json.loads(dumps(MIXED4)), indent=2), encoding="utf-8")
    listed = tmp_path / "list.json"
    listed.write_text(json.dumps([json.loads(dumps(KILLER4)), json.loads(dumps(UNSOLVABLE4))], indent=1))
    assert main(["check", str(pretty)]) == 0
    assert capsys.readouterr().out == "1\tunique\tone solution\n"
    assert main(["check", str(listed)]) == 1
    assert [row.split("\t")[1] for row in capsys.readouterr().out.splitlines()] == ["unique", "unsolvable"]
    out = tmp_path / "out.txt"
    assert main(["-s", str(pretty), "-o", str(out), "-q"]) == 0
    assert out.read_text() == engine.format_solution(MIXED4, brute_solve(MIXED4)) + "\n"


def test_a_file_starting_with_a_brace_that_is_no_json_document_is_read_line_by_line(tmp_path, capsys):
    path = _write(tmp_path / "broken.txt", ["{", dumps(KILLER4)])
    assert main(["check", str(path)]) == 1
    assert [row.split("\t")[1] for row in capsys.readouterr().out.splitlines()] == ["malformed", "unique"]


# --- convert -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("form", ["fpuzzles", "link", "sudokupad", "json"])
def test_convert_writes_a_form_that_reads_back_as_the_same_puzzle(form, capsys):
    for source in (dumps(MIXED4), engine.fpuzzles_link(KILLER4), _line9(CLASSIC9)):
        assert main(["convert", source, "--to", form]) == 0
        written = capsys.readouterr().out
        assert written.endswith("\n") and written.count("\n") == 1
        assert engine.parse_puzzle(written) == engine.parse_puzzle(source)


def test_convert_to_a_line_takes_a_classic_puzzle_and_refuses_constraints(capsys):
    assert main(["convert", dumps(CLASSIC4), "--to", "line"]) == 0
    assert capsys.readouterr().out == engine.format_solution(CLASSIC4, CLASSIC4.givens) + "\n"
    assert main(["convert", dumps(KILLER4), "--to", "line"]) == 1
    assert "a line holds only givens" in capsys.readouterr().err


def test_convert_refuses_an_unknown_constraint_naming_it_with_status_2(capsys):
    assert main(["convert", UNKNOWN, "--to", "json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "'palindrome'" in captured.err and "Traceback" not in captured.err
    link = "https://f-puzzles.com/?load=" + compress_to_base64(UNKNOWN)
    assert main(["convert", link, "--to", "fpuzzles"]) == 2
    assert "'palindrome'" in capsys.readouterr().err


def test_convert_a_file_one_puzzle_a_line_keeps_going_past_a_bad_one(tmp_path, capsys):
    path = _write(tmp_path / "bank.txt", [dumps(KILLER4), UNKNOWN, engine.fpuzzles_link(MIXED4)])
    assert main(["convert", str(path), "--to", "json"]) == 2
    captured = capsys.readouterr()
    assert [Puzzle.from_dict(json.loads(line)) for line in captured.out.splitlines()] == [KILLER4, MIXED4]
    assert "puzzle 2 (line 3): an unknown constraint 'palindrome'" in captured.err


def test_convert_reads_a_file_holding_one_json_object_over_several_lines(tmp_path, capsys):
    path = tmp_path / "one.json"
    path.write_text(json.dumps(json.loads(dumps(MIXED4)), indent=2), encoding="utf-8")
    assert main(["convert", str(path), "--to", "link"]) == 0
    assert engine.parse_puzzle(capsys.readouterr().out) == MIXED4


@pytest.mark.parametrize("argv, words", [
    (["convert", "missing/bank.txt", "--to", "json"], "no such file"),
    (["convert", "12345", "--to", "json"], "wrong length: 5"),
    (["convert", "{}", "--to", "json"], "JSON that is not a puzzle"),
    (["convert", dumps(KILLER4), "--to", "pdf"], "invalid choice"),
])
def test_convert_says_what_is_wrong_with_status_2(argv, words, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


# --- the published puzzles, with the engine's own variant solver ------------------------------------------

def test_the_quick_published_puzzles_check_and_solve_as_published(tmp_path, capsys):
    records = [r for r in RECORDS.values() if r["count"] in (1, 2) and r["id"] in FAST]
    path = _write(tmp_path / "published.txt", [json.dumps(r["fpuzzles"]) for r in records])
    main(["check", str(path)])
    statuses = [row.split("\t")[1] for row in capsys.readouterr().out.splitlines()]
    assert statuses == [{1: "unique", 2: "multiple"}[r["count"]] for r in records]
    out = tmp_path / "out.txt"
    main(["-s", str(path), "-o", str(out), "-q"])
    for record, got in zip(records, out.read_text(encoding="utf-8").splitlines(), strict=True):
        puzzle = read_fpuzzles(record["fpuzzles"])
        assert satisfies(puzzle, [int(ch, 17) for ch in got])
        if record["count"] == 1 and record["solution"]:
            assert got == record["solution"], record["id"]
