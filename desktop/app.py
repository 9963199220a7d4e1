"""Sudoku Studio's window: parse the command line, build the API object, open pywebview, exit cleanly.

This module and :mod:`desktop.bridge` are the only ones that touch pywebview; everything else runs
without a window.  The page is served by pywebview's built-in HTTP server from a path relative to
the application root (never ``file://``), so ES modules load as they do in a browser.  Nothing here
imports numba: the window shows first, and the API warms the solver up on a background thread.
A puzzle file or link on the command line goes to the page through Import (:mod:`desktop.contract.open`);
when a window is already open on the same data folder it goes there instead (:mod:`desktop.instance`).
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from desktop import instance
from desktop.shell import backends, frozen, geometry
from engine import __version__

TITLE = "Sudoku Studio"


def build_parser() -> argparse.ArgumentParser:
    """Return the command line's parser (also the source of the man page and the completions)."""
    parser = argparse.ArgumentParser(prog="sudoku-studio", description="Enter, watch and play Sudoku.")
    parser.add_argument("puzzle", nargs="?", metavar="FILE|LINK",
                        help="a puzzle file (one puzzle, or several to play as a set) or a puzzle's link "
                             "(SudokuWiki's ...?bd=), loaded as Import loads it; in the running window "
                             "when there is one")
    parser.add_argument("--lang", choices=("en", "zh"), help="language of the window (default: the system's)")
    parser.add_argument("--data-dir", type=Path, metavar="DIR",
                        help="where games and settings are saved (default: $SUDOKU_STUDIO_DATA_DIR, "
                             "else the per-user data folder)")
    parser.add_argument("--debug", action="store_true", help="enable the web inspector and verbose logs")
    parser.add_argument("--verbose", action="store_true",
                        help="show the web view's own messages on the terminal (hidden by default)")
    parser.add_argument("--backend", choices=backends.NAMES,
                        help="the web view (Linux): gtk (the system's WebKitGTK) or qt (QtWebEngine); "
                             "default: gtk where WebKitGTK is installed, else qt")
    parser.add_argument("--version", action="version", version=f"sudoku-studio {__version__}")
    parser.add_argument("--self-test", action="store_true",
                        help="open the window, enter and solve a puzzle through it, exit 0 if all is well")
    return parser


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """Return the parsed command line; exits with status 2 and a usage line on bad arguments."""
    return build_parser().parse_args(argv)


# A watched run redraws the page many times a second and each redraw leaves garbage mostly outside
# V8's own heap (Blink's layout fragments and nodes), so neither V8's heap limit nor an idle time ever
# started a full collection: QtWebEngine's renderer grew 3 MB a second (+553 MB in 3 minutes), still
# +196 MB in 10 minutes with a 32 MB old space.  ``gc`` exposed lets the page collect every few
# seconds while a run is on (ui/js/solve.js): the whole tree at most +53 MB in 10 minutes
# (benchmarks/README.md).
JS_FLAGS = "--js-flags=--expose-gc"


def prepare_environment() -> None:
    """Set what QtWebEngine needs before it starts: no sandbox as root on Linux (unless the flags are
    already set), and ``gc`` for the page (unless the flags already set the JS flags)."""
    if sys.platform.startswith("linux") and hasattr(os, "geteuid") and os.geteuid() == 0:
        # Chromium refuses to run its sandbox as root; a user's own flags win
        os.environ.setdefault("QTWEBENGINE_CHROMIUM_FLAGS", "--no-sandbox")
    flags = os.environ.get("QTWEBENGINE_CHROMIUM_FLAGS", "")
    if "--js-flags" not in flags:
        os.environ["QTWEBENGINE_CHROMIUM_FLAGS"] = f"{flags} {JS_FLAGS}".strip()


def page_url(root: str) -> str:
    """Return ``ui/index.html`` as a path relative to pywebview's application root ``root``."""
    index = frozen.ui_dir() / "index.html"
    if not index.is_file():
        raise FileNotFoundError(f"the user interface is missing: {index}")
    try:
        return os.path.relpath(index, root).replace(os.sep, "/")
    except ValueError:  # another drive on Windows: no relative path exists
        return str(index)


def work_area(gui: str | None) -> tuple[int, int, int, int] | None:
    """Return the first screen's work area (x, y, width, height: the screen less its panels where the
    toolkit says so), or None when the toolkit cannot tell (the window then opens at its default)."""
    try:
        from webview.guilib import initialize

        screen = initialize(gui).get_screens()[0]
    except Exception:  # noqa: BLE001 - any toolkit failure: open at the default size instead
        return None
    frame = screen.frame
    if hasattr(frame, "availableGeometry"):  # Qt's QScreen knows the work area
        area = frame.availableGeometry()
        return area.x(), area.y(), area.width(), area.height()
    return screen.x, screen.y, screen.width, screen.height


def run(argv: Sequence[str] | None = None) -> None:
    """Open the window and block until it closes, then exit the process at once (status 0)."""
    args = parse_args(argv)
    checker = None
    if args.self_test:
        from desktop.shell.selftest import SelfTest

        checker = SelfTest()
        # a temporary data folder (never the user's games) and the English accessible names
        args.data_dir, args.lang = checker.data_dir, "en"
    data_dir = args.data_dir
    if data_dir is None and os.environ.get("SUDOKU_STUDIO_DATA_DIR"):
        data_dir = Path(os.environ["SUDOKU_STUDIO_DATA_DIR"])
    opened = None if args.puzzle is None else instance.resolve_argument(args.puzzle)
    if opened is not None and not instance.is_link(opened) and not Path(opened).is_file():
        print(f"sudoku-studio: {args.puzzle}: no such file", file=sys.stderr)
        sys.exit(2)
    handoff = instance.Handoff()  # a later launch's argument, kept until the window exists
    listener = None
    if checker is None:
        handed, listener = instance.claim(data_dir or _default_data_dir(), opened, handoff.receive)
        if handed:  # the running window has it
            sys.exit(0)
    try:
        gui = backends.choose(args.backend)
    except backends.BackendMissing as err:
        print(f"sudoku-studio: {err}", file=sys.stderr)
        sys.exit(2)
    if not (args.verbose or args.debug):
        backends.quiet_native_output()
    level = logging.DEBUG if args.debug else logging.INFO if args.verbose else logging.WARNING
    logging.basicConfig(level=level, format="sudoku-studio: %(levelname)s: %(name)s: %(message)s")
    prepare_environment()

    import webview  # only here and in the bridge: the rest of desktop/ runs without a window
    from webview.util import get_app_root

    from desktop.bridge import WindowBridge
    from desktop.contract.api import Api
    from desktop.exposed import expose

    bridge = WindowBridge()
    api = Api(bridge, data_dir=data_dir, lang=args.lang)
    if opened is not None:
        api._open_later(opened)  # the page takes it once it listens (desktop/contract/open.py)
    else:
        api._open_first_puzzle()  # a new player finds an easy puzzle, not an empty board
    settings = api._host.effective_settings()
    dark = settings["theme"] == "dark"
    area = work_area(gui)
    x, y, width, height = (geometry.place(settings["window"], area) if area
                           else (None, None, *geometry.DEFAULT_SIZE))
    window = webview.create_window(
        TITLE,
        url=page_url(get_app_root()),
        js_api=expose(api),  # the Api's public methods and nothing else (desktop/exposed.py)
        text_select=True,  # pywebview's no-select style is inline, refused by the page's CSP: app.css has it
        x=x,
        y=y,
        width=width,
        height=height,
        min_size=geometry.MIN_SIZE,
        background_color="#15181d" if dark else "#f4f1ea",
    )
    bridge.attach(window)
    handoff.attach(api, window)  # from now on a later launch's argument goes straight to the page

    # where the window is, as its events tell: reading window.x while it closes waits for the GUI thread
    # that is closing it (the self-test's process never ended)
    place = {"x": x, "y": y, "width": width, "height": height}

    def resized(w: int, h: int) -> None:
        place.update(width=w, height=h)

    def moved(left: int, top: int) -> None:
        place.update(x=left, y=top)

    def closing() -> None:
        if None not in place.values():  # a window that never said where it is: nothing remembered
            with contextlib.suppress(Exception):
                api._host.remember_window([int(place[k]) for k in ("x", "y", "width", "height")])
        if listener is not None:
            listener.close()
        bridge.close()
        api._shutdown()

    window.events.resized += resized
    window.events.moved += moved
    # the warm-up, an unfinished set's maker and the analysis start once the window shows (the page's
    # calls start nothing)
    window.events.shown += api._start

    window.events.closing += closing
    icon = frozen.asset_path("icon.png")
    webview.start(
        checker.run if checker else None,
        window,
        gui=gui,
        debug=args.debug,
        icon=str(icon) if icon.is_file() else None,
    )
    if listener is not None:
        listener.close()
    api._shutdown()
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    if checker:
        checker.cleanup()
    # every save is already on disk; daemon workers (a solve, a numba compile) must not delay the exit
    os._exit(checker.status if checker else 0)


def _default_data_dir() -> Path:
    """Return the per-user data folder the Api uses when none is given (imports platformdirs late)."""
    from desktop.io.storage import default_data_dir

    return default_data_dir()

