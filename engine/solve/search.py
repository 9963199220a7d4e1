"""The search algorithms' events, for the step-by-step display (:mod:`engine.solve.tracing` plays them).

Two algorithms:

* ``naive``: the backtracking most people write first: the first empty cell in row-major order,
  digits 1 to 9, each checked against its row, column and box.
* ``smart``: constraint propagation (naked and hidden singles) and a guess in the empty cell with
  fewest candidates; each placement propagation makes is its own event.

Events (:class:`Event`), in the order a display replays them:

* ``try``: put ``digit`` in ``cell`` at ``depth`` (tries already on the stack): a guess.
* ``place`` (``smart``): put ``digit`` in ``cell``, forced by the placements so far; ``depth`` is
  the tries on the stack (0: forced by the givens alone, and no undo ever removes it).
* ``undo``: take the try in ``cell`` back, and the ``forced`` placements it brought (``smart``: the
  ``place`` events since that try).
* ``backtrack``: no digit is left for ``cell`` at ``depth``: the search goes back up (an ``undo`` of
  the try above follows, unless this was depth 0 and ``failed`` follows).
* ``solved``: the last event; the grid is complete.
* ``failed``: the last event; no solution, or the givens repeat a digit.

``solved`` and ``failed`` have ``cell`` -1 and ``digit`` 0; ``backtrack`` has ``digit`` 0.
``steps`` counts tries so far and ``backtracks`` backtracks so far, this event included.
Human logic's events (``logic``, ``guess``) are :mod:`engine.solve.tracing`'s and carry their ``step``.

Traces are generators, never materialised: a naive trace of a 17-clue puzzle can run to millions
of events.  The naive loop builds one small tuple per event and nothing else (about 1 us/event).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from typing import Any, NamedTuple

from engine.candidates import candidate_masks
from engine.grid import UNITS, box_of
from engine.solve.propagation import propagate_singles
from engine.steps import Step

_ALL = 0x1FF
_LOW = [(m & -m).bit_length() for m in range(512)]  # lowest digit of a mask, 0 for none
_POP = [bin(m).count("1") for m in range(512)]


class Event(NamedTuple):
    """One event of a solve: what happened (kind), where, at which depth, the running counters, the
    placements it brings (``forced``) and, for human logic, its step."""

    kind: str
    cell: int
    digit: int
    depth: int
    steps: int
    backtracks: int
    forced: tuple[tuple[int, int], ...] = ()
    step: Step | None = None

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-able dict (``forced`` as ``[cell, digit]`` lists, ``step`` as
        :meth:`Step.to_dict` or None); :meth:`from_dict` reverses it."""
        return {
            "kind": self.kind,
            "cell": self.cell,
            "digit": self.digit,
            "depth": self.depth,
            "steps": self.steps,
            "backtracks": self.backtracks,
            "forced": [list(p) for p in self.forced],
            "step": None if self.step is None else self.step.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Event:
        """Return the Event a :meth:`to_dict` dict describes; raises KeyError/TypeError if malformed."""
        step = data.get("step")
        return cls(str(data["kind"]), int(data["cell"]), int(data["digit"]), int(data["depth"]),
                   int(data["steps"]), int(data["backtracks"]),
                   tuple((int(c), int(d)) for c, d in data.get("forced", ())),
                   None if step is None else Step.from_dict(step))


def _repeats(values: list[int]) -> bool:
    """Return True if some unit holds a digit twice."""
    for unit in UNITS:
        seen = 0
        for c in unit:
            v = values[c]
            if v:
                bit = 1 << (v - 1)
                if seen & bit:
                    return True
                seen |= bit
    return False


def _naive(values: list[int]) -> Iterator[Event]:
    """Yield the events of first-empty-cell backtracking over ``values``."""
    make = tuple.__new__  # skips NamedTuple.__new__'s argument handling: 2x faster than Event(...)
    E = Event
    if _repeats(values):
        yield make(E, ("failed", -1, 0, 0, 0, 0, (), None))
        return
    rows, cols, boxes = [0] * 9, [0] * 9, [0] * 9
    for c, v in enumerate(values):
        if v:
            bit = 1 << (v - 1)
            rows[c // 9] |= bit
            cols[c % 9] |= bit
            boxes[box_of(c)] |= bit
    empties = [c for c in range(81) if not values[c]]
    where = [(c, c // 9, c % 9, box_of(c)) for c in empties]
    n = len(empties)
    tried = [0] * (n + 1)  # the digit currently placed (or last tried) at each depth
    depth = steps = backtracks = 0
    while True:
        if depth == n:
            yield make(E, ("solved", -1, 0, depth, steps, backtracks, (), None))
            return
        cell, r, c, b = where[depth]
        used = rows[r] | cols[c] | boxes[b]
        d = tried[depth] + 1
        while d <= 9 and used >> (d - 1) & 1:
            d += 1
        if d <= 9:
            tried[depth] = d
            bit = 1 << (d - 1)
            rows[r] |= bit
            cols[c] |= bit
            boxes[b] |= bit
            steps += 1
            yield make(E, ("try", cell, d, depth, steps, backtracks, (), None))
            depth += 1
            tried[depth] = 0
            continue
        backtracks += 1
        yield make(E, ("backtrack", cell, 0, depth, steps, backtracks, (), None))
        if depth == 0:
            yield make(E, ("failed", -1, 0, 0, steps, backtracks, (), None))
            return
        depth -= 1
        cell, r, c, b = where[depth]
        d = tried[depth]
        bit = ~(1 << (d - 1))
        rows[r] &= bit
        cols[c] &= bit
        boxes[b] &= bit
        yield make(E, ("undo", cell, d, depth, steps, backtracks, (), None))


def _choose(cands: list[int]) -> int:
    """Return the empty cell with the fewest candidates (the first such in row-major order)."""
    best, best_n = -1, 10
    for c, m in enumerate(cands):
        if m and _POP[m] < best_n:
            best, best_n = c, _POP[m]
            if best_n == 2:
                break
    return best


def _digits(mask: int) -> list[int]:
    return [d for d in range(1, 10) if mask >> (d - 1) & 1]


def _smart(values: list[int]) -> Iterator[Event]:
    """Yield the events of singles propagation with most-constrained-cell guessing over ``values``."""
    if _repeats(values):
        yield Event("failed", -1, 0, 0, 0, 0)
        return
    cands = [int(m) for m in candidate_masks(values)]
    queue = [(c, _LOW[m]) for c, m in enumerate(cands) if m and not m & (m - 1)]
    placed: list[tuple[int, int]] = []
    dead = any(not values[c] and not cands[c] for c in range(81))
    ok = not dead and propagate_singles(values, cands, queue, placed)
    for c, d in placed:  # forced by the givens alone
        yield Event("place", c, d, 0, 0, 0)
    if not ok:
        yield Event("failed", -1, 0, 0, 0, 0)
        return
    if all(values):
        yield Event("solved", -1, 0, 0, 0, 0)
        return
    counts = [0, 0]  # steps (tries) and backtracks so far, as every event carries them
    if not (yield from _guess(values, cands, 0, counts)):
        yield Event("failed", -1, 0, 0, *counts)


def _guess(values: list[int], cands: list[int], depth: int, counts: list[int]
           ) -> Generator[Event, None, bool]:
    """Yield the events of trying each digit of the most constrained cell in turn, each followed by its
    forced placements and, when it fails, its undo; return True once the grid is solved, False (after a
    backtrack event) when no digit there works."""
    cell = _choose(cands)
    for digit in _digits(cands[cell]):
        tried, left = values[:], cands[:]
        placed: list[tuple[int, int]] = []
        ok = propagate_singles(tried, left, [(cell, digit)], placed)
        own = tuple(placed[1:])  # placed[0] is the try itself
        counts[0] += 1
        yield Event("try", cell, digit, depth, *counts)
        for c, d in own:
            yield Event("place", c, d, depth + 1, *counts)
        if ok and all(tried):
            yield Event("solved", -1, 0, depth + 1, *counts)
            return True
        if ok and (yield from _guess(tried, left, depth + 1, counts)):
            return True
        yield Event("undo", cell, digit, depth, *counts, own)
    counts[1] += 1
    yield Event("backtrack", cell, 0, depth, *counts)
    return False


RUNS: dict[str, Callable[[list[int]], Iterator[Event]]] = {"naive": _naive, "smart": _smart}

