"""The save schema (desktop/io/saves.py): v3 round trips, the v1 and v2 migrations, newer versions, replay."""

from __future__ import annotations

import json

import pytest

from desktop.io import saves
from desktop.io.storage import GAME_FILE, Storage
from desktop.midend import Game, Play
from tests.harness.paths import FIXTURES

V1_FIXTURE = FIXTURES / "game_v1.json"  # written by the version-1 release's Storage
V2_FIXTURE = FIXTURES / "game_v2.json"  # saves.dump at 0000546, before colours
V3_FIXTURE = FIXTURES / "game_v3.json"  # saves.dump at 8d3ff32, before puzzle shapes (issue 40)
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


@pytest.mark.parametrize("fixture", [V1_FIXTURE, V2_FIXTURE, V3_FIXTURE])
def test_storage_migrates_an_old_file_and_writes_it_back_as_the_current_version(tmp_path, fixture):
    (tmp_path / GAME_FILE).write_bytes(fixture.read_bytes())
    store = Storage(tmp_path)
    loaded = store.load_game()
    assert loaded.problem is None and loaded.value.game.can_undo
    store.save_game(loaded.value, 0.0)
    assert json.loads((tmp_path / GAME_FILE).read_text())["version"] == saves.VERSION


def test_the_v2_save_before_colours_loads_uncoloured_with_its_history_and_can_be_painted():
    body = json.loads(V2_FIXTURE.read_text())
    assert body["version"] == 2
    play, notices = saves.load(body)
    game = play.game
    assert notices == [] and game.difficulty == "easy"
    assert [m.cause for m in game.undo_log] == ["import", "entry", "note", "note"]
    assert all(c == (0, 0) for c in game.colours)
    assert game.paint(2, 3) and game.undo() and game.undo()  # the colour, then the v2 history
    assert game.digits[2] == 4 and game.notes[3] == 1 << 1


def test_colours_of_cells_and_candidates_round_trip_with_their_undo_and_redo():
    game = _game()
    game.paint(0, 2)
    game.paint_note(3, 2, 5)
    game.paint(40, 8)
    game.undo()  # the redo log holds a paint
    copy, notices = saves.load(json.loads(json.dumps(saves.dump(Play([game]), 0.0))))
    copy = copy.game
    assert notices == []
    assert copy.colours == game.colours and copy.colours[0].cell == 2
    assert copy.redo() and copy.colours[40].cell == 8
    assert copy.undo() and copy.undo() and copy.colours[3] == (0, 0)


@pytest.mark.parametrize("bad", [[[0, 9, 0]], [[0, 1, 9 << 4]], [[81, 1, 0]], [[0, True, 0]], [[0, 1]]])
def test_a_save_with_a_colour_out_of_range_is_refused_naming_it(bad):
    body = saves.dump(Play([_game()]), 0.0)
    body["play"]["games"][0]["colours"] = bad
    with pytest.raises(ValueError):
        saves.load(json.loads(json.dumps(body)))


def test_a_history_whose_paints_do_not_fit_the_colours_is_dropped_and_the_board_kept():
    game = _game()
    game.paint(0, 2)
    body = saves.dump(Play([game]), 0.0)
    body["play"]["games"][0]["colours"] = [[0, 3, 0]]  # the move says it left colour 2
    play, notices = saves.load(json.loads(json.dumps(body)))
    assert play.game.colours[0].cell == 3 and not play.game.can_undo and "did not fit" in notices[0]


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
