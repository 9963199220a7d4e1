"""Replay "Why is it wrong?"'s proof with plain propagation written here (no engine code): every
placement must be a single on the board as the proof's earlier placements leave it, and the end must
be the contradiction it names."""

from __future__ import annotations

from typing import Any

ROWS = [[r * 9 + c for c in range(9)] for r in range(9)]
COLS = [[r * 9 + c for r in range(9)] for c in range(9)]
BOXES = [[(b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3 for i in range(9)] for b in range(9)]
UNITS = ROWS + COLS + BOXES  # the engine's order: rows 0-8, columns 9-17, boxes 18-26


def _peers(cell: int) -> set[int]:
    return {p for unit in UNITS if cell in unit for p in unit} - {cell}


def _candidates(board: list[int], cell: int) -> set[int]:
    if board[cell]:
        return set()
    return set(range(1, 10)) - {board[p] for p in _peers(cell)}


def replay(givens: list[int], digits: list[int], solution: list[int], why: dict[str, Any]) -> list[int]:
    """Return the board the proof leaves; AssertionError where a step is not forced or the end is no
    contradiction.  The start is the givens and the player's right digits, as the proof's is."""
    board = [g or (d if d == s else 0) for g, d, s in zip(givens, digits, solution, strict=True)]
    board[why["cell"]] = 0
    steps = why["steps"]
    first = steps[0]
    assert first["reason"] == "assumed" and (first["cell"], first["digit"]) == (why["cell"], why["digit"])
    for step in steps:
        cell, digit = step["cell"], step["digit"]
        if step["kind"] != "place":
            assert step["reason"] in ("peer", "same_cell")
            continue
        if step["reason"] == "naked_single":
            assert _candidates(board, cell) == {digit}, step
        elif step["reason"] == "hidden_single":
            places = [c for c in UNITS[step["unit"]] if digit in _candidates(board, c)]
            assert places == [cell], step
        else:
            assert step["reason"] == "assumed" and step is steps[0]
            assert digit in _candidates(board, cell) or any(board[p] == digit for p in _peers(cell))
        board[cell] = digit
    end = why["contradiction"]
    if end["kind"] == "no_digit":
        assert not board[end["cell"]] and not _candidates(board, end["cell"])
    elif end["kind"] == "no_place":
        unit, digit = UNITS[end["unit"]], end["digit"]
        assert all(board[c] != digit for c in unit)
        assert not [c for c in unit if digit in _candidates(board, c)]
    else:
        assert end["kind"] == "clash" and board[end["cell"]] == end["digit"] == why["digit"]
        assert end["cell"] in _peers(why["cell"])
    return board
