"""The one registry of techniques (engine/logic/techniques.py): one whole record each, cheapest first."""

from __future__ import annotations

import engine
from engine import technique_name
from engine.logic.human import driver_order
from engine.logic.strategies import Technique
from engine.logic.techniques import FAMILY_MODULES, SE_COST, TECHNIQUES, technique, techniques


def test_every_record_is_whole_and_its_id_unique() -> None:
    ids = [t.id for t in TECHNIQUES]
    assert len(ids) == len(set(ids)) >= 78
    for t in TECHNIQUES:
        assert isinstance(t, Technique) and callable(t.find)
        assert t.name_en and t.name_zh and t.name_en != t.name_zh, t.id
        assert t.en and t.zh and t.en != t.zh, t.id  # templates in both languages
        assert t.family in {m.__name__.rpartition(".")[2] for m in FAMILY_MODULES}, t.id
        assert t.cost == SE_COST.get(t.id, t.score), t.id
        assert technique(t.id) is t and technique_name(t.id, "zh") == t.name_zh


def test_the_registry_is_ordered_by_cost_and_is_what_the_driver_walks() -> None:
    keys = [(t.cost, t.score) for t in TECHNIQUES]
    assert keys == sorted(keys)
    assert techniques() == list(TECHNIQUES) == driver_order()
    assert engine.TECHNIQUES is TECHNIQUES  # the facade's name for the registry
    assert TECHNIQUES[-1].id == "guess"


def test_a_covering_technique_exists_and_is_tried_first() -> None:
    # the driver skips a covered technique where its cover found nothing: the cover must come first
    order = {t.id: i for i, t in enumerate(TECHNIQUES)}
    covered = [t for t in TECHNIQUES if t.covered_by]
    assert covered
    for t in covered:
        assert order[t.covered_by] < order[t.id], t.id


def test_every_family_module_declares_its_records_and_nothing_else_registers() -> None:
    declared = [t.id for m in FAMILY_MODULES for t in m.FAMILY.techniques]
    assert sorted(declared) == sorted(t.id for t in TECHNIQUES)
    assert all(m.FAMILY.techniques for m in FAMILY_MODULES)
