"""Where the tests find things: the repository, its test fixtures, and the shared data folder.

``DATA`` is ``../shared/data`` beside the repository (read its README.md); it is never copied in.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT.parent / "shared" / "data"
FIXTURES = ROOT / "tests" / "data"
