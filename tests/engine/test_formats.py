"""Formats: parsing and writing both forms, detection, errors with exact positions, the bulk path."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import ParseError, as_grid
from engine.formats import (
    Form,
    detect_form,
    format_block,
    format_blocks_bulk,
    format_entries_bulk,
    format_grid,
    format_line,
    format_lines_bulk,
    iter_entries,
    parse_block,
    parse_chunk,
    parse_line,
    parse_lines_bulk,
    read_chunks,
    read_puzzles,
)

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

grids = st.lists(st.integers(0, 9), min_size=81, max_size=81).map(lambda v: np.array(v, dtype=np.uint8))


def _texts(grid_list, form):
    sep = "\n" if form is Form.LINE else "\n\n"  # blocks have a blank line between them
    return sep.join(format_grid(g, form) for g in grid_list) + "\n"


@settings(max_examples=60, deadline=None)
@given(grids)
def test_line_round_trip_with_dots_and_zeros(grid):
    assert (parse_line(format_line(grid)) == grid).all()
    assert (parse_line(format_line(grid, empty="0")) == grid).all()


@settings(max_examples=60, deadline=None)
@given(grids, st.booleans())
def test_block_round_trip_spaced_and_compact(grid, spaced):
    text = format_block(grid, spaced=spaced)
    assert len(text.split("\n")) == 9
    assert (parse_block(text.split("\n")) == grid).all()


@settings(max_examples=30, deadline=None)
@given(st.lists(grids, min_size=1, max_size=5), st.sampled_from(list(Form)))
def test_a_file_of_many_grids_reads_back_in_its_form(grid_list, form):
    entries = list(iter_entries(_texts(grid_list, form).split("\n")))
    assert [f for f, _ in entries] == [form] * len(grid_list)
    assert [e.number for _, e in entries] == list(range(1, len(grid_list) + 1))
    for (_, entry), grid in zip(entries, grid_list, strict=True):
        assert entry.error is None and (entry.grid == grid).all()


@settings(max_examples=30, deadline=None)
@given(st.lists(grids, min_size=1, max_size=5), st.sampled_from(list(Form)))
def test_bulk_and_one_at_a_time_agree(grid_list, form):
    data = _texts(grid_list, form).encode()
    chunks = list(read_chunks(data.split(b"\n"), size=2))
    assert [c.form for c in chunks] == [form] * len(chunks)
    assert [c.first for c in chunks] == list(range(1, len(grid_list) + 1, 2))
    parsed = [parse_chunk(c) for c in chunks]
    bulk = np.concatenate([g for g, _ in parsed])
    assert [e for _, errors in parsed for e in errors] == [None] * len(grid_list)
    assert (bulk == np.array(grid_list)).all()
    stack = np.array(grid_list)
    assert format_entries_bulk(stack, form).decode() == _texts(grid_list, form)


def test_bulk_formatting_matches_the_one_grid_formatters():
    rng = np.random.default_rng(7)
    stack = rng.integers(0, 10, size=(4, 81), dtype=np.uint8)
    assert format_lines_bulk(stack).decode() == "".join(format_line(g) + "\n" for g in stack)
    for spaced in (True, False):
        expected = "\n\n".join(format_block(g, spaced) for g in stack) + "\n"
        assert format_blocks_bulk(stack, spaced).decode() == expected


def test_comments_blank_lines_and_crlf_are_ignored():
    text = f"# a comment\r\n\r\n{PUZZLE}\r\n   \r\n# another\r\n{PUZZLE.replace('.', '0')}  \r\n"
    entries = list(iter_entries(text.split("\n")))
    assert [(e.number, e.line) for _, e in entries] == [(1, 3), (2, 6)]
    assert all((e.grid == as_grid(PUZZLE)).all() for _, e in entries)


def test_block_with_comment_inside_and_no_blank_line_between_grids():
    rows = format_block(as_grid(PUZZLE)).split("\n")
    lines = ["# header", *rows[:4], "# note", *rows[4:], *rows]  # second grid follows directly
    entries = list(iter_entries(lines))
    assert [(e.number, e.line, e.error) for _, e in entries] == [(1, 2, None), (2, 12, None)]


@pytest.mark.parametrize(
    ("line", "form"),
    [
        (PUZZLE, Form.LINE),
        ("5 3 0 0 7 0 0 0 0", Form.BLOCK),
        ("530070000", Form.BLOCK_COMPACT),
        ("530070000\r", Form.BLOCK_COMPACT),
        (b"5 3 0 0 7 0 0 0 0", Form.BLOCK),
        ("12x", Form.LINE),
    ],
)
def test_form_is_detected_from_the_first_line(line, form):
    assert detect_form(line) is form


@pytest.mark.parametrize(
    ("line", "message", "column"),
    [
        (PUZZLE[:80], "wrong length: 80 cells, expected 81", None),
        (PUZZLE + "1", "wrong length: 82 cells, expected 81", None),
        (PUZZLE[:4] + "x" + PUZZLE[5:], "bad character 'x' (expected 1-9, 0 or '.')", 5),
        (PUZZLE[:80] + "-", "bad character '-' (expected 1-9, 0 or '.')", 81),
        ("\x00" * 81, "bad character '\\x00' (expected 1-9, 0 or '.')", 1),
    ],
)
def test_line_errors_name_line_column_and_fault(line, message, column):
    with pytest.raises(ParseError) as info:
        parse_line(line, line=120)
    err = info.value
    assert (err.message, err.line, err.column) == (message, 120, column)
    where = "line 120" + (f", column {column}" if column else "")
    assert str(err) == f"{where}: {message}"


def test_mixed_errors_in_one_file_keep_exact_line_numbers_and_order():
    good = PUZZLE
    lines = ["# header", good, "", good[:10] + "z" + good[11:], good[:79], good, "\t", good + "9"]
    entries = [e for _, e in iter_entries(lines)]
    assert [e.number for e in entries] == [1, 2, 3, 4, 5]
    assert [e.line for e in entries] == [2, 4, 5, 6, 8]
    assert [e.error is None for e in entries] == [True, False, False, True, False]
    assert (entries[1].error.line, entries[1].error.column) == (4, 11)
    assert entries[2].error.message == "wrong length: 79 cells, expected 81"
    assert entries[4].text == good + "9"
    (chunk,) = read_chunks([ln.encode() + b"\n" for ln in lines])
    assert (chunk.first, chunk.lines) == (1, [e.line for e in entries])
    assert chunk.texts == [e.text.encode() for e in entries]
    _, errors = parse_chunk(chunk)
    assert [str(e) if e else None for e in errors] == [str(e.error) if e.error else None for e in entries]


def test_block_errors_name_the_row_line_and_column():
    rows = format_block(as_grid(PUZZLE)).split("\n")
    bad = rows.copy()
    bad[3] = bad[3][:6] + "x" + bad[3][7:]
    with pytest.raises(ParseError) as info:
        parse_block(bad, first_line=10)
    assert (info.value.line, info.value.column) == (13, 7)
    bad = rows.copy()
    bad[5] = bad[5][:3] + "," + bad[5][4:]
    with pytest.raises(ParseError, match="bad separator ','") as info:
        parse_block(bad, first_line=10)
    assert (info.value.line, info.value.column) == (15, 4)
    bad = rows.copy()
    bad[8] = bad[8][:-2]
    with pytest.raises(ParseError, match="8 cells in a row") as info:
        parse_block(bad, first_line=10)
    assert info.value.line == 18


def test_a_short_block_is_malformed_and_the_next_one_still_reads():
    rows = format_block(as_grid(PUZZLE), spaced=False).split("\n")
    lines = rows[:7] + [""] + rows + [""]
    entries = [e for _, e in iter_entries(lines)]
    assert [e.number for e in entries] == [1, 2]
    assert entries[0].error.message == "a grid needs 9 rows, found 7" and entries[0].error.line == 1
    assert entries[1].error is None and entries[1].line == 9
    (chunk,) = read_chunks([ln.encode() for ln in lines])
    assert chunk.form is Form.BLOCK_COMPACT and chunk.lines == [1, 9]
    _, errors = parse_chunk(chunk)
    assert str(errors[0]) == str(entries[0].error) and errors[1] is None


def test_binary_garbage_is_reported_not_raised():
    garbage = [bytes(range(256)), b"\xff\xfe" * 40 + b"\x00", b"\x80" * 81]
    (chunk,) = read_chunks(garbage)
    grids, errors = parse_chunk(chunk)
    assert all(isinstance(e, ParseError) for e in errors)
    assert not grids.any()


def test_bulk_lines_flag_bad_lines_only():
    lines = [PUZZLE.encode(), b"x" * 81, PUZZLE[:80].encode(), PUZZLE.encode() + b" \r"]
    grids, ok = parse_lines_bulk(lines)
    assert ok.tolist() == [True, False, False, True]
    assert (grids[0] == as_grid(PUZZLE)).all() and (grids[3] == grids[0]).all()
    assert not grids[1].any()


def test_chunks_number_puzzles_across_comments_and_chunk_boundaries():
    lines = [b"# head\r\n", b"\n"] + [PUZZLE.encode() + b"\r\n", b"# c\n"] * 5
    chunks = list(read_chunks(lines, size=3))
    # chunks of 3 lines: lines 1-3, 4-6, 7-9, 10-12
    assert [(c.first, c.lines) for c in chunks] == [(1, [3]), (2, [5]), (3, [7, 9]), (5, [11])]
    assert all(t == PUZZLE.encode() for c in chunks for t in c.texts)
    assert list(read_chunks([b"# nothing\n", b"  \n"])) == []
    assert list(read_chunks([])) == []


def test_read_puzzles_stops_at_the_first_malformed_puzzle():
    assert len(read_puzzles(f"{PUZZLE}\n{PUZZLE}\n")) == 2
    with pytest.raises(ParseError, match="line 2"):
        read_puzzles(f"{PUZZLE}\n{PUZZLE[:50]}\n{PUZZLE}\n")


_PM_PUZZLE = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"


def test_parse_grid_text_reads_line_block_sdk_and_simple_sudoku_alike():
    from engine import parse_grid_text

    rows = [_PM_PUZZLE[r * 9:r * 9 + 9] for r in range(9)]
    sdk = "#A someone\n" + "\n".join(r.replace("0", ".") for r in rows)
    ss = "\n".join(f"{r[:3]}|{r[3:6]}|{r[6:]}".replace("0", ".") + ("\n---+---+---" if i in (2, 5) else "")
                   for i, r in enumerate(rows))
    expected = [int(c) for c in _PM_PUZZLE]
    for text in (_PM_PUZZLE, "\n".join(rows), "\n".join(" ".join(r) for r in rows), sdk, ss):
        grid, masks = parse_grid_text(text)
        assert grid.tolist() == expected and masks is None


def test_a_pencil_mark_grid_round_trips_its_candidates():
    import numpy as np

    from engine import candidate_masks, format_pencil_marks, parse_grid_text

    grid = np.array([int(c) for c in _PM_PUZZLE], dtype=np.uint8)
    masks = [int(m) for m in candidate_masks(grid)]
    back, read = parse_grid_text(format_pencil_marks(grid, masks))
    for cell in range(81):
        if grid[cell]:
            assert back[cell] == grid[cell]
        elif bin(masks[cell]).count("1") > 1:
            assert read[cell] == masks[cell] and back[cell] == 0
        else:  # one candidate left: the format cannot tell it from a placed digit
            assert back[cell] == masks[cell].bit_length()


@pytest.mark.parametrize(("text", "line", "column"), [
    ("53..7....x", 1, 10),
    ("\n".join(["123456789"] * 4 + ["12345x789"] + ["123456789"] * 4), 5, 6),
    ("\n".join(["123456789"] * 8), 1, None),
])
def test_parse_grid_text_names_the_line_and_column_at_fault(text, line, column):
    from engine import ParseError, parse_grid_text

    with pytest.raises(ParseError) as err:
        parse_grid_text(text)
    assert (err.value.line, err.value.column) == (line, column)
