"""The trace of every algorithm: replaying its events must reach the solution through valid states only."""

from __future__ import annotations

import csv
import inspect
import itertools
import json
import random
from functools import cache

import numpy as np
import pytest

from engine import (
    ALGORITHMS,
    PEERS,
    Event,
    as_grid,
    conflicts,
    explain,
    is_solution,
    solve,
    solve_path,
    trace,
)
from tests.harness.paths import DATA

SEARCHES = ("naive", "smart")


@cache
def _rows(name: str) -> tuple[dict[str, str], ...]:
    with open(DATA / "correctness" / name, newline="", encoding="ascii") as handle:
        return tuple(csv.DictReader(handle, delimiter="\t"))


def _sudopedia(name: str) -> str:
    return next(r["puzzle"] for r in _rows("sudopedia_test_cases.tsv") if r["name"] == name)


def _bench(name: str, count: int, seed: int = 1) -> list[str]:
    lines = (DATA / "bench" / name).read_text(encoding="ascii").split()
    return random.Random(seed).sample(lines, count)


def replay(
    puzzle: str, events: list[Event] | None = None, algorithm: str = "naive"
) -> tuple[list[int], Event]:
    """Replay a trace like a display would, checking every event; return the board and the last event.

    At every try and placement the board must stay free of repeated digits (each placement lands on
    an empty cell that no peer holds the digit in); an undo must find its digits where the try and
    the placements since it put them.
    """
    givens = [int(v) for v in as_grid(puzzle)]
    board = givens[:]
    tries: list[tuple[Event, set[tuple[int, int]]]] = []  # the tries on the stack and what they placed
    steps = backtracks = 0
    stream = trace(puzzle, algorithm) if events is None else events
    last = None

    def put(cell: int, digit: int) -> None:
        assert board[cell] == 0 and 1 <= digit <= 9
        assert all(board[p] != digit for p in PEERS[cell])  # so no unit repeats a digit
        board[cell] = digit
        if tries:
            tries[-1][1].add((cell, digit))

    for event in stream:
        assert last is None or last.kind not in ("solved", "failed"), "events after the last one"
        assert event.steps == steps + (event.kind in ("try", "logic", "guess"))  # tries, or human steps
        assert event.backtracks == backtracks + (event.kind == "backtrack")
        steps, backtracks = event.steps, event.backtracks
        if event.kind == "try":
            assert event.depth == len(tries)
            tries.append((event, set()))
            for cell, digit in ((event.cell, event.digit), *event.forced):
                put(cell, digit)
        elif event.kind == "place":
            assert event.depth == len(tries) and not event.forced
            put(event.cell, event.digit)
        elif event.kind == "undo":
            top, placed = tries.pop()
            assert (event.cell, event.digit, event.depth) == (top.cell, top.digit, top.depth)
            assert set(event.forced) == placed - {(top.cell, top.digit)}
            for cell, digit in ((event.cell, event.digit), *event.forced):
                assert board[cell] == digit and givens[cell] == 0
                board[cell] = 0
        elif event.kind in ("logic", "guess"):
            assert event.step is not None and event.forced == event.step.placements
            for cell, digit in event.forced:
                put(cell, digit)
        elif event.kind == "backtrack":
            assert event.depth == len(tries) and event.digit == 0
            assert board[event.cell] == 0
        else:
            assert event.kind in ("solved", "failed") and event.cell == -1
            for cell, digit in event.forced:
                assert board[cell] == 0
                board[cell] = digit
        last = event
    assert last is not None and last.kind in ("solved", "failed")
    return board, last


NAIVE_OK = [_sudopedia(n) for n in ("Naked Singles", "Hidden Singles", "Last Empty Square")]


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_replaying_the_trace_reaches_the_solution(algorithm: str) -> None:
    kaggle = (DATA / "correctness" / "kaggle_bryanpark_first1000.csv").read_text(encoding="ascii").split()
    puzzles = NAIVE_OK + [line.split(",")[0] for line in kaggle[1:7]]
    if algorithm == "smart":  # hard for backtracking, quick with propagation
        puzzles += _bench("17_clue.txt", 8) + _bench("forum_hardest_1905_11plus.txt", 4)
    for puzzle in puzzles:
        board, last = replay(puzzle, algorithm=algorithm)
        assert last.kind == "solved"
        assert is_solution(board, as_grid(puzzle))
        assert np.array_equal(np.array(board, dtype=np.uint8), solve(puzzle))


def test_smart_guesses_and_backtracks_on_hard_puzzles() -> None:
    events = list(trace(_bench("forum_hardest_1905_11plus.txt", 1, seed=5)[0], "smart"))
    kinds = {e.kind for e in events}
    assert {"try", "place", "undo", "backtrack", "solved"} <= kinds
    assert not any(e.forced for e in events if e.kind == "try")  # each placement is its own event
    assert any(e.forced for e in events if e.kind == "undo")
    assert max(e.depth for e in events) >= 2


@pytest.mark.parametrize("puzzle", _bench("17_clue.txt", 5, seed=17))
def test_smart_search_on_a_17_clue_puzzle_shows_each_placement(puzzle: str) -> None:
    events = list(trace(puzzle, "smart"))
    places = [e for e in events if e.kind == "place"]
    assert len(events) > 20 and len(places) >= 64 - sum(e.kind == "try" for e in events)
    assert replay(puzzle, events)[1].kind == "solved"


def test_human_logic_yields_the_solve_path_as_events() -> None:
    puzzle = _bench("forum_hardest_1905_11plus.txt", 1, seed=3)[0]
    events = list(trace(puzzle, "human"))
    path = solve_path(puzzle)
    assert [e.step for e in events[:-1]] == path and events[-1].kind == "solved"
    assert [e.steps for e in events] == list(range(1, len(path) + 1)) + [len(path)]
    assert all(e.kind == ("guess" if e.step.technique == "guess" else "logic") for e in events[:-1])
    board, _ = replay(puzzle, events)
    assert np.array_equal(np.array(board, dtype=np.uint8), solve(puzzle))
    first = events[0]
    assert explain(first.step) and Event.from_dict(json.loads(json.dumps(first.to_dict()))) == first


def test_the_algorithms_are_listed_with_their_names_in_both_languages() -> None:
    assert list(ALGORITHMS) == ["naive", "smart", "human"]
    for algorithm_id, algorithm in ALGORITHMS.items():
        assert algorithm.id == algorithm_id and algorithm.name_en and algorithm.name_zh
        assert algorithm.name_en != algorithm.name_zh


def test_counters_never_go_down() -> None:
    events = list(itertools.islice(trace(_sudopedia("Hidden Singles")), 5000))
    for a, b in itertools.pairwise(events):
        assert b.steps >= a.steps and b.backtracks >= a.backtracks


def test_smart_solves_a_singles_puzzle_without_a_try() -> None:
    puzzle = _sudopedia("Naked Singles")
    events = list(trace(puzzle, "smart"))
    assert [e.kind for e in events] == ["place"] * puzzle.count(".") + ["solved"]
    assert {e.depth for e in events} == {0}
    assert np.array_equal(np.array(replay(puzzle, events)[0], dtype=np.uint8), solve(puzzle))


@pytest.mark.parametrize("algorithm", ALGORITHMS)
@pytest.mark.parametrize("name", ["Unsolvable Square", "Unsolvable Box"])
def test_unsolvable_puzzles_end_in_failed(name: str, algorithm: str) -> None:
    puzzle = _sudopedia(name)
    board, last = replay(puzzle, algorithm=algorithm)
    assert last.kind == "failed"
    if algorithm == "naive":
        assert board == [int(v) for v in as_grid(puzzle)]  # everything tried was undone


def test_smart_fails_every_unsolvable_sample() -> None:
    for row in random.Random(4).sample(_rows("derived_nosolution_noduplicate.tsv"), 40):
        assert replay(row["modified_puzzle"], algorithm="smart")[1].kind == "failed"


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_repeated_givens_fail_at_once(algorithm: str) -> None:
    for row in _rows("derived_duplicate_given.tsv")[:20]:
        assert conflicts(as_grid(row["modified_puzzle"]))
        events = list(trace(row["modified_puzzle"], algorithm))
        assert [e.kind for e in events] == ["failed"]
        assert events[0].steps == 0


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_a_complete_grid_is_solved_at_once(algorithm: str) -> None:
    events = list(trace(_sudopedia("Completed Puzzle"), algorithm))
    assert [(e.kind, e.steps, e.forced) for e in events] == [("solved", 0, ())]


@pytest.mark.timeout(60)
def test_traces_are_lazy() -> None:
    # naive backtracking on a 17-clue puzzle runs to millions of events: only a generator can start
    hard = _bench("17_clue.txt", 1, seed=11)[0]
    stream = trace(hard)
    assert inspect.isgenerator(stream)
    first = list(itertools.islice(stream, 10))
    assert [e.kind for e in first] == ["try"] * 10
    assert [e.depth for e in first] == list(range(10))


def test_an_unknown_algorithm_is_a_value_error_at_once() -> None:
    with pytest.raises(ValueError, match="unknown algorithm"):
        trace("." * 81, "dancing-links")
    with pytest.raises(ValueError):
        trace("123", "naive")


def test_events_serialise_to_json() -> None:
    puzzle = _bench("forum_hardest_1905_11plus.txt", 1, seed=8)[0]
    for event in itertools.islice(trace(puzzle, "smart"), 50):
        assert Event.from_dict(json.loads(json.dumps(event.to_dict()))) == event


def test_importing_the_module_leaves_the_exported_function_in_place() -> None:
    import engine
    import engine.solve.search  # noqa: F401
    import engine.solve.tracing  # noqa: F401

    assert callable(engine.trace) and engine.trace is trace
