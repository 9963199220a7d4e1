"""Why a digit is wrong (``engine.logic.why``, ``sudoku why``): every chain replayed as a proof by plain
propagation written here, independent of the engine's."""

from __future__ import annotations

import json

import numpy as np
import pytest

from engine import PEERS, UNITS, explain_why, first_mistake, generate, solve, why_wrong
from engine.cli import main


def base_candidates(values: list[int]) -> list[set[int]]:
    """The digits no peer holds, per empty cell (empty sets for filled cells)."""
    return [set() if values[c] else set(range(1, 10)) - {values[p] for p in PEERS[c]} for c in range(81)]


def replay(why, values: list[int]) -> None:
    """Assert that ``why``'s steps follow one by one from the assumption and the board ``values`` by the
    rules of singles, and that its contradiction holds: the chain is a proof."""
    base = base_candidates(values)
    con = why.contradiction
    if con["kind"] == "clash":  # a peer already holds the digit: the assumption alone is the proof
        assert len(why.steps) == 1 and values[con["cell"]] == why.digit and con["cell"] in PEERS[why.cell]
        return
    placed: dict[int, int] = {}
    gone: set[tuple[int, int]] = set()
    for i, step in enumerate(why.steps):
        c, d = step.cell, step.digit
        assert all(j < i for j in step.because)
        if step.kind == "place":
            assert not values[c] and c not in placed and d in base[c]
            if step.reason == "assumed":
                assert i == 0 and (c, d) == (why.cell, why.digit)
            elif step.reason == "naked_single":
                assert all((c, e) in gone for e in base[c] - {d})
            else:
                assert step.reason == "hidden_single" and c in UNITS[step.unit]
                assert all((x, d) in gone for x in UNITS[step.unit] if x != c and d in base[x])
            placed[c] = d
        else:
            assert step.kind == "eliminate" and d in base[c]
            if step.reason == "same_cell":
                assert placed.get(c, d) != d
            else:
                assert step.reason == "peer" and c in UNITS[step.unit]
                assert any(placed.get(p) == d and p in UNITS[step.unit] for p in PEERS[c])
            gone.add((c, d))
    if con["kind"] == "no_digit":
        c = con["cell"]
        assert not values[c] and c not in placed and all((c, e) in gone for e in base[c])
    else:
        cells, d = UNITS[con["unit"]], con["digit"]
        assert all(values[x] != d and placed.get(x) != d for x in cells)
        assert all((x, d) in gone for x in cells if d in base[x])


def immediate_contradiction(values: list[int], cell: int, digit: int) -> bool:
    """True when placing ``digit`` alone empties a cell or leaves a unit no place for a digit."""
    board = values[:]
    board[cell] = digit
    cands = base_candidates(board)
    if any(not board[c] and not cands[c] for c in range(81)):
        return True
    return any(d not in {board[x] for x in u} and not any(d in cands[x] for x in u)
               for u in UNITS for d in range(1, 10))


def board_values(givens, digits, solution, cell: int) -> list[int]:
    return [int(g) or (int(d) if d == solution[i] and i != cell else 0)
            for i, (g, d) in enumerate(zip(givens, digits, strict=True))]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_wrong_digit_gets_a_proof_or_the_solution(seed: int) -> None:
    rng = np.random.default_rng(seed)
    puzzle = generate(rng=rng)
    solution = solve(puzzle)
    # the player has filled some right digits and a few wrong ones (which are ignored)
    digits = np.where(rng.random(81) < 0.3, solution, 0)
    for c in rng.choice(81, 5):
        digits[c] = 0 if puzzle[c] else rng.integers(1, 10)
    found = 0
    for cell in np.flatnonzero(puzzle == 0):
        values = board_values(puzzle, digits, solution, int(cell))
        for digit in set(range(1, 10)) - {int(solution[cell])}:
            why = why_wrong(puzzle, digits, int(cell), digit)
            assert why.solution_digit == solution[cell]
            if not why.found:
                assert str(solution[cell]) in explain_why(why) and not why.steps
                continue
            found += 1
            replay(why, values)
            placements = sum(s.kind == "place" for s in why.steps)
            # shortest where it can be checked by hand: one placement exactly when placing it is enough
            if why.contradiction["kind"] != "clash":
                assert (placements == 1) == immediate_contradiction(values, int(cell), digit)
            name = f"r{cell // 9 + 1}c{cell % 9 + 1}"
            text = explain_why(why)
            if why.contradiction["kind"] == "clash":
                assert text.startswith(f"{name} cannot be {digit}: ")
            else:  # placements that hold without the digit first ("As ...: "), then the chain from it
                assert text.startswith((f"If {name} is {digit}, then ", "As ")), text
                assert f"f {name} is {digit}, then " in text
                assert all(f"r{s.cell // 9 + 1}c{s.cell % 9 + 1} is {s.digit}" in text
                           for s in why.steps if s.kind == "place")
    assert found > 100


def test_expert_puzzles_replay_too() -> None:
    rng = np.random.default_rng(9)
    for _ in range(2):
        puzzle = generate(rng=rng, difficulty="expert")
        solution = solve(puzzle)
        for cell in np.flatnonzero(puzzle == 0)[:20]:
            for digit in set(range(1, 10)) - {int(solution[cell])}:
                why = why_wrong(puzzle, puzzle, int(cell), digit)
                if why.found:
                    replay(why, [int(v) for v in puzzle])


HAND = ".5.4.3..8.4...652..2.............4...3.....6.6..1.2.83..8...........5..2.....76.5"


def test_hand_checked_chains() -> None:
    from engine import parse_line

    puzzle = parse_line(HAND)
    # r1c1 = 2 clashes with the 2 at r3c2 in box 1: nothing shorter exists
    why = why_wrong(puzzle, puzzle, 0, 2)
    assert why.contradiction == {"kind": "clash", "cell": 19, "digit": 2, "because": [0]}
    assert explain_why(why) == "r1c1 cannot be 2: r3c2 already holds 2"
    assert explain_why(why, "zh") == "r1c1 不能是 2：r3c2 已经是 2"
    # r1c1 = 9: singles alone never reach a contradiction; the answer names the solution's 7
    why = why_wrong(puzzle, puzzle, 0, 9)
    assert not why.found
    assert explain_why(why) == "No short chain shows why r1c1 is not 9: the solution has 7 there"


def test_first_mistake_index() -> None:
    solution = [int(v) for v in solve(generate(seed=4))]
    right = [(c, solution[c]) for c in range(5)]
    wrong_digit = solution[10] % 9 + 1
    moves = [right[0], right[1], (10, wrong_digit), right[2], (11, solution[11] % 9 + 1), (11, 0)]
    assert first_mistake(moves, solution) == 2
    assert first_mistake(moves[:2], solution) is None
    fixed = [*moves, (10, solution[10])]  # the first mistake put right: the second was erased too
    assert first_mistake(fixed, solution) is None
    assert first_mistake(fixed, solution, standing=False) == 2
    again = [*fixed, (12, solution[12] % 9 + 1)]
    assert first_mistake(again, solution) == len(fixed)
    assert first_mistake([], solution) is None


def test_bad_input_raises_value_error() -> None:
    puzzle = generate(seed=6)
    solution = solve(puzzle)
    empty = int(np.flatnonzero(puzzle == 0)[0])
    given = int(np.flatnonzero(puzzle)[0])
    with pytest.raises(ValueError, match="not wrong"):
        why_wrong(puzzle, puzzle, empty, int(solution[empty]))
    with pytest.raises(ValueError, match="given"):
        why_wrong(puzzle, puzzle, given, 1 if puzzle[given] != 1 else 2)
    with pytest.raises(ValueError, match="81 digits"):
        why_wrong(puzzle[:80], puzzle, empty, 1)
    with pytest.raises(ValueError, match="0-80"):
        why_wrong(puzzle, puzzle, 81, 1)
    with pytest.raises(ValueError, match="more than one solution"):
        why_wrong([0] * 81, [0] * 81, 0, 1)


def test_cli_words_and_json(capsys: pytest.CaptureFixture) -> None:
    from engine import parse_line

    puzzle = parse_line(HAND)
    assert main(["why", HAND, "r1c1", "1"]) == 0
    text = capsys.readouterr().out.strip()
    assert text.startswith("As r5c7 is 2 (the only place for 2 in column 7), r4c8 is 5 ")
    assert text.endswith(": if r1c1 is 1, then r2c9 is 1 (the only place for 1 in box 3), "
                         "so box 6 has no place for 1")
    assert main(["why", HAND, "R1C1", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["cell"] == [1, 1] and data["digit"] == 1 and data["found"] and data["solution_digit"] == 7
    assert data["explanation"]["en"] == text and data["explanation"]["zh"].startswith("已知 r5c7 是 2")
    # the JSON's cells are 1-based: turned back, the steps replay as a proof
    from engine.logic.why import Why, WhyStep

    steps = tuple(WhyStep(s["kind"], (s["cell"][0] - 1) * 9 + s["cell"][1] - 1, s["digit"], s["reason"],
                          s["unit"], tuple(s["because"])) for s in data["steps"])
    replay(Why(0, 1, 7, steps, data["contradiction"]), [int(v) for v in puzzle])
    assert main(["why", HAND, "r1c1", "2", "--lang", "zh"]) == 0
    assert capsys.readouterr().out.strip() == "r1c1 不能是 2：r3c2 已经是 2"


@pytest.mark.parametrize(
    ("argv", "message"),
    [(["r0c1", "1"], "bad CELL"), (["r1c1", "x"], "bad DIGIT"), (["r1c1", "7"], "not wrong"),
     (["r1c2", "1"], "given"), (["r1c1", "1", "--board", "12"], "bad input")],
)
def test_cli_bad_input(argv: list[str], message: str, capsys: pytest.CaptureFixture) -> None:
    assert main(["why", HAND, *argv]) == 2
    assert message in capsys.readouterr().err
