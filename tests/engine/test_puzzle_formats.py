"""The puzzle formats: LZString against the JavaScript library, f-puzzles JSON and links, SudokuPad ids,
SudokuWiki boards and plain lines, read into the model and written back."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

import pytest

import engine
from engine.errors import ParseError, UnknownConstraintError
from engine.puzzle import links
from engine.puzzle.fpuzzles import read_fpuzzles, write_fpuzzles
from engine.puzzle.lzstring import compress_to_base64, decompress_from_base64
from tests.harness.paths import DATA, FIXTURES
from tests.harness.variant_reference import satisfies

ROOT = Path(__file__).resolve().parents[2]
VECTORS = json.loads((FIXTURES / "lzstring_vectors.json").read_text(encoding="utf-8"))
TRAIN = DATA / "variants" / "train.jsonl"
RECORDS = [json.loads(line) for line in TRAIN.read_text(encoding="utf-8").splitlines() if line.strip()]
BY_ID = {r["id"]: r for r in RECORDS}
# f-puzzles links found in the wild (lisudoku's sudoku-formats README and a solver's tests)
WILD_LINKS = [
    "https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3vyGCRfALrJCwg"
    "TOlyJU0XKVKFsles1c1yrRu2S9R+Yd1nVp/Vdk7r58WK5A",
    "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn/nQaCR3PgIm9hk"
    "0UM6zR4rssX0QAawgAbLTAwBjAIZo48QiH0wdYfCABKARgDCDkKjsAmFyDUA3Q1oArqYgiCAUFlZaNmb2zh5ucU4AzImeTgnuXqnuyRk+"
    "qP5BIcmpRGqG+gAuEL4wTgD2AHZgVRiGEE1VMXggANLauhgABE7GcLREQA=",
]


def _solution(record: dict) -> list[int]:
    return [int(ch, 17) if ch != "G" else 16 for ch in record["solution"]]


# --- LZString ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("vector", VECTORS["vectors"], ids=lambda v: f"{len(v['text'])}chars")
def test_lzstring_writes_and_reads_what_the_javascript_library_does(vector):
    assert compress_to_base64(vector["text"]) == vector["base64"]
    assert decompress_from_base64(vector["base64"]) == vector["text"]


def test_lzstring_gives_null_and_empty_as_the_library_does():
    assert VECTORS["decompress"] == {"": None, "A": ""}
    assert decompress_from_base64("") is None
    assert decompress_from_base64("A") == ""


# --- f-puzzles JSON ------------------------------------------------------------------------------------

@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r["id"])
def test_every_published_puzzle_reads_and_round_trips(record):
    puzzle = read_fpuzzles(record["fpuzzles"])
    assert puzzle.size == record["size"]
    again = read_fpuzzles(json.dumps(write_fpuzzles(puzzle)))
    assert again == puzzle
    assert engine.Puzzle.from_dict(json.loads(json.dumps(puzzle.to_dict()))) == puzzle
    assert engine.parse_puzzle(json.dumps(record["fpuzzles"])) == puzzle


@pytest.mark.parametrize("record", [r for r in RECORDS if r.get("solution")], ids=lambda r: r["id"])
def test_the_published_solution_obeys_the_puzzle_as_read(record):
    # reading a constraint the wrong way round (a diagonal, an arrow's circle, a sandwich's axis) fails here
    puzzle = read_fpuzzles(record["fpuzzles"])
    solution = _solution(record)
    assert satisfies(puzzle, solution)
    assert engine.format_solution(puzzle, solution) == record["solution"]


def test_the_kinds_of_the_published_puzzles_read_into_their_records():
    kinds = {type(c) for r in RECORDS for c in read_fpuzzles(r["fpuzzles"]).constraints}
    assert kinds == {engine.Cage, engine.ExtraRegion, engine.Diagonal, engine.Rule, engine.Thermometer,
                     engine.Arrow, engine.LittleKiller, engine.Sandwich, engine.Dot, engine.XV}
    arrow = read_fpuzzles(BY_ID["iss-pill-arrow-sudoku"]["fpuzzles"]).constraints[0]
    assert arrow == engine.Arrow((1, 2), (0, 9, 18))  # the line's first cell, inside the pill, is taken off
    strict = read_fpuzzles(BY_ID["iss-strict-kropki"]["fpuzzles"])
    assert strict.rules() == {"negative_white", "negative_black"}
    jigsaw = read_fpuzzles(BY_ID["iss-16x16-jigsaw"]["fpuzzles"])
    assert jigsaw.is_jigsaw and jigsaw.size == 16


def _empty(size: int = 4) -> dict:
    return {"size": size, "grid": [[{} for _ in range(size)] for _ in range(size)]}


def test_odd_even_and_dot_values_read_and_write_back():
    data = _empty() | {"odd": [{"cell": "R1C1"}], "even": [{"cell": "R4C4"}],
                       "difference": [{"cells": ["R1C1", "R1C2"], "value": "3"}, {"cells": ["R2C1", "R2C2"]}],
                       "ratio": [{"cells": ["R3C1", "R3C2"], "value": "2"}],
                       "sandwichsum": [{"cell": "R2C0", "value": "0"}], "negative": ["xv"]}
    puzzle = read_fpuzzles(data)
    assert engine.Parity(0, False) in puzzle.constraints and engine.Parity(15, True) in puzzle.constraints
    assert engine.Dot((0, 1), "white", 3) in puzzle.constraints
    assert engine.Dot((4, 5), "white", 0) in puzzle.constraints
    assert engine.Dot((8, 9), "black", 0) in puzzle.constraints
    assert engine.Sandwich("row", 1, 0) in puzzle.constraints and puzzle.rules() == {"negative_xv"}
    assert read_fpuzzles(write_fpuzzles(puzzle)) == puzzle


def test_rules_read_only_when_true_and_a_little_killer_without_its_cells_gets_them_from_its_arrow():
    puzzle = read_fpuzzles(_empty() | {"disjointgroups": True, "antiking": False, "diagonal+": False})
    assert puzzle.constraints == (engine.Rule("disjointgroups"),)
    record = json.loads(json.dumps(BY_ID["iss-6x6-little-killer"]["fpuzzles"]))
    for entry in record["littlekillersum"]:
        del entry["cells"]
    assert read_fpuzzles(record) == read_fpuzzles(BY_ID["iss-6x6-little-killer"]["fpuzzles"])


def test_cosmetic_keys_are_left_out_and_change_nothing():
    plain = _empty() | {"killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"}]}
    dressed = plain | {"title": "T", "author": "A", "ruleset": "r", "solution": [1] * 16,
                       "text": [{"cells": ["R1C1"], "value": "hi"}], "line": [{"lines": [["R1C1", "R2C2"]]}],
                       "cage": [{"cells": ["R3C3"], "value": "9"}], "circle": [{"cells": ["R2C2"]}],
                       "rectangle": [{"cells": ["R2C2"]}], "activeConstraints": ["Killer Cage"]}
    dressed["grid"] = [[{"c": "#FFFFFF", "centerPencilMarks": [1]} for _ in range(4)] for _ in range(4)]
    assert read_fpuzzles(dressed) == read_fpuzzles(plain)
    assert read_fpuzzles(dressed).title == "T"


@pytest.mark.parametrize("key", ["palindrome", "renban", "whispers", "clone", "quadruple", "betweenline",
                                 "minimum", "maximum"])
def test_an_unknown_constraint_is_refused_naming_it(key):
    data = _empty() | {key: [{"lines": [["R1C1", "R2C2"]]}]}
    with pytest.raises(UnknownConstraintError) as caught:
        read_fpuzzles(data)
    assert caught.value.names == (key,) and repr(key) in str(caught.value)
    with pytest.raises(UnknownConstraintError):
        engine.parse_puzzle(links.FPUZZLES + compress_to_base64(json.dumps(data)))


def test_unknown_negative_rules_and_cell_keys_are_refused_naming_them():
    with pytest.raises(UnknownConstraintError, match="negative quadruple"):
        read_fpuzzles(_empty() | {"negative": ["ratio", "quadruple"]})
    data = _empty()
    data["grid"][0][0] = {"givenPencilMarks": [1, 2]}
    with pytest.raises(UnknownConstraintError, match="givenPencilMarks"):
        read_fpuzzles(data)


def test_empty_cell_entries_say_nothing():
    data = _empty()
    data["grid"][0][0] = {"givenPencilMarks": None}
    data["grid"][0][1] = {"givenPencilMarks": []}
    assert read_fpuzzles(data) == read_fpuzzles(_empty())


@pytest.mark.parametrize("data, words", [
    ({"size": 9}, "'size' and 'grid'"),
    ({"size": 5, "grid": []}, "size 5"),
    (_empty() | {"killercage": [{"cells": ["R9C1"]}]}, "off the 4x4 grid"),
    (_empty() | {"killercage": [{"cells": ["R1C1"], "value": "ten"}]}, "not a number"),
    (_empty() | {"xv": [{"cells": ["R1C1", "R1C2"], "value": "Q"}]}, "X or V"),
    (_empty() | {"difference": [{"cells": ["R1C1", "R3C3"]}]}, "not neighbours"),
    (_empty() | {"thermometer": [{"lines": "R1C1"}]}, "'thermometer'"),
])
def test_malformed_fpuzzles_json_is_a_parse_error_saying_what(data, words):
    with pytest.raises(ParseError, match=words):
        read_fpuzzles(data)


def test_a_value_without_given_is_not_a_given_and_regions_are_renumbered():
    data = _empty()
    data["grid"][0][0] = {"value": 3}
    data["grid"][0][1] = {"value": 2, "given": True}
    for r in range(4):
        for c in range(4):
            # the standard boxes, labelled backwards
            data["grid"][r][c]["region"] = 3 - ((r // 2) * 2 + c // 2)
    puzzle = read_fpuzzles(data)
    assert puzzle.givens[:2] == (0, 2)
    assert not puzzle.is_jigsaw


def test_a_greater_than_sign_cannot_be_written_as_fpuzzles():
    puzzle = engine.Puzzle.checked(4, [0] * 16, (), [engine.GreaterThan((0, 1))])
    with pytest.raises(ValueError, match="greater-than"):
        engine.fpuzzles_link(puzzle)
    assert engine.Puzzle.from_dict(puzzle.to_dict()) == puzzle


# --- links ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("record", RECORDS[:12], ids=lambda r: r["id"])
def test_links_round_trip_and_both_sites_read_as_the_same_puzzle(record):
    puzzle = read_fpuzzles(record["fpuzzles"])
    link = engine.fpuzzles_link(puzzle)
    assert link.startswith("https://f-puzzles.com/?load=")
    assert engine.parse_puzzle(link) == puzzle
    assert engine.fpuzzles_link(engine.parse_puzzle(link)) == link
    data = link.split("?load=", 1)[1]
    for pad in (f"https://sudokupad.app/fpuzzles{data}", f"https://sudokupad.app/fpuz{data}",
                f"https://sudokupad.app/sudoku/fpuzzles{data}", f"https://sudokupad.app/?puzzleid=fpuzzles{data}",
                f"https://app.crackingthecryptic.com/sudoku/fpuzzles{data}",
                f"sudokupad.app/fpuzzles{quote(data)}",
                engine.sudokupad_link(puzzle), f"fpuzzles{data}"):
        assert engine.parse_puzzle(pad) == puzzle, pad[:60]


def test_links_found_in_the_wild_read():
    first, second = (engine.parse_puzzle(link) for link in WILD_LINKS)
    assert first.givens[0] == 1 and sum(map(bool, first.givens)) == 1 and first.is_classic
    assert [c.total for c in second.constraints if isinstance(c, engine.Cage)] == [9, 33]


def test_a_link_whose_doubled_slashes_were_folded_still_reads():
    puzzle = read_fpuzzles(BY_ID["iss-ctc-tribute"]["fpuzzles"])
    data = engine.fpuzzles_link(puzzle).split("?load=", 1)[1]
    while "//" not in data:  # find a title that gives the data a doubled slash
        puzzle = engine.Puzzle.checked(puzzle.size, puzzle.givens, puzzle.regions, puzzle.constraints,
                                puzzle.title + "x")
        data = engine.fpuzzles_link(puzzle).split("?load=", 1)[1]
    assert engine.parse_puzzle("https://sudokupad.app/fpuzzles" + data.replace("//", "/")) == puzzle


def _scf_encode(line: str) -> str:
    """SudokuPad's ``codoku``: each digit with up to five following empty cells as one character."""
    out, i = [], 0
    while i < len(line):
        zeros = 0
        while zeros < 5 and i + 1 + zeros < len(line) and line[i + 1 + zeros] == "0":
            zeros += 1
        code = int(line[i]) + 10 * zeros
        out.append(chr(code + (48 if code < 10 else 55 if code < 36 else 61)))
        i += 1 + zeros
    return "".join(out)


def test_a_sudokupad_scf_id_reads_as_the_same_puzzle_as_its_fpuzzles_json():
    puzzle = read_fpuzzles(BY_ID["iss-x-windoku"]["fpuzzles"])
    line = "".join(str(d) for d in puzzle.givens)
    assert engine.parse_puzzle(f"https://sudokupad.app/scf{_scf_encode(line)}xw") == puzzle
    classic = engine.parse_puzzle(f"https://sudokupad.app/scf{_scf_encode(line)}")
    assert classic.is_classic and classic.givens == puzzle.givens
    with pytest.raises(ParseError, match="rule letter 'q'"):
        engine.parse_puzzle(f"https://sudokupad.app/scf{_scf_encode(line)}q")


def test_a_sudokuwiki_link_reads_as_the_classic_puzzle_in_both_forms():
    line = BY_ID["iss-classic-sudoku-hard"]["fpuzzles"]
    puzzle = read_fpuzzles(line)
    givens = "".join(str(d) for d in puzzle.givens)
    assert engine.parse_puzzle(engine.sudokuwiki_link(givens)) == puzzle
    solution = BY_ID["iss-classic-sudoku-hard"]["solution"]
    placed = solution[:5] + givens[5:]  # the player's digits make the 162-character form
    long_link = engine.sudokuwiki_link(givens, placed)
    assert len(long_link.split("bd=")[1]) == 162
    assert engine.parse_puzzle(long_link) == puzzle


# --- lines ---------------------------------------------------------------------------------------------

def test_lines_of_every_size_read_as_classic_puzzles():
    six = read_fpuzzles(BY_ID["iss-6x6"]["fpuzzles"])
    assert engine.parse_puzzle(engine.format_solution(six, six.givens)) == six
    x16 = read_fpuzzles(BY_ID["iss-16x16-sudoku-x-hard"]["fpuzzles"])
    line = engine.format_solution(x16, x16.givens)
    assert len(line) == 256 and "G" in line
    plain = engine.parse_puzzle(line.lower())
    assert plain.size == 16 and plain.givens == x16.givens and not plain.constraints
    assert engine.parse_puzzle("1..." * 4).size == 4
    classic = engine.parse_puzzle("." * 80 + "9")
    assert classic.is_classic and classic.givens[-1] == 9


def test_the_models_own_json_reads():
    puzzle = read_fpuzzles(BY_ID["iss-ctc-tribute"]["fpuzzles"])
    assert engine.parse_puzzle(json.dumps(puzzle.to_dict())) == puzzle


@pytest.mark.parametrize("text, words", [
    ("", "no puzzle"),
    ("123", "wrong length: 3"),
    ("1..." * 3 + "5..." , "bad character '5'"),
    ("[1, 2]", "no puzzle|wrong length|not"),
    ('{"a": 1}', "JSON that is not a puzzle"),
    ("{not json", "not JSON"),
    # links that carry no readable puzzle
    ("https://example.com/?load=abc", "not a link this program reads"),
    ("https://f-puzzles.com/?id=abc", "carries its puzzle after"),
    ("https://f-puzzles.com/?load=%21%21%21", "damaged"),
    ("https://sudokupad.app/sclN4IgzglgXgpiBcB", "own format"),
    ("https://sudokupad.app/abc123xyz", "kept on SudokuPad's server"),
    ("https://www.sudokuwiki.org/sudoku.htm?bd=123", "81 digits or 162"),
])
def test_text_or_link_that_holds_no_puzzle_is_a_parse_error_saying_why(text, words):
    with pytest.raises(ParseError, match=words):
        engine.parse_puzzle(text)


def test_format_solution_refuses_digits_of_another_size():
    puzzle = engine.parse_puzzle("1..." * 4)
    with pytest.raises(ValueError, match="16 digits"):
        engine.format_solution(puzzle, [1] * 81)
