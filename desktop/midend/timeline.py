"""The timeline of a run: every event of a solve, recorded as it plays, so any moment can be shown again.

A run of backtracking can reach millions of events, so they are not kept as Python objects (a
NamedTuple with its tuple of forced placements costs 150-250 bytes; a million of them would pass
200 MB).  Each event is a few bytes in flat arrays, about 20 bytes with its forced placements,
and the board is kept every :data:`CHECKPOINT` events: the board after event *n* is its
checkpoint plus at most ``CHECKPOINT - 1`` events replayed (81 bytes a checkpoint; 1,024 events
replay in well under a millisecond).  Human-logic steps are few and kept whole, with the
candidate state (their eliminations) rebuilt by replaying them.  Pure: no threads, no clock.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from engine import Step

CHECKPOINT = 1024
KINDS = ("try", "undo", "backtrack", "logic", "guess", "solved", "failed")
_CODE = {kind: i for i, kind in enumerate(KINDS)}


class RunEvent(NamedTuple):
    """One event of a run: a search event, or a human-logic step ("logic", "guess") with its Step."""

    kind: str
    cell: int
    digit: int
    depth: int
    steps: int
    backtracks: int
    forced: tuple[tuple[int, int], ...] = ()
    step: Step | None = None  # the engine's step, sent in its one wire form (Step.to_dict)


def apply_event(digits: list[int], kind: str, cell: int, digit: int, forced: Sequence[Sequence[int]]) -> None:
    """Apply one event to a board: a "try" puts its digit and its forced placements, an "undo" takes
    them back, a "logic" step or "solved" puts its placements; other kinds change nothing."""
    if kind == "try":
        digits[cell] = digit
        for c, d in forced:
            digits[c] = d
    elif kind == "undo":
        digits[cell] = 0
        for c, _ in forced:
            digits[c] = 0
    elif forced:
        for c, d in forced:
            digits[c] = d


class Timeline:
    """The recorded events of one run over ``start``; :meth:`board_at` gives the board after any of them."""

    def __init__(self, start: Sequence[int]) -> None:
        self.start = [int(d) for d in start]
        self._kind = bytearray()
        self._cell = bytearray()  # cell + 1; 0 for the -1 of "solved" and "failed"
        self._digit = bytearray()
        self._depth = bytearray()
        self._steps = array("I")
        self._backtracks = array("I")
        self._forced_at = array("I", [0])  # event i's forced pairs are _forced[2*at[i] : 2*at[i+1]]
        self._forced = bytearray()
        self._logic: dict[int, Step] = {}
        self._checkpoints = [bytes(self.start)]  # the board after 0, CHECKPOINT, 2*CHECKPOINT... events
        self._last = list(self.start)  # the board after the last event

    def __len__(self) -> int:
        return len(self._kind)

    def append(self, ev: Any) -> None:
        """Record one event (anything with RunEvent's fields; ``step`` is optional)."""
        self._kind.append(_CODE[ev.kind])
        self._cell.append(ev.cell + 1)
        self._digit.append(ev.digit)
        self._depth.append(min(ev.depth, 255))
        self._steps.append(ev.steps)
        self._backtracks.append(ev.backtracks)
        for c, d in ev.forced or ():
            self._forced.append(c)
            self._forced.append(d)
        self._forced_at.append(len(self._forced) // 2)
        step = getattr(ev, "step", None)
        if step is not None:
            self._logic[len(self._kind) - 1] = step
        apply_event(self._last, ev.kind, ev.cell, ev.digit, ev.forced or ())
        if len(self._kind) % CHECKPOINT == 0:
            self._checkpoints.append(bytes(self._last))

    def event(self, index: int) -> RunEvent:
        """Return event ``index`` (0-based) as it was recorded; IndexError outside the timeline."""
        if not 0 <= index < len(self._kind):
            raise IndexError(f"event {index} is not on a timeline of {len(self._kind)}")
        return RunEvent(KINDS[self._kind[index]], self._cell[index] - 1, self._digit[index],
                        self._depth[index], self._steps[index], self._backtracks[index],
                        self._forced_pairs(index), self._logic.get(index))

    def board_at(self, count: int) -> list[int]:
        """Return the board after the first ``count`` events (0: the start); IndexError outside 0..len."""
        if not 0 <= count <= len(self._kind):
            raise IndexError(f"position {count} is not on a timeline of {len(self._kind)}")
        base = count // CHECKPOINT
        digits = list(self._checkpoints[base])
        for i in range(base * CHECKPOINT, count):
            kind = KINDS[self._kind[i]]
            apply_event(digits, kind, self._cell[i] - 1, self._digit[i], self._forced_pairs(i))
        return digits

    def logic_steps(self, count: int) -> list[Step]:
        """Return the human-logic steps among the first ``count`` events, in order."""
        return [step for i, step in sorted(self._logic.items()) if i < count]

    def _forced_pairs(self, index: int) -> tuple[tuple[int, int], ...]:
        lo, hi = self._forced_at[index], self._forced_at[index + 1]
        raw = self._forced
        return tuple((raw[2 * k], raw[2 * k + 1]) for k in range(lo, hi))
