"""`bulletin import opengotha` and `bulletin export opengotha`: an event moves between OpenGotha and
bulletin with its players, games, results, handicaps, byes, absences and options."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from site_builder.build import build_site
from site_builder.checks import load_checked
from site_builder.content.event_dir import ImportRefused
from site_builder.engine.go_section import gotha_names
from site_builder.errors import ContentError
from site_builder.goformats.h9 import export_h9
from site_builder.goformats.names import ExportError
from site_builder.model import Event, Section
from site_builder.opengotha.importer import import_opengotha
from site_builder.opengotha.read import read_gotha
from site_builder.opengotha.write import export_opengotha
from site_builder.pairing.gotha.event import GothaEvent

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "content" / "2026-go-mcmahon"
CORPUS = sorted((ROOT / "tests" / "data" / "opengotha").glob("*.xml"))


def loaded(directory: Path) -> tuple[Event, Section]:
    event = load_checked(directory).events[0]
    return event, event.sections[0]


def round_trip(tmp_path: Path, directory: Path) -> tuple[str, Path]:
    """The OpenGotha file of `directory`'s event and the folder it re-imports into."""
    xml = export_opengotha(*loaded(directory))
    path = tmp_path / "event.xml"
    path.write_text(xml, encoding="utf-8")
    import_opengotha(path, tmp_path / "again")
    return xml, tmp_path / "again"


def test_the_example_exports_and_re_imports_to_the_same_event(tmp_path: Path) -> None:
    _, again = round_trip(tmp_path, EXAMPLE)
    (event, section), (event2, section2) = loaded(EXAMPLE), loaded(again)
    assert (event2.name, event2.dates.start, event2.dates.end, event2.venue, event2.game) == \
        (event.name, event.dates.start, event.dates.end, event.venue, event.game)
    assert (section2.system, section2.rounds_planned, section2.go.komi, section2.tiebreaks) == \
        (section.system, section.rounds_planned, section.go.komi, section.tiebreaks)
    assert section2.options == section.options
    assert [(p.number, p.name, p.rank, p.rating, p.club, dict(p.fields)) for p in section2.players] == \
        [(p.number, p.name, p.rank, p.rating, p.club, dict(p.fields)) for p in section.players]
    for before, after in zip(section.rounds, section2.rounds, strict=True):
        assert [(g.board, g.first, g.second, g.outcome, g.handicap or 0, g.komi) for g in after.games] == \
            [(g.board, g.first, g.second, g.outcome, g.handicap or 0, g.komi) for g in before.games]
        assert (after.byes, after.absent) == (before.byes, before.absent)


def test_a_late_entry_takes_no_part_in_the_rounds_before_it_entered(tmp_path: Path) -> None:
    """docs/go.md, Export: `participating` has a 0 for each round the player is absent from; a late
    entry (first paired in round 2) is absent from round 1, and the import reads it back so."""
    directory = tmp_path / "event"
    shutil.copytree(EXAMPLE, directory)
    first = directory / "open" / "rounds" / "01.yaml"
    text = first.read_text(encoding="utf-8")
    game = '  - {board: 20, first: "Lambert, Émile", second: "Zieliński, Agnieszka", result: "B+R", ' \
        'handicap: 0, komi: 6.5}\n'
    first.write_text(text.replace(game, "") + 'absent: ["Lambert, Émile"]\n', encoding="utf-8")
    assert loaded(directory)[1].field_changes.entered == {40: 2}
    xml, again = round_trip(tmp_path, directory)
    assert 'name="Zieliński" participating="01111111111111111111"' in xml
    assert set(loaded(again)[1].rounds[0].absent) == {*loaded(directory)[1].rounds[0].absent, 40}


def test_the_export_is_the_same_every_time_and_names_the_forfeit_by_default(tmp_path: Path) -> None:
    xml, _ = round_trip(tmp_path, EXAMPLE)
    assert xml == export_opengotha(*loaded(EXAMPLE))
    assert xml.startswith('<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<Tournament ')
    assert 'result="RESULT_BLACKWINS_BYDEF" roundNumber="4" tableNumber="12"' in xml
    assert '<ByePlayer player="VIDALPAU" roundNumber="3"/>' in xml
    assert 'firstName="Elin" grade="5K" name="Lindqvist" participating="11011111111111111111"' in xml
    assert 'genMMBar="3D" genMMFloor="20K"' in xml and 'komi="6.5"' in xml


@pytest.mark.parametrize("name, expected", [("Dubois, Claire", ("Dubois", "Claire")),
                                            ("Sato Ken", ("Sato", "Ken")), ("王朵朵", ("王", "朵朵")),
                                            ("Player 11", ("Player", "11")), ("Madonna", ("Madonna", ""))])
def test_gotha_names(name: str, expected: tuple[str, str]) -> None:
    assert gotha_names(name) == expected


NAME_STYLES = {
    "init": [f"Player {n:02d}" for n in range(1, 13)],
    "given-surname": ["Claire Dubois", "Ken Sato", "Anna de Vries", "Jan Novák", "Ole Dahl", "Lea Roth",
                      "Ada Lin", "Tom Berg", "Eva Holm", "Max Weber", "Ida Falk", "Bo Lund"],
    "cjk": ["王朵朵", "李娜", "张伟", "山田 太郎", "佐藤花子", "김민준", "陈静", "刘洋", "赵磊", "周杰",
            "吴敏", "孙文"],
    "surname-given": ["Dubois, Claire", "Sato, Ken", "de Vries, Anna", "Novák, Jan", "Dahl, Ole",
                      "Roth, Lea", "Lin, Ada", "Berg, Tom", "Holm, Eva", "Weber, Max", "Falk, Ida",
                      "Lund, Bo"],
}


@pytest.mark.parametrize("style", sorted(NAME_STYLES))
def test_a_paired_event_round_trips_with_its_names_and_its_pairing(tmp_path: Path, style: str) -> None:
    """The pairing and the export split a name alike (OpenGotha's colour draw reads the names), and
    the import gives each name back as written: verify re-pairs the imported rounds alike."""
    from site_builder.commands.new import scaffold
    from site_builder.commands.pair import pair_next
    from site_builder.tournament.verify import verify

    event = tmp_path / "content" / "go"
    scaffold(event, game="go", language="en", players=12, secret_seed=False)
    players = event / "open" / "players.yaml"
    text = players.read_text(encoding="utf-8")
    for n, name in enumerate(NAME_STYLES[style], start=1):
        text = text.replace(f'name: "Player {n:02d}"', f'name: "{name}"')
    players.write_text(text, encoding="utf-8")
    pair_next(tmp_path / "content")
    _, again = round_trip(tmp_path, event)
    assert [p.name for p in loaded(again)[1].players] == NAME_STYLES[style]
    verdicts, _ = verify(again)
    assert verdicts and all(v.agrees for v in verdicts), [str(v) for v in verdicts]


@pytest.mark.parametrize("written, back", [
    ("60 min + 5×30 s byo-yomi", "60 min + 30 s byo-yomi"),  # OpenGotha counts no periods
    ("40 min + 15 stones in 5 min", "40 min + 15 stones in 5 min"),
    ("1 h + 20 s per move (Fischer)", "60 min + 20 s per move (Fischer)"), ("45 min", "45 min")])
def test_the_time_control_moves_through_opengotha(tmp_path: Path, written: str, back: str) -> None:
    event = tmp_path / "go"
    shutil.copytree(EXAMPLE, event)
    text = (event / "event.yaml").read_text(encoding="utf-8")
    assert "time_control: 60 min + 5×30 s byo-yomi\n" in text
    (event / "event.yaml").write_text(text.replace("60 min + 5×30 s byo-yomi", written), encoding="utf-8")
    _, again = round_trip(tmp_path, event)
    imported = loaded(again)[0]
    assert imported.time_control == back
    class_line = export_h9(*loaded(event)).split(b"\n")[0]  # ; CL[A]: the EGF's class of the time control
    assert export_h9(imported, imported.sections[0]).split(b"\n")[0] == class_line


KOMI_CASES = {
    "even": ('result: "B+R", handicap: 0, komi: 6.5}', 'result: "jigo", handicap: 0, komi: 7}', "01.yaml", 10,
             "round 1, board 5: komi 7 is not the event's 6.5, and OpenGotha's file holds one komi for every "
             "even game (hint: remove the game's 'komi:'"),
    "handicap": ('result: "W+R", handicap: 1, komi: 0.5}', 'result: "W+R", handicap: 1, komi: 0}',
                 "02.yaml", 13,
                 "round 2, board 8: komi 0 with handicap 1, and OpenGotha's file gives every handicap game "
                 "komi 0.5 (hint: "),
    "unsaid": ('result: "B+R", handicap: 0, komi: 6.5}', 'result: "jigo", handicap: 0}', "01.yaml", 10,
               "round 1, board 5: a jigo, which the file's 7.5 (OpenGotha's default: the event says no komi) "
               "cannot give back (hint: write the komi"),
}


@pytest.mark.parametrize("case", sorted(KOMI_CASES))
def test_a_game_whose_komi_the_file_cannot_carry_is_refused_at_its_line(tmp_path: Path, case: str) -> None:
    """OpenGotha's file holds one komi: the import gives it to every even game and 0.5 to every
    handicap game, so the export refuses a game it would give back with another komi (a jigo the
    re-import would refuse) rather than write it without a word."""
    old, new, name, line, message = KOMI_CASES[case]
    event = tmp_path / "go"
    shutil.copytree(EXAMPLE, event)
    rounds = event / "open" / "rounds" / name
    text = rounds.read_text(encoding="utf-8").splitlines(keepends=True)
    assert old in text[line - 1]
    text[line - 1] = text[line - 1].replace(old, new)
    rounds.write_text("".join(text), encoding="utf-8")
    if case == "unsaid":
        event_yaml = (event / "event.yaml").read_text(encoding="utf-8")
        (event / "event.yaml").write_text(event_yaml.replace("\nkomi: 6.5", "\n"), encoding="utf-8")
        text = rounds.read_text(encoding="utf-8").replace(", komi: 6.5}", "}")
        rounds.write_text(text, encoding="utf-8")
    with pytest.raises(ExportError) as error:
        export_opengotha(*loaded(event))
    assert f"go/open/rounds/{name}:{line}:5: {message}" in str(error.value), str(error.value)
    assert "\n" not in str(error.value) and str(error.value).endswith(")")


def test_every_corpus_file_imports_builds_and_exports_the_same_players_and_games(tmp_path: Path) -> None:
    content = tmp_path / "content"
    for source in CORPUS:
        import_opengotha(source, content / source.stem.replace(".", "-"))
    report = build_site(content, tmp_path / "output", pdf=False)
    assert report.pages > 0
    for source in CORPUS:
        before = read_gotha(source).event
        exported = tmp_path / f"{source.stem}.xml"
        xml = export_opengotha(*loaded(content / source.stem.replace(".", "-")))
        exported.write_text(xml, encoding="utf-8")
        after = read_gotha(exported).event
        played = max([g.round for g in before.games] + list(before.byes), default=0)
        kept = min(played + 1, before.parameters.general.rounds)  # the absences a round file can say
        assert [(p.key, p.name, p.first_name, p.rank, p.country, p.club) for p in after.players] == \
            [(p.key, p.name.strip(), p.first_name.strip(), p.rank, p.country.upper(), p.club.strip())
             for p in before.players], \
            source.name  # the content keeps country codes in capitals, no space around a name or club
        assert [p.rating for p in after.players] == [p.rating for p in before.players], source.name
        assert [sorted(r for r in p.absent if r <= kept) for p in after.players] == \
            [sorted(r for r in p.absent if r <= kept and not _plays(before, p.key, r))
             for p in before.players], source.name

        def games(event: GothaEvent) -> list[tuple]:
            return sorted((g.round, g.white, g.black, g.handicap, g.result, g.by_default)
                          for g in event.games)

        assert games(after) == games(before), source.name
        assert after.byes == before.byes, source.name
        assert _settings(after) == _settings(before), source.name


#: The corpus files whose players include negative ratings (OpenGotha's scale runs down to -900, a 30k).
NEGATIVE_RATINGS = ("Toulouse2024", "bosp2024", "frioul-2018", "malavasi.geobug")


@pytest.mark.parametrize("stem", NEGATIVE_RATINGS)
def test_a_negative_rating_is_imported_and_seeds_as_in_the_file(tmp_path: Path, stem: str) -> None:
    """docs/go.md, "OpenGotha files": an event imported is the same event, a player's negative
    rating too (it orders the players of a rank, as OpenGotha pairs them)."""
    from site_builder.engine.go_section import go_inputs

    source = CORPUS[0].parent / f"{stem}.xml"
    import_opengotha(source, tmp_path / "go")
    players, _, _ = go_inputs(loaded(tmp_path / "go")[1])
    ratings = [p.rating for p in read_gotha(source).event.players]
    assert min(ratings) < 0 < max(ratings)
    assert [p.rating for p in players] == ratings


def test_import_players_keeps_an_opengotha_files_negative_ratings(tmp_path: Path) -> None:
    """docs/go.md: an OpenGotha file's players are "rated as `bulletin import opengotha` reads them":
    a negative rating kept (and read back by a go event), -900 (OpenGotha's unrated) left out."""
    from site_builder.commands.import_players import import_players
    from site_builder.content.players import load_players
    from site_builder.errors import Problems

    target = tmp_path / "players.yaml"
    import_players(CORPUS[0].parent / "frioul-2018.xml", target)
    text = target.read_text(encoding="utf-8")
    assert 'name: "Lefebvre, Louise", rank: "20k", country: "FR", club: "84Av", rating: -400}' in text
    assert "rating: -900" not in text
    problems = Problems()
    players = load_players(target, target, problems, ranks=True).players
    assert not problems.items and sum(p.rating is not None and p.rating < 0 for p in players) > 1


def test_frioul_round_1_verifies_as_the_file_pairs_it(tmp_path: Path) -> None:
    """tests/pairing/test_opengotha_corpus.py: the engine pairs frioul-2018's round 1 as the file
    has it; imported, its negative ratings kept, verify agrees."""
    from site_builder.tournament.verify import verify

    import_opengotha(CORPUS[0].parent / "frioul-2018.xml", tmp_path / "frioul")
    verdicts, _ = verify(tmp_path / "frioul", 1)
    assert len(verdicts) == 1 and verdicts[0].agrees, str(verdicts[0])


def _settings(event: GothaEvent) -> tuple:
    """What a section's options and system keep of the parameter sets."""
    g, p = event.parameters.general, event.parameters
    return (g.rounds, g.bar, g.floor, g.mms2_absent, g.mms2_bye, g.nbw2_absent, g.nbw2_bye, g.round_down,
            p.handicap, p.placement.main, p.pairing)


def _plays(event: GothaEvent, key: str, number: int) -> bool:
    return event.byes.get(number) == key or any(
        g.round == number and key in (g.white, g.black) for g in event.games)


def test_tables_numbered_1_to_n_are_the_boards(tmp_path: Path) -> None:
    source = CORPUS[0]
    import_opengotha(source, tmp_path / "event")
    _, section = loaded(tmp_path / "event")
    before = read_gotha(source).event
    tables = {(g.round, g.table) for g in before.games}
    for rnd in section.rounds:
        if sorted(t for r, t in tables if r == rnd.number) == list(range(1, len(rnd.games) + 1)):
            assert {g.board for g in rnd.games} == {t for r, t in tables if r == rnd.number}


SMALL = """<?xml version="1.0" encoding="UTF-8"?>
<Tournament fullVersionNumber="3.52.03">
    <TournamentParameterSet><GeneralParameterSet komi="6.5"/></TournamentParameterSet>
    <Players>
        <Player name="Dubois" firstName="Claire" rank="3D" rating="2310" country="FR" club="Pari"/>
        <Player name="Sato" firstName="Ken" rank="1K" rating="2000" participating="10111111111111111111"/>
    </Players>
    <Games>
        <Game blackPlayer="SATOKEN" whitePlayer="DUBOISCLAIRE" handicap="2" result="{result}"
              roundNumber="1" tableNumber="1"/>
    </Games>
</Tournament>
"""


def small(tmp_path: Path, result: str = "RESULT_WHITEWINS") -> Path:
    path = tmp_path / "small.xml"
    path.write_text(SMALL.replace("{result}", result), encoding="utf-8")
    return path


def test_a_small_file_gives_go_notation_a_handicap_and_the_next_rounds_absence(tmp_path: Path) -> None:
    import_opengotha(small(tmp_path, "RESULT_BLACKWINS_BYDEF"), tmp_path / "event")
    rounds = tmp_path / "event" / "open" / "rounds"
    assert 'first: "Sato, Ken", second: "Dubois, Claire", result: "B+F", handicap: 2' in \
        (rounds / "01.yaml").read_text(encoding="utf-8")
    assert (rounds / "02.yaml").read_text(encoding="utf-8") == 'round: 2\ngames: []\nabsent: ["Sato, Ken"]\n'
    event = (tmp_path / "event" / "event.yaml").read_text(encoding="utf-8")
    assert "system: mcmahon" in event and "game: go" in event and "komi: 6.5" in event
    assert '    absent_mms: "0"\n    bye_mms: "0"\n' in event  # the scores the file's parameter set gives


@pytest.mark.parametrize("change, message", [
    (("</Games>", ""), "small.xml:12:3: not well-formed XML: mismatched tag"),
    (("<Games>", "<Games>\n<<"), "small.xml:9:2: not well-formed XML: invalid token ("),
    (("{result}", "RESULT_BLACKWIN"), "small.xml:9:9: Game result: 'RESULT_BLACKWIN' is not"),
    (('"SATOKEN"', '"SATO"'), "small.xml:9:9: Game blackPlayer: no player has the key 'SATO'"),
    (("{result}", "RESULT_BOTHWIN"), "small.xml:9:9: Game result: 'both win' has no go notation"),
    (('handicap="2" result="{result}"', 'handicap="0" result="RESULT_EQUAL"'),
     "small.xml:9:9: Game result: a jigo cannot happen with the file's komi 6.5"),
    (("{result}", "RESULT_EQUAL"), "small.xml:9:9: Game result: a jigo cannot happen with a handicap game's "
     "komi 0.5"),
    (('handicap="2" result="{result}"', 'handicap="12" result="RESULT_WHITEWINS"'),
     "small.xml:9:9: Game handicap: 12 stones is not a go handicap (0–9)"),
    (('rank="1K"', 'rank="40K"'), "small.xml:6:9: Player rank: '40K' is not a go rank"),
    (('{result}"\n              roundNumber="1"', 'RESULT_WHITEWINS"\n              roundNumber="0"'),
     "small.xml:9:9: Game roundNumber: 0 is not a round"),
])
def test_a_broken_file_is_one_located_line_and_writes_nothing(tmp_path: Path, change: tuple[str, str],
                                                              message: str) -> None:
    path = tmp_path / "small.xml"
    path.write_text(SMALL.replace(*change), encoding="utf-8")
    with pytest.raises(ContentError) as error:
        import_opengotha(path, tmp_path / "event")
    assert str(error.value).startswith(str(tmp_path / message)), str(error.value)
    assert all(line.endswith(")") and " (hint: " in line for line in str(error.value).splitlines())
    assert not (tmp_path / "event").exists()


def test_an_import_refuses_a_folder_with_files_unless_forced(tmp_path: Path) -> None:
    target = tmp_path / "event"
    target.mkdir()
    (target / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(ImportRefused):
        import_opengotha(small(tmp_path), target)
    assert (target / "notes.txt").is_file()
    import_opengotha(small(tmp_path), target, force=True)
    assert not (target / "notes.txt").exists() and (target / "event.yaml").is_file()
    shutil.rmtree(target)


def test_import_players_takes_the_players_of_an_opengotha_file(tmp_path: Path) -> None:
    from site_builder.commands.import_players import import_players

    imported = import_players(small(tmp_path), tmp_path / "players.yaml")
    assert (imported.count, imported.ratings) == (2, "OpenGotha (rating)")
    lines = (tmp_path / "players.yaml").read_text(encoding="utf-8").splitlines()
    assert lines[2:] == ['  - {number: 1, name: "Dubois, Claire", rank: "3d", country: "FR", club: "Pari", '
                         'rating: 2310}',
                         '  - {number: 2, name: "Sato, Ken", rank: "1k", rating: 2000}']


def test_the_commands_import_and_export(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from site_builder.cli import main

    runner = CliRunner()
    exported = runner.invoke(main, ["export", "opengotha", str(EXAMPLE), "-s", "open",
                                    "-o", str(tmp_path / "spring.xml")])
    assert exported.exit_code == 0, exported.output
    command = ["import", "opengotha", str(tmp_path / "spring.xml"), str(tmp_path / "ev")]
    imported = runner.invoke(main, command)
    assert imported.exit_code == 0 and "created" in imported.output, imported.output
    again = runner.invoke(main, command)
    assert again.exit_code != 0 and "is not empty (use --force" in again.output
    chess = runner.invoke(main, ["export", "opengotha", str(ROOT / "content" / next(
        p.name for p in sorted((ROOT / "content").iterdir())
        if p.is_dir() and "game: chess" in (p / "event.yaml").read_text(encoding="utf-8")))])
    assert chess.exit_code != 0 and "as OpenGotha's do" in chess.output


def test_a_second_bye_in_a_round_is_read_as_unpaired_with_a_located_warning(tmp_path: Path) -> None:
    """OpenGotha gives one bye a round; pairgoth's export can write two (malavasi's round 1). The
    import keeps the first and says, at the element, that the other player is read as not paired."""
    source = next(p for p in CORPUS if p.name.startswith("malavasi"))
    gotha = read_gotha(source)
    assert [w.message for w in gotha.warnings] == [
        "ByePlayer: round 1 already gives the bye to CERONELISA; OpenGotha gives one bye a round, so "
        "ALBERT_LEDUNSOLINE is read as not paired in round 1"]
    assert str(gotha.warnings[0]).split(": ByePlayer")[0].endswith(f"{source.name}:1364:1")
    assert gotha.event.byes[1] == "CERONELISA"
    imported = import_opengotha(source, tmp_path / "event")
    assert imported.warnings == gotha.warnings
    round_1 = next((tmp_path / "event").glob("*/rounds/01.yaml")).read_text(encoding="utf-8")
    assert 'byes: ["Ceron, Elisa"]' in round_1 and "Albert_Ledun" not in round_1
