"""The mid end (Tatham's ``midend.c``): one object owns the whole game; a command in, a result out.

:class:`Midend` holds what is played (a :class:`Play`: the set, each game's puzzle, board, notes, timer,
moves), the settings, the hint ladder, the board's last analysis, the last run's view
(:mod:`~desktop.midend.run`), what is being made (named by a token), the technique trainer's state and scores
(:mod:`~desktop.midend.trainer`; the host reads and saves the scores' file), the notices (numbered, the newest
in the state) and the date the host told.  Only :meth:`Midend.do` writes (it also runs the clock and records a
solved game); :meth:`Midend.snapshot` reads.  :meth:`Midend.do` takes a plain dict ``{"name": ..., ...}`` and
answers one (``changed``; a question adds its value) or raises :class:`GameError` (code, params).  A worker's
result is a command too (``puzzle_made``, ``analysed``, ``run_advance``, ``hint_found``, ``practice_graded``,
...) with the token, board key or question it was made for, dropped (or refused) when that no longer names
what is shown or being made.  Pure: no threads, I/O or clock (``now`` comes with each call, in ms); the slow
work is done by the caller and handed in.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from desktop.midend import hints, mistakes, variant_hints
from desktop.midend.enter import EnterCommands, blank_like
from desktop.midend.game import Game, GameError
from desktop.midend.marks import MarkCommands
from desktop.midend.notices import NoticeCommands, notice
from desktop.midend.photo import PhotoCommands, PhotoReview
from desktop.midend.play import Play, calendar, solved_by_player
from desktop.midend.rules import hidden_singles, quick_status, refine_status
from desktop.midend.run import RunCommands
from desktop.midend.shape import CLASSIC, Shape
from desktop.midend.trainer import TrainerCommands
from engine import technique_name

Result = dict[str, Any]


class Midend(RunCommands, NoticeCommands, TrainerCommands, MarkCommands, EnterCommands, PhotoCommands):
    """The game, owned whole; see the module docstring.  ``settings`` is copied: the mid end owns them.
    The run's view and commands are :class:`~desktop.midend.run.RunCommands`', the notices and the
    puzzles opened from outside :class:`~desktop.midend.notices.NoticeCommands`', the trainer (with
    ``scores``, the practice scores, and ``seed``) :class:`~desktop.midend.trainer.TrainerCommands`', Enter
    puzzle's kinds, constraints and regions :class:`~desktop.midend.enter.EnterCommands`'."""

    def __init__(self, play: Play, settings: dict[str, Any], kept: list[dict[str, Any]] | None = None,
                 scores: dict[str, dict[str, int]] | None = None, seed: int | None = None) -> None:
        self.play = play
        self.settings = dict(settings)  # changed only by ``set_setting`` (and a run's algorithm)
        self.start_notices(list(kept or []))  # new notices go to ``told``, numbered by do()
        self.start_trainer(dict(scores or {}), seed)
        self.today = ""  # the date the host told (ISO), for the daily calendar
        self.hints = hints.Ladder()
        self.analysis: tuple[Hashable, int] | None = None  # (board key, solutions up to 2)
        self.making = 0  # the token of the puzzle or set being made, 0 when none
        self.making_set = False
        self.busy: str | None = None  # "generating" until the first puzzle made arrives
        self.photo = PhotoReview()  # the photo in the "Review photo" dialog (view state)
        self.why: tuple[Hashable, dict[str, Any]] | None = None  # (board key, engine.Why.to_dict())
        self.rating: tuple[Hashable, dict[str, Any]] | None = None  # ((givens, shape), their breakdown)
        # ((shape, givens), each cell's digits in some solution) of a puzzle left Enter with several
        self.true_cands: tuple[Hashable, list[int]] | None = None
        self._tokens = itertools.count(1)

    # -- reading ----------------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game on the board."""
        return self.play.game

    def board_key(self) -> Hashable:
        """Which board is shown: the game (of a set) and its version; a hint or analysis belongs to it."""
        return self.game.serial, self.game.board_version

    def puzzle_key(self) -> Hashable:
        """Which puzzle is shown: the game and its givens; a finished run's counters belong to it."""
        return self.game.serial, tuple(self.game.givens())

    def judged(self) -> list[int] | None:
        """Return the digits the header's solution count is about, or None when nothing is to count."""
        game = self.game
        digits = game.judged(self.settings["show_mistakes"])
        if quick_status(digits, game.version, game.shape)["solutions"] is not None:
            return None  # invalid, solved or a dead cell: the rules said it all
        if self.analysis is not None and self.analysis[0] == self.board_key():
            return None
        return digits

    def snapshot(self, now: float) -> dict[str, Any]:
        """Return everything the page draws that the mid end owns, as JSON-able data; all of it is
        computed from the game shown (status, conflicts, mistakes), never kept beside it."""
        game = self.game
        state = game.snapshot(now, show_mistakes=self.settings["show_mistakes"])
        found = self.analysis
        if found is not None and found[0] == self.board_key() and state["status"]["solutions"] is None:
            state["status"] = refine_status(state["status"], found[1])
        state.update(
            # past the first move outside a set, Undo goes back to the set and Redo comes out again
            can_undo=state["can_undo"] or self.play.aside is not None,
            can_redo=state["can_redo"] or (self.play.outside is not None and self.play.is_set),
            set=self.play.progress(),
            making_set=self.making_set,
            statistics=self.play.statistics(),
            daily={"date": game.daily, **calendar(sorted(self.play.daily), self.today)},
            hint=None if game.paused or not self.hints.current(self.board_key())
            else variant_hints.ladder_view(self.hints),
            why=None if game.paused or self.why is None or self.why[0] != self.board_key() else self.why[1],
            rating=self.rating[1] if self.rating and self.rating[0] == (tuple(game.givens()), game.shape)
            else None,
            true_candidates=self._true_candidates(),
            busy=self.busy,
            notices=[dict(told) for told in self.notices],
            opened=len(self.opened),
            photo=self.photo.view(),
        )
        practice = self.practice_view()
        if practice is not None:  # once the trainer is used in this run
            state["practice"] = practice
        return state

    # -- the one entry ----------------------------------------------------------------------------

    def do(self, command: dict[str, Any], now: float) -> Result:
        """Apply ``command`` and answer ``{"changed": bool, ...}``; GameError for a refused command or
        an unknown name (a stale worker result is not refused: it answers ``changed`` False)."""
        handler: Callable[..., Result] | None = getattr(self, f"_do_{command.get('name')}", None)
        if handler is None:
            raise GameError("bad_argument", f"unknown command {str(command.get('name'))[:40]}")
        args = {k: v for k, v in command.items() if k != "name"}
        shown, made = self.play.game, self.play.game.moves_made
        result = handler(now, **args)
        if self.play.outside is not None and self._moved_in_set(shown, made):
            self.play.outside = None  # a move in the set since Undo came back to it: no Redo out
        self.game.tick(now)  # the clock runs exactly while a puzzle is played
        if result.get("changed"):
            self.play.record_if_solved(now)
        self.number_told()
        return result

    def _moved_in_set(self, shown: Game, made: int) -> bool:
        """True when the set's game ``shown`` (with ``made`` moves before the command) got a new move, or
        another puzzle of the set is shown now: as a new move drops Redo, it drops Redo out of the set."""
        game, games = self.play.game, self.play.games
        if game is shown:
            return game.moves_made > made
        return any(g is shown for g in games) and any(g is game for g in games)

    # -- the host's own commands: settings, date ----------------------------------------

    def _do_set_setting(self, now: float, setting: str, value: Any) -> Result:
        """Change one setting (validated by the caller); answers ``settings`` True: they are to be saved."""
        self.settings[setting] = value
        if setting == "show_mistakes":  # other digits are judged now: a count made before is stale
            self.game.version += 1
        if setting == "delay" and self.run is not None:
            self.run.set_delay(value, now)
        return {"changed": False, "settings": True}

    def _do_today(self, now: float, date: str) -> Result:
        """The date today (ISO), told by the host before each state: the calendar counts to it."""
        self.today = date
        return self._move(False)

    # -- moves of the player ----------------------------------------------------------------------

    def _move(self, changed: bool) -> Result:
        return {"changed": bool(changed)}

    def _do_set_cell(self, now: float, cell: int, digit: int) -> Result:
        return self._move(self.game.set_cell(cell, digit))

    def _do_toggle_note(self, now: float, cell: int, digit: int) -> Result:
        return self._move(self.game.toggle_note(cell, digit))

    def _do_paint(self, now: float, cell: int, colour: int) -> Result:
        return self._move(self.game.paint(cell, colour))

    def _do_paint_note(self, now: float, cell: int, digit: int, colour: int) -> Result:
        return self._move(self.game.paint_note(cell, digit, colour))

    def _do_clear_colours(self, now: float) -> Result:
        return self._move(self.game.clear_colours())

    def _do_fill_candidates(self, now: float) -> Result:
        return self._move(self.game.fill_candidates())

    def _do_undo(self, now: float) -> Result:
        return self._move(self.game.undo(now) or self.play.back_to_set(now))

    def _do_redo(self, now: float) -> Result:
        """Make the last undone move again: the Undo back into the set too (a paused set puzzle stays so)."""
        leave = self.play.redo_leaves_set()
        return self._move(self.play.forward_from_set(now) if leave else self.game.redo(now))

    def _do_clear(self, now: float) -> Result:
        return self._move(self.game.clear(now))

    def _do_restart(self, now: float) -> Result:
        return self._move(self.game.restart(now))

    def _do_undo_to_mistake(self, now: float) -> Result:
        """Take back every move since the first wrong digit standing was placed, as one move."""
        return self._move(self.game.restore(mistakes.before_first_mistake(self.game)))

    def _do_why_wanted(self, now: float) -> Result:
        """Name the wrong digit to explain and what the engine needs for it (``key`` to hand back)."""
        hint = self.hints.finding if self.hints.current(self.board_key()) else None
        named = hint.cell if hint is not None and hint.kind == "wrong" else None
        cell, digit = mistakes.digit_to_explain(self.game, named)
        return {"changed": False, "key": self.board_key(), "cell": cell, "digit": digit,
                "givens": self.game.givens(), "digits": list(self.game.digits)}

    def _do_why_found(self, now: float, key: Hashable, why: dict[str, Any]) -> Result:
        """The engine's proof for the board ``key``: shown in the hint's place until the board changes."""
        if key != self.board_key():
            raise GameError("busy", "The board changed while the proof was found; ask again.")
        self.why = (key, why)
        return self._move(False)

    def _do_rated(self, now: float, givens: Sequence[int], rating: dict[str, Any],
                  shape: Shape = CLASSIC) -> Result:
        """The breakdown of the puzzle ``givens`` of ``shape`` (engine.rating_breakdown, or a variant's
        level), shown while it is the puzzle."""
        self.rating = ((tuple(givens), shape), rating)
        return self._move(False)

    def _do_set_paused(self, now: float, paused: bool) -> Result:
        return self._move(self.game.set_paused(paused, now))

    def _do_set_mode(self, now: float, mode: str) -> Result:
        """Switch between play and enter; entering starts a new blank puzzle (an undoable change of
        puzzle), outside the set when a set is played, and drops a puzzle still being made."""
        game = self.game
        if mode == game.mode:
            return self._move(False)
        if mode == "enter" and self.making and not self.making_set:
            self._cancel_making()  # the player chose to type a puzzle in after asking for one: that wins
        if mode == "enter" and (self.play.is_set or "given" in game.origins or not game.shape.is_classic):
            blank = blank_like(game.shape)  # the kind and size shown: a 16x16 Killer starts a blank one
            self._load_here(now, [0] * blank.n_cells, "enter", play=False, shape=blank)
        self.game.set_mode(mode)
        return self._move(True)

    def _do_go_puzzle(self, now: float, delta: int) -> Result:
        return self._move(self.play.go(delta, now))

    def _do_check(self, now: float) -> Result:
        return {"changed": True, "check": self.game.check(now)}

    def _do_fill_singles(self, now: float) -> Result:
        self._refuse_wrong()
        placements = hidden_singles(self.game.digits, self.game.shape)
        return {"changed": self.game.place(placements, "fill"), "placed": len(placements)}

    def _do_apply_hint(self, now: float) -> Result:
        found = self.hints.ready(self.board_key())
        if found is None or found.step is None:
            raise GameError("nothing_to_do", "Press Hint until the whole step is shown, then Apply it.")
        step = found.step
        return self._move(self.game.apply_step(step.placements, step.eliminations, found.cands))

    def _do_hint_deeper(self, now: float) -> Result:
        """Show the hint one level deeper; ``found`` False when a new one must be looked for first."""
        self.why = None  # the hint takes its place back
        if self.hints.deeper(self.board_key()):
            return {"changed": False, "found": True}
        game = self.game
        if game.paused:
            raise GameError("paused", "The game is paused; resume it first.")
        if all(game.digits) or not (any(game.digits) or game.shape.constraints):  # a killer starts empty
            raise GameError("nothing_to_do", "The board is full or empty: there is nothing to hint.")
        if game.conflict_cells() and game.solution is None:
            raise GameError("invalid_board", "Remove the repeated digits first.")
        return {"changed": False, "found": False, "key": self.board_key()}

    # -- puzzles arriving -------------------------------------------------------------------------

    def _do_load(self, now: float, givens: Sequence[int], solution: Sequence[int] | None, cause: str,
                 notes: Sequence[int] | None = None, difficulty: str = "any",
                 shape: Shape = CLASSIC) -> Result:
        """A pasted or imported puzzle (of ``shape``): an undoable change of puzzle; a puzzle still being
        made is dropped when it arrives (the player's choice came later)."""
        self._cancel_making()
        changed = self._load_here(now, givens, cause, difficulty=difficulty, solution=solution,
                                  notes=list(notes) if notes else None, shape=shape)
        return self._move(changed)

    def _do_load_set(self, now: float, puzzles: Sequence[tuple[Sequence[int], Sequence[int] | None]],
                     difficulty: str = "any") -> Result:
        """Play ``puzzles`` (givens, solution) as a set, the first shown."""
        self._cancel_making()
        games = [self._fresh(givens, solution, difficulty, "import") for givens, solution in puzzles]
        self.play.start_set(games[0], len(games), now)
        for game in games[1:]:
            self.play.add(game)
        return self._move(True)

    def _do_make_puzzle(self, now: float) -> Result:
        """Start making a puzzle: answers the token its result must carry."""
        if self.busy is not None:
            raise GameError("busy", "A new puzzle is already being made.")
        self._cancel_making()
        self.making, self.busy = next(self._tokens), "generating"
        return {"changed": True, "token": self.making}

    def _do_puzzle_made(self, now: float, token: int, givens: Sequence[int], solution: Sequence[int] | None,
                        difficulty: str, daily: str = "", shape: Shape = CLASSIC) -> Result:
        if token != self.making or self.making_set:
            return self._move(False)  # a late result for a request since replaced: dropped
        self.making, self.busy = 0, None
        replaced = "entry" in self.game.origins and not solved_by_player(self.game)  # Undo brings it back
        self._load_here(now, givens, "new", difficulty=difficulty, solution=solution, daily=daily,
                        shape=shape)
        clues = sum(1 for d in givens if d)
        if daily:
            told = notice("info", "daily_puzzle", f"The daily puzzle of {daily}.", date=daily,
                           difficulty=difficulty, replaced=replaced)
        else:
            told = notice("info", "new_puzzle", f"New puzzle: {clues} givens, exactly one solution.",
                           clues=clues, difficulty=difficulty, replaced=replaced, kind=shape.kind,
                           size=shape.size)
        self.told.append(told)
        return self._move(True)

    def _do_make_set(self, now: float, count: int) -> Result:
        """Start making a set of ``count``: answers its token (any earlier making is dropped)."""
        self._cancel_making()
        self.making, self.busy, self.making_set = next(self._tokens), "generating", True
        return {"changed": True, "token": self.making, "count": count}

    def _do_resume_set(self, now: float) -> Result:
        """Go on making the set the app was making when it closed: answers the token, or 0."""
        missing = self.play.expected - len(self.play.games)
        if not self.play.is_set or missing <= 0 or self.making:
            return {"changed": False, "token": 0}
        self.making, self.making_set = next(self._tokens), True
        games = self.play.games
        return {"changed": True, "token": self.making, "count": missing, "level": games[0].difficulty,
                "have": [game.givens() for game in games]}

    def _do_set_puzzle_made(self, now: float, token: int, givens: Sequence[int],
                            solution: Sequence[int] | None, difficulty: str, count: int,
                            first: bool) -> Result:
        if token != self.making or not self.making_set:
            return self._move(False)
        if first:
            game = self._first_of_set(now, givens, solution, difficulty)
            self.play.start_set(game, count, now)
            self.analysis, self.busy = None, None
        else:
            self.play.add(self._fresh(givens, solution, difficulty, "new"))
        return self._move(True)

    def _first_of_set(self, now: float, givens: Sequence[int], solution: Sequence[int] | None,
                      difficulty: str) -> Game:
        """A set's first game: a fresh one, or the game shown when its board holds anything (the player
        may have moved on meanwhile) with the puzzle loaded as an undoable move, as New puzzle does."""
        shown = self.game
        if not any(shown.digits) and not any(shown.notes):
            return self._fresh(givens, solution, difficulty, "new")
        shown.set_mode("play")
        shown.load_puzzle(givens, "new", difficulty, solution, now=now)
        return shown

    def _do_making_ended(self, now: float, token: int, failed: str = "", needs: str = "",
                         seconds: float = 0.0) -> Result:
        """The maker stopped (done, cancelled or failed): the set holds what was made; ``too_rare``: no
        puzzle that ``needs`` a technique turned up in ``seconds``."""
        if failed == "too_rare":
            name = technique_name(needs)
            message = f"No puzzle that needs {name} turned up in {seconds:g} s."
            self.told.append(notice("warning", "too_rare", message, technique=needs, seconds=round(seconds)))
        elif failed:
            self.told.append(notice("error", "generate_failed", f"Could not make a puzzle: {failed}",
                                     error=failed))
        if token != self.making:
            return self._move(False)
        self._cancel_making()
        return self._move(True)

    def _do_cancel_set(self, now: float) -> Result:
        if not self.making_set:
            return self._move(False)
        self._cancel_making()
        return self._move(True)

    # -- results of workers -----------------------------------------------------------------------

    def _do_analysed(self, now: float, key: Hashable, solutions: int) -> Result:
        if key != self.board_key():
            return self._move(False)
        self.analysis = (key, solutions)
        return {"changed": False, "status": True}

    def _do_solution_found(self, now: float, givens: Sequence[int], solution: Sequence[int] | None,
                           shape: Shape = CLASSIC) -> Result:
        """The solution of ``givens`` of ``shape``, found by the caller: kept if they are still the puzzle
        shown."""
        game = self.game
        shown = (game.shape, game.givens()) == (shape, list(givens))
        if solution is not None and game.solution is None and shown:
            game.solution = solution
        return self._move(False)

    def _do_hint_found(self, now: float, key: Hashable, finding: hints.Finding) -> Result:
        if key != self.board_key():
            raise GameError("busy", "The board changed while the hint was found; press Hint again.")
        self.hints.start(key, finding)
        return self._move(False)

    # -- inside -----------------------------------------------------------------------------------

    def _fresh(self, givens: Sequence[int], solution: Sequence[int] | None, difficulty: str,
               cause: str) -> Game:
        game = Game(difficulty)
        game.load_puzzle(givens, cause, difficulty, solution)
        game.undo_log.clear()  # a set's puzzle starts with nothing to undo
        return game

    def _load_here(self, now: float, givens: Sequence[int], cause: str, play: bool = True,
                   **puzzle: Any) -> bool:
        """Load a puzzle as an undoable change of puzzle (to be played, unpaused, unless ``play`` is
        False), in a new game outside the set when a set is played (the set kept aside: the first Undo
        goes straight back to it); False if nothing changed."""
        left = self.play.leave_set(Game(), now)
        if left:
            self.analysis = None
        game = self.game
        if play:
            game.set_mode("play")
            game.paused = False
        changed = game.load_puzzle(givens, cause, now=now, **puzzle)
        if left:
            game.undo_log.clear()
        return changed or left

    def _cancel_making(self) -> None:
        self.making, self.busy, self.making_set = 0, None, False
        if self.play.is_set:
            self.play.expected = len(self.play.games)

    def _refuse_wrong(self) -> None:
        """Refuse to build on a wrong or repeated digit, naming the cell to fix."""
        cells = self.game.wrong()
        if cells:
            n = self.game.shape.size
            row, col = cells[0] // n + 1, cells[0] % n + 1
            raise GameError("wrong_digit", f"r{row}c{col} is wrong: fix it first.", {"cell": [row, col]})
        if self.game.conflict_cells():
            raise GameError("invalid_board", "Remove the repeated digits first.")
