"""Sudoku Studio's engine: grids, formats, candidates, the exact solver, generators, human logic.

Public names are loaded lazily (PEP 562) so that ``import engine`` stays cheap: ``sudoku -c`` never
pays for numba, and the desktop window opens before any kernel is compiled.
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import Any

__version__ = "0.1.0"

# public name -> module that defines it; keep sorted by name
_EXPORTS = {
    "ALGORITHMS": "engine.solve.tracing",
    "Arrow": "engine.puzzle.model",
    "Cage": "engine.puzzle.model",
    "CandidateGrid": "engine.candidates",
    "Classification": "engine.solve.solver",
    "Conflict": "engine.grid",
    "DailyPuzzle": "engine.make.daily",
    "Diagonal": "engine.puzzle.model",
    "Difficulty": "engine.rating.difficulty",
    "Dot": "engine.puzzle.model",
    "Event": "engine.solve.search",
    "ExtraRegion": "engine.puzzle.model",
    "Form": "engine.formats",
    "GenerationError": "engine.make.generator",
    "Grade": "engine.make.practice",
    "GreaterThan": "engine.puzzle.model",
    "InvalidPuzzleError": "engine.errors",
    "LittleKiller": "engine.puzzle.model",
    "MissingFontError": "engine.output.fonts",
    "N_CELLS": "engine.grid",
    "OutputError": "engine.errors",
    "PEERS": "engine.grid",
    "Parity": "engine.puzzle.model",
    "ParseError": "engine.errors",
    "PrintError": "engine.output.printing",
    "PrintedPuzzle": "engine.output.printing",
    "Puzzle": "engine.puzzle.model",
    "PuzzleEntry": "engine.formats",
    "Rating": "engine.rating.difficulty",
    "ReadError": "engine.reader",
    "Reading": "engine.reader",
    "Rule": "engine.puzzle.model",
    "Sandwich": "engine.puzzle.model",
    "Status": "engine.solve.solver",
    "Step": "engine.steps",
    "SIZES": "engine.puzzle.model",
    "SudokuError": "engine.errors",
    "Symmetry": "engine.make.generator",
    "TECHNIQUES": "engine.logic.techniques",
    "Thermometer": "engine.puzzle.model",
    "Transform": "engine.make.practice",
    "UNITS": "engine.grid",
    "UnknownConstraintError": "engine.errors",
    "UnsolvableError": "engine.rating.difficulty",
    "VARIANT_TECHNIQUES": "engine.logic.variant",
    "VariantRating": "engine.logic.variant",
    "VariantState": "engine.logic.variant",
    "VariantWhy": "engine.logic.why_variant",
    "Why": "engine.logic.why",
    "XV": "engine.puzzle.model",
    "as_grid": "engine.grid",
    "atomic_output": "engine.output.atomic",
    "bank_counts": "engine.make.practice",
    "box_of": "engine.grid",
    "cage_support": "engine.logic.variant.sums",
    "candidate_masks": "engine.candidates",
    "candidates": "engine.candidates",
    "cell_name": "engine.grid",
    "classify": "engine.solve.solver",
    "classify_batch": "engine.solve.solver",
    "classify_lines": "engine.solve.partitions",
    "complete_grids": "engine.make.grids",
    "conflicts": "engine.grid",
    "count_solutions": "engine.solve.solver",
    "daily_puzzle": "engine.make.daily",
    "daily_streak": "engine.make.daily",
    "default_paper": "engine.output.printing",
    "detect_form": "engine.formats",
    "essentially_different_grids": "engine.make.canonical",
    "explain": "engine.words.wording",
    "explain_variant": "engine.logic.variant",
    "explain_why": "engine.words.why_words",
    "fill_hidden_singles": "engine.logic.human",
    "find_states": "engine.make.practice",
    "first_mistake": "engine.logic.why",
    "format_block": "engine.formats",
    "format_candidate_line": "engine.formats",
    "format_grid": "engine.formats",
    "format_line": "engine.formats",
    "format_pencil_marks": "engine.formats",
    "format_solution": "engine.puzzle.parse",
    "fpuzzles_link": "engine.puzzle.links",
    "generate": "engine.make.generator",
    "generate_variant": "engine.make.variants",
    "grade_answer": "engine.make.practice",
    "is_solution": "engine.grid",
    "iter_entries": "engine.formats",
    "iter_steps": "engine.logic.human",
    "load_image": "engine.reader.files",
    "minlex": "engine.make.canonical",
    "minlex_batch": "engine.make.canonical",
    "next_step": "engine.logic.human",
    "parse_block": "engine.formats",
    "parse_grid_text": "engine.formats",
    "parse_line": "engine.formats",
    "parse_puzzle": "engine.puzzle.parse",
    "parse_state": "engine.logic.human",
    "practice_states": "engine.make.practice",
    "practice_step": "engine.make.practice",
    "printed_puzzle": "engine.output.printing",
    "random_solution": "engine.solve.solver",
    "rate": "engine.rating.difficulty",
    "rate_lines": "engine.solve.partitions",
    "rate_variant": "engine.logic.variant",
    "rating_breakdown": "engine.rating.breakdown",
    "read_fpuzzles": "engine.puzzle.fpuzzles",
    "read_image": "engine.reader",
    "read_puzzles": "engine.formats",
    "read_sudokuwiki_link": "engine.output.share",
    "render_pdf": "engine.output.printing",
    "solve": "engine.solve.solver",
    "solutions": "engine.solve.variant",
    "solve_batch": "engine.solve.solver",
    "solve_lines": "engine.solve.partitions",
    "solve_path": "engine.logic.human",
    "step_json": "engine.output.jsonview",
    "sudokupad_link": "engine.puzzle.links",
    "sudokuwiki_board": "engine.output.share",
    "sudokuwiki_link": "engine.output.share",
    "technique_name": "engine.logic.techniques",
    "trace": "engine.solve.tracing",
    "unit_label": "engine.words.labels",
    "unit_name": "engine.grid",
    "variant_next_step": "engine.logic.variant",
    "variant_path": "engine.logic.variant",
    "warm_up": "engine.solve.solver",
    "why_wrong": "engine.logic.why",
    "why_wrong_variant": "engine.logic.why_variant",
    "write_atomically": "engine.output.atomic",
    "write_fpuzzles": "engine.puzzle.fpuzzles",
    "write_pdf": "engine.output.printing",
}

__all__ = sorted([*_EXPORTS, "__version__"])


def __getattr__(name: str) -> Any:
    """Load a public name from its module on first use; AttributeError for anything else."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__


class _Facade(types.ModuleType):
    """The engine package's type: importing a submodule binds it on the package, and two are named like
    public functions (``engine.candidates``, ``engine.solve``); without this, ``engine.solve(grid)``
    would call a package after anything imported ``engine.solve.solver``."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _EXPORTS and isinstance(value, types.ModuleType):
            return  # the submodule stays reachable in sys.modules and by ``from engine.x import``
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Facade
