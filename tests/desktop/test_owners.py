"""Who owns what in desktop/ (issue 37), checked on the source: the mid end is pure (no thread, clock or
file API), the host has one lock (never an RLock; its conditions are built on that lock), no module
types the host as ``Any``, and nothing outside desktop/midend/ assigns to a game, a timer, a run's view,
the settings, the notices or the trainer (its state, its scores, its top-up), nor makes or changes a trainer.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from desktop.midend.trainer import Trainer
from tests.harness.paths import ROOT

DESKTOP = ROOT / "desktop"
IMPURE = {"threading", "time", "os", "pathlib", "io", "shutil", "tempfile", "subprocess", "socket", "queue",
          "concurrent", "asyncio", "multiprocessing", "random", "webview"}
CLOCKS = {"today", "now", "utcnow", "monotonic", "perf_counter", "time_ns"}
# what a game, a timer, a run's view, the settings, the notices and the trainer are reached by
OWNED = re.compile(r"\bmidend\b|\.settings\b|\.told\b|\.version\b|\.timer\b|\.game\b|\.play\b|\.run\b"
                   r"|\.timeline\b|\.trainer\b|\.practice_scores\b|\.scores\b|\.looking\b"
                   r"|^(game|play|run|timer|settings|trainer)\.")
# the Trainer's methods that change it (every public one but those that only read)
TRAINER_READS = {"view", "states", "wants_more", "first", "techniques", "question"}
TRAINER_CHANGES = {name for name in vars(Trainer) if not name.startswith("_")} - TRAINER_READS
# io/saves.py reads a save into a new Play before any mid end owns it: the save format's one reader
BUILDS_A_NEW_PLAY = {"saves.py"}


def _trees(folder: Path) -> list[tuple[Path, ast.Module]]:
    paths = sorted(folder.rglob("*.py"))
    assert paths, folder
    return [(path, ast.parse(path.read_text())) for path in paths]


def _modules(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names


def _calls(tree: ast.Module) -> list[tuple[int, str]]:
    return [(node.lineno, ast.unparse(node.func)) for node in ast.walk(tree) if isinstance(node, ast.Call)]


def test_the_midend_imports_no_thread_clock_or_file_api():
    for path, tree in _trees(DESKTOP / "midend"):
        assert not IMPURE & _modules(tree), f"{path.name} imports {IMPURE & _modules(tree)}"
        for line, func in _calls(tree):
            assert func.split(".")[-1] not in CLOCKS | {"open"}, f"{path.name}:{line} calls {func}"


def test_one_lock_in_the_host_no_rlock_anywhere_and_conditions_on_that_lock():
    locks = []
    for path, tree in _trees(DESKTOP):
        assert "RLock" not in ast.unparse(tree), f"{path.name} uses an RLock"
        for line, func in _calls(tree):
            name = func.split(".")[-1]
            if name in ("Lock", "Semaphore", "BoundedSemaphore"):
                locks.append(f"{path.relative_to(DESKTOP)}:{line}")
        in_host = path.parent.name == "host"  # the bridge's send queue is the road to the page
        for node in ast.walk(tree):
            if in_host and isinstance(node, ast.Call) and ast.unparse(node.func).endswith("Condition"):
                assert node.args, f"{path.name}:{node.lineno}: a Condition with a lock of its own"
    # instance.py's Handoff holds a later launch's argument before any host exists (app start)
    locks = [lock for lock in locks if not lock.startswith("instance.py")]
    assert len(locks) == 1 and locks[0].startswith("host/host.py"), locks


def test_no_module_types_the_host_as_any():
    for path, tree in _trees(DESKTOP):
        for node in ast.walk(tree):
            if isinstance(node, ast.AnnAssign):
                named, annotation = ast.unparse(node.target), node.annotation
            elif isinstance(node, ast.arg) and node.annotation is not None:
                named, annotation = node.arg, node.annotation
            else:
                continue
            if "host" in named.lower():
                assert ast.unparse(annotation) != "Any", f"{path.name}:{node.lineno}: {named}: Any"


def test_nothing_outside_the_midend_assigns_to_what_the_midend_owns():
    for path, tree in _trees(DESKTOP):
        if path.parent.name == "midend" or path.name in BUILDS_A_NEW_PLAY:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign):
                targets = node.targets
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            else:
                targets = []
            for target in targets:
                text = ast.unparse(target)
                assert text == "self.midend" or not OWNED.search(text), f"{path.name}:{node.lineno}: {text}"
        for line, func in _calls(tree):  # nor changes them by a method of theirs
            owner, _, method = func.rpartition(".")
            if method in ("tick", "record_if_solved", "append", "clear", "pop", "update", "extend", "remove"):
                assert not OWNED.search(owner + "."), f"{path.name}:{line}: {func}"


def test_only_the_midend_makes_or_changes_a_trainer():
    assert {"enter", "mark", "graded", "shown", "add_found", "leave"} <= TRAINER_CHANGES
    for path, tree in _trees(DESKTOP):
        if path.parent.name == "midend":
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "desktop.midend.trainer":
                names = {alias.name for alias in node.names}
                made = names & {"Trainer", "TrainerCommands"}
                assert not made, f"{path.name}:{node.lineno} imports {made}"
        for line, func in _calls(tree):
            owner, _, method = func.rpartition(".")
            # a trainer's method, not the trainer module's functions (they only read)
            if re.search(r"trainer", owner, re.IGNORECASE):
                assert method not in TRAINER_CHANGES | {"Trainer"}, f"{path.name}:{line}: {func}"
