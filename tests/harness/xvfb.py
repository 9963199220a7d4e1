"""A private X server for real-window tests, and closing a window the way a window manager does.

Xvfb is started on a random display number 200-999 that has no lock file, and counts as started
once a client can connect (other Xvfb servers may be starting on the same machine at the same time;
``-displayfd`` picks the lowest number, where they collide).  There is no window manager under Xvfb, so
"the user closes the window" is sent by hand: a ``WM_DELETE_WINDOW`` client message to the app's
top-level window through libX11 (ctypes), exactly what a window manager sends on a click on ×.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import random
import shutil
import socket
import subprocess
import time


class Xvfb:
    """An Xvfb process on a free display; ``display`` is e.g. ``":12"``."""

    def __init__(self, width: int = 1280, height: int = 900) -> None:
        exe = shutil.which("Xvfb")
        if exe is None:
            raise RuntimeError("Xvfb is not installed (scripts/dev installs the xvfb package)")
        for _ in range(20):
            number = random.randrange(200, 1000)
            if os.path.exists(f"/tmp/.X{number}-lock") or os.path.exists(f"/tmp/.X11-unix/X{number}"):
                continue
            self.display = f":{number}"
            self.proc = subprocess.Popen(
                [exe, self.display, "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp"],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            if self._wait_ready():
                return
        raise RuntimeError("could not start Xvfb on a free display")

    def _wait_ready(self, timeout: float = 20.0) -> bool:
        # ready means a client can connect; an exit means another server took the display
        lib = _xlib()
        deadline = time.monotonic() + timeout
        while True:
            dpy = lib.XOpenDisplay(self.display.encode())
            if dpy:
                lib.XCloseDisplay(dpy)
                return True
            if time.monotonic() > deadline or self.proc.poll() is not None:
                self.close()
                return False
            time.sleep(0.05)

    def close(self) -> None:
        """Stop the server (only this process) and wait for it."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def free_port() -> int:
    """Return a TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class _XClientMessageEvent(ctypes.Structure):
    _fields_ = [
        ("type", ctypes.c_int),
        ("serial", ctypes.c_ulong),
        ("send_event", ctypes.c_int),
        ("display", ctypes.c_void_p),
        ("window", ctypes.c_ulong),
        ("message_type", ctypes.c_ulong),
        ("format", ctypes.c_int),
        ("data", ctypes.c_long * 5),
    ]


class _XEvent(ctypes.Union):
    _fields_ = [("xclient", _XClientMessageEvent), ("pad", ctypes.c_long * 24)]


_CLIENT_MESSAGE = 33
_CURRENT_TIME = 0


def _xlib() -> ctypes.CDLL:
    name = ctypes.util.find_library("X11") or "libX11.so.6"
    lib = ctypes.CDLL(name)
    lib.XOpenDisplay.restype = ctypes.c_void_p
    lib.XOpenDisplay.argtypes = [ctypes.c_char_p]
    lib.XDefaultRootWindow.restype = ctypes.c_ulong
    lib.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    lib.XInternAtom.restype = ctypes.c_ulong
    lib.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    lib.XQueryTree.argtypes = [
        ctypes.c_void_p,
        ctypes.c_ulong,
        ctypes.POINTER(ctypes.c_ulong),
        ctypes.POINTER(ctypes.c_ulong),
        ctypes.POINTER(ctypes.POINTER(ctypes.c_ulong)),
        ctypes.POINTER(ctypes.c_uint),
    ]
    lib.XFetchName.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(ctypes.c_char_p)]
    lib.XSendEvent.argtypes = [
        ctypes.c_void_p,
        ctypes.c_ulong,
        ctypes.c_int,
        ctypes.c_long,
        ctypes.POINTER(_XEvent),
    ]
    lib.XFree.argtypes = [ctypes.c_void_p]
    lib.XFlush.argtypes = [ctypes.c_void_p]
    lib.XCloseDisplay.argtypes = [ctypes.c_void_p]
    return lib


def close_window(display: str, title: str, timeout: float = 10.0) -> None:
    """Send WM_DELETE_WINDOW to the top-level window titled ``title``; raises LookupError if none."""
    lib = _xlib()
    dpy = lib.XOpenDisplay(display.encode())
    if not dpy:
        raise RuntimeError(f"cannot open X display {display}")
    try:
        deadline = time.monotonic() + timeout
        while True:
            windows = [w for w in _top_level(lib, dpy) if _name(lib, dpy, w) == title]
            if windows:
                break
            if time.monotonic() > deadline:
                raise LookupError(f"no window titled {title!r} on {display}")
            time.sleep(0.1)
        protocols = lib.XInternAtom(dpy, b"WM_PROTOCOLS", 0)
        delete = lib.XInternAtom(dpy, b"WM_DELETE_WINDOW", 0)
        for window in windows:
            event = _XEvent()
            event.xclient.type = _CLIENT_MESSAGE
            event.xclient.window = window
            event.xclient.message_type = protocols
            event.xclient.format = 32
            event.xclient.data[0] = delete
            event.xclient.data[1] = _CURRENT_TIME
            lib.XSendEvent(dpy, window, 0, 0, ctypes.byref(event))
        lib.XFlush(dpy)
    finally:
        lib.XCloseDisplay(dpy)


def _top_level(lib: ctypes.CDLL, dpy: int) -> list[int]:
    root, parent = ctypes.c_ulong(), ctypes.c_ulong()
    children = ctypes.POINTER(ctypes.c_ulong)()
    count = ctypes.c_uint()
    if not lib.XQueryTree(
        dpy,
        lib.XDefaultRootWindow(dpy),
        ctypes.byref(root),
        ctypes.byref(parent),
        ctypes.byref(children),
        ctypes.byref(count),
    ):
        return []
    found = [children[i] for i in range(count.value)]
    if children:
        lib.XFree(children)
    return found


def _name(lib: ctypes.CDLL, dpy: int, window: int) -> str | None:
    name = ctypes.c_char_p()
    if not lib.XFetchName(dpy, window, ctypes.byref(name)) or not name.value:
        return None
    value = name.value.decode(errors="replace")
    lib.XFree(ctypes.cast(name, ctypes.c_void_p))
    return value


class _XImage(ctypes.Structure):
    # the leading fields of Xlib's XImage, up to what a screenshot needs
    _fields_ = [
        ("width", ctypes.c_int), ("height", ctypes.c_int), ("xoffset", ctypes.c_int),
        ("format", ctypes.c_int), ("data", ctypes.c_void_p), ("byte_order", ctypes.c_int),
        ("bitmap_unit", ctypes.c_int), ("bitmap_bit_order", ctypes.c_int), ("bitmap_pad", ctypes.c_int),
        ("depth", ctypes.c_int), ("bytes_per_line", ctypes.c_int), ("bits_per_pixel", ctypes.c_int),
    ]  # fmt: skip


_ZPIXMAP = 2
_ALL_PLANES = 0xFFFFFFFF


def screenshot(display: str) -> tuple[int, int, bytes]:
    """Return (width, height, rows of 32-bit BGRX pixels) of the whole screen; RuntimeError without X."""
    lib = _xlib()
    lib.XGetImage.restype = ctypes.POINTER(_XImage)
    lib.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_uint,
                              ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
    lib.XDisplayWidth.argtypes = lib.XDisplayHeight.argtypes = [ctypes.c_void_p, ctypes.c_int]
    dpy = lib.XOpenDisplay(display.encode())
    if not dpy:
        raise RuntimeError(f"cannot open X display {display}")
    try:
        width, height = lib.XDisplayWidth(dpy, 0), lib.XDisplayHeight(dpy, 0)
        image = lib.XGetImage(dpy, lib.XDefaultRootWindow(dpy), 0, 0, width, height, _ALL_PLANES, _ZPIXMAP)
        if not image or image.contents.bits_per_pixel != 32:
            raise RuntimeError("XGetImage gave no 32-bit image")
        img = image.contents
        data = ctypes.string_at(img.data, img.bytes_per_line * img.height)
        stride = img.bytes_per_line
        rows = b"".join(data[y * stride:y * stride + 4 * width] for y in range(height))
        lib.XFree(img.data)
        lib.XFree(ctypes.cast(image, ctypes.c_void_p))
        return width, height, rows
    finally:
        lib.XCloseDisplay(dpy)


def write_png(path: str, width: int, height: int, bgrx: bytes) -> None:
    """Write BGRX pixel rows (from :func:`screenshot`) as an RGB PNG file."""
    import struct
    import zlib

    raw = bytearray()
    for y in range(height):
        row = bgrx[y * 4 * width:(y + 1) * 4 * width]
        raw.append(0)
        raw += bytes(b for i in range(0, len(row), 4) for b in (row[i + 2], row[i + 1], row[i]))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(raw), 6))
                  + chunk(b"IEND", b""))


_KEYSYMS = {"/": "slash", ".": "period", "-": "minus", " ": "space"}


def type_keys(display: str, chords: list[list[str]], pause: float = 0.03) -> None:
    """Type into whatever X window has the keyboard focus (a native dialog the page cannot reach), with
    XTest: each chord is a list of keysym names held together ("Control_L", "a") or one character."""
    lib = _xlib()
    xtst = ctypes.CDLL(ctypes.util.find_library("Xtst") or "libXtst.so.6")
    lib.XStringToKeysym.restype = ctypes.c_ulong
    lib.XStringToKeysym.argtypes = [ctypes.c_char_p]
    lib.XKeysymToKeycode.restype = ctypes.c_ubyte
    lib.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
    lib.XFlush.argtypes = [ctypes.c_void_p]
    xtst.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
    dpy = lib.XOpenDisplay(display.encode())
    if not dpy:
        raise RuntimeError(f"cannot open X display {display}")
    try:
        for chord in chords:
            syms = [lib.XStringToKeysym(_KEYSYMS.get(k, k).encode()) for k in chord]
            codes = [lib.XKeysymToKeycode(dpy, sym) for sym in syms]
            if not all(codes):
                raise ValueError(f"no key for {chord!r} on {display}")
            for code in codes:
                xtst.XTestFakeKeyEvent(dpy, code, 1, 0)
            for code in reversed(codes):
                xtst.XTestFakeKeyEvent(dpy, code, 0, 0)
            lib.XFlush(dpy)
            time.sleep(pause)
    finally:
        lib.XCloseDisplay(dpy)


def type_text(display: str, text: str) -> None:
    """Type ``text`` (lowercase letters, digits, "/", ".", "-", " ") into the focused X window."""
    type_keys(display, [[ch] for ch in text])
