"""``sudoku check``: one tab-separated verdict per puzzle, on files built from the known-answer data."""

from __future__ import annotations

import csv
import io
import itertools
import sys

import pytest

from engine import Form, as_grid, format_grid
from engine.cli import check_cmd, main
from tests.harness.paths import DATA

CORRECTNESS = DATA / "correctness"


def _rows(name: str, count: int | None = None) -> list[dict[str, str]]:
    with open(CORRECTNESS / name, newline="") as f:
        return list(itertools.islice(csv.DictReader(f, delimiter="\t"), count))


def _sudopedia() -> dict[str, list[str]]:
    kinds = {
        "unique": "unique",
        "multiple": "multiple",
        "invalid_duplicate": "invalid",
        "no_solution": "unsolvable",
    }
    found: dict[str, list[str]] = {}
    for row in _rows("sudopedia_test_cases.tsv"):
        found.setdefault(kinds[row["expected_kind"]], []).append(row["puzzle"])
    return found


def _mixed() -> list[tuple[str, str]]:
    """(puzzle text, expected status) from every correctness file, interleaved with malformed lines."""
    cases = [(p, status) for status, puzzles in _sudopedia().items() for p in puzzles]
    cases += [(r["puzzle"], "unique") for r in _rows("DERIVED_unique_solutions.tsv", 3)]
    cases += [(r["modified_puzzle"], "unsolvable") for r in _rows("derived_nosolution_noduplicate.tsv", 3)]
    cases += [(r["modified_puzzle"], "invalid") for r in _rows("derived_duplicate_given.tsv", 3)]
    cases += [(r["puzzle16"], "multiple") for r in _rows("derived_multi_16clue.tsv", 3)]
    cases += [(r["puzzle77"], "multiple") for r in _rows("derived_exactly2_deadly_rectangle.tsv", 3)]
    cases.insert(5, ("12345", "malformed"))
    cases.insert(9, (cases[0][0][:30] + "?" + cases[0][0][31:], "malformed"))
    return cases


def _verdicts(out: str) -> list[list[str]]:
    lines = out.split("\n")
    assert lines[-1] == ""
    return [line.split("\t") for line in lines[:-1]]


def test_every_status_on_a_mixed_line_file(tmp_path, capsys):
    cases = _mixed()
    path = tmp_path / "mixed.txt"
    path.write_text("# known answers\n" + "\n".join(p for p, _ in cases) + "\n")
    assert main(["check", str(path)]) == 1
    verdicts = _verdicts(capsys.readouterr().out)
    assert [v[0] for v in verdicts] == [str(k) for k in range(1, len(cases) + 1)]
    assert [v[1] for v in verdicts] == [status for _, status in cases]
    assert all(len(v) == 3 and v[2] for v in verdicts)
    by_status = {v[1]: v[2] for v in verdicts}
    assert by_status["multiple"] == "2 or more solutions"
    assert by_status["unsolvable"] == "no solution"
    assert verdicts[5][2] == "line 7: wrong length: 5 cells, expected 81"
    assert verdicts[9][2] == "line 11, column 31: bad character '?' (expected 1-9, 0 or '.')"


def test_invalid_puzzles_name_the_repeated_digit_and_its_cells(tmp_path, capsys):
    grid = as_grid("." * 81)
    grid[40] = grid[44] = 7  # r5c5 and r5c9: row 5 only
    path = tmp_path / "p.txt"
    path.write_text("".join(str(d) for d in grid) + "\n")
    assert main(["check", str(path)]) == 1
    assert capsys.readouterr().out == "1\tinvalid\trepeated 7 in row 5 (r5c5, r5c9)\n"


def test_all_unique_block_file_exits_0(tmp_path, capsys):
    puzzles = [r["puzzle"] for r in _rows("DERIVED_unique_solutions.tsv", 5)]
    path = tmp_path / "blocks.txt"
    path.write_text("\n\n".join(format_grid(as_grid(p), Form.BLOCK) for p in puzzles) + "\n")
    assert main(["check", str(path)]) == 0
    assert [v[:2] for v in _verdicts(capsys.readouterr().out)] == [[str(k), "unique"] for k in range(1, 6)]


@pytest.mark.parametrize(("content", "message"), [(b"", "empty"), (b"\n# nothing\n", "no puzzle found")])
def test_a_file_without_puzzles_is_a_usage_error(tmp_path, capsys, content, message):
    path = tmp_path / "p.txt"
    path.write_bytes(content)
    assert main(["check", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and message in captured.err


def test_missing_file_directory_and_missing_argument_are_usage_errors(tmp_path, capsys):
    assert main(["check", str(tmp_path / "missing.txt")]) == 2
    assert "no such file" in capsys.readouterr().err
    assert main(["check", str(tmp_path)]) == 2
    assert "is a directory" in capsys.readouterr().err
    assert main(["check"]) == 2
    assert "FILE" in capsys.readouterr().err


def test_binary_garbage_is_malformed_not_a_crash(tmp_path, capsys):
    path = tmp_path / "g.bin"
    path.write_bytes(b"\x00\xff\xfe garbage \x80\n" + bytes(range(10, 256)) + b"\n")
    assert main(["check", str(path)]) == 1
    verdicts = _verdicts(capsys.readouterr().out)
    assert [v[1] for v in verdicts] == ["malformed", "malformed"]
    assert verdicts[0][2].startswith("line 1, column 1: bad character")


def test_standard_input_across_chunks_numbers_every_puzzle(monkeypatch, capsys):
    monkeypatch.setattr(check_cmd, "CHUNK", 4)
    cases = _mixed()
    data = ("\n".join(p for p, _ in cases) + "\n").encode()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    assert main(["check", "-"]) == 1
    verdicts = _verdicts(capsys.readouterr().out)
    assert [(v[0], v[1]) for v in verdicts] == [(str(k), s) for k, (_, s) in enumerate(cases, start=1)]
