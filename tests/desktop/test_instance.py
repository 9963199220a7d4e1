"""One window per data folder (desktop/instance.py) and the puzzles opened from outside it
(desktop/contract/open.py): real sockets in a temporary folder, a real Api with a RecordingBridge."""

from __future__ import annotations

import socket
import tempfile
import threading
from pathlib import Path

import pytest

from desktop import instance
from desktop.bridge import RecordingBridge
from desktop.contract.api import Api
from engine import sudokuwiki_link
from tests.harness.states import newest_state, state_of

pytestmark = pytest.mark.skipif(not instance.supported(), reason="no Unix sockets on this platform")

PUZZLE = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"


def _receiver() -> tuple[list[str | None], threading.Event, object]:
    got: list[str | None] = []
    arrived = threading.Event()

    def on_open(argument: str | None) -> None:
        got.append(argument)
        arrived.set()

    return got, arrived, on_open


def test_the_first_launch_listens_and_a_second_hands_its_argument_over(tmp_path: Path) -> None:
    got, arrived, on_open = _receiver()
    handed, listener = instance.claim(tmp_path, "/some/puzzles.txt", on_open)
    assert handed is False and listener is not None
    try:
        assert instance.socket_path(tmp_path).exists()
        handed_again, second = instance.claim(tmp_path, "/other/puzzles.sdm", lambda a: None)
        assert handed_again is True and second is None
        assert arrived.wait(5) and got == ["/other/puzzles.sdm"]
        assert instance.hand_over(instance.socket_path(tmp_path), None)  # a bare launch: show the window
        assert got == ["/other/puzzles.sdm", None]
    finally:
        listener.close()
    assert not instance.socket_path(tmp_path).exists()
    assert instance.hand_over(instance.socket_path(tmp_path), "x") is False


def test_a_stale_socket_is_replaced(tmp_path: Path) -> None:
    path = instance.socket_path(tmp_path)
    dead = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    dead.bind(str(path))  # bound, never listening, then closed: what a crashed instance leaves
    dead.close()
    assert path.exists()
    got, arrived, on_open = _receiver()
    handed, listener = instance.claim(tmp_path, None, on_open)
    assert handed is False and listener is not None
    try:
        assert instance.hand_over(path, "https://www.sudokuwiki.org/sudoku.htm?bd=" + PUZZLE)
        assert arrived.wait(5) and got[0].startswith("https://")
    finally:
        listener.close()


def test_other_data_folders_have_instances_of_their_own(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    _, _, on_open = _receiver()
    _, first = instance.claim(tmp_path / "a", None, on_open)
    try:
        handed, second = instance.claim(tmp_path / "b", None, on_open)
        assert handed is False and second is not None
        second.close()
    finally:
        first.close()


def test_a_long_data_folder_listens_in_the_runtime_folder(tmp_path: Path, monkeypatch) -> None:
    runtime = Path(tempfile.mkdtemp(prefix="rt"))  # tmp_path itself is ~75 characters under xdist
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    deep = tmp_path / ("d" * 60) / ("e" * 60)
    path = instance.socket_path(deep)
    assert path.parent == runtime and len(str(path)) <= instance.MAX_SOCKET_PATH
    assert instance.socket_path(deep) == path  # the same folder always gives the same socket
    runtime.rmdir()
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / ("r" * 80)))  # too long for a socket too
    assert instance.socket_path(deep) == Path(tempfile.gettempdir()) / path.name


def test_arguments_are_resolved_for_the_first_instance(tmp_path: Path) -> None:
    link = "https://www.sudokuwiki.org/sudoku.htm?bd=" + PUZZLE
    assert instance.resolve_argument(link) == link and instance.is_link(link)
    assert instance.resolve_argument("p.txt", tmp_path) == str(tmp_path / "p.txt")
    assert instance.resolve_argument("file:///home/me/my%20puzzles.sdm") == "/home/me/my puzzles.sdm"
    assert not instance.is_link(instance.resolve_argument("p.txt", tmp_path))


def test_opened_files_and_links_reach_the_page_through_import(tmp_path: Path) -> None:
    bridge = RecordingBridge()
    api = Api(bridge, data_dir=tmp_path / "data", lang="en")
    try:
        five = tmp_path / "five.txt"
        five.write_text("\n".join([PUZZLE] * 5) + "\n", encoding="ascii")
        link = sudokuwiki_link(PUZZLE)
        api._open_later(str(five))
        api._open_later(link)
        api._open_later(str(tmp_path / "missing.sdm"))
        assert "opened" not in {name for name, _ in bridge.events}  # no event of its own: part of the state
        assert newest_state(bridge)["opened"] == 3
        items = api.take_opened()["items"]
        assert newest_state(bridge)["opened"] == 0
        assert api.take_opened()["items"] == []  # taken once
        assert items[0]["name"] == "five.txt" and items[1] == {"text": link, "name": ""}
        assert items[2]["error"]["code"] == "file" and "missing.sdm" in items[2]["error"]["message"]
        # the page's Load: the file of five is offered as a set, the link loads its puzzle
        several = api.import_text(items[0]["text"])
        assert several["error"]["code"] == "several_puzzles" and several["error"]["params"]["count"] == 5
        assert api.import_text(items[1]["text"])["ok"]
        assert state_of(api)["digits"] == [int(ch) for ch in PUZZLE]
    finally:
        api._shutdown()


def test_a_link_of_another_site_is_refused_with_its_name(tmp_path: Path) -> None:
    api = Api(RecordingBridge(), data_dir=tmp_path, lang="en")
    try:
        answer = api.import_text("https://example.com/?load=N4IgzglgXgpiBcBOAN")
        assert answer["error"]["code"] == "bad_text" and "example.com" in answer["error"]["message"]
        damaged = api.import_text("https://f-puzzles.com/?load=N4IgzglgXgpiBcBOAN")  # read since issue 40
        assert damaged["error"]["code"] == "bad_text" and "damaged" in damaged["error"]["message"]
    finally:
        api._shutdown()
