"""Which web view the window runs on, and keeping native libraries' chatter off the terminal.

On Linux pywebview has two back ends we support: ``gtk``, the system's WebKitGTK (Debian's
``gir1.2-webkit2-4.1``; what the standalone bundle and the .deb use, so they carry no browser), and
``qt``, QtWebEngine from pip's PyQt6 (a source install; the real-window tests drive it through its
DevTools port).  The default is GTK where WebKitGTK is installed, else Qt.  On Windows and macOS
pywebview uses the system's web view (WebView2, WKWebView) and no choice is made here.

Qt's Chromium, GTK and D-Bus write warnings straight to the process's standard error (file
descriptor 2), below Python.  :func:`quiet_native_output` points that descriptor at the null
device while Python's own ``sys.stderr`` (our messages, a self-test's verdict, a traceback) keeps
the terminal; ``--verbose`` leaves everything as it was.
"""

from __future__ import annotations

import importlib.util
import os
import sys

NAMES = ("gtk", "qt")
GTK_PACKAGES = "gir1.2-webkit2-4.1 libwebkit2gtk-4.1-0 python3-gi"


class BackendMissing(Exception):
    """The web view asked for (or any web view at all) is not installed; the message says what to install."""


def gtk_available() -> bool:
    """Return True if ``gi`` imports and WebKitGTK's introspection data (4.1, or 4.0) is installed."""
    try:
        import gi

        gi.require_version("Gtk", "3.0")
        for version in ("4.1", "4.0"):
            try:
                gi.require_version("WebKit2", version)
                return True
            except ValueError:
                continue
    except (ImportError, ValueError):
        pass
    return False


def qt_available() -> bool:
    """Return True if PyQt6 with its WebEngine widgets is installed (imports nothing but PyQt6's package)."""
    try:
        return importlib.util.find_spec("PyQt6.QtWebEngineWidgets") is not None
    except (ImportError, ValueError):
        return False


def choose(requested: str | None) -> str | None:
    """Return pywebview's ``gui`` for ``requested`` (None: default); BackendMissing if it isn't installed."""
    if not sys.platform.startswith("linux"):
        return requested  # pywebview picks the system's web view itself
    if requested == "gtk" or (requested is None and gtk_available()):
        if requested and not gtk_available():
            raise BackendMissing(f"the GTK web view needs WebKitGTK: install {GTK_PACKAGES} "
                                 f"(sudo apt install {GTK_PACKAGES})")
        return "gtk"
    if qt_available():
        return "qt"
    if requested == "qt":
        raise BackendMissing("the Qt web view is not installed here: use --backend gtk, or install "
                             "pywebview[qt] into a source install")
    raise BackendMissing(f"no web view found: install WebKitGTK with sudo apt install {GTK_PACKAGES} "
                         "(Debian, Ubuntu; other systems: WebKitGTK 4.1 and PyGObject)")


def quiet_native_output() -> None:
    """Send native libraries' writes to standard error to the null device; ``sys.stderr`` keeps the terminal.

    Does nothing where standard error is not a file descriptor (a Windows GUI executable) or on
    Windows, where the web view writes nothing there.
    """
    if sys.platform == "win32" or sys.stderr is None:
        return
    try:
        sys.stderr.flush()
        kept = os.dup(2)
        null = os.open(os.devnull, os.O_WRONLY)
    except (OSError, ValueError):
        return
    os.dup2(null, 2)
    os.close(null)
    sys.stderr = os.fdopen(kept, "w", buffering=1, encoding="utf-8", errors="backslashreplace")
