"""The published variant puzzles of ``../shared/data/variants/train.jsonl`` as model puzzles, read by
the engine's f-puzzles reader (tests/engine/test_puzzle_formats.py checks it against the solutions)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache

from engine.puzzle.fpuzzles import read_fpuzzles
from engine.puzzle.model import Puzzle, Rule
from tests.harness.paths import DATA

TRAIN = DATA / "variants" / "train.jsonl"
DIGITS = "123456789ABCDEFG"

# the published puzzles the tests leave to benchmarks/bench_variants.py, and why: each takes the search
# over a second (tens of thousands of guesses; the Interactive Sudoku Solver needs as many for them)
SLOW = {
    "iss-wecoc-1": "a killer: ~100k guesses (the Interactive Sudoku Solver 14k)",
    "iss-wecoc-2": "a killer: ~20k guesses (the Interactive Sudoku Solver 4k)",
    "iss-a-kind-of-magic": "thermometers: ~29k guesses, about 0.4 s (the Interactive Sudoku Solver 16k)",
    "iss-anti-consectutive-hard": "non-consecutive: ~130k guesses, about 3 s (the ISS 113k)",
    "iss-hs-killers-9": "a killer with X diagonals: over 150k guesses",
    "iss-little-killer-snipes-4": "little killers: ~18k guesses",
    "iss-little-killer-snipes-6": "little killers: ~57k guesses",
    "iss-little-killer-snipes-8": "little killers: ~26k guesses",
    "iss-little-killer-snipes-14": "little killers: over 150k guesses, count not known",
    "iss-mathemagic-killers-2": "a killer: the Interactive Sudoku Solver needs 76k-320k guesses for these",
    "iss-mathemagic-killers-3": "a killer: as mathemagic-killers-2",
    "iss-mathemagic-killers-4": "a killer: as mathemagic-killers-2",
    "iss-mathemagic-killers-6": "a killer: as mathemagic-killers-2",
    "iss-mathemagic-killers-7": "a killer: as mathemagic-killers-2",
    "iss-mathemagic-killers-8": "a killer: as mathemagic-killers-2",
    "iss-mathemagic-killers-13": "a killer: as mathemagic-killers-2",
}
# every other published puzzle: the tests solve and count each one
FAST = frozenset(json.loads(line)["id"] for line in TRAIN.read_text().splitlines()) - SLOW.keys()


@dataclass(frozen=True)
class Record:
    """One published puzzle: its id, the puzzle, its known count (None: not decided) and solution."""

    id: str
    puzzle: Puzzle
    count: int | None
    solution: tuple[int, ...] | None

    @property
    def kind(self) -> str:
        """A name for the puzzle's kind: its constraints' kinds (and rules), or classic/jigsaw and size."""
        names = sorted({c.name if isinstance(c, Rule) else c.kind for c in self.puzzle.constraints})
        if self.puzzle.is_jigsaw:
            names.insert(0, "jigsaw")
        base = "+".join(names) or "classic"
        return base if self.puzzle.size == 9 else f"{base} {self.puzzle.size}x{self.puzzle.size}"


@cache
def records() -> tuple[Record, ...]:
    """Every puzzle of train.jsonl, in file order."""
    out = []
    for line in TRAIN.read_text().splitlines():
        row = json.loads(line)
        text = row.get("solution")
        solution = tuple(DIGITS.index(ch) + 1 for ch in text) if text else None
        out.append(Record(row["id"], read_fpuzzles(row["fpuzzles"]), row["count"], solution))
    return tuple(out)
