"""The human logic's compiled sum walks (engine.kernels.logic_sums) give the Python reference's answers:
a line's exact supports (``linear_support``'s walk) and a cage's split tables (``split_options``), on
random groups and on the cages of random states of published killers; the killer combinations' walk
of a house keeps exactly the digit sets that some filling of the house uses (against brute force)."""

from __future__ import annotations

import random
from itertools import product

from engine.logic.variant import killer
from engine.logic.variant.state import popcount
from engine.logic.variant.sums import (
    _exact,
    _group_walk,
    _sum_walk,
    cage_support,
    compiled,
    exact_python,
    linear_support,
)
from tests.harness.variant_reader import random_state, train_records

RECORDS = {r["id"]: r for r in train_records()}


def test_the_compiled_walks_load() -> None:
    assert compiled() is not None


def test_exact_support_matches_python_on_random_lines() -> None:
    rng = random.Random(5)
    fitting = 0
    for _ in range(1500):
        k = rng.randint(1, 7)
        masks = tuple(rng.randint(1, 511) if rng.random() < 0.95 else 0 for _ in range(k))
        weights = tuple(rng.choice((1, 1, 2, -1)) for _ in range(k))
        apart = tuple((a, b) for a in range(k) for b in range(a + 1, k) if rng.random() < 0.5)
        total = rng.randint(-10, 6 * k)
        want = exact_python(masks, weights, total, apart)
        assert _exact(masks, weights, total, apart) == want, (masks, weights, total, apart)
        fitting += any(want)
    assert 300 < fitting < 1400  # both kinds of case are checked


def test_exact_support_hand_case() -> None:
    # two cells that differ, 1..3 each, summing to 4: 1+3 or 3+1 (2+2 repeats)
    assert _exact((0b111, 0b111), (1, 1), 4, ((0, 1),)) == (0b101, 0b101)
    assert _exact((0b111, 0b111), (1, 1), 4, ()) == (0b111, 0b111)


def _same_split(total: int, masks: tuple[int, ...], inside: tuple[bool, ...]) -> bool:
    killer.split_options.cache_clear()
    _, combos = cage_support(total, masks)
    return killer.split_options(total, masks, inside) == killer.split_python(combos, masks, inside)


def test_split_options_match_python_on_random_cages() -> None:
    rng = random.Random(7)
    for _ in range(1500):
        k = rng.randint(1, 6)
        masks = tuple(rng.randint(1, 511) for _ in range(k))
        inside = tuple(rng.random() < 0.6 for _ in range(k))
        assert _same_split(rng.randint(k, 9 * k), masks, inside), masks


def test_split_options_match_python_on_killer_states() -> None:
    checked = 0
    for rid in ("iss-hs-killers-9", "iss-tarek-all-13", "iss-wecoc-1"):
        rec = RECORDS[rid]
        rng = random.Random(rid)
        for _ in range(6):
            state = random_state(rec, rng, 5, 0.6)
            for h, groups, _rule in killer._house_groups(rec["puzzle"]):
                for _i, cells, total, inside in groups:
                    if total is not None and len(cells) > 1:
                        masks = tuple(state.mask(c) for c in cells)
                        assert _same_split(total, masks, inside), (rid, h, cells)
                        checked += 1
    assert checked > 500


def test_house_walk_keeps_exactly_the_sets_of_some_filling() -> None:
    rng = random.Random(11)
    for _ in range(400):
        n = rng.choice((4, 6, 9))
        sizes, left = [], n
        while left:
            sizes.append(rng.randint(1, min(3, left)))
            left -= sizes[-1]
        options = [sorted({sum(1 << b for b in rng.sample(range(n), size)) for _ in range(rng.randint(1, 6))})
                   for size in sizes]
        full = (1 << n) - 1
        brute: list[set[int]] = [set() for _ in options]
        for pick in product(*options):
            if sum(popcount(s) for s in pick) == n and _union(pick) == full:
                for i, s in enumerate(pick):
                    brute[i].add(s)
        assert killer._walk(options, n) == brute, (options, n)


def _union(sets: tuple[int, ...]) -> int:
    out = 0
    for s in sets:
        out |= s
    return out


def test_the_grouped_sum_walk_lies_between_the_exact_supports_and_the_plain_walk() -> None:
    """Never tighter than the exact search (it would cut a digit some assignment uses), never looser
    than the walk that ignores which cells differ."""
    rng = random.Random(7)
    for _ in range(300):
        k = rng.randint(2, 8)
        masks = tuple(rng.randint(1, 511) for _ in range(k))
        weights = tuple(rng.choice((1, 1, 1, -1)) for _ in range(k))
        apart = tuple((a, b) for a in range(k) for b in range(a + 1, k) if rng.random() < 0.5)
        total = rng.randint(-10, 40)
        exact, grouped = exact_python(masks, weights, total, apart), _group_walk(masks, weights, total, apart)
        assert all(e & ~g == 0 for e, g in zip(exact, grouped, strict=True))
        assert all(g & ~s == 0 for g, s in zip(grouped, _sum_walk(masks, weights, total), strict=True))


def test_eight_innies_of_65_in_three_boxes_and_a_row_are_the_largest_digits() -> None:
    # three cells of box 1, three of box 3, two of row 4 summing to 65: 9+8+7 twice and 9+8, all at the top
    masks = (0b111111100, 0b111110000, 0b011111100) + (511,) * 5
    apart = ((0, 1), (0, 2), (1, 2), (3, 4), (3, 5), (4, 5), (6, 7))
    support = linear_support(masks, (1,) * 8, 65, apart, grouped=True)
    assert support == (0b111000000,) * 2 + (0b011000000,) + (0b111000000,) * 3 + (0b110000000,) * 2
