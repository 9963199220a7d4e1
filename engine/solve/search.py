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

from collections.abc import Callable, Iterator
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


def guessing(root: Any, choose: Callable[[Any], int], digits: Callable[[Any, int], list[int]],
             attempt: Callable[[Any, int, int], tuple[bool, Any, tuple[tuple[int, int], ...]]]
             ) -> Iterator[Event]:
    """Yield the events of the smart search's guessing from ``root``, a propagated state with a cell left
    to guess, to ``solved`` or ``failed``: each try and the placements it forced, its undo when it fails
    or its subtree runs out, a backtrack when a cell has no digit left.  The caller's state is opaque:
    ``choose(state)`` gives the cell to guess (-1: every cell placed), ``digits(state, cell)`` its digits
    in order and ``attempt(state, cell, digit)`` (no contradiction, the child state, the placements it
    forced besides the try).  One loop for the classic grid and every variant (an explicit stack: a
    deep search costs no chain of generators)."""
    steps = backtracks = 0
    cell = choose(root)
    # one frame per depth: [state before the try, cell, its digits, next index, current try's forced]
    stack: list[list[Any]] = [[root, cell, digits(root, cell), 0, ()]]
    while True:
        frame = stack[-1]
        base, cell, tries, index, _ = frame
        depth = len(stack) - 1
        if index == len(tries):
            backtracks += 1
            yield Event("backtrack", cell, 0, depth, steps, backtracks)
            stack.pop()
            if not stack:
                yield Event("failed", -1, 0, 0, steps, backtracks)
                return
            parent = stack[-1]
            yield Event("undo", parent[1], parent[2][parent[3] - 1], depth - 1, steps, backtracks, parent[4])
            continue
        digit = tries[index]
        frame[3] = index + 1
        ok, child, own = attempt(base, cell, digit)
        frame[4] = own
        steps += 1
        yield Event("try", cell, digit, depth, steps, backtracks)
        for c, d in own:
            yield Event("place", c, d, depth + 1, steps, backtracks)
        if not ok:
            yield Event("undo", cell, digit, depth, steps, backtracks, own)
            continue
        nxt = choose(child)
        if nxt < 0:
            yield Event("solved", -1, 0, depth + 1, steps, backtracks)
            return
        stack.append([child, nxt, digits(child, nxt), 0, ()])


def _attempt(state: tuple[list[int], list[int]], cell: int, digit: int
             ) -> tuple[bool, tuple[list[int], list[int]], tuple[tuple[int, int], ...]]:
    """Place ``digit`` in ``cell`` of a copy of the grid and propagate singles (:func:`guessing`'s step)."""
    values, cands = state
    tried, left = values[:], cands[:]
    placed: list[tuple[int, int]] = []
    ok = propagate_singles(tried, left, [(cell, digit)], placed)
    return ok, (tried, left), tuple(placed[1:])  # placed[0] is the try itself


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
    yield from guessing((values, cands), lambda state: _choose(state[1]),
                        lambda state, cell: _digits(state[1][cell]), _attempt)


RUNS: dict[str, Callable[[list[int]], Iterator[Event]]] = {"naive": _naive, "smart": _smart}

