"""The object pywebview exposes to the page (``js_api``): the Api's public methods and nothing else.

pywebview answers a page call ``name`` by walking its dotted parts with ``getattr`` from ``js_api``,
without skipping ``_`` names (``webview.util.js_bridge_call``).  Handing it the real ``Api`` let the
page reach ``_storage.folder.read_text`` and anything else chained off it.  :func:`expose` returns a
sealed object instead:

* an attribute named like a public method of the ``Api`` class is a sealed :class:`_Call` that
  forwards the page's arguments to it; every other attribute, at every level (``_storage``,
  ``__class__``, ``set_cell.__globals__``, ``set_cell.__self__``), is :data:`REFUSAL`, whose
  attributes are itself and whose call answers the contract's refusal: no data, no change;
* ``dir()`` of it is empty, so pywebview lists no functions for the page (its generated
  ``window.pywebview.api`` stubs are made with ``new Function``: the page needs no eval of its
  own); ``ui/js/api.js`` calls ``_jsApiCallback`` by name.  pywebview 6 still answers every call
  through ``eval`` in the page (``Window.evaluate_js``), so the page's Content-Security-Policy must
  keep ``'unsafe-eval'``.

The names come from the class at run time, so a new public ``Api`` method is exposed as is.
Road not taken: plain functions registered with ``window.expose``: pywebview then lists them and
builds their stubs with ``new Function``, and a function's ``__globals__`` or ``__closure__`` cannot
refuse if anything ever walks it.
"""

from __future__ import annotations

import inspect
from typing import Any

NO_SUCH_CALL = {"ok": False, "error": {"code": "bad_argument", "message": "No such call."}}


class _Sealed:
    """A base whose attributes the page cannot read: every lookup is REFUSAL (subclasses read slots)."""

    __slots__ = ()

    def __getattribute__(self, name: str) -> Any:
        return REFUSAL

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("read-only")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("read-only")

    def __dir__(self) -> list[str]:
        return []  # pywebview lists dir(js_api) for the page: nothing is listed


class _Refusal(_Sealed):
    """The end of every name outside the contract: each attribute is itself, a call is refused."""

    __slots__ = ()

    def __getattribute__(self, name: str) -> _Refusal:
        return self

    def __call__(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        return {"ok": False, "error": dict(NO_SUCH_CALL["error"])}

    def __repr__(self) -> str:
        return "<refused>"


REFUSAL = _Refusal()


class _Call(_Sealed):
    """One public method: calling it calls the method with the page's arguments; attributes refuse."""

    __slots__ = ("_method",)

    def __init__(self, method: Any) -> None:
        object.__setattr__(self, "_method", method)

    def __call__(self, *args: Any) -> Any:
        return object.__getattribute__(self, "_method")(*args)  # pywebview passes the argument list only


class _Exposed(_Sealed):
    """The js_api: a public method's name gives its :class:`_Call`, any other name REFUSAL."""

    __slots__ = ("_calls",)

    def __init__(self, calls: dict[str, _Call]) -> None:
        object.__setattr__(self, "_calls", calls)

    def __getattribute__(self, name: str) -> Any:
        return object.__getattribute__(self, "_calls").get(name, REFUSAL)


def public_method_names(cls: type) -> list[str]:
    """Return the names of the callables defined on ``cls`` (or its bases) not starting with ``_``."""
    return sorted(n for n, value in inspect.getmembers(cls) if not n.startswith("_") and callable(value))


def expose(api: object) -> object:
    """Return the js_api for ``api``: its public methods by name, nothing else; TypeError if a public
    name of its class is not a method."""
    calls = {}
    for name in public_method_names(type(api)):
        method = getattr(api, name)
        if not inspect.ismethod(method):
            raise TypeError(f"{type(api).__name__}.{name} is public but not a method")
        calls[name] = _Call(method)
    return _Exposed(calls)
