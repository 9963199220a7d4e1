"""Pairs of neighbours: Kropki dots, XV, greater-than signs, non-consecutive neighbours, odd and even.

    3 o .     A white dot joins digits that differ by 1 (its value if set), a black dot digits of which
    . . .     one is twice (its value times) the other; an X joins digits that sum to 10, a V to 5; a
              greater-than sign points at the smaller digit.
Each is a table of the pairs it allows: a digit with no partner left in its neighbour is out.  The
negative rules ("every dot is shown", "every X and V is shown") make the same table for each pair of
neighbours with no mark between them: such a pair may not differ by 1 (or be double, or sum to 10 or
5).  A pair carrying any mark is left to that mark: which negative rule a marked pair still obeys is
not agreed, and leaving it out only gives fewer eliminations, never a wrong one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from engine.logic.variant.common import VariantTechnique, make_step
from engine.logic.variant.state import VariantState, digits_of
from engine.puzzle.model import XV, Dot, GreaterThan, Parity, Puzzle
from engine.steps import Step

Relation = Callable[[int, int], bool]
NEGATIVE = frozenset({"negative_white", "negative_black", "negative_xv"})


def _dot_relation(dot: Dot) -> Relation:
    v = dot.number
    if dot.colour == "white":
        return lambda a, b: abs(a - b) == v
    return lambda a, b: a == v * b or b == v * a


def marked_relation(con: Dot | XV | GreaterThan) -> tuple[Relation, str]:
    """A dot's, X's, V's or greater-than sign's pair table and its mark (white/black, x/v, greater)."""
    if isinstance(con, Dot):
        return _dot_relation(con), con.colour
    if isinstance(con, XV):
        return (lambda a, b, t=con.total: a + b == t), ("x" if con.total == 10 else "v")
    return (lambda a, b: a > b), "greater"


def _pair_support(state: VariantState, a: int, b: int, ok: Relation) -> list[tuple[int, int]]:
    """The eliminations a pair table makes on cells ``a`` and ``b`` (always different digits)."""
    ma, mb = state.mask(a), state.mask(b)
    da, db = digits_of(ma), digits_of(mb)
    gone = []
    if not state.values[a]:
        gone += [(a, x) for x in da if not any(x != y and ok(x, y) for y in db)]
    if not state.values[b]:
        gone += [(b, y) for y in db if not any(x != y and ok(x, y) for x in da)]
    return gone


def neighbour_pairs(n: int) -> list[tuple[int, int]]:
    """Every orthogonally adjacent (cell, cell) pair of an n x n board, lower cell first (none if n < 2)."""
    out = []
    for c in range(n * n):
        if c % n < n - 1:
            out.append((c, c + 1))
        if c // n < n - 1:
            out.append((c, c + n))
    return out


def unmarked_pairs(puzzle: Puzzle) -> list[tuple[int, int]]:
    """Neighbour pairs with no dot, X, V or sign between them (all of them on an unmarked board)."""
    marked = {frozenset(c.cells) for c in puzzle.constraints if isinstance(c, (Dot, XV, GreaterThan))}
    return [p for p in neighbour_pairs(puzzle.size) if frozenset(p) not in marked]


def negative_relation(puzzle: Puzzle, family: str) -> tuple[Relation, str] | None:
    """The relation the negative rule of ``family`` ("kropki" or "xv") puts on unmarked neighbours, and
    its reason code; None when the puzzle has no such rule."""
    rules = puzzle.rules()
    dots = puzzle.of_kind(Dot)
    if family == "kropki":
        no_white = "negative_white" in rules and all(d.number == 1 for d in dots if d.colour == "white")
        no_black = "negative_black" in rules and all(d.number == 2 for d in dots if d.colour == "black")
        if not (no_white or no_black):
            return None
        return (lambda a, b: not (no_white and abs(a - b) == 1)
                and not (no_black and (a == 2 * b or b == 2 * a)),
                "negative_" + ("white_black" if no_white and no_black else "white" if no_white else "black"))
    if "negative_xv" in rules:
        return (lambda a, b: a + b not in (5, 10)), "negative_xv"
    return None


def _marked_steps(state: VariantState, technique: str, kinds: tuple[type, ...]) -> Iterator[Step]:
    for index, con in enumerate(state.puzzle.constraints):
        if not isinstance(con, kinds):
            continue
        ok, mark = marked_relation(con)
        gone = _pair_support(state, *con.cells, ok)
        if gone:
            yield make_step(state, technique, eliminations=gone, cells=con.cells, dots=[index],
                            mark=mark, number=getattr(con, "number", getattr(con, "total", 0)))


def _negative_steps(state: VariantState, technique: str, family: str) -> Iterator[Step]:
    if not state.geometry.rules & NEGATIVE:
        return
    negative = state.geometry.remember("negative_" + family, lambda p: negative_relation(p, family))
    if negative is None:
        return
    ok, mark = negative
    for a, b in state.geometry.remember("unmarked", unmarked_pairs):
        gone = _pair_support(state, a, b, ok)
        if gone:
            yield make_step(state, technique, eliminations=gone, cells=(a, b), mark=mark)


def kropki(state: VariantState) -> Iterator[Step]:
    """A Kropki dot's pair table: a digit with no partner in the other cell is out."""
    return _marked_steps(state, "kropki", (Dot,))


def kropki_negative(state: VariantState) -> Iterator[Step]:
    """Neighbours without a dot (every dot shown) do not differ by 1 nor double."""
    return _negative_steps(state, "kropki_negative", "kropki")


def xv(state: VariantState) -> Iterator[Step]:
    """An X (sum 10) or V (sum 5): a digit with no partner in the other cell is out."""
    return _marked_steps(state, "xv", (XV,))


def xv_negative(state: VariantState) -> Iterator[Step]:
    """Neighbours without an X or V (every one shown) do not sum to 10 or 5."""
    return _negative_steps(state, "xv_negative", "xv")


def greater_than(state: VariantState) -> Iterator[Step]:
    """A greater-than sign: the larger cell is above the smaller one's least digit, and the other way."""
    return _marked_steps(state, "greater_than", (GreaterThan,))


def non_consecutive_pair(state: VariantState) -> Iterator[Step]:
    """Non-consecutive neighbours: a digit whose every partner in the neighbour is one away is out."""
    if "nonconsecutive" not in state.geometry.rules:
        return
    for a, b in neighbour_pairs(state.size):
        if state.values[a] or state.values[b]:
            continue  # a placed neighbour's eliminations are the rule's own step
        gone = _pair_support(state, a, b, lambda x, y: abs(x - y) != 1)
        if gone:
            yield make_step(state, "non_consecutive_pair", eliminations=gone, cells=(a, b),
                            mark="nonconsecutive")


def parity(state: VariantState) -> Iterator[Step]:
    """An odd (even) cell holds no even (odd) digit."""
    for index, con in enumerate(state.puzzle.constraints):
        if not isinstance(con, Parity) or state.values[con.cell]:
            continue
        gone = [(con.cell, d) for d in digits_of(state.cands[con.cell]) if (d % 2 == 0) != con.even]
        if gone:
            yield make_step(state, "parity", eliminations=gone, cells=[con.cell], dots=[index],
                            even=con.even)


TECHNIQUES = [
    VariantTechnique("parity", "Odd and Even", "奇偶格", 1.0, parity,
                     "{cells} is {parity}", "{cells} 是{parity}"),
    VariantTechnique("xv", "XV", "XV", 1.7, xv,
                     "{cells} {mark_words}", "{cells} {mark_words}"),
    VariantTechnique("kropki", "Kropki Dot", "黑白点", 1.8, kropki,
                     "{cells} {mark_words}", "{cells} {mark_words}"),
    VariantTechnique("greater_than", "Greater Than", "不等号", 1.8, greater_than,
                     "{cells} {mark_words}", "{cells} {mark_words}"),
    VariantTechnique("xv_negative", "XV, negative", "XV 反向约束", 2.0, xv_negative,
                     "{cells} {mark_words}", "{cells} {mark_words}"),
    VariantTechnique("kropki_negative", "Kropki, negative", "黑白点反向约束", 2.0, kropki_negative,
                     "{cells} {mark_words}", "{cells} {mark_words}"),
    VariantTechnique("non_consecutive_pair", "Non-consecutive Pair", "非连续数对", 2.2, non_consecutive_pair,
                     "{cells} {mark_words}", "{cells} {mark_words}"),
]
