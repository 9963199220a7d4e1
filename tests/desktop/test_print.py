"""Print… through the real Api (issue 32): the puzzle or the set as a PDF where the save dialog says,
read back with poppler as ``sudoku print``'s PDFs are (tests/engine/test_print.py); clear errors, nothing half
written."""

from __future__ import annotations

from pathlib import Path

from desktop.bridge import RecordingBridge
from desktop.contract.api import Api
from tests.engine.test_print import PUZZLES, _grids_on, _pages, _pages_have_ink


class _SaveAs(RecordingBridge):
    """The page's stand-in plus a window whose save dialog answers ``path`` (None: cancelled)."""

    def __init__(self, path) -> None:
        super().__init__()
        self.path = path
        self.asked: list[str] = []

    def choose_file(self, kind: str):
        self.asked.append(kind)
        return None if self.path is None else str(self.path)


def _grids(pdf: Path) -> list[tuple[str, int, str]]:
    """Return (label's first word, number, the 81-character line read back) of every grid in the PDF."""
    return [(label, number, "".join(str(d) if d else "." for d in grid))
            for page in _pages(pdf) for label, number, grid in _grids_on(page)]


def test_print_the_puzzle_shown_puts_every_given_in_its_cell(tmp_path):
    pdf = tmp_path / "out" / "one.pdf"
    pdf.parent.mkdir()
    bridge = _SaveAs(pdf)
    api = Api(bridge, tmp_path, "en")
    api.import_text(PUZZLES[0])
    assert api.print_pdf("puzzle", 1, False) == {"ok": True, "saved": "one.pdf"}
    assert bridge.asked == ["pdf"]
    (label, number, grid), = _grids(pdf)
    assert (label, number) == ("No.", 1)
    assert grid == PUZZLES[0]
    assert _pages_have_ink(pdf, tmp_path) == 1


def test_print_a_set_six_to_a_page_with_solutions(tmp_path):
    pdf = tmp_path / "set.pdf"
    api = Api(_SaveAs(pdf), tmp_path, "en")
    text = "\n".join(PUZZLES[:6])
    assert api.import_set(text)["ok"]
    assert api.print_pdf("set", 6, True, "Club night", "a4")["saved"] == "set.pdf"
    grids = _grids(pdf)
    puzzles = [g for g in grids if g[0] == "No."]
    solutions = [g for g in grids if g[0] == "Solution"]
    assert [g for _, _, g in puzzles] == PUZZLES[:6]
    assert [n for _, n, _ in solutions] == [1, 2, 3, 4, 5, 6]
    for _, n, solution in solutions:  # each a full grid that keeps its puzzle's givens
        assert "." not in solution
        assert all(g == "." or g == s for g, s in zip(PUZZLES[n - 1], solution, strict=True))
    assert len(_pages(pdf)) == 2  # six puzzles, then their solutions


def test_printing_just_the_puzzle_of_a_set_prints_one(tmp_path):
    pdf = tmp_path / "p.pdf"
    api = Api(_SaveAs(pdf), tmp_path, "en")
    api.import_set("\n".join(PUZZLES[:3]))
    api.go_puzzle("next")
    api.print_pdf("puzzle", 4, False)
    assert [g for _, _, g in _grids(pdf)] == [PUZZLES[1]]


def test_a_chinese_title_prints_in_chinese(tmp_path):
    import subprocess

    pdf = tmp_path / "zh.pdf"
    api = Api(_SaveAs(pdf), tmp_path, "zh")
    api.import_text(PUZZLES[0])
    assert api.print_pdf("puzzle", 2, True, "周末数独")["ok"]
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert "周末数独" in text and "第 1 题" in text and "答案" in text


def test_cancelling_the_dialog_writes_nothing_and_an_empty_board_is_refused_before_asking(tmp_path):
    bridge = _SaveAs(None)
    api = Api(bridge, tmp_path, "en")
    assert api.print_pdf("puzzle", 1, False)["error"]["code"] == "no_puzzle"
    assert bridge.asked == []
    api.import_text(PUZZLES[0])
    assert api.print_pdf("puzzle", 1, False) == {"ok": True, "saved": None}


def test_a_puzzle_with_several_solutions_is_a_clear_error_and_no_file(tmp_path):
    pdf = tmp_path / "multi.pdf"
    api = Api(_SaveAs(pdf), tmp_path, "en")
    api.set_mode("enter")
    api.set_cell(0, 1)
    api.set_mode("play")
    error = api.print_pdf("puzzle", 1, False)["error"]
    assert error["code"] == "print" and "more than one solution" in error["message"]
    assert not pdf.exists()


def test_a_full_disk_is_a_clear_error_and_the_old_file_stays(tmp_path, small_disk):
    pdf = small_disk / "b.pdf"
    pdf.write_bytes(b"old")
    (small_disk / "filler").write_bytes(b"x" * (60 << 10))
    api = Api(_SaveAs(pdf), tmp_path, "en")
    api.import_set("\n".join(PUZZLES[:6]))
    error = api.print_pdf("set", 1, True)["error"]
    assert error["code"] == "file" and error["params"]["name"] == "b.pdf"
    assert "space" in error["params"]["reason"].lower()
    assert pdf.read_bytes() == b"old"


def test_bad_print_arguments_are_refused(api):
    for args in (("page", 1, False), ("puzzle", 3, False), ("puzzle", 1, "yes"), ("puzzle", 1, False, 5),
                 ("puzzle", 1, False, "t" * 201), ("puzzle", 1, False, "", "a3")):
        assert api.print_pdf(*args)["error"]["code"] == "bad_argument", args


def test_without_a_window_there_is_no_save_dialog(api):
    api.import_text(PUZZLES[0])
    assert api.print_pdf("puzzle", 1, False)["error"]["code"] == "no_window"
