"""SudokuWiki solver links, checked against the format documented on the site's
"Sudoku String Definitions" page and against links the site itself publishes."""

from __future__ import annotations

import pytest

from engine import as_grid, candidate_masks
from engine.output.share import SUDOKUWIKI_SOLVER, sudokuwiki_board, sudokuwiki_link

# The site's X-Wing page links its first example "from the start" with exactly this address.
XWING_START = "100000569402000008050009040000640801000010000208035000040500010900000402621000005"
XWING_LINK = "https://www.sudokuwiki.org/sudoku.htm?bd=" + XWING_START

def _decode(board: str) -> list[tuple[bool, int]]:
    """Read a 162-character board as the page documents it: (clue?, digit bits) per cell."""
    assert len(board) == 162
    cells = []
    for i in range(0, 162, 2):
        n = int(board[i : i + 2], 32)
        cells.append((bool(n & 1), n >> 1))
    return cells


def test_a_known_puzzle_links_to_its_81_digits() -> None:
    assert sudokuwiki_link(XWING_START) == XWING_LINK
    assert sudokuwiki_link(XWING_START.replace("0", ".")) == XWING_LINK
    assert sudokuwiki_link(as_grid(XWING_START)) == XWING_LINK


def test_the_player_digits_travel_as_solved_cells_in_the_162_character_form() -> None:
    digits = "0" * 1 + "3" + "0" * 79  # r1c2 = 3, a digit the player placed
    board = sudokuwiki_board(XWING_START, digits)
    cells = _decode(board)
    assert board[:4] == "0308"  # clue 1: (1 << 1) + 1 = 3; placed 3: (4 << 1) + 0 = 8
    givens = as_grid(XWING_START)
    filled = givens.copy()
    filled[1] = 3
    masks = candidate_masks(filled)
    for cell, (clue, bits) in enumerate(cells):
        assert clue == bool(givens[cell])
        expected = 1 << (int(filled[cell]) - 1) if filled[cell] else int(masks[cell])
        assert bits == expected, cell
    assert sudokuwiki_link(XWING_START, digits) == SUDOKUWIKI_SOLVER + board


def test_digits_on_the_givens_cells_are_ignored() -> None:
    assert sudokuwiki_board(XWING_START, XWING_START) == XWING_START


def test_cells_are_coded_as_the_page_documents() -> None:
    """The page's rule on hand-worked cells: clue 1 is (1 << 1) + 1 = "03", clue 9 is (256 << 1) + 1 =
    513 = "g1", a solved 9 is "g0", an unsolved cell with every candidate is (511 << 1) = "vu", and
    {3, 7} is (68 << 1) = 136 = "48" (the second cell of the page's example)."""
    givens = "19" + "0" * 79
    digits = "00" + "9" + "0" * 78
    notes = [0] * 81
    notes[3], notes[4] = 0b111111111, 0b001000100
    board = sudokuwiki_board(givens, digits, notes)
    assert board[:10] == "03g1g0vu48"


def test_notes_replace_the_computed_candidates() -> None:
    notes = [0] * 81
    notes[1] = 0b11  # the player kept 1 and 2 in r1c2
    cells = _decode(sudokuwiki_board(XWING_START, notes=notes))
    assert cells[1] == (False, 0b11)
    assert cells[2] == (False, int(candidate_masks(as_grid(XWING_START))[2]))


@pytest.mark.parametrize("bad", ["123", "x" * 81])
def test_a_grid_that_is_not_81_digits_is_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        sudokuwiki_link(bad)


def test_notes_out_of_range_are_refused() -> None:
    with pytest.raises(ValueError, match="notes"):
        sudokuwiki_board(XWING_START, notes=[512] * 81)


def test_a_link_reads_back_as_its_givens() -> None:
    from engine import read_sudokuwiki_link

    givens, notes = read_sudokuwiki_link(XWING_LINK)
    assert givens == [int(ch) for ch in XWING_START] and notes is None
    # the site's other spellings: no www, http, other parameters beside bd
    bare = "http://sudokuwiki.org/sudoku.htm?x=1&bd=" + XWING_START.replace("0", ".")
    assert read_sudokuwiki_link(bare) == (givens, None)


def test_the_162_character_form_reads_back_as_clues_and_candidates() -> None:
    from engine import read_sudokuwiki_link

    digits = "0" + "3" + "0" * 79  # the player's 3 in r1c2: a note of 3 alone, not a given
    notes = [0] * 81
    notes[2] = 0b000010010  # the player's notes 2 and 5 in r1c3
    givens, read_notes = read_sudokuwiki_link(sudokuwiki_link(XWING_START, digits, notes))
    assert givens == [int(ch) for ch in XWING_START]
    assert read_notes is not None and read_notes[1] == 1 << 2 and read_notes[2] == notes[2]
    masks = candidate_masks(as_grid(XWING_START[:1] + "3" + XWING_START[2:]))
    assert read_notes[3] == int(masks[3])  # a cell without notes: the candidates no peer excludes


@pytest.mark.parametrize("link", [
    "https://example.org/sudoku.htm?bd=" + XWING_START,  # another site
    "https://www.sudokuwiki.org/sudoku.htm",  # no board
    "https://www.sudokuwiki.org/sudoku.htm?bd=12345",  # too short
    "https://www.sudokuwiki.org/sudoku.htm?bd=" + "w" * 162,  # not base 32
    "https://www.sudokuwiki.org/sudoku.htm?bd=" + "07" * 81,  # a clue of two digits (bits 1 and 2)
])
def test_a_link_that_is_not_a_board_says_why(link: str) -> None:
    from engine import read_sudokuwiki_link

    with pytest.raises(ValueError, match=r"\S"):
        read_sudokuwiki_link(link)
