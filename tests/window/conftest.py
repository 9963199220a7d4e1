"""The real window's fixtures: one Xvfb server per module and a window on the fresh data folder
(tests/conftest.py's ``data_dir``), killed after the test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.harness.window import WindowApp
from tests.harness.xvfb import Xvfb


@pytest.fixture(scope="module")
def xvfb() -> Iterator[Xvfb]:
    """An Xvfb server for the module's windows."""
    server = Xvfb()
    yield server
    server.close()  # teardown runs whether the tests passed or not


@pytest.fixture
def window(xvfb: Xvfb, data_dir: Path) -> Iterator[WindowApp]:
    """The app on ``data_dir``, not launched yet; its process is killed after the test."""
    app = WindowApp(xvfb.display, data_dir)
    yield app
    app.kill()
