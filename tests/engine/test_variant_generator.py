"""The variant generator: every kind's puzzle has exactly one solution by the tests' own brute-force checker
(tests/harness/variant_reference.py) on 4x4 and 6x6, satisfies its own constraints, keeps its givens
symmetric, and takes only sizes its kind has."""

from __future__ import annotations

import pytest

import engine
from engine.make.variants import generate_variant
from engine.puzzle.model import Cage, Diagonal, ExtraRegion, Thermometer, standard_regions
from tests.harness.variant_reference import brute_count, satisfies


def _symmetric(puzzle: engine.Puzzle) -> bool:
    last = puzzle.n_cells - 1
    return all(bool(puzzle.givens[c]) == bool(puzzle.givens[last - c]) for c in range(puzzle.n_cells))


def _connected(cells: set[int], n: int) -> bool:
    start = min(cells)
    seen, todo = {start}, [start]
    while todo:
        r, c = divmod(todo.pop(), n)
        left, right = r * n + c - 1 if c else -1, r * n + c + 1 if c < n - 1 else -1
        near = (left, right, (r - 1) * n + c, (r + 1) * n + c)
        for o in near:
            if o in cells and o not in seen:
                seen.add(o)
                todo.append(o)
    return seen == cells


SMALL = [("classic", 4), ("classic", 6), ("killer", 4), ("killer-givens", 4), ("jigsaw", 4), ("jigsaw", 6),
         ("x", 4), ("thermo", 4)]


@pytest.mark.parametrize(("kind", "size"), SMALL)
def test_small_puzzles_are_unique_by_brute_force(kind: str, size: int) -> None:
    for seed in range(3):
        puzzle = generate_variant(kind, size, rng=seed)
        assert puzzle.size == size
        assert brute_count(puzzle, 2) == 1
        assert satisfies(puzzle, list(engine.solve(puzzle)))


@pytest.mark.parametrize("kind", ["classic", "killer", "killer-givens", "jigsaw", "x", "windoku", "thermo"])
def test_nine_by_nine_puzzles_are_unique_and_keep_their_rules(kind: str) -> None:
    puzzle = generate_variant(kind, rng=7)
    solution = list(engine.solve(puzzle))
    assert engine.count_solutions(puzzle, limit=2) == 1
    assert satisfies(puzzle, solution)  # the independent checker: houses, cage sums, thermometers, givens
    assert _symmetric(puzzle) or kind == "killer"
    if kind == "killer":
        assert not any(puzzle.givens)
        cages = puzzle.of_kind(Cage)
        assert sorted(c for cage in cages for c in cage.cells) == list(range(81))
        assert all(_connected(set(cage.cells), 9) for cage in cages)
    if kind == "jigsaw":
        assert puzzle.is_jigsaw
        assert all(_connected({i for i in range(81) if puzzle.regions[i] == k}, 9) for k in range(9))
    if kind == "x":
        assert {d.anti for d in puzzle.of_kind(Diagonal)} == {False, True}
    if kind == "windoku":
        assert len(puzzle.of_kind(ExtraRegion)) == 4
    if kind == "thermo":
        thermos = puzzle.of_kind(Thermometer)
        assert thermos and all(len(t.cells) >= 3 for t in thermos)
    if kind != "jigsaw":
        assert puzzle.regions == standard_regions(9)


def test_the_same_seed_gives_the_same_puzzle() -> None:
    assert generate_variant("x", rng=5) == generate_variant("x", rng=5)
    assert generate_variant("x", rng=5) != generate_variant("x", rng=6)


@pytest.mark.parametrize("size", [8, 12])
def test_classic_of_other_sizes(size: int) -> None:
    puzzle = generate_variant("classic", size, rng=1)
    assert engine.count_solutions(puzzle, limit=2) == 1
    assert satisfies(puzzle, list(engine.solve(puzzle)))


@pytest.mark.parametrize(("kind", "size", "level"), [("windoku", 6, None), ("killer", 16, None),
                                                      ("hexagon", None, None), ("x", 7, None),
                                                      ("x", None, "extreme")])
def test_bad_requests_are_refused(kind: str, size: int | None, level: str | None) -> None:
    with pytest.raises(ValueError):
        generate_variant(kind, size, difficulty=level)


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_a_killer_of_a_level_needs_no_guess(level: str) -> None:
    from engine.logic.variant.driver import rate_variant

    puzzle = generate_variant("killer", rng=3, difficulty=level)
    rating = rate_variant(puzzle, tuple(engine.solve(puzzle)))
    assert rating.level == level
    assert all(step.technique != "guess" for step in rating.steps)
    assert engine.count_solutions(puzzle, limit=2) == 1


def test_a_rating_under_a_ceiling_is_the_whole_rating_or_none() -> None:
    """Under a ceiling at or above its hardest step a puzzle rates as without one (the same steps); under
    one below, the path stops and the rating is None (how the generator throws away a harder puzzle)."""
    for seed in range(4):
        puzzle = generate_variant("killer", rng=seed)
        solution = tuple(engine.solve(puzzle))
        whole = engine.rate_variant(puzzle, solution)
        assert engine.rate_variant(puzzle, solution, ceiling=whole.score) == whole
        assert engine.rate_variant(puzzle, solution, ceiling=whole.score - 0.01) is None
