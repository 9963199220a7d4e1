"""The save schema (desktop/saves.py): v2 round trips, the v1 migration, future versions, history replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desktop import saves
from desktop.midend import Game, Play
from desktop.storage import GAME_FILE, Storage

V1_FIXTURE = Path(__file__).parent / "data" / "game_v1.json"  # written by the version-1 release's Storage
PUZZLE = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"


def _game() -> Game:
    game = Game()
    game.load_puzzle([int(c) for c in PUZZLE], "import")
    game.set_cell(2, 4)
    game.toggle_note(3, 2)
    game.toggle_note(3, 6)
    game.set_cell(5, 2)  # drops note 2 from r1c4, in the same move
    game.undo()
    return game


def test_a_v2_round_trip_keeps_board_notes_timer_and_history_with_causes():
    game = _game()
    game.timer.start(1000.0)
    play, notices = saves.load(json.loads(json.dumps(saves.dump(Play([game]), 6000.0))))
    copy = play.game
    assert notices == []
    assert (copy.digits, copy.origins, copy.notes) == (game.digits, game.origins, game.notes)
    assert copy.timer.elapsed(0) == 5000
    assert [m.cause for m in copy.undo_log] == ["import", "entry", "note", "note"]
    assert copy.redo() and copy.digits[5] == 2 and copy.notes[3] == 1 << 5
    assert copy.undo() and copy.undo() and copy.notes[3] == 1 << 1


def test_the_v1_save_of_the_old_release_loads_with_board_and_history():
    body = json.loads(V1_FIXTURE.read_text())
    assert body["version"] == 1
    play, notices = saves.load(body)
    game = play.game
    assert notices == []
    assert "".join(map(str, game.digits)) == body["game"]["digits"]
    assert [m.cause for m in game.undo_log] == ["new", "entry", "entry", "entry", "entry"]
    assert [m.cause for m in game.redo_log] == ["fill"]
    assert game.redo() and game.digits[5] == 8 and game.origins[5] == "inferred"
    for _ in range(6):
        assert game.undo()
    assert game.digits == [0] * 81 and not game.can_undo


def test_storage_migrates_a_v1_file_and_writes_it_back_as_v2(tmp_path):
    (tmp_path / GAME_FILE).write_bytes(V1_FIXTURE.read_bytes())
    store = Storage(tmp_path)
    loaded = store.load_game()
    assert loaded.problem is None and loaded.value.game.can_undo
    store.save_game(loaded.value, 0.0)
    assert json.loads((tmp_path / GAME_FILE).read_text())["version"] == 2


def test_a_save_from_a_newer_version_is_kept_aside_and_never_overwritten(tmp_path):
    body = json.dumps({"format": saves.FORMAT, "version": 7, "play": {"whatever": 1}}).encode()
    (tmp_path / GAME_FILE).write_bytes(body)
    store = Storage(tmp_path)
    loaded = store.load_game()
    assert "newer" in loaded.problem
    assert loaded.damaged_backup.name.startswith(f"{GAME_FILE}.newer-")
    store.save_game(loaded.value, 0.0)
    assert loaded.damaged_backup.read_bytes() == body


def test_a_history_that_does_not_fit_the_board_is_dropped_and_the_board_kept():
    body = saves.dump(Play([_game()]), 0.0)
    stored = body["play"]["games"][0]
    stored["digits"] = stored["digits"][:2] + "7" + stored["digits"][3:]  # the board no longer matches
    play, notices = saves.load(body)
    assert play.game.digits[2] == 7 and not play.game.can_undo and not play.game.can_redo
    assert len(notices) == 1 and "did not fit" in notices[0]


@pytest.mark.parametrize(
    "change",
    [
        lambda g: g.update(digits="12"),
        lambda g: g.update(digits="x" * 81),
        lambda g: g.update(origins=[0] * 80),
        lambda g: g.update(origins=["given"] * 81),
        lambda g: g.update(origins=[1] + [0] * 80),  # a given on an empty cell
        lambda g: g.update(notes=[600] * 81),
        lambda g: g.update(mode="dance"),
    ],
)
def test_a_damaged_board_is_refused(change):
    body = saves.dump(Play(), 0.0)
    change(body["play"]["games"][0])
    with pytest.raises(ValueError):
        saves.load(body)


BAD_HISTORIES = [[{"cause": "magic", "changes": []}], "nope", [{"cause": "entry", "changes": [[99]]}]]


@pytest.mark.parametrize("undo", BAD_HISTORIES)
def test_an_unreadable_history_is_dropped_with_a_notice(undo):
    body = saves.dump(Play([_game()]), 0.0)
    body["play"]["games"][0]["undo"] = undo
    play, notices = saves.load(body)
    assert play.game.digits[2] == 4 and not play.game.can_undo and notices


def test_a_set_round_trips_with_its_position_and_times():
    games = [_game(), Game(), _game()]
    play = Play(games, 2, is_set=True)
    play.times = {"hard": [61000, 75000]}
    again, _ = saves.load(saves.dump(play, 0.0))
    assert again.is_set and again.index == 2 and len(again.games) == 3
    assert again.statistics() == {"hard": {"best": 61000, "average": 68000, "solved": 2}}
