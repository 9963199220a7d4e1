"""Random sequences of every play command on the mid end (desktop/midend), checked after each step
against an independent solver written here: the solution Check, mistakes and hints use solves the
givens shown; Undo then Redo gives the same snapshot; a save loads to an equal snapshot; set progress
agrees with the games.  2,000 sequences by default (HYPOTHESIS_MIDEND_EXAMPLES to run more)."""

from __future__ import annotations

import os
from functools import lru_cache

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from desktop import saves
from desktop.midend import Game, GameError, Play
from desktop.midend.play import solved_by_player
from desktop.midend.rules import unique_solution

P = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
P_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
EXAMPLES = int(os.environ.get("HYPOTHESIS_MIDEND_EXAMPLES", "2000"))
NOW = 1_000.0


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


def _view(play: Play) -> dict:
    """The part of the snapshot the invariants compare: the timer is left out (time is given), and so is
    the last Check's answer (view state shown until the next move, not saved)."""
    game = play.game
    snap = game.snapshot(NOW, show_mistakes=True)
    del snap["timer"], snap["version"], snap["status"]["version"], snap["check"]
    return {**snap, "solution": game.solution, "set": play.progress(), "index": play.index}


class MidendSequences(RuleBasedStateMachine):
    """The mid end under random commands; a refused command (GameError) must change nothing."""

    def __init__(self) -> None:
        super().__init__()
        self.play = Play()

    @property
    def game(self) -> Game:
        return self.play.game

    def _try(self, make) -> None:
        before = _view(self.play)
        try:
            make()
        except GameError:
            assert _view(self.play) == before

    @rule(which=st.integers(0, len(PUZZLES) - 1), cause=st.sampled_from(["new", "import"]))
    def load(self, which, cause):
        givens, solution = PUZZLES[which]
        self._try(lambda: self.game.load_puzzle(givens, cause, "easy", solution, now=NOW))

    @rule(which=st.integers(0, len(UNIQUE) - 1), size=st.integers(1, 4))
    def start_set(self, which, size):
        games = []
        for k in range(size):
            game = Game("hard")
            givens, solution = UNIQUE[(which + k) % len(UNIQUE)]
            game.load_puzzle(givens, "new", "hard", solution)
            game.undo_log.clear()
            games.append(game)
        self.play.start_set(games[0], size, NOW)
        for game in games[1:]:
            self.play.add(game)

    @rule(delta=st.sampled_from([-1, 1]))
    def go(self, delta):
        self.play.go(delta, NOW)

    @rule(cells=st.lists(st.tuples(st.integers(0, 80), st.integers(0, 9)), min_size=1, max_size=4))
    def enter(self, cells):
        """Enter puzzle: type givens, then back to play, where the app asks for the solution."""
        self.game.set_mode("enter")
        for cell, digit in cells:
            self._try(lambda cell=cell, digit=digit: self.game.set_cell(cell, digit))
        self.game.set_mode("play")
        if self.game.solution is None:
            self.game.solution = unique_solution(self.game.givens())

    @rule(cell=st.integers(0, 80), digit=st.integers(0, 9))
    def digit(self, cell, digit):
        self._try(lambda: self.game.set_cell(cell, digit))

    @rule(cell=st.integers(0, 80), digit=st.integers(1, 9))
    def note(self, cell, digit):
        self._try(lambda: self.game.toggle_note(cell, digit))

    @rule()
    def undo(self):
        self._try(lambda: self.game.undo(NOW))

    @rule()
    def redo(self):
        self._try(lambda: self.game.redo(NOW))

    @rule()
    def restart(self):
        self._try(lambda: self.game.restart(NOW))

    @rule()
    def clear(self):
        self._try(lambda: self.game.clear(NOW))

    @rule()
    def check(self):
        self._try(lambda: self.game.check(NOW))

    @rule()
    def fill(self):
        """A hint or Fill placing the solution's digits in the first empty cells (when known)."""
        solution = self.game.solution
        if solution is not None:
            empty = [c for c in range(81) if not self.game.digits[c]][:3]
            self._try(lambda: self.game.place([(c, solution[c]) for c in empty], "fill"))

    @rule()
    def run_finished(self):
        """A solve run's result, settled only while the board is still the one it solved."""
        start = tuple(self.game.digits)
        found = _solutions(start)
        if len(found) == 1 and self.game.digits == list(start):
            placements = [(c, d) for c, d in enumerate(found[0]) if not start[c]]
            self._try(lambda: self.game.place(placements, "solve"))

    @rule(paused=st.booleans())
    def pause(self, paused):
        self.game.set_paused(paused, NOW)

    @invariant()
    def the_solution_used_solves_the_givens_shown(self):
        solution = self.game.solution
        if solution is not None:
            assert _solutions(tuple(self.game.givens())) == (tuple(solution),)
        wrong = self.game.wrong()
        assert solution is not None or wrong == []

    @invariant()
    def undo_then_redo_gives_the_same_snapshot(self):
        if self.game.paused or not self.game.can_undo:
            return
        before = _view(self.play)
        self.game.undo(NOW)
        self.game.redo(NOW)
        assert _view(self.play) == before

    @invariant()
    def a_save_loads_to_an_equal_snapshot(self):
        again, notices = saves.load(saves.dump(self.play, NOW))
        assert notices == []
        assert _view(again) == _view(self.play)
        assert again.game.undo_log == self.game.undo_log and again.game.redo_log == self.game.redo_log

    @invariant()
    def set_progress_agrees_with_the_games(self):
        progress = self.play.progress()
        assert progress["solved"] == sum(1 for g in self.play.games if solved_by_player(g))
        assert progress["made"] == len(self.play.games)
        for g in self.play.games:
            if solved_by_player(g) and g.solution is not None:
                assert g.digits == g.solution


MidendSequences.TestCase.settings = settings(
    max_examples=EXAMPLES, stateful_step_count=20, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
test_midend_sequences = MidendSequences.TestCase
