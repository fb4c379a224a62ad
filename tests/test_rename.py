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


# Each format a game's reader takes, a record naming both players (docs/content.md, "Game records"):
# (game, suffix, the record as written, the record once "Ann Lee" is "Ann [Annie] Lee", its codec).
# Names are written as records write them (family name first, accents, spacing); comments that name
# the player, CRLF line ends and a Shift_JIS file's bytes stay as they were.
RECORDS = [
    ("chess", ".pgn", '[White "Lee, Ann"]\r\n[Black "Roy, Bob"]\r\n\r\n{[White "Lee, Ann"]} 1. e4 *\r\n',
     '[White "Ann [Annie] Lee"]\r\n[Black "Roy, Bob"]\r\n\r\n{[White "Lee, Ann"]} 1. e4 *\r\n', "utf-8"),
    ("xiangqi", ".pgn", '[Red "ann lee"]\n[Black "Bob Roy"]\n\n1. h2e2 h9g7 *\n',
     '[Red "Ann [Annie] Lee"]\n[Black "Bob Roy"]\n\n1. h2e2 h9g7 *\n', "utf-8"),
    ("shogi", ".kif", "*先手：Ann Lee\n先手：Ann Lee\n後手：Bob Roy\n   1 ７六歩(77)\n*纊 Ann Lee\n",
     "*先手：Ann Lee\n先手：Ann [Annie] Lee\n後手：Bob Roy\n   1 ７六歩(77)\n*纊 Ann Lee\n", "cp932"),
    ("shogi", ".kif", "先手：　Ann Lee　\r\n後手：Bob Roy\r\n   1 ７六歩(77)\r\n",
     "先手：　Ann [Annie] Lee　\r\n後手：Bob Roy\r\n   1 ７六歩(77)\r\n", "utf-8"),
    ("shogi", ".kifu", "先手：Ann Lee\n後手：Bob Roy\n   1 ７六歩(77)\n",
     "先手：Ann [Annie] Lee\n後手：Bob Roy\n   1 ７六歩(77)\n", "utf-8"),
    ("shogi", ".csa", "V2.2\nN+Ann Lee\nN-Bob Roy\n'N+Ann Lee\nPI\n+\n+7776FU\n",
     "V2.2\nN+Ann [Annie] Lee\nN-Bob Roy\n'N+Ann Lee\nPI\n+\n+7776FU\n", "utf-8"),
    ("go", ".sgf", "(;GM[1]FF[4]SZ[9]PB[Lee, Ann]PW[Roy, Bob]C[PB[Ann Lee\\]];B[ee];W[cc])\n",
     "(;GM[1]FF[4]SZ[9]PB[Ann [Annie\\] Lee]PW[Roy, Bob]C[PB[Ann Lee\\]];B[ee];W[cc])\n", "utf-8"),
    ("gomoku", ".txt", "Black: Ann Lee\nWhite: Bob Roy\n# Black: Ann Lee\n1. h8 2. h9\n",
     "Black: Ann [Annie] Lee\nWhite: Bob Roy\n# Black: Ann Lee\n1. h8 2. h9\n", "utf-8"),
]


def _recorded(tmp_path: Path, game: str, suffix: str, record: bytes) -> Path:
    """An event of `game` whose round 1 names its players by number and has `record` as board 1's
    record; its record file."""
    folder = tmp_path / "content" / "cup"
    (folder / "rounds" / "01").mkdir(parents=True)
    (folder / "event.yaml").write_text(f"name: Cup\ngame: {game}\nlanguage: en\nsystem: manual\nrounds: 1\n"
                                       "players: players.yaml\n", encoding="utf-8")
    (folder / "players.yaml").write_text("players:\n  - {number: 1, name: Ann Lee}\n"
                                         "  - {number: 2, name: Bob Roy}\n", encoding="utf-8")
    (folder / "rounds" / "01.yaml").write_text('round: 1\ngames:\n  - [1, 1, 2, "?"]\n', encoding="utf-8")
    path = folder / "rounds" / "01" / f"board-01{suffix}"
    path.write_bytes(record)
    return path


def _written(text: str, codec: str) -> bytes:
    """`text` in `codec`; in Shift_JIS, 纊 as IBM's extension writes it (FA 5C), which Python decodes
    but encodes as NEC's (ED 40): a file decoded and encoded again would not keep it."""
    return text.encode(codec).replace("纊".encode(codec), b"\xfa\x5c") if codec == "cp932" \
        else text.encode(codec)


@pytest.mark.parametrize(("game", "suffix", "before", "after", "codec"), RECORDS,
                         ids=[f"{g}{s}-{c}" for g, s, _, _, c in RECORDS])
def test_a_player_is_renamed_in_the_game_records_of_each_format(
        tmp_path: Path, game: str, suffix: str, before: str, after: str, codec: str) -> None:
    """docs/commands.md: rename works "in every file of its event that names it", the game records
    too; only the tags naming the player change, every other byte kept (a Shift_JIS KIF's 纊, which
    a decoding and encoding again would write otherwise, too)."""
    record = _recorded(tmp_path, game, suffix, _written(before, codec))
    result = CliRunner().invoke(main, ["rename", "Ann Lee", "Ann [Annie] Lee", str(tmp_path / "content")])
    assert result.exit_code == 0, result.output
    assert "2 place(s) in 2 file(s)" in result.output and str(record) in result.output
    assert record.read_bytes() == _written(after, codec)
    assert load_checked(tmp_path / "content").events[0].sections[0].player(1).name == "Ann [Annie] Lee"


def test_a_shift_jis_kif_refuses_a_name_it_cannot_write(tmp_path: Path) -> None:
    record = _recorded(tmp_path, "shogi", ".kif", _written(RECORDS[2][2], "cp932"))
    before = _bytes(tmp_path / "content")
    result = CliRunner().invoke(main, ["rename", "Ann Lee", "Ann Lee 😀", str(tmp_path / "content")])
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1, result.output
    assert f"{record}:2:4: the new name cannot be written in this file's encoding (cp932)" in result.output
    assert _bytes(tmp_path / "content") == before


def test_the_game_records_of_the_example_are_renamed_too(tmp_path: Path) -> None:
    """The QA repro: García, Lucía plays board 2 of round 7, whose game is in rounds/07.pgn."""
    content = _copy(tmp_path, "2026-spring-open")
    pgn = content / "2026-spring-open" / "rounds" / "07.pgn"
    before = pgn.read_text(encoding="utf-8")
    result = CliRunner().invoke(main, ["rename", "García, Lucía", "Ortiz, Lucía", str(content)])
    assert result.exit_code == 0, result.output
    renamed = before.replace('[White "García, Lucía"]', '[White "Ortiz, Lucía"]')
    assert renamed != before and pgn.read_text(encoding="utf-8") == renamed


def test_a_team_is_renamed_in_the_records_team_tags_and_a_player_in_its_player_tags(tmp_path: Path) -> None:
    content = _copy(tmp_path, "2023-yuangou-cup")
    pgn = content / "2023-yuangou-cup" / "open" / "rounds" / "01.pgn"
    pgn.write_text('[Red "何学学"]\n[Black "陈远远"]\n[RedTeam "北京威凯建设"]\n'
                   '[BlackTeam "深圳弈川象棋"]\n\n1. h2e2 h9g7 *\n', encoding="utf-8")
    for old, new in (("北京威凯建设", "北京威凯"), ("何学学", "何学")):
        result = CliRunner().invoke(main, ["rename", old, new, str(content)])
        assert result.exit_code == 0, result.output
    assert pgn.read_text(encoding="utf-8") == ('[Red "何学"]\n[Black "陈远远"]\n[RedTeam "北京威凯"]\n'
                                               '[BlackTeam "深圳弈川象棋"]\n\n1. h2e2 h9g7 *\n')


def test_a_record_naming_two_players_alike_is_renamed_where_the_name_is_the_same(tmp_path: Path) -> None:
    """Records match names loosely (docs/content.md: name order does not matter); where another
    player's name is loosely the same, only the tag as the list writes the name is renamed."""
    record = _recorded(tmp_path, "chess", ".pgn", b'[White "Ann Lee"]\n[Black "Lee Ann"]\n\n1. e4 *\n')
    players = record.parents[2] / "players.yaml"
    players.write_text(players.read_text(encoding="utf-8").replace("Bob Roy", "Lee Ann"), encoding="utf-8")
    result = CliRunner().invoke(main, ["rename", "Ann Lee", "Ann Kim", str(tmp_path / "content")])
    assert result.exit_code == 0, result.output
    assert record.read_bytes() == b'[White "Ann Kim"]\n[Black "Lee Ann"]\n\n1. e4 *\n'


def test_a_new_name_on_two_lines_is_refused(tmp_path: Path) -> None:
    """A record's header line (KIF, CSA, gomoku) holds a name on one line: a line break is refused."""
    _recorded(tmp_path, "gomoku", ".txt", RECORDS[-1][2].encode())
    before = _bytes(tmp_path / "content")
    result = CliRunner().invoke(main, ["rename", "Ann Lee", "Ann\nLee", str(tmp_path / "content")])
    assert result.exit_code == 2 and "holds a line break (hint: " in result.output, result.output
    assert _bytes(tmp_path / "content") == before


def test_files_with_crlf_line_ends_keep_them(tmp_path: Path) -> None:
    """Files saved on Windows: only the name changes, every CR LF stays (docs/commands.md: every
    other line stays byte for byte)."""
    content = _copy(tmp_path, "2025-club-open")
    files = list((content / "2025-club-open").rglob("*.yaml"))
    for path in files:
        path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    before = _bytes(content)
    result = CliRunner().invoke(main, ["rename", "Müller, Anna", "Mueller, Anna", str(content)])
    assert result.exit_code == 0, result.output
    after = _bytes(content)
    changed = [p for p in files if after[p] != before[p]]
    assert len(changed) >= 2
    for path in changed:
        assert after[path] == before[path].replace('"Müller, Anna"'.encode(), b'"Mueller, Anna"')


def test_a_name_in_two_events_is_renamed_only_in_the_event_named(tmp_path: Path) -> None:
    """'Rossi, Marco' plays in the club open (chess) and in the McMahon go event: two people, maybe.
    docs/commands.md: rename works in the files of *its* event, so a name several events share is
    refused until `--event` names one, and then only that event's files change."""
    content = tmp_path / "content"
    for slug in ("2025-club-open", "2026-go-mcmahon"):
        shutil.copytree(ROOT / "content" / slug, content / slug)
    before = _texts(content)
    refused = CliRunner().invoke(main, ["rename", "Rossi, Marco", "Rossi, Marco Jr.", str(content)])
    assert refused.exit_code == 2 and len(refused.output.strip().splitlines()) == 1
    assert "2 events have someone named 'Rossi, Marco'" in refused.output and "--event" in refused.output
    assert _texts(content) == before
    done = CliRunner().invoke(main, ["rename", "Rossi, Marco", "Rossi, Marco Jr.", str(content),
                                     "--event", "2026-go-mcmahon"])
    assert done.exit_code == 0, done.output
    changed = {p for p, text in _texts(content).items() if before[p] != text}
    assert changed and all("2026-go-mcmahon" in p.parts for p in changed)
