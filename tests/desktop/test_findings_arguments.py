"""Issue 37's finding: every argument of a wrong type is a ``bad_argument`` answer, never ``internal``;
every call of the Api is made with wrong values in each place (the others right), and every file dialog
answers a path no file can have."""

from __future__ import annotations

import inspect

import pytest

from desktop.bridge import RecordingBridge
from desktop.contract.api import Api
from desktop.io import storage

P = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
# a right value for each argument name the calls use (each call's checks come before it acts)
RIGHT = {"cell": 0, "digit": 1, "colour": 1, "kind": "strike", "mode": "play", "delta": "next", "count": 1,
         "difficulty": "easy", "text": P, "fmt": "line", "content": "board", "algorithm": "smart",
         "position": 0, "ms": 10, "name": "theme", "value": "dark", "puzzle": P, "date": "", "index": 0,
         "technique": "", "what": "puzzle", "per_page": 1, "solutions": False, "title": "", "paper": "auto",
         "data": "", "paused": False, "size": 9, "region": 0,
         "record": {"kind": "cage", "cells": [0, 1], "total": 3}}
WRONG_TYPES = [None, [], {}, [1, 2], {"a": 1}, 1.5, float("nan"), 10**40, -(10**40), True]
WRONG_VALUES = ["a\x00b", "x" * 100, "", "\ud800"]


def _calls() -> dict[str, list[str]]:
    return {name: list(inspect.signature(getattr(Api, name)).parameters)[1:]
            for name in dir(Api) if not name.startswith("_") and callable(getattr(Api, name))}


def _refused(answer: dict, call: str, args: tuple) -> dict:
    assert isinstance(answer, dict) and "ok" in answer, (call, args)
    if not answer["ok"]:
        assert answer["error"]["code"] != "internal", (call, args, answer)
    return answer


def test_the_argument_names_are_all_known():
    names = {p for params in _calls().values() for p in params}
    assert names <= set(RIGHT), names - set(RIGHT)


def test_every_call_answers_a_wrong_type_in_any_place_with_bad_argument(api):
    for call, params in _calls().items():
        method = getattr(api, call)
        if not params:  # a call without arguments, given some
            for wrong in WRONG_TYPES + WRONG_VALUES:
                answer = _refused(method(wrong), call, (wrong,))
                assert answer["error"]["code"] == "bad_argument", (call, answer)
            continue
        for place in range(len(params)):
            for wrong in WRONG_TYPES + WRONG_VALUES:
                args = [RIGHT[p] for p in params]
                args[place] = wrong
                answer = _refused(method(*args), call, tuple(args))
                typed = type(wrong) is type(RIGHT[params[place]])
                if not typed and not (call == "set_setting" and params[place] == "value"):
                    assert not answer["ok"] and answer["error"]["code"] == "bad_argument", (call, answer)


@pytest.mark.parametrize("setting", sorted(storage.DEFAULT_SETTINGS))
def test_every_setting_answers_a_value_of_a_wrong_type_with_bad_argument(api, setting):
    for wrong in [[], {}, [[]], {"a": 1}, [1, 2, 3, {}], 1.5, 10**40, "a\x00b", b"x".decode() * 65]:
        if setting == "window" and isinstance(wrong, list):
            continue  # a list is window's type: its checks say which
        answer = _refused(api.set_setting(setting, wrong), "set_setting", (setting, wrong))
        assert not answer["ok"] and answer["error"]["code"] == "bad_argument", (setting, wrong, answer)


def test_set_setting_needs_a_list_is_bad_argument(api):
    for wrong in ([], {}, ["x_wing"]):
        assert api.set_setting("needs", wrong)["error"]["code"] == "bad_argument"


class _Dialogs(RecordingBridge):
    """A window whose file dialogs answer ``answer``."""

    answer: object = None

    def choose_file(self, kind: str):
        return self.answer


@pytest.mark.parametrize("answer", ["/tmp/a\x00b", "x" * 5000, "/", 7, ["/tmp/x"]])
def test_a_dialog_path_no_file_can_have_is_refused_clearly(tmp_path, answer):
    bridge = _Dialogs()
    bridge.answer = answer
    api = Api(bridge, tmp_path, "en")
    assert api.import_text(P)["ok"]
    for call, args in (("open_file", ()), ("save_file", ("line",)), ("print_pdf", ("puzzle", 1, False)),
                       ("open_image", ())):
        answer_ = _refused(getattr(api, call)(*args), call, (answer,))
        assert not answer_["ok"], (call, answer, answer_)
        assert answer_["error"]["code"] in ("bad_argument", "file"), (call, answer, answer_)
    api._shutdown()
