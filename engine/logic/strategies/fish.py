"""Fish: one digit's candidates in n lines (the base) confined to n crossing lines (the cover).

X-wing (n=2, 3.2), swordfish (n=3, 3.8), jellyfish (n=4, 5.2): if a digit's candidates in n rows
all lie in the same n columns, those n rows place the digit once in each of those columns, so the
columns lose the digit everywhere else (and the same with rows and columns swapped)::

    . x . . . x . . .     x = the digit's only places in rows 1 and 5,
    . . . . . . . . .         all in columns 2 and 6
    . * . . . * . . .  -> * = the rest of columns 2 and 6 lose it
    . . . . . . . . .
    . x . . . x . . .

Finned fish (X-wing 3.4, swordfish 4.0, jellyfish 5.4): the base lines also hold the digit in a
few extra cells, the fins, all in one box.  Either a fin holds the digit or the fish does, so
only cover cells inside the fins' box lose it.

Sashimi fish (finned score + 0.1): a finned fish that would not even be a fish without its fins,
because some base line keeps at most one candidate in the cover when the fins are left out.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from engine.candidates import CandidateGrid, DigitMemo, all_unit_positions, template_covered
from engine.logic.strategies import Family, Finder, Technique
from engine.masks import POPCOUNT
from engine.steps import Step

FAMILY = Family()  # this module's techniques, read by engine.logic.techniques

_NAMES = {2: "x_wing", 3: "swordfish", 4: "jellyfish"}
_STACKS = (0b000000111, 0b000111000, 0b111000000)


def _cell(line: int, pos: int, rows_base: bool) -> int:
    return line * 9 + pos if rows_base else pos * 9 + line


def _fish(cg: CandidateGrid, n: int, kind: str) -> Iterator[Step]:
    """Yield fish of size n: kind 'basic', 'finned' or 'sashimi'."""
    if kind == "basic":
        yield from _basic_fish(cg.cands, n)
        return
    # finned and sashimi fish come from one search; the driver asks for both on the same state
    key = tuple(cg.cands)
    cached = _FINNED_CACHE.get(n)
    if cached is None or cached[0] != key:
        cached = (key, _finned_fish(cg.cands, n))
        _FINNED_CACHE[n] = cached
    yield from cached[1][kind == "sashimi"]


_FINNED_CACHE: dict[int, tuple[tuple[int, ...], tuple[list[Step], list[Step]]]] = {}


def _base_lines(pos: list[int], rows_base: bool, most: int) -> list[tuple[int, int]]:
    off = 0 if rows_base else 9
    return [(i, pos[off + i]) for i in range(9) if pos[off + i] and POPCOUNT[pos[off + i]] <= most]


_MEMO = DigitMemo()  # per (kind, size, digit): a fish depends only on that digit's row/column masks


def _basic_fish(cands: list[int], n: int) -> Iterator[Step]:
    table = all_unit_positions(cands)
    covered = template_covered(cands)  # no fish removes anything on these digits
    for d in range(1, 10):
        if covered >> (d - 1) & 1:
            continue
        pos = table[d - 1]
        key = ("basic", n, d, tuple(pos[:18]))
        yield from _MEMO.get(key, lambda pos=pos, d=d: list(_basic_fish_digit(pos, n, d)))


def _basic_fish_digit(pos: list[int], n: int, d: int) -> Iterator[Step]:
    for rows_base in (True, False):
        for base in combinations(_base_lines(pos, rows_base, n), n):
            union = 0
            for _, m in base:
                union |= m
            if POPCOUNT[union] == n:
                step = _basic_step(pos, _NAMES[n], d, base, union, rows_base)
                if step is not None:
                    yield step


# for a 9-bit line mask: the fewest of its lines left outside any one stack (where fins must lie)
_MIN_OUTSIDE = tuple(min(POPCOUNT[m & ~st] for st in _STACKS) for m in range(512))


def _finned_fish(cands: list[int], n: int) -> tuple[list[Step], list[Step]]:
    """Return (finned, sashimi) fish of size n, every instance that removes a candidate."""
    found: tuple[list[Step], list[Step]] = ([], [])
    table = all_unit_positions(cands)
    covered = template_covered(cands)
    for d in range(1, 10):
        if covered >> (d - 1) & 1:
            continue
        pos = table[d - 1]
        key = ("finned", n, d, tuple(pos[:18]))
        finned, sashimi = _MEMO.get(key, lambda pos=pos, d=d: _finned_digit(pos, n, d))
        found[0].extend(finned)
        found[1].extend(sashimi)
    return found


def _finned_digit(pos: list[int], n: int, d: int) -> tuple[list[Step], list[Step]]:
    found: tuple[list[Step], list[Step]] = ([], [])
    for rows_base in (True, False):
        off = 0 if rows_base else 9
        # per band, per set of its lines (3 bits): where the digit lies in those lines, built once
        # here rather than per base (the driver's finned searches 62 -> 58 us a digit, same steps)
        spans = []
        for band in range(3):
            a, b, c = pos[off + 3 * band: off + 3 * band + 3]
            spans.append([0, a, b, a | b, c, a | c, b | c, a | b | c])
        # a base line holds at most n cover candidates and 3 fins (one box)
        for base, union in _finned_bases(_base_lines(pos, rows_base, n + 3), n):
            for sashimi, step in _finned_steps(pos, d, base, union, rows_base, spans):
                found[sashimi].append(step)
    return found


def _finned_bases(lines: list[tuple[int, int]], n: int) -> Iterator[tuple[tuple[tuple[int, int], ...], int]]:
    """Yield (base, union) for n lines whose union, but for one stack, fits in n - 1 cover lines.

    Depth-first, so a partial base that already spreads over too many lines outside every stack
    is dropped with all its extensions (the union only grows).
    """
    stack: list[tuple[int, int, tuple[tuple[int, int], ...]]] = [(0, 0, ())]
    while stack:
        start, union, base = stack.pop()
        if len(base) == n:
            if POPCOUNT[union] > n:
                yield base, union
            continue
        for i in range(len(lines) - (n - len(base)), start - 1, -1):
            grown = union | lines[i][1]
            if _MIN_OUTSIDE[grown] < n:
                stack.append((i + 1, grown, (*base, lines[i])))


def _basic_step(pos: list[int], tid: str, d: int, base: tuple[tuple[int, int], ...],
                union: int, rows_base: bool) -> Step | None:
    base_lines = {i for i, _ in base}
    cover = [p for p in range(9) if union >> p & 1]
    off = 0 if rows_base else 9  # pos[off + line] >> p & 1: the digit at (line, p)
    elims = sorted((_cell(line, p, rows_base), d) for p in cover for line in range(9)
                   if line not in base_lines and pos[off + line] >> p & 1)
    if not elims:
        return None
    return _step(tid, d, base, cover, (), elims, rows_base)


def _finned_steps(pos: list[int], d: int, base: tuple[tuple[int, int], ...], union: int, rows_base: bool,
                  spans: list[list[int]]) -> Iterator[tuple[bool, Step]]:
    """Yield (sashimi, step) for every finned fish on ``base``; ``spans[band][lines]``: where the digit
    lies in those lines (3 bits) of the band."""
    n = len(base)
    name = _NAMES[n]
    off = 0 if rows_base else 9
    free = 0b111111111  # the lines outside the base
    for i, _ in base:
        free ^= 1 << i
    # per band: where the digit lies in its lines outside the base (what a fish there can remove)
    others = [spans[0][free & 7], spans[1][free >> 3 & 7], spans[2][free >> 6]]
    anywhere = others[0] | others[1] | others[2]
    # the fins lie in one stack; every cover line outside it is forced, and only cover lines
    # inside it can lose the digit, so the cover takes at least one line there
    for stack in range(3):
        inside = union & _STACKS[stack]
        k = n - POPCOUNT[union & ~_STACKS[stack]]
        if k < 1 or POPCOUNT[inside] <= k or not inside & anywhere:
            continue
        if not _one_band_fits(base, inside, k, others):
            continue
        outside = union & ~_STACKS[stack]
        inside_lines = [p for p in range(9) if inside >> p & 1]
        for chosen in combinations(inside_lines, k):
            chosen_mask = 0
            for p in chosen:
                chosen_mask |= 1 << p
            if not chosen_mask & anywhere:
                continue
            cover_mask = outside | chosen_mask
            fin_mask = union & ~cover_mask
            bands = 0  # the bands of the base lines holding a fin: one, or it is no finned fish
            for i, m in base:
                if m & fin_mask:
                    bands |= 1 << (i // 3)
            band = bands.bit_length() - 1
            if bands & (bands - 1) or not chosen_mask & others[band]:
                continue
            elims = sorted((_cell(line, p, rows_base), d) for p in chosen
                           for line in range(band * 3, band * 3 + 3)
                           if free >> line & 1 and pos[off + line] >> p & 1)
            if not elims:
                continue
            # a base line with at most one candidate in the cover makes the fish sashimi (HoDoKu's rule)
            sashimi = any(POPCOUNT[m & cover_mask] < 2 for _, m in base)
            cover = [p for p in range(9) if cover_mask >> p & 1]
            fins = [_cell(i, p, rows_base) for i, m in base for p in range(9) if (m & fin_mask) >> p & 1]
            tid = f"{'sashimi' if sashimi else 'finned'}_{name}"
            yield sashimi, _step(tid, d, base, cover, fins, elims, rows_base)


def _one_band_fits(base: tuple[tuple[int, int], ...], inside: int, k: int, others: list[int]) -> bool:
    """Whether some k of the stack's cover lines ``inside`` leave every fin in one band's base lines
    and take a candidate outside the base in that band (False when no choice can).

    The fins' band b takes the fins, so the other bands' base cells in the stack must all be in the
    chosen lines; tested before the choices are walked (200 of 95,000 choices made a fish on the
    driver's finned searches: 56 -> 41 us a digit, the same steps).
    """
    spread = [0, 0, 0]  # per band: the stack's lines its base lines use
    for i, m in base:
        spread[i // 3] |= m & inside
    for band in range(3):
        forced = spread[band - 1] | spread[band - 2]  # the other two bands'
        if POPCOUNT[forced] <= k and (forced & others[band] or (
                POPCOUNT[forced] < k and inside & ~forced & others[band])):
            return True
    return False


def _step(tid: str, d: int, base: tuple[tuple[int, int], ...], cover: list[int], fins: list[int],
          elims: list[tuple[int, int]], rows_base: bool) -> Step:
    cells = tuple(sorted(_cell(i, p, rows_base) for i, m in base for p in range(9) if m >> p & 1))
    base_units = tuple(i if rows_base else 9 + i for i, _ in base)
    cover_units = tuple(9 + p if rows_base else p for p in cover)
    return Step(tid, eliminations=tuple(elims), cells=cells, units=base_units + cover_units,
                candidates=tuple((c, d) for c in cells),
                detail={"digit": d, "base": _unit_list(base_units), "cover": _unit_list(cover_units),
                        "fins": ", ".join(f"r{c // 9 + 1}c{c % 9 + 1}" for c in fins)})


def _unit_list(units: tuple[int, ...]) -> str:
    kind = "r" if units[0] < 9 else "c"
    return kind + "".join(str(u % 9 + 1) for u in units)


def _finder(n: int, kind: str) -> Finder:
    tid = _NAMES[n] if kind == "basic" else f"{kind}_{_NAMES[n]}"

    def find(cg: CandidateGrid) -> Iterator[Step]:
        return _fish(cg, n, kind)

    find.__name__ = tid
    find.__doc__ = f"Yield every {tid.replace('_', ' ')} that removes a candidate (none if none)."
    return find


x_wing, swordfish, jellyfish = (_finder(n, "basic") for n in (2, 3, 4))
finned_x_wing, finned_swordfish, finned_jellyfish = (_finder(n, "finned") for n in (2, 3, 4))
sashimi_x_wing, sashimi_swordfish, sashimi_jellyfish = (_finder(n, "sashimi") for n in (2, 3, 4))

_EN = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
_ZH = {2: "X翼", 3: "剑鱼", 4: "水母"}
_SCORE = {2: 3.2, 3: 3.8, 4: 5.2}

for _n, _basic, _finned, _sashimi in ((2, x_wing, finned_x_wing, sashimi_x_wing),
                                      (3, swordfish, finned_swordfish, sashimi_swordfish),
                                      (4, jellyfish, finned_jellyfish, sashimi_jellyfish)):
    FAMILY.add(Technique(_NAMES[_n], _EN[_n], _ZH[_n], _SCORE[_n], _basic))
    FAMILY.add(
        Technique(f"finned_{_NAMES[_n]}", f"Finned {_EN[_n]}", f"鳍{_ZH[_n]}", round(_SCORE[_n] + 0.2, 1),
                  _finned),
    )
    FAMILY.add(
        Technique(f"sashimi_{_NAMES[_n]}", f"Sashimi {_EN[_n]}", f"退化鳍{_ZH[_n]}（刺身）",
                  round(_SCORE[_n] + 0.3, 1), _sashimi),
    )
