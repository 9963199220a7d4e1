"""Sudoku Studio's engine: grids, formats, candidates, the exact solver, generators, human logic.

Public names are loaded lazily (PEP 562) so that ``import engine`` stays cheap: ``sudoku -c`` never
pays for numba, and the desktop window opens before any kernel is compiled.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

# public name -> module that defines it; keep sorted by name
_EXPORTS = {
    "ALGORITHMS": "engine.tracing",
    "CandidateGrid": "engine.candidates",
    "Classification": "engine.solver",
    "Conflict": "engine.grid",
    "DailyPuzzle": "engine.daily",
    "Difficulty": "engine.rating",
    "Event": "engine.search",
    "Form": "engine.formats",
    "GenerationError": "engine.generator",
    "Grade": "engine.practice",
    "InvalidPuzzleError": "engine.errors",
    "MissingFontError": "engine.fonts",
    "N_CELLS": "engine.grid",
    "OutputError": "engine.errors",
    "PEERS": "engine.grid",
    "ParseError": "engine.errors",
    "PrintError": "engine.printing",
    "PrintedPuzzle": "engine.printing",
    "PuzzleEntry": "engine.formats",
    "Rating": "engine.rating",
    "ReadError": "engine.reader",
    "Reading": "engine.reader",
    "Status": "engine.solver",
    "Step": "engine.steps",
    "SudokuError": "engine.errors",
    "Symmetry": "engine.generator",
    "TECHNIQUES": "engine.techniques",
    "Transform": "engine.practice",
    "UNITS": "engine.grid",
    "UnsolvableError": "engine.rating",
    "VARIANT_TECHNIQUES": "engine.logic.variant",
    "VariantRating": "engine.logic.variant",
    "VariantState": "engine.logic.variant",
    "Why": "engine.why",
    "as_grid": "engine.grid",
    "atomic_output": "engine.atomic",
    "bank_counts": "engine.practice",
    "box_of": "engine.grid",
    "candidate_masks": "engine.candidates",
    "candidates": "engine.candidates",
    "cell_name": "engine.grid",
    "classify": "engine.solver",
    "classify_batch": "engine.solver",
    "classify_lines": "engine.partitions",
    "complete_grids": "engine.grids",
    "conflicts": "engine.grid",
    "count_solutions": "engine.solver",
    "daily_puzzle": "engine.daily",
    "daily_streak": "engine.daily",
    "default_paper": "engine.printing",
    "detect_form": "engine.formats",
    "essentially_different_grids": "engine.canonical",
    "explain": "engine.wording",
    "explain_variant": "engine.logic.variant",
    "explain_why": "engine.why_words",
    "fill_hidden_singles": "engine.human",
    "find_states": "engine.practice",
    "first_mistake": "engine.why",
    "format_block": "engine.formats",
    "format_candidate_line": "engine.formats",
    "format_grid": "engine.formats",
    "format_line": "engine.formats",
    "format_pencil_marks": "engine.formats",
    "generate": "engine.generator",
    "grade_answer": "engine.practice",
    "is_solution": "engine.grid",
    "iter_entries": "engine.formats",
    "iter_steps": "engine.human",
    "load_image": "engine.reader.files",
    "minlex": "engine.canonical",
    "minlex_batch": "engine.canonical",
    "next_step": "engine.human",
    "parse_block": "engine.formats",
    "parse_grid_text": "engine.formats",
    "parse_line": "engine.formats",
    "parse_state": "engine.human",
    "practice_states": "engine.practice",
    "practice_step": "engine.practice",
    "printed_puzzle": "engine.printing",
    "random_solution": "engine.solver",
    "rate": "engine.rating",
    "rate_lines": "engine.partitions",
    "rate_variant": "engine.logic.variant",
    "rating_breakdown": "engine.breakdown",
    "read_image": "engine.reader",
    "read_puzzles": "engine.formats",
    "render_pdf": "engine.printing",
    "solve": "engine.solver",
    "solve_batch": "engine.solver",
    "solve_lines": "engine.partitions",
    "solve_path": "engine.human",
    "step_json": "engine.jsonview",
    "sudokuwiki_board": "engine.share",
    "sudokuwiki_link": "engine.share",
    "technique_name": "engine.techniques",
    "trace": "engine.tracing",
    "unit_label": "engine.labels",
    "unit_name": "engine.grid",
    "variant_next_step": "engine.logic.variant",
    "variant_path": "engine.logic.variant",
    "warm_up": "engine.solver",
    "why_wrong": "engine.why",
    "write_atomically": "engine.atomic",
    "write_pdf": "engine.printing",
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
