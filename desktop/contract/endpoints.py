"""What every contract method shares: the answer's form, the last guard, and the argument checks.

Each area's calls (``desktop/contract/api.py`` and its mixins) validate with these and delegate to the host;
a check that fails raises :class:`ApiError`, which :func:`endpoint` turns into ``{"ok": false, …}``.
"""

from __future__ import annotations

import functools
import inspect
import logging
from collections.abc import Callable
from typing import Any, TypeVar

from desktop.io import transfer
from desktop.midend import GameError

log = logging.getLogger(__name__)

MAX_STRING = 64  # longer strings are refused before they are looked at
F = TypeVar("F", bound=Callable[..., dict])
OK: dict[str, Any] = {"ok": True}

ApiError = GameError  # a refused call: code and params for the page to word, message in English


def endpoint(func: F) -> F:
    """Make ``func`` a contract method: bad arity and every exception become error answers."""
    signature = inspect.signature(func)

    @functools.wraps(func)
    def call(self: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
        answer = _answer(func, signature, self, args, kwargs)
        # the page takes the newest state it holds when an answer comes as the call's: the events the
        # call sent go first (a bridge that delivers as it emits has nothing to flush)
        flush = getattr(getattr(self, "_bridge", None), "flush", None)
        if flush is not None:
            flush()
        return answer

    return call  # type: ignore[return-value]


def _answer(func: Callable[..., dict], signature: inspect.Signature, api: Any, args: tuple,
            kwargs: dict[str, Any]) -> dict[str, Any]:
    try:
        signature.bind(api, *args, **kwargs)
    except TypeError as err:
        return error_answer(ApiError("bad_argument", f"{func.__name__}: {err}"))
    try:
        return func(api, *args, **kwargs)
    except GameError as err:
        return error_answer(err)
    except Exception as err:  # the last guard: the page gets an answer, the log gets the traceback
        log.exception("%s failed", func.__name__)
        return error_answer(ApiError("internal", f"Something went wrong: {type(err).__name__}"))


def error_answer(err: GameError) -> dict[str, Any]:
    """The answer of a refused call (never fails)."""
    return {"ok": False, "error": {"code": err.code, "message": err.message, "params": dict(err.params)}}


def command(name: str, doc: str) -> Callable[..., dict]:
    """Return the contract method ``name`` without arguments: the host's command of that name."""

    def method(self: Any) -> dict[str, Any]:
        return {"ok": True, **self._host.command(name)}

    method.__name__ = method.__qualname__ = name
    method.__doc__ = doc
    return endpoint(method)


def whole(value: Any, name: str, low: int, high: int) -> int:
    """Return ``value``; ApiError unless it is an int (not a bool) from ``low`` to ``high``."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        # the value itself is not printed: a huge number cannot be
        raise ApiError("bad_argument", f"{name} must be a whole number from {low} to {high}",
                       {"name": name, "low": low, "high": high})
    return value


def flag(value: Any, name: str) -> bool:
    """Return ``value``; ApiError unless it is true or false."""
    if not isinstance(value, bool):
        raise ApiError("bad_argument", f"{name} must be true or false", {"name": name})
    return value


def choice(value: Any, name: str, choices: tuple[str, ...] | list[str]) -> str:
    """Return ``value``; ApiError unless it is one of ``choices``."""
    if not isinstance(value, str) or len(value) > MAX_STRING or value not in choices:
        raise ApiError("bad_argument", f"{name} must be one of: {', '.join(choices)}",
                       {"name": name, "choices": list(choices)})
    return value


def text(value: Any) -> str:
    """Return ``value``; ApiError unless it is a string of at most ``transfer.MAX_TEXT`` characters."""
    if not isinstance(value, str) or len(value) > transfer.MAX_TEXT:
        raise ApiError("bad_argument", f"text must be a string of at most {transfer.MAX_TEXT} characters")
    return value
