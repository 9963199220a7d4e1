"""``sudoku explain``, ``hint`` and ``why`` on a variant puzzle: what those commands do when PUZZLE is not
an 81-character classic line.

PUZZLE is then read by ``engine.parse_puzzle`` (f-puzzles JSON, an f-puzzles or SudokuPad link, the
model's own JSON; a file holding one of these is read too).  A puzzle that turns out classic (9x9,
standard boxes, no constraint) goes back to the classic commands, so its steps and rating stay the
classic ones.  The steps are :mod:`engine.logic.variant`'s; ``--json`` prints
:func:`~engine.logic.variant.view.variant_step_json` objects (technique, cells, candidates, the
cages, lines and dots the step uses, its houses, its explanation in English and Chinese).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.cli.common import CommandError, UsageError, clip, progress

if TYPE_CHECKING:
    from engine.puzzle.model import Puzzle


OTHER_SIZES = (16, 36, 64, 144, 256)  # lines of N*N cells of the 4x4 ... 16x16 puzzles


def is_classic_text(text: str) -> bool:
    """False for what only the variant commands read (JSON, a link, a SudokuPad id, a line of N*N cells
    for N other than 9); True for the rest, which the classic commands read or refuse."""
    body = text.strip()
    if body.startswith(("{", "[", "fpuz", "scf")) or "://" in body:
        return False
    return not (len(body) in OTHER_SIZES and all(ch in "0123456789.ABCDEFGabcdefg" for ch in body))


def contents(text: str) -> str:
    """The PUZZLE argument's text: a file's contents when it names a file; UsageError when that file
    cannot be read."""
    body = text.strip()
    if len(body) < 4096 and os.path.isfile(body):
        try:
            with open(body, encoding="utf-8") as handle:
                return handle.read().strip()
        except (OSError, UnicodeDecodeError) as err:
            raise UsageError(f"cannot read {clip(body, 60)}: {clip(str(err), 60)}") from None
    return body


def read_variant(body: str) -> Puzzle:
    """The puzzle ``body`` holds (engine.parse_puzzle: f-puzzles JSON, links, lines of N*N cells, the
    model's own JSON); UsageError when it is not one."""
    from engine.errors import SudokuError
    from engine.puzzle.parse import parse_puzzle

    try:
        return parse_puzzle(body)
    except (SudokuError, ValueError, KeyError, TypeError) as err:
        raise UsageError(f"bad PUZZLE: {err}") from None


def _solution(puzzle: Puzzle) -> tuple[int, ...]:
    """The one solution; CommandError when there is none or several."""
    from engine.logic.variant.search import solutions

    try:
        found = solutions(puzzle, 2)
    except RuntimeError as err:
        raise CommandError(f"PUZZLE: {err}") from None
    if not found:
        raise CommandError("PUZZLE has no solution; a logical solution path needs exactly one")
    if len(found) > 1:
        raise CommandError("PUZZLE has several solutions; a logical solution path needs exactly one")
    return found[0]


def classic_line(puzzle: Puzzle) -> str:
    return "".join(str(d) for d in puzzle.givens)


def run_if_variant(args: argparse.Namespace, field: str, command: Callable[[argparse.Namespace, Puzzle], int]
                   ) -> int | None:
    """Run ``command`` (explain, hint, why) on the variant puzzle ``args.<field>`` holds and return its
    status; None for a classic puzzle, whose JSON or link is then put back as its 81-character line
    (UsageError when the text is no puzzle at all)."""
    text = contents(getattr(args, field))
    if is_classic_text(text):  # an 81-character line or a 729-character candidate line, from a file too
        setattr(args, field, text)
        return None
    puzzle = read_variant(text)
    if not puzzle.is_classic:
        return command(args, puzzle)
    setattr(args, field, classic_line(puzzle))
    return None


def explain(args: argparse.Namespace, puzzle: Puzzle) -> int:
    """``sudoku explain`` on a variant: every step, then the level (a hard killer's path takes minutes,
    so a terminal shows the steps done)."""
    from engine.logic.variant import explain_variant, rate_variant
    from engine.logic.variant.view import variant_step_json

    with progress(None, "explaining", unit=" steps", unit_scale=False) as bar:
        # asked before each step and once after the last: each ask but the first is a step done
        asked = itertools.count()
        rating = rate_variant(puzzle, _solution(puzzle), lambda: next(asked) == 0 or bar.update() or True)
    if args.json:
        print(json.dumps([variant_step_json(s, puzzle) for s in rating.steps], ensure_ascii=False, indent=1))
        return 0
    for n, step in enumerate(rating.steps, start=1):
        print(f"{n}. {step.technique}: {explain_variant(step, args.lang)}")
    level = rating.level_zh if args.lang == "zh" else rating.level
    print(f"{'难度' if args.lang == 'zh' else 'difficulty'}: {level} ({rating.score:.1f}, {rating.hardest})")
    return 0


def hint(args: argparse.Namespace, puzzle: Puzzle) -> int:
    """``sudoku hint`` on a variant: the easiest step (or ``--technique``'s, or ``--all``)."""
    from engine.logic.variant import VariantState, explain_variant, variant_next_step, variant_steps
    from engine.logic.variant.techniques import VARIANT_TECHNIQUES, variant_technique
    from engine.logic.variant.view import variant_step_json

    if args.technique is not None:
        try:
            variant_technique(args.technique)
        except KeyError:
            known = ", ".join(sorted(t.id for t in VARIANT_TECHNIQUES))
            raise UsageError(f"unknown variant technique {args.technique!r} (known: {known})") from None
    state = VariantState.start(puzzle)
    if state.is_solved():
        print("null" if args.json else "the grid is solved: no step left")
        return 0
    if args.all:
        steps = variant_steps(state, args.technique)
    else:
        step = variant_next_step(puzzle, state, args.technique, guess=False)
        if step is None and args.technique in (None, "guess"):
            state.solution = _solution(puzzle)
            step = variant_next_step(puzzle, state, args.technique)
        steps = [step] if step is not None else []
    if not steps:
        if not (args.json and args.all):
            print("null" if args.json else "no step found")
        return 1
    for step in steps:
        if args.json:
            print(json.dumps(variant_step_json(step, puzzle), ensure_ascii=False), flush=args.all)
        else:
            print(f"{step.technique}: {explain_variant(step, args.lang)}", flush=args.all)
    return 0


_CELL = re.compile(r"[rR](\d{1,2})[cC](\d{1,2})")


def why(args: argparse.Namespace, puzzle: Puzzle) -> int:
    """``sudoku why`` on a variant: the chain of simple steps from the digit to a contradiction."""
    from engine.logic.variant import VariantState
    from engine.logic.variant.chains import trial, why_detail
    from engine.logic.variant.common import make_step
    from engine.logic.variant.words import facts

    n = puzzle.size
    match = _CELL.fullmatch(args.cell.strip())
    if match is None or not (1 <= int(match[1]) <= n and 1 <= int(match[2]) <= n):
        raise UsageError(f"bad CELL {args.cell!r}: write it as r4c7 (row and column 1-{n})")
    cell = (int(match[1]) - 1) * n + int(match[2]) - 1
    if not args.digit.strip().isdigit() or not 1 <= int(args.digit) <= n:
        raise UsageError(f"bad DIGIT {args.digit!r}: a digit 1-{n}")
    digit = int(args.digit)
    if puzzle.givens[cell]:
        raise UsageError(f"{args.cell} is a given")
    solution = _solution(puzzle)
    if solution[cell] == digit:
        raise UsageError(f"{digit} is the solution's digit in {args.cell}")
    state = VariantState.start(puzzle)
    found, made = trial(state, cell, digit) if state.cands[cell] >> (digit - 1) & 1 else (
        {"why": "repeat", "house": None}, [])
    zh = args.lang == "zh"
    if found is None or found.get("house", 0) is None:
        text = (f"{args.cell} 应是 {solution[cell]}（解中的数）" if zh
                else f"{args.cell} is {solution[cell]} in the solution")
        record = {"found": False, "solution_digit": solution[cell]}
    else:
        step = make_step(state, "contradiction", eliminations=[(cell, digit)], cells=[cell], digit=digit,
                         chain=[list(p) for p in made], **why_detail(found))
        words = facts(step, args.lang)
        text = (f"如果 {args.cell} 是 {digit}，那么 {words['chain']}，而{words['dead']}" if zh
                else f"if {args.cell} were {digit}, then {words['chain']}, and {words['dead']}")
        record = {"found": True, "chain": [[c // n + 1, c % n + 1, v] for c, v in made],
                  "detail": step.detail, "solution_digit": solution[cell]}
    if args.json:
        print(json.dumps({**record, "explanation": text}, ensure_ascii=False))
    else:
        print(text)
    return 0
