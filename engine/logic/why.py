"""Why a digit is wrong: the shortest contradiction that placing it leads to, as a proof a learner follows.

From the puzzle's givens and the player's correct digits (candidates by peer exclusion: the notes
a player would write), the wrong digit is assumed and singles are followed breadth first, each
fact remembering the facts it rests on:

- a placement removes its digit from the cell's peers and the cell's other digits (eliminations);
- a cell with one digit left takes it (naked single), a unit with one place left for a digit puts
  it there (hidden single);
- a contradiction is an empty cell with no digit left, or a unit with no place left for a digit.

At the first round of singles where a contradiction shows (and the next, which may hold a
shorter one), the contradiction resting on the fewest placements (then facts) wins, and only the
facts it rests on are kept: the proof.  So the chain is shortest in rounds and near-shortest in
steps, not a global minimum (that would be a search over every order of singles).  When no
contradiction shows within MAX_ROUNDS rounds, or the proof needs more than MAX_PLACEMENTS
placements, or singles stall, the answer is the solution's digit there instead (``found`` False).

Wording is made here at the edge from the steps' codes (English and Chinese), like the CLI's.

    If r4c7 is 6, then r4c2 is 1 (the only digit left there), so r6c2 has no digit left
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from engine.candidates import candidate_masks
from engine.grid import CELL_UNITS, PEERS, UNITS, cell_name

MAX_ROUNDS = 12
"""Rounds of singles followed after the assumption before giving up."""

MAX_PLACEMENTS = 12
"""The most placements (the assumption included) a proof may need to count as a reasonable chain."""

Key = tuple[str, int, int]  # ("P" placement | "E" elimination, cell, digit)
Found = tuple[str, int, int, tuple[Key, ...]]  # (no_digit | no_place, cell or unit, digit, premises)


@dataclass(frozen=True)
class WhyStep:
    """One fact of the proof: ``kind`` "place" or "eliminate" ``digit`` in ``cell``, for ``reason``
    (assumed, naked_single, hidden_single, peer, same_cell) in ``unit`` (-1 when none), resting on
    the steps at the indices ``because``."""

    kind: str
    cell: int
    digit: int
    reason: str
    unit: int = -1
    because: tuple[int, ...] = ()


@dataclass(frozen=True)
class Why:
    """Why ``digit`` cannot go in ``cell``: the proof's steps and the contradiction they reach
    (``contradiction`` None and ``found`` False when no short chain was found), and the solution's
    digit there."""

    cell: int
    digit: int
    solution_digit: int
    steps: tuple[WhyStep, ...] = ()
    contradiction: dict[str, Any] | None = field(default=None, hash=False)

    @property
    def found(self) -> bool:
        """True when the steps reach a contradiction."""
        return self.contradiction is not None

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-able dict, cells 0-80 and units 0-26 (the CLI makes them 1-based)."""
        return {
            "cell": self.cell,
            "digit": self.digit,
            "solution_digit": self.solution_digit,
            "found": self.found,
            "steps": [{**asdict(s), "because": list(s.because)} for s in self.steps],
            "contradiction": self.contradiction,
        }


def why_wrong(givens: Sequence[int], digits: Sequence[int], cell: int, digit: int) -> Why:
    """Return why ``digit`` (1-9) is wrong in ``cell`` (0-80) of the puzzle ``givens`` with the player's
    ``digits`` (81, 0 = empty; wrong ones other than ``cell``'s are ignored).

    Raises ValueError for malformed input, when the puzzle has no solution or more than one (a digit
    is wrong only against the one solution), for a given's cell, or when ``digit`` is the solution's
    digit there (it is not wrong).
    """
    from engine.solve.solver import count_solutions, solve

    givens = _digits81(givens, "givens")
    digits = _digits81(digits, "digits")
    if not 0 <= cell < 81 or not 1 <= digit <= 9:
        raise ValueError(f"cell must be 0-80 and digit 1-9, got {cell} and {digit}")
    solutions = count_solutions(givens, 2)
    if solutions != 1:
        raise ValueError(f"the puzzle has {'no solution' if solutions == 0 else 'more than one solution'}")
    solution = solve(givens)
    right = int(solution[cell])
    if givens[cell]:
        raise ValueError(f"{cell_name(cell)} is a given ({givens[cell]})")
    if digit == right:
        raise ValueError(f"{digit} is the solution's digit in {cell_name(cell)}: it is not wrong")
    values = [g or (d if d == solution[i] and i != cell else 0)
              for i, (g, d) in enumerate(zip(givens, digits, strict=True))]
    clash = next((p for p in PEERS[cell] if values[p] == digit), None)
    if clash is not None:  # a peer already holds it: no chain needed
        assumed = WhyStep("place", cell, digit, "assumed")
        return Why(cell, digit, right, (assumed,), {"kind": "clash", "cell": clash, "digit": digit,
                                                    "because": [0]})
    steps, contradiction = _Search(values).run(cell, digit)
    return Why(cell, digit, right, steps, contradiction)


def first_mistake(
    moves: Sequence[tuple[int, int]], solution: Sequence[int], standing: bool = True
) -> int | None:
    """Return the index of the first move (cell 0-80, digit 0-9, 0 = erase) that placed a digit the
    ``solution`` does not have there, or None if there is none.

    With ``standing`` (the default) a wrong digit the player later erased or overwrote does not count:
    undoing to before a mistake already put right would take back good moves for nothing.
    """
    board: dict[int, int] = {}  # cell -> index of the move whose wrong digit stands there
    first = None
    for i, (cell, digit) in enumerate(moves):
        board.pop(cell, None)
        if digit and digit != solution[cell]:
            board[cell] = i
            if first is None:
                first = i
    if not standing:
        return first
    return min(board.values(), default=None)


def _digits81(seq: Sequence[int], name: str) -> list[int]:
    values = [int(v) for v in seq]
    if len(values) != 81 or any(not 0 <= v <= 9 for v in values):
        raise ValueError(f"{name} must be 81 digits 0-9")
    return values


class _Search:
    """The breadth-first rounds of singles from one assumption, each fact with the facts it rests on."""

    def __init__(self, values: list[int]) -> None:
        self.values = values[:]
        self.base = [int(m) for m in candidate_masks(values)]  # the candidates before the assumption
        self.cands = self.base[:]
        self.facts: dict[Key, tuple[str, int, tuple[Key, ...]]] = {}  # key -> (reason, unit, premises)
        self._closure: dict[Key, frozenset[Key]] = {}

    def run(self, cell: int, digit: int) -> tuple[tuple[WhyStep, ...], dict[str, Any] | None]:
        pending: list[tuple[Key, str, int, tuple[Key, ...]]] = [(("P", cell, digit), "assumed", -1, ())]
        best = None
        last_round = MAX_ROUNDS - 1
        for round_ in range(MAX_ROUNDS):
            for key, reason, unit, premises in pending:
                self._place(key, reason, unit, premises)
            found = self._contradictions()
            if found:
                shortest = min(found, key=self._size)
                if best is None or self._size(shortest) < self._size(best):
                    best = shortest
                last_round = min(last_round, round_ + 1)  # one more round may hold a shorter proof
            pending = self._singles()
            if round_ >= last_round or not pending:
                break
        if best is None or self._size(best)[0] > MAX_PLACEMENTS:
            return (), None
        return self._proof(best)

    def _add(self, key: Key, reason: str, unit: int, premises: tuple[Key, ...]) -> None:
        if key not in self.facts:
            self.facts[key] = (reason, unit, premises)

    def _place(self, key: Key, reason: str, unit: int, premises: tuple[Key, ...]) -> None:
        _, c, d = key
        bit = 1 << (d - 1)
        if self.values[c] or not self.cands[c] & bit:
            return  # two singles collided: the contradiction check finds the cell or unit left empty
        self._add(key, reason, unit, premises)
        self.values[c] = d
        for e in range(1, 10):
            if e != d and self.cands[c] >> (e - 1) & 1:
                self._add(("E", c, e), "same_cell", -1, (key,))
        self.cands[c] = 0
        row, col, box = CELL_UNITS[c]
        for p in PEERS[c]:
            if self.cands[p] & bit:
                self.cands[p] &= ~bit
                shared = next(u for u in (row, col, box) if p in UNITS[u])
                self._add(("E", p, d), "peer", shared, (key,))

    def _contradictions(self) -> list[Found]:
        found = []
        for c in range(81):
            if not self.values[c] and not self.cands[c]:
                found.append(("no_digit", c, 0, self._gone(c, self.base[c])))
        for u, cells in enumerate(UNITS):
            placed = 0
            for c in cells:
                if self.values[c]:
                    placed |= 1 << (self.values[c] - 1)
            for d in range(1, 10):
                bit = 1 << (d - 1)
                if not placed & bit and not any(self.cands[c] & bit for c in cells):
                    found.append(("no_place", u, d, tuple(("E", c, d) for c in cells if self.base[c] & bit)))
        return found

    def _gone(self, cell: int, mask: int) -> tuple[Key, ...]:
        return tuple(("E", cell, e) for e in range(1, 10) if mask >> (e - 1) & 1)

    def _singles(self) -> list[tuple[Key, str, int, tuple[Key, ...]]]:
        """Return this round's singles, the one resting on fewest facts for each placement."""
        best: dict[Key, tuple[Key, str, int, tuple[Key, ...]]] = {}

        def offer(key: Key, reason: str, unit: int, premises: tuple[Key, ...]) -> None:
            old = best.get(key)
            if old is None or self._size_of(premises) < self._size_of(old[3]):
                best[key] = (key, reason, unit, premises)

        for c in range(81):
            mask = self.cands[c]
            if not self.values[c] and mask and not mask & (mask - 1):
                offer(("P", c, mask.bit_length()), "naked_single", -1, self._gone(c, self.base[c] & ~mask))
        for u, cells in enumerate(UNITS):
            for d in range(1, 10):
                bit = 1 << (d - 1)
                spots = [c for c in cells if self.cands[c] & bit]
                if len(spots) == 1 and not any(self.values[c] == d for c in cells):
                    premises = tuple(("E", c, d) for c in cells if self.base[c] & bit and c != spots[0])
                    offer(("P", spots[0], d), "hidden_single", u, premises)
        return list(best.values())

    def _closure_of(self, key: Key) -> frozenset[Key]:
        got = self._closure.get(key)
        if got is None:
            got = frozenset({key}).union(*(self._closure_of(k) for k in self.facts[key][2]))
            self._closure[key] = got
        return got

    def _size_of(self, premises: tuple[Key, ...]) -> tuple[int, int]:
        keys = frozenset().union(*(self._closure_of(k) for k in premises))
        return sum(k[0] == "P" for k in keys), len(keys)

    def _size(self, found: Found) -> tuple[int, int]:
        return self._size_of(found[3])

    def _proof(self, found: Found) -> tuple[tuple[WhyStep, ...], dict[str, Any]]:
        kind, where, d, premises = found
        keys = frozenset().union(*(self._closure_of(k) for k in premises))
        ordered = [k for k in self.facts if k in keys]  # facts were added in an order their premises lead
        index = {k: i for i, k in enumerate(ordered)}
        steps = tuple(
            WhyStep("place" if k[0] == "P" else "eliminate", k[1], k[2], self.facts[k][0], self.facts[k][1],
                    tuple(index[p] for p in self.facts[k][2]))
            for k in ordered
        )
        contradiction: dict[str, Any] = {"kind": kind, "because": [index[p] for p in premises]}
        contradiction.update({"cell": where} if kind == "no_digit" else {"unit": where, "digit": d})
        return steps, contradiction
