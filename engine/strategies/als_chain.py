"""ALS-chain (HoDoKu's ALS-XY-chain): almost locked sets in a row, each locking the next one's digit out.

A chain A1 - A2 - ... - An of almost locked sets (see :mod:`engine.strategies.als`), consecutive
sets sharing a restricted common candidate (RCC) x1, x2, ..., each different from the one before:

    suppose A1 holds no Z  =>  A1 is locked, so it holds x1, so A2 (all its x1s see all of A1's)
    holds no x1  =>  A2 is locked, holds x2  =>  A3 holds no x2  =>  ...  =>  An holds no x(n-1),
    so An is locked and holds Z (Z is not x(n-1)).

So Z (a digit of A1 and An, not x1 and not x(n-1)) is in A1 or in An, and leaves every other cell
seeing all the Zs of both.  Two or three sets are ALS-XZ and ALS-XY-wing; this technique reports
chains of four to eight sets.  HoDoKu's all-steps search stops at six links, but its solver goes
on, and two of its 15 library cases need seven links (eight sets): the bound is eight sets.

How it is found: a depth-first search from every set multiplies its paths (hundreds of sets, a
handful of RCCs each: millions of walks on a hard state), so the search runs breadth first for
all starts at once.  A *start* is a first set and its first RCC; ``layers[k - 1][(x, j)]`` is
the bitset of starts with a walk of k links ending in set j entered through RCC x.  One step forward
ORs, over the links i -y- j, the starts that reached i through a digit other than y: about
(links + sets) big-integer operations per depth, whatever the number of starts.  Only starts and
ends that share a Z with a cell seeing all its Zs are read out, and the chain itself is recovered
backwards from the stored layers, without repeating a set (walks may double back: such a walk is
sound but reads badly, and is dropped).  Layers are read out as they are built, so the first step
(four sets, if any) costs three layers, not seven.

Cost, on the hard states of SE 7-9 puzzles (where the driver needs a step scored 7 or more; one
core, load 5, best of three, interleaved with ALS-XZ): the first step a median of 13 ms (max 51),
every step 33 ms (max 101), 2x and 6x ALS-XZ; the almost locked sets and their RCC pairs, built
once per state for every ALS technique (45 ms there), come on top.
Roads not taken: a depth-first search per start (seconds), and linking overlapping sets (HoDoKu
may; here two neighbours in a chain are disjoint, sets further apart may overlap).
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.candidates import CandidateGrid
from engine.grid import cell_name
from engine.masks import MASK_DIGITS, bits, digits_text
from engine.steps import TEXT_FIELDS, Step
from engine.strategies import Technique, register
from engine.strategies.links import Als, almost_locked_sets, digit_cells, rcc_pairs, result_fields

MIN_LINKS = 3  # four sets: two are ALS-XZ, three the ALS-XY-wing
MAX_LINKS = 7  # eight sets


def _links(cg: CandidateGrid, sets: list[Als]) -> list[list[tuple[int, int]]]:
    """Return, per set, its links (digit, other set), in both directions."""
    out: list[list[tuple[int, int]]] = [[] for _ in sets]
    for i, j, xs in rcc_pairs(cg, sets):
        for x in xs:
            out[i].append((x, j))
            out[j].append((x, i))
    return out


def _forward(layer: dict[tuple[int, int], int], links: list[list[tuple[int, int]]]) -> dict:
    """Return the next layer: ``(y, j)`` gets the starts that reached a neighbour i through x != y."""
    by_set: dict[int, dict[int, int]] = {}
    for (x, i), starts in layer.items():
        by_set.setdefault(i, {})[x] = starts
    nxt: dict[tuple[int, int], int] = {}
    for i, entered in by_set.items():
        every = 0
        for starts in entered.values():
            every |= starts
        but: dict[int, int] = {}  # y -> the starts that entered i through another digit
        for y, j in links[i]:
            if y not in entered:
                s = every
            else:
                s = but.get(y, -1)
                if s < 0:
                    s = 0
                    for x, starts in entered.items():
                        if x != y:
                            s |= starts
                    but[y] = s
            if s:
                key = (y, j)
                nxt[key] = nxt.get(key, 0) | s
    return nxt


def find_als_chain(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every ALS-chain of four to eight sets that removes a candidate, fewest sets first, one per
    set of removals (nothing when there is none)."""
    sets = almost_locked_sets(cg)
    links = _links(cg, sets)
    dc = digit_cells(cg)
    # per set and digit Z: the cells outside the set that hold Z and see all the set's Zs
    sees = [{z: dc[z] & a.digit_peers[z] & ~a.cells for z in a.digit_mask} for a in sets]
    starts: list[tuple[int, int]] = []  # (first set, first RCC), only those with a target
    targets: list[dict[int, int]] = [{} for _ in range(10)]  # z -> cell -> starts that see it
    layer: dict[tuple[int, int], int] = {}
    for i, out in enumerate(links):
        for x in sorted({x for x, _ in out}):
            zs = [(z, m) for z, m in sees[i].items() if z != x and m]
            if not zs:
                continue
            bit = 1 << len(starts)
            starts.append((i, x))
            for z, m in zs:
                for c in bits(m):
                    targets[z][c] = targets[z].get(c, 0) | bit
            for y, j in out:
                if y == x:
                    layer[(x, j)] = layer.get((x, j), 0) | bit
    layers = [layer]
    wanted: dict[tuple[int, int], int] = {}  # (y, j) -> starts sharing a target with the end j
    done: dict[tuple[int, int], int] = {}  # (y, j) -> starts read out at fewer links
    seen: set[tuple] = set()
    for k in range(2, MAX_LINKS + 1):
        layer = _forward(layer, links)
        layers.append(layer)
        if k < MIN_LINKS:
            continue
        found: dict[tuple, list[tuple[int, int, int, int]]] = {}
        for (y, j), reached in layer.items():
            w = wanted.get((y, j))
            if w is None:
                w = wanted[(y, j)] = _wanted(sees[j], y, targets)
            hit = reached & w & ~done.get((y, j), 0)
            if hit:
                done[(y, j)] = done.get((y, j), 0) | hit
                _read_out(hit, y, j, sets, sees, starts, found)
        for key, ways in sorted(found.items(), key=lambda kv: min(kv[1])):
            if key in seen:
                continue
            seen.add(key)
            for _, s, y, j in sorted(ways):
                path = _path(layers, links, starts[s], s, k, y, j)
                if path is not None:
                    yield _step(sets, path, key)
                    break


def _wanted(sees: dict[int, int], y: int, targets: list[dict[int, int]]) -> int:
    """Return the starts whose first set shares, for a digit Z other than y, a target with an end set
    whose targets are ``sees``."""
    out = 0
    for z, m in sees.items():
        t = targets[z]
        if z != y and t:
            for c in bits(m):
                out |= t.get(c, 0)
    return out


def _read_out(
    hit: int, y: int, j: int, sets: list[Als], sees: list[dict[int, int]], starts: list, found: dict
) -> None:
    """Add to ``found`` (removals -> [(size, start, y, end)]) the chains from the starts in ``hit``
    to set j entered through y: removals are ((Z, cells), ...) by digit."""
    b, bz = sets[j], sees[j]
    while hit:
        low = hit & -hit
        hit ^= low
        s = low.bit_length() - 1
        i, x = starts[s]
        if i == j:  # (the ends may overlap, one may hold the other: HoDoKu's cases do)
            continue
        a, az = sets[i], sees[i]
        key = tuple(
            (z, m)
            for z in MASK_DIGITS[a.digits & b.digits & ~(1 << (x - 1)) & ~(1 << (y - 1))]
            if (m := az[z] & bz[z])
        )
        if key:
            found.setdefault(key, []).append(((a.cells | b.cells).bit_count(), s, y, j))


def _path(
    layers: list[dict], links: list[list[tuple[int, int]]], start: tuple[int, int], s: int, k: int,
    y: int, j: int,
) -> tuple[list[int], list[int]] | None:
    """Return (sets, RCCs) of a chain of k links from ``start`` to set j entered through y, no set
    twice, read back from the layers; None when every such walk repeats a set."""
    first, _ = start
    bit = 1 << s
    sets, digits = [j], [y]

    def back(m: int, y: int, j: int) -> bool:
        # (y, j) is reached at m links; find the set before j
        if m == 1:
            return first not in sets
        before = layers[m - 2]
        for x, i in links[j]:
            if x != y or i in sets:
                continue
            for x2 in range(1, 10):
                if x2 != y and before.get((x2, i), 0) & bit:
                    sets.append(i)
                    digits.append(x2)
                    if back(m - 1, x2, i):
                        return True
                    sets.pop()
                    digits.pop()
        return False

    if not back(k, y, j):
        return None
    sets.append(first)
    return sets[::-1], digits[::-1]


def _label(a: Als) -> str:
    digits = digits_text(a.digits)
    return ",".join(cell_name(c) for c in bits(a.cells)) + "{" + digits + "}"


def _step(sets: list[Als], path: tuple[list[int], list[int]], removals: tuple) -> Step:
    chain = [sets[i] for i in path[0]]
    text = _label(chain[0])
    for x, a in zip(path[1], chain[1:], strict=True):
        text += f" -{x}- " + _label(a)
    cells = tuple(dict.fromkeys(c for a in chain for c in bits(a.cells)))
    cands = tuple(dict.fromkeys(
        (c, d) for a in chain for d, m in sorted(a.digit_mask.items()) for c in bits(m)
    ))
    elims = sorted((c, z) for z, m in removals for c in bits(m))
    return Step(
        "als_chain", eliminations=tuple(elims), cells=cells, candidates=cands,
        detail={"chain": text, "z": ", ".join(str(z) for z, _ in removals), "first": _label(chain[0]),
                "last": _label(chain[-1]), "sets": [list(bits(a.cells)) for a in chain],
                "rccs": list(path[1])},
    )


TEXT_FIELDS["als_chain"] = result_fields

register(
    Technique("als_chain", "ALS Chain", "待定数组链", 7.8, find_als_chain),
    "ALS chain: {chain}, each almost locked set linked to the next by the restricted digit between "
    "them. Were {z} not in {first}, that set would be locked and push its linking digit out of the "
    "next set, which would then be locked in turn, and so on to {last}, which would then hold {z}; "
    "so {z} is in the first or the last set: {result}.",
    "待定数组链：{chain}，相邻两个待定数组由其间标出的受限公共数相连。若 {first} 中没有 {z}，"
    "它就被锁定，它的链接数便从下一个数组中排除，下一个数组也被锁定，如此直到 {last}，"
    "它就必须含有 {z}；所以 {z} 必在首尾两个数组之一中：{result}。",
)
