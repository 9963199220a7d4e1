"""Build the standalone Sudoku Studio folder, its archive and (on Debian) a .deb: ``python build/build.py``.

Compiles the engine's kernels ahead of time (build/aot.py), runs PyInstaller on
``build/sudoku-studio.spec`` (work files in ``build/work/``), adds the desktop integration files,
strips the libraries, checks that both executables start and agree on the version, then writes
``SudokuStudio-<version>-<os>-<arch>.tar.gz`` (``.zip`` on Windows) and, where ``dpkg-deb`` exists,
``sudoku-studio_<version>_<arch>.deb`` beside the folder, and prints their sizes (see build/README.md).
Exit status 0 on success, 1 with a one-line reason otherwise.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

import deb  # build/deb.py, beside this script
import manuals  # build/manuals.py, beside this script

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
NAME = "SudokuStudio"
WINDOWS = sys.platform == "win32"
EXE_SUFFIX = ".exe" if WINDOWS else ""


class BuildError(Exception):
    """A step of the build failed; the message says which and why."""


def project_version() -> str:
    """Return the version in engine/__init__.py; raises BuildError if it can't be found."""
    found = re.search(r'__version__ = "([^"]+)"', (ROOT / "engine" / "__init__.py").read_text("utf-8"))
    if not found:
        raise BuildError("no __version__ in engine/__init__.py")
    return found.group(1)


def compile_kernels(work: Path) -> Path:
    """Compile the kernels ahead of time into ``work/aot`` and return that folder; BuildError if it fails."""
    out = work / "aot"
    shutil.rmtree(out, ignore_errors=True)  # never a module left from other code
    result = subprocess.run([sys.executable, str(BUILD / "aot.py"), "--portable", str(out)], cwd=ROOT)
    if result.returncode != 0:
        raise BuildError("compiling the kernels ahead of time failed (build/aot.py's message is above)")
    return out


def run_pyinstaller(dist: Path, work: Path, aot: Path) -> Path:
    """Run PyInstaller on the spec and return the built folder; raises BuildError if it fails."""
    try:
        import PyInstaller  # noqa: F401  (only to give a clear message when it is missing)
    except ImportError:
        raise BuildError("PyInstaller is missing: run scripts/dev setup (or pip install .[build])") from None
    cmd = [
        sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
        "--distpath", str(dist), "--workpath", str(work), str(BUILD / "sudoku-studio.spec"),
    ]  # fmt: skip
    env = dict(os.environ, SUDOKU_STUDIO_AOT_DIR=str(aot))
    if subprocess.run(cmd, cwd=ROOT, env=env).returncode != 0:
        raise BuildError("PyInstaller failed (its messages are above)")
    folder = dist / NAME
    if not folder.is_dir():
        raise BuildError(f"PyInstaller made no {folder}")
    return folder


METAINFO_ID = "io.github.sudokustudio.SudokuStudio"  # the <id> of build/sudoku-studio.metainfo.xml


def add_desktop_files(folder: Path, version: str) -> None:
    """Copy the icon, the .desktop file and its installer into the folder, and under its ``share/`` the
    AppStream metainfo, the MIME package, the man pages and the completions (Linux only); BuildError if
    the man pages or completions cannot be made."""
    if not sys.platform.startswith("linux"):
        return
    share = folder / "share"
    (share / "metainfo").mkdir(parents=True, exist_ok=True)
    shutil.copy2(BUILD / "sudoku-studio.metainfo.xml", share / "metainfo" / f"{METAINFO_ID}.metainfo.xml")
    (share / "mime" / "packages").mkdir(parents=True, exist_ok=True)
    shutil.copy2(BUILD / "sudoku-studio-mime.xml", share / "mime" / "packages" / "sudoku-studio.xml")
    try:
        manuals.write_all(share, version)
    except manuals.ManualError as err:
        raise BuildError(str(err)) from None
    assets = ROOT / "desktop" / "assets"
    shutil.copy2(assets / "icon.png", folder / "sudoku-studio.png")
    shutil.copy2(assets / "icon.svg", folder / "sudoku-studio.svg")
    shutil.copy2(BUILD / "sudoku-studio.desktop", folder / "sudoku-studio.desktop")
    shutil.copy2(BUILD / "install-desktop-entry.sh", folder / "install-desktop-entry.sh")
    (folder / "install-desktop-entry.sh").chmod(0o755)
    shutil.copy2(BUILD / "README-linux.txt", folder / "README.txt")


# Every shared library is stripped except those auditwheel patched (numpy.libs/: `strip` corrupts them,
# "ELF load command address/offset not page-aligned", and numpy's OpenBLAS then fails to load).  The
# executables are not: PyInstaller appends its archive to them, which `strip` would cut off.
NO_STRIP = re.compile(r"(^|/)[^/]+\.libs/")
SHARED_LIBRARY = re.compile(r"\.so(\.[\d.]+)?$")


def strip_libraries(folder: Path) -> int:
    """Strip every shared library but numpy.libs/ (Linux, when `strip` exists); return bytes saved."""
    strip = shutil.which("strip")
    if not sys.platform.startswith("linux") or strip is None:
        return 0
    saved = 0
    for path in folder.rglob("*"):
        rel = path.relative_to(folder).as_posix()
        if path.is_symlink() or not path.is_file() or not SHARED_LIBRARY.search(rel) or NO_STRIP.search(rel):
            continue
        before = path.stat().st_size
        if subprocess.run([strip, "--strip-unneeded", str(path)], capture_output=True).returncode != 0:
            raise BuildError(f"strip failed on {path}")
        saved += before - path.stat().st_size
    return saved


def check_versions(folder: Path, version: str) -> None:
    """Run both executables with --version; raises BuildError unless both print ``version``."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    for exe in ("sudoku", "sudoku-studio"):
        path = folder / (exe + EXE_SUFFIX)
        try:
            out = subprocess.run(
                [str(path), "--version"], capture_output=True, text=True, timeout=120, env=env, cwd=folder
            )
        except (OSError, subprocess.TimeoutExpired) as err:
            raise BuildError(f"{exe} --version did not run: {err}") from None
        text = (out.stdout + out.stderr).strip()
        if out.returncode != 0 or text.split()[-1:] != [version]:
            raise BuildError(f"{exe} --version printed {text!r} (status {out.returncode}), not {version}")


def folder_size(folder: Path) -> int:
    """Return the bytes of every file under ``folder`` (symbolic links count as themselves)."""
    return sum(p.lstat().st_size for p in folder.rglob("*") if p.is_file() or p.is_symlink())


def archive_name(version: str) -> str:
    """Return e.g. ``SudokuStudio-0.1.0-linux-x86_64.tar.gz`` for this machine."""
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform.rstrip("0123456789"))
    ext = ".zip" if WINDOWS else ".tar.gz"
    return f"{NAME}-{version}-{system}-{platform.machine().lower()}{ext}"


def make_archive(folder: Path, target: Path) -> None:
    """Write the folder into ``target`` (tar.gz or zip by its name), replacing it only when complete."""
    tmp = target.with_name(target.name + ".part")
    if target.name.endswith(".zip"):
        with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as zf:
            for path in sorted(folder.rglob("*")):
                zf.write(path, path.relative_to(folder.parent))
    else:
        # level 6: within 2% of level 9 on this folder at half the time
        with tarfile.open(tmp, "w:gz", compresslevel=6) as tf:
            tf.add(folder, arcname=folder.name)
    os.replace(tmp, target)


def main(argv: list[str] | None = None) -> int:
    """Build the folder and archive; return 0, or 1 after printing why the build failed."""
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder (default dist/)")
    parser.add_argument("--work", type=Path, default=BUILD / "work", help="PyInstaller's work folder")
    parser.add_argument("--no-archive", action="store_true", help="the folder only (no archive, no .deb)")
    args = parser.parse_args(argv)
    started = time.monotonic()
    try:
        version = project_version()
        aot = compile_kernels(args.work.resolve())
        folder = run_pyinstaller(args.dist.resolve(), args.work.resolve(), aot)
        add_desktop_files(folder, version)
        print(f"stripped {strip_libraries(folder) / 1e6:.1f} MB of symbols")
        check_versions(folder, version)
        print(f"built {folder}: {folder_size(folder) / 1e6:.1f} MB unpacked")
        if not args.no_archive:
            target = folder.parent / archive_name(version)
            make_archive(folder, target)
            print(f"archive {target}: {target.stat().st_size / 1e6:.1f} MB")
            if sys.platform.startswith("linux") and shutil.which("dpkg-deb"):
                package = deb.make_deb(folder, version)
                print(f"package {package}: {package.stat().st_size / 1e6:.1f} MB")
    except (BuildError, deb.DebError) as err:
        print(f"build: {err}", file=sys.stderr)
        return 1
    print(f"done in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
