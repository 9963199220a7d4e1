"""What the app sets for QtWebEngine before it starts (desktop/app.py's prepare_environment)."""

from __future__ import annotations

import os

import pytest

from desktop.app import JS_FLAGS, prepare_environment


@pytest.mark.parametrize("given", [None, "", "--no-sandbox", "--no-sandbox --disable-gpu"])
def test_the_renderer_gets_a_small_old_space_beside_the_callers_own_flags(monkeypatch, given):
    if given is None:
        monkeypatch.delenv("QTWEBENGINE_CHROMIUM_FLAGS", raising=False)
    else:
        monkeypatch.setenv("QTWEBENGINE_CHROMIUM_FLAGS", given)
    prepare_environment()
    flags = os.environ["QTWEBENGINE_CHROMIUM_FLAGS"].split()
    assert flags.count(JS_FLAGS) == 1
    assert all(flag in flags for flag in (given or "").split())  # nothing the caller set is lost


def test_js_flags_of_the_callers_own_are_left_alone(monkeypatch):
    monkeypatch.setenv("QTWEBENGINE_CHROMIUM_FLAGS", "--no-sandbox --js-flags=--max-old-space-size=512")
    prepare_environment()
    assert os.environ["QTWEBENGINE_CHROMIUM_FLAGS"] == "--no-sandbox --js-flags=--max-old-space-size=512"
