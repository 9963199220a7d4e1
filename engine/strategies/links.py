"""The link graph and almost locked sets: the structures chains, ALS techniques and forcing share.

Chains (:mod:`engine.strategies.chains`) search the graph; ALS techniques
(:mod:`engine.strategies.als`) combine the sets; the graph uses the sets as nodes.  Both families
import this module and neither imports the other, so there is no import cycle.  See
:mod:`engine.strategies.chains` for what nodes and strong/weak links mean.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

import numpy as np

from engine.candidates import CandidateGrid
from engine.grid import CELL_UNITS, UNITS, cell_name
from engine.masks import ALL_CELLS, CELL_BIT, MASK_DIGITS, UNIT_MASK, bits, common_peers
from engine.steps import Step, result_label

# the 54 box/line intersections where a grouped node can live
INTERSECTIONS = tuple(
    UNIT_MASK[18 + b] & UNIT_MASK[line]
    for b in range(9)
    for line in range(18)
    if UNIT_MASK[18 + b] & UNIT_MASK[line]
)


_last_cells: tuple[tuple, list[int]] = ((), [])  # the last state's answer: a dozen finders ask in a row


def digit_cells(cg: CandidateGrid) -> list[int]:
    """Return, per digit 1-9 (index 0 unused), the bitmask of cells where it is a candidate (a new
    list: callers may change it)."""
    global _last_cells
    last = _last_cells
    key = tuple(cg.cands)
    if last[0] != key:
        last = _last_cells = (key, _digit_cells(cg))
    return list(last[1])


def _digit_cells(cg: CandidateGrid) -> list[int]:
    out = [0] * 10
    cands = cg.cands
    for c in range(81):
        m = cands[c]
        while m:
            low = m & -m
            out[low.bit_length()] |= CELL_BIT[c]
            m ^= low
    return out


class Graph:
    """Nodes ``(digit, cells)`` and their strong and weak links, built for one candidate state.

    Links are node bitsets (bit b of ``strong_bits[a]``: a = b), both ways; the strong links
    through almost locked sets are kept apart (``als_strong``: a set of k digits links k(k-1)/2
    pairs, tens of thousands a state).  ``strong`` and ``weak`` list them per node.  Bitsets
    because the ALS graph of an SE 9 state has 600-800 nodes and some 30,000 weak links: lists of
    them cost more to build than the compiled search costs to run.
    """

    __slots__ = (
        "digit", "mask", "cp", "strong_bits", "weak_bits", "index", "als_of", "cands",
        "als_strong", "als_sets", "als_in",
    )

    def __init__(self) -> None:
        self.digit: list[int] = []
        self.mask: list[int] = []
        self.cp: list[int] = []  # common peers of the node's cells
        self.strong_bits: list[int] = []
        self.weak_bits: list[int] = []
        self.index: dict[tuple[int, int], int] = {}
        self.als_of: dict[int, int] = {}  # node -> cells of the ALS it was made for
        self.cands: list[int] = []  # the state's candidate masks
        # the strong links through almost locked sets, the sets, and per node the indexes of the
        # sets it belongs to
        self.als_strong: list[int] = []
        self.als_sets: list[Als] = []
        self.als_in: dict[int, list[int]] = {}

    @property
    def strong(self) -> list[list[int]]:
        """Return each node's strong links outside almost locked sets, as lists of nodes."""
        return [list(bits(m)) for m in self.strong_bits]

    @property
    def weak(self) -> list[list[int]]:
        """Return each node's weak links as lists of nodes."""
        return [list(bits(m)) for m in self.weak_bits]

    def node(self, digit: int, mask: int) -> int:
        """Return the id of node (digit, mask), adding it if new."""
        key = (digit, mask)
        nid = self.index.get(key)
        if nid is None:
            nid = len(self.digit)
            self.index[key] = nid
            self.digit.append(digit)
            self.mask.append(mask)
            self.cp.append(common_peers(mask))
            self.strong_bits.append(0)
            self.weak_bits.append(0)
            self.als_strong.append(0)
        return nid

    def link_als(self, a: int, b: int) -> Als | None:
        """Return the (last listed) almost locked set whose digits give the strong link a = b, or None."""
        la, lb = self.als_in.get(a), self.als_in.get(b)
        if not la or not lb:
            return None
        common = set(la).intersection(lb)
        return self.als_sets[max(common)] if common else None

    def link_strong(self, a: int, b: int) -> None:
        """Record a strong link a = b (both directions)."""
        self.strong_bits[a] |= 1 << b
        self.strong_bits[b] |= 1 << a

    def link_weak(self, a: int, b: int) -> None:
        """Record a weak link a - b (both directions)."""
        self.weak_bits[a] |= 1 << b
        self.weak_bits[b] |= 1 << a

    def is_single(self, n: int) -> bool:
        """Return True when node n is one candidate (one cell)."""
        m = self.mask[n]
        return m & (m - 1) == 0

    def label(self, n: int) -> str:
        """Return e.g. ``(5)r1c2`` or ``(5)r1c2|r1c3`` (HoDoKu's notation)."""
        return f"({self.digit[n]})" + "|".join(cell_name(c) for c in bits(self.mask[n]))

    def pair(self, n: int) -> tuple[int, int]:
        """Return (first cell, digit): the candidate drawn for node n."""
        m = self.mask[n]
        return ((m & -m).bit_length() - 1, self.digit[n])


def build_graph(
    cg: CandidateGrid,
    digits: Iterable[int] = range(1, 10),
    *,
    cells: int = ALL_CELLS,
    unit_links: bool = True,
    cell_links: bool = True,
    groups: bool = False,
    als: bool = False,
) -> Graph:
    """Return the link graph of ``cg`` restricted to ``digits`` and ``cells`` (never fails)."""
    g = Graph()
    g.cands = cg.cands
    dc = digit_cells(cg)
    digits = tuple(digits)
    for d in digits:
        for c in bits(dc[d] & cells):
            g.node(d, CELL_BIT[c])
        if groups:
            for inter in INTERSECTIONS:
                m = dc[d] & inter
                if m & (m - 1):
                    g.node(d, m)
    if als:
        _add_als_nodes(g, cg, digits)
    if unit_links:
        _unit_strong_links(g, dc)
        unit_weak_links(g)
    if cell_links:
        _cell_links(g, cg, digits, cells)
    return g


def _unit_strong_links(g: Graph, dc: list[int]) -> None:
    """Link each two nodes (neither made for an ALS spread over units) holding every place of
    their digit in a unit between them."""
    index, als_of, mask, digit = g.index, g.als_of, g.mask, g.digit
    for a in range(len(mask)):
        if a in als_of:
            continue
        m, d = mask[a], digit[a]
        for u in CELL_UNITS[(m & -m).bit_length() - 1]:
            unit = UNIT_MASK[u]
            if m & ~unit:
                continue
            b = index.get((d, dc[d] & unit & ~m))
            if b is not None and b not in als_of:
                g.link_strong(a, b)


def unit_weak_links(g: Graph) -> None:
    """Link weakly each two nodes of one digit whose cells all see each other (compiled,
    :func:`engine.chain_kernels.weak_links`: some 30,000 links in an SE 9 state's ALS graph)."""
    from engine.chain_kernels import weak_links

    n = len(g.digit)
    if not n:
        return
    low = (1 << 64) - 1
    cells = np.array([x for m in g.mask for x in (m & low, m >> 64)], dtype=np.uint64).reshape(n, 2)
    peers = np.array([x for m in g.cp for x in (m & low, m >> 64)], dtype=np.uint64).reshape(n, 2)
    data = weak_links(np.array(g.digit, dtype=np.int64), cells, peers).tobytes()
    step = len(data) // n
    weak = g.weak_bits
    for i in range(n):
        weak[i] |= int.from_bytes(data[i * step : (i + 1) * step], "little")


def _cell_links(g: Graph, cg: CandidateGrid, digits: tuple[int, ...], cells: int) -> None:
    """Link the digits of each cell weakly (one-cell nodes), and strongly in a bivalue cell."""
    for c in bits(cells):
        m = cg.cands[c]
        ids = [g.index[(d, CELL_BIT[c])] for d in digits if m >> (d - 1) & 1]
        if len(ids) == 2 and m.bit_count() == 2:
            g.link_strong(ids[0], ids[1])
        if len(ids) > 1:
            together = sum(1 << n for n in ids)
            for n in ids:
                g.weak_bits[n] |= together & ~(1 << n)


def _add_als_nodes(g: Graph, cg: CandidateGrid, digits: tuple[int, ...]) -> None:
    """Add, for every almost locked set of 2+ cells, a strong link between each two of its digits."""
    wanted = set(digits)
    index = g.index
    spread: dict[int, bool] = {}  # cells -> not all in one unit
    for als in almost_locked_sets(cg, min_size=2):
        dm = als.digit_mask
        ids = []
        for d, m in dm.items():  # digits ascending, as in ``digits``
            if d not in wanted:
                continue
            n = index.get((d, m))
            if n is None:
                n = g.node(d, m)
            if m & (m - 1):
                wide = spread.get(m)
                if wide is None:
                    wide = spread[m] = not _in_one_unit(m)
                if wide:
                    g.als_of[n] = als.cells
            ids.append(n)
        if len(ids) == len(dm):
            k = len(g.als_sets)
            g.als_sets.append(als)
            linked = 0
            for n in ids:
                linked |= 1 << n
            for n in ids:
                g.als_strong[n] |= linked & ~(1 << n)
                g.als_in.setdefault(n, []).append(k)


def _in_one_unit(mask: int) -> bool:
    c = (mask & -mask).bit_length() - 1
    return any(mask & ~UNIT_MASK[u] == 0 for u in CELL_UNITS[c])


class Als(NamedTuple):
    """An almost locked set: its cells (bitmask), digits (9-bit mask) and per-digit cells and peers."""

    cells: int
    digits: int
    digit_mask: dict[int, int]  # digit -> cells of the set holding it
    digit_peers: dict[int, int]  # digit -> cells seeing every cell of the set holding it

    @property
    def size(self) -> int:
        """Return the number of cells."""
        return self.cells.bit_count()


_last: tuple[tuple, list[Als]] = ((), [])  # the last state's sets: five finders ask in a row


def almost_locked_sets(cg: CandidateGrid, min_size: int = 1, max_size: int = 8) -> list[Als]:
    """Return every distinct ALS (N cells of a unit, N+1 digits) of ``min_size``..``max_size`` cells,
    by unit, then size, then cells."""
    global _last
    key = tuple(cg.cands)
    if _last[0] != key:
        _last = (key, _almost_locked_sets(cg))
    return [a for a in _last[1] if min_size <= a.size <= max_size]


def _almost_locked_sets(cg: CandidateGrid) -> list[Als]:
    seen: set[int] = set()
    out: list[Als] = []
    cands = cg.cands
    dc = digit_cells(cg)
    peers: dict[int, int] = {}
    for unit in UNITS:
        empty = [c for c in unit if cands[c]]
        by_size: list[list[tuple[int, int]]] = [[] for _ in range(len(empty))]
        _subsets([cands[c] for c in empty], [CELL_BIT[c] for c in empty], 0, 0, 0, 0, by_size)
        for found in by_size:
            for cells, m in found:
                if cells in seen:
                    continue
                seen.add(cells)
                dm = {d: dc[d] & cells for d in MASK_DIGITS[m]}
                dp = {}
                for d, x in dm.items():
                    p = peers.get(x)
                    if p is None:
                        p = peers[x] = common_peers(x)
                    dp[d] = p
                out.append(Als(cells, m, dm, dp))
    return out


def _subsets(
    cands: list[int], bits_: list[int], i: int, size: int, cells: int, union: int, out: list[list]
) -> None:
    """Collect in ``out[n]`` the (cells, digits) of every n-cell subset (0 < n < len) holding n + 1
    digits: depth first, the union kept as it grows, in the order of itertools.combinations per size."""
    if size + 1 >= len(cands):
        return
    for k in range(i, len(cands)):
        u = union | cands[k]
        m = cells | bits_[k]
        if u.bit_count() == size + 2:
            out[size + 1].append((m, u))
        _subsets(cands, bits_, k + 1, size + 1, m, u, out)


def rccs(a: Als, b: Als) -> list[int]:
    """Return the restricted common candidates of two sets (empty when they share none)."""
    out = []
    common = a.digits & b.digits
    while common:
        low = common & -common
        common ^= low
        x = low.bit_length()
        ax, bx = a.digit_mask[x], b.digit_mask[x]
        if ax & bx == 0 and bx & ~a.digit_peers[x] == 0:
            out.append(x)
    return out


_last_pairs: tuple[tuple, list[tuple[int, int, list[int]]]] = ((), [])


def rcc_pairs(cg: CandidateGrid, sets: list[Als]) -> list[tuple[int, int, list[int]]]:
    """Return ``(i, j, rccs)`` for every two non-overlapping sets (i < j) sharing an RCC, cached per
    state: ALS-XZ and the ALS-XY-wing ask for the same pairs in a row.

    The pairs are tested compiled (:func:`engine.chain_kernels.rcc_pairs`, the test of
    :func:`rccs`): an SE 9 state has 300-700 sets, some 100,000 pairs, 0.1-0.2 s in Python.
    """
    global _last_pairs
    key = (tuple(cg.cands), len(sets))
    if _last_pairs[0] == key:
        return _last_pairs[1]
    from engine.chain_kernels import rcc_pairs as compiled

    low = (1 << 64) - 1
    n = len(sets)
    flat = [0] * (n * 40)  # per set 10 x 4 words: cells and digits, then per digit cells and peers
    for i, a in enumerate(sets):
        k = i * 40
        flat[k], flat[k + 1], flat[k + 2] = a.cells & low, a.cells >> 64, a.digits
        for d, m in a.digit_mask.items():
            p = a.digit_peers[d]
            flat[k + 4 * d : k + 4 * d + 4] = m & low, m >> 64, p & low, p >> 64
    table = np.array(flat, dtype=np.uint64).reshape(n, 10, 4)
    found = compiled(table).T.tolist() if n else [[], [], []]
    out = [(i, j, list(MASK_DIGITS[m])) for i, j, m in zip(*found, strict=True)]
    _last_pairs = (key, out)
    return out


def result_fields(step: Step, lang: str) -> dict[str, str]:
    """Return the template field every chain-like text shares: ``result``, what the step places or
    removes in words."""
    return {"result": result_label(step, lang)}
