"""engine.output.atomic: whole files or none, on a full disk too; links kept, FIFOs streamed or replaced."""

from __future__ import annotations

import os
import threading

import pytest

from engine import OutputError, atomic_output, write_atomically


def test_a_file_is_replaced_whole_with_its_permissions_and_no_temporary_file_left(tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(b"old")
    path.chmod(0o640)
    write_atomically(path, b"new", durable=True)
    assert path.read_bytes() == b"new" and path.stat().st_mode & 0o777 == 0o640
    assert os.listdir(tmp_path) == ["game.json"]


def test_an_error_in_the_block_keeps_the_old_file_and_removes_the_temporary_one(tmp_path):
    path = tmp_path / "out.txt"
    path.write_bytes(b"old")
    with pytest.raises(KeyError), atomic_output(path) as out:
        out.write(b"half")
        raise KeyError("the work failed")
    assert path.read_bytes() == b"old" and os.listdir(tmp_path) == ["out.txt"]


def test_a_full_disk_is_an_output_error_naming_the_file_and_the_old_file_stays(small_disk):
    path = small_disk / "settings.json"
    path.write_bytes(b"old")
    with pytest.raises(OutputError) as caught:
        write_atomically(path, b"x" * (256 << 10), durable=True)
    assert isinstance(caught.value, OSError) and caught.value.path == str(path)
    assert str(caught.value) == f"{path}: cannot write: No space left on device"
    assert path.read_bytes() == b"old" and os.listdir(small_disk) == ["settings.json"]


def test_a_fifo_is_streamed_by_default_and_replaced_when_streaming_is_off(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    write_atomically(fifo, b"through")
    reader.join(timeout=30)
    assert got == [b"through"]
    write_atomically(fifo, b"a save", stream=False)  # never waits for a reader
    assert fifo.is_file() and fifo.read_bytes() == b"a save"


def test_a_link_keeps_being_a_link_and_its_target_is_written(tmp_path):
    target = tmp_path / "real.txt"
    target.write_bytes(b"old")
    (tmp_path / "link.txt").symlink_to(target)
    write_atomically(tmp_path / "link.txt", b"new")
    assert (tmp_path / "link.txt").is_symlink() and target.read_bytes() == b"new"


@pytest.mark.parametrize(("name", "message"), [("", "an empty file name"), ("DIR", "is a directory"),
                                               ("DIR/missing/x", "No such file or directory")])
def test_what_cannot_be_written_is_an_output_error_saying_why(tmp_path, name, message):
    path = name.replace("DIR", str(tmp_path))
    with pytest.raises(OutputError, match=message):
        write_atomically(path, b"x")
