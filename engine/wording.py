"""A step's words, in English or Chinese, from its technique's record: the one place text is made.

The record's template (:attr:`~engine.strategies.Technique.en` / ``zh``) is filled with the generic
fields below, the step's ``detail`` (cell lists written the Chinese way for "zh") and the extra
fields the record's ``fields`` function makes.  Text is never parsed back.
"""

from __future__ import annotations

import re

from engine.labels import cells_label, pairs_label, placement_label, removal_label, unit_label
from engine.steps import _WORDS, Step
from engine.techniques import technique

_CELL_COMMA = re.compile(r"(r[1-9]c[1-9]), (?=r[1-9]c[1-9])")


def _listed(text: str, lang: str) -> str:
    """Return a detail text with its cell lists written the Chinese way (``r1c2、r4c4``) for "zh"."""
    return _CELL_COMMA.sub(r"\1、", text) if lang == "zh" else text


def explain(step: Step, lang: str = "en") -> str:
    """Return the explanation of ``step`` in ``lang`` ("en" or "zh"); an unknown technique gets a
    plain summary, never an error."""
    try:
        record = technique(step.technique)
    except KeyError:
        done = "; ".join(x for x in (placement_label(step.placements, lang),
                                     removal_label(step.eliminations, lang)) if x)
        return f"{step.technique}: {done}"
    fields = {
        "placements": pairs_label(step.placements),
        "eliminations": pairs_label(step.eliminations),
        "removed": removal_label(step.eliminations, lang),
        "cells": cells_label(step.cells, lang),
        "units": ("、" if lang == "zh" else ", ").join(unit_label(u, lang) for u in step.units),
        **{k: _listed(str(v), lang) for k, v in step.detail.items()},
    }
    if record.fields is not None:
        fields.update(record.fields(step, lang))
    return (record.zh if lang == "zh" else record.en).format(**fields)


_WORDS[:] = [explain]  # the deprecated Step.explain's words (remove with it)
