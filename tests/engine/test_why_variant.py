"""Why a digit is wrong on a variant (engine.why_wrong_variant): on published puzzles, every proof found
is whole (the steps it keeps, applied after the assumption, reach the contradiction it names, which then
holds), a clash names a peer holding the digit, and the right digit or a given is refused."""

from __future__ import annotations

import pytest

import engine
from engine.logic.why_variant import MAX_KEPT, _constraint_notes
from tests.harness.variant_data import records

NAMES = ["iss-killer", "iss-6x6", "iss-6x6-little-killer", "iss-16x16-jigsaw"]


def _record(name: str):
    return next(r for r in records() if r.id == name)


def _replayed(puzzle, why) -> engine.VariantState:
    """The state the proof speaks of: the givens, the constraints' own notes, the assumption, its steps."""
    state = engine.VariantState.start(puzzle)
    _constraint_notes(state)
    state.place(why.cell, why.digit)
    for step in why.steps:
        state.apply(step)
    return state


def _holds(state: engine.VariantState, end: dict) -> bool:
    """True when the contradiction ``end`` shows on ``state`` (checked here, not by the engine)."""
    if end["kind"] == "no_digit":
        return not state.values[end["cell"]] and not state.cands[end["cell"]]
    if end["kind"] == "repeat":
        a, b = end["cells"]
        return state.values[a] == state.values[b] == end["digit"] and {a, b} <= set(end["house"]["cells"])
    assert end["kind"] == "constraint"
    con = state.puzzle.constraints[end["index"]]
    assert con.kind in ("cage", "littlekiller"), con  # what these puzzles hold
    masks = [state.mask(c) for c in con.cells]
    return not any(sum(pick) == con.total and (con.kind != "cage" or len(set(pick)) == len(pick))
                   for pick in _picks(masks))


def _picks(masks: list[int]):
    """Every choice of one digit from each mask."""
    if not masks:
        yield ()
        return
    for d in range(1, masks[0].bit_length() + 1):
        if masks[0] >> (d - 1) & 1:
            for rest in _picks(masks[1:]):
                yield (d, *rest)


@pytest.mark.parametrize("name", NAMES)
def test_every_proof_found_is_whole_and_says_the_solution_digit(name: str) -> None:
    record = _record(name)
    puzzle, solution = record.puzzle, record.solution
    empties = [c for c in range(puzzle.n_cells) if not puzzle.givens[c]][:8]
    found = 0
    for cell in empties:
        digit = solution[cell] % puzzle.size + 1
        why = engine.why_wrong_variant(puzzle, puzzle.givens, cell, digit, solution)
        assert (why.cell, why.digit, why.solution_digit) == (cell, digit, solution[cell])
        if not why.found:
            assert why.steps == () and why.to_dict()["contradiction"] is None
            continue
        found += 1
        assert len(why.steps) <= MAX_KEPT and all(s.technique != "guess" for s in why.steps)
        assert len(why.follows) == len(why.steps) and why.to_dict()["follows"] == list(why.follows)
        end = why.contradiction
        if end["kind"] == "clash":
            assert puzzle.givens[end["cell"]] == digit and why.steps == ()
            assert any(cell in h.cells and end["cell"] in h.cells for h in puzzle.houses())
            continue
        assert _holds(_replayed(puzzle, why), end), end
    assert found, f"no proof found on {name}"


def test_a_killer_cage_that_cannot_make_its_total_is_the_contradiction() -> None:
    record = _record("iss-killer")
    puzzle, solution = record.puzzle, record.solution
    cage = next(i for i, c in enumerate(puzzle.constraints) if c.kind == "cage" and c.total == 3)
    cell = puzzle.constraints[cage].cells[0]
    why = engine.why_wrong_variant(puzzle, puzzle.givens, cell, 3, solution)  # a 2-cell cage making 3
    assert why.found and why.contradiction["kind"] == "constraint" and why.contradiction["index"] == cage


def test_the_solution_digit_and_a_given_are_refused() -> None:
    record = _record("iss-6x6")
    puzzle, solution = record.puzzle, record.solution
    empty = next(c for c in range(36) if not puzzle.givens[c])
    given = next(c for c in range(36) if puzzle.givens[c])
    with pytest.raises(ValueError, match="not wrong"):
        engine.why_wrong_variant(puzzle, puzzle.givens, empty, solution[empty], solution)
    with pytest.raises(ValueError, match="given"):
        engine.why_wrong_variant(puzzle, puzzle.givens, given, solution[given] % 6 + 1, solution)
    with pytest.raises(ValueError):
        engine.why_wrong_variant(puzzle, puzzle.givens, 36, 1, solution)
