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
    "Classification": "engine.solver",
    "Conflict": "engine.grid",
    "Difficulty": "engine.rating",
    "Event": "engine.search",
    "CandidateGrid": "engine.candidates",
    "FileError": "engine.cli.common",
    "Form": "engine.formats",
    "GenerationError": "engine.generator",
    "InvalidPuzzleError": "engine.errors",
    "PEERS": "engine.grid",
    "ParseError": "engine.errors",
    "ReadError": "engine.reader",
    "Reading": "engine.reader",
    "PuzzleEntry": "engine.formats",
    "Rating": "engine.rating",
    "Status": "engine.solver",
    "Step": "engine.steps",
    "SudokuError": "engine.errors",
    "Symmetry": "engine.generator",
    "UNITS": "engine.grid",
    "UnsolvableError": "engine.rating",
    "as_grid": "engine.grid",
    "atomic_output": "engine.cli.common",
    "candidate_masks": "engine.candidates",
    "candidates": "engine.candidates",
    "classify": "engine.solver",
    "classify_batch": "engine.solver",
    "classify_lines": "engine.partitions",
    "complete_grids": "engine.grids",
    "conflicts": "engine.grid",
    "count_solutions": "engine.solver",
    "detect_form": "engine.formats",
    "essentially_different_grids": "engine.canonical",
    "fill_hidden_singles": "engine.human",
    "format_block": "engine.formats",
    "format_candidate_line": "engine.formats",
    "format_grid": "engine.formats",
    "format_line": "engine.formats",
    "format_pencil_marks": "engine.formats",
    "generate": "engine.generator",
    "is_solution": "engine.grid",
    "iter_steps": "engine.human",
    "iter_entries": "engine.formats",
    "load_image": "engine.reader.files",
    "minlex": "engine.canonical",
    "minlex_batch": "engine.canonical",
    "next_step": "engine.human",
    "parse_block": "engine.formats",
    "parse_grid_text": "engine.formats",
    "parse_line": "engine.formats",
    "parse_state": "engine.human",
    "random_solution": "engine.solver",
    "rate": "engine.rating",
    "read_image": "engine.reader",
    "read_puzzles": "engine.formats",
    "solve": "engine.solver",
    "solve_batch": "engine.solver",
    "solve_lines": "engine.partitions",
    "solve_path": "engine.human",
    "step_json": "engine.human",
    "technique_name": "engine.strategies",
    "trace": "engine.search",
    "unit_label": "engine.steps",
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
