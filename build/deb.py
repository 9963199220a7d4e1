"""Package the built Linux folder as a Debian package with ``dpkg-deb`` (no network needed).

The package installs the folder as ``/opt/sudoku-studio``, the ``sudoku`` and ``sudoku-studio``
commands as links in ``/usr/bin``, the menu entry in ``/usr/share/applications``, the icons in
``/usr/share/icons/hicolor``, and what build.py made under the folder's ``share/`` in ``/usr/share``:
the AppStream metainfo, the MIME package of the puzzle files it opens, the man pages and the bash and
zsh completions (dpkg's triggers update the MIME, menu and man databases).  It depends on what the
bundle leaves to the system: WebKitGTK 4.1 and GTK 3 with their introspection data, and
libgirepository, which the bundled ``gi`` links to, so ``apt install ./sudoku-studio_*.deb`` pulls
them in on Debian 12 or 13 (and Ubuntu 22.04 or later).
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

PACKAGE = "sudoku-studio"
PREFIX = "opt/sudoku-studio"
DEPENDS = "gir1.2-webkit2-4.1, libwebkit2gtk-4.1-0, gir1.2-gtk-3.0, libgirepository-1.0-1"
# `sudoku print` finds a Chinese font on the system (engine/output/fonts.py; the bundle carries none)
RECOMMENDS = "fonts-noto-cjk, fontconfig"
CONTROL = """\
Package: {package}
Version: {version}
Architecture: {arch}
Maintainer: Sudoku Studio developers <sudoku-studio@localhost>
Installed-Size: {kib}
Depends: {depends}
Recommends: {recommends}
Section: games
Priority: optional
Description: Sudoku solver, tutor and game
 Enter a Sudoku, watch it solved step by step, learn the human techniques
 that solve it, and play.  Includes the `sudoku` command line: create
 complete grids, solve, check, rate and print puzzle files.
"""


class DebError(Exception):
    """dpkg-deb is missing or failed; the message says which."""


def deb_name(version: str, arch: str) -> str:
    """Return the package's file name, e.g. ``sudoku-studio_0.1.0_amd64.deb``."""
    return f"{PACKAGE}_{version}_{arch}.deb"


def architecture() -> str:
    """Return this system's Debian architecture (``amd64``...); DebError without dpkg."""
    try:
        return subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError) as err:
        raise DebError(f"dpkg --print-architecture failed: {err}") from None


def _stage(folder: Path, root: Path, version: str, arch: str) -> None:
    shutil.copytree(folder, root / PREFIX, symlinks=True)
    bin_dir = root / "usr" / "bin"
    bin_dir.mkdir(parents=True)
    for exe in ("sudoku", "sudoku-studio"):
        (bin_dir / exe).symlink_to(f"/{PREFIX}/{exe}")  # PyInstaller finds _internal/ through the link
    apps = root / "usr" / "share" / "applications"
    apps.mkdir(parents=True)
    shutil.copy2(folder / "sudoku-studio.desktop", apps / "sudoku-studio.desktop")
    icons = root / "usr" / "share" / "icons" / "hicolor"
    for sub, name in (("256x256/apps", "sudoku-studio.png"), ("scalable/apps", "sudoku-studio.svg")):
        (icons / sub).mkdir(parents=True)
        shutil.copy2(folder / name, icons / sub / name)
    if (folder / "share").is_dir():
        shutil.copytree(folder / "share", root / "usr" / "share", dirs_exist_ok=True)
    kib = sum(p.lstat().st_size for p in root.rglob("*") if p.is_file() or p.is_symlink()) // 1024
    (root / "DEBIAN").mkdir()
    control = CONTROL.format(
        package=PACKAGE, version=version, arch=arch, kib=kib, depends=DEPENDS, recommends=RECOMMENDS
    )
    (root / "DEBIAN" / "control").write_text(control, encoding="utf-8")
    for path in root.rglob("*"):  # dpkg-deb wants 0755 folders; umask may have made others
        if path.is_dir() and not path.is_symlink():
            path.chmod(0o755)


def make_deb(folder: Path, version: str) -> Path:
    """Write ``sudoku-studio_<version>_<arch>.deb`` beside ``folder`` and return it; DebError if it fails."""
    if shutil.which("dpkg-deb") is None:
        raise DebError("dpkg-deb is missing (Debian's dpkg-dev or dpkg)")
    arch = architecture()
    target = folder.parent / deb_name(version, arch)
    with tempfile.TemporaryDirectory(prefix="sudoku-deb-", dir=folder.parent) as tmp:
        root = Path(tmp) / "root"
        _stage(folder, root, version, arch)
        part = Path(tmp) / target.name
        result = subprocess.run(
            ["dpkg-deb", "--root-owner-group", "-Zxz", "-z6", "--build", str(root), str(part)],
            capture_output=True, text=True,
        )
        if result.returncode != 0:
            raise DebError(f"dpkg-deb failed: {result.stderr.strip()[-500:]}")
        part.replace(target)
    return target
