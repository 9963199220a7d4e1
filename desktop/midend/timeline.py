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
    """The recorded events of one run over ``start``; :meth:`board_at` gives the board after any of them.

    An event is packed into one 32-bit word (kind, cell + 1, digit, depth), its running backtrack
    count and the end of its forced placements: three appends to flat arrays per event.  Keeping
    one array per field, and a board of its own replayed on every append, cost twice as much
    (a watched million-event run went from 2.0x to 4.2x the bare trace).
    """

    def __init__(self, start: Sequence[int]) -> None:
        self.start = [int(d) for d in start]
        self._packed = array("I")  # kind | (cell + 1) << 3 | digit << 10 | depth << 14
        self._backtracks = array("I")
        self._forced_at = array("I", [0])  # event i's forced pairs are _forced[2*at[i] : 2*at[i+1]]
        self._forced = bytearray()
        self._logic: dict[int, Step] = {}
        self._checkpoints = [bytes(self.start)]  # the board after 0, CHECKPOINT, 2*CHECKPOINT... events

    def __len__(self) -> int:
        return len(self._packed)

    def record(self, ev: Any, board: Sequence[int]) -> None:
        """Record one event (RunEvent's fields; ``step`` optional) and ``board``, the board after it."""
        self._packed.append(_CODE[ev.kind] | (ev.cell + 1) << 3 | ev.digit << 10 | min(ev.depth, 127) << 14)
        self._backtracks.append(ev.backtracks)
        forced = ev.forced
        if forced:
            for c, d in forced:
                self._forced.append(c)
                self._forced.append(d)
        self._forced_at.append(len(self._forced) >> 1)
        count = len(self._packed)
        step = getattr(ev, "step", None)
        if step is not None:
            self._logic[count - 1] = step
        if count % CHECKPOINT == 0:
            self._checkpoints.append(bytes(board))

    def event(self, index: int) -> RunEvent:
        """Return event ``index`` (0-based) as recorded (``steps`` reads index + 1); IndexError outside."""
        if not 0 <= index < len(self._packed):
            raise IndexError(f"event {index} is not on a timeline of {len(self._packed)}")
        kind, cell, digit, depth = self._unpack(index)
        return RunEvent(kind, cell, digit, depth, index + 1, self._backtracks[index],
                        self._forced_pairs(index), self._logic.get(index))

    def board_at(self, count: int) -> list[int]:
        """Return the board after the first ``count`` events (0: the start); IndexError outside 0..len."""
        if not 0 <= count <= len(self._packed):
            raise IndexError(f"position {count} is not on a timeline of {len(self._packed)}")
        base = count // CHECKPOINT
        digits = list(self._checkpoints[base])
        for i in range(base * CHECKPOINT, count):
            kind, cell, digit, _ = self._unpack(i)
            apply_event(digits, kind, cell, digit, self._forced_pairs(i))
        return digits

    def logic_steps(self, count: int) -> list[Step]:
        """Return the human-logic steps among the first ``count`` events, in order."""
        return [step for i, step in sorted(self._logic.items()) if i < count]

    def _unpack(self, index: int) -> tuple[str, int, int, int]:
        word = self._packed[index]
        return KINDS[word & 7], (word >> 3 & 127) - 1, word >> 10 & 15, word >> 14 & 127

    def _forced_pairs(self, index: int) -> tuple[tuple[int, int], ...]:
        lo, hi = self._forced_at[index], self._forced_at[index + 1]
        raw = self._forced
        return tuple((raw[2 * k], raw[2 * k + 1]) for k in range(lo, hi))
