"""Drive a QtWebEngine page through its remote-debugging port, by the accessibility contract only.

Playwright's ``connect_over_cdp`` cannot attach to QtWebEngine (it needs browser-context management,
which QtWebEngine's DevTools server refuses: "Browser context management is not supported"), so this
is a small Chrome DevTools Protocol client over a standard-library WebSocket.  Elements are found the
way a screen reader finds them, with ``Accessibility.queryAXTree`` (role + accessible name), and are
clicked and typed into with real ``Input`` events, as the outside checker does.
"""

from __future__ import annotations

import base64
import contextlib
import itertools
import json
import os
import socket
import struct
import threading
import time
import urllib.request
from typing import Any


class CdpError(RuntimeError):
    """A DevTools command answered with an error, or the connection closed."""


class _WebSocket:
    """The client half of RFC 6455, text frames only: enough for the DevTools protocol."""

    def __init__(self, url: str, timeout: float = 10.0) -> None:
        assert url.startswith("ws://"), url
        hostport, _, path = url[len("ws://") :].partition("/")
        host, _, port = hostport.partition(":")
        self._sock = socket.create_connection((host, int(port)), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            f"GET /{path} HTTP/1.1\r\nHost: {hostport}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        self._sock.sendall(request.encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self._sock.recv(1)
            if not chunk:
                raise CdpError("DevTools closed the connection during the handshake")
            head += chunk
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raise CdpError(f"WebSocket handshake refused: {head[:200]!r}")
        self._sock.settimeout(None)
        self._send_lock = threading.Lock()

    def send(self, text: str) -> None:
        data = text.encode()
        header = bytearray([0x81])  # FIN + text frame
        if len(data) < 126:
            header.append(0x80 | len(data))
        elif len(data) < 1 << 16:
            header += bytes([0x80 | 126]) + struct.pack(">H", len(data))
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", len(data))
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(data))
        with self._send_lock:
            self._sock.sendall(bytes(header) + mask + masked)

    def _exact(self, n: int) -> bytes:
        buf = bytearray()
        while len(buf) < n:
            chunk = self._sock.recv(n - len(buf))
            if not chunk:
                raise CdpError("DevTools connection closed")
            buf += chunk
        return bytes(buf)

    def recv(self) -> str:
        message = bytearray()
        while True:
            b0, b1 = self._exact(2)
            opcode, length = b0 & 0x0F, b1 & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._exact(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._exact(8))[0]
            payload = self._exact(length)
            if opcode == 0x8:
                raise CdpError("DevTools closed the WebSocket")
            if opcode == 0x9:  # ping: answer so the server keeps us
                self._sock.sendall(bytes([0x8A, 0x80]) + b"\0\0\0\0")
                continue
            if opcode in (0x0, 0x1, 0x2):
                message += payload
                if b0 & 0x80:
                    return message.decode()

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self._sock.close()


def page_targets(port: int) -> list[dict]:
    """Return the DevTools page targets on ``port``; raises OSError while the server is not up."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=2) as response:
        return [t for t in json.load(response) if t.get("type") == "page"]


class CdpPage:
    """One page over the DevTools protocol: commands, JavaScript, AX queries, mouse and keyboard."""

    def __init__(self, ws_url: str) -> None:
        self._ws = _WebSocket(ws_url)
        self._ids = itertools.count(1)
        self._pending: dict[int, dict] = {}
        self._cond = threading.Condition()
        self._closed: Exception | None = None
        self._ax_enabled = False
        self._reader = threading.Thread(target=self._read, name="cdp-reader", daemon=True)
        self._reader.start()

    @classmethod
    def connect(cls, port: int, timeout: float = 30.0) -> CdpPage:
        """Connect to the first http page target on ``port``; raises TimeoutError if none appears."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                pages = [t for t in page_targets(port) if t.get("url", "").startswith("http")]
            except OSError:
                pages = []
            if pages:
                return cls(pages[0]["webSocketDebuggerUrl"])
            time.sleep(0.05)
        raise TimeoutError(f"no page on DevTools port {port} within {timeout} s")

    def _read(self) -> None:
        try:
            while True:
                message = json.loads(self._ws.recv())
                if "id" in message:
                    with self._cond:
                        self._pending[message["id"]] = message
                        self._cond.notify_all()
        except Exception as err:  # the page or the app went away: wake every waiter
            with self._cond:
                self._closed = err
                self._cond.notify_all()

    def send(self, method: str, timeout: float = 15.0, **params: Any) -> dict:
        """Run one DevTools command and return its result; raises CdpError on an error answer."""
        msg_id = next(self._ids)
        self._ws.send(json.dumps({"id": msg_id, "method": method, "params": params}))
        with self._cond:
            ok = self._cond.wait_for(lambda: msg_id in self._pending or self._closed, timeout)
            if msg_id not in self._pending:
                raise CdpError(f"{method}: {'no answer' if not ok else self._closed}")
            answer = self._pending.pop(msg_id)
        if "error" in answer:
            raise CdpError(f"{method}: {answer['error']}")
        return answer.get("result", {})

    def close(self) -> None:
        """Close the connection (the page stays open)."""
        self._ws.close()

    # --- JavaScript -------------------------------------------------------------------------------

    def evaluate(self, expression: str, await_promise: bool = True) -> Any:
        """Return the JSON value of a JavaScript expression; raises CdpError if it throws."""
        result = self.send(
            "Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=await_promise
        )
        if "exceptionDetails" in result:
            raise CdpError(f"{expression[:80]}: {result['exceptionDetails']}")
        return result["result"].get("value")

    # --- the accessibility tree -------------------------------------------------------------------

    def ax_nodes(self, role: str, name: str | None = None) -> list[dict]:
        """Return the unignored AX nodes with this role (and exact accessible name), in tree order."""
        # the tree is built at the next rendered frame: before the window first paints (or while the
        # document is replaced) a query can go unanswered, so it is asked again rather than waited on
        if not self._ax_enabled:
            # turned on at the first query, not at connect: an accessibility tree kept up to date
            # slows the page's own start, which the startup measurements must not pay for
            self.send("DOM.enable")
            self.send("Accessibility.enable")
            self._ax_enabled = True
        for attempt in range(4):
            doc = self.send("DOM.getDocument", depth=0)["root"]["backendNodeId"]
            params: dict[str, Any] = {"backendNodeId": doc, "role": role}
            if name is not None:
                params["accessibleName"] = name
            try:
                nodes = self.send("Accessibility.queryAXTree", timeout=3, **params)["nodes"]
                break
            except CdpError:
                if attempt == 3:
                    raise
        return [n for n in nodes if not n.get("ignored") and "backendDOMNodeId" in n]

    def query(self, role: str, name: str | None = None) -> list[int]:
        """Return the backend DOM node ids with this AX role (and exact accessible name), in tree order."""
        return [n["backendDOMNodeId"] for n in self.ax_nodes(role, name)]

    def one(self, role: str, name: str, timeout: float = 10.0) -> int:
        """Return the node of the one element with this role and name; raises AssertionError otherwise."""
        deadline = time.monotonic() + timeout
        while True:
            nodes = self.query(role, name)
            if len(nodes) == 1:
                return nodes[0]
            if time.monotonic() > deadline:
                raise AssertionError(f"expected one {role} named {name!r}, found {len(nodes)}")
            time.sleep(0.05)

    def call_on(self, node: int, function: str, *args: Any) -> Any:
        """Return ``function`` (JS source, ``this`` = the element) called with JSON args on a node."""
        obj = self.send("DOM.resolveNode", backendNodeId=node)["object"]["objectId"]
        result = self.send(
            "Runtime.callFunctionOn",
            objectId=obj,
            functionDeclaration=function,
            arguments=[{"value": a} for a in args],
            returnByValue=True,
            awaitPromise=True,
        )
        self.send("Runtime.releaseObject", objectId=obj)
        if "exceptionDetails" in result:
            raise CdpError(f"{function[:60]}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def text(self, node: int) -> str:
        """Return an element's text content, stripped."""
        return self.call_on(node, "function() { return this.textContent.trim(); }")

    def attr(self, node: int, name: str) -> str | None:
        """Return one attribute of an element, None when it is absent."""
        return self.call_on(node, "function(n) { return this.getAttribute(n); }", name)

    def attrs_all(self, nodes: list[int], name: str) -> list[str | None]:
        """Return one attribute of many elements (one round trip per element)."""
        return [self.attr(n, name) for n in nodes]

    # --- input ------------------------------------------------------------------------------------

    def click(self, node: int) -> None:
        """Scroll a node into view and click its centre with real mouse events."""
        self.send("DOM.scrollIntoViewIfNeeded", backendNodeId=node)
        quad = self.send("DOM.getContentQuads", backendNodeId=node)["quads"][0]
        x = sum(quad[0::2]) / 4
        y = sum(quad[1::2]) / 4
        self.send("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y)
        for kind in ("mousePressed", "mouseReleased"):
            self.send("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)

    def press(self, key: str, ctrl: bool = False, shift: bool = False, alt: bool = False) -> None:
        """Press and release one key: a digit or a DOM key name (Backspace, ArrowLeft, Tab, ...), with
        Ctrl held when ``ctrl`` (then no text is typed), Shift when ``shift`` (the key's code is kept:
        Shift+7 is Digit7, as the page reads it) and Alt when ``alt`` (no text either)."""
        code, vk, text = _KEYS.get(key, (None, None, None)) if len(key) > 1 else _char_key(key)
        if code is None:
            raise ValueError(f"unknown key {key!r}")
        bits = (1 if alt else 0) | (2 if ctrl else 0) | (8 if shift else 0)  # CDP's bits: Alt, Ctrl, Shift
        held = {"modifiers": bits} if bits else {}
        down = {"type": "keyDown", "key": key, "code": code, "windowsVirtualKeyCode": vk, **held}
        if text and not ctrl and not shift and not alt:
            down["text"] = text
        self.send("Input.dispatchKeyEvent", **down)
        up = {"type": "keyUp", "key": key, "code": code, "windowsVirtualKeyCode": vk, **held}
        self.send("Input.dispatchKeyEvent", **up)

    def screenshot(self) -> bytes:
        """Return a PNG of the page as the window shows it."""
        return base64.b64decode(self.send("Page.captureScreenshot", format="png")["data"])


_KEYS = {
    "Backspace": ("Backspace", 8, None),
    "Tab": ("Tab", 9, None),
    "Enter": ("Enter", 13, "\r"),
    "Escape": ("Escape", 27, None),
    "Delete": ("Delete", 46, None),
    "End": ("End", 35, None),
    "Home": ("Home", 36, None),
    "ArrowLeft": ("ArrowLeft", 37, None),
    "ArrowUp": ("ArrowUp", 38, None),
    "ArrowRight": ("ArrowRight", 39, None),
    "ArrowDown": ("ArrowDown", 40, None),
}


def _char_key(ch: str) -> tuple[str | None, int | None, str | None]:
    if ch.isdigit():
        return f"Digit{ch}", ord(ch), ch
    if ch.isalpha():
        return f"Key{ch.upper()}", ord(ch.upper()), ch
    return None, None, None
