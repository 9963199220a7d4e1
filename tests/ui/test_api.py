"""Bad calls to the exposed API, made from the page as any script could, are answered with errors and
the app keeps working; and the object pywebview exposes holds nothing but the contract's methods.
"""

from __future__ import annotations

import inspect
import re

import pytest
from playwright.sync_api import expect

from desktop.contract.api import Api
from desktop.exposed import NO_SUCH_CALL
from tests.harness.app import shutdown_api
from tests.harness.contract import PAGE_CALL, cell_label
from tests.harness.server import QueueBridge
from tests.harness.states import newest_state

HUGE = "'9'.repeat(5_000_000)"  # a 5 MB string

# (method, JavaScript argument list): every one of them must be refused
BAD_CALLS = [
    ("set_cell", "['0', 5]"),
    ("set_cell", "[0, '5']"),
    ("set_cell", "[81, 5]"),
    ("set_cell", "[-1, 5]"),
    ("set_cell", "[0, 10]"),
    ("set_cell", "[0, -1]"),
    ("set_cell", "[1.5, 5]"),
    ("set_cell", "[true, 5]"),
    ("set_cell", "[0, false]"),
    ("set_cell", "[null, null]"),
    ("set_cell", "[[0], 5]"),
    ("set_cell", "[{cell: 0}, 5]"),
    ("set_cell", "[0]"),
    ("set_cell", "[0, 5, 7]"),
    ("set_cell", "[1e300, 5]"),
    ("set_cell", f"[{HUGE}, 5]"),
    ("set_mode", "['play mode']"),
    ("set_mode", "[42]"),
    ("set_mode", f"[{HUGE}]"),
    ("solve", "['quantum']"),
    ("solve", "[null]"),
    ("solve", f"[{HUGE}]"),
    ("solve", "[['naive']]"),
    ("set_delay", "[-1]"),
    ("set_delay", "[1001]"),
    ("set_delay", "['100']"),
    ("set_delay", "[100.5]"),
    ("set_delay", "[true]"),
    ("set_delay", "[]"),
    ("set_setting", "['language', 'fr']"),
    ("set_setting", "['theme', 'neon']"),
    ("set_setting", "['delay', 5000]"),
    ("set_setting", "['candidates', 'yes']"),
    ("set_setting", "['no_such_setting', 1]"),
    ("set_setting", f"[{HUGE}, 'en']"),
    ("set_setting", f"['language', {HUGE}]"),
    ("set_setting", "[{}, []]"),
    ("get_state", "[1]"),
    ("new_puzzle", f"[{HUGE}]"),
]


def _call(ui, method: str, args_js: str) -> dict:
    return ui.page.evaluate(f"({PAGE_CALL})({method!r}, {args_js})")


@pytest.mark.browser
def test_bad_calls_from_the_page_get_clear_errors_and_the_app_keeps_working(ui):
    for method, args_js in BAD_CALLS:
        answer = _call(ui, method, args_js)
        assert isinstance(answer, dict) and answer.get("ok") is False, f"{method}({args_js[:40]}): {answer}"
        error = answer["error"]
        assert isinstance(error.get("code"), str) and error["code"], f"{method}: no error code: {error}"
        assert isinstance(error.get("message"), str) and 0 < len(error["message"]) < 500, error
    assert ui.digits() == [0] * 81, "a refused call changed the board"
    # the app still works, from the keyboard and through the API
    ui.type_digit(0, 5)
    expect(ui.cell(0)).to_have_attribute("aria-label", cell_label(0, 5))
    answer = _call(ui, "set_cell", "[1, 6]")
    assert answer == {"ok": True}  # an answer carries no state: the state event draws the change
    expect(ui.cell(1)).to_have_attribute("aria-label", cell_label(1, 6))
    expect(ui.cell(0)).to_have_attribute("aria-label", cell_label(0, 5))
    assert ui.board_state().startswith("Valid")


@pytest.mark.browser
def test_a_refused_move_is_shown_to_the_user(ui):
    ui.button("Enter puzzle").click()
    ui.type_digit(0, 5)
    ui.button("Enter puzzle").click()
    expect(ui.button("Enter puzzle")).to_have_attribute("aria-pressed", "false")
    answer = _call(ui, "set_cell", "[0, 6]")  # a given, outside Enter puzzle mode
    assert answer["ok"] is False and answer["error"]["code"]
    assert ui.digits()[0] == 5
    ui.cell(0).click()
    ui.page.keyboard.press("7")
    alert = ui.page.get_by_role("alert")
    expect(alert.filter(has_text=re.compile(r"\S"))).not_to_have_count(0)
    assert ui.digits()[0] == 5


def test_the_exposed_object_holds_only_contract_methods(tmp_path):
    api = Api(QueueBridge(), data_dir=tmp_path, lang="en")
    public = [name for name in dir(api) if not name.startswith("_")]
    assert public, "the Api exposes no methods"
    for name in public:
        attr = getattr(api, name)
        # pywebview walks public attributes recursively: anything but a method would leak internals
        assert inspect.ismethod(attr), f"Api.{name} is public but not a method"
    try:
        for name in public:  # every method answers a JSON object even when called with nothing sensible
            arity = len(inspect.signature(getattr(api, name)).parameters)
            answer = getattr(api, name)(*([object()] * arity))
            assert isinstance(answer, dict) and "ok" in answer, f"{name}: {answer!r}"
    finally:
        shutdown_api(api)


UNDERSCORE_AND_DOTTED = [
    "_storage.folder.read_text", "_storage.folder.write_text", "_game.load_puzzle", "_settings.update",
    "_shutdown", "__class__", "set_cell.__globals__.clear", "get_state.__self__._storage.folder.read_text",
]


@pytest.mark.browser
def test_underscore_and_dotted_names_from_the_page_are_refused(ui, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("top secret")
    ui.type_digit(0, 5)
    expect(ui.cell(0)).to_have_attribute("aria-label", cell_label(0, 5))
    for name in UNDERSCORE_AND_DOTTED:
        for args in ([], [str(secret)], [str(secret), "x"], [{"delay": 10**12}]):
            answer = ui.page.evaluate(f"({PAGE_CALL})({name!r}, {args!r})")
            assert answer == NO_SUCH_CALL, f"{name}{args}: {answer}"
    assert secret.read_text() == "top secret"
    assert _call(ui, "get_state", "[]") == {"ok": True}  # the state comes as an event, never in an answer
    state = newest_state(ui.bridge)
    assert state["digits"][0] == 5 and state["settings"]["delay"] <= 1000


@pytest.mark.browser
def test_the_page_runs_under_its_content_security_policy(ui_app):
    """The harness bypasses CSP to run event scripts as run_js does; here the policy is enforced."""
    ui_app.context.close()
    ui_app.context = ui_app.context.browser.new_context(bypass_csp=False)
    ui_app.page = ui_app.context.new_page()
    violations: list[str] = []
    ui_app.page.on("console", lambda m: violations.append(m.text) if "Content Security" in m.text else None)
    ui_app.page.on("pageerror", lambda err: ui_app.console_errors.append(str(err)))
    ui_app.launch()
    ui_app.type_digit(0, 5)  # drawn from the call's answer, not an event
    expect(ui_app.cell(0)).to_have_attribute("aria-label", cell_label(0, 5))
    policy = ui_app.page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
    assert "script-src 'self'" in policy and "default-src 'none'" in policy and "http" not in policy
    assert not [v for v in violations if "eval" not in v], violations  # the harness's event eval aside
