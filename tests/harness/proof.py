"""Replay "Why is it wrong?"'s proof with plain propagation written here (no engine code): every
placement must be a single on the board as the proof's earlier placements leave it, and the end must
be the contradiction it names."""

from __future__ import annotations

import re
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


_CELL = r"r(\d)c(\d)"
_UNIT = r"(row|column|box) (\d)"


def _cell(match: tuple[str, str]) -> int:
    return (int(match[0]) - 1) * 9 + int(match[1]) - 1


def _unit(kind: str, index: str) -> list[int]:
    return {"row": ROWS, "column": COLS, "box": BOXES}[kind][int(index) - 1]


def replay_words(start: list[int], text: str) -> tuple[int, int]:
    """Replay the English words of the proof as the page shows them, one step a line, from the board
    ``start`` (givens and right digits, the wrong cell empty); return the (cell, digit) assumed.
    AssertionError where a line is no single there, or the last line is no contradiction."""
    board = list(start)
    lines = text.strip().splitlines()
    title = re.fullmatch(rf"Why {_CELL} is not (\d):", lines[0])
    assert title, lines[0]
    wrong = (_cell(title.groups()[:2]), int(title.group(3)))
    assumed = None
    for line in lines[1:-1]:
        if line.startswith("Suppose"):
            found = re.fullmatch(rf"Suppose {_CELL} is (\d)\.", line)
            assert found and (_cell(found.groups()[:2]), int(found.group(3))) == wrong, line
            assumed = wrong
            board[wrong[0]] = wrong[1]
            continue
        assert assumed is not None or "already" in line, line
        found = re.fullmatch(rf"Then {_CELL} is (\d): (.*)\.", line) \
            or re.fullmatch(rf"{_CELL} is (\d) already: (.*)\.", line)
        assert found, line
        cell, digit, why = _cell(found.groups()[:2]), int(found.group(3)), found.group(4)
        if why == "the only digit left there":
            assert _candidates(board, cell) == {digit}, line
        else:
            place = re.fullmatch(rf"the only place for (\d) in {_UNIT}", why)
            assert place and int(place.group(1)) == digit, line
            unit = _unit(place.group(2), place.group(3))
            assert [c for c in unit if digit in _candidates(board, c)] == [cell], line
        board[cell] = digit
    end = lines[-1]
    no_digit = re.fullmatch(rf"So {_CELL} has no digit left: a contradiction\.", end)
    no_place = re.fullmatch(rf"So (\d) has no place left in {_UNIT}: a contradiction\.", end)
    clash = re.fullmatch(rf"But {_CELL}, its peer, already holds (\d): {_CELL} cannot be (\d)\.", end)
    if no_digit:
        cell = _cell(no_digit.groups())
        assert not board[cell] and not _candidates(board, cell), end
    elif no_place:
        digit, unit = int(no_place.group(1)), _unit(no_place.group(2), no_place.group(3))
        assert all(board[c] != digit for c in unit)
        assert not [c for c in unit if digit in _candidates(board, c)], end
    else:
        assert clash, end
        other = _cell(clash.groups()[:2])
        assert board[other] == wrong[1] and other in _peers(wrong[0])
    return wrong
