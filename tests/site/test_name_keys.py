"""The sort keys of names (a Chinese name's pinyin) a build hands to the next in its cache
(site_builder/build/name_keys.py): a new process that meets only names seen before computes none,
writes the bytes of a build without any cache, and never takes the keys of other software."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from site_builder.build import build_site
from site_builder.views import name_order

ROOT = Path(__file__).resolve().parents[2]


def files(directory: Path) -> dict[str, bytes]:
    return {p.relative_to(directory).as_posix(): p.read_bytes() for p in directory.rglob("*") if p.is_file()}


@pytest.fixture
def computed(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The names whose keys the builds of a test computed, each build in a process of its own."""
    names: list[str] = []
    real = name_order.catalogue

    def catalogue(language: str):  # type: ignore[no-untyped-def]
        found = real(language)

        class Counted:
            def name_key(self, name: str) -> tuple[str, ...]:
                names.append(name)
                return found.name_key(name)

        return Counted()

    monkeypatch.setattr(name_order, "catalogue", catalogue)
    name_order.forget()
    yield names
    name_order.forget()


def _rebuild(content: Path, output: Path, computed: list[str]) -> None:
    name_order.forget()  # as a new process starts
    computed.clear()
    build_site(content, output, pdf=False)


def test_a_new_process_recalls_the_keys_of_the_build_before(tmp_path: Path, computed: list[str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from site_builder.build import name_keys

    content = tmp_path / "content"
    shutil.copytree(ROOT / "content" / "2017-xiangqi-national", content / "2017-xiangqi-national")
    output = tmp_path / "site" / "output"
    build_site(content, output, pdf=False)
    assert computed  # every name once
    players = sorted(content.rglob("players.yaml"))[0]
    players.write_text(players.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    _rebuild(content, output, computed)
    assert computed == []
    clean = tmp_path / "clean" / "output"
    build_site(content, clean, pdf=False, cache=tmp_path / "clean" / "cache")
    assert files(output) == files(clean)

    monkeypatch.setattr(name_keys, "software", lambda: b"other software")
    _rebuild(content, output, computed)
    assert computed  # the keys of other software are not used
    assert files(output) == files(clean)
