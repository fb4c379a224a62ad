"""`write_atomic`, the one way the commands that edit the content write a file: whole or not at all,
keeping the file's permissions, leaving no temporary file behind."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from site_builder.content import atomic
from site_builder.content.atomic import write_atomic


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_file_is_replaced_whole_and_keeps_its_mode(tmp_path: Path) -> None:
    path = tmp_path / "players.yaml"
    path.write_text("players: []\n", encoding="utf-8")
    path.chmod(0o640)
    write_atomic(path, "players:\n  - 张一\n")
    assert path.read_bytes() == "players:\n  - 张一\n".encode()
    assert _mode(path) == 0o640
    write_atomic(path, b"\xef\xbb\xbfplayers: []\n")  # bytes as they are
    assert path.read_bytes() == b"\xef\xbb\xbfplayers: []\n"
    assert sorted(os.listdir(tmp_path)) == ["players.yaml"]


def test_a_new_file_gets_the_mode_of_a_plain_write(tmp_path: Path) -> None:
    (tmp_path / "plain.yaml").write_text("a: 1\n", encoding="utf-8")
    write_atomic(tmp_path / "new.yaml", "a: 1\n")
    assert (tmp_path / "new.yaml").read_text(encoding="utf-8") == "a: 1\n"
    assert _mode(tmp_path / "new.yaml") == _mode(tmp_path / "plain.yaml")


def test_through_a_symbolic_link_the_file_it_points_to_is_replaced(tmp_path: Path) -> None:
    (tmp_path / "real.yaml").write_text("a: 1\n", encoding="utf-8")
    (tmp_path / "link.yaml").symlink_to("real.yaml")
    write_atomic(tmp_path / "link.yaml", "a: 2\n")
    assert (tmp_path / "link.yaml").is_symlink()
    assert (tmp_path / "real.yaml").read_text(encoding="utf-8") == "a: 2\n"


@pytest.mark.parametrize("failing", ["fsync", "chmod", "replace"])
def test_a_failed_write_leaves_the_file_as_it_was_and_no_temporary_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str) -> None:
    path = tmp_path / "event.yaml"
    path.write_text("name: Cup\n", encoding="utf-8")

    def fail(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic.os, failing, fail)
    with pytest.raises(OSError, match="No space left"):
        write_atomic(path, "name: Renamed Cup\n")
    monkeypatch.undo()
    assert path.read_text(encoding="utf-8") == "name: Cup\n"
    assert sorted(os.listdir(tmp_path)) == ["event.yaml"]
