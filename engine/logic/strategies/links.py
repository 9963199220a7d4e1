"""The link graph and almost locked sets: the structures chains, ALS techniques and forcing share.

Chains (:mod:`engine.logic.strategies.chains`) search the graph; ALS techniques
(:mod:`engine.logic.strategies.als`) combine the sets; the graph uses the sets as nodes.  Both families
import this module and neither imports the other, so there is no import cycle.  See
:mod:`engine.logic.strategies.chains` for what nodes and strong/weak links mean.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple, overload

import numpy as np

from engine.candidates import CandidateGrid
from engine.grid import CELL_UNITS_NP, UNITS_NP, cell_name
from engine.masks import ALL_CELLS, CELL_BIT, MASK_DIGITS, PEER_MASK, UNIT_MASK, bits, common_peers

# the 54 box/line intersections where a grouped node can live
INTERSECTIONS = tuple(
    UNIT_MASK[18 + b] & UNIT_MASK[line]
    for b in range(9)
    for line in range(18)
    if UNIT_MASK[18 + b] & UNIT_MASK[line]
)


# a graph's almost locked sets when it has none: no nodes, set k's nodes from _NO_START[k] (none)
_NO_IDS = np.zeros(0, dtype=np.int64)
_NO_START = np.zeros(1, dtype=np.int64)

# the last state's answer (key, digit cells, digit_words or None until asked): a dozen finders ask
# in a row.  Replaced whole and read once (threads may rate at once).
_last_cells: tuple[tuple, list[int], np.ndarray | None] = ((), [], None)


def digit_cells(cg: CandidateGrid) -> list[int]:
    """Return, per digit 1-9 (index 0 unused), the bitmask of cells where it is a candidate (a new
    list: callers may change it)."""
    return list(_state_cells(cg)[1])


def _state_cells(cg: CandidateGrid) -> tuple[tuple, list[int], np.ndarray | None]:
    """Return the last state's answer, made for ``cg`` if it was another's."""
    global _last_cells
    last = _last_cells
    key = tuple(cg.cands)
    if last[0] != key:
        last = _last_cells = (key, _digit_cells(cg), None)
    return last


def _digit_cells(cg: CandidateGrid) -> list[int]:
    """Per digit its cells, each cell's digits read from :data:`MASK_DIGITS`: 45 -> 22 us a state
    against peeling each mask's bits (about 4,000 states a held-out SE 9 rating pass; numpy's
    ``packbits`` of the shifted masks took 27 us)."""
    out = [0] * 10
    for c, m in enumerate(cg.cands):
        if m:
            bit = CELL_BIT[c]
            for d in MASK_DIGITS[m]:
                out[d] |= bit
    return out


class NodeArrays(NamedTuple):
    """A graph's nodes and state as the compiled kernels read them (cell masks as two uint64 words)."""

    digit: np.ndarray  # per node its digit
    cells: np.ndarray  # per node its cells
    peers: np.ndarray  # per node the cells seeing all of them
    places: np.ndarray  # per digit 0-9 its cells (digit_words)
    cands: np.ndarray  # per cell its digit mask
    als_ids: np.ndarray  # the nodes of every almost locked set, set after set
    als_start: np.ndarray  # set k's nodes are als_ids[als_start[k]:als_start[k + 1]]


class Graph:
    """Nodes ``(digit, cells)`` and their strong and weak links, built for one candidate state.

    Links are node sets, both ways: ``links[0][a]`` the nodes strongly linked to a (through units,
    cells and almost locked sets), ``links[1][a]`` the weakly linked ones, each a row of uint64
    words (node b is bit ``b % 64`` of word ``b // 64``), made by one compiled pass
    (:func:`engine.kernels.chains.graph_links`) and given to the compiled search as they are.  The
    ALS graph of an SE 9 state has 600-800 nodes and some 30,000 weak links: made link by link in
    Python (node bitsets as ints, then rows) they cost more than the search.
    """

    __slots__ = (
        "digit", "_mask", "_cp", "_index", "cands", "_als_sets", "_als_kept", "_als_in", "_als_ids", "links",
        "arrays",
    )

    def __init__(self) -> None:
        self.digit: list[int] = []
        # the nodes' cells, common peers and ids by (digit, cells): None until asked for, then made
        # from ``arrays`` (a graph the chains find nothing in never needs them)
        self._mask: list[int] | None = []
        self._cp: list[int] | None = []
        self._index: dict[tuple[int, int], int] | None = {}
        self.cands: list[int] = []  # the state's candidate masks
        # the almost locked sets; per node the sets it belongs to and per set its nodes: None until
        # asked for, then made from ``arrays`` (only a chain through a set's link asks), the sets
        # taken from the state's (``_als_kept``: its AlsList and the graph's indices in it)
        self._als_sets: list[Als] | None = []
        self._als_kept: tuple[AlsList, np.ndarray] | None = None  # (the state's sets, the graph's)
        self._als_in: dict[int, int] | None = {}
        self._als_ids: list[list[int]] | None = []
        self.links: np.ndarray = np.zeros((2, 0, 0), dtype=np.uint64)
        self.arrays: NodeArrays | None = None  # the nodes as the compiled kernels read them

    @property
    def mask(self) -> list[int]:
        """Return each node's cells (a cell mask)."""
        if self._mask is None:
            self._mask = _join(self.arrays.cells)  # type: ignore[union-attr]  (None only once arrays are set)
        return self._mask

    @mask.setter
    def mask(self, value: list[int]) -> None:
        self._mask = value

    @property
    def cp(self) -> list[int]:
        """Return the cells seeing every cell of each node (a cell mask)."""
        if self._cp is None:
            self._cp = _join(self.arrays.peers)  # type: ignore[union-attr]
        return self._cp

    @cp.setter
    def cp(self, value: list[int]) -> None:
        self._cp = value

    @property
    def index(self) -> dict[tuple[int, int], int]:
        """Return the node ids by (digit, cells)."""
        if self._index is None:
            keys = zip(self.digit, self.mask, strict=True)
            self._index = dict(zip(keys, range(len(self.digit)), strict=True))
        return self._index

    @index.setter
    def index(self, value: dict[tuple[int, int], int]) -> None:
        self._index = value

    @property
    def als_sets(self) -> list[Als]:
        """Return the almost locked sets whose nodes the graph has."""
        if self._als_sets is None:
            sets, kept = self._als_kept  # type: ignore[misc]  (set with _als_sets = None)
            self._als_sets = [sets[k] for k in kept.tolist()]
        return self._als_sets

    @property
    def als_ids(self) -> list[list[int]]:
        """Return per almost locked set (in ``als_sets``' order) its nodes."""
        if self._als_ids is None:
            a = self.arrays
            flat, start = a.als_ids.tolist(), a.als_start.tolist()  # type: ignore[union-attr]
            self._als_ids = [flat[start[k] : start[k + 1]] for k in range(len(start) - 1)]
        return self._als_ids

    @property
    def als_in(self) -> dict[int, int]:
        """Return per node in a set the sets it belongs to (bit k: set k of ``als_sets``)."""
        if self._als_in is None:
            self._als_in = {}
            for k, ids in enumerate(self.als_ids):
                for n in ids:
                    self._als_in[n] = self._als_in.get(n, 0) | 1 << k
        return self._als_in

    @property
    def strong_bits(self) -> list[int]:
        """Return each node's strong links as a node bitset (an int)."""
        return _ints(self.links[0])

    @property
    def weak_bits(self) -> list[int]:
        """Return each node's weak links as a node bitset (an int)."""
        return _ints(self.links[1])

    def node(self, digit: int, mask: int) -> int:
        """Return the id of node (digit, mask), adding it if new (before the links are made)."""
        key = (digit, mask)
        nid = self.index.get(key)
        if nid is None:
            nid = len(self.digit)
            self.index[key] = nid
            self.digit.append(digit)
            self.mask.append(mask)
            self.cp.append(common_peers(mask))
        return nid

    def link_als(self, a: int, b: int) -> Als | None:
        """Return the (last listed) almost locked set whose digits give the strong link a = b, or None.

        Looked up in the compiled arrays, and only that set made: making every set and the node
        map first (:attr:`als_sets`, :attr:`als_in`) cost 0.8 ms a chain step through a set, 12% of
        rating 60 held-out SE 9 puzzles.
        """
        if self._als_in is not None:  # the map is made (or the graph was built node by node)
            common = self._als_in.get(a, 0) & self._als_in.get(b, 0)
            return self.als_sets[common.bit_length() - 1] if common else None
        flat, start = self.arrays.als_ids, self.arrays.als_start  # type: ignore[union-attr]
        in_a = np.searchsorted(start, np.flatnonzero(flat == a), side="right") - 1
        common = np.intersect1d(in_a, np.searchsorted(start, np.flatnonzero(flat == b), side="right") - 1)
        if not len(common):
            return None
        k = int(common[-1])
        if self._als_sets is not None:
            return self._als_sets[k]
        sets, kept = self._als_kept  # type: ignore[misc]  (set with _als_sets = None)
        return sets[int(kept[k])]

    def cells_of(self, n: int) -> int:
        """Return node n's cells (a cell mask), without making every node's (:attr:`mask`): a chain's
        step reads a dozen nodes of a graph of up to 800 (16-43 us to make them all)."""
        masks = self._mask
        if masks is not None:
            return masks[n]
        lo, hi = self.arrays.cells[n].tolist()  # type: ignore[union-attr]  (None only once arrays are set)
        return lo | hi << 64

    def is_single(self, n: int) -> bool:
        """Return True when node n is one candidate (one cell)."""
        m = self.cells_of(n)
        return m & (m - 1) == 0

    def label(self, n: int) -> str:
        """Return e.g. ``(5)r1c2`` or ``(5)r1c2|r1c3`` (HoDoKu's notation)."""
        return f"({self.digit[n]})" + "|".join(cell_name(c) for c in bits(self.cells_of(n)))

    def pair(self, n: int) -> tuple[int, int]:
        """Return (first cell, digit): the candidate drawn for node n."""
        m = self.cells_of(n)
        return ((m & -m).bit_length() - 1, self.digit[n])


def _ints(rows: np.ndarray) -> list[int]:
    """Return rows of uint64 words as ints (bit b: node b)."""
    data = rows.tobytes()
    step = rows.shape[1] * 8
    return [int.from_bytes(data[i : i + step], "little") for i in range(0, len(data), step)] if step else []


def cell_words(masks: list[int], words: int = 2) -> np.ndarray:
    """Return masks (cell masks, node sets: ints below 2**(64 * words)) as rows of ``words`` uint64
    words, the compiled kernels' form (through bytes: 2.5x faster than splitting each int)."""
    data = bytearray(b"".join([m.to_bytes(8 * words, "little") for m in masks]))
    return np.frombuffer(data, dtype="<u8").reshape(len(masks), words)


def build_graph(
    cg: CandidateGrid,
    digits: Iterable[int] = range(1, 10),
    *,
    cells: int = ALL_CELLS,
    unit_links: bool = True,
    cell_links: bool = True,
    groups: bool = False,
    als: bool = False,
    unit_weak: bool | None = None,
) -> Graph:
    """Return the link graph of ``cg`` restricted to ``digits`` and ``cells`` (never fails): the
    links through units (or with ``unit_weak`` only the weak ones; its default is ``unit_links``)
    and cells, with grouped nodes and almost locked sets if asked."""
    from engine.kernels.chains import graph_links, graph_nodes

    g = Graph()
    g.cands = cg.cands
    places = digit_words(cg)
    cell_set = _ALL_CELL_WORDS if cells == ALL_CELLS else cell_words([cells])[0]
    digits = tuple(digits)
    wanted = _NINE_DIGITS if digits == _NINE else np.array(list(dict.fromkeys(digits)), dtype=np.int64)
    # the candidate and group nodes, made compiled (this runs three times a state for the AIC)
    rows = graph_nodes(places, cell_set, wanted, groups, _INTERSECTION_WORDS, _PEER_WORDS)
    als_ids, als_start = _NO_IDS, _NO_START
    if als:
        rows, als_ids, als_start = _add_als_nodes(g, cg, digits, rows)
    g.digit = rows[:, 0].tolist()
    g.arrays = _node_arrays(rows, places, cg, als_ids, als_start)
    g._mask = g._cp = g._index = g._als_in = g._als_ids = None
    if g.digit:
        a = g.arrays
        g.links = graph_links(
            a.digit, a.cells, a.peers, places, a.cands, _UNIT_WORDS, CELL_UNITS_NP, a.als_ids, a.als_start,
            cell_set, unit_links, unit_links if unit_weak is None else unit_weak, cell_links,
        )
    return g


def _node_arrays(
    rows: np.ndarray, places: np.ndarray, cg: CandidateGrid, als_ids: np.ndarray, als_start: np.ndarray
) -> NodeArrays:
    """Return the nodes ``rows`` (``(digit, cells, common peers)``, two words each; the sets' nodes
    ``als_ids``, set k's from ``als_start[k]``) as the kernels read them."""
    return NodeArrays(
        rows[:, 0].astype(np.int64), np.ascontiguousarray(rows[:, 1:3]), np.ascontiguousarray(rows[:, 3:5]),
        places, np.array(cg.cands, dtype=np.int64), als_ids, als_start,
    )


def _join(words: np.ndarray) -> list[int]:
    """Return cell masks given as rows of two uint64 words (low, high) as ints.

    Joined as an array of Python ints: on an SE 9 state's graphs (200-650 nodes) 1.6-1.9x faster
    than joining each row's two words in a comprehension (27 -> 16 us, 81 -> 43 us).
    """
    ints = words.astype(object)
    return (ints[:, 0] | ints[:, 1] << 64).tolist()


_UNIT_WORDS = cell_words(list(UNIT_MASK))
_ALL_CELL_WORDS = cell_words([ALL_CELLS])[0]  # the kernels only read these
_NINE = tuple(range(1, 10))
_NINE_DIGITS = np.array(_NINE, dtype=np.int64)
_PEER_WORDS = cell_words(list(PEER_MASK))
_INTERSECTION_WORDS = cell_words(list(INTERSECTIONS))


def _add_als_nodes(
    g: Graph, cg: CandidateGrid, digits: tuple[int, ...], rows: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return the nodes ``rows`` (``(digit, cells, common peers)``, two words each:
    :func:`engine.kernels.chains.graph_nodes`' rows) followed by the nodes of every almost locked
    set of 2+ cells, and the kept sets' nodes and where each set's nodes start (:class:`NodeArrays`'
    ``als_ids`` and ``als_start``); the kept sets go to ``g.als_sets`` (made when asked).  Each two
    of a set's nodes are strongly linked.  Per set, its digits of ``digits`` ascending, the node
    (digit, the set's cells holding it) is new unless it is already there; a set is kept only when
    all its digits are in ``digits``.

    Compiled (:func:`engine.kernels.als.als_nodes`, from the sets' table
    :func:`engine.kernels.als.als_table`, the ids found through a hash of (digit, cells)): made
    node by node in Python (a dict of (digit, cells) keys, appended to the lists of digits, cells
    and peers, then turned into words) the ALS graph took 0.97 ms at the median on the 529 SE 9+
    stuck states (the sets already made; one core, interleaved with 68e7803, load 0.7), 0.21 ms
    so (with the arrays below); every AIC step of a state 2.95 -> 2.17 ms, its first step 0.38 ->
    0.35 ms at the median, 0.52 -> 0.38 s over the 529 (the sets made too: most first steps come
    from the plainer graphs).  Three pure-Python rewrites of the old loop were all slower.  The
    lists of cells, peers and ids are made from the arrays only when asked for (:class:`Graph`),
    and the arrays from the rows (the nodes' digits: 6-17 us a graph from the list of ints, 1 us
    from the rows' column).
    """
    from engine.kernels.als import als_nodes

    every, table = _sets_and_table(cg)
    n = table.shape[0]
    out = np.empty((len(rows) + 9 * n, 5), dtype=np.uint64)
    als_ids = np.empty(9 * n, dtype=np.int64)
    als_start = np.empty(n + 1, dtype=np.int64)
    kept = np.empty(n, dtype=np.int64)
    wanted = sum(1 << d for d in set(digits))
    nodes, used, count = als_nodes(table, rows, wanted, out, als_ids, als_start, kept).tolist()
    g._als_sets, g._als_kept = None, (every, kept[:count])
    return out[:nodes], als_ids[:used], als_start[: count + 1]


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


class AlsList(Sequence[Als]):
    """A state's almost locked sets, each made from its row of the sets' table when first read.

    The techniques read few of them (the ALS finders only the sets of the patterns their compiled
    tests pass, the AIC's ALS graph none: its nodes come from the table), and making the 300-700
    :class:`Als` values of an SE 9 state cost 0.4 ms on average over the AIC's calls rating the
    held-out SE 9 puzzles, even with 1bd30cd's keeping them across states by their cells and
    candidates (0.9 ms all made afresh).
    """

    __slots__ = ("_made", "_table")

    def __init__(self, table: np.ndarray) -> None:
        self._table = table
        self._made: list[Als | None] = [None] * table.shape[0]

    def __len__(self) -> int:
        return len(self._made)

    @overload
    def __getitem__(self, i: int) -> Als: ...

    @overload
    def __getitem__(self, i: slice) -> list[Als]: ...

    def __getitem__(self, i: int | slice) -> Als | list[Als]:
        """Return set i (IndexError past the end), or the sets of a slice as a list."""
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        als = self._made[i]
        if als is None:
            als = self._made[i] = _als(self._table[i].tolist())
        return als


# the last state's sets and their layout, (key, sets, table): five finders ask in a row.  Replaced
# whole and read once, so a thread rating another puzzle at the same time never mixes two states.
_last: tuple[tuple, AlsList | None, np.ndarray | None] = ((), None, None)


def almost_locked_sets(cg: CandidateGrid, min_size: int = 1, max_size: int = 8) -> Sequence[Als]:
    """Return every distinct ALS (N cells of a unit, N+1 digits) of ``min_size``..``max_size`` cells,
    by unit, then size, then cells (every set: an :class:`AlsList`, each made when read)."""
    sets = _sets_and_table(cg)[0]
    if min_size <= 1 and max_size >= 8:  # every set (a unit has 9 cells, one of them not in the set)
        return sets
    # (not a.size: the property's call cost 0.2 ms a list on an SE 9 state, asked for five times)
    return [a for a in sets if min_size <= a.cells.bit_count() <= max_size]


def _sets_and_table(cg: CandidateGrid) -> tuple[AlsList, np.ndarray]:
    """Return the state's sets and their layout (:func:`engine.kernels.als.als_table`'s form), made
    once for the last state asked: the subsets found compiled
    (:func:`engine.kernels.chains.als_subsets`, in this order), each kept the first time it is seen,
    laid out by :func:`engine.kernels.als.als_table` (:func:`rcc_tables` and the ALS nodes read it).

    Measured: the subsets of the 27 units (a few thousand a state) cost about half of the sets'
    time in Python, and the sets are made on every state the AIC's ALS graph or an ALS technique
    looks at.  On the 444 stuck states where the driver gets that far (one core, in the driver's
    order, interleaved with 81ea958): the sets 0.92 -> 0.57 ms a state at the median, laying them
    out for :func:`rcc_tables` 1.16 -> 0.31 ms.
    """
    global _last
    key = tuple(cg.cands)
    last = _last
    if last[0] != key:
        from engine.kernels.als import als_table
        from engine.kernels.chains import als_subsets

        cands = np.array(cg.cands, dtype=np.int64)
        table = als_table(als_subsets(cands, UNITS_NP), digit_words(cg), _PEER_WORDS)
        last = _last = (key, AlsList(table), table)
    return last[1], last[2]  # type: ignore[return-value]  (both set with the key)


def _als(rows: list[list[int]]) -> Als:
    """Return the set laid out in ``rows`` (:func:`engine.kernels.als.als_table`'s form)."""
    lo, hi, m, _ = rows[0]
    dm = {}
    dp = {}
    for d in MASK_DIGITS[m]:
        clo, chi, plo, phi = rows[d]
        dm[d] = clo | chi << 64
        dp[d] = plo | phi << 64
    return Als(lo | hi << 64, m, dm, dp)


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


# the last state's sets as the compiled tests read them and its pairs as rows (an SE 9 state has
# thousands of pairs; ALS-XZ, the ALS-XY-wing, death blossom and ALS chains ask in a row)
_last_pairs: tuple = ((), None, None)  # (key, table, rows), replaced whole as _last is


def rcc_tables(cg: CandidateGrid, sets: Sequence[Als]) -> tuple[np.ndarray, np.ndarray]:
    """Return the sets as the compiled tests read them (:func:`engine.kernels.als.rcc_rows`) and,
    as rows ``(i, j, rcc digits mask)``, every two non-overlapping sets (i < j) sharing an RCC (see
    :func:`rccs`), cached per state.

    The pairs are found compiled (:func:`engine.kernels.als.rcc_rows`): an SE 9 state has 300-700
    sets, some 100,000 pairs, 0.1-0.2 s in Python.  That kernel tries only the sets whose lowest x
    cell sees all of the other's x cells rather than every pair (the test of :func:`rccs`, as
    ``chain_kernels.rcc_pairs`` did; it is tests/engine/test_als_kernels.py's reference now): 0.67 -> 0.26
    ms a table, the same rows, on the 2,756 tables of the 1,378 stuck states.  (A list of the
    pairs, ``rcc_pairs``, went with its last caller, the ALS chain.)
    """
    global _last_pairs
    key = (tuple(cg.cands), len(sets))
    last = _last_pairs
    if last[0] != key:
        from engine.kernels.als import rcc_rows

        n = len(sets)
        made = _last
        table = made[2]
        if made[0] != key[0] or table.shape[0] != n:  # not every set of the state: laid out here
            low = (1 << 64) - 1
            flat = [0] * (n * 40)  # per set 10 x 4 words: cells and digits, then per digit cells and peers
            for i, a in enumerate(sets):
                k = i * 40
                flat[k], flat[k + 1], flat[k + 2] = a.cells & low, a.cells >> 64, a.digits
                for d, m in a.digit_mask.items():
                    p = a.digit_peers[d]
                    flat[k + 4 * d : k + 4 * d + 4] = m & low, m >> 64, p & low, p >> 64
            table = np.array(flat, dtype=np.uint64).reshape(n, 10, 4)
        rows = rcc_rows(table) if n else np.zeros((0, 3), dtype=np.int64)
        last = _last_pairs = (key, table, rows)
    return last[1], last[2]


def digit_words(cg: CandidateGrid) -> np.ndarray:
    """Return :func:`digit_cells` as rows of two uint64 words (the compiled tests' form), made once
    per state: the X-chain, the XY-chain, the AIC's three graphs and the ALS finders all ask
    (10-25 us each).  Kernels only read it."""
    global _last_cells
    last = _state_cells(cg)
    words = last[2]
    if words is None:
        words = cell_words(last[1])
        _last_cells = (last[0], last[1], words)
    return words


