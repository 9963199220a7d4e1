"""The timeline of a run: every event of a solve, recorded as it plays, so any moment can be shown again.

A run of backtracking at delay 0 records a few hundred thousand events a second, so for ten minutes
of it to stay under 150 MB (issue 27) an event must cost well under a byte.  Events are packed into
32-bit words (kind 3 bits, cell + 1 9 bits, digit 5 bits, depth 7 bits: boards up to 16x16) and
their forced placements into bytes (cells 0-255, digits 1-16); every
:data:`BLOCK` events the block is byte-shuffled (the words' first bytes together, then their second
bytes, ...) and compressed with zlib, which a depth-first search's repetitive stream takes to about
0.25 bytes an event (1.18 million naive events: 0.24 bytes each at level 6, 0.38 at level 1, the
whole block's compression 40 ms; unshuffled words compress about 3x worse).  The board is kept
every :data:`CHECKPOINT` events (N*N bytes), so the board after event *n* is a checkpoint plus at
most ``CHECKPOINT - 1`` events replayed from one decompressed block (the last one kept): a seek
stays at about a millisecond.  A running backtrack count is not stored per event: it is the
number of "backtrack" events so far, counted from the block's start.  Roads not taken: re-running
the trace from the start to a seek (seconds late in a long run), and resuming the engine's search
from a saved stack (ties the timeline to one algorithm).  Human-logic steps are few and kept whole,
with the candidate state (their eliminations) rebuilt by replaying them.  Pure: no threads, no clock.
"""

from __future__ import annotations

import zlib
from array import array
from collections.abc import Sequence
from typing import Any

from engine import Event as RunEvent  # the engine's one event type
from engine import Step

CHECKPOINT = 1024
BLOCK = 4 * CHECKPOINT
KINDS = ("try", "undo", "backtrack", "logic", "guess", "solved", "failed", "place")  # 3 bits: full
_CODE = {kind: i for i, kind in enumerate(KINDS)}
_BACKTRACK = _CODE["backtrack"]
_LEVEL = 6
_CELL, _DIGIT, _DEPTH = 3, 12, 17  # where a word's fields start


def _fields(word: int) -> tuple[str, int, int, int]:
    """Return a word's kind, cell, digit and depth."""
    return KINDS[word & 7], (word >> _CELL & 511) - 1, word >> _DIGIT & 31, word >> _DEPTH & 127


def apply_event(digits: list[int], kind: str, cell: int, digit: int, forced: Sequence[Sequence[int]]) -> None:
    """Apply one event to a board: a "try" puts its digit and its forced placements, a "place" its
    digit, an "undo" takes them back, a "logic" step or "solved" puts its placements; other kinds
    change nothing."""
    if kind == "place":
        digits[cell] = digit
    elif kind == "try":
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


class _Block:
    """The events of one block, unpacked: words, where each event's forced pairs start, the pairs, and
    the running backtrack count after each event."""

    def __init__(self, words: array, forced_at: array, forced: bytearray | bytes, backtracks: array) -> None:
        self.words = words
        self.forced_at = forced_at
        self.forced = forced
        self.backtracks = backtracks

    def pairs(self, i: int) -> tuple[tuple[int, int], ...]:
        lo, hi, raw = self.forced_at[i], self.forced_at[i + 1], self.forced
        return tuple((raw[2 * k], raw[2 * k + 1]) for k in range(lo, hi))


def _pack(block: _Block) -> bytes:
    raw = block.words.tobytes()
    shuffled = b"".join(raw[k::4] for k in range(4))
    at = block.forced_at
    counts = bytes(at[i + 1] - at[i] for i in range(len(block.words)))  # at most 255 pairs an event
    head = len(block.words).to_bytes(4, "little") + len(block.forced).to_bytes(4, "little")
    return zlib.compress(head + shuffled + counts + bytes(block.forced), _LEVEL)


def _unpack(blob: bytes, backtracks: int) -> _Block:
    """Return the block compressed in ``blob``, whose run had ``backtracks`` backtracks before it."""
    data = zlib.decompress(blob)
    n, n_forced = int.from_bytes(data[:4], "little"), int.from_bytes(data[4:8], "little")
    body = data[8:]
    raw = bytearray(4 * n)
    for k in range(4):
        raw[k::4] = body[k * n:(k + 1) * n]
    words = array("I")
    words.frombytes(bytes(raw))
    forced_at, running = array("I", [0]), array("I")
    for count, word in zip(body[4 * n:5 * n], words, strict=True):
        forced_at.append(forced_at[-1] + count)
        backtracks += word & 7 == _BACKTRACK
        running.append(backtracks)
    return _Block(words, forced_at, body[5 * n:5 * n + n_forced], running)


class Timeline:
    """The recorded events of one run over ``start``; :meth:`board_at` gives the board after any of them.

    Recording appends to the open block's arrays (four appends an event); a full block is
    compressed once, and reading an event decompresses its block, keeping the last one read for
    the next.
    """

    def __init__(self, start: Sequence[int]) -> None:
        self.start = [int(d) for d in start]
        self._cells = len(self.start)  # a checkpoint's bytes
        self._count = 0
        self._blocks: list[bytes] = []  # compressed full blocks
        self._backtracks_before = [0]  # backtracks before each block, the open one last
        self._checkpoints = bytearray(bytes(self.start))  # the board after 0, CHECKPOINT, ... events
        self._open = self._new_block()
        self._backtracks = 0
        self._logic: dict[int, Step] = {}
        self._cached: tuple[int, _Block] | None = None

    def __len__(self) -> int:
        return self._count

    def record(self, ev: Any, board: Sequence[int]) -> None:
        """Record one event (RunEvent's fields; ``step`` optional) and ``board``, the board after it."""
        code = _CODE[ev.kind]
        block = self._open
        block.words.append(code | (ev.cell + 1) << _CELL | ev.digit << _DIGIT | min(ev.depth, 127) << _DEPTH)
        for c, d in ev.forced:
            block.forced.append(c)
            block.forced.append(d)
        block.forced_at.append(len(block.forced) >> 1)
        if code == _BACKTRACK:
            self._backtracks += 1
        block.backtracks.append(self._backtracks)
        step = getattr(ev, "step", None)
        if step is not None:
            self._logic[self._count] = step
        self._count += 1
        if self._count % CHECKPOINT == 0:
            self._checkpoints += bytes(board)
        if self._count % BLOCK == 0:
            self._blocks.append(_pack(block))
            self._backtracks_before.append(self._backtracks)
            self._open = self._new_block()

    def event(self, index: int) -> RunEvent:
        """Return event ``index`` (0-based) as recorded (``steps`` reads index + 1); IndexError outside."""
        if not 0 <= index < self._count:
            raise IndexError(f"event {index} is not on a timeline of {self._count}")
        block = self._block(index // BLOCK)
        i = index % BLOCK
        kind, cell, digit, depth = _fields(block.words[i])
        return RunEvent(kind, cell, digit, depth, index + 1, block.backtracks[i], block.pairs(i),
                        self._logic.get(index))

    def board_at(self, count: int) -> list[int]:
        """Return the board after the first ``count`` events (0: the start); IndexError outside 0..len."""
        if not 0 <= count <= self._count:
            raise IndexError(f"position {count} is not on a timeline of {self._count}")
        base = count // CHECKPOINT * CHECKPOINT
        at = self._cells * (base // CHECKPOINT)
        digits = list(self._checkpoints[at:at + self._cells])
        if count > base:
            block = self._block(base // BLOCK)
            words = block.words
            for i in range(base % BLOCK, base % BLOCK + count - base):
                kind, cell, digit, _ = _fields(words[i])
                apply_event(digits, kind, cell, digit, block.pairs(i))
        return digits

    def logic_steps(self, count: int) -> list[Step]:
        """Return the human-logic steps among the first ``count`` events, in order."""
        return [step for i, step in sorted(self._logic.items()) if i < count]

    def nbytes(self) -> int:
        """Return the bytes the recorded events take: compressed blocks, the open one, checkpoints."""
        block = self._open
        open_bytes = 4 * (len(block.words) + len(block.forced_at) + len(block.backtracks)) + len(block.forced)
        return sum(len(b) for b in self._blocks) + len(self._checkpoints) + open_bytes

    @staticmethod
    def _new_block() -> _Block:
        return _Block(array("I"), array("I", [0]), bytearray(), array("I"))

    def _block(self, number: int) -> _Block:
        if number == len(self._blocks):  # the open block, read in place
            return self._open
        if self._cached is None or self._cached[0] != number:
            self._cached = (number, _unpack(self._blocks[number], self._backtracks_before[number]))
        return self._cached[1]
