"""Random sequences of every command on the mid end (desktop/midend/midend.py), the player's and the
late results of workers, checked after each step against an independent solver written here: the
solution Check, mistakes and hints use solves the givens shown; Undo then Redo gives the same snapshot;
a save loads to an equal snapshot; set progress agrees with the games; statistics count each solved
puzzle once (Undo, Redo, colours, a relaunch never count one again); a set or a puzzle arriving after
the player moved on leaves the player's board one Undo away.  Relaunches (a save loaded into a new mid
end) and the host's recording of solve times after each change are part of the sequences.  1,000
sequences by default (HYPOTHESIS_MIDEND_EXAMPLES to run more)."""

from __future__ import annotations

import os
from functools import lru_cache

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from desktop.io import saves
from desktop.midend import Game, GameError, Play, hints
from desktop.midend.midend import Midend
from desktop.midend.play import solved_by_player
from desktop.midend.rules import unique_solution

P = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
P_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
# 1,000 by default: with relaunches, late sets and statistics a sequence costs about half a second on a
# shared core, and the run must stay inside pytest's 900 s timeout (HYPOTHESIS_MIDEND_EXAMPLES for more)
EXAMPLES = int(os.environ.get("HYPOTHESIS_MIDEND_EXAMPLES", "1000"))
NOW = 1_000.0
# the commands that may count a newly solved puzzle (a digit, Fill last remaining cells, a hint's step);
# no other ever changes the statistics
COUNTING = ("set_cell", "fill_singles", "apply_hint")


def _relabel(text: str, shift: int) -> list[int]:
    return [0 if ch == "0" else (int(ch) - 1 + shift) % 9 + 1 for ch in text]


# puzzles a "new" or an "import" may bring: unique ones (with the solution the app was told), one with
# several solutions and one with none (told no solution)
UNIQUE = [(_relabel(P, k), _relabel(P_SOLUTION, k)) for k in range(3)]
SEVERAL = [d if i > 30 else 0 for i, d in enumerate(_relabel(P, 0))]
# r1 holds 1-8 and r2c9 a 9: r1c9 has no digit left, so no solution, and no digit repeats
NONE = [1, 2, 3, 4, 5, 6, 7, 8, 0] + [0] * 8 + [9] + [0] * 63
PUZZLES = [*UNIQUE, (SEVERAL, None), (NONE, None)]


@lru_cache(maxsize=4096)
def _solutions(givens: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Return up to two solutions of ``givens`` by plain backtracking (independent of the engine)."""
    digits = list(givens)
    rows = [[0] * 10 for _ in range(9)]
    cols = [[0] * 10 for _ in range(9)]
    boxes = [[0] * 10 for _ in range(9)]
    for c, d in enumerate(digits):
        if d:
            r, k, b = c // 9, c % 9, c // 27 * 3 + c % 9 // 3
            if rows[r][d] or cols[k][d] or boxes[b][d]:
                return ()
            rows[r][d] = cols[k][d] = boxes[b][d] = 1
    found: list[tuple[int, ...]] = []

    def search() -> None:
        best, options = -1, None
        for c in range(81):
            if not digits[c]:
                r, k, b = c // 9, c % 9, c // 27 * 3 + c % 9 // 3
                fit = [d for d in range(1, 10) if not (rows[r][d] or cols[k][d] or boxes[b][d])]
                if options is None or len(fit) < len(options):
                    best, options = c, fit
                    if len(fit) <= 1:
                        break
        if options is None:
            found.append(tuple(digits))
            return
        r, k, b = best // 9, best % 9, best // 27 * 3 + best % 9 // 3
        for d in options:
            rows[r][d] = cols[k][d] = boxes[b][d] = 1
            digits[best] = d
            search()
            digits[best] = 0
            rows[r][d] = cols[k][d] = boxes[b][d] = 0
            if len(found) >= 2:
                return

    search()
    return tuple(found)


def _solved_count(statistics: dict) -> int:
    return sum(level["solved"] for level in statistics.values())


def _view(mid: Midend) -> dict:
    """The part of the snapshot the invariants compare: the timer is left out (time is given), and so
    are the last Check's answer, the hint and the notices (told in this run, not saved)."""
    snap = mid.snapshot(NOW)
    del snap["timer"], snap["version"], snap["status"]["version"], snap["check"], snap["hint"]
    del snap["notices"]
    return {**snap, "solution": mid.game.solution, "index": mid.play.index}


class MidendSequences(RuleBasedStateMachine):
    """The mid end under random commands (those of the player and the late results of workers); a
    refused command (GameError) must change nothing."""

    def __init__(self) -> None:
        super().__init__()
        self.mid = Midend(Play(), {"show_mistakes": False})
        self.tokens: list[int] = []  # every puzzle or set request made, so late results can be sent
        self.runs: list[tuple[int, tuple[int, ...]]] = []  # every run started: its id and its board

    @property
    def game(self) -> Game:
        return self.mid.game

    def _do(self, name: str, **args) -> dict | None:
        before = _view(self.mid)
        try:
            result = self.mid.do({"name": name, **args}, NOW)
        except GameError:
            assert _view(self.mid) == before
            return None
        if result.get("changed"):
            self._record(name, before["statistics"])
        return result

    def _record(self, name: str, before: dict) -> None:
        """After a change, count the shown puzzle's time if the player solved it (as the host does)."""
        self.mid.play.record_if_solved(NOW)
        solved = _solved_count(self.mid.play.statistics())
        if name in COUNTING:
            assert _solved_count(before) <= solved <= _solved_count(before) + 1
        else:
            assert solved == _solved_count(before), name

    @rule()
    def relaunch(self):
        """The app closes and opens again: the saved game in a new mid end (nothing is being made)."""
        before = _view(self.mid)
        play, notices = saves.load(saves.dump(self.mid.play, NOW))
        assert notices == []
        self.mid = Midend(play, self.mid.settings)
        self.tokens.clear()  # a maker of the last run never delivers to this one
        after = _view(self.mid)
        before.update(busy=None, making_set=False)
        assert after == before

    @rule(moves=st.lists(st.tuples(st.integers(0, 80), st.integers(1, 9)), min_size=1, max_size=3),
          which=st.integers(0, len(UNIQUE) - 1), single=st.booleans())
    def arrives_after_the_player_moved_on(self, moves, which, single):
        """A set (or a puzzle) is asked for, the player makes moves meanwhile, then it arrives: the
        player's board is one Undo away."""
        answer = self._do("make_puzzle" if single else "make_set", **({} if single else {"count": 2}))
        if answer is None:
            return
        for cell, digit in moves:
            self._do("set_cell", cell=cell, digit=digit)
        board = (list(self.game.digits), list(self.game.origins))
        givens, solution = UNIQUE[which]
        if single:
            arrived = self._do("puzzle_made", token=answer["token"], givens=givens, solution=solution,
                               difficulty="easy")
        else:
            arrived = self._do("set_puzzle_made", token=answer["token"], givens=givens, solution=solution,
                               difficulty="easy", count=2, first=True)
        if arrived is None or not arrived["changed"] or not any(board[0]):
            return
        assert self.game.givens() == givens
        if (self.game.digits, self.game.origins) == board:
            return  # the very puzzle shown, untouched: nothing was replaced
        assert self._do("undo")["changed"]
        assert (self.game.digits, self.game.origins) == board
        self._do("redo")

    @rule(which=st.integers(0, len(PUZZLES) - 1))
    def load(self, which):
        givens, solution = PUZZLES[which]
        self._do("load", givens=givens, solution=solution, cause="import")

    @rule(which=st.integers(0, len(UNIQUE) - 1), size=st.integers(2, 4))
    def load_set(self, which, size):
        self._do("load_set", puzzles=[UNIQUE[(which + k) % len(UNIQUE)] for k in range(size)])

    @rule()
    def make_puzzle(self):
        answer = self._do("make_puzzle")
        if answer is not None:
            self.tokens.append(answer["token"])

    @rule(count=st.integers(1, 3))
    def make_set(self, count):
        self.tokens.append(self._do("make_set", count=count)["token"])

    @rule(data=st.data())
    def puzzle_arrives(self, data):
        """A maker's result, maybe for a request since replaced or cancelled (then it is dropped)."""
        if not self.tokens:
            return
        token = data.draw(st.sampled_from(self.tokens))
        givens, solution = data.draw(st.sampled_from(UNIQUE))
        if data.draw(st.booleans()):
            self._do("puzzle_made", token=token, givens=givens, solution=solution, difficulty="hard")
        else:
            self._do("set_puzzle_made", token=token, givens=givens, solution=solution, difficulty="hard",
                     count=3, first=data.draw(st.booleans()))

    @rule()
    def cancel_set(self):
        self._do("cancel_set")

    @rule(delta=st.sampled_from([-1, 1]))
    def go(self, delta):
        self._do("go_puzzle", delta=delta)

    @rule(cells=st.lists(st.tuples(st.integers(0, 80), st.integers(0, 9)), min_size=1, max_size=4))
    def enter(self, cells):
        """Enter puzzle: type givens, then back to play, where the host finds the solution."""
        self._do("set_mode", mode="enter")
        for cell, digit in cells:
            self._do("set_cell", cell=cell, digit=digit)
        self._do("set_mode", mode="play")
        givens = self.game.givens()
        self._do("solution_found", givens=givens, solution=unique_solution(givens))

    @rule(cell=st.integers(0, 80), digit=st.integers(0, 9))
    def digit(self, cell, digit):
        self._do("set_cell", cell=cell, digit=digit)

    @rule(cell=st.integers(0, 80), digit=st.integers(1, 9))
    def note(self, cell, digit):
        self._do("toggle_note", cell=cell, digit=digit)

    @rule(cell=st.integers(0, 80), colour=st.integers(1, 8))
    def paint(self, cell, colour):
        self._do("paint", cell=cell, colour=colour)

    @rule(cell=st.integers(0, 80), digit=st.integers(1, 9), colour=st.integers(1, 8))
    def paint_note(self, cell, digit, colour):
        before = (list(self.game.digits), list(self.game.notes), self.game.solution)
        self._do("paint_note", cell=cell, digit=digit, colour=colour)
        assert (self.game.digits, self.game.notes, self.game.solution) == before  # colours are the player's

    @rule(name=st.sampled_from(["undo", "redo", "restart", "clear", "check", "fill_candidates",
                                "clear_colours"]))
    def command(self, name):
        self._do(name)

    @rule()
    def fill(self):
        """Fill last remaining cells, once the host has found the solution."""
        givens = self.game.givens()
        self._do("solution_found", givens=givens, solution=unique_solution(givens))
        self._do("fill_singles")

    @rule()
    def hint(self):
        """Hint: one level deeper, or a new step found by the engine (as the host does, off the lock)."""
        answer = self._do("hint_deeper")
        if answer is not None and not answer["found"]:
            game = self.game
            found = hints.find(game.digits, game.origins, game.notes, game.solution)
            self._do("hint_found", key=answer["key"], finding=found)

    @rule()
    def apply_hint(self):
        self._do("apply_hint")

    @rule()
    def run_started(self):
        run_id = len(self.runs) + 1
        if self._do("run_started", run_id=run_id) is not None:
            self.runs.append((run_id, tuple(self.game.digits)))

    @rule(data=st.data())
    def run_finished(self, data):
        """A run's result, maybe late: the board may have moved on since (then it is dropped)."""
        if not self.runs:
            return
        run_id, start = data.draw(st.sampled_from(self.runs))
        found = _solutions(start)
        board = found[0] if len(found) == 1 else start
        self._do("run_finished", run_id=run_id, status="solved" if len(found) == 1 else "failed",
                 start=start, board=board)
        self.mid.told.clear()

    @rule(paused=st.booleans())
    def pause(self, paused):
        self._do("set_paused", paused=paused)

    @invariant()
    def the_solution_used_solves_the_givens_shown(self):
        solution = self.game.solution
        if solution is not None:
            assert _solutions(tuple(self.game.givens())) == (tuple(solution),)
        assert solution is not None or self.game.wrong() == []

    @invariant()
    def undo_then_redo_gives_the_same_snapshot(self):
        """Whatever Undo takes back (a move, a change of puzzle, the way back into a set), Redo makes
        again, paused or not."""
        if not self.mid.snapshot(NOW)["can_undo"]:
            return
        before = _view(self.mid)
        try:
            self.mid.do({"name": "undo"}, NOW)
        except GameError:  # the shown puzzle is paused: nothing moved
            assert _view(self.mid) == before
            return
        assert self.mid.do({"name": "redo"}, NOW)["changed"]
        assert _view(self.mid) == before

    @invariant()
    def a_save_loads_to_an_equal_snapshot(self):
        play, notices = saves.load(saves.dump(self.mid.play, NOW))
        assert notices == []
        again = Midend(play, self.mid.settings)
        again.busy, again.making_set = self.mid.busy, self.mid.making_set  # what is being made is not saved
        assert _view(again) == _view(self.mid)
        assert again.game.undo_log == self.game.undo_log and again.game.redo_log == self.game.redo_log

    @invariant()
    def set_progress_agrees_with_the_games(self):
        play = self.mid.play
        progress = play.progress()
        assert progress["solved"] == sum(1 for g in play.games if solved_by_player(g))
        assert progress["made"] == len(play.games)
        for g in play.games:
            if solved_by_player(g) and g.solution is not None:
                assert g.digits == g.solution


MidendSequences.TestCase.settings = settings(
    max_examples=EXAMPLES, stateful_step_count=20, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
test_midend_sequences = MidendSequences.TestCase
