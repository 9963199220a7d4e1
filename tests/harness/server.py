"""Serve the real ``ui/`` to a browser and bridge its pywebview calls to a real ``desktop.contract.api.Api``.

Inside the desktop window pywebview does two things for the page: it defines
``window.pywebview._jsApiCallback(name, args, id)`` (the call runs on a thread of its own; its JSON
answer comes back through ``window.pywebview._returnValuesCallbacks[name][id]``) and it pushes events
into the page by evaluating ``window.sudokuEvents.dispatch(...)``.  This server does the same over
HTTP, so a stock Chromium can drive the real front end against the real Python object:

* ``GET /<path>``           a file of ``ui/`` (the page is ``/index.html``, as pywebview serves it);
* ``POST /api/<name>``      body: the JSON list of arguments; ``name`` is looked up as pywebview does
                            (:func:`pywebview_lookup`); answer ``{"value": result}``, or
                            ``{"error": {...}}`` when the call raised or nothing was found, with
                            ``events``: how many events were emitted when it ended (the shim runs
                            the answer after them, as the window does: ``WindowBridge.flush``);
* ``GET /events?since=N``   long poll: the scripts the real ``WindowBridge`` would run for the
                            emits after sequence number N, waiting a while for one to arrive.

The init script (``pywebview_shim.js``) defines ``window.pywebview`` as pywebview does and runs the
event loop in the page.  Anything the Api raises is recorded in ``escaped`` (the contract says a
method never raises into pywebview) and answered like pywebview would.
"""

from __future__ import annotations

import json
import mimetypes
import sys
import threading
import time
import traceback
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from desktop.bridge import dispatch_script
from desktop.exposed import expose
from tests.harness.paths import ROOT

UI_DIR = ROOT / "ui"
SHIM = Path(__file__).with_name("pywebview_shim.js")
LONG_POLL_S = 2.0  # short enough that a closing page never holds a server thread for long


class QueueBridge:
    """A Bridge that queues every emit, as the script the real WindowBridge would run, for the page."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._events: list[tuple[str, dict, str]] = []

    def emit(self, event: str, payload: dict) -> None:
        """Queue one event; raises TypeError if it is not JSON-able (the real bridge could not send it)."""
        script = dispatch_script(event, payload)
        with self._cond:
            self._events.append((event, payload, script))
            self._cond.notify_all()

    def since(self, seq: int, timeout: float) -> tuple[int, list[str]]:
        """Return ``(last sequence number, scripts after seq)``, waiting up to timeout for one."""
        with self._cond:
            self._cond.wait_for(lambda: len(self._events) > seq, timeout)
            return len(self._events), [script for _, _, script in self._events[seq:]]

    def count(self) -> int:
        """Return how many events were emitted so far."""
        with self._cond:
            return len(self._events)

    def named(self, event: str) -> list[dict]:
        """Return the payloads of every ``event`` so far, oldest first."""
        with self._cond:
            return [p for e, p, _ in self._events if e == event]


def pywebview_lookup(js_api: object, name: str) -> Any:
    """Return what pywebview's js_bridge_call runs for a page call ``name`` (webview/util.py): the
    dotted name walked with getattr from ``js_api``, None when a part is missing."""
    obj: Any = js_api
    for part in name.split("."):
        obj = getattr(obj, part, None)
        if obj is None:
            return None
    return obj


def shim_script() -> str:
    """Return the page init script that gives the page pywebview's ``window.pywebview`` over HTTP."""
    return SHIM.read_text(encoding="utf-8")


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        # a page that reloads or closes drops its long poll: not an error of the code under test
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class UiServer:
    """An HTTP server on 127.0.0.1 in a background thread, serving ``ui/`` and one Api object."""

    def __init__(self, api: object, bridge: QueueBridge) -> None:
        self.api = api
        self.bridge = bridge
        self.escaped: list[str] = []  # tracebacks of exceptions that left an Api method
        self.calls: list[tuple[str, list]] = []
        self.js_api = expose(api)  # what desktop.app hands pywebview
        self._httpd = _QuietServer(("127.0.0.1", 0), self._handler_class())
        self._thread = threading.Thread(target=self._httpd.serve_forever, name="ui-server", daemon=True)

    @property
    def url(self) -> str:
        """The page's address, like pywebview's built-in server gives it."""
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}/index.html"

    def start(self) -> UiServer:
        """Start serving in the background; returns self."""
        self._thread.start()
        return self

    def close(self) -> None:
        """Stop serving and wait for the server thread (open long polls end within LONG_POLL_S)."""
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(5)

    def call(self, method: str, args: list) -> tuple[int, dict]:
        """Call an Api method as pywebview would and return ``(HTTP status, answer)``."""
        self.calls.append((method, args))
        func = pywebview_lookup(self.js_api, method)
        if func is None:  # pywebview logs it and never answers; a test should not wait for that
            return 404, {"error": {"name": "AttributeError", "message": f"{method}() does not exist"}}
        if not isinstance(args, list):
            return 400, {"error": {"name": "TypeError", "message": "the body must be a JSON list"}}
        try:  # pywebview calls func(*args) with whatever the page passed, arity included
            value = func(*args)
            json.dumps(value)
        except Exception as err:
            self.escaped.append(f"{method}{tuple(args)!r:.200}: {traceback.format_exc()}")
            return 200, {"error": {"name": type(err).__name__, "message": str(err)}}
        return 200, {"value": value}

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:  # quiet: pytest shows failures
                pass

            def _send(self, status: int, body: bytes, ctype: str) -> None:
                self.send_response(status)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(body)

            def _json(self, status: int, value: Any) -> None:
                self._send(status, json.dumps(value).encode(), "application/json")

            def do_POST(self) -> None:
                path = urllib.parse.urlsplit(self.path).path
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                if not path.startswith("/api/"):
                    self._json(404, {"error": {"message": "not found"}})
                    return
                args = json.loads(body or b"[]")
                status, answer = server.call(path[len("/api/") :], args)
                self._json(status, dict(answer, events=server.bridge.count()))

            def do_GET(self) -> None:
                parts = urllib.parse.urlsplit(self.path)
                if parts.path == "/events":
                    query = urllib.parse.parse_qs(parts.query)
                    since = int(query.get("since", ["-1"])[0])
                    if since < 0:  # a page that just loaded starts from now
                        self._json(200, {"seq": server.bridge.count(), "events": []})
                        return
                    seq, events = server.bridge.since(since, LONG_POLL_S)
                    self._json(200, {"seq": seq, "events": events})
                    return
                self._file(parts.path)

            def _file(self, path: str) -> None:
                rel = urllib.parse.unquote(path).lstrip("/") or "index.html"
                target = (UI_DIR / rel).resolve()
                if UI_DIR.resolve() not in target.parents or not target.is_file():
                    self._send(404, b"not found", "text/plain")
                    return
                ctype = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
                if target.suffix in (".js", ".mjs"):
                    ctype = "text/javascript"  # ES modules need a JavaScript MIME type
                self._send(200, target.read_bytes(), ctype)

        return Handler


def wait_for(
    predicate: Any,
    timeout: float = 10.0,
    interval: float = 0.02,
    message: str = "",
    retry_on: tuple[type[Exception], ...] = (),
) -> Any:
    """Return predicate()'s first truthy value (``retry_on`` errors count as false); AssertionError later."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            value = predicate()
        except retry_on:
            value = None
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(message or f"condition not met within {timeout} s")
        time.sleep(interval)
