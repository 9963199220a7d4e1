"""The save schema of the game file: version 4, the migrations from versions 1 to 3, the history check.

Pure (dicts in, dicts out; :mod:`desktop.io.storage` does the file I/O).  Version 4 is version 3 with
each game's puzzle shape (``shape``: size, regions unless standard, the engine model's constraints,
kind, title; absent for a classic 9x9) and each change of puzzle's shape on both sides, and the corner
and centre marks of each game and move; digits and solutions are written one character a cell, ``0``
empty, ``1``-``9`` then ``A``-``G`` (10-16), so a version-3 save (classic only, no marks) reads as
version 4 as it is.  Version 3 saves a :class:`~desktop.midend.Play`: every puzzle of the set with its
board, notes, colours, mode, timer, undo and redo logs (each move with its cause and the colours it
painted), which one is shown, and the solve
times and the dates of the daily puzzles solved; each game, and each puzzle a move swaps, says whether
its solve time is counted (``recorded``, absent before issue 37: a game solved then was counted), and a
set that Undo came back to says from which depth of its redo log Redo goes out again (``outside_redo``).
A loaded solution is never trusted: it is worked out again from its givens (a notice when they differ).
Version 3 is version 4 without marks, version 2 version 3 without colours or daily puzzles (each migrates
as is: none of them).  Version 1 (one board, moves
of digit changes without a cause) is migrated forward: the cause is read off the origins the move wrote.

A loaded undo/redo history is replayed against the board before it is accepted: walking the undo log
backwards and the redo log forwards must meet exactly the states each change says it left.  A history
that does not fit (a hand-edited or half-migrated file) is dropped, the board is kept, and a notice says so.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from desktop.io.shapes import DIGITS, digit_line, dump_shape, load_shape, read_digits
from desktop.midend import CAUSES, ORIGINS, Cell, Change, Game, Move, Play
from desktop.midend.colours import COLOURS, NO_COLOUR, Colour, Paint, note_colours_valid
from desktop.midend.marks import NO_MARKS, Mark, Marks, mask_valid
from desktop.midend.moves import HISTORY_LIMIT, MODES, Puzzle
from desktop.midend.play import TIMES_KEPT, solved_by_player
from desktop.midend.rules import unique_solution
from desktop.midend.shape import CLASSIC, Shape
from engine import N_CELLS

FORMAT = "sudoku-studio/game"
DATE = re.compile(r"\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])")
VERSION = 4
MAX_CELLS = 256  # a 16x16 board: a change may name a cell of any shape the history passed through
DIFFICULTIES = ("any", "easy", "medium", "hard", "expert", "master")


class FutureVersionError(ValueError):
    """A save written by a newer Sudoku Studio: it is kept aside, never read or overwritten."""


def dump(play: Play, now: float) -> dict[str, Any]:
    """Return the version-4 file body for ``play``."""
    return {"format": FORMAT, "version": VERSION, "play": {
        "games": [_dump_game(g, now) for g in play.games],
        "index": play.index,
        "set": play.is_set,
        "expected": play.expected,  # a set still being made: how many it will hold (made on relaunch)
        "times": {k: list(v) for k, v in play.times.items()},
        "daily": sorted(play.daily),
        **({} if play.aside is None else {"aside": {  # the set left for a game outside it
            "games": [_dump_game(g, now) for g in play.aside[0]], "index": play.aside[1],
            "expected": play.aside[2]}}),
        **_dump_outside(play, now),
    }}


def _dump_outside(play: Play, now: float) -> dict[str, Any]:
    """The game outside the set that Undo came back from (Redo shows it again), and from which depth of
    the set game's redo log Redo goes out."""
    if play.outside is None or not play.is_set:
        return {}
    return {"outside": _dump_game(play.outside, now), "outside_redo": play.outside_depth}


def load(body: Any) -> tuple[Play, list[str]]:
    """Return the Play a file body describes and notices (dropped histories).

    Raises FutureVersionError for a newer version, ValueError naming the first malformed field.
    """
    if not isinstance(body, dict) or body.get("format") != FORMAT:
        raise ValueError("not a Sudoku Studio save file")
    version = body.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise FutureVersionError(f"saved by a newer version (save version {version})")
    if version == 1:
        body = migrate_v1(body)
    elif version in (2, 3):
        body = dict(body, version=VERSION)  # 3 added colours, 4 shapes and marks: absent, none of them
    elif version != VERSION:
        raise ValueError(f"unknown save version {str(version)[:20]}")
    return _load_play(body.get("play"))


def migrate_v1(body: dict[str, Any]) -> dict[str, Any]:
    """Return the version-4 body for a version-1 one (one game, causes read off the origins written)."""
    game = body.get("game")
    if not isinstance(game, dict):
        raise ValueError("a saved game must be an object")
    v2 = dict(game, notes=[0] * N_CELLS, timer_ms=0, paused=False, difficulty="any", solution=None,
              undo=[_move_v1(m) for m in _list(game.get("undo", []), "history")],
              redo=[_move_v1(m) for m in _list(game.get("redo", []), "history")])
    return {"format": FORMAT, "version": VERSION,
            "play": {"games": [v2], "index": 0, "set": False, "times": {}}}


def _move_v1(move: Any) -> dict[str, Any]:
    changes = _list(move, "history")
    for ch in changes:
        if not isinstance(ch, list) or len(ch) != 5:
            raise ValueError("history: a change must be [cell, before, origin, after, origin]")
    written = {ch[4] for ch in changes}
    cause = ("solve" if "solved" in written else "fill" if "inferred" in written
             else "clear" if written == {""} and len(changes) > 1 else
             "new" if "given" in written and len(changes) > 1 else "entry")
    return {"cause": cause, "changes": [[c, b, bo, 0, a, ao, 0] for c, b, bo, a, ao in changes]}


def _list(value: Any, name: str) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"{name}: expected a list")
    return value


def _dump_game(game: Game, now: float) -> dict[str, Any]:
    return {
        "recorded": game.recorded,  # its solve time is counted: never again after a relaunch
        **dump_shape(game.shape),
        "digits": digit_line(game.digits),
        "origins": [ORIGINS.index(o) for o in game.origins],
        "notes": list(game.notes),
        "colours": [[c, *tint] for c, tint in enumerate(game.colours) if tint != NO_COLOUR],
        "marks": [[c, *m] for c, m in enumerate(game.marks) if m != NO_MARKS],
        "mode": game.mode,
        "difficulty": game.difficulty,
        "daily": game.daily,
        "solution": digit_line(game.solution) if game.solution else None,
        "timer_ms": game.timer.elapsed(now),
        "paused": game.paused,
        "mistakes_checked": game.mistakes_checked,
        "undo": [_dump_move(m) for m in game.undo_log],
        "redo": [_dump_move(m) for m in game.redo_log],
    }


def _dump_move(move: Move) -> dict[str, Any]:
    out: dict[str, Any] = {"cause": move.cause, "changes": [
        [ch.cell, ch.before.digit, ch.before.origin, ch.before.notes, ch.after.digit, ch.after.origin,
         ch.after.notes] for ch in move.changes]}
    if move.puzzle is not None:
        out["puzzle"] = [_dump_puzzle(p) for p in move.puzzle]
    if move.paints:
        out["paints"] = [[p.cell, *p.before, *p.after] for p in move.paints]
    if move.marks:
        out["marks"] = [[m.cell, *m.before, *m.after] for m in move.marks]
    return out


def _dump_puzzle(puzzle: Puzzle) -> dict[str, Any]:
    solution = None if puzzle.solution is None else digit_line(puzzle.solution)
    return {"solution": solution, "difficulty": puzzle.difficulty, "timer_ms": puzzle.timer_ms,
            "daily": puzzle.daily, **({"recorded": True} if puzzle.recorded else {}),
            **dump_shape(puzzle.shape)}


def _load_play(data: Any, is_set: bool | None = None) -> tuple[Play, list[str]]:
    if not isinstance(data, dict):
        raise ValueError("play: expected an object")
    games, notices = [], []
    for i, raw in enumerate(_list(data.get("games"), "games")[:1000]):
        game, dropped = _load_game(raw)
        games.append(game)
        notices += [type(text)(f"puzzle {i + 1}: {text}") for text in dropped]
    if not games:
        raise ValueError("games: the list is empty")
    index = data.get("index", 0)
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(games):
        raise ValueError("index: out of range")
    play = Play(games, index, is_set=data.get("set") is True if is_set is None else is_set)
    expected = data.get("expected", len(games))  # absent in saves before sets were resumed
    if play.is_set and isinstance(expected, int) and not isinstance(expected, bool):
        play.expected = min(max(expected, len(games)), 1000)
    times = data.get("times", {})
    if isinstance(times, dict):
        play.times = {k: [t for t in v if isinstance(t, int) and t >= 0][-TIMES_KEPT:]
                      for k, v in times.items() if k in DIFFICULTIES and isinstance(v, list)}
    play.daily = {_date(day) for day in _list(data.get("daily", []), "daily")} - {""}
    if "aside" in data and not play.is_set:  # absent before a set could be left and come back to
        aside, dropped = _load_play(data["aside"], is_set=True)
        play.aside = (aside.games, aside.index, aside.expected)
        notices += [type(text)(f"the set: {text}") for text in dropped]
    if "outside" in data and play.is_set:
        play.outside, dropped = _load_game(data["outside"])
        depth = data.get("outside_redo")  # absent before issue 37: from the redo log as it stands
        most = len(play.game.redo_log)
        known = isinstance(depth, int) and not isinstance(depth, bool) and 0 <= depth <= most
        play.outside_depth = depth if known else most
        notices += [type(text)(f"the game outside the set: {text}") for text in dropped]
    return play, notices


def _was_recorded(raw: dict[str, Any], game: Game) -> bool:
    """True if ``game``'s solve time was counted before it was saved: its mark says so, or (a save from
    before the marks) it is solved by the player, which was counted the moment it was."""
    if "recorded" in raw:
        return raw["recorded"] is True
    return solved_by_player(game)


def _date(value: Any) -> str:
    """Return a daily puzzle's date ``YYYY-MM-DD`` ("" for none); ValueError for anything else."""
    if value == "":
        return ""
    if not isinstance(value, str) or not DATE.fullmatch(value):
        raise ValueError(f"daily: {str(value)[:20]!r} is not a date YYYY-MM-DD")
    return value


def _load_game(data: Any) -> tuple[Game, list[str]]:
    """Return the game and notices: its history did not fit the board and was dropped, its saved
    solution was not the one of its givens."""
    if not isinstance(data, dict):
        raise ValueError("a saved game must be an object")
    shape = load_shape(data)
    game, cells = Game(shape=shape), shape.n_cells
    game.digits = read_digits(data.get("digits"), shape, "digits")
    origins = data.get("origins")
    if not isinstance(origins, list) or len(origins) != cells:
        raise ValueError(f"origins: expected {cells} origin codes")
    game.origins = [_origin(o) for o in origins]
    if any(bool(d) != bool(o) for d, o in zip(game.digits, game.origins, strict=True)):
        raise ValueError("origins: a filled cell without an origin or an empty one with one")
    notes = data.get("notes", [0] * cells)
    if not isinstance(notes, list) or len(notes) != cells or not all(_is_notes(n, shape.size) for n in notes):
        raise ValueError(f"notes: expected {cells} note masks 0-{shape.all_notes}")
    game.notes = [n if not d else 0 for n, d in zip(notes, game.digits, strict=True)]
    if data.get("mode") not in MODES:
        raise ValueError(f"mode: expected one of {MODES}")
    game.mode = data["mode"]
    for entry in _list(data.get("colours", []), "colours"):  # absent before version 3: none
        if not isinstance(entry, list) or len(entry) != 3:
            raise ValueError("colours: expected [cell, colour, note colours] entries")
        game.colours[_cell_index(entry[0], cells)] = _colour(entry[1:])
    for entry in _list(data.get("marks", []), "marks"):  # absent before version 4: none
        if not isinstance(entry, list) or len(entry) != 3:
            raise ValueError("marks: expected [cell, corner, centre] entries")
        game.marks[_cell_index(entry[0], cells)] = _marks(entry[1:])
    game.difficulty = data.get("difficulty") if data.get("difficulty") in DIFFICULTIES else "any"
    game.daily = _date(data.get("daily", ""))
    told = _check_solution(game, data.get("solution"))
    game.recorded = _was_recorded(data, game)
    ms = data.get("timer_ms", 0)
    game.timer.banked_ms = ms if isinstance(ms, int) and not isinstance(ms, bool) and ms >= 0 else 0
    game.paused = data.get("paused") is True
    checked = data.get("mistakes_checked", 0)  # absent from saves before issue 28: none counted
    counted = isinstance(checked, int) and not isinstance(checked, bool) and checked > 0
    game.mistakes_checked = checked if counted else 0
    try:
        undo = [_move(m) for m in _list(data.get("undo", []), "history")][-HISTORY_LIMIT:]
        redo = [_move(m) for m in _list(data.get("redo", []), "history")]
    except ValueError as err:
        return game, [*told, f"the undo history was unreadable ({err}) and was dropped; the board is kept"]
    if not fits(game, undo, redo):
        return game, [*told, "the undo history did not fit the board and was dropped; the board is kept"]
    game.undo_log, game.redo_log = checked_history(game, undo, redo)
    return game, told


class SolutionNotice(str):
    """A notice about a saved solution checked against its givens (told with its own code)."""


@lru_cache(maxsize=256)
def _solution_of(givens: tuple[int, ...], shape: Shape = CLASSIC) -> tuple[int, ...] | None:
    """Return the one solution of ``givens`` of ``shape`` (the engine's), None when they have none or
    several."""
    found = unique_solution(givens, shape)
    return None if found is None else tuple(found)


def _check_solution(game: Game, saved: Any) -> list[str]:
    """Give ``game`` the solution of its givens when one was saved, worked out again rather than
    trusted (a damaged save may keep one its givens no longer have); a notice when they differ."""
    if saved is None:
        return []  # none was known: the host finds it when it is needed
    found = _solution_of(tuple(game.givens()), game.shape)
    game.solution = found
    if isinstance(saved, str) and found is not None and saved == digit_line(found):
        return []
    if found is None:
        return [SolutionNotice("its givens no longer have a single solution, so no digit is judged wrong")]
    return [SolutionNotice("the saved solution did not solve its givens and was worked out again")]


def checked_history(game: Game, undo: list[Move], redo: list[Move]) -> tuple[list[Move], list[Move]]:
    """Return ``undo`` and ``redo`` (which fit the board) with each change of puzzle's saved solutions
    worked out again from the givens on its side, so an Undo back to a puzzle brings the right one."""
    board = _padded([(d, o) for d, o in zip(game.digits, game.origins, strict=True)], (0, ""))
    logs = []
    for log, forward in ((undo[::-1], False), (redo[::-1], True)):
        state, checked = list(board), []
        for move in log:
            first = None if move.puzzle is None else _givens(state)  # only a change of puzzle needs them
            for ch in move.changes:
                then = ch.after if forward else ch.before
                state[ch.cell] = (then.digit, then.origin)
            if first is None:
                checked.append(move)
                continue
            sides = (first, _givens(state)) if forward else (_givens(state), first)
            checked.append(_checked_move(move, *sides))
        logs.append(checked[::-1])
    return logs[0], logs[1]


def _givens(state: list[tuple[int, str]]) -> tuple[int, ...]:
    return tuple(d if o == "given" else 0 for d, o in state)


def _padded(cells: list[Any], blank: Any) -> list[Any]:
    """Return ``cells`` with blank cells up to the biggest board (a move may name a cell of another shape)."""
    return cells + [blank] * (MAX_CELLS - len(cells))


def _checked_move(move: Move, before: tuple[int, ...], after: tuple[int, ...]) -> Move:
    if move.puzzle is None:
        return move
    sides = tuple(p if p.solution is None else p._replace(solution=_solution_of(g[:p.shape.n_cells], p.shape))
                  for p, g in zip(move.puzzle, (before, after), strict=True))
    return move._replace(puzzle=sides)


def fits(game: Game, undo: list[Move], redo: list[Move]) -> bool:
    """True if undoing ``undo`` from the board and redoing ``redo`` meets every state the changes name."""
    board = _padded([Cell(d, o, n) for d, o, n in zip(game.digits, game.origins, game.notes, strict=True)],
                    Cell(0, "", 0))
    for log, forward in ((undo[::-1], False), (redo[::-1], True)):
        state, colours = list(board), _padded(list(game.colours), NO_COLOUR)
        marks = _padded(list(game.marks), NO_MARKS)
        for move in log:
            for ch in (*move.changes, *move.paints, *move.marks):
                have, then = (ch.before, ch.after) if forward else (ch.after, ch.before)
                seen = colours if isinstance(ch, Paint) else marks if isinstance(ch, Mark) else state
                if seen[ch.cell] != have:
                    return False
                seen[ch.cell] = then
    return True


def _is_notes(value: Any, size: int = 16) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 1 << size


def _origin(code: Any) -> str:
    if isinstance(code, bool) or not isinstance(code, int) or not 0 <= code < len(ORIGINS):
        raise ValueError(f"origins: {code!r} is not an origin code")
    return ORIGINS[code]


def _move(data: Any) -> Move:
    if not isinstance(data, dict) or data.get("cause") not in CAUSES:
        raise ValueError("a move must have a known cause")
    changes = tuple(_change(ch) for ch in _list(data.get("changes"), "changes"))
    paints = tuple(_paint(p) for p in _list(data.get("paints", []), "paints"))  # none before version 3
    marks = tuple(_mark(m) for m in _list(data.get("marks", []), "marks"))  # none before version 4
    pair = data.get("puzzle")
    if pair is None:  # saves before puzzles were moves: the move changed cells only
        return Move(data["cause"], changes, None, paints, marks)
    if not isinstance(pair, list) or len(pair) != 2:
        raise ValueError("a move's puzzle must be [before, after]")
    return Move(data["cause"], changes, (_puzzle(pair[0]), _puzzle(pair[1])), paints, marks)


def _mark(data: Any) -> Mark:
    if not isinstance(data, list) or len(data) != 5:
        raise ValueError("a mark must be [cell, corner, centre, corner, centre]")
    return Mark(_cell_index(data[0], MAX_CELLS), _marks(data[1:3]), _marks(data[3:5]))


def _marks(data: list[Any]) -> Marks:
    """Return a cell's marks from ``[corner, centre]``; ValueError naming a bad mask."""
    if not all(mask_valid(mask) for mask in data):
        raise ValueError("a corner or centre mark is out of range")
    return Marks(*data)


def _paint(data: Any) -> Paint:
    if not isinstance(data, list) or len(data) != 5:
        raise ValueError("a paint must be [cell, colour, note colours, colour, note colours]")
    return Paint(_cell_index(data[0], MAX_CELLS), _colour(data[1:3]), _colour(data[3:5]))


def _colour(data: list[Any]) -> Colour:
    """Return a cell's colours from ``[colour, note colours]``; ValueError naming a bad one."""
    colour, notes = data
    if isinstance(colour, bool) or not isinstance(colour, int) or not 0 <= colour <= COLOURS:
        raise ValueError(f"colour {colour!r} is out of range")
    if not note_colours_valid(notes):
        raise ValueError("a candidate's colour is out of range")
    return Colour(colour, notes)


def _cell_index(cell: Any, cells: int = N_CELLS) -> int:
    if isinstance(cell, bool) or not isinstance(cell, int) or not 0 <= cell < cells:
        raise ValueError(f"cell {cell!r} is out of range")
    return cell


def _puzzle(data: Any) -> Puzzle:
    """Return a move's puzzle; its solution is checked against the givens only when the move is made."""
    if not isinstance(data, dict):
        raise ValueError("a move's puzzle must be an object")
    text, shape = data.get("solution"), load_shape(data)
    solution = None
    digits = DIGITS[1:shape.size + 1]
    if isinstance(text, str) and len(text) == shape.n_cells and all(ch in digits for ch in text):
        solution = tuple(DIGITS.index(ch) for ch in text)
    ms = data.get("timer_ms")
    ms = ms if isinstance(ms, int) and not isinstance(ms, bool) and ms >= 0 else 0
    level = data.get("difficulty")
    return Puzzle(solution, level if level in DIFFICULTIES else "any", ms, _date(data.get("daily", "")),
                  data.get("recorded") is True, shape)


def _change(data: Any) -> Change:
    if not isinstance(data, list) or len(data) != 7:
        raise ValueError("a change must be [cell, digit, origin, notes, digit, origin, notes]")
    return Change(_cell_index(data[0], MAX_CELLS), _cell(data[1:4]), _cell(data[4:7]))


def _cell(data: list[Any]) -> Cell:
    digit, origin, notes = data
    if isinstance(digit, bool) or not isinstance(digit, int) or not 0 <= digit <= 16:
        raise ValueError(f"digit {digit!r} is out of range")
    if origin not in ORIGINS or not _is_notes(notes) or bool(digit) != bool(origin):
        raise ValueError("a change names an unknown origin or bad notes")
    return Cell(digit, origin, notes)
