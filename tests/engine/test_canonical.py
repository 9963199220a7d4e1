"""Minlex canonical form of complete grids, and ``sudoku -c N --essentially-different``."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest

from engine import essentially_different_grids, is_solution, minlex, minlex_batch, random_solution
from engine.cli import main
from engine.make.grids import random_transforms

EMPTY = np.zeros(81, dtype=np.uint8)


def parse_classic(data: bytes) -> np.ndarray:
    """The grids of a classic-form file (layout checked in test_create.py)."""
    n = (len(data) + 1) // 163
    raw = np.frombuffer(data + b"\n", dtype=np.uint8).reshape(n, 163)
    return raw[:, :162].reshape(n, 9, 18)[:, :, 0::2].reshape(n, 81) - ord("0")


def random_grids(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.stack([random_solution(rng) for _ in range(n)])


def relabel_randomly(grids: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    tables = np.zeros((len(grids), 10), dtype=np.uint8)
    tables[:, 1:] = rng.permuted(np.tile(np.arange(1, 10, dtype=np.uint8), (len(grids), 1)), axis=1)
    return np.take_along_axis(tables, grids.astype(np.intp), axis=1)


def first_row_normal(grids: np.ndarray) -> np.ndarray:
    """Relabel so the first row reads 123456789: the smallest relabelling of each grid."""
    labels = np.zeros((len(grids), 10), dtype=np.uint8)
    labels[np.arange(len(grids))[:, None], grids[:, :9]] = np.arange(1, 10, dtype=np.uint8)
    return np.take_along_axis(labels, grids.astype(np.intp), axis=1)


def line_orders() -> np.ndarray:
    """All 1296 band-preserving orders of nine lines."""
    p3 = list(itertools.permutations(range(3)))
    return np.array(
        [
            [3 * b + w for b, ws in zip(bands, inner, strict=True) for w in ws]
            for bands in p3
            for inner in itertools.product(p3, repeat=3)
        ]
    )


def lex_min(rows: np.ndarray) -> np.ndarray:
    """The lexicographically smallest row of a 2-d array, by narrowing column by column."""
    keep = np.arange(len(rows))
    for col in range(rows.shape[1]):
        values = rows[keep, col]
        keep = keep[values == values.min()]
        if len(keep) == 1:
            break
    return rows[keep[0]]


def brute_force_minlex(grid: np.ndarray) -> bytes:
    """The smallest of all 2 x 1296 x 1296 positional images, each relabelled at its best.

    Every image's first row relabels to 123456789, so images are first ranked by their second row,
    which depends only on the transposition, the first two rows and the column order; the full
    images are built only for the best of those.  No other shortcut of the kernel's is used.
    """
    orders = line_orders()
    inverse = np.argsort(orders, axis=1)
    heads = []  # (t, r0, r1, column order number, second row)
    for t, g in enumerate((grid.reshape(9, 9), grid.reshape(9, 9).T)):
        where = np.zeros((9, 10), dtype=np.intp)
        where[np.arange(9)[:, None], g] = np.arange(9)
        for r0, r1 in {(int(a), int(b)) for a, b in orders[:, :2]}:
            second = inverse[np.arange(len(orders))[:, None], where[r0][g[r1][orders]]] + 1
            heads.extend((t, r0, r1, c, row.tobytes()) for c, row in enumerate(second.astype(np.uint8)))
    top = min(h[4] for h in heads)
    images = []
    for t, r0, r1, c, row in heads:
        if row == top:
            g = grid.reshape(9, 9) if t == 0 else grid.reshape(9, 9).T
            rows = orders[(orders[:, 0] == r0) & (orders[:, 1] == r1)]
            images.append(first_row_normal(g[rows][:, :, orders[c]].reshape(-1, 81)))
    return lex_min(np.concatenate(images)).tobytes()


SYMMETRIC = "123456789456789123789123456234567891567891234891234567345678912678912345912345678"


@pytest.mark.parametrize("seed", [21, 22, 23, None])
def test_minlex_equals_brute_force(seed: int | None) -> None:
    if seed is None:  # a grid with many automorphisms: many candidates tie for long
        grid = np.array([int(ch) for ch in SYMMETRIC], dtype=np.uint8)
    else:
        grid = random_grids(1, seed=seed)[0]
    assert minlex(grid).tobytes() == brute_force_minlex(grid)


def test_minlex_is_invariant_under_every_kind_of_symmetry() -> None:
    rng = np.random.default_rng(3)
    grids = random_grids(40, seed=3)
    forms = minlex_batch(grids)
    for _ in range(5):
        moved = relabel_randomly(random_transforms(grids, rng), rng)
        assert not (moved == grids).all(axis=1).any()
        assert (minlex_batch(moved) == forms).all()


def test_minlex_is_idempotent_valid_and_starts_123456789_then_4() -> None:
    forms = minlex_batch(random_grids(100, seed=4))
    assert (minlex_batch(forms) == forms).all()
    assert all(is_solution(f, EMPTY) for f in forms)
    assert (forms[:, :9] == np.arange(1, 10)).all()
    assert (forms[:, 9] == 4).all()  # row 2 always starts with the label 4, then ascends in its box
    assert ((forms[:, 9] < forms[:, 10]) & (forms[:, 10] < forms[:, 11])).all()


def test_minlex_is_no_larger_than_any_transform_of_its_grid() -> None:
    rng = np.random.default_rng(5)
    for grid in random_grids(5, seed=5):
        form = minlex(grid).tobytes()
        images = first_row_normal(random_transforms(np.tile(grid, (4000, 1)), rng))
        assert all(form <= image.tobytes() for image in images)
        assert form in {image.tobytes() for image in images} or form < min(i.tobytes() for i in images)


def test_inequivalent_grids_get_different_forms() -> None:
    grids = random_grids(300, seed=6)
    forms = minlex_batch(grids)
    assert len({f.tobytes() for f in forms}) == 300


def test_minlex_refuses_incomplete_or_invalid_grids() -> None:
    grid = random_grids(1, seed=7)[0]
    holed = grid.copy()
    holed[40] = 0
    broken = grid.copy()
    broken[0], broken[1] = broken[1], broken[0]
    for bad in (holed, broken):
        with pytest.raises(ValueError, match="not a complete, valid grid"):
            minlex(bad)
    with pytest.raises(ValueError, match="shape"):
        minlex_batch(np.zeros((2, 80), dtype=np.uint8))


def test_essentially_different_grids_are_canonical_and_pairwise_inequivalent() -> None:
    grids = essentially_different_grids(2000, seed=8)
    assert grids.shape == (2000, 81)
    assert (minlex_batch(grids) == grids).all()  # canonical: equivalent grids would be equal
    assert len({g.tobytes() for g in grids}) == 2000
    assert (essentially_different_grids(50, seed=8) == grids[:50]).all()


def test_first_digit_swaps_one_and_d() -> None:
    grids = essentially_different_grids(200, seed=9, first=6)
    assert (grids[:, 0] == 6).all()
    back = grids.copy()
    back[grids == 6], back[grids == 1] = 1, 6
    assert (minlex_batch(back) == back).all() and len({g.tobytes() for g in back}) == 200


def test_cli_essentially_different(tmp_path: Path) -> None:
    out = tmp_path / "ed.txt"
    assert main(["-c", "1500", "--essentially-different", "--seed", "2", "-o", str(out)]) == 0
    first = out.read_bytes()
    grids = parse_classic(first)
    assert len(grids) == 1500
    assert (minlex_batch(grids) == grids).all() and len({g.tobytes() for g in grids}) == 1500
    assert main(["-c", "1500", "--essentially-different", "--seed", "2", "-o", str(out)]) == 0
    assert out.read_bytes() == first
    assert main(["-c", "20", "--essentially-different", "--first", "4", "-o", str(out)]) == 0
    assert (parse_classic(out.read_bytes())[:, 0] == 4).all()
