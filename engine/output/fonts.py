"""Finding an installed font for printed text beyond Latin-1 (a Chinese title, Chinese labels).

The digits and Latin text use the PDF's built-in Helvetica, which every viewer has and which
embeds nothing.  Other text needs a font file that has its characters; we do not ship one (Noto
Sans CJK is 16-20 MB, half the bundle's budget), so we look on the system: fontconfig's choice
for Chinese first (``fc-match``, where it exists: Linux, the .deb depends on fonts-noto-cjk), then
the usual files of Debian, macOS and Windows.  A candidate is taken only if its character map has
every character of the text, so a missing glyph is an error message, never a blank box.  The PDF
embeds only the glyphs it uses (a few kilobytes).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from typing import NamedTuple

from engine.errors import SudokuError

KNOWN_FONTS = (
    # (file, face index): Simplified Chinese faces of the usual collections
    ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 2),
    ("/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc", 2),
    ("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", 0),
    ("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc", 0),
    ("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf", 0),
    ("/System/Library/Fonts/PingFang.ttc", 0),
    ("/System/Library/Fonts/STHeiti Light.ttc", 0),
    ("/Library/Fonts/Arial Unicode.ttf", 0),
    (os.path.join(os.environ.get("WINDIR", r"C:\Windows"), "Fonts", "msyh.ttc"), 0),
    (os.path.join(os.environ.get("WINDIR", r"C:\Windows"), "Fonts", "simsun.ttc"), 0),
)


class FontFile(NamedTuple):
    """A font on disk: its file and, for a collection (.ttc), the face's index in it."""

    path: str
    index: int


class MissingFontError(SudokuError):
    """No installed font has every character of a text that must be printed."""


def _fontconfig_choice() -> Iterator[FontFile]:
    """Yield fontconfig's font for Chinese text, if fc-match is installed and answers."""
    fc_match = shutil.which("fc-match")
    if fc_match is None:
        return
    try:
        done = subprocess.run(
            [fc_match, "-f", "%{file}\n%{index}", "sans:lang=zh-cn"],
            capture_output=True,
            text=True,
            timeout=10,
        )
    except (OSError, subprocess.SubprocessError):
        return
    path, _, index = done.stdout.partition("\n")
    if done.returncode == 0 and path and index.strip().isdigit():
        yield FontFile(path, int(index))


def _covers(font: FontFile, text: str) -> bool:
    """Return True if the font's character map has every character of ``text`` but spaces."""
    from fontTools.ttLib import TTFont, TTLibError

    try:
        with TTFont(font.path, fontNumber=font.index, lazy=True) as tt:
            cmap = tt.getBestCmap() or {}
    except (OSError, TTLibError, ValueError, KeyError, AssertionError):
        return False
    return all(ord(ch) in cmap for ch in set(text) if not ch.isspace())


def font_for(text: str) -> FontFile:
    """Return an installed font that has every character of ``text``; MissingFontError if none has."""
    seen = set()
    for font in [*_fontconfig_choice(), *(FontFile(p, i) for p, i in KNOWN_FONTS)]:
        if font in seen or not os.path.isfile(font.path):
            continue
        seen.add(font)
        if _covers(font, text):
            return font
    raise MissingFontError(
        f"no installed font has the characters of {text!r}; install a Chinese font "
        "(Debian: fonts-noto-cjk) or print with an English title"
    )
