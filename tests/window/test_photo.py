"""The real window reads a photo (issue 31): Import → "Open image…" opens "Review photo", "Load" plays it.

The native file dialog has no one to click it under Xvfb, so the test presets its answer with
``SUDOKU_STUDIO_FILE_ANSWER`` (desktop/bridge.py); everything after it is the app's real road: the
host's worker reads the file with the engine, the page shows the review, Load is a move of the mid end.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from desktop.bridge import PRESET_ANSWER
from tests.harness.contract import digits_from_labels
from tests.harness.paths import DATA
from tests.harness.puzzles import grid_of
from tests.harness.server import wait_for
from tests.harness.window import WindowApp
from tests.harness.xvfb import Xvfb

pytestmark = pytest.mark.window

PHOTO = DATA / "photos" / "train" / "image2.jpg"


@pytest.fixture
def window(monkeypatch: pytest.MonkeyPatch) -> Iterator[WindowApp]:
    if not PHOTO.exists():
        pytest.skip(f"the training photos are not in {PHOTO.parent}")
    monkeypatch.setenv(PRESET_ANSWER, str(PHOTO))  # inherited by the app's process
    server = Xvfb()
    with tempfile.TemporaryDirectory(prefix="sudoku-studio-window-") as folder:
        app = WindowApp(server.display, Path(folder))
        try:
            yield app
        finally:
            app.kill()
            server.close()


def test_open_image_in_the_window_reviews_the_photo_and_load_plays_it(window):
    rows = PHOTO.with_suffix(".dat").read_text().splitlines()[2:11]
    truth = grid_of("".join(row.replace(" ", "") for row in rows))
    app = window.launch()
    page = app._page()
    app.click_button("Import")
    page.click(page.one("button", "Open image…"))
    page.one("dialog", "Review photo", timeout=15)

    def review_labels() -> list[str]:
        # the review's cells come after the board's (inert behind the modal dialog); QtWebEngine's
        # Accessibility.queryAXTree does not answer for them, so they are read from the whole tree
        tree = page.send("Accessibility.getFullAXTree")["nodes"]
        cells = [n.get("name", {}).get("value", "") for n in tree
                 if n.get("role", {}).get("value") == "gridcell" and not n.get("ignored")]
        return cells[-81:] if page.query("grid", "Read puzzle") else []

    wait_for(lambda: len(review_labels()) == 81, 60, message="the photo was not read")
    picture = "The photo, the grid found outlined"
    assert page.query("image", picture) or page.query("img", picture)
    shown = review_labels()
    assert digits_from_labels(shown) == truth
    page.click(page.one("button", "Load"))
    wait_for(lambda: not page.query("dialog", "Review photo"), 15, message="the review did not close")
    app.wait_digits(lambda d: d == truth, message="the read puzzle is not on the board")
    assert app.close() == 0, app.log_text()
