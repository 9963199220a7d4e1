"""ALS-chain (HoDoKu's ALS-XY-chain): almost locked sets in a row, each locking the next one's digit out.

A chain A1 - A2 - ... - An of almost locked sets (see :mod:`engine.logic.strategies.als`), consecutive
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
all starts at once.  A *start* is a first set and its first RCC; ``layers[k - 1, x, j]`` is the
bitset of starts with a walk of k links ending in set j entered through RCC x.  One step forward
ORs, over the links i -y- j, the starts that reached i through a digit other than y.  Only starts
and ends that share a Z with a cell seeing all its Zs are read out, and the chain itself is
recovered backwards from the stored layers, without repeating a set (walks may double back: such
a walk is sound but reads badly, and is dropped).  The layers and the walks to read out are made
compiled, all seven layers in one call (:func:`engine.kernels.als.chain_walks`); here the walks
become removals and chains, fewest links first, as they did when the layers were dicts of Python
ints built and read one at a time (a layer costs some 0.1 ms compiled: not worth stopping early).

Cost, on the 99 stuck states of tuning-half SE 6-9.3 puzzles where the driver gets this far (one
core, interleaved with 81ea958, best of three, load 3-4): the first step (nothing, mostly) 0.05-0.1x
a call (6-10 ms -> 0.5-0.65 ms at the median); every step 0.8x; in rate() on 60 SE 8-9.5 puzzles
0.05-0.09x a call (14-20 ms -> 0.7-1.4 ms).  The almost locked sets and their RCC pairs, built
once per state for every ALS technique, come on top.
Roads not taken: a depth-first search per start (seconds), and linking overlapping sets (HoDoKu
may; here two neighbours in a chain are disjoint, sets further apart may overlap).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np

from engine.candidates import CandidateGrid
from engine.grid import cell_name
from engine.logic.strategies import Family, Technique
from engine.logic.strategies.als import links_by_set
from engine.logic.strategies.links import Als, almost_locked_sets, digit_cells, digit_words, rcc_tables
from engine.masks import MASK_DIGITS, bits, digits_text
from engine.steps import Step

FAMILY = Family()  # this module's techniques, read by engine.logic.techniques

MIN_LINKS = 3  # four sets: two are ALS-XZ, three the ALS-XY-wing
MAX_LINKS = 7  # eight sets


def _links(other: list[int], rcc: list[int], start: list[int]) -> list[list[tuple[int, int]]]:
    """Return, per set, its links (digit, other set), in both directions."""
    return [list(zip(rcc[start[i] : start[i + 1]], other[start[i] : start[i + 1]], strict=True))
            for i in range(len(start) - 1)]


def find_als_chain(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every ALS-chain of four to eight sets that removes a candidate, fewest sets first, one per
    set of removals (nothing when there is none)."""
    sets = almost_locked_sets(cg)
    table, rows = rcc_tables(cg, sets)
    if not len(rows):
        return
    from engine.kernels.als import chain_starts, chain_walks

    other, rcc, start = links_by_set(rows, len(sets))
    places = digit_words(cg)
    starts = chain_starts(table, places, rcc, start)
    if not len(starts):
        return
    layers = np.zeros((MAX_LINKS, 10, len(sets), (len(starts) + 63) // 64), dtype=np.uint64)
    walks = chain_walks(table, places, other, rcc, start, starts, layers, MIN_LINKS).tolist()
    if not walks:
        return
    links = _links(other.tolist(), rcc.tolist(), start.tolist())
    starts_list = starts.tolist()
    dc = digit_cells(cg)
    sees: dict[int, dict[int, int]] = {}  # per set met, digit Z -> the cells outside it seeing all its Zs
    seen: set[tuple] = set()
    at = 0
    for k in range(MIN_LINKS, MAX_LINKS + 1):
        found: dict[tuple, list[tuple[int, int, int, int]]] = {}
        while at < len(walks) and walks[at][0] == k:
            _, s, y, j = walks[at]
            at += 1
            _read_out(s, y, j, sets, sees, dc, starts_list, found)
        for key, ways in sorted(found.items(), key=lambda kv: min(kv[1])):
            if key in seen:
                continue
            seen.add(key)
            for _, s, y, j in sorted(ways):
                path = _path(layers, links, starts_list[s], s, k, y, j)
                if path is not None:
                    yield _step(sets, path, key)
                    break


def _read_out(
    s: int, y: int, j: int, sets: Sequence[Als], sees: dict[int, dict[int, int]], dc: list[int], starts: list,
    found: dict,
) -> None:
    """Add to ``found`` (removals -> [(size, start, y, end)]) the chain from start s to set j entered
    through y, if it removes something: removals are ((Z, cells), ...) by digit."""
    i, x = starts[s]
    a, b = sets[i], sets[j]
    az, bz = _targets(i, sets, sees, dc), _targets(j, sets, sees, dc)
    key = tuple(
        (z, m)
        for z in MASK_DIGITS[a.digits & b.digits & ~(1 << (x - 1)) & ~(1 << (y - 1))]
        if (m := az[z] & bz[z])
    )
    if key:
        found.setdefault(key, []).append(((a.cells | b.cells).bit_count(), s, y, j))


def _targets(i: int, sets: Sequence[Als], sees: dict[int, dict[int, int]], dc: list[int]) -> dict[int, int]:
    """Return, made once per set, per digit Z of set i the cells outside it holding Z and seeing all
    its Zs."""
    out = sees.get(i)
    if out is None:
        a = sets[i]
        out = sees[i] = {z: dc[z] & a.digit_peers[z] & ~a.cells for z in a.digit_mask}
    return out


def _path(
    layers: np.ndarray, links: list[list[tuple[int, int]]], start: list[int], s: int, k: int, y: int, j: int,
) -> tuple[list[int], list[int]] | None:
    """Return (sets, RCCs) of a chain of k links from ``start`` to set j entered through y, no set
    twice, read back from the layers; None when every such walk repeats a set."""
    first = start[0]
    # reached[m - 1][x][i]: start s has a walk of m links ending in set i entered through x
    reached = ((layers[: k - 1, :, :, s >> 6] >> np.uint64(s & 63)) & np.uint64(1)).tolist()
    sets, digits = [j], [y]

    def back(m: int, y: int, j: int) -> bool:
        # (y, j) is reached at m links; find the set before j
        if m == 1:
            return first not in sets
        before = reached[m - 2]
        for x, i in links[j]:
            if x != y or i in sets:
                continue
            for x2 in range(1, 10):
                if x2 != y and before[x2][i]:
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


def _step(sets: Sequence[Als], path: tuple[list[int], list[int]], removals: tuple) -> Step:
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



FAMILY.add(Technique("als_chain", "ALS Chain", "待定数组链", 7.8, find_als_chain, covered_by="aic"))
