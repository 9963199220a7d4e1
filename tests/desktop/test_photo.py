"""Photos through the real Api and host (issue 31): the review's state, stale readings, refusals."""

from __future__ import annotations

import base64
import io

import pytest

from desktop.io import photos
from desktop.midend.midend import Midend
from desktop.midend.play import Play
from tests.harness.paths import DATA
from tests.harness.states import state_of

PHOTO = DATA / "photos" / "train" / "image2.jpg"
SETTINGS = {"show_mistakes": False}


def _photo_state(bridge, status: str) -> dict:
    payload = bridge.wait_for("state", lambda p: (p["state"]["photo"] or {}).get("status") == status, 60)
    return payload["state"]["photo"]


def _png(width: int = 300, height: int = 200, colour: int = 255) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("L", (width, height), colour).save(out, "PNG")
    return out.getvalue()


def test_a_photo_file_is_read_into_the_review_and_load_is_one_undoable_move(api, bridge):
    if not PHOTO.exists():
        pytest.skip("no training photos")
    bridge.choose_file = lambda kind: str(PHOTO) if kind == "image" else None
    assert api.open_image() == {"ok": True, "pending": True}
    photo = _photo_state(bridge, "read")
    assert photo["preview"].startswith("data:image/jpeg;base64,")
    assert (photo["width"], photo["height"]) == (640, 480)
    assert len(photo["reading"]["corners"]) == 4
    puzzle = photo["reading"]["puzzle"]
    assert api.check_grid(puzzle)["check"]["kind"] == "unique"
    assert api.load_photo(puzzle) == {"ok": True}
    state = state_of(api)
    assert state["photo"] is None
    assert "".join(str(d) if d else "." for d in state["digits"]) == puzzle
    assert api.undo()["changed"] and not any(state_of(api)["digits"])


def test_a_cancelled_dialog_reads_nothing(api, bridge):
    bridge.choose_file = lambda kind: None
    assert api.open_image() == {"ok": True, "pending": False}
    assert state_of(api)["photo"] is None


def test_pictures_that_cannot_be_read_fail_with_a_code_and_leave_the_game(api, bridge):
    api.import_text("5" + "." * 80)
    for data, code in ((b"hello", "not_image"), (_png(), "no_grid"), (_png(40, 40), "photo_too_small")):
        assert api.read_image_data(base64.b64encode(data).decode()) == {"ok": True, "pending": True}
        assert _photo_state(bridge, "failed")["error"]["code"] == code
        assert api.close_photo() == {"ok": True}
        bridge.events.clear()
    state = state_of(api)
    assert state["digits"][0] == 5 and state["photo"] is None


def test_bad_data_and_puzzles_are_refused_before_anything_is_read(api):
    assert api.read_image_data("not base64 !")["error"]["code"] == "not_image"
    assert api.read_image_data(42)["error"]["code"] == "bad_argument"
    huge = "A" * (photos.MAX_BYTES * 4 // 3 + 8)
    assert api.read_image_data(huge)["error"]["code"] == "photo_too_large"
    for bad in ("1" * 80, "x" * 81, None):
        assert api.check_grid(bad)["error"]["code"] == "bad_argument"
        assert api.load_photo(bad)["error"]["code"] == "bad_argument"
    assert api.load_photo("55" + "." * 79)["error"]["code"] == "invalid_board"
    assert state_of(api)["photo"] is None


def test_a_reading_for_a_replaced_or_closed_review_is_dropped():
    midend = Midend(Play(), SETTINGS)
    first = midend.do({"name": "photo_reading"}, 0)["token"]
    second = midend.do({"name": "photo_reading"}, 0)["token"]
    read = {"reading": {"puzzle": "." * 81}, "width": 1, "height": 1, "preview": ""}
    assert not midend.do({"name": "photo_read", "token": first, "photo": read}, 0)["shown"]
    assert midend.snapshot(0)["photo"] == {"token": second, "status": "reading"}
    midend.do({"name": "photo_closed"}, 0)
    assert not midend.do({"name": "photo_read", "token": second, "photo": read}, 0)["shown"]
    assert midend.snapshot(0)["photo"] is None
    third = midend.do({"name": "photo_reading"}, 0)["token"]
    assert midend.do({"name": "photo_failed", "token": third, "error": {"code": "no_grid"}}, 0)["shown"]
    assert midend.snapshot(0)["photo"]["status"] == "failed"
    assert not midend.game.undo_log  # the review is view state: nothing to undo
