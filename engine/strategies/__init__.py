"""The human techniques, easiest first.

Each family module (singles, intersections, subsets, fish, ...) defines finder functions
``find(cg: CandidateGrid) -> Iterator[Step]`` that yield every instance they see on any candidate
state (not only states reached from the start), and registers its techniques with :func:`register`
at import time, with their explanation texts.  :data:`TECHNIQUES` lists them in the order a person
would try them: by ``score`` (a Sudoku-Explainer-like difficulty), then by family and registration order.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from typing import NamedTuple

from engine.candidates import CandidateGrid
from engine.steps import TEXTS, Step

Finder = Callable[[CandidateGrid], Iterator[Step]]


class Technique(NamedTuple):
    """A registered technique: id, names, difficulty score, finder, whether it assumes uniqueness,
    and the technique (if any) whose finder finds every removal this one finds."""

    id: str
    name_en: str
    name_zh: str
    score: float
    find: Finder
    needs_unique: bool = False
    covered_by: str = ""  # the driver skips this technique on a state where that one found nothing


_REGISTRY: dict[str, Technique] = {}

# the family modules, imported once on first use of the registry
FAMILIES: tuple[str, ...] = (
    "singles",
    "intersections",
    "subsets",
    "fish",
    "complex_fish",
    "single_digit",
    "coloring",
    "wings",
    "uniqueness",
    "unique_loops",
    "chains",
    "als",
    "als_chain",
    "sue_de_coq",
    "exocet",  # before forcing: at the guess's price, tried before it
    "forcing",
    "nishio",
    "medusa",
    "bent_sets",
    "bug",
    "exclusion",
    "msls",
)


def register(technique: Technique, en: str, zh: str) -> Technique:
    """Add a technique and its explanation templates (``str.format`` fields from Step.explain)."""
    _REGISTRY[technique.id] = technique
    TEXTS[technique.id] = {"en": en, "zh": zh}
    return technique


_loaded = False


def _load() -> None:
    global _loaded
    if not _loaded:
        for family in FAMILIES:
            try:
                importlib.import_module(f"{__name__}.{family}")
            except ModuleNotFoundError as err:
                if err.name != f"{__name__}.{family}":  # a real import error inside the module
                    raise
        _loaded = True


def techniques() -> list[Technique]:
    """Return every registered technique, easiest first: by score, then by family (:data:`FAMILIES`'
    order, whichever module was imported first), then as each family registers them."""
    _load()
    order = {tid: i for i, tid in enumerate(_REGISTRY)}
    return sorted(_REGISTRY.values(), key=lambda t: (t.score, _family_rank(t), order[t.id]))


def _family_rank(t: Technique) -> int:
    family = getattr(t.find, "__module__", "").rpartition(".")[2]
    return FAMILIES.index(family) if family in FAMILIES else len(FAMILIES)


def technique_count() -> int:
    """Return how many techniques are registered (never fails): the driver's cheap check that its
    cached order is still whole, where sorting them all again cost 20-40 us a step."""
    _load()
    return len(_REGISTRY)


def technique(tid: str) -> Technique:
    """Return the technique with id ``tid``; raises KeyError naming it if there is none."""
    _load()
    try:
        return _REGISTRY[tid]
    except KeyError:
        raise KeyError(f"unknown technique {tid!r}") from None


def technique_name(tid: str, lang: str = "en") -> str:
    """Return a technique's name in ``lang`` ("en" or "zh"); raises KeyError for an unknown id."""
    found = technique(tid)
    return found.name_zh if lang == "zh" else found.name_en
