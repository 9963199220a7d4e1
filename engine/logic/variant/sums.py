"""Sums over a few cells: which digits each cell can hold so that the cells reach a total.

:func:`cage_support` is exact for a cage (distinct digits that sum to a total): a walk over the cells
keeps the sets of digits used so far (at most 2^N of them), forwards, then backwards from the sets
that reach the total; what survives gives each cell's digits and the cage's combinations.
:func:`linear_support` serves lines whose digits may repeat (arrows, little killers, the 45 rule's
innies and outies spread over several houses): an exact search while the cells' candidates allow few
assignments, else a walk over the reachable partial sums that ignores which cells must differ (it
keeps more digits than exact, so it stays sound).  Both are cached on their arguments: between two
steps most cages and lines have not changed.  The exact search runs compiled when numba is there
(:func:`compiled`, ``engine.kernels.logic_sums``: the same answers, 10-50x sooner, which the
contradiction trials ask for thousands of times a step); the Python here is the reference.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Any

EXACT_LIMIT = 20000  # assignments (product of candidate counts) an exact search may walk
GROUP = 3  # cells of a group of the grouped sum walk (a group of 3 lists at most 504 assignments)
_KERNELS: list[Any] = []  # engine.kernels.logic_sums once asked for, or None without numba


def compiled() -> Any:
    """The compiled sum walks (``engine.kernels.logic_sums``), or None when they cannot be loaded (no
    numba, or an ahead-of-time module built without them)."""
    if not _KERNELS:
        try:
            from engine.kernels import logic_sums
        except ImportError:
            logic_sums = None  # type: ignore[assignment]
        _KERNELS.append(logic_sums)
    return _KERNELS[0]


def _digit_sum(mask: int) -> int:
    s, d = 0, 1
    while mask:
        if mask & 1:
            s += d
        mask >>= 1
        d += 1
    return s


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


@lru_cache(maxsize=4096)
def _digits_bits(mask: int) -> tuple[tuple[int, int], ...]:
    """The (bit, digit) pairs of a mask, smallest first."""
    return tuple((b, b.bit_length()) for b in _bits(mask))


@lru_cache(maxsize=65536)
def cage_support(total: int, masks: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Return (each cell's possible digits as a mask, the possible digit sets as masks) for distinct
    digits from ``masks`` summing to ``total``; all zero masks and no set when nothing fits."""
    k = len(masks)
    order = sorted(range(k), key=lambda i: bin(masks[i]).count("1"))
    ms = [masks[i] for i in order]
    lows = [(m & -m).bit_length() if m else 99 for m in ms]
    highs = [m.bit_length() for m in ms]
    rest_min = [sum(lows[i:]) for i in range(k + 1)]
    rest_max = [sum(highs[i:]) for i in range(k + 1)]
    levels: list[dict[int, int]] = [{0: 0}]  # the digit sets used so far -> their sum
    for i, m in enumerate(ms):
        nxt: dict[int, int] = {}
        lo, hi = total - rest_max[i + 1], total - rest_min[i + 1]  # what this cell may bring the sum to
        for used, s in levels[-1].items():
            for b, d in _digits_bits(m & ~used):
                if lo <= s + d <= hi:
                    nxt[used | b] = s + d
        if not nxt:
            return (0,) * k, ()
        levels.append(nxt)
    alive = {u for u, s in levels[k].items() if s == total}
    combos = tuple(sorted(alive))
    support = [0] * k
    for i in range(k - 1, -1, -1):
        keep: set[int] = set()
        for used in levels[i]:
            for b, _ in _digits_bits(ms[i] & ~used):
                if used | b in alive:
                    support[i] |= b
                    keep.add(used)
        alive = keep
    out = [0] * k
    for j, i in enumerate(order):
        out[i] = support[j]
    return tuple(out), combos


@lru_cache(maxsize=65536)
def linear_support(masks: tuple[int, ...], weights: tuple[int, ...], total: int,
                   apart: tuple[tuple[int, int], ...] = (), grouped: bool = False) -> tuple[int, ...]:
    """Return each cell's digits that some assignment with ``sum(w * d) == total`` uses, where the
    cells of each pair in ``apart`` differ; all zeros when none fits (exact while few assignments,
    else a superset; ``grouped``, the 45 rule's: that superset bounded by groups of cells that differ,
    kept to it so the lines' paths are as they were)."""
    count = 1
    for m in masks:
        count *= max(1, bin(m).count("1"))
        if count > EXACT_LIMIT:
            return _group_walk(masks, weights, total, apart) if grouped else _sum_walk(masks, weights, total)
    return _exact(masks, weights, total, apart)


def _rest_bounds(masks: tuple[int, ...], weights: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """The least and greatest sums of the cells from each index on (one more entry: 0 for none)."""
    ranges = []
    for m, w in zip(masks, weights, strict=True):
        vals = [w * b.bit_length() for b in _bits(m)] or [0]
        ranges.append((min(vals), max(vals)))
    k = len(masks)
    return ([sum(r[0] for r in ranges[i:]) for i in range(k + 1)],
            [sum(r[1] for r in ranges[i:]) for i in range(k + 1)])


def _exact(masks: tuple[int, ...], weights: tuple[int, ...], total: int,
           apart: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    k = len(masks)
    lo_rest, hi_rest = _rest_bounds(masks, weights)
    fast = compiled()
    if fast is not None and k:
        import numpy as np

        before = [0] * k
        for a, b in apart:
            before[max(a, b)] |= 1 << min(a, b)
        arrays = (np.array(v, dtype=np.int64) for v in (masks, weights, before, lo_rest, hi_rest))
        m, w, bf, lo, hi = arrays
        return tuple(int(x) for x in fast.exact_support(m, w, total, bf, lo, hi))
    return exact_python(masks, weights, total, apart)


def exact_python(masks: tuple[int, ...], weights: tuple[int, ...], total: int,
                 apart: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """:func:`_exact` in Python (the reference the compiled walk is tested against)."""
    k = len(masks)
    lo_rest, hi_rest = _rest_bounds(masks, weights)
    before: list[list[int]] = [[] for _ in range(k)]  # cells earlier in the order that must differ
    for a, b in apart:
        a, b = min(a, b), max(a, b)
        before[b].append(a)
    support = [0] * k
    chosen = [0] * k

    def walk(i: int, s: int) -> None:
        if i == k:
            if s == total:
                for j in range(k):
                    support[j] |= 1 << (chosen[j] - 1)
            return
        for b in _bits(masks[i]):
            d = b.bit_length()
            t = s + weights[i] * d
            if not lo_rest[i + 1] <= total - t <= hi_rest[i + 1]:
                continue
            if any(chosen[j] == d for j in before[i]):
                continue
            chosen[i] = d
            walk(i + 1, t)
        chosen[i] = 0

    walk(0, 0)
    return tuple(support)


def _shift(bits: int, by: int) -> int:
    return bits << by if by >= 0 else bits >> -by


def _sum_walk(masks: tuple[int, ...], weights: tuple[int, ...], total: int) -> tuple[int, ...]:
    """Supports by reachable partial sums: the group walk with each cell its own group (one walk for
    both; 32 us a call of 8 cells against 17 us for its own copy, ~0.08 s of long-sums-1's 0.9 s explain,
    where it is called most)."""
    return _walk(masks, weights, total, [[i] for i in range(len(masks))])


def _cliques(weights: tuple[int, ...], apart: tuple[tuple[int, int], ...]) -> list[list[int]]:
    """The cells in groups of one weight that all differ from each other, GROUP at most, first fit."""
    differ = set(apart) | {(b, a) for a, b in apart}
    groups: list[list[int]] = []
    for i, w in enumerate(weights):
        home = next((g for g in groups if len(g) < GROUP and weights[g[0]] == w
                     and all((i, j) in differ for j in g)), None)
        if home is None:
            groups.append([i])
        else:
            home.append(i)
    return groups


def _group_walk(masks: tuple[int, ...], weights: tuple[int, ...], total: int,
                apart: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """The sum walk over groups of cells that differ (their digits distinct, as a person bounds the
    innies of one box by 9+8+7): a superset still, but the pairs apart across groups are not used."""
    return _walk(masks, weights, total, _cliques(weights, apart))


def _group_sums(masks: tuple[int, ...], weights: tuple[int, ...], g: list[int]) -> dict[int, list[tuple]]:
    """A group's weighted sums, each with the distinct digits that make it; empty when none."""
    w = weights[g[0]]
    opts: dict[int, list[tuple]] = {}
    if len(g) == 1:  # the plain walk's case, kept cheap (no product, no distinctness test)
        for b in _bits(masks[g[0]]):
            opts.setdefault(w * b.bit_length(), []).append((b.bit_length(),))
        return opts
    for ds in product(*([b.bit_length() for b in _bits(masks[i])] for i in g)):
        if len(set(ds)) == len(ds):
            opts.setdefault(w * sum(ds), []).append(ds)
    return opts


def _walk(masks: tuple[int, ...], weights: tuple[int, ...], total: int,
          groups: list[list[int]]) -> tuple[int, ...]:
    """Supports by reachable partial sums over ``groups`` (each group's cells one weight and distinct),
    each set of sums an int's bits (bit s - low for sum s); all zeros when none reaches ``total``."""
    options = [_group_sums(masks, weights, g) for g in groups]
    if not all(options):
        return (0,) * len(masks)
    low = sum(min(0, min(o)) for o in options)
    forward = [1 << -low]
    for opts in options:
        f = 0
        for sub in opts:
            f |= _shift(forward[-1], sub)
        forward.append(f)
    if total - low < 0:
        return (0,) * len(masks)
    back = 1 << (total - low)
    support = [0] * len(masks)
    for k in range(len(groups) - 1, -1, -1):
        b = 0
        for sub, assignments in options[k].items():
            if _shift(forward[k], sub) & back:
                for ds in assignments:
                    for i, d in zip(groups[k], ds, strict=True):
                        support[i] |= 1 << (d - 1)
            b |= _shift(back, -sub)
        back = b
    return tuple(support)
