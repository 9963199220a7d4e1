"""The variant solver's program laid out: the tables of a compiled puzzle as one flat ``int64`` array, in
the order and with the header words :mod:`engine.kernels.variant` reads."""

from __future__ import annotations

import numpy as np

from engine.solve.variant_sums import HOUSE, LINES


def pack(size: int, init: list[int], peers: list[list[int]],
         cons: list[tuple[int, tuple[int, ...], int, list[int]]], prio: list[int]) -> np.ndarray:
    """Lay the tables out as the kernels read them (see :mod:`engine.kernels.variant`)."""
    nc = size * size
    peer_start = np.cumsum([0] + [len(p) for p in peers])
    con_start = np.cumsum([0] + [len(c[1]) for c in cons])
    aux_start = np.cumsum([0] + [len(c[3]) for c in cons])
    full, counted = _full_houses(size, cons)
    by_cell: list[list[int]] = [[] for _ in range(nc)]
    houses_of: list[list[int]] = [[] for _ in range(nc)]
    for k, (_, cells, _, _) in enumerate(cons):
        for c in cells:
            if k not in counted:  # a full house and its locked candidates are queued by digit counts
                by_cell[c].append(k)
    for h, (k, _, _) in enumerate(full):
        for c in cons[k][1]:
            houses_of[c].append(h)
    cc_start = np.cumsum([0] + [len(b) for b in by_cell])
    ch_start = np.cumsum([0] + [len(b) for b in houses_of])
    parts = [
        np.asarray(init, dtype=np.int64), peer_start, [p for ps in peers for p in ps],
        [c[0] for c in cons], con_start, [x for c in cons for x in c[1]], [c[2] for c in cons],
        aux_start, [x for c in cons for x in c[3]], cc_start, [k for b in by_cell for k in b], prio,
        _peer_bits(nc, peers), ch_start, [h for b in houses_of for h in b], [x for f in full for x in f],
    ]
    header = np.zeros(20, dtype=np.int64)
    header[:3] = size, nc, len(cons)
    header[19] = len(full)
    offset = 20
    for i, part in enumerate(parts):
        header[3 + i] = offset
        offset += len(part)
    return np.concatenate([header, *(np.asarray(p, dtype=np.int64) for p in parts)])


def _full_houses(size: int, cons: list[tuple[int, tuple[int, ...], int, list[int]]]
                 ) -> tuple[list[tuple[int, int, int]], set[int]]:
    """Return each full house as (its constraint, its locked candidates' constraint or -1, the most
    cells that one shares with another house, or -1), and the set of those constraints: the kernels
    queue them when a digit's places in the house fall to 1 or to that many, not on every change."""
    lines = {cells: (k, most) for k, (kind, cells, most, _) in enumerate(cons) if kind == LINES}
    full = [(k, *lines.get(cells, (-1, -1)))
            for k, (kind, cells, _, _) in enumerate(cons) if kind == HOUSE and len(cells) == size]
    return full, {k for f in full for k in f[:2] if k >= 0}


def _peer_bits(nc: int, peers: list[list[int]]) -> list[int]:
    """Each cell's peers as a bitset, in words of 62 cells (no word's sign bit is ever set)."""
    words = (nc + 61) // 62
    out = [0] * (nc * words)
    for c, ps in enumerate(peers):
        for p in ps:
            out[c * words + p // 62] |= 1 << (p % 62)
    return out
