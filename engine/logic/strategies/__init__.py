"""The human techniques, one module per family: what a technique is, as a record.

Each family module (singles, intersections, subsets, fish, ...) defines finder functions
``find(cg: CandidateGrid) -> Iterator[Step]`` that yield every instance they see on any candidate
state (not only states reached from the start), and declares its techniques in its :data:`FAMILY`:
one :class:`Technique` record each, its explanation templates taken from :mod:`engine.words.templates`
(the words themselves are made by :mod:`engine.words.wording`).  Nothing is registered at import
time: :mod:`engine.logic.techniques` reads the families and is the one registry, ordered by cost,
that the driver, the rating, the CLI and the UI read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import NamedTuple

from engine.candidates import CandidateGrid
from engine.steps import Step
from engine.words.templates import TEMPLATES

Finder = Callable[[CandidateGrid], Iterator[Step]]


class Technique(NamedTuple):
    """One technique: id, names, registered (SE ladder) score, finder, whether it assumes a unique
    solution, the technique (if any) whose finder finds every removal this one finds, its
    family and cost (filled by :mod:`engine.logic.techniques`) and its explanation templates."""

    id: str
    name_en: str
    name_zh: str
    score: float
    find: Finder
    needs_unique: bool = False
    covered_by: str = ""  # the driver skips this technique on a state where that one found nothing
    family: str = ""
    cost: float = 0.0  # what a step costs at least in the rating (engine.logic.techniques.SE_COST or score)
    en: str = ""  # explanation template, ``str.format`` fields from engine.words.wording
    zh: str = ""


class Family:
    """The techniques one family module declares, in its order, with their templates; plain data
    that :mod:`engine.logic.techniques` reads (fails never)."""

    def __init__(self) -> None:
        self.techniques: list[Technique] = []

    def add(self, technique: Technique) -> Technique:
        """Declare ``technique`` with its English and Chinese templates from
        :data:`engine.words.templates.TEMPLATES`; return the record (KeyError for an id it lacks)."""
        en, zh = TEMPLATES[technique.id]
        record = technique._replace(en=en, zh=zh)
        self.techniques.append(record)
        return record
