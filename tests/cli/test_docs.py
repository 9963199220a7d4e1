"""The documents a newcomer reads (issue 41): a short README pointing into docs/, links that lead
somewhere, and the screenshots they show."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)#\s]+)(#[^)\s]*)?\)")


def _anchors(path: Path) -> set[str]:
    """The forge's anchors of a Markdown file's headings (lower case, spaces to dashes, no punctuation)."""
    headings = re.findall(r"^#+ (.+)$", path.read_text(encoding="utf-8"), re.M)
    return {"#" + re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in headings}


def test_the_readme_is_short_and_points_to_the_guide_and_the_references() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 150
    for target in ("docs/guide.md", "docs/cli.md", "docs/python.md", "docs/formats.md", "CONTRIBUTING.md"):
        assert f"]({target})" in text, target
    assert "scripts/dev app" in text and "scripts/dev test" in text
    assert not (ROOT / "DEVELOPERS.md").exists()


def test_every_relative_link_and_image_exists() -> None:
    for doc in DOCS:
        for target, anchor in LINK.findall(doc.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+://", target):
                continue
            path = (doc.parent / target).resolve()
            assert path.exists(), f"{doc.relative_to(ROOT)} links to missing {target}"
            if anchor and path.suffix == ".md":
                assert anchor in _anchors(path), f"{doc.relative_to(ROOT)}: no {target}{anchor}"


def test_every_screenshot_in_docs_is_shown() -> None:
    shown = " ".join(d.read_text(encoding="utf-8") for d in DOCS)
    for png in (ROOT / "docs").glob("*.png"):
        assert png.name in shown, png.name
