"""The desktop integration files (issue 41): the man pages agree with ``--help``, the completions offer
every subcommand, option and technique id, the AppStream metainfo and the MIME package are valid.

The man pages and completions are made here as the build makes them (build/manuals.py, from the
argparse parsers with argparse-manpage and shtab); tests/test_bundle.py checks the .deb installs them.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from engine import TECHNIQUES, __version__
from engine.cli import COMMANDS, full_parser, main

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "build"
sys.path.insert(0, str(BUILD))
import manuals  # noqa: E402  (build/manuals.py: the build's own generator)

OPTION = re.compile(r"(?<![\w-])--?[A-Za-z][\w-]*")


def _man_text(command: str) -> str:
    """The man page rendered by man(1) as a reader sees it, one long line per paragraph."""
    page = manuals.man_page(command, __version__)
    rendered = subprocess.run(["man", "-l", "-"], input=page, capture_output=True, text=True, check=True,
                              env={"MANWIDTH": "2000", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"})
    return rendered.stdout


def _help(argv: list[str]) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(argv) == 0
    return out.getvalue()


def _options(text: str) -> set[str]:
    return set(OPTION.findall(text.replace("\u2010", "-")))


def _section(man: str, title: str) -> str:
    """The part of the rendered page from heading ``title`` to the next heading."""
    found = re.search(rf"^{re.escape(title)}\n(.*?)(?=^\S)", man, re.M | re.S)
    assert found, f"no section {title!r} in the man page"
    return found.group(1)


def _words(text: str) -> str:
    return " ".join(text.split())


def test_sudoku_help_and_its_man_page_agree() -> None:
    man = _man_text("sudoku")
    classic = _help(["--help"])
    top = _section(man, "OPTIONS")
    assert _options(top) == _options(classic.split("subcommands:")[0]) - {"-h", "--help"}
    assert {"-c", "-s", "--jobs", "--essentially-different"} <= _options(top)
    for command in COMMANDS:
        shown = _help([command, "--help"])
        assert f"sudoku {command}" in man
        wanted = _options(shown.split("options:")[-1]) - {"-h", "--help"}
        if wanted:  # a subcommand with no option but --help has no OPTIONS section
            assert _options(_section(man, f"OPTIONS 'sudoku {command}'")) == wanted, command
        # every argument's help line reads the same in both
        for line in re.findall(r"^  \S.*?  +(\S.*)$", shown, re.M):
            if not line.startswith("show this help"):
                assert _words(line)[:40] in _words(man), (command, line)
    assert f"Sudoku Studio {__version__}" in man
    for heading in ("NAME", "SYNOPSIS", "EXIT STATUS", "SEE ALSO"):
        assert re.search(rf"^{heading}$", man, re.M), heading


def test_sudoku_studio_help_and_its_man_page_agree() -> None:
    man = _man_text("sudoku-studio")
    shown = subprocess.run([sys.executable, "-m", "desktop", "--help"], capture_output=True, text=True,
                           cwd=ROOT, check=True).stdout
    assert _options(_section(man, "OPTIONS")) == _options(shown.split("options:")[-1]) - {"-h", "--help"}
    assert "FILE|LINK" in shown and "FILE|LINK" in man
    for line in re.findall(r"^  \S.*?  +(\S.*)$", shown, re.M):
        if not line.startswith("show this help"):
            assert _words(line)[:40] in _words(man), line


def _bash_complete(command: str, words: list[str], tmp_path: Path) -> list[str]:
    script = tmp_path / command
    script.write_text(manuals.completion(command, "bash"), encoding="utf-8")
    line = " ".join([command, *words])
    driver = (f'source {script}; COMP_WORDS=({line}); COMP_CWORD={len(words)}; '
              f'COMP_LINE="{line}"; COMP_POINT=${{#COMP_LINE}}; _shtab_{command.replace("-", "_")}; '
              'printf "%s\\n" "${COMPREPLY[@]}"')
    result = subprocess.run(["bash", "-c", driver], capture_output=True, text=True, check=True)
    return result.stdout.split()


def test_bash_completes_every_subcommand_option_and_technique_id(tmp_path: Path) -> None:
    assert _bash_complete("sudoku", ["''"], tmp_path) == list(COMMANDS)
    parser = full_parser()
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for command, sub in subparsers.choices.items():
        offered = set(_bash_complete("sudoku", [command, "-"], tmp_path))
        wanted = {o for a in sub._actions for o in a.option_strings}
        assert offered == wanted, command
    ids = [t.id for t in TECHNIQUES]
    assert _bash_complete("sudoku", ["practise", "''"], tmp_path) == ids
    assert _bash_complete("sudoku", ["hint", "GRID", "--technique", "x_"], tmp_path) == \
        [i for i in ids if i.startswith("x_")]
    assert _bash_complete("sudoku", ["generate", "--needs", "''"], tmp_path) == ids
    assert set(_bash_complete("sudoku", ["generate", "--difficulty", "''"], tmp_path)) == \
        {"easy", "medium", "hard", "expert", "master"}
    studio = set(_bash_complete("sudoku-studio", ["--"], tmp_path))
    assert {"--lang", "--data-dir", "--backend", "--self-test", "--version"} <= studio


def test_zsh_reads_both_completions(tmp_path: Path) -> None:
    if shutil.which("zsh") is None:
        pytest.fail("zsh is missing (scripts/dev installs it)")
    for command in manuals.COMMANDS:
        (tmp_path / f"_{command}").write_text(manuals.completion(command, "zsh"), encoding="utf-8")
    probe = (f"fpath=({tmp_path} $fpath); autoload -Uz compinit && compinit -u -D; "
             "print -r -- $_comps[sudoku] $_comps[sudoku-studio]")
    result = subprocess.run(["zsh", "-f", "-c", probe], capture_output=True, text=True, check=True)
    assert result.stdout.split() == ["_sudoku", "_sudoku-studio"]
    assert "x_wing" in (tmp_path / "_sudoku").read_text(encoding="utf-8")


def test_the_metainfo_is_valid_and_names_both_commands() -> None:
    path = BUILD / "sudoku-studio.metainfo.xml"
    result = subprocess.run(["appstreamcli", "validate", "--no-net", "--strict", str(path)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    root = ET.parse(path).getroot()
    lang = "{http://www.w3.org/XML/1998/namespace}lang"
    assert {e.get(lang) for e in root.findall("name")} == {None, "zh_CN"}
    assert {e.get(lang) for e in root.findall("summary")} == {None, "zh_CN"}
    assert [b.text for b in root.findall("provides/binary")] == ["sudoku", "sudoku-studio"]
    assert root.find("releases/release").get("version") == __version__
    shots = [i.text.rsplit("/", 1)[-1] for i in root.findall("screenshots/screenshot/image")]
    assert shots and all((ROOT / "docs" / name).is_file() for name in shots)
    assert root.find("content_rating").get("type").startswith("oars")
    assert root.find("launchable").text == "sudoku-studio.desktop"


def test_the_mime_package_names_the_puzzle_files_the_desktop_file_opens(tmp_path: Path) -> None:
    packages = tmp_path / "mime" / "packages"
    packages.mkdir(parents=True)
    shutil.copy(BUILD / "sudoku-studio-mime.xml", packages / "sudoku-studio.xml")
    shutil.copy("/usr/share/mime/packages/freedesktop.org.xml", packages)
    subprocess.run(["update-mime-database", str(tmp_path / "mime")], check=True, capture_output=True)
    globs = (tmp_path / "mime" / "globs2").read_text(encoding="utf-8")
    for pattern, kind in (("*.sdm", "application/x-sudoku-sdm"), ("*.sdk", "application/x-sudoku-sdk"),
                          ("*.ss", "application/x-sudoku-ss"), ("*.fpuzzles", "application/x-fpuzzles+json")):
        assert f"{kind}:{pattern}" in globs
    declared = re.search(r"^MimeType=(.*)$", (BUILD / "sudoku-studio.desktop").read_text("utf-8"), re.M)
    assert declared
    types = {t for t in declared.group(1).split(";") if t}
    ours = {e.get("type") for e in ET.parse(BUILD / "sudoku-studio-mime.xml").getroot()}
    assert ours <= types and "text/plain" in types
    result = subprocess.run(["desktop-file-validate", str(BUILD / "sudoku-studio.desktop")],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
