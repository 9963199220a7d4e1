"""The window's back end choice (desktop/shell/backends.py) and the quiet terminal, without opening a
window."""

from __future__ import annotations

import subprocess
import sys

import pytest

from desktop.shell import backends

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="chosen on Linux only")


def _python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)


@linux_only
def test_default_is_gtk_where_webkitgtk_is_installed_else_qt() -> None:
    expected = "gtk" if backends.gtk_available() else "qt" if backends.qt_available() else None
    assert expected is not None, "scripts/dev installs both web views"
    assert backends.choose(None) == expected
    assert backends.choose("qt") == "qt"


@linux_only
@pytest.mark.parametrize(
    ("hidden", "args", "names"),
    [
        (["gi", "PyQt6"], [], backends.GTK_PACKAGES.split()),  # neither: say what to install
        (["gi"], ["--backend", "gtk"], ["gir1.2-webkit2-4.1", "python3-gi"]),
        (["PyQt6"], ["--backend", "qt"], ["--backend gtk"]),
    ],
)
def test_a_missing_web_view_is_one_clear_line_naming_what_to_install(hidden: list[str], args: list[str],
                                                                      names: list[str]) -> None:
    # None in sys.modules makes an import fail as if the package were not installed
    blocked = "".join(f"sys.modules[{name!r}] = None; " for name in hidden)
    result = _python(f"import sys; {blocked}from desktop.app import run; run({[*args, '--self-test']!r})")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("sudoku-studio: ") and len(result.stderr.strip().splitlines()) == 1
    for name in names:
        assert name in result.stderr


def test_quiet_native_output_hides_native_writes_and_keeps_pythons() -> None:
    code = ("import os, sys; from desktop.shell.backends import quiet_native_output; quiet_native_output(); "
            "os.write(2, b'Gtk-WARNING chatter\\n'); print('ours', file=sys.stderr); "
            "import subprocess; subprocess.run(['sh', '-c', 'echo child chatter >&2'])")
    result = _python(code)
    assert result.returncode == 0
    assert result.stderr == "ours\n"
