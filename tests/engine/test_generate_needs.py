"""Generation by technique: ``generate(needs=..., hardest=...)`` and ``sudoku generate --needs``."""

from __future__ import annotations

import pytest

from engine import GenerationError, count_solutions, generate, parse_line, rate
from engine.cli import main
from engine.logic.techniques import step_cost as step_score
from engine.logic.techniques import technique_cost

# the suite runs the kernels through numba's JIT: compiling them takes more than the 30 s default
LIMIT = 600.0


def assert_path_meets(puzzle, needs: str, hardest: str) -> None:
    """The rating's path (what ``sudoku explain`` shows) uses ``needs``, and no step costs more than
    a ``hardest`` step does, but for steps of ``hardest`` itself."""
    assert count_solutions(puzzle, 2) == 1
    steps = rate(puzzle).steps
    assert needs in {s.technique for s in steps}
    ceiling = technique_cost(hardest)
    too_hard = [s.technique for s in steps if s.technique != hardest and step_score(s) > ceiling]
    assert not too_hard


@pytest.mark.parametrize(
    ("needs", "hardest", "seed"),
    [("x_wing", "xy_wing", 3), ("pointing", None, 4), ("naked_pair", None, 5), ("skyscraper", "xyz_wing", 6)],
)
def test_generated_paths_use_needs_and_nothing_harder(needs: str, hardest: str | None, seed: int) -> None:
    for _ in range(2):
        puzzle = generate(seed=seed, needs=needs, hardest=hardest, time_limit=LIMIT)
        assert_path_meets(puzzle, needs, hardest or needs)
        seed += 100


def test_same_seed_same_puzzle() -> None:
    a = generate(seed=11, needs="x_wing", time_limit=LIMIT)
    assert (a == generate(seed=11, needs="x_wing", time_limit=LIMIT)).all()


def test_hardest_defaults_to_needs_and_excludes_harder_steps() -> None:
    puzzle = generate(seed=8, needs="naked_pair", time_limit=LIMIT)
    assert max(step_score(s) for s in rate(puzzle).steps) <= technique_cost("naked_pair")


@pytest.mark.parametrize(
    ("needs", "hardest", "message"),
    [("nope", None, "unknown technique"), ("xy_wing", "x_wing", "easier than"), ("guess", None, "guess"),
     ("x_wing", "nope", "unknown technique")],
)
def test_bad_targets_raise_value_error(needs: str, hardest: str | None, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        generate(seed=1, needs=needs, hardest=hardest)


def test_hardest_without_needs_is_refused() -> None:
    with pytest.raises(ValueError, match="needs"):
        generate(seed=1, hardest="x_wing")


def test_a_rare_technique_gives_up_with_a_clear_message() -> None:
    # with 70 givens kept a path never needs more than singles: an X-wing is never found
    said = r"no puzzle needing x_wing found in 0.5 s \([\d,]+ puzzles tried\).*too rare"  # 1,089 when quiet
    with pytest.raises(GenerationError, match=said):
        generate(seed=1, needs="x_wing", clues=70, time_limit=0.5)


def test_cli_needs_and_hardest(capsys: pytest.CaptureFixture) -> None:
    assert main(["generate", "--needs", "x_wing", "--hardest", "xy_wing", "-n", "3", "--seed", "5",
                 "--time-limit", str(LIMIT)]) == 0
    lines = capsys.readouterr().out.split()
    assert len(lines) == 3 and len(set(lines)) == 3
    for line in lines:
        assert_path_meets(parse_line(line), "x_wing", "xy_wing")


@pytest.mark.parametrize(
    ("argv", "message"),
    [(["--needs", "nope"], "unknown technique 'nope' (known: full_house"),
     (["--needs", "xy_wing", "--hardest", "x_wing"], "easier than"),
     (["--hardest", "x_wing"], "only with --needs"), (["--time-limit", "3"], "only with --needs"),
     (["--needs", "x_wing", "--time-limit", "0"], "not a positive number")],
)
def test_cli_bad_targets_are_usage_errors(
    argv: list[str], message: str, capsys: pytest.CaptureFixture
) -> None:
    assert main(["generate", *argv]) == 2
    assert message in capsys.readouterr().err


def test_repaired_puzzles_keep_the_symmetry() -> None:
    from engine import Symmetry

    for seed in (1, 2):
        puzzle = generate(seed=seed, needs="x_wing", hardest="xy_wing", symmetry="rotational",
                          time_limit=LIMIT)
        assert Symmetry.ROTATIONAL.holds(puzzle)
        assert_path_meets(puzzle, "x_wing", "xy_wing")
