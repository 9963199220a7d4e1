"""Issue 37's finding: a path from a file dialog that is not a regular file (a FIFO, a device, a folder)
is refused with a clear message by every call that reads or writes it, never blocking; the CLI keeps
reading pipes (``sudoku -s <(...)``)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from desktop.bridge import RecordingBridge
from desktop.contract.api import Api

P = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
REPO = Path(__file__).resolve().parents[2]


class _Dialogs(RecordingBridge):
    answer: str = ""

    def choose_file(self, kind: str):
        return self.answer


def _within(seconds: float, call, *args) -> dict:
    """Return ``call(*args)``'s answer; fail if it has not answered within ``seconds`` (it blocked)."""
    box: list = []
    worker = threading.Thread(target=lambda: box.append(call(*args)), daemon=True)
    worker.start()
    worker.join(seconds)
    assert box, f"{call.__name__} blocked"
    return box[0]


CALLS = (("open_file", ()), ("save_file", ("line",)), ("print_pdf", ("puzzle", 1, False)), ("open_image", ()))


@pytest.mark.parametrize("special", ["fifo", "device", "folder"])
def test_a_path_that_is_not_a_regular_file_is_refused_at_once(tmp_path, special):
    path = {"fifo": tmp_path / "pipe", "device": Path("/dev/null"), "folder": tmp_path}[special]
    if special == "fifo":
        os.mkfifo(path)
    bridge = _Dialogs()
    bridge.answer = str(path)
    api = Api(bridge, tmp_path / "data", "en")
    assert api.import_text(P)["ok"]
    for call, args in CALLS:
        answer = _within(5.0, getattr(api, call), *args)
        assert not answer["ok"], (call, answer)
        assert answer["error"]["code"] == "file" and "not a regular file" in answer["error"]["message"]
    api._shutdown()


def test_the_cli_still_reads_a_pipe(tmp_path):
    pipe = tmp_path / "puzzles"
    os.mkfifo(pipe)

    def feed() -> None:
        with open(pipe, "w") as out:
            out.write(P + "\n")

    threading.Thread(target=feed, daemon=True).start()
    done = subprocess.run([sys.executable, "-m", "engine", "-s", str(pipe), "-o", "-"], capture_output=True,
                          text=True, timeout=120, cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.strip()) == 81 and "0" not in done.stdout.strip()
