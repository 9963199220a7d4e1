"""Reading the state as the page does: calls answer no state, so ask for a ``state`` event and take it."""

from __future__ import annotations

from typing import Any


def newest_state(bridge: Any) -> dict[str, Any]:
    """Return the newest state the bridge has carried (by ``seq``); IndexError before the first."""
    return max((p["state"] for p in bridge.named("state")), key=lambda s: s["seq"])


def state_of(api: Any) -> dict[str, Any]:
    """Return the whole state now: ``get_state`` sends it as a ``state`` event (its answer is only ok)."""
    answer = api.get_state()
    assert answer == {"ok": True}, answer
    return newest_state(api._bridge)


def wait_notice(bridge: Any, test: Any, timeout: float = 30.0) -> dict[str, Any]:
    """Return the first notice (in ``id`` order) a ``state`` event carries for which ``test(notice)``
    holds; TimeoutError after ``timeout`` seconds."""
    def found(notices: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return sorted((n for n in notices if test(n)), key=lambda n: n["id"])

    payload = bridge.wait_for("state", lambda p: found(p["state"]["notices"]), timeout)
    return found(payload["state"]["notices"])[0]
