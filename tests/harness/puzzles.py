"""Puzzles for the UI tests, read from ``../shared/data`` (never copied into the repo)."""

from __future__ import annotations

import csv

from tests.harness.paths import DATA


def _tsv(name: str) -> list[dict[str, str]]:
    with open(DATA / "correctness" / name, encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


def seventeen_clue(index: int = 0) -> str:
    """Return the index-th puzzle of the 17-clue collection (every one has exactly one solution)."""
    with open(DATA / "bench" / "17_clue.txt", encoding="ascii") as handle:
        lines = [ln.strip() for ln in handle if ln.strip() and not ln.startswith("#")]
    return lines[index]


def easy_with_solution(index: int = 0) -> tuple[str, str]:
    """Return ``(puzzle, solution)`` from the Kaggle set (easy: singles solve it; unique)."""
    with open(DATA / "correctness" / "kaggle_bryanpark_first1000.csv", encoding="ascii") as handle:
        rows = [ln.strip().split(",") for ln in handle if ln.strip() and ln[0].isdigit()]
    puzzle, solution = rows[index]
    return puzzle, solution


def repeated_given(index: int = 0) -> dict[str, str]:
    """Return a row of derived_duplicate_given.tsv (a puzzle with one repeated given)."""
    return _tsv("derived_duplicate_given.tsv")[index]


def no_solution(index: int = 0) -> dict[str, str]:
    """Return a row of derived_nosolution_noduplicate.tsv (no solution, yet no repeated given)."""
    return _tsv("derived_nosolution_noduplicate.tsv")[index]


def exactly_two(index: int = 0) -> dict[str, str]:
    """Return a row of derived_exactly2_deadly_rectangle.tsv (exactly two solutions)."""
    return _tsv("derived_exactly2_deadly_rectangle.tsv")[index]


def grid_of(line: str) -> list[int]:
    """Return the 81 digits of a puzzle line (``0`` or ``.`` empty)."""
    assert len(line) == 81, line
    return [0 if ch in ".0" else int(ch) for ch in line]
