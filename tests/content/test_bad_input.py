"""Bad input of every kind gives one located line `file:line:column: message (hint: …)` from `check`
and `build`, never a traceback, and leaves `output/` as it was (see `test_errors.py` for the format)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from content_tree import BASE_FILES, DATED_EVENT_YAML, EVENT_YAML, PLAYERS_YAML, ROUND_1, ROUND_2, write_event
from test_errors import existing_output, parse_report, run_cli, snapshot

ROOT = Path(__file__).resolve().parents[2]
LEAGUE = ROOT / "content" / "2024-student-shogi-league"
EVENT, PLAYERS, PAGE = "event.yaml", "open/players.yaml", "pages/about.md"
R1, R2, CSV = "open/rounds/01.yaml", "open/rounds/02.yaml", "open/players.csv"


def reported(workdir: Path, changes: dict[str, str | bytes | None], content: str = "content"
             ) -> list:
    """The errors of `build` (checked against the output left untouched) and of `check` (the same
    errors; only build says that nothing was written)."""
    tree = workdir / content
    write_event(tree, {k: v for k, v in changes.items() if not isinstance(v, bytes)})
    for relative, data in changes.items():
        if isinstance(data, bytes):
            (tree / relative).write_bytes(data)
    output = existing_output(workdir)
    before = snapshot(output)
    code, out, err = run_cli("build", content, "--output", "output", "--no-pdf")
    assert code == 2, out + err
    assert "Traceback" not in out + err
    errors = parse_report(err)
    assert snapshot(output) == before
    code, _, check_err = run_cli("check", content)
    assert code == 2 and parse_report(check_err) == errors  # the same errors; check writes nothing to say
    assert err.endswith("; nothing was written.\n") and not check_err.endswith("nothing was written.\n")
    return errors


def test_negative_points_in_the_event_scoring_are_an_error(workdir: Path) -> None:
    """docs/content.md, Scoring: every scoring value is a number of points ≥ 0 (a loss may score 0);
    `win: -1` in event.yaml is an error at the value."""
    event = BASE_FILES[EVENT].replace("language: en\n", "language: en\nscoring: {win: -1, loss: 0}\n")
    [error] = reported(workdir, {EVENT: event})
    assert (error.path, error.line, error.column) == ("content/event.yaml", 4, 16)
    assert "scoring 'win' must be at least 0, found -1" in error.message
    assert "0 or more" in error.hint


def test_negative_points_in_a_section_scoring_are_an_error(workdir: Path) -> None:
    """docs/content.md, Scoring: a section's own `scoring:` follows the same rule (here `bye: -1/2`)."""
    [error] = reported(workdir, {EVENT: BASE_FILES[EVENT] + "    scoring: {draw: 1, bye: -1/2}\n"})
    assert (error.path, error.line) == ("content/event.yaml", 9)
    assert "scoring 'bye' must be at least 0, found -1/2" in error.message


def test_an_empty_player_name_is_one_error_on_its_own_line(workdir: Path) -> None:
    """docs/content.md, Player lists: `name` is required; an empty name is an error on the player's
    line, and the player's number stays known, so round files naming it add no errors."""
    players = PLAYERS_YAML.replace("name: Carol White", 'name: ""')
    rounds = {R1: ROUND_1.replace("Carol White", "3"), R2: ROUND_2.replace("Carol White", "'#3'")}
    errors = reported(workdir, {PLAYERS: players, **rounds})
    assert [(e.path, e.line, e.message) for e in errors] == [
        ("content/open/players.yaml", 4, "the name of player #3 is empty")]


def test_an_empty_name_in_a_csv_player_list_is_reported_at_its_cell(workdir: Path) -> None:
    """docs/content.md, Player lists (CSV works the same way): the empty name cell is the error."""
    csv = ("number,name,club\n1,Alice Smith,North\n2,Bob Jones,South\n3,,East\n4,David Brown,West\n"
           "5,Erin Green,North\n6,Frank Black,South\n")
    rounds = {R1: ROUND_1.replace("Carol White", "3"), R2: ROUND_2.replace("Carol White", "3")}
    errors = reported(workdir, {EVENT: BASE_FILES[EVENT] + "    players: open/players.csv\n",
                                PLAYERS: None, CSV: csv, **rounds})
    assert [(e.path, e.line, e.column) for e in errors] == [("content/open/players.csv", 4, 3)]
    assert "the name of player #3 is empty" in errors[0].message


def test_rounds_naming_the_unnamed_player_come_after_the_list_error(workdir: Path) -> None:
    """The player list's line is the first and main error; a round naming the player the list no
    longer names points back at the entry without a name."""
    errors = reported(workdir, {PLAYERS: PLAYERS_YAML.replace("name: Carol White", "name: '  '")})
    assert (errors[0].path, errors[0].line) == ("content/open/players.yaml", 4)
    assert all("no name for #3" in e.hint for e in errors[1:])


def test_a_seventh_main_team_player_of_a_school_is_an_error(workdir: Path) -> None:
    """Seed 000 八.2 (rules/shogi-student-league.md, Entrants): each school enters at most six
    players; further players go in a second team (八 注3). A seventh main-team player is an error
    on that player's line."""
    content = workdir / "league"
    shutil.copytree(LEAGUE, content)
    players = content / "players.yaml"
    text = players.read_text(encoding="utf-8")
    assert text.count("club: 北京大学, team: main") == 6
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "number: 61," in row)
    players.write_text(text.replace("number: 61, name: 钱杰杰, club: 北京大学, team: 二队",
                                    "number: 61, name: 钱杰杰, club: 北京大学, team: 一队"), encoding="utf-8")
    code, _, err = run_cli("check", "league")
    assert code == 2 and "Traceback" not in err
    errors = parse_report(err.replace("league/", "content/"))
    assert [(e.path, e.line) for e in errors] == [("content/players.yaml", line)]
    assert "'钱杰杰' is the seventh player of '北京大学' in its main team" in errors[0].message
    assert "八.2" in errors[0].message and "二队" in errors[0].hint


def test_a_byte_order_mark_before_front_matter_is_ignored(workdir: Path) -> None:
    """docs/content.md, Markdown pages: a page saved with a UTF-8 byte-order mark keeps its front
    matter (title, order), which is not printed as text."""
    write_event(workdir / "content", {PAGE: "\ufeff" + BASE_FILES[PAGE], EVENT: DATED_EVENT_YAML})
    code, _, err = run_cli("build", "content", "--output", "output", "--no-pdf")
    assert (code, err) == (0, "")
    page = (workdir / "output" / "content" / "about.html").read_text(encoding="utf-8")
    assert "order: 1" not in page and "<title>About" in page


def test_a_byte_order_mark_before_yaml_is_ignored_and_columns_stay_right(workdir: Path) -> None:
    """docs/content.md: YAML and CSV files may start with a UTF-8 byte-order mark; an error on the
    first line still names the column as the editor shows it."""
    write_event(workdir / "content", {EVENT: "\ufeff" + DATED_EVENT_YAML, PLAYERS: "\ufeff" + PLAYERS_YAML,
                                      R1: "\ufeff" + ROUND_1})
    code, _, err = run_cli("check", "content")
    assert (code, err) == (0, ""), err
    broken = "\ufeff" + BASE_FILES[EVENT].replace("name: Test Open", "name: Test: Open")
    [error] = reported(workdir, {EVENT: broken})
    assert (error.path, error.line, error.column) == ("content/event.yaml", 1, 11)


def test_a_billion_laughs_file_is_a_located_error_at_the_alias(workdir: Path) -> None:
    """Aliases are bounded (docs/content.md, What is validated): a file whose aliases expand to more
    than 100,000 values is an error at the alias that passes the bound, and is never expanded."""
    levels = ["a: &a [x, x, x, x, x, x, x, x, x]"]
    levels += [f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 9)}]" for i in range(8)]
    laughs = "\n".join(levels) + "\n"
    assert len(laughs.encode()) < 400
    [error] = reported(workdir, {R1: "round: 1\nnote:\n" + re.sub("^", "  ", laughs, flags=re.M)})
    assert error.path == "content/open/rounds/01.yaml"
    assert (error.line, error.column) == (8, 10)  # the first alias of level f passes 100,000
    assert "aliases of this file expand to more than 100,000 values" in error.message


def test_an_alias_inside_its_own_anchor_is_an_error(workdir: Path) -> None:
    """A recursive alias (`&a [*a]`) is an error at the alias, not an endless conversion."""
    [error] = reported(workdir, {R1: ROUND_1 + "note: &loop [*loop]\n"})
    assert (error.path, error.line, error.column) == ("content/open/rounds/01.yaml", 7, 14)
    assert "refers to a value that contains it" in error.message


def test_a_gbk_file_points_at_its_first_byte_that_is_not_utf8(workdir: Path) -> None:
    """docs/content.md, What is validated: a file that is not UTF-8 is an error at the line and
    column of its first undecodable byte, with a hint to save it as UTF-8."""
    players = PLAYERS_YAML.replace("name: Carol White", "name: 唐丹").encode("gbk")
    [error] = reported(workdir, {PLAYERS: players})
    assert (error.path, error.line, error.column) == ("content/open/players.yaml", 4, 23)
    assert "not UTF-8" in error.message and "save the file as UTF-8" in error.hint


def test_a_gbk_page_and_csv_point_at_their_first_byte_that_is_not_utf8(workdir: Path) -> None:
    """The same for Markdown pages and CSV player lists (after an ASCII start and a UTF-8 word)."""
    csv = "number,name\n1,Alice\n2,Bob\n3,Zoë\n".encode() + "4,李四\n".encode("gbk")
    page = b"# About\n\nText, " + "中文".encode("gbk")
    errors = reported(workdir, {EVENT: BASE_FILES[EVENT] + "    players: open/players.csv\n",
                                PLAYERS: None, CSV: csv, PAGE: page})
    located = [(e.path, e.line, e.column) for e in errors if "not UTF-8" in e.message]
    assert located == [("content/open/players.csv", 5, 3), ("content/pages/about.md", 3, 7)]


def test_an_empty_name_in_a_team_list_is_an_error_on_its_line(tmp_path: Path) -> None:
    """docs/content.md, Team events: every player of a team has a name; an empty one is an error at
    the item, and the player keeps the number its board gives (seed 001 三.2)."""
    from site_builder.content.teams import load_teams
    from site_builder.errors import Problems

    teams = tmp_path / "teams.yaml"
    teams.write_text('teams:\n  - {number: 1, name: A, players: [Ann, "", Cy]}\n'
                     '  - {number: 2, name: B, players: [Dee, Eve, Fay]}\n', encoding="utf-8")
    problems = Problems()
    players, _ = load_teams(teams, Path("teams.yaml"), 3, problems)
    [problem] = problems.items
    assert (problem.location.line, problem.message) == (2, "the name of player #2 is empty")
    assert [p.number for p in players] == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize(("directory", "changes"), [
    (R1, {R1: None}),
    (EVENT, {EVENT: None}),
    ("site.yaml", {}),
    (PLAYERS, {PLAYERS: None}),
    (CSV, {EVENT: BASE_FILES[EVENT] + "    players: open/players.csv\n", PLAYERS: None}),
    (PAGE, {PAGE: None}),
    ("open/rounds/01.pgn", {}),
    ("open/rounds/01/board-01.pgn", {}),
    ("open/codes.yaml", {}),
])
def test_a_directory_where_a_content_file_is_read_is_an_error(
        workdir: Path, directory: str, changes: dict[str, str | bytes | None]) -> None:
    """docs/content.md, What is validated: a directory in the place of a content file (a round file,
    the event or site file, a player list, a page, a game record, the codes) is one located error,
    never a traceback nor a file passed by."""
    (workdir / "content" / directory).mkdir(parents=True)
    [error] = reported(workdir, changes)
    assert (error.path, error.line, error.column) == (f"content/{directory}", 1, 1)
    assert error.message == f"'{Path(directory).name}' is a directory, not a file"
    assert "remove or rename the directory" in error.hint


def test_a_merge_key_is_one_located_error_saying_merge_keys_are_not_supported(workdir: Path) -> None:
    """docs/content.md, What is validated: a YAML merge key (`<<:`) is one error at the key, whose
    hint says to write the keys out; neither the parser's internals nor an unknown field '<<'."""
    [error] = reported(workdir, {R1: ROUND_1.replace("date: 2024-05-01", "<<: {date: 2024-05-01}")})
    assert (error.path, error.line, error.column) == ("content/open/rounds/01.yaml", 2, 1)
    assert error.message == "a YAML merge key ('<<') is not supported"
    assert "write the keys out" in error.hint


def test_a_value_of_an_unknown_tag_is_one_line_without_the_parsers_position(workdir: Path) -> None:
    """A value the loader cannot construct (`!foo`) is one line at the value: the location is the
    problem's own, never the parser's `in "<unicode string>", line …`."""
    [error] = reported(workdir, {R1: ROUND_1 + "note: !foo x\n"})
    assert (error.path, error.line, error.column) == ("content/open/rounds/01.yaml", 7, 7)
    assert error.message == "cannot read value 'x': could not determine a constructor for the tag '!foo'"


def test_a_prize_filter_on_an_unknown_sex_is_an_error_at_its_value(workdir: Path) -> None:
    """docs/content.md, Prizes: a category's `sex:` takes the player list's values; `q`, which no
    player can have, is refused at the value (the player list refuses `sex: q` the same way)."""
    prizes = "    prizes:\n      categories:\n        - {name: Best woman, filter: {sex: q}, places: [100]}\n"
    [error] = reported(workdir, {EVENT: BASE_FILES[EVENT] + prizes})
    assert (error.path, error.line, error.column) == ("content/event.yaml", 11, 44)
    assert error.message == ("prize category 'Best woman' filters on an unknown sex 'q': no player could "
                             "match it")
    assert "m or f" in error.hint


def test_a_prize_filter_on_sex_reads_the_player_lists_words(workdir: Path) -> None:
    """docs/content.md, Prizes: `{sex: 女}` is the player list's `sex: f` (a player's 女 is read as f),
    so the category takes the women it names rather than nobody."""
    from site_builder.content.loader import load_site

    players = PLAYERS_YAML.replace("club: East}", "club: East, sex: 女}")
    prizes = ("    prizes:\n      categories:\n"
              "        - {name: Best woman, filter: {sex: 女}, places: [100]}\n")
    write_event(workdir / "content", {EVENT: EVENT_YAML + prizes + "dates: [2024-05-01, 2024-05-03]\n",
                                      PLAYERS: players})
    event = load_site(workdir / "content").events[0]
    [category] = event.sections[0].prizes.categories
    assert dict(category.filter) == {"sex": "f"}
    assert event.sections[0].player(3).sex == "f"


def test_a_negative_prize_amount_is_an_error_at_it(workdir: Path) -> None:
    """docs/content.md, Prizes: a prize amount is 0 or more; `-500` is refused at the amount, in
    `places:` and in `{amount: …}` alike."""
    prizes = "    prizes: {places: [-500, 300, {amount: -1}]}\n"
    errors = reported(workdir, {EVENT: BASE_FILES[EVENT] + prizes})
    assert [(e.path, e.line, e.column, e.message) for e in errors] == [
        ("content/event.yaml", 9, 23, "a prize amount must be 0 or more, found -500"),
        ("content/event.yaml", 9, 34, "a prize amount must be 0 or more, found -1")]
    assert "without a sign" in errors[0].hint


def test_a_birth_year_after_the_event_is_an_error_at_it(workdir: Path) -> None:
    """docs/content.md, Player lists: a birth year is at most the year of the event's last day
    (the event is played in 2024: 2990 is refused at the value, 2024 is taken)."""
    players = PLAYERS_YAML.replace("club: East}", "club: East, birth_year: 2990}").replace(
        "club: West}", "club: West, birth_year: 2024}")
    [error] = reported(workdir, {EVENT: DATED_EVENT_YAML, PLAYERS: players})
    assert (error.path, error.line, error.column) == ("content/open/players.yaml", 4, 60)
    assert error.message == "birth year 2990 is after the event (2024)"
    assert "the year the player was born" in error.hint


def test_a_fide_id_that_is_not_digits_is_an_error_at_it(workdir: Path) -> None:
    """docs/content.md, Player lists: a `fide_id` is digits, as TRF's FIDE id field and `import trf`
    take it; `abc`, which `export trf` wrote and `import trf` refused, is refused at the value."""
    players = PLAYERS_YAML.replace("club: East}", "club: East, fide_id: abc}")
    [error] = reported(workdir, {PLAYERS: players})
    assert (error.path, error.line, error.column) == ("content/open/players.yaml", 4, 57)
    assert error.message == "the FIDE id 'abc' is not a number: a FIDE id is digits"
    assert "ratings.fide.com" in error.hint


def test_a_fide_id_longer_than_trfs_field_is_an_error_at_it(workdir: Path) -> None:
    """docs/content.md, Player lists: TRF's FIDE id field holds 11 digits (C.04 Annex 2, columns
    58-68) and FIDE's ids have 9 at most; a 14-digit id, which `export trf` cut to 11 (another id),
    is refused at the value."""
    players = PLAYERS_YAML.replace("club: East}", "club: East, fide_id: 12345678901234}")
    [error] = reported(workdir, {PLAYERS: players})
    assert (error.path, error.line, error.column) == ("content/open/players.yaml", 4, 57)
    assert error.message == ("the FIDE id 12345678901234 has 14 digits, more than TRF's FIDE id field "
                             "holds (11)")


def test_a_fide_id_of_a_csv_list_is_checked_at_its_cell(workdir: Path) -> None:
    """docs/content.md, Player lists (CSV works the same way): a 12-digit FIDE id is refused at its
    cell."""
    csv = ("number,name,fide_id\n1,Alice Smith,1503014\n2,Bob Jones,123456789012\n3,Carol White,\n"
           "4,David Brown,\n5,Erin Green,\n6,Frank Black,\n")
    [error] = reported(workdir, {EVENT: BASE_FILES[EVENT] + "    players: open/players.csv\n",
                                 PLAYERS: None, CSV: csv})
    assert (error.path, error.line, error.column) == ("content/open/players.csv", 3, 13)


def test_an_absurd_player_number_is_an_error_at_it(workdir: Path) -> None:
    """docs/content.md, Player lists: a pairing number is 1 to 9999 (TRF's start rank and each round's
    opponent hold four digits); 99999999999999999999, which `check` and `build` let through and
    `export trf` wrote over the round columns, is refused at the value, and the player keeps his
    place in the list, so round files naming him add no errors."""
    players = PLAYERS_YAML.replace("number: 3,", "number: 99999999999999999999,")
    [error] = reported(workdir, {PLAYERS: players})
    assert (error.path, error.line, error.column) == ("content/open/players.yaml", 4, 14)
    assert error.message == "'number' must be at most 9999, found 99999999999999999999"
