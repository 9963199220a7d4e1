"""Colouring: follow one digit's strong links and paint the cells in two alternating colours.

A *cluster* is a set of cells joined by strong links (units holding the digit exactly twice).
Along a strong link exactly one end holds the digit, so in a cluster either every cell of one
colour holds it or every cell of the other does::

    A . . | . . B      A, B: one colour; a, b: the other
    . . . | . . .      (r1c1=r5c1, r5c1=r5c6, r5c6=r1c6 are strong links)
    * . . | . . .
    a . . | . . b      * sees A and a: whichever colour is true, it loses the digit

Simple colouring (4.5): *trap* - a cell that sees both colours of a cluster loses the digit;
*wrap* - two cells of one colour see each other, so that colour is false and all its cells lose
the digit.

Multi-colouring (4.6), two clusters: *type 1* - when a colour of one cluster sees a colour of the
other, the two opposite colours cannot both be false, so a cell seeing both of them loses the
digit; *type 2* - a colour that sees both colours of another cluster is false.

A compiled test first tells on which digits either removes anything (:func:`_removing_digits`):
on the 1,378 stuck states of tuning-half SE 6-9.3 puzzles, where they often do, simple colouring
0.086 -> 0.026 and multi-colouring 0.088 -> 0.044 ms a call (one core, interleaved, the same steps).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TypeVar

import numpy as np

from engine.candidates import CandidateGrid, DigitMemo, LastAnswer, all_unit_positions
from engine.grid import UNITS
from engine.logic.strategies import Family, Technique
from engine.logic.strategies.single_digit import strong_links
from engine.masks import CELL_BIT, PEER_MASK, PEER_THIRDS, bits, cands_array
from engine.steps import Step

FAMILY = Family()  # this module's techniques, read by engine.logic.techniques

Cluster = tuple[tuple[int, ...], tuple[int, ...]]  # the cells of colour 0 and of colour 1
Node = TypeVar("Node", int, tuple[int, int])  # a cell, or a (cell, digit) candidate


def clusters(cands: list[int], bit: int) -> list[Cluster]:
    """Return the digit's strong-link clusters, two-coloured (clusters with an odd cycle are left out)."""
    graph: dict[int, list[int]] = {}
    for _, a, b in strong_links(cands, bit):
        graph.setdefault(a, []).append(b)
        graph.setdefault(b, []).append(a)
    return [(tuple(zero), tuple(one)) for zero, one, _ in two_coloured(graph)]


def two_coloured(graph: dict[Node, list[Node]]) -> Iterator[tuple[list[Node], list[Node], list]]:
    """Yield (colour 0, colour 1, links) of each connected part of ``graph`` that two colours can paint,
    nodes ascending; ``links`` are the ``(node, next, True)`` strong links the painting followed.  A part
    with an odd cycle is left out.  Simple colouring paints cells of one digit, 3D Medusa candidates."""
    colour: dict[Node, int] = {}
    for start in sorted(graph):
        if start in colour:
            continue
        colour[start] = 0
        members, stack, links, broken = [start], [start], [], False
        while stack:
            node = stack.pop()
            for nxt in graph[node]:
                if nxt not in colour:
                    colour[nxt] = 1 - colour[node]
                    members.append(nxt)
                    stack.append(nxt)
                    links.append((node, nxt, True))
                elif colour[nxt] == colour[node]:
                    broken = True
        if not broken:
            members.sort()
            yield [m for m in members if colour[m] == 0], [m for m in members if colour[m] == 1], links


def _seen_by(cells: tuple[int, ...]) -> int:
    """Return the cells seeing some cell of ``cells``, as a cell mask."""
    seen = 0
    for c in cells:
        seen |= PEER_MASK[c]
    return seen


def _cell_mask(cells: tuple[int, ...]) -> int:
    """Return ``cells`` as a cell mask."""
    out = 0
    for c in cells:
        out |= CELL_BIT[c]
    return out


def _digit_mask(cands: list[int], bit: int) -> int:
    """Return the cells holding the digit ``bit`` as a cell mask."""
    out = 0
    for c in range(81):
        if cands[c] & bit:
            out |= CELL_BIT[c]
    return out


def _step(tid: str, d: int, groups: list[tuple[int, ...]], elims: list[int], kind: str) -> Step:
    cells = tuple(c for g in groups for c in g)
    return Step(tid, eliminations=tuple((c, d) for c in sorted(elims)), cells=cells,
                candidates=tuple((c, d) for c in cells),
                detail={"digit": d, "kind": kind,
                        "colours": " / ".join(", ".join(f"r{c // 9 + 1}c{c % 9 + 1}" for c in g)
                                              for g in groups)})


_MEMO = DigitMemo()  # per digit: colouring depends only on that digit's 27 unit masks


def _removing_digits(cands: list[int]) -> int:
    """Return :func:`engine.kernels.coloring.coloring_digits`: bit d - 1 when simple colouring removes
    something on digit d, bit 8 + d when multi-colouring does.

    Both nearly never do on a hard state (none of 3,600 calls each on held-out SE 9 puzzles), and
    the compiled test is cheaper than even the memo's lookups for the nine digits.  It answers both
    colourings at once, so the last state's answer is kept for the second to ask.
    """
    return _REMOVING.get(tuple(cands), lambda: _coloring_digits(cands))


def _coloring_digits(cands: list[int]) -> int:
    from engine.kernels.coloring import coloring_digits  # loads numba on first use

    return coloring_digits(cands_array(cands), _UNITS, _PEER_THIRDS)


_REMOVING = LastAnswer()  # _removing_digits' last state


_UNITS = np.array(UNITS, dtype=np.int64)
_PEER_THIRDS = np.array(PEER_THIRDS, dtype=np.int64)


def simple_coloring(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every colour wrap and colour trap that removes a candidate (none if none)."""
    return _by_digit(cg, _removing_digits(cg.cands) & 0x1FF, "simple", _simple_digit)


def _simple_digit(cands: list[int], d: int) -> Iterator[Step]:
    bit = 1 << (d - 1)
    found = clusters(cands, bit)
    holding = _digit_mask(cands, bit) if found else 0
    for on, off in found:
        for colour in (on, off):
            colour_cells = _cell_mask(colour)  # two of its cells see each other: the colour is false
            if any(PEER_MASK[a] & colour_cells for a in colour):
                yield _step("simple_coloring", d, [on, off], list(colour), "wrap")
        members = _cell_mask(on) | _cell_mask(off)
        trapped = list(bits(_seen_by(on) & _seen_by(off) & holding & ~members))
        if trapped:
            yield _step("simple_coloring", d, [on, off], trapped, "trap")


def multi_coloring(cg: CandidateGrid) -> Iterator[Step]:
    """Yield, per pair of clusters, everything multi-colouring removes (none if nothing)."""
    return _by_digit(cg, _removing_digits(cg.cands) >> 9, "multi", _multi_digit)


def _by_digit(
    cg: CandidateGrid, digits: int, kind: str, find: Callable[[list[int], int], Iterator[Step]]
) -> Iterator[Step]:
    """Yield ``find``'s steps for each digit in the mask ``digits``, kept per digit's places; none if none."""
    if digits:
        for d, pos in enumerate(all_unit_positions(cg.cands), start=1):
            if digits >> (d - 1) & 1:
                yield from _MEMO.get((kind, d, tuple(pos)), lambda d=d: list(find(cg.cands, d)))


def _multi_digit(cands: list[int], d: int) -> Iterator[Step]:
    bit = 1 << (d - 1)
    found = clusters(cands, bit)
    if len(found) < 2:
        return
    # cell masks throughout: this runs for every digit mask of every state the driver reaches here
    seen = [(_seen_by(on), _seen_by(off)) for on, off in found]
    where = [(_cell_mask(on), _cell_mask(off)) for on, off in found]
    holding = _digit_mask(cands, bit)
    for i, first in enumerate(found):
        for j in range(i + 1, len(found)):
            second = found[j]
            parts: dict[str, set[int]] = {}
            members = where[i][0] | where[i][1] | where[j][0] | where[j][1]
            views = ((first, where[j], seen[i], seen[j]), (second, where[i], seen[j], seen[i]))
            for one, two, s1, s2 in views:
                for kind, cells in _multi_pair(holding & ~members, one, two, s1, s2):
                    parts.setdefault(kind, set()).update(cells)
            groups = [first[0], first[1], second[0], second[1]]
            elims = set().union(*parts.values())
            if elims:
                # first everything the pair of clusters removes (HoDoKu's step), then each type alone
                kinds = " + ".join(sorted(k for k, v in parts.items() if v))
                yield _step("multi_coloring", d, groups, sorted(elims), kinds)
            if len(parts) > 1:
                for kind, cells in sorted(parts.items()):
                    if cells:
                        yield _step("multi_coloring", d, groups, sorted(cells), kind)


def _multi_pair(open_cells: int, first: Cluster, second: tuple[int, int], seen1: tuple[int, int],
                seen2: tuple[int, int]) -> Iterator[tuple[str, set[int]]]:
    """Yield (kind, cells) for what the first cluster's colours tell against the second's (cell masks:
    ``second`` its colours, ``seen1``/``seen2`` what each colour sees, ``open_cells`` the digit's
    cells outside both clusters)."""
    for a in (0, 1):
        # type 2: colour a of the first cluster sees both colours of the second, so it is false
        if seen1[a] & second[0] and seen1[a] & second[1]:
            yield "type 2", set(first[a])
        for b in (0, 1):
            if not seen1[a] & second[b]:
                continue
            # colour a sees colour b: one of the opposite colours holds the digit
            yield "type 1", set(bits(seen1[1 - a] & seen2[1 - b] & open_cells))


FAMILY.add(Technique("simple_coloring", "Simple Colouring", "简单染色", 4.5, simple_coloring))
FAMILY.add(Technique("multi_coloring", "Multi-Colouring", "多重染色", 4.6, multi_coloring))
