"""Shared fixtures."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

# The suite tests the kernels' source through numba's JIT, even where scripts/dev compiled them ahead
# of time into the venv; tests/engine/test_aot.py compares the compiled module with it.  Set before any
# engine import, and inherited by the commands the tests start.
os.environ.setdefault("SUDOKU_STUDIO_KERNELS", "jit")


@pytest.fixture
def bridge() -> object:
    """A bridge that keeps every event the Api sends, for the page's side of a test."""
    from desktop.bridge import RecordingBridge

    return RecordingBridge()


@pytest.fixture
def api(tmp_path: Path, bridge: object) -> object:
    """The real Api on a fresh data folder, in English."""
    from desktop.contract.api import Api

    return Api(bridge, tmp_path, "en")


@pytest.fixture
def system_browser(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """$BROWSER set to a script that writes the address it is given to the file returned (never a real
    browser); webbrowser reads $BROWSER afresh."""
    seen = tmp_path / "opened.txt"
    browser = tmp_path / "browser.sh"
    browser.write_text(f'#!/bin/sh\nprintf %s "$1" > {seen}\n')
    browser.chmod(0o755)
    monkeypatch.setenv("BROWSER", str(browser))
    monkeypatch.setattr("webbrowser._tryorder", None)  # webbrowser reads $BROWSER once: read it again
    return seen


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 64 KiB tmpfs mounted for the test, to fill for real (CI runs as root), unmounted after."""
    import subprocess

    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(disk)],
                             capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here (CI runs as root): {mounted.stderr.strip()}")
    yield disk
    subprocess.run(["umount", str(disk)], check=True)


# --- browser tests: Debian's Chromium through Playwright, the real ui/ and the real desktop Api ---

CHROMIUM = "/usr/bin/chromium"  # `playwright install` cannot download here; scripts/dev installs it
CHROMIUM_ARGS = [
    "--no-sandbox",  # CI runs as root
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def chromium() -> Iterator[object]:
    """One headless Chromium for the session (every test gets a fresh context, i.e. a fresh profile)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS, timeout=60_000
        )
        yield browser
        browser.close()


@pytest.fixture
def data_dir() -> Iterator[Path]:
    """A fresh data folder for the app's saves and settings, of a short path (the instance socket's
    path in it must stay under the Unix limit)."""
    with tempfile.TemporaryDirectory(prefix="sudoku-studio-") as folder:
        yield Path(folder)


@pytest.fixture
def ui_app(chromium: object, data_dir: Path) -> Iterator[object]:
    """A page for the real ui/ bridged to a real Api (English) on a fresh data folder; call launch()."""
    from tests.harness.app import UiApp

    app = UiApp(chromium, data_dir)  # type: ignore[arg-type]
    try:
        yield app
    finally:
        app.close()
    assert not app.escaped, "an Api method raised into pywebview:\n" + "\n".join(app.escaped)
    assert not app.console_errors, f"uncaught errors in the page: {app.console_errors}"


@pytest.fixture
def ui(ui_app: object) -> object:
    """The real ui/ in Chromium bridged to a real Api (English), launched on a fresh data folder."""
    return ui_app.launch()  # type: ignore[attr-defined]
