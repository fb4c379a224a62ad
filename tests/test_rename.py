"""`bulletin rename`: a player or a team renamed everywhere, every other byte of the files kept."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from site_builder.checks import load_checked
from site_builder.cli import main
from site_builder.commands.rename import rename
from site_builder.engine.teams import TeamRound

ROOT = Path(__file__).resolve().parents[1]


def _copy(tmp_path: Path, slug: str) -> Path:
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content" / slug, content / slug)
    return content


def _texts(content: Path) -> dict[Path, str]:
    return {p: p.read_text(encoding="utf-8") for p in sorted(content.rglob("*")) if p.is_file()}


def test_a_player_is_renamed_in_the_list_and_every_round(tmp_path: Path) -> None:
    content = _copy(tmp_path, "2017-xiangqi-national-full")
    before = _texts(content)
    old_event = load_checked(content).events[0]
    result = CliRunner().invoke(main, ["rename", "唐丹", "Tang Dan (唐丹)", str(content)])
    assert result.exit_code == 0, result.output
    after = _texts(content)
    changed = [p for p in before if before[p] != after[p]]
    assert any(p.name == "players.yaml" for p in changed)
    assert sum(p.parent.name == "rounds" for p in changed) >= 5
    for path in changed:  # only the name changed: every other line, comment and key as it was
        old_lines, new_lines = before[path].splitlines(), after[path].splitlines()
        assert len(old_lines) == len(new_lines)
        for a, b in zip(old_lines, new_lines, strict=True):
            assert b in (a, a.replace("唐丹", "Tang Dan (唐丹)")), (a, b)  # comments stay as written
    event = load_checked(content).events[0]
    women, old_women = event.sections[0], old_event.sections[0]
    assert women.player(1).name == "Tang Dan (唐丹)"
    assert [r.games for r in women.rounds] == [r.games for r in old_women.rounds]  # the same games


def test_a_team_is_renamed_in_the_team_list_and_its_matches(tmp_path: Path) -> None:
    content = _copy(tmp_path, "2023-yuangou-cup")
    section = load_checked(content).events[0].sections[0]
    old = section.teams[0].name
    result = CliRunner().invoke(main, ["rename", old, "Renamed Club", str(content)])
    assert result.exit_code == 0, result.output
    assert "renamed the team" in result.output
    again = load_checked(content).events[0].sections[0]
    assert again.teams[0].name == "Renamed Club"
    assert [TeamRound.of(r).team_matches for r in again.rounds] \
        == [TeamRound.of(r).team_matches for r in section.rounds]


def test_rename_refuses_a_name_in_use_and_an_unknown_one_in_one_line(tmp_path: Path) -> None:
    content = _copy(tmp_path, "2017-xiangqi-national-full")
    before = _texts(content)
    taken = load_checked(content).events[0].sections[0].player(2).name
    for args in (["rename", "唐丹", taken, str(content)], ["rename", "Nobody", "X", str(content)]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1, result.output
    assert _texts(content) == before


def test_a_csv_player_list_keeps_its_format(tmp_path: Path) -> None:
    content = tmp_path / "content"
    (content / "cup" / "rounds").mkdir(parents=True)
    (content / "cup" / "event.yaml").write_text(
        "name: Cup\ngame: chess\nlanguage: en\nsystem: manual\nrounds: 1\nplayers: players.csv\n",
        encoding="utf-8")
    (content / "cup" / "players.csv").write_bytes(
        "\ufeffNo;Name;Rtg\n1;Ann Lee;2000\n2;Bob Roy;1900\n".encode())
    (content / "cup" / "rounds" / "01.yaml").write_text(
        "# round one\ngames:\n  - [1, Ann Lee, 'Bob Roy', \"1-0\"]  # board 1\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["rename", "Bob Roy", "Roy, Bob", str(content)])
    assert result.exit_code == 0, result.output
    assert (content / "cup" / "players.csv").read_bytes() == \
        "\ufeffNo;Name;Rtg\n1;Ann Lee;2000\n2;Roy, Bob;1900\n".encode()
    assert (content / "cup" / "rounds" / "01.yaml").read_text(encoding="utf-8") == \
        "# round one\ngames:\n  - [1, Ann Lee, 'Roy, Bob', \"1-0\"]  # board 1\n"


def _failing_on_the_second_file(monkeypatch, error: BaseException) -> list[Path]:
    """`rename`'s writer, failing with `error` on the second file it writes; the paths it was given."""
    import site_builder.commands.rename
    from site_builder.content.atomic import write_atomic

    calls: list[Path] = []

    def writer(path: Path, data, encoding: str = "utf-8") -> None:
        calls.append(path)
        if len(calls) == 2:
            raise error
        write_atomic(path, data, encoding)

    monkeypatch.setattr(site_builder.commands.rename, "write_atomic", writer)
    return calls


def _bytes(content: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in sorted(content.rglob("*")) if p.is_file()}


def test_a_write_failing_midway_leaves_every_file_as_it_was(tmp_path: Path, monkeypatch) -> None:
    content = _copy(tmp_path, "2017-xiangqi-national-full")
    before = _bytes(content)
    calls = _failing_on_the_second_file(monkeypatch, OSError(28, "No space left on device"))
    result = CliRunner().invoke(main, ["rename", "唐丹", "Tang Dan (唐丹)", str(content)])
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1, result.output
    assert f"{calls[1]}: cannot be written (No space left on device); nothing was changed" in result.output
    assert calls[2:] == calls[:1]  # the first file, put back
    assert _bytes(content) == before  # every file as it was, and no temporary file left


def test_any_failure_midway_leaves_every_file_as_it_was(tmp_path: Path, monkeypatch) -> None:
    content = _copy(tmp_path, "2017-xiangqi-national-full")
    before = _bytes(content)
    _failing_on_the_second_file(monkeypatch, KeyboardInterrupt())
    with pytest.raises(KeyboardInterrupt):
        rename(content, "唐丹", "Tang Dan (唐丹)")
    assert _bytes(content) == before


def test_a_name_that_would_make_a_file_invalid_yaml_writes_nothing(tmp_path: Path, monkeypatch) -> None:
    import site_builder.commands.rename

    content = _copy(tmp_path, "2017-xiangqi-national-full")
    before = _bytes(content)
    monkeypatch.setattr(site_builder.commands.rename, "_scalar", lambda name, style: "[unclosed")
    result = CliRunner().invoke(main, ["rename", "唐丹", "Tang Dan", str(content)])
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1, result.output
    assert "would make the file invalid YAML" in result.output and ".yaml:" in result.output
    assert _bytes(content) == before


def test_an_event_folder_given_as_the_content_is_renamed_in(tmp_path: Path) -> None:
    """docs/content.md: a content folder holding event.yaml "is itself an event"; rename works in it
    as check and build do (docs/commands.md, `bulletin rename`)."""
    folder = tmp_path / "club-open"
    shutil.copytree(ROOT / "content" / "2025-club-open", folder)
    result = CliRunner().invoke(main, ["rename", "Müller, Anna", "Mueller, Anna", str(folder)])
    assert result.exit_code == 0, result.output
    assert "0 place(s)" not in result.output
    assert "Mueller, Anna" in (folder / "open" / "players.yaml").read_text(encoding="utf-8")
    names = [p.name for p in load_checked(folder).events[0].sections[0].players]
    assert "Mueller, Anna" in names and "Müller, Anna" not in names


def _outside_list(tmp_path: Path) -> Path:
    """A content folder whose event reads its player list from outside its folder; the content."""
    content = tmp_path / "content"
    (content / "cup").mkdir(parents=True)
    (content / "cup" / "event.yaml").write_text(
        "name: Cup\ngame: chess\nlanguage: en\nsystem: manual\nrounds: 1\nplayers: ../list.yaml\n",
        encoding="utf-8")
    (content / "list.yaml").write_text(
        "players:\n  - {number: 1, name: Ann Lee}\n  - {number: 2, name: Bob Roy}\n", encoding="utf-8")
    return content


def test_a_rename_that_changes_no_place_is_an_error_not_a_success(tmp_path: Path) -> None:
    """A player named only in a list outside the event's folder: not found in a file rename rewrites,
    said as a located error with a hint, exit 2, nothing written."""
    content = _outside_list(tmp_path)
    before = _bytes(content)
    result = CliRunner().invoke(main, ["rename", "Ann Lee", "Lee, Ann", str(content)])
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1, result.output
    assert "list.yaml:2:5: the player 'Ann Lee' was not found in any file of the event's folder" \
        in result.output and "(hint: " in result.output and "renamed the" not in result.output
    assert _bytes(content) == before


def test_an_unknown_name_is_a_located_error_whose_hint_gives_the_lists_spelling(tmp_path: Path) -> None:
    content = _copy(tmp_path, "2025-club-open")
    result = CliRunner().invoke(main, ["rename", "Anna Muller", "X", str(content)])
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1, result.output
    assert ":1:1: no player or team is named 'Anna Muller' (hint: the lists write 'Müller, Anna')" \
        in result.output
