"""What wings and chains walk on, for any variant: which cells see each other, and which candidates
are linked strongly (at least one is true) or weakly (at most one is).

Two cells *see* each other when they share a house (``Puzzle.houses``: a row, column, region, extra
region, diagonal, disjoint group or cage) or a neighbourhood rule forbids them the same digit
(anti-knight: a knight's move apart; anti-king: touching diagonally).  A candidate is a *node*
``cell * N + digit - 1``, so a set of nodes is one Python int (a bit per node, N^3 bits at most).

    strong  the only two candidates of a cell; the only two places of a digit in a house of N cells;
            the only two places of a digit that a killer cage must hold (every combination of its
            digits left has it)
    weak    two digits of one cell; one digit in two cells that see each other

A chain (:func:`search`) alternates strong and weak links from a node taken as false: "A is false,
so B is true, so C is false, ...".  It is walked breadth-first from every start at once, one strong
link per round, so the shortest chains come out first and a caller that takes the first step stops
the walk there.  Roads not taken: the classic chains' graph and kernels (engine/logic/strategies/
links.py, engine/kernels/chains.py), which are 81-cell bit masks of two machine words; groups and
almost locked sets as nodes (the search stays small on 16x16: a few hundred ms at worst).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from engine.logic.variant.common import house_ref
from engine.logic.variant.pairlinks import PairRelation, pair_relations
from engine.logic.variant.rules import KING, KNIGHT, moves
from engine.logic.variant.state import VariantState
from engine.logic.variant.sums import cage_support
from engine.puzzle.model import Puzzle

MIN_STRONG = 2  # one strong link and the cells seeing both its ends is locked candidates, not a chain
NEIGHBOUR_RULES = (("antiknight", KNIGHT), ("antiking", KING))  # rules that forbid one digit twice


class Sight(NamedTuple):
    """Per cell the cells it sees (a house or a rule), the same as node bits at digit 1 (shift by
    ``d - 1`` for digit d), and the cells it sees only through a rule, with the rule; per cell its
    nodes, per digit - 1 its nodes; the pairs of cells whose digits a constraint ties."""

    cells: list[frozenset[int]]
    spread: list[int]
    by_rule: list[dict[int, str]]
    cell_nodes: list[int]
    digit_nodes: list[int]
    pairs: list[PairRelation]


def sight(state: VariantState) -> Sight:
    """The puzzle's sight relation, made once per puzzle."""
    return state.geometry.remember("sight", lambda p: _make_sight(p, state.geometry.peers))


def _make_sight(puzzle: Puzzle, peers: list[frozenset[int]]) -> Sight:
    n = puzzle.size
    rules = set(puzzle.rules())
    by_rule: list[dict[int, str]] = [{} for _ in range(n * n)]
    for rule, steps in NEIGHBOUR_RULES:
        if rule in rules:
            for c, reach in enumerate(moves(n, steps)):
                for p in reach:
                    if p not in peers[c]:
                        by_rule[c].setdefault(p, rule)
    cells = [peers[c] | frozenset(by_rule[c]) for c in range(n * n)]
    spread = [sum(1 << (p * n) for p in cells[c]) for c in range(n * n)]
    every = sum(1 << (c * n) for c in range(n * n))
    return Sight(cells, spread, by_rule, [((1 << n) - 1) << (c * n) for c in range(n * n)],
                 [every << dd for dd in range(n)], pair_relations(puzzle))


def bits(mask: int) -> Iterator[int]:
    """The nodes (bit indices) of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Graph:
    """A state's candidates as nodes: the live ones, the weak links of each, the strong links."""

    def __init__(self, state: VariantState) -> None:
        self.state = state
        self.n = n = state.size
        self.sight = sight(state)
        self.live = 0
        self.cell_nodes = self.sight.cell_nodes
        for c, m in enumerate(state.cands):
            if m and not state.values[c]:
                self.live |= m << (c * n)
        self.cell_strong: dict[int, int] = {}  # node -> the other digit of its two-candidate cell
        for c, m in enumerate(state.cands):
            if m.bit_count() == 2 and not state.values[c]:
                lo = (m & -m).bit_length() - 1
                hi = m.bit_length() - 1
                self.cell_strong[c * n + lo] = 1 << (c * n + hi)
                self.cell_strong[c * n + hi] = 1 << (c * n + lo)
        self.house_strong: dict[int, int] = {}  # node -> its partners: a house's or cage's two places
        self.places = strong_places(state)
        for _, cells, d in self.places:
            a, b = cells[0] * n + d - 1, cells[1] * n + d - 1
            self.house_strong[a] = self.house_strong.get(a, 0) | 1 << b
            self.house_strong[b] = self.house_strong.get(b, 0) | 1 << a
        self.pair_weak: dict[int, int] = {}  # node -> the other digits a pair constraint forbids with it
        for a, b, bad, _ in self.sight.pairs:
            if state.values[a] or state.values[b]:
                continue
            for dx in _digits0(state.cands[a]):
                ys = state.cands[b] & bad[dx]
                if ys:
                    x = a * n + dx
                    self.pair_weak[x] = self.pair_weak.get(x, 0) | ys << (b * n)
                    for dy in _digits0(ys):
                        y = b * n + dy
                        self.pair_weak[y] = self.pair_weak.get(y, 0) | 1 << x

    def weak(self, node: int) -> int:
        """The live nodes weakly linked to ``node``: its cell's other digits, its digit in cells it sees,
        the digits a pair constraint forbids with it."""
        c, dd = divmod(node, self.n)
        near = (self.sight.spread[c] << dd) | self.cell_nodes[c] | self.pair_weak.get(node, 0)
        return near & self.live & ~(1 << node)

    def strong(self, node: int) -> int:
        """The nodes strongly linked to ``node`` (cell and house links)."""
        return self.cell_strong.get(node, 0) | self.house_strong.get(node, 0)

    def cell_digit(self, node: int) -> tuple[int, int]:
        c, dd = divmod(node, self.n)
        return c, dd + 1

    def node(self, cell: int, digit: int) -> int:
        return cell * self.n + digit - 1


def _digits0(mask: int) -> Iterator[int]:
    """The digits - 1 of a mask."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def graph(state: VariantState) -> Graph:
    """The state's graph, made once for the state as it stands (the chain finders ask in a row)."""
    key = (tuple(state.cands), tuple(state.values))
    slot: dict = state.geometry.remember("graph", lambda p: {})  # the last state's graph
    if slot.get("key") != key:
        slot["key"], slot["graph"] = key, Graph(state)
    slot["graph"].state = state  # the same candidates, maybe another state object: steps name this one
    return slot["graph"]


def strong_places(state: VariantState) -> list[tuple[int, tuple[int, int], int]]:
    """Each (house index, its two cells, digit) where a digit has exactly two places in a house that
    must hold it: a house of N cells, or a killer cage every combination of whose digits left has it."""
    geo = state.geometry
    values, cands = state.values, state.cands
    out = []
    full = set(geo.full_houses)
    totals = {i: cage.total for i, cage in geo.cages}
    for h, house in enumerate(geo.houses):
        if h in full:
            must = (1 << state.size) - 1
        elif house.kind == "cage" and totals.get(house.index) is not None:
            must = -1
            for m in cage_support(totals[house.index], tuple(state.mask(c) for c in house.cells))[1]:
                must &= m
            if must == -1:
                continue
        else:
            continue
        placed = 0
        for c in house.cells:
            if values[c]:
                placed |= 1 << (values[c] - 1)
        must &= ~placed
        d = 0
        while must >> d:
            if must >> d & 1:
                bit = 1 << d
                where = [c for c in house.cells if cands[c] & bit and not values[c]]
                if len(where) == 2:
                    out.append((h, (where[0], where[1]), d + 1))
            d += 1
    return out


class Found(NamedTuple):
    """A chain the search met: ``strong`` links long, from ``start`` (false) to ``end`` (true);
    ``hit`` the live nodes weakly linked to both (they are false), ``loop`` when ``end`` is weakly
    linked to ``start`` (the chain may close)."""

    strong: int
    start: int
    end: int
    hit: int
    loop: bool


def search(g: Graph, starts: list[int], strong: Callable[[int], int], allowed: int, max_strong: int,
           loops: bool = False, same_digit: bool = False) -> Iterator[Found]:
    """The chains from each of ``starts`` (false) to a node (true) that tell something, breadth-first
    over all starts together: every chain of k strong links before any of k + 1; among equals, those
    that place their start first, then those whose ends rule out most.  ``strong`` gives a node's
    strong links, ``allowed`` the nodes a weak link may reach (``same_digit``: only its digit's); a
    chain tells something when its ends rule out a node, when it comes back to its start (which is
    then true) or, with ``loops``, when its end sees its start."""
    runs = []
    digit_nodes = g.sight.digit_nodes
    for a in starts:
        if strong(a):
            targets = g.weak(a) & digit_nodes[a % g.n] if same_digit else g.weak(a)
            runs.append((a, 0, 1 << a, 1 << a, targets))
    for level in range(1, max_strong + 1):
        found: list[Found] = []
        alive = []
        for a, reached_true, reached_false, frontier, targets in runs:
            new_true = 0
            for u in bits(frontier):
                new_true |= strong(u)
            new_true &= ~reached_true
            if not new_true:
                continue
            reached_true |= new_true
            new_false = 0
            for z in bits(new_true):
                w = g.weak(z)
                new_false |= w & digit_nodes[z % g.n] if same_digit else w
                hit = w & targets
                loop = loops and bool(targets >> z & 1)
                if level >= MIN_STRONG and (hit or z == a or loop):
                    found.append(Found(level, a, z, hit, loop))
            new_false &= allowed & ~reached_false
            if new_false:
                alive.append((a, reached_true, reached_false | new_false, new_false, targets))
        found.sort(key=lambda f: (f.end != f.start, -f.hit.bit_count(), f.start, f.end))
        yield from found
        runs = alive


def path(g: Graph, start: int, end: int, strong: Callable[[int], int], allowed: int,
         max_strong: int, same_digit: bool = False) -> list[int] | None:
    """The shortest chain of nodes from ``start`` (false) to ``end`` (true), strong link first; None
    when there is none within ``max_strong`` strong links."""
    parent_true: dict[int, int] = {}
    parent_false: dict[int, int] = {start: -1}
    frontier = [start]
    for _ in range(max_strong):
        nxt_true = []
        for u in frontier:
            for v in bits(strong(u)):
                if v not in parent_true:
                    parent_true[v] = u
                    nxt_true.append(v)
        if end in parent_true:
            out, node, true = [end], end, True
            while True:
                node = parent_true[node] if true else parent_false[node]
                if node == -1:
                    return out[::-1]
                out.append(node)
                true = not true
        frontier = []
        for u in nxt_true:
            w = g.weak(u) & allowed
            for v in bits(w & g.sight.digit_nodes[u % g.n] if same_digit else w):
                if v not in parent_false:
                    parent_false[v] = u
                    frontier.append(v)
    return None


def link_reason(g: Graph, a: int, b: int, strong: bool) -> dict[str, Any]:
    """Why two nodes of a chain are linked, as facts for the words: a strong link's two-candidate cell
    or house (a cage: the digit it must hold); a weak link seen only through a rule names the rule."""
    (ca, da), (cb, db) = g.cell_digit(a), g.cell_digit(b)
    if ca == cb:
        return {"cell": ca} if strong else {}
    state = g.state
    if not strong:
        return seen_through(state, ca, cb) if da == db else pair_reason(g, a, b)
    for h, cells, d in g.places:
        if d == da and set(cells) == {ca, cb}:
            return {"house": house_ref(state, state.geometry.houses[h])}
    return {}


PLAIN = ("row", "col", "region")  # houses a reader sees without being told


def seen_through(state: VariantState, a: int, b: int) -> dict[str, Any]:
    """How cell ``b`` sees ``a`` when no row, column or region says so: ``{"rule": ...}`` for a rule's
    move, ``{"house": ref}`` for a diagonal, extra region, disjoint group or cage; else ``{}``."""
    geo = state.geometry
    shared = [h for h in geo.cell_houses[a] if h in geo.cell_houses[b]]
    if any(geo.houses[h].kind in PLAIN for h in shared):
        return {}
    if shared:
        return {"house": house_ref(state, geo.houses[shared[0]])}
    rule = sight(state).by_rule[a].get(b)
    return {"rule": rule} if rule else {}


def pair_reason(g: Graph, a: int, b: int) -> dict[str, Any]:
    """The pair constraint that forbids nodes ``a`` and ``b`` (different digits) together, or ``{}``."""
    (ca, da), (cb, db) = g.cell_digit(a), g.cell_digit(b)
    for x, y, bad, why in g.sight.pairs:
        if ((x, y) == (ca, cb) and bad[da - 1] >> (db - 1) & 1
                or (x, y) == (cb, ca) and bad[db - 1] >> (da - 1) & 1):
            return {"pair": why}
    return {}
