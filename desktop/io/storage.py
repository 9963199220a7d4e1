"""Autosave: versioned JSON files for the game and the settings, written atomically.

Two files in the data folder, so a damaged game never costs the settings (or the other way):

    game.json       {"format": "sudoku-studio/game", "version": 4, "play": ...}   (see desktop.io.saves)
    settings.json   {"format": "sudoku-studio/settings", "version": 1, "settings": {...}}

A write goes to a temporary file in the same folder, is flushed to disk, then renamed over the old
file: a crash leaves either the old save or the new one, never half of one.  A file that cannot be
read back (not JSON, wrong format, a value out of range) is renamed to ``<name>.damaged-<time>`` beside
it, the app starts fresh, and :class:`Loaded` says so for the UI to tell the user.  A game saved by a
newer version is moved aside the same way (``<name>.newer-<time>``), never overwritten.  A save is
opened only when it is a regular file (a non-blocking open checked with ``fstat``: a FIFO never hangs
the start, a link to ``/dev/zero`` is never read) and read up to the size limit + 1 byte; anything
else counts as damaged.  Temporary files of ours left by a crash mid-write (``.<name>.*.tmp``) are
removed when the folder is first read.
"""

from __future__ import annotations

import contextlib
import json
import locale
import os
import stat
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from desktop.io import saves
from desktop.midend import Play
from engine import TECHNIQUES, write_atomically

SETTINGS_VERSION = 1
GAME_FILE = "game.json"
SETTINGS_FILE = "settings.json"
PRACTICE_FILE = "practice.json"  # the technique trainer's scores (desktop/midend/trainer.py)
MAX_FILE_BYTES = 4 << 20  # a save is a few KB; anything this big is not ours

LANGUAGES = ("en", "zh")
THEMES = ("system", "light", "dark")
ALGORITHMS = ("naive", "smart", "human")
TABS = ("play", "learn", "watch")
DIFFICULTIES = ("any", "easy", "medium", "hard", "expert", "master")  # "any": whatever comes out
NEEDS = frozenset(t.id for t in TECHNIQUES if t.id != "guess")  # what New puzzle may aim at
DEFAULT_SETTINGS: dict[str, Any] = {
    "language": None,  # None: follow the system (or --lang)
    "theme": "system",
    "algorithm": "smart",
    "delay": 100,
    "candidates": False,
    "difficulty": "any",
    "needs": "",  # New puzzle's "Must use": a technique id the puzzle must use, "" for none
    "show_mistakes": False,  # mark a digit that differs from the solution as soon as it is typed
    "show_timer": True,
    "tab": "play",  # the window's chosen tab: "play", "learn" or "watch"
    "window": None,  # where the window was left: [x, y, width, height] (desktop/shell/geometry.py)
}

T = TypeVar("T")


def default_data_dir() -> Path:
    """Return the per-user data folder: $SUDOKU_STUDIO_DATA_DIR, else platformdirs' (not created here)."""
    override = os.environ.get("SUDOKU_STUDIO_DATA_DIR")
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir("sudoku-studio", appauthor=False))


def system_language() -> str:
    """Return "zh" if the system locale is Chinese, else "en" (never fails)."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "LANG"):
        value = os.environ.get(var)
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    try:
        code = locale.getlocale()[0] or ""
    except ValueError:
        code = ""
    return "zh" if code.lower().startswith("zh") else "en"


def validate_setting(name: str, value: Any) -> Any:
    """Return ``value`` if it is allowed for setting ``name``; raises ValueError saying what is allowed."""
    if name == "language":
        if value not in LANGUAGES:
            raise ValueError(f"language must be one of {', '.join(LANGUAGES)}")
    elif name == "theme":
        if value not in THEMES:
            raise ValueError(f"theme must be one of {', '.join(THEMES)}")
    elif name == "algorithm":
        if value not in ALGORITHMS:
            raise ValueError(f"algorithm must be one of {', '.join(ALGORITHMS)}")
    elif name == "delay":
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 1000:
            raise ValueError("delay must be a whole number of milliseconds from 0 to 1000")
    elif name == "difficulty":
        if value not in DIFFICULTIES:
            raise ValueError(f"difficulty must be one of {', '.join(DIFFICULTIES)}")
    elif name == "needs":
        if not isinstance(value, str) or value != "" and value not in NEEDS:
            raise ValueError("needs must be a technique id (not guess) or empty")
    elif name == "window":
        if value is not None and not (isinstance(value, list) and len(value) == 4 and all(
                isinstance(v, int) and not isinstance(v, bool) and -100_000 < v < 100_000 for v in value)):
            raise ValueError("window must be [x, y, width, height] in whole pixels")
    elif name == "tab":
        if value not in TABS:
            raise ValueError(f"tab must be one of {', '.join(TABS)}")
    elif name in ("candidates", "show_mistakes", "show_timer"):
        if not isinstance(value, bool):
            raise ValueError(f"{name} must be true or false")
    else:
        raise ValueError(f"unknown setting {name[:40]!r}")
    return value


def _settings_from(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValueError("settings must be an object")
    settings = dict(DEFAULT_SETTINGS)
    for name, value in data.items():
        if name not in DEFAULT_SETTINGS:
            continue  # a setting from a newer version: ignore rather than lose the rest
        if name in ("language", "window") and value is None:
            continue
        settings[name] = validate_setting(name, value)
    return settings


class NotRegularFile(ValueError):
    """A path that names a FIFO, a device or a folder: never read (reading one may block forever)."""


def read_save_bytes(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """Return the bytes of the regular file ``path``; ValueError if it is anything else or over ``limit``.

    Opened non-blocking (a FIFO then neither blocks the open nor waits for a writer) and checked with
    ``fstat`` on the open file, so what is read is what was checked; at most ``limit + 1`` bytes are
    read, so a file that grows (or lies about its size) still cannot fill the memory.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    flags |= getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotRegularFile("not a regular file")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    if size > limit:
        raise ValueError("the file is far too large to be a save")
    return b"".join(chunks)


def _settings_body(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict) or data.get("format") != "sudoku-studio/settings":
        raise ValueError("not a Sudoku Studio save file")
    if data.get("version") != SETTINGS_VERSION:
        raise ValueError(f"unknown save version {str(data.get('version'))[:20]}")
    return _settings_from(data.get("settings"))


class Loaded(NamedTuple):
    """What was read at start: the value, and the backup path if the file was damaged (else None)."""

    value: Any
    damaged_backup: Path | None
    problem: str | None
    notices: tuple[str, ...] = ()  # read, with something left behind (a history that did not fit)

    def told(self, what: str) -> list[dict[str, Any]]:
        """Return the notices the page owes the player about the saved ``what`` ("game", "settings"): a
        damaged file kept aside, history left behind (none if it was read whole; never fails)."""
        told = []
        if self.problem is not None:
            backup = self.damaged_backup
            message = f"The saved {what} could not be read ({self.problem}); starting fresh."
            if backup is not None:
                message += f" The damaged file was kept as {backup.name}."
            told.append({"level": "warning", "code": "damaged_save", "message": message,
                         "params": {"what": what, "backup": str(backup) if backup else ""}})
        return told + [{"level": "warning", "message": f"Saved game, {text}.", "params": {"detail": text},
                        "code": "solution_checked" if isinstance(text, saves.SolutionNotice)
                        else "history_dropped"} for text in self.notices]


class Storage:
    """The data folder's save files; only the ``save_*`` methods raise (OSError, on a write failure)."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self._swept = False

    def load_game(self) -> Loaded:
        """Return the saved Play (a fresh one if there is none or it is damaged, then backed up)."""
        loaded = self._load(GAME_FILE, saves.load, lambda: (Play(), []))
        return loaded._replace(value=loaded.value[0], notices=tuple(loaded.value[1]))

    def load_settings(self) -> Loaded:
        """Return the saved settings dict (defaults if none or damaged, then backed up)."""
        return self._load(SETTINGS_FILE, _settings_body, lambda: dict(DEFAULT_SETTINGS))

    def save_game(self, play: Play, now: float) -> None:
        """Write the game atomically; raises OSError if the folder cannot be written."""
        self._write(GAME_FILE, saves.dump(play, now))

    def save_settings(self, settings: dict[str, Any]) -> None:
        """Write the settings atomically; raises OSError if the folder cannot be written."""
        body = {"format": "sudoku-studio/settings", "version": SETTINGS_VERSION, "settings": dict(settings)}
        self._write(SETTINGS_FILE, body)

    def load_file(self, name: str, parse: Callable[[Any], T], fresh: Callable[[], T]) -> Loaded:
        """Return another save of the folder read by ``parse`` (``fresh()`` if none; a damaged one is
        backed up as the game's is)."""
        return self._load(name, parse, fresh)

    def save_file(self, name: str, body: dict[str, Any]) -> None:
        """Write another save of the folder atomically; raises OSError if the folder cannot be written."""
        self._write(name, body)

    def _load(self, name: str, parse: Callable[[Any], T], fresh: Callable[[], T]) -> Loaded:
        self._sweep_temporary_files()
        path = self.folder / name
        try:
            if not os.path.lexists(path):
                return Loaded(fresh(), None, None)
            return Loaded(parse(json.loads(read_save_bytes(path).decode("utf-8"))), None, None)
        except saves.FutureVersionError as err:
            return Loaded(fresh(), self._back_up(path, "newer"), str(err)[:200])
        except (OSError, ValueError, TypeError, RecursionError) as err:  # UnicodeError, JSONDecodeError too
            return Loaded(fresh(), self._back_up(path), str(err)[:200])

    def _sweep_temporary_files(self) -> None:
        """Remove our ``.<save>.*.tmp`` files a crash mid-write left (once: no write is under way yet)."""
        if self._swept:
            return
        self._swept = True
        for name in (GAME_FILE, SETTINGS_FILE, PRACTICE_FILE):
            for tmp in self.folder.glob(f".{name}.*.tmp"):
                with contextlib.suppress(OSError):
                    if tmp.is_file() and not tmp.is_symlink():
                        tmp.unlink()

    def _back_up(self, path: Path, why: str = "damaged") -> Path | None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        backup = path.with_name(f"{path.name}.{why}-{stamp}")
        n = 1
        while backup.exists():
            n += 1
            backup = path.with_name(f"{path.name}.{why}-{stamp}-{n}")
        try:
            os.replace(path, backup)
        except OSError:
            return None  # cannot move it (read-only folder): we start fresh all the same
        return backup

    def _write(self, name: str, body: dict[str, Any]) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        data = json.dumps(body, separators=(",", ":")).encode("utf-8")
        # durable: the rename never exposes bytes not on disk; a symlink stays a link (its target is
        # replaced); a FIFO or device in the save's place is replaced, never waited on
        write_atomically(self.folder / name, data, durable=True, stream=False)

