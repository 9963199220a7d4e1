"""The man pages and shell completions of ``sudoku`` and ``sudoku-studio``, made from their argparse parsers.

Run at build time (build/build.py puts them under the folder's ``share/``, build/deb.py installs them
in ``/usr/share``), or by hand: ``python build/manuals.py OUT`` writes ``OUT/share/...``.  The man
pages come from argparse-manpage (its command, as packagers run it), with the sections argparse cannot
know (exit status, environment, files, see also) from ``build/man/<command>.h2m``; the completions
come from shtab, for bash and zsh, with the technique ids, levels, files and folders completed where an
option takes them.  Both generators are build-time dependencies (``pip install .[build]``).
"""

from __future__ import annotations

import argparse
import gzip
import importlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAN_SOURCES = ROOT / "build" / "man"
if str(ROOT) not in sys.path[:1]:  # this source tree's parsers, never an installed copy's
    sys.path.insert(0, str(ROOT))

# command -> (module, function returning its parser, the man page's one-line description)
COMMANDS = {
    "sudoku": ("engine.cli", "full_parser", "create, solve, check, rate, explain and print Sudoku puzzles"),
    "sudoku-studio": ("desktop.app", "build_parser", "enter, watch, learn and play Sudoku in a window"),
}
# where each installs under share/ (Debian's places: man-db, bash-completion, zsh's vendor folder)
MAN_DIR = "man/man1"
BASH_DIR = "bash-completion/completions"
ZSH_DIR = "zsh/vendor-completions"


class ManualError(Exception):
    """A generator is missing or failed; the message says which."""


def parser_of(command: str) -> argparse.ArgumentParser:
    """Return the command's argparse parser (imported from the source tree); KeyError for another name."""
    module, function, _ = COMMANDS[command]
    return getattr(importlib.import_module(module), function)()


def _synopsis(command: str) -> str:
    """Return the SYNOPSIS section (troff): ``sudoku`` has two forms, the classic options or a subcommand."""
    if command != "sudoku":
        return ""
    from engine.cli import COMMANDS as SUBCOMMANDS
    from engine.cli import _classic_parser

    usage = _classic_parser().format_usage().removeprefix("usage: ").strip().split(None, 1)
    # "\\&" first: the include format starts a new section at a line beginning with "["
    lines = [f".B {usage[0]}", "\\&" + _troff(" ".join(usage[1].split())), ".br"]
    lines += [".B sudoku", f"{{{','.join(SUBCOMMANDS)}}} [OPTIONS] ...", ""]
    return "[SYNOPSIS]\n" + "\n".join(lines)


def _troff(text: str) -> str:
    """Return ``text`` with the characters troff reads as commands escaped."""
    return text.replace("\\", "\\e").replace("-", "\\-")


def _generator() -> str:
    """Return the argparse-manpage command beside this Python (else on PATH); ManualError if missing."""
    beside = Path(sys.executable).with_name("argparse-manpage")
    found = str(beside) if beside.exists() else shutil.which("argparse-manpage")
    if found is None:
        raise ManualError("argparse-manpage is missing: pip install '.[build]' (or argparse-manpage)")
    return found


def man_page(command: str, version: str) -> str:
    """Return the man page (troff) of ``command``; ManualError if argparse-manpage fails."""
    module, function, description = COMMANDS[command]
    with tempfile.TemporaryDirectory(prefix="sudoku-man-") as tmp:
        include = Path(tmp) / f"{command}.h2m"
        parts = [_synopsis(command), (MAN_SOURCES / f"{command}.h2m").read_text("utf-8")]
        include.write_text("\n".join(p for p in parts if p), encoding="utf-8")
        cmd = [_generator(), "--module", module, "--function", function, "--prog", command,
               "--project-name", "Sudoku Studio", "--version", version, "--manual-title", "Sudoku Studio",
               "--manual-section", "1", "--description", description, "--include", str(include)]
        path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
        env = dict(os.environ, PYTHONPATH=path)
        result = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, env=env)
    if result.returncode != 0 or not result.stdout.startswith(".TH"):
        raise ManualError(f"argparse-manpage failed for {command}: {result.stderr.strip()[-500:]}")
    return result.stdout


def _mark_completions(parser: argparse.ArgumentParser) -> None:
    """Say what each option's value is for shtab: a file, a folder, a technique id or a level."""
    import shtab

    from engine.logic.techniques import techniques
    from engine.rating.difficulty import Difficulty

    kinds = {
        "TECHNIQUE": shtab.cmd("echo " + " ".join(t.id for t in techniques())),
        "ID": shtab.cmd("echo " + " ".join(t.id for t in techniques())),
        "LEVEL": shtab.cmd("echo " + " ".join(d.value for d in Difficulty if d is not Difficulty.EXTREME)),
        "DIR": shtab.DIRECTORY,
    }
    files = {"FILE", "OUT", "IMAGE", "PUZZLE|FILE", "FILE|LINK"}
    for action in _all_actions(parser):
        metavar = action.metavar if isinstance(action.metavar, str) else None
        if metavar in kinds:
            action.complete = kinds[metavar]  # type: ignore[attr-defined]
        elif metavar in files:
            action.complete = shtab.FILE  # type: ignore[attr-defined]


def _all_actions(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """Return every action of ``parser`` and of its subcommands' parsers."""
    actions = list(parser._actions)
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                actions += _all_actions(sub)
    return actions


def completion(command: str, shell: str) -> str:
    """Return the ``bash`` or ``zsh`` completion script of ``command``; ManualError without shtab."""
    try:
        import shtab
    except ImportError:
        raise ManualError("shtab is missing: pip install '.[build]' (or shtab)") from None
    parser = parser_of(command)
    _mark_completions(parser)
    return shtab.complete(parser, shell=shell)


def write_all(share: Path, version: str) -> list[Path]:
    """Write both commands' man pages (gzipped, as Debian installs them) and completions under
    ``share`` and return the files; ManualError if a generator is missing or fails."""
    written = []
    for command in COMMANDS:
        page = share / MAN_DIR / f"{command}.1.gz"
        page.parent.mkdir(parents=True, exist_ok=True)
        with open(page, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0,
                                                    compresslevel=9) as gz:
            gz.write(man_page(command, version).encode("utf-8"))
        bash = share / BASH_DIR / command
        zsh = share / ZSH_DIR / f"_{command}"
        for path, shell in ((bash, "bash"), (zsh, "zsh")):
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(completion(command, shell), encoding="utf-8")
        written += [page, bash, zsh]
    return written


def main(argv: list[str] | None = None) -> int:
    """Write the man pages and completions under ``OUT/share``; 0, or 1 saying what failed."""
    parser = argparse.ArgumentParser(prog="manuals.py", description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="the folder to write share/... into")
    args = parser.parse_args(argv)
    from engine import __version__

    try:
        for path in write_all(args.out / "share", __version__):
            print(path)
    except ManualError as err:
        print(f"manuals: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
