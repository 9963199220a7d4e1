"""Puzzles from pictures in a real browser engine against the real Api (issue 31): "Open image…",
Ctrl+V with an image, a dropped image file, and the "Review photo" dialog; our own screenshots read."""

from __future__ import annotations

import base64
import io
import re
from pathlib import Path

import numpy as np
import pytest
from playwright.sync_api import expect

import engine
from tests.harness.paths import DATA
from tests.harness.puzzles import grid_of

pytestmark = pytest.mark.browser

PHOTOS = DATA / "photos" / "train"
PUZZLE = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"


def _photo(number: int) -> tuple[Path, str]:
    """A training photo and its puzzle (81 digits, 0 empty) from its .dat file."""
    jpg = PHOTOS / f"image{number}.jpg"
    if not jpg.exists():
        pytest.skip(f"the training photos are not in {PHOTOS}")
    rows = jpg.with_suffix(".dat").read_text().splitlines()[2:11]
    return jpg, "".join(row.replace(" ", "") for row in rows)


def _review(ui):
    return ui.page.get_by_role("dialog", name="Review photo")


def _read_cells(dialog):
    return dialog.get_by_role("grid", name="Read puzzle").get_by_role("gridcell")


def _shown_puzzle(dialog) -> str:
    """The review's puzzle from its cells' accessible names (0 empty)."""
    labels = _read_cells(dialog).evaluate_all("cells => cells.map(c => c.getAttribute('aria-label'))")
    return "".join(m.group(1) if (m := re.match(r"row \d, column \d, (\d)", label)) else "0"
                   for label in labels)


def _send_file(ui, event: str, data: bytes, mime: str, name: str = "picture") -> None:
    """Fire a paste (on the board) or drop (on the window) event carrying a file, as the browser does."""
    ui.page.evaluate(
        """([event, b64, mime, name]) => {
            const bytes = Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
            const data = new DataTransfer();
            data.items.add(new File([bytes], name, { type: mime }));
            if (event === "paste") {
                document.getElementById("board").dispatchEvent(
                    new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
            } else {
                for (const type of ["dragenter", "dragover", "drop"]) {
                    document.body.dispatchEvent(
                        new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
                }
            }
        }""",
        [event, base64.b64encode(data).decode("ascii"), mime, name],
    )


def test_open_image_reviews_unsure_cells_fixed_by_typing_then_load(ui):
    photo, truth = _photo(1)  # read with two cells wrong, both marked unsure
    ui.bridge.choose_file = lambda kind: str(photo)  # the native dialog's answer
    ui.button("Import").click()
    ui.page.get_by_role("dialog", name="Import").get_by_role("button", name="Open image…").click()
    dialog = _review(ui)
    expect(dialog).to_be_visible()
    cells = _read_cells(dialog)
    expect(cells).to_have_count(81, timeout=60_000)
    expect(dialog.get_by_role("img")).to_have_attribute("src", re.compile("^data:image/jpeg;base64,"))
    shown = _shown_puzzle(dialog)
    wrong = [c for c in range(81) if shown[c] != truth[c]]
    unsure = [c for c in range(81) if "unsure" in (cells.nth(c).get_attribute("aria-label") or "")]
    assert wrong and set(wrong) <= set(unsure), (wrong, unsure)
    at = None
    for cell in wrong:  # the first by a click, the next with the arrow keys from there
        if at is None:
            cells.nth(cell).click()
        else:
            rows, cols = cell // 9 - at // 9, cell % 9 - at % 9
            moves = (("ArrowDown", rows), ("ArrowUp", -rows), ("ArrowRight", cols), ("ArrowLeft", -cols))
            for key, count in moves:
                for _ in range(max(0, count)):
                    ui.page.keyboard.press(key)
        expect(cells.nth(cell)).to_be_focused()
        ui.page.keyboard.press(truth[cell] if truth[cell] != "0" else "Delete")
        expect(cells.nth(cell)).not_to_have_attribute("aria-label", re.compile("unsure"))
        at = cell
    expect(dialog.get_by_role("status").filter(has_text="exactly one solution")).to_be_visible()
    dialog.get_by_role("button", name="Load", exact=True).click()
    ui.wait_digits(lambda d: d == grid_of(truth), message="the reviewed puzzle is not on the board")
    expect(dialog).to_have_count(0)
    ui.button("Undo").click()  # loading it was one undoable move
    ui.wait_digits(lambda d: not any(d))


def test_a_picture_pasted_or_dropped_opens_the_review_and_cancel_keeps_the_game(ui):
    ui.api.import_text(PUZZLE)
    ui.wait_digits(lambda d: d == grid_of(PUZZLE))
    photo, truth = _photo(2)
    for event in ("paste", "drop"):
        _send_file(ui, event, photo.read_bytes(), "image/jpeg")
        dialog = _review(ui)
        expect(_read_cells(dialog)).to_have_count(81, timeout=60_000)
        assert _shown_puzzle(dialog) == truth
        if event == "paste":
            dialog.get_by_role("button", name="Cancel").click()
        else:
            ui.page.keyboard.press("Escape")
        expect(dialog).to_have_count(0)
        assert ui.digits() == grid_of(PUZZLE)


def test_ctrl_v_reads_the_clipboard_image(ui):
    photo, truth = _photo(2)
    ui.context.grant_permissions(["clipboard-read", "clipboard-write"])
    ui.page.evaluate(
        """async (b64) => {
            const bytes = Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
            const png = await createImageBitmap(new Blob([bytes], { type: "image/jpeg" }));
            const canvas = new OffscreenCanvas(png.width, png.height);
            canvas.getContext("2d").drawImage(png, 0, 0);
            const blob = await canvas.convertToBlob({ type: "image/png" });
            await navigator.clipboard.write([new ClipboardItem({ "image/png": blob })]);
        }""",
        base64.b64encode(photo.read_bytes()).decode("ascii"),
    )
    ui.cell(0).click()
    ui.page.keyboard.press("Control+v")
    dialog = _review(ui)
    expect(_read_cells(dialog)).to_have_count(81, timeout=60_000)
    assert _shown_puzzle(dialog) == truth
    dialog.get_by_role("button", name="Load", exact=True).click()
    ui.wait_digits(lambda d: d == grid_of(truth))


def test_what_cannot_be_read_is_said_and_changes_nothing(ui):
    from PIL import Image

    blank = io.BytesIO()
    Image.new("L", (400, 300), 255).save(blank, "PNG")
    for data, mime, words in ((b"not a picture at all", "image/png", "not an image"),
                              (blank.getvalue(), "image/png", "No Sudoku grid was found")):
        _send_file(ui, "paste", data, mime)
        dialog = _review(ui)
        expect(dialog.get_by_role("alert")).to_contain_text(words, timeout=60_000)
        expect(dialog.get_by_role("button", name="Load", exact=True)).to_be_disabled()
        dialog.get_by_role("button", name="Cancel").click()
        expect(dialog).to_have_count(0)
    _send_file(ui, "drop", b"hello", "text/plain", "notes.txt")
    expect(ui.page.get_by_role("dialog")).to_have_count(0)
    assert not any(ui.digits())


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("size", [(1200, 900), (1600, 1000)], ids=["1200x900", "1600x1000"])
def test_screenshots_of_our_own_app_read_exactly(ui, theme, size):
    ui.page.set_viewport_size({"width": size[0], "height": size[1]})
    ui.page.emulate_media(reduced_motion="reduce")  # no colour half-way through a transition
    ui.api.set_setting("theme", theme)
    ui.api.import_text(PUZZLE)
    ui.wait_digits(lambda d: d == grid_of(PUZZLE))
    expect(ui.page.locator("html")).to_have_attribute("data-scheme", theme)
    from PIL import Image

    shot = np.asarray(Image.open(io.BytesIO(ui.page.screenshot())).convert("RGB"))
    reading = engine.read_image(shot)
    assert reading.puzzle == PUZZLE.replace("0", "."), (theme, size)
    assert not reading.unsure
