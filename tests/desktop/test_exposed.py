"""The page reaches the Api's public methods and nothing else: pywebview's own call resolution
(``webview.util.js_bridge_call``) is run against what desktop.app hands it."""

from __future__ import annotations

import json
import threading
import time

import pytest

from desktop.bridge import RecordingBridge
from desktop.contract.api import Api
from desktop.exposed import NO_SUCH_CALL, REFUSAL, expose, public_method_names
from tests.harness.app import shutdown_api
from tests.harness.states import newest_state, state_of

# names a page script could try: private objects, dotted chains, attributes of the exposed functions
BAD_NAMES = [
    "_storage.folder.read_text",
    "_storage.folder.write_text",
    "_storage.folder.symlink_to",
    "_storage.folder.rename",
    "_storage._write",
    "_game.load_puzzle",
    "_settings.update",
    "_settings.clear",
    "_shutdown",
    "_lock.acquire",
    "__class__",
    "__init__",
    "__dict__.clear",
    "__class__.__init__",
    "__class__.__subclasses__",
    "__getattribute__",
    "__setattr__",
    "__dir__",
    "__repr__",
    "set_cell.__globals__.clear",
    "set_cell.__globals__.get",
    "set_cell.__closure__.__getitem__",
    "set_cell.__self__._storage.folder.read_text",
    "set_cell.__call__",
    "set_cell.__kwdefaults__",
    "set_cell.__setattr__",
    "set_cell.__builtins__.get",
    "get_state.__func__",
    "get_state.__wrapped__",
    "set_setting.__code__.replace",
    "",
    ".",
    "set_cell.",
]


class _PywebviewWindow:
    """The three things ``js_bridge_call`` uses of a pywebview Window, wired as desktop.app wires them."""

    def __init__(self, api: Api) -> None:
        self._js_api = expose(api)
        self._functions: dict = {}  # window.expose is not used
        self.answers: dict[str, dict] = {}
        self._done = threading.Condition()

    def evaluate_js(self, script: str) -> None:
        # window.pywebview._returnValuesCallbacks["NAME"]["ID"]({value: '...'}) or {isError: true, ...}
        value_id = script.split('"]["', 1)[1].split('"]', 1)[0]
        body = script.split("(", 1)[1].rsplit(")", 1)[0]
        is_error = body.startswith("{isError: true")
        raw = body.split("value: '", 1)[1].rsplit("'", 1)[0].replace("\\'", "'").replace("\\\\", "\\")
        with self._done:
            self.answers[value_id] = {"error": is_error, "value": json.loads(raw)}
            self._done.notify_all()

    def call(self, name: str, params: list, timeout: float = 10.0) -> dict | None:
        """Make one page call through pywebview; None if pywebview never answers."""
        from webview.util import js_bridge_call

        value_id = f"id{time.monotonic_ns()}"
        js_bridge_call(self, name, params, value_id)  # type: ignore[arg-type]
        with self._done:
            self._done.wait_for(lambda: value_id in self.answers, timeout)
            return self.answers.get(value_id)


@pytest.fixture
def api(tmp_path):
    api = Api(RecordingBridge(), tmp_path / "data", "en")
    yield api
    shutdown_api(api)


def test_exactly_the_public_methods_of_the_api_class_are_callable(api):
    names = public_method_names(Api)
    assert "set_cell" in names and "get_state" in names
    assert all(not n.startswith("_") for n in names)
    js_api = expose(api)
    assert dir(js_api) == []  # pywebview lists nothing: no new Function stubs in the page
    for name in names:
        assert getattr(js_api, name) is not REFUSAL and callable(getattr(js_api, name))
    assert js_api.set_cell(0, 5) == {"ok": True}
    assert js_api.get_state() == {"ok": True}  # the state comes as an event, as every state does
    assert newest_state(api._bridge)["digits"][0] == 5


def test_a_public_method_added_to_the_class_is_exposed_without_listing_it(api):
    class Wider(Api):
        def ping(self) -> dict:
            return {"ok": True, "pong": True}

    wider = Wider(RecordingBridge(), api._host._storage.folder, "en")
    try:
        assert expose(wider).ping() == {"ok": True, "pong": True}
    finally:
        shutdown_api(wider)


def test_every_attribute_chain_from_the_js_api_ends_in_the_refusal():
    assert dir(REFUSAL) == []
    for chain in BAD_NAMES + ["a.b.c.d", "__class__.__base__.__subclasses__", "__globals__"]:
        obj = REFUSAL
        for part in chain.split("."):
            obj = getattr(obj, part, None)
            assert obj is REFUSAL, f"{chain}: {part} gave {obj!r}"
    assert REFUSAL("anything", [1, 2]) == NO_SUCH_CALL
    with pytest.raises(AttributeError):
        REFUSAL.x = 1


def test_every_attribute_of_the_exposed_object_and_its_methods_refuses(api):
    js_api = expose(api)
    for holder in [js_api, *(getattr(js_api, n) for n in public_method_names(Api))]:
        for name in ["_api", "_calls", "_method", "__class__", "__dict__", "__globals__", "__closure__",
                     "__self__", "__func__", "__wrapped__", "__code__", "__slots__", "__init__", "x"]:
            assert getattr(holder, name, None) is REFUSAL, name
        with pytest.raises(AttributeError):
            holder.x = 1


@pytest.mark.parametrize("name", BAD_NAMES)
def test_pywebview_answers_underscore_and_dotted_names_with_a_refusal(api, tmp_path, name):
    secret = tmp_path / "secret.txt"
    secret.write_text("top secret")
    window = _PywebviewWindow(api)
    before = state_of(api)
    for params in ([], [str(secret)], [str(secret), "overwritten"], ["x", 1]):
        answer = window.call(name, params)
        assert answer == {"error": False, "value": NO_SUCH_CALL}, f"{name}{params}: {answer}"
    assert secret.read_text() == "top secret"
    after = state_of(api)
    assert after["digits"] == before["digits"] and after["settings"] == before["settings"]
    assert not (tmp_path / "data").exists(), "a refused call wrote a save"


def test_public_calls_still_work_through_pywebview(api):
    window = _PywebviewWindow(api)
    answer = window.call("set_cell", [0, 5])
    assert answer["error"] is False and answer["value"]["ok"] is True
    assert window.call("get_state", [])["value"] == {"ok": True}  # the state comes as an event
    assert newest_state(api._bridge)["digits"][0] == 5
    bad = window.call("set_cell", [0, 5, 7])
    assert bad["value"]["ok"] is False and bad["value"]["error"]["code"] == "bad_argument"


def test_the_page_names_every_call_of_the_contract_and_no_other():
    import re

    from tests.harness.paths import ROOT

    source = (ROOT / "ui" / "js" / "api.js").read_text(encoding="utf-8")
    table = source[source.index("const CALLS = ["):]
    named = re.findall(r'"(\w+)"', table[: table.index("];")])
    assert len(named) == len(set(named)) and set(named) == set(public_method_names(Api))
