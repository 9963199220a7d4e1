"""Autosave files (desktop/storage.py): round trips, atomic writes, damaged files kept as backups."""

from __future__ import annotations

import json
import os

import pytest

from desktop.midend import Game, Play
from desktop.storage import DEFAULT_SETTINGS, GAME_FILE, SETTINGS_FILE, Storage, default_data_dir


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
    assert json.loads((tmp_path / GAME_FILE).read_text())["version"] == 2


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
