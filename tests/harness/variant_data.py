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

# the published puzzles the search proves in under a second or so; the others take it seconds to
# minutes (up to a million guesses: a-kind-of-magic, hs-killers-9, 16x16-sudoku-x-hard, wecoc, ...)
FAST = {"iss-killer", "iss-pill-arrow-sudoku", "iss-x-windoku", "iss-16x16-jigsaw", "iss-6x6",
        "iss-anti-knights-move", "iss-anti-knight-anti-king", "iss-ctc-tribute", "iss-kropki-sudoku",
        "iss-xv-sudoku", "iss-strict-kropki", "iss-windoku", "iss-anti-knight-anti-consecutive",
        "iss-long-sums-1", "iss-anti-knight-slow", "iss-sandwich-partial-slow",
        "iss-white-room-killer-sudoku", "iss-6x6-little-killer", "iss-hs-killers-1", "iss-hs-killers-2",
        "iss-hs-killers-5", "iss-hs-killers-7", "iss-little-killer-snipes-2", "iss-tarek-all-3",
        "iss-tarek-all-5"}


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
