"""TRF-2026 team files: a FIDE team Swiss exported with its team records, imported into a fide-team
section, verified, and round-tripped byte for byte; contradictory team records refused where they
stand."""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from trf_sample import player, put

from site_builder.checks import load_checked
from site_builder.cli import main
from site_builder.engine.teams import TeamRound, team_of
from site_builder.errors import ContentError
from site_builder.model import Event, Round, Section
from site_builder.tournament.check import verify_trf
from site_builder.tournament.generator import Spec, generate
from site_builder.tournament.verify import verify
from site_builder.trf.importer import import_trf
from site_builder.trf.names import system_names
from site_builder.trf.origins import record_of
from site_builder.trf.parse import parse_trf
from site_builder.trf.team_content import content_numbers
from site_builder.trf.team_records import TeamFile, TeamMatchRead, TeamRecord
from site_builder.trf.team_write import team_places
from site_builder.trf.to_content import content_files
from site_builder.trf.write import ExportError, export_trf


def team(number: int, name: str, mp: str, gp: str, rank: int, members: list[int]) -> str:
    """A 310 record built column by column (Gacrux's columns), independently of the writer."""
    line = put("310", 5, str(number), right=True, width=3)
    line = put(line, 9, name)
    line = put(line, 55, mp, right=True, width=6)
    line = put(line, 62, gp, right=True, width=6)
    line = put(line, 69, str(rank), right=True, width=3)
    for index, member in enumerate(members):
        line = put(line, 74 + 5 * index, str(member), right=True, width=4)
    return line


#: Three teams of two boards, two rounds: team 1 beats team 2 (1½-½) and team 3 (2-0); teams 3 and
#: 2 have the byes (a drawn match: 1 match point, 1 game point).
HEADER = ["012 Three Teams Cup", "062 6", "082 3", "142 2", "152 W", "192 FIDE_TEAM_TYPEA_MP_GP", "202 GP",
          "362  W 2.0    D 1.0    L 0.0    P 1.0"]
PLAYERS = [
    player(1, "Ames, Ann", ["   3 w 1", "   5 b 1"], points="2.0", place="1"),
    player(2, "Baker, Bo", ["   4 b =", "   6 w 1"], points="1.5", place="2"),
    player(3, "Cole, Cy", ["   1 b 0", "        "], points="0.0", place="4"),
    player(4, "Dunn, Di", ["   2 w =", "        "], points="0.5", place="3"),
    player(5, "Eady, Ed", ["        ", "   1 w 0"], points="0.0", place="4"),
    player(6, "Ford, Flo", ["        ", "   2 b 0"], points="0.0", place="4"),
]
TEAMS = [team(1, "Lions", "4.0", "3.5", 1, [1, 2]), team(2, "Owls", "1.0", "1.5", 2, [3, 4]),
         team(3, "Wolves", "1.0", "1.0", 3, [5, 6]), "320  1.0  1.0   3   2"]
HEADER_LINES = len(HEADER)
SAMPLE = "".join(line.rstrip() + "\n" for line in [*HEADER, *PLAYERS, *TEAMS])


def imported(tmp_path: Path, text: str = SAMPLE) -> tuple[Path, Event]:
    source = tmp_path / "teams.trf"
    source.write_text(text, encoding="utf-8")
    target = tmp_path / "event"
    import_trf(source, target)
    return target, load_checked(target).events[0]


def problems(tmp_path: Path, text: str) -> list[str]:
    source = tmp_path / "bad.trf"
    source.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as error:
        parse_trf(source)
    return [f"{p.location.line}:{p.location.column} {p.message}" for p in error.value.problems]


def test_a_team_file_imports_into_a_fide_team_section(tmp_path: Path) -> None:
    _, event = imported(tmp_path)
    section = event.sections[0]
    assert (section.system, section.team.boards, section.rounds_planned, section.options["first_colour"]) == (
        "fide-team", 2, 2, "white")
    assert dict(section.options) == {"primary_score": "match", "colour_model": "A", "secondary_colours": True,
                                     "team_tiebreaks": "GP", "first_colour": "white"}
    assert [(t.number, t.name, [section.player(p).name for p in t.players]) for t in section.teams] == [
        (1, "Lions", ["Ames, Ann", "Baker, Bo"]), (2, "Owls", ["Cole, Cy", "Dunn, Di"]),
        (3, "Wolves", ["Eady, Ed", "Ford, Flo"])]
    first, second = section.rounds
    assert [(m.table, m.home, m.away) for m in TeamRound.of(first).team_matches] == [(1, 1, 2)]
    # White first
    assert [(g.first, g.second) for g in TeamRound.of(first).team_matches[0].games] == [(1, 3), (4, 2)]
    assert (TeamRound.of(first).team_byes, TeamRound.of(second).team_byes) == ((3,), (2,))
    assert [(m.home, m.away) for m in TeamRound.of(second).team_matches] == [(3, 1)]  # White on board 1: home
    assert team_places(event, section) == {1: 1, 2: 2, 3: 3}


def test_a_team_players_fide_id_and_birth_date_round_trip(tmp_path: Path) -> None:
    """A 001 line's FIDE id and birth date are kept in teams.yaml and written back."""
    line = PLAYERS[0]
    full = player(1, "Ames, Ann", ["   3 w 1", "   5 b 1"], rating="2210", federation="ENG",
                  fide_id="412345678", birth="1990/04/01", points="2.0", place="1")
    text = SAMPLE.replace(line.rstrip() + "\n", full.rstrip() + "\n")
    _, event = imported(tmp_path, text)
    ann = event.sections[0].player(1)
    assert (ann.fields["fide_id"], ann.fields["birth_date"], ann.birth_year) == (
        "412345678", "1990/04/01", 1990)
    assert export_trf(event, event.sections[0]) == text


def test_a_team_tiebreak_the_tool_does_not_compute_is_left_out_as_warned(tmp_path: Path) -> None:
    """A 202 name that is no team tiebreak (`XYZ`) is read with a warning and left out of
    `team_tiebreaks`, so that the imported event loads."""
    _, event = imported(tmp_path, SAMPLE.replace("202 GP\n", "202 GP XYZ BH:MP\n"))
    assert event.sections[0].options["team_tiebreaks"] == "GP BH:MP"
    assert any("team tie-break 'XYZ'" in p.message for p in parse_trf(tmp_path / "teams.trf").warnings)


def test_a_team_file_round_trips_byte_for_byte(tmp_path: Path) -> None:
    target, event = imported(tmp_path)
    assert export_trf(event, event.sections[0]) == SAMPLE
    assert (target / "main" / "teams.yaml").is_file()


def test_a_generated_fide_team_event_round_trips(tmp_path: Path) -> None:
    generated = generate(Spec(seed=5, system="fide-team", players=9, rounds=5, forfeits=0.05))
    text = export_trf(generated.event, generated.section, "2026")
    assert "192 FIDE_TEAM_TYPEA_MP_GP" in text and "\n320 " in text and text.count("\n310 ") == 9
    _, event = imported(tmp_path, text)
    assert export_trf(event, event.sections[0]) == text
    assert team_places(event, event.sections[0]) == team_places(generated.event, generated.section)


def test_verify_re_pairs_every_round_and_re_ranks_the_teams(tmp_path: Path) -> None:
    generated = generate(Spec(seed=8, system="fide-team", players=7, rounds=4))
    path = tmp_path / "t.trf"
    path.write_text(export_trf(generated.event, generated.section, "2026"), encoding="utf-8")
    verdicts, _ = verify_trf(path)
    assert len(verdicts) == 5 and all(v.agrees for v in verdicts), [str(v) for v in verdicts]
    assert "team places" in verdicts[-1].text
    owls = team(2, "Owls", "1.0", "1.5", 2, [3, 4])
    changed = SAMPLE.replace(owls, team(2, "Owls", "1.0", "1.5", 3, [3, 4]))
    path.write_text(changed, encoding="utf-8")
    assert "Owls is placed 3 in the file" in str(verify_trf(path)[0][-1])


def _ranks_exchanged(text: str, teams: tuple[int, int]) -> str:
    """The file with the 310 rank columns (69–71) of two teams exchanged."""
    lines = text.split("\n")
    at = {int(line[4:7]): i for i, line in enumerate(lines) if line.startswith("310 ")}
    a, b = (lines[at[t]] for t in teams)
    lines[at[teams[0]]], lines[at[teams[1]]] = a[:68] + b[68:71] + a[71:], b[:68] + a[68:71] + b[71:]
    return "\n".join(lines)


def test_every_team_placed_otherwise_is_named_with_the_value_that_decides() -> None:
    """Teams 07 and 09 (8 MP each; GP 13.5 and 12.5) with their places exchanged: each is named, with
    the team the standings place there instead and the first column of the ranking (C.04.6 art. 1.2:
    the primary score, then the 202's team tiebreaks) that tells them apart, both values."""
    text = export_trf(*_fide_team(Spec(seed=3, system="fide-team", players=9, forfeits=0.05)), "2026")
    rows = {line[4:7].strip(): line[55:71].split() for line in text.splitlines() if line.startswith("310 ")}
    assert rows["7"] == ["8.0", "13.5", "1"] and rows["9"] == ["8.0", "12.5", "2"]
    assert "202 GP BH:MP EMGSB DE" in text
    verdicts, _ = verify_trf(Path("t.trf"), _ranks_exchanged(text, (7, 9)))
    standings = [str(v) for v in verdicts if v.standings]
    assert standings == [
        "DIFF  t/main standings after round 5: Team 07 is placed 2 in the file, the primary score and the "
        "team tie-breaks give 1 (decided by GP: 13.5 against 12.5 of Team 09)",
        "DIFF  t/main standings after round 5: Team 09 is placed 1 in the file, the primary score and the "
        "team tie-breaks give 2 (decided by GP: 12.5 against 13.5 of Team 07)"]


def test_a_team_swiss_team_placed_otherwise_is_named_with_the_column_that_decides(tmp_path: Path) -> None:
    """A team-swiss event holding a file's team places (`trf:` of event.yaml) with two teams of
    equal match points exchanged: each is named with the first of seed 001 二's columns that tells
    them apart (match points, cumulative, game points, …), both values as the standings show them."""
    content = tmp_path / "ts"
    made = CliRunner().invoke(main, ["generate", "--system", "team-swiss", "--players", "6", "--seed", "2",
                                     "-o", str(content)])
    assert made.exit_code == 0, made.output
    event = load_checked(content).events[0]
    places = team_places(event, event.sections[0])
    assert [team for team, _ in sorted(places.items(), key=lambda item: item[1])] == [5, 3, 2, 6, 1, 4]
    shown = {**places, 3: 3, 2: 2}  # teams 3 and 2: 4 match points each, cumulative 8 and 6
    names = {t.number: t.name for t in event.sections[0].teams}
    records = "".join(f'    - "{team(n, names[n], "", "", shown[n], [])}"\n' for n in sorted(shown))
    (content / "event.yaml").write_text((content / "event.yaml").read_text(encoding="utf-8")
                                        + f"trf:\n  records:\n{records}  after_round: 3\n", encoding="utf-8")
    standings = [str(v) for v in verify(content)[0] if v.standings]
    assert standings == [
        f"DIFF  ts/open standings after round 3: {names[3]} is placed 3 in the file, the primary score and "
        f"the team tie-breaks give 2 (decided by Cum: 8.0 against 6.0 of {names[2]})",
        f"DIFF  ts/open standings after round 3: {names[2]} is placed 2 in the file, the primary score and "
        f"the team tie-breaks give 3 (decided by Cum: 6.0 against 8.0 of {names[3]})"]


def _fide_team(spec: Spec) -> tuple[Event, Section]:
    generated = generate(spec)
    return generated.event, generated.section


def test_a_team_section_is_written_as_trf_2026_only() -> None:
    generated = generate(Spec(seed=5, system="fide-team", players=6, rounds=3))
    with pytest.raises(ExportError, match="TRF-2026"):
        export_trf(generated.event, generated.section, "16")
    assert export_trf(generated.event, generated.section).startswith("012 ")  # TRF-2026 by default


def test_contradictory_team_records_are_located(tmp_path: Path) -> None:
    lions = team(1, "Lions", "4.0", "3.5", 1, [1, 2])
    assert problems(tmp_path, SAMPLE.replace(lions, team(1, "Lions", "5.0", "3.5", 1, [1, 2]))) == [
        "15:55 310: team 1 (Lions) has 5.0 match points, but its matches and byes give 4.0"]
    assert problems(tmp_path, SAMPLE.replace(lions, team(1, "Lions", "4.0", "3.0", 1, [1, 2]))) == [
        "15:62 310: team 1 (Lions) has 3.0 game points, but its matches and byes give 3.5"]
    assert problems(tmp_path, SAMPLE.replace(lions, team(1, "Lions", "4.0", "3.5", 1, [1, 99]))) == [
        "15:79 310: no player has start rank 99"]
    assert problems(tmp_path, SAMPLE.replace(lions, team(1, "Lions", "4.0", "3.5", 1, [1, 2, 3]))) == [
        "16:74 310: player #3 is in team 1 (Lions, line 15) and team 2 (Owls)"]
    assert problems(tmp_path, SAMPLE.replace(lions, team(1, "Lions", "4.0", "3.5", 1, [1]))) == [
        "10:5 #2 plays (from round 1), but no 310 record lists them in a team"]


def test_a_match_seated_otherwise_than_the_team_swiss_seats_it_is_refused(tmp_path: Path) -> None:
    swapped = SAMPLE.replace("   4 b =", "   4 w =").replace("   2 w =", "   2 b =")
    assert problems(tmp_path, swapped) == [
        "10:5 round 1: board 2 of the match of teams 1 and 2: #2 of team 1 has White, but the team with "
        "White on board 1 has White on the odd boards (C.04.6 art. 1.6.1)"]


@pytest.mark.parametrize("model", ["A", "B", "none"])
@pytest.mark.parametrize("primary", ["match", "game"])
@pytest.mark.parametrize("used", [True, False])
def test_the_type_code_says_the_team_swiss_options(model: str, primary: str, used: bool) -> None:
    generated = generate(Spec(seed=3, system="fide-team", players=4, rounds=1))
    options = {"colour_model": model, "primary_score": primary, "secondary_colours": used}
    section = generated.section.__class__(**{**generated.section.__dict__, "options": options})
    system = system_names("fide-team")
    code = system.trf_code_for(section)
    assert code in system.trf_codes and system.trf_options(code) == options


def test_a_result_changed_after_import_is_written_into_the_team_records(tmp_path: Path) -> None:
    target, _ = imported(tmp_path)
    round_file = target / "main" / "rounds" / "01.yaml"
    text = round_file.read_text(encoding="utf-8")
    board = '["Ames, Ann", "Cole, Cy", "1-0"]'
    round_file.write_text(text.replace(board, board.replace("1-0", "0-1")), encoding="utf-8")
    event = load_checked(target).events[0]
    out = tmp_path / "changed.trf"
    out.write_text(export_trf(event, event.sections[0]), encoding="utf-8")
    parsed = parse_trf(out)  # the file agrees with itself: points, ranks and team records
    assert parsed.teams is not None
    lions, owls, _ = parsed.teams.teams
    assert (lions.match_points, lions.game_points, lions.rank) == (2, Fraction(5, 2), 2)
    assert (owls.match_points, owls.game_points, owls.rank) == (3, Fraction(5, 2), 1)


def test_a_team_that_joins_after_round_1_is_numbered_as_the_content_numbers_it() -> None:
    """A team file's players take the numbers a team section gives them (docs/systems.md, Team events):
    round 1's teams by their boards, then their reserves, then a team that joined later; so that the
    round files written from the file name the players the content numbers."""
    teams = TeamFile(
        teams=(TeamRecord(1, 1, "Lions", None, None, None, ((74, 1), (79, 2), (84, 7))),
               TeamRecord(2, 2, "Owls", None, None, None, ((74, 3), (79, 4))),
               TeamRecord(3, 3, "Wolves", None, None, None, ((74, 5), (79, 6)))),
        matches=((TeamMatchRead(1, 1, 2, ((1, 3, "1", "0"), (4, 2, "=", "="))),),
                 (TeamMatchRead(2, 3, 1, ((5, 1, "0", "1"), (2, 6, "1", "0"))),)))
    assert content_numbers(teams) == {1: 1, 2: 2, 7: 5, 3: 3, 4: 4, 5: 6, 6: 7}


def test_a_long_team_name_goes_out_cut_and_comes_back_whole(tmp_path: Path) -> None:
    """docs/chess.md, Team files: a 310 record gives the team's name in columns 9-40; a longer name
    is written cut to its 32 characters, as a long player name is in its 001 line, and whole in a
    `### bulletin: team 2 "…"` line, which import and verify read back: the file round-trips byte for
    byte (trf/long_names.py)."""
    generated = generate(Spec(seed=5, system="fide-team", players=6, rounds=3))
    section = generated.section
    long_name = "The Royal Knights of the Round Table Chess Club"
    teams = tuple(dataclasses.replace(t, name=long_name) if t.number == 2 else t for t in section.teams)
    changed = dataclasses.replace(section, team=dataclasses.replace(team_of(section), teams=teams))
    text = export_trf(generated.event, changed)
    [record] = [line for line in text.splitlines() if line.startswith("310   2 ")]
    assert record[8:40] == long_name[:32] and record[40] == " "
    assert f'### bulletin: team 2 "{long_name}"' in text.splitlines()
    target, event = imported(tmp_path, text)
    assert f'name: "{long_name}",' in (target / "main" / "teams.yaml").read_text(encoding="utf-8")
    assert [t.name for t in event.sections[0].teams if t.number == 2] == [long_name]
    read = parse_trf(tmp_path / "teams.trf").teams  # as `bulletin verify` reads it
    assert read is not None and read.teams[1].name == long_name
    assert export_trf(event, event.sections[0]) == text


def test_two_teams_of_one_name_are_two_teams(tmp_path: Path) -> None:
    """docs/chess.md, Team files: two 310 records of one name (two long names cut alike, as a file
    without the `### bulletin: team` lines gives them) are two teams, told apart by their team
    numbers: the later is named by the name and its number, with a warning at its 310 record, and
    the file imports and verifies."""
    long_name = "Schachgemeinschaft Rotation Pankow-Weißensee Berlin 1951 e.V. II"
    text = SAMPLE.replace(TEAMS[0], team(1, long_name[:32], "4.0", "3.5", 1, [1, 2])).replace(
        TEAMS[1], team(2, long_name[:32] + " ", "1.0", "1.5", 2, [3, 4]))
    _, event = imported(tmp_path, text)
    assert [(t.number, t.name) for t in event.sections[0].teams] == [
        (1, "Schachgemeinschaft Rotation Pank"), (2, "Schachgemeinschaft Rotation Pank (2)"), (3, "Wolves")]
    warnings = [(p.location.line, p.location.column, p.message)
                for p in parse_trf(tmp_path / "teams.trf").warnings if "310" in p.message]
    cut = "Schachgemeinschaft Rotation Pank"
    assert warnings == [(HEADER_LINES + len(PLAYERS) + 2, 9, "310: team 2 has the name of team 1 (line 15), "
                         f"{cut!r}: imported as '{cut} (2)'")]
    verdicts, _ = verify_trf(tmp_path / "teams.trf")
    assert verdicts[-1].standings and all(v.agrees or not v.checked for v in verdicts), verdicts


def test_a_team_named_as_another_after_its_number_keeps_a_name_of_its_own(tmp_path: Path) -> None:
    """Names compared as the content compares them (case and spaces aside): `LIONS` is `Lions`'s
    name, and `Lions (2)` already a third team's, so team 2 is `LIONS (2) (2)`."""
    text = SAMPLE.replace(TEAMS[1], team(2, "LIONS", "1.0", "1.5", 2, [3, 4])).replace(
        TEAMS[2], team(3, "Lions (2)", "1.0", "1.0", 3, [5, 6]))
    _, event = imported(tmp_path, text)
    assert [t.name for t in event.sections[0].teams] == ["Lions", "LIONS (2) (2)", "Lions (2)"]


def test_what_the_loader_refuses_is_located_at_the_record_it_came_from(tmp_path: Path) -> None:
    """docs/chess.md, Team files: `import trf` and `verify FILE.trf` say what the content loader
    refuses in the files written from a TRF file at the record it came from (a team of one player
    for two boards: its 310 record), never in a file that was not written."""
    gray = player(7, "Gray, Gil", ["        ", "        "], points="0.0", place="4")
    text = SAMPLE.replace("062 6", "062 7").replace(PLAYERS[-1] + "\n", f"{PLAYERS[-1]}\n{gray.rstrip()}\n")
    text = text.replace(TEAMS[2] + "\n", f"{TEAMS[2]}\n{team(4, 'Bears', '0.0', '0.0', 4, [7])}\n")
    source = tmp_path / "teams.trf"
    source.write_text(text, encoding="utf-8")
    said = f"{source}:19:1: team 'Bears' lists 1 players for 2 boards"
    with pytest.raises(ContentError) as error:
        import_trf(source, tmp_path / "event")
    assert [str(p).split(" (hint")[0] for p in error.value.problems] == [said]
    assert not (tmp_path / "event").exists()
    with pytest.raises(ContentError) as error:
        verify_trf(source)
    assert [str(p).split(" (hint")[0] for p in error.value.problems] == [said]


def test_a_round_file_line_is_located_at_the_cell_of_its_first_player(tmp_path: Path) -> None:
    """A round file's board is said at its White player's line, at the round's cell (columns 92 on,
    10 a round); a match's team line at the team's 310 record; event.yaml at the file's first line."""
    source = tmp_path / "teams.trf"
    source.write_text(SAMPLE, encoding="utf-8")
    trf = parse_trf(source)
    files = content_files(trf, "teams")
    second = files["main/rounds/02.yaml"].splitlines()
    board = next(n for n, line in enumerate(second, start=1) if '"Eady, Ed"' in line and "[" in line)
    home = next(n for n, line in enumerate(second, start=1) if "home:" in line)
    assert record_of(trf, "main/rounds/02.yaml", board, second[board - 1]) == (13, 102)  # Eady: White
    assert record_of(trf, "main/rounds/02.yaml", home, second[home - 1]) == (17, 1)  # Wolves, at home
    assert record_of(trf, "main/teams.yaml", 3, "") == (16, 1)
    assert record_of(trf, "event.yaml", 4, "") == (1, 1)


#: Five teams of four boards, each with a reserve (team t's players are "T<t>-1" … "T<t>-4", its
#: reserve "T<t>-R").
RESERVES_TEAMS = "teams:\n" + "".join(
    f"  - {{number: {t}, name: Team{t}, players: [{', '.join(f'T{t}-{b}' for b in range(1, 5))}], "
    f"reserves: [T{t}-R]}}\n" for t in range(1, 6))
#: The line-ups handed in before rounds 2 to 4: a reserve on board 4 and one on board 3 above a
#: listed player; every team's reserve on board 2 (two reserves meet there); a reserve on board 1.
LINEUPS = {2: {1: ["T1-1", "T1-2", "T1-3", "T1-R"], 2: ["T2-1", "T2-2", "T2-R", "T2-4"]},
           3: {t: [f"T{t}-1", f"T{t}-R", f"T{t}-3", f"T{t}-4"] for t in range(1, 6)},
           4: {3: ["T3-R", "T3-2", "T3-3", "T3-4"]}}


def _team_event(tmp_path: Path) -> Path:
    """The content folder of a new fide-team event of five rounds of four boards (`bulletin new`)
    with the teams of `RESERVES_TEAMS`."""
    content = tmp_path / "content"
    new = ["new", str(content / "ft"), "--game", "chess", "--language", "en", "--system", "fide-team",
           "--teams", "5", "--boards", "4", "--rounds", "5", "--plain-seed"]
    assert CliRunner().invoke(main, new).exit_code == 0
    (content / "ft/open/teams.yaml").write_text(RESERVES_TEAMS, encoding="utf-8")
    return content


def _pair_and_play(content: Path, number: int, results: Iterator[str]) -> None:
    """Round `number` paired by `bulletin pair` (from the line-ups of `LINEUPS`) and its results
    entered."""
    path = content / "ft/open/rounds" / f"{number:02d}.yaml"
    if number in LINEUPS:
        path.parent.mkdir(exist_ok=True)
        lineups = "".join(f"  Team{t}: [{', '.join(names)}]\n" for t, names in LINEUPS[number].items())
        path.write_text(f"round: {number}\ngames: []\nlineups:\n{lineups}", encoding="utf-8")
    result = CliRunner().invoke(main, ["pair", str(content), "--offline"])
    assert result.exit_code == 0, result.output
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r'"\?"', lambda _: f'"{next(results)}"', text), encoding="utf-8")


def _results() -> Iterator[str]:
    return itertools.cycle(["1-0", "0-1", "1/2-1/2", "1-0", "0-1"])


def test_the_line_ups_of_the_day_come_back_from_a_team_file(tmp_path: Path) -> None:
    """A team's line-up in a round is the players who played its boards (docs/chess.md, "Team
    files"): a fide-team event whose reserves played, exported as a TRF-2026 team file, imports with
    its boards in their order and each line-up, and verifies as the event does (every round the
    engine's pairing), the file itself too; exported again, it is the same file."""
    content, results = _team_event(tmp_path), _results()
    for number in range(1, 6):
        _pair_and_play(content, number, results)
    original = load_checked(content).events[0]
    assert all(v.agrees for v in verify(content)[0])
    text = export_trf(original, original.sections[0], "2026")
    _, event = imported(tmp_path, text)
    section, before = event.sections[0], original.sections[0]

    def boards(of: Section, rnd: Round) -> list[list[tuple[str, str]]]:
        return [[(of.player(g.first).name, of.player(g.second).name) for g in m.games]
                for m in TeamRound.of(rnd).team_matches]

    for mine, theirs in zip(section.rounds, before.rounds, strict=True):
        assert boards(section, mine) == boards(before, theirs)
        playing = {t for m in TeamRound.of(theirs).team_matches for t in (m.home, m.away)}
        assert {section.teams_by_number[t].name: [section.player(p).name for p in players]
                for t, players in TeamRound.of(mine).lineups.items()} == {
            f"Team{t}": players for t, players in LINEUPS.get(mine.number, {}).items() if t in playing}
    assert export_trf(event, section) == text
    path = tmp_path / "ft.trf"
    path.write_text(text, encoding="utf-8")
    verdicts, _ = verify_trf(path)
    assert [v.agrees for v in verdicts] == [True] * 6, [str(v) for v in verdicts]


def test_a_late_team_has_its_late_entry_line(tmp_path: Path) -> None:
    """A team first paired in round 2 is written with a `### bulletin: late entry team` line, as a
    late player is (docs/chess.md), and the file comes back the same after import."""
    content, results = _team_event(tmp_path), _results()
    teams = content / "ft/open/teams.yaml"
    every = teams.read_text(encoding="utf-8")
    teams.write_text(every.replace(every.splitlines()[-1] + "\n", ""), encoding="utf-8")  # team 5 enters late
    _pair_and_play(content, 1, results)
    teams.write_text(every, encoding="utf-8")
    _pair_and_play(content, 2, results)
    event = load_checked(content).events[0]
    text = export_trf(event, event.sections[0], "2026")
    assert text.endswith("\n### bulletin: late entry team 5 from round 2\n")
    _, back = imported(tmp_path, text)
    assert export_trf(back, back.sections[0]) == text
