"""What an area beside the game may ask of the host: exactly these methods, typed (no back reference to
the whole :class:`~desktop.host.host.Host`, and nothing reaches past it into the mid end).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Protocol

Command = dict[str, Any]
Then = Callable[[dict[str, Any]], None]


class HostCalls(Protocol):
    """The host's calls the areas (maker, learn, photo, practice, export) use; safe from any thread."""

    lock: threading.Lock  # taken only around an area's own state, never around a call below

    @property
    def closed(self) -> bool: ...

    def move(self, command: Command, solving_ok: bool = False,
             then: Then | None = None) -> dict[str, Any]: ...

    def publish(self) -> None: ...

    def stop_run(self) -> None: ...

    def ensure_solution(self) -> None: ...

    def setting(self, name: str) -> Any: ...

    def board(self) -> dict[str, Any]: ...

    def puzzles(self, whole_set: bool) -> list[Any]: ...

    def open_run(self, algorithm: str, steps: int) -> None: ...
