"""The rating breakdown (engine/rating/breakdown.py) and ``sudoku rate --json``'s fields for it."""

from __future__ import annotations

import json

import pytest

from engine import iter_steps, rate, rating_breakdown
from engine.cli import main
from engine.logic.techniques import techniques
from engine.rating.breakdown import HODOKU_SCORE, qqwing_class
from tests.harness.puzzles import DATA

XY_CHAIN = "050000030902000408400000001046805390703060804800000002009604700004273900000000000"
CLASSES = ("simple", "easy", "intermediate", "expert")


@pytest.mark.parametrize("label", CLASSES)
def test_qqwing_class_agrees_with_qqwings_own_labels(label):
    puzzles = (DATA / "ratings" / f"qqwing_{label}.sdm").read_text().split()[:25]
    assert [qqwing_class(p) for p in puzzles] == [label] * len(puzzles)


def test_the_breakdown_counts_the_path_sums_hodoku_scores_and_names_the_bottleneck():
    rating = rate(XY_CHAIN, unique=True)
    found = rating_breakdown(XY_CHAIN)
    path = [s.technique for s in iter_steps(XY_CHAIN)]
    assert found["steps"] == len(path) == sum(found["techniques"].values())
    assert found["techniques"] == {t: path.count(t) for t in dict.fromkeys(path)}
    assert list(found["techniques"]) == list(dict.fromkeys(path))  # in the order first used
    assert found["hodoku_score"] == sum(HODOKU_SCORE[t] for t in path)
    assert (found["score"], found["level"]) == (rating.score, rating.level.value)
    at = found["bottleneck"]["index"]
    costs = list(rating.scores)  # what each step costs in the rating
    assert found["bottleneck"]["technique"] == path[at] == rating.hardest
    assert costs[at] == max(costs) and max(costs[:at], default=0) < costs[at]  # the first of the highest
    assert found["qqwing"] == "expert"


def test_every_technique_has_a_hodoku_price():
    assert {t.id for t in techniques()} <= set(HODOKU_SCORE)


def test_rate_json_carries_the_breakdown(capsys):
    assert main(["rate", XY_CHAIN, "--json"]) == 0
    (record,) = json.loads(capsys.readouterr().out)
    expected = rating_breakdown(XY_CHAIN)
    for key in ("hodoku_score", "qqwing", "techniques", "bottleneck"):
        assert record[key] == expected[key]
    assert record["score"] == expected["score"] and record["level"] == expected["level"]
    assert main(["rate", XY_CHAIN]) == 0
    assert capsys.readouterr().out.count("\t") == 3  # the line form is unchanged

