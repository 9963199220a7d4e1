"""The bit-mask vocabulary every technique speaks: 9-bit digit masks and 81-bit cell masks.

A *digit mask* has bit ``d - 1`` set when digit ``d`` is in it (a cell's candidates); a *cell mask*
has bit ``c`` set when cell ``c`` (0-80, row-major) is in it.  Plain Python ints: the finders
touch them millions of times and table lookups beat numpy scalars there.  Nothing here fails on
well-formed masks; a negative mask makes :func:`bits` loop forever, so callers never pass one.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from engine.grid import CELL_UNITS, PEERS, UNITS

ALL_DIGITS = 0x1FF
ALL_CELLS = (1 << 81) - 1

POPCOUNT: tuple[int, ...] = tuple(bin(m).count("1") for m in range(512))
"""The number of digits in every 9-bit mask (a table lookup beats counting in the finders' loops)."""

MASK_DIGITS: tuple[tuple[int, ...], ...] = tuple(
    tuple(d for d in range(1, 10) if m >> (d - 1) & 1) for m in range(512)
)
"""The digits (ascending) of every 9-bit mask."""

CELL_BIT = tuple(1 << c for c in range(81))
PEER_MASK = tuple(sum(1 << p for p in PEERS[c]) for c in range(81))
UNIT_MASK = tuple(sum(1 << c for c in unit) for unit in UNITS)
CELL_UNIT_BITS = tuple(sum(1 << u for u in CELL_UNITS[c]) for c in range(81))
"""Per cell its row, column and box as bits of a 27-bit unit mask (bit u is ``UNITS[u]``)."""
PEER_THIRDS = tuple((m & (1 << 27) - 1, m >> 27 & (1 << 27) - 1, m >> 54) for m in PEER_MASK)
"""Per cell its peers as three words of 27 cells (cell c is bit c % 27 of word c // 27): cell sets
as compiled kernels read them in signed 64-bit words (engine/kernels/)."""


def mask_digits(mask: int) -> list[int]:
    """Return the digits (ascending) in a digit mask (bits above 9 are ignored)."""
    return list(MASK_DIGITS[mask & ALL_DIGITS])


def digits_text(mask: int) -> str:
    """Return a digit mask as text, ``{1,5}`` -> ``"15"`` ("" for an empty mask)."""
    return "".join(str(d) for d in MASK_DIGITS[mask & ALL_DIGITS])


def popcount(mask: int) -> int:
    """Return the number of set bits of a non-negative int."""
    return POPCOUNT[mask] if mask < 512 else mask.bit_count()


def digit_of(bit: int) -> int:
    """Return the digit of a one-digit mask (the highest digit of a larger one; 0 for 0)."""
    return bit.bit_length()


def bits(mask: int) -> Iterator[int]:
    """Yield the set bit positions (ascending) of a mask: the cells of a cell mask."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def candidate_pairs(key: int) -> list[tuple[int, int]]:
    """Return the sorted (cell, digit) pairs of a *candidate mask* (bit ``81 * (d - 1) + c`` for
    digit d in cell c), as the chains and forcing chains keep their sets of candidates."""
    out = []
    for bit in bits(key):
        d, c = divmod(bit, 81)
        out.append((c, d + 1))
    out.sort()
    return out


_COMMON_PEERS: dict[int, int] = {}
_COMMON_PEERS_KEPT = 1 << 16  # the masks asked for are mostly parts of one unit (27 x 512 of them)


def common_peers(mask: int) -> int:
    """Return the cells that see every cell of ``mask`` (every cell when the mask is empty)."""
    out = _COMMON_PEERS.get(mask)
    if out is None:
        out = ALL_CELLS
        for c in bits(mask):
            out &= PEER_MASK[c]
        if len(_COMMON_PEERS) < _COMMON_PEERS_KEPT:
            _COMMON_PEERS[mask] = out
    return out


_LAST_ARRAY: tuple[tuple[int, ...], np.ndarray] | None = None


def cands_array(cands: list[int]) -> np.ndarray:
    """Return the 81 candidate masks as an int64 array, the compiled finders' input; the same array
    for the same candidates as last asked (a shared answer: never write to it).  Never fails.

    The multi-digit finders each pass the state to a kernel, some twenty a hard state: making the
    array from the list cost 2.5-4 us a call, reading the last one back (a tuple compared) under 1 us.
    Kept as one (key, array) pair replaced whole, so threads never pair a key with another's array.
    """
    global _LAST_ARRAY
    key = tuple(cands)
    kept = _LAST_ARRAY
    if kept is not None and kept[0] == key:
        return kept[1]
    out = np.array(key, dtype=np.int64)
    _LAST_ARRAY = (key, out)
    return out
