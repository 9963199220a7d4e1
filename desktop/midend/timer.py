"""A puzzle's clock: pure, every reading and change is given the time by the caller (milliseconds)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Timer:
    """Milliseconds played; ``since`` is when it last started (None while stopped)."""

    banked_ms: int = 0
    since: float | None = None

    def elapsed(self, now: float) -> int:
        """Return the milliseconds played up to ``now`` (a clock that went backwards adds nothing)."""
        running = max(0.0, now - self.since) if self.since is not None else 0.0
        return self.banked_ms + int(running)

    @property
    def running(self) -> bool:
        """True while the clock counts."""
        return self.since is not None

    def start(self, now: float) -> None:
        """Count from ``now`` on; a no-op if already counting."""
        if self.since is None:
            self.since = now

    def stop(self, now: float) -> None:
        """Stop counting, keeping the time played; a no-op if stopped."""
        self.banked_ms = self.elapsed(now)
        self.since = None

    def reset(self) -> None:
        """Back to zero, stopped."""
        self.banked_ms, self.since = 0, None
