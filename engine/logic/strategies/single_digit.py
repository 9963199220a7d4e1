"""Single-digit patterns: short chains of one digit's strong links.

A *strong link* is a unit where a digit has exactly two candidate cells (a conjugate pair): one
of the two holds it.  Two strong links A=B and C=D joined by a *weak link* (B sees C, so they
cannot both hold it) give "A or D holds the digit": every cell seeing both A and D loses it.

Skyscraper (4.0): two parallel lines (rows or columns) with strong links whose one end share a
crossing line::

    A . . . . . . . .      rows 1 and 5 each hold the digit twice;
    . . . * * * . . .      B and C share column 6 (the weak link),
    . . . . . B . . .      so A or D holds it: the starred cells,
    . . . . . . . . .      which see both A and D, lose it
    . D . . . C . . .

Two-string kite (4.1): a row's strong link and a column's strong link with one end each in the
same box; the cell that sees both far ends loses the digit.

Turbot fish (4.2): any other strong-weak-strong chain (a box strong link is involved).

Empty rectangle (4.3): a box where the digit lies only on one row and one column of the box (an
"empty rectangle" of the other four cells) works like a strong link between that row and column.
With a strong link in a column (row) from the box's row (column) to cell E, the cell in E's row
(column) and the box's column (row) loses the digit.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.candidates import CandidateGrid, DigitMemo, LastAnswer, all_unit_positions, template_covered
from engine.grid import PEERS, UNITS
from engine.logic.strategies import Family, Technique
from engine.masks import CELL_BIT, PEER_MASK, POPCOUNT, bits
from engine.steps import Step

FAMILY = Family()  # this module's techniques, read by engine.logic.techniques

PEER_SETS = tuple(frozenset(p) for p in PEERS)


_LINKS = LastAnswer()


def strong_links(cands: list[int], bit: int) -> list[tuple[int, int, int]]:
    """Return every (unit, cell, cell) where the digit has exactly two candidate cells; read-only.

    The single-digit, colouring and wing finders all ask on the same state: the last state's
    links are kept, each digit's made when first asked for (most finders keep per-digit results
    and ask only for the one or two digits a step changed: making all nine cost about 0.06 ms a state).
    """
    per_digit = _LINKS.get(tuple(cands), lambda: [None] * 9)
    d = bit.bit_length() - 1
    links = per_digit[d]
    if links is None:
        links = per_digit[d] = links_of(all_unit_positions(cands)[d])
    return links


def _name(cell: int) -> str:
    return f"r{cell // 9 + 1}c{cell % 9 + 1}"


def _kind(u1: int, u2: int, b: int, c: int) -> str:
    """Name a strong(u1)-weak(b,c)-strong(u2) chain: skyscraper, kite or turbot fish."""
    if u1 < 18 and u2 < 18:
        if (u1 < 9) == (u2 < 9):
            same_cross = b % 9 == c % 9 if u1 < 9 else b // 9 == c // 9
            return "skyscraper" if same_cross else "turbot_fish"
        same_box = (b // 27, b % 9 // 3) == (c // 27, c % 9 // 3)
        return "two_string_kite" if same_box else "turbot_fish"
    return "turbot_fish"


_CHAINS = LastAnswer()
_MEMO = DigitMemo()  # per digit: these patterns depend only on that digit's 27 unit masks


def links_of(pos: list[int]) -> list[tuple[int, int, int]]:
    """Return the strong links (unit, cell, cell) of one digit given its 27 unit masks."""
    return [(u, UNITS[u][(m & -m).bit_length() - 1], UNITS[u][m.bit_length() - 1])
            for u, m in enumerate(pos) if POPCOUNT[m] == 2]


def _has(pos: list[int], cell: int) -> bool:
    return bool(pos[cell // 9] >> (cell % 9) & 1)


def _chains(cg: CandidateGrid, want: str) -> Iterator[Step]:
    # the three kinds come from one search over pairs of strong links, kept for the state
    yield from _CHAINS.get(tuple(cg.cands), lambda: _all_chains(cg.cands))[want]


def _all_chains(cands: list[int]) -> dict[str, list[Step]]:
    found: dict[str, list[Step]] = {"skyscraper": [], "two_string_kite": [], "turbot_fish": []}
    covered = template_covered(cands)  # nothing to remove on these digits
    for d, pos in enumerate(all_unit_positions(cands), start=1):
        if covered >> (d - 1) & 1:
            continue
        per_digit = _MEMO.get(("chains", d, tuple(pos)), lambda d=d, pos=pos: _chains_digit(pos, d))
        for kind, steps in per_digit:
            found[kind].extend(steps)
    return found


def _chains_digit(pos: list[int], d: int) -> list[tuple[str, list[Step]]]:
    found: dict[str, list[Step]] = {"skyscraper": [], "two_string_kite": [], "turbot_fish": []}
    seen: set[frozenset[int]] = set()
    links = links_of(pos)
    if len(links) < 2:
        return list(found.items())
    where = sum(pos[row] << (9 * row) for row in range(9))  # the digit's cells (row masks: bit = column)
    for i, (u1, p, q) in enumerate(links):
        for u2, r, s in links[i + 1:]:
            if u1 == u2:
                continue
            for a, b in ((p, q), (q, p)):
                peers_b = PEER_MASK[b]
                for c, e in ((r, s), (s, r)):
                    if not peers_b >> c & 1 or a in (c, e) or b == e:
                        continue
                    # the digit's cells seeing both ends, but for the chain's own (bit masks: one
                    # search per digit mask of every state the driver reaches past the X-wing)
                    targets = PEER_MASK[a] & PEER_MASK[e] & where & ~(CELL_BIT[b] | CELL_BIT[c])
                    if not targets:
                        continue
                    elims = [(t, d) for t in bits(targets)]
                    key = frozenset((a, b, c, e))
                    if key in seen:
                        continue
                    seen.add(key)
                    kind = _kind(u1, u2, b, c)
                    found[kind].append(Step(
                        kind, eliminations=tuple(elims), cells=(a, b, c, e), units=(u1, u2),
                        candidates=tuple((x, d) for x in (a, b, c, e)),
                        links=(((a, d), (b, d), True), ((b, d), (c, d), False),
                               ((c, d), (e, d), True)),
                        detail={"digit": d, "ends": f"{_name(a)}, {_name(e)}"}))
    return list(found.items())


def skyscraper(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every skyscraper that removes a candidate (none if none)."""
    return _chains(cg, "skyscraper")


def two_string_kite(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every two-string kite that removes a candidate (none if none)."""
    return _chains(cg, "two_string_kite")


def turbot_fish(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every other strong-weak-strong single-digit chain that removes a candidate (none if none)."""
    return _chains(cg, "turbot_fish")


_BOX_ROWS = (0b000000111, 0b000111000, 0b111000000)  # box positions (0-8) on each row of the box
_BOX_COLS = (0b001001001, 0b010010010, 0b100100100)


def empty_rectangle(cg: CandidateGrid) -> Iterator[Step]:
    """Yield every empty rectangle that removes a candidate (none if none)."""
    covered = template_covered(cg.cands)
    for d, pos in enumerate(all_unit_positions(cg.cands), start=1):
        if covered >> (d - 1) & 1:
            continue
        yield from _MEMO.get(("er", d, tuple(pos)), lambda d=d, pos=pos: list(_er_digit(pos, d)))


def _er_digit(pos: list[int], d: int) -> Iterator[Step]:
    links = links_of(pos)
    if not links:
        return
    for box in range(9):
        p = pos[18 + box]
        if POPCOUNT[p] < 2:
            continue
        for r, c in _er_crosses(p):
            box_cells = [UNITS[18 + box][i] for i in range(9) if p >> i & 1]
            row, col = box // 3 * 3 + r, box % 3 * 3 + c
            yield from _er_steps(pos, d, box, box_cells, row, col, links)


def _er_crosses(p: int) -> Iterator[tuple[int, int]]:
    """Yield (row, col) inside the box (0-2 each) whose cross holds every position of ``p``, with
    positions off the crossing cell on both arms."""
    for r in range(3):
        for c in range(3):
            row, col = _BOX_ROWS[r], _BOX_COLS[c]
            if not p & ~(row | col) and p & row & ~col and p & col & ~row:
                yield r, c


def _er_steps(pos: list[int], d: int, box: int, box_cells: list[int], row: int, col: int,
              links: list[tuple[int, int, int]]) -> Iterator[Step]:
    for unit, p, q in links:
        for near, far in ((p, q), (q, p)):
            if 9 <= unit < 18 and near // 9 == row and near % 9 // 3 != box % 3:
                target = (far // 9) * 9 + col  # the far end's row, the box's column
            elif unit < 9 and near % 9 == col and near // 9 // 3 != box // 3:
                target = row * 9 + far % 9  # the box's row, the far end's column
            else:
                continue
            if target // 27 * 3 + target % 9 // 3 == box or not _has(pos, target):
                continue
            yield Step("empty_rectangle", eliminations=((target, d),), cells=(*box_cells, near, far),
                       units=(18 + box, unit), candidates=tuple((c, d) for c in (*box_cells, near, far)),
                       detail={"digit": d, "box": box + 1,
                               "link": f"r{near // 9 + 1}c{near % 9 + 1}=r{far // 9 + 1}c{far % 9 + 1}"})


FAMILY.add(Technique("skyscraper", "Skyscraper", "摩天楼", 4.0, skyscraper))
FAMILY.add(Technique("two_string_kite", "2-String Kite", "双线风筝", 4.1, two_string_kite))
FAMILY.add(Technique("turbot_fish", "Turbot Fish", "多宝鱼", 4.2, turbot_fish))
FAMILY.add(Technique("empty_rectangle", "Empty Rectangle", "空矩形", 4.3, empty_rectangle))
