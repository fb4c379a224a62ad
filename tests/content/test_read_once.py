"""Round files and player lists are read once: a reading that added no problem is kept in the
build's store under the file's bytes and what it is read with (docs/commands.md, `bulletin build`);
one with a problem is read again by every build, which reports it again."""

from __future__ import annotations

from pathlib import Path

from site_builder.cache.store import store_for
from site_builder.content.yamlsource import file_key, read_once
from site_builder.errors import Location, Problems


def test_a_clean_reading_is_kept_and_one_with_a_problem_is_not(tmp_path: Path) -> None:
    store, calls = store_for(tmp_path / "cache"), []
    (tmp_path / "01.yaml").write_text("round: 1\n", encoding="utf-8")
    key = file_key(tmp_path / "01.yaml", "rounds/01.yaml")

    def clean() -> str:
        calls.append("clean")
        return "read"

    def faulty(problems: Problems) -> str:
        calls.append("faulty")
        problems.add(Location(Path("01.yaml")), "a problem", "fix it")
        return "read"

    assert [read_once(store, "rounds", key, Problems(), clean) for _ in range(2)] == ["read", "read"]
    problems = Problems()
    for _ in range(2):
        read_once(store, "players", key, problems, lambda: faulty(problems))
    assert calls == ["clean", "faulty", "faulty"] and len(problems.items) == 2


def test_the_key_follows_the_bytes_and_what_the_file_is_read_with(tmp_path: Path) -> None:
    path = tmp_path / "players.yaml"
    path.write_text("- name: A\n", encoding="utf-8")
    first = file_key(path, "players.yaml", False)
    assert first == file_key(path, "players.yaml", False)
    assert first != file_key(path, "content/players.yaml", False) != file_key(path, "players.yaml", True)
    path.write_text("- name: B\n", encoding="utf-8")
    assert file_key(path, "players.yaml", False) != first
    assert file_key(tmp_path / "missing.yaml", "missing.yaml") is None
