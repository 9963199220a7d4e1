"""Autosave files (desktop/io/storage.py): round trips, atomic writes, damaged files kept as backups."""

from __future__ import annotations

import json
import os

import pytest

from desktop.io.saves import VERSION
from desktop.io.storage import DEFAULT_SETTINGS, GAME_FILE, SETTINGS_FILE, Storage, default_data_dir
from desktop.midend import Game, Play
from tests.harness.states import state_of


def test_a_missing_folder_gives_a_fresh_game_and_default_settings(tmp_path):
    store = Storage(tmp_path / "not-yet")
    game = store.load_game()
    settings = store.load_settings()
    assert game.value.game.digits == [0] * 81 and game.damaged_backup is None and game.problem is None
    assert settings.value == DEFAULT_SETTINGS


def test_game_and_settings_round_trip(tmp_path):
    store = Storage(tmp_path)
    game = Game()
    game.set_mode("enter")
    game.set_cell(4, 7)
    store.save_game(Play([game]), 0.0)
    store.save_settings(dict(DEFAULT_SETTINGS, language="zh", theme="dark", delay=0, candidates=True))
    again = Storage(tmp_path)
    loaded = again.load_game().value.game
    assert loaded.digits == game.digits and loaded.origins == game.origins and loaded.mode == "enter"
    assert again.load_settings().value["language"] == "zh"
    assert again.load_settings().value["delay"] == 0


def test_writes_leave_no_temporary_files(tmp_path):
    store = Storage(tmp_path)
    for digit in range(1, 10):
        game = Game()
        game.set_cell(0, digit)
        store.save_game(Play([game]), 0.0)
    assert sorted(p.name for p in tmp_path.iterdir()) == [GAME_FILE]
    assert json.loads((tmp_path / GAME_FILE).read_text())["version"] == VERSION


def test_a_failed_write_keeps_the_old_save_and_no_temporary_file(tmp_path, monkeypatch):
    store = Storage(tmp_path)
    game = Game()
    game.set_cell(0, 1)
    store.save_game(Play([game]), 0.0)
    before = (tmp_path / GAME_FILE).read_bytes()

    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)  # the disk fails mid-write (the OS, not our code)
    game.set_cell(1, 2)
    with pytest.raises(OSError):
        store.save_game(Play([game]), 0.0)
    assert (tmp_path / GAME_FILE).read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [GAME_FILE]


@pytest.mark.parametrize(
    "content",
    [
        b"{not json",
        b"\xff\xfe\x00garbage",
        b"",
        b"[1, 2, 3]",
        json.dumps({"format": "sudoku-studio/game", "version": 99, "game": {}}).encode(),
        json.dumps({"format": "other", "version": 1}).encode(),
        json.dumps({"format": "sudoku-studio/game", "version": 1, "game": {"digits": "1" * 80}}).encode(),
        b"[" * 100000,
    ],
)
def test_a_damaged_game_starts_fresh_and_is_kept_beside_as_a_backup(tmp_path, content):
    (tmp_path / GAME_FILE).write_bytes(content)
    loaded = Storage(tmp_path).load_game()
    assert loaded.value.game.digits == [0] * 81
    assert loaded.problem
    assert loaded.damaged_backup is not None and loaded.damaged_backup.parent == tmp_path
    assert loaded.damaged_backup.read_bytes() == content
    assert not (tmp_path / GAME_FILE).exists()


def test_damaged_settings_do_not_cost_the_game(tmp_path):
    store = Storage(tmp_path)
    game = Game()
    game.set_cell(80, 9)
    store.save_game(Play([game]), 0.0)
    (tmp_path / SETTINGS_FILE).write_text('{"format": "sudoku-studio/settings", "version": 1, "settings": 5}')
    assert store.load_settings().value == DEFAULT_SETTINGS
    assert store.load_settings().damaged_backup is None  # the damaged file was already moved aside
    assert store.load_game().value.game.digits[80] == 9


def test_settings_with_a_bad_value_count_as_damaged(tmp_path):
    body = {"format": "sudoku-studio/settings", "version": 1, "settings": {"delay": 5000}}
    (tmp_path / SETTINGS_FILE).write_text(json.dumps(body))
    loaded = Storage(tmp_path).load_settings()
    assert loaded.value == DEFAULT_SETTINGS and loaded.damaged_backup is not None


def test_the_data_folder_follows_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("SUDOKU_STUDIO_DATA_DIR", str(tmp_path))
    assert default_data_dir() == tmp_path
    monkeypatch.delenv("SUDOKU_STUDIO_DATA_DIR")
    assert "sudoku-studio" in str(default_data_dir())


# --- strange save files: never hang, never read without bound, always start (issue 10) -----------

def _start_fresh_from(tmp_path, make) -> tuple:
    """Put ``make(path)`` at game.json, load it in a child-free way, return (Loaded, seconds taken)."""
    import time

    (tmp_path / "d").mkdir(exist_ok=True)
    make(tmp_path / "d" / GAME_FILE)
    started = time.monotonic()
    loaded = Storage(tmp_path / "d").load_game()
    return loaded, time.monotonic() - started


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(lambda p: os.mkfifo(p), id="fifo"),
        pytest.param(lambda p: os.symlink("/dev/zero", p), id="link-to-dev-zero"),
        pytest.param(lambda p: os.symlink("/dev/null", p), id="link-to-dev-null"),
        pytest.param(lambda p: os.mkdir(p), id="folder"),
        pytest.param(lambda p: os.symlink(p.with_name("nowhere"), p), id="dangling-link"),
        pytest.param(lambda p: p.write_bytes(b"{" * (5 << 20)), id="too-large"),
    ],
)
def test_a_save_that_is_not_a_small_regular_file_counts_as_damaged_and_never_hangs(tmp_path, make):
    loaded, seconds = _start_fresh_from(tmp_path, make)
    assert seconds < 5
    assert isinstance(loaded.value, Play) and loaded.value.game.digits == Game().digits
    assert loaded.problem, "no notice for the user"
    assert loaded.damaged_backup is not None and os.path.lexists(loaded.damaged_backup)
    assert not os.path.lexists(tmp_path / "d" / GAME_FILE)  # moved aside: the next save is a fresh file
    Storage(tmp_path / "d").save_game(Play([Game()]), 0.0)
    assert Storage(tmp_path / "d").load_game().problem is None


def test_a_link_to_a_regular_save_is_read(tmp_path):
    real = tmp_path / "elsewhere.json"
    Storage(tmp_path).save_game(Play([Game()]), 0.0)
    os.replace(tmp_path / GAME_FILE, real)
    os.symlink(real, tmp_path / GAME_FILE)
    assert Storage(tmp_path).load_game().problem is None


def test_read_save_bytes_reads_at_most_the_limit_plus_one(tmp_path):
    from desktop.io.storage import read_save_bytes

    path = tmp_path / "f"
    path.write_bytes(b"x" * 100)
    assert read_save_bytes(path, limit=100) == b"x" * 100
    with pytest.raises(ValueError, match="too large"):
        read_save_bytes(path, limit=99)


def test_stale_temporary_files_of_ours_are_removed_at_start_and_others_kept(tmp_path):
    storage = Storage(tmp_path)
    storage.save_game(Play([Game()]), 0.0)
    for name in (f".{GAME_FILE}.abc123.tmp", f".{SETTINGS_FILE}.x_y.tmp"):
        (tmp_path / name).write_text("half")
    (tmp_path / ".other.json.abc.tmp").write_text("not ours")
    (tmp_path / "notes.tmp").write_text("not ours")
    fresh = Storage(tmp_path)
    assert fresh.load_settings().problem is None and fresh.load_game().problem is None
    assert sorted(p.name for p in tmp_path.iterdir()) == [".other.json.abc.tmp", GAME_FILE, "notes.tmp"]


def test_kill_9_during_autosave_leaves_nothing_after_a_restart(tmp_path):
    """100 kill -9's of a (forked) process saving in a loop; a restart removes the temporaries and loads."""
    import signal
    import time

    for k in range(100):
        ready_r, ready_w = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: autosave as fast as it can until killed
            try:
                storage, game = Storage(tmp_path), Game()
                play = Play([game])
                os.write(ready_w, b"r")
                i = 0
                while True:
                    game.set_cell(i % 81, i % 9 + 1)
                    storage.save_game(play, float(i))
                    i += 1
            finally:
                os._exit(1)
        os.close(ready_w)
        os.read(ready_r, 1)
        os.close(ready_r)
        time.sleep(0.001 * (k % 7))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    left = sum(1 for p in tmp_path.iterdir() if p.name.endswith(".tmp"))
    assert left > 0, "no kill landed mid-write: the test proves nothing"
    loaded = Storage(tmp_path).load_game()
    assert loaded.problem is None, loaded.problem
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_the_app_starts_with_a_notice_on_a_fifo_or_dev_zero_save(tmp_path, kind):
    from desktop.bridge import RecordingBridge
    from desktop.contract.api import Api
    from tests.harness.app import shutdown_api

    if kind == "fifo":
        os.mkfifo(tmp_path / GAME_FILE)
    else:
        os.symlink("/dev/zero", tmp_path / GAME_FILE)
    api = Api(RecordingBridge(), tmp_path, "en")
    try:
        notices = state_of(api)["notices"]
        assert [n["code"] for n in notices] == ["damaged_save"] and notices[0]["params"]["what"] == "game"
        assert api.set_cell(0, 5)["ok"] is True  # and it saves a fresh game
    finally:
        shutdown_api(api)
    assert Storage(tmp_path).load_game().value.game.digits[0] == 5
