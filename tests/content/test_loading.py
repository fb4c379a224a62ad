"""Valid content loads into the model: result notations, name matching, player references, CSV
player lists, the short game-row forms, and the example tournament in `content/`."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from content_tree import BASE_FILES, ROUND_1, write_event

from site_builder.content.loader import load_site
from site_builder.errors import ContentError
from site_builder.model import GameKind, Outcome, Section

EXAMPLE = Path(__file__).resolve().parents[2] / "content"


def load_section(root: Path, changes: dict[str, str | None] | None = None) -> Section:
    """Write the minimal event with `changes` and load its only section."""
    write_event(root, changes)
    site = load_site(root)
    (event,) = site.events
    (section,) = event.sections
    return section


def round_file(*rows: str, extra: str = "") -> str:
    """A round 1 file whose `games:` are the given YAML rows."""
    return "round: 1\ngames:\n" + "".join(f"  - {row}\n" for row in rows) + extra


# common.md §1, every accepted notation with the outcome it stands for
NOTATIONS = [
    ("1-0", Outcome.FIRST_WINS), ("2:0", Outcome.FIRST_WINS), ("2-0", Outcome.FIRST_WINS),
    ("W", Outcome.FIRST_WINS),
    ("½-½", Outcome.DRAW), ("0.5-0.5", Outcome.DRAW), ("1:1", Outcome.DRAW), ("1-1", Outcome.DRAW),
    ("=", Outcome.DRAW), ("D", Outcome.DRAW),
    ("0-1", Outcome.SECOND_WINS), ("0:2", Outcome.SECOND_WINS), ("0-2", Outcome.SECOND_WINS),
    ("L", Outcome.SECOND_WINS),
    ("+:-", Outcome.FIRST_WINS_FORFEIT), ("+-", Outcome.FIRST_WINS_FORFEIT),
    ("-:+", Outcome.SECOND_WINS_FORFEIT), ("-+", Outcome.SECOND_WINS_FORFEIT),
    ("-:-", Outcome.DOUBLE_FORFEIT), ("--", Outcome.DOUBLE_FORFEIT),
    ("?", Outcome.PENDING),
]


@pytest.mark.parametrize(("notation", "outcome"), NOTATIONS, ids=[n for n, _ in NOTATIONS])
def test_every_result_notation_parses_quoted_and_unquoted(tmp_path: Path, notation: str,
                                                          outcome: Outcome) -> None:
    section = load_section(tmp_path, {"open/rounds/01.yaml": round_file(
        f"[1, Alice Smith, David Brown, {notation}]",           # unquoted in a flow list
        f'[2, Erin Green, Bob Jones, "{notation}"]',            # double-quoted
        f"[3, Carol White, Frank Black, '{notation}']",         # single-quoted
    ), "open/rounds/02.yaml": None})
    games = section.rounds[0].games
    assert [g.outcome for g in games] == [outcome] * 3
    assert [(g.board, g.first, g.second) for g in games] == [(1, 1, 4), (2, 5, 2), (3, 3, 6)]


@pytest.mark.parametrize(("notation", "outcome"), [n for n in NOTATIONS if n[0] != "?"],
                         ids=[n for n, _ in NOTATIONS if n != "?"])
def test_every_result_notation_parses_in_a_game_mapping(tmp_path: Path, notation: str,
                                                        outcome: Outcome) -> None:
    section = load_section(tmp_path, {"open/rounds/01.yaml": round_file(
        f"{{board: 1, first: Alice Smith, second: David Brown, result: {notation}}}",
        f'board: 2\n    first: Erin Green\n    second: Bob Jones\n    result: "{notation}"',
    ), "open/rounds/02.yaml": None})
    assert [g.outcome for g in section.rounds[0].games] == [outcome, outcome]


def test_an_empty_or_missing_result_is_pending(tmp_path: Path) -> None:
    section = load_section(tmp_path, {"open/rounds/01.yaml": round_file(
        '[1, Alice Smith, David Brown, ""]',
        "[2, Erin Green, Bob Jones, ~]",
        "{board: 3, first: Carol White, second: Frank Black}",
    ), "open/rounds/02.yaml": None})
    assert [g.outcome for g in section.rounds[0].games] == [Outcome.PENDING] * 3
    assert section.rounds[0].pending == 3


def test_points_are_not_taken_from_the_notation(tmp_path: Path) -> None:
    """`2:0` in a 1/½/0 event is a plain win (common.md §1)."""
    event = BASE_FILES["event.yaml"].replace("game: xiangqi", "game: chess")
    section = load_section(tmp_path, {"event.yaml": event, "open/rounds/01.yaml": round_file(
        '[1, Alice Smith, David Brown, "2:0"]'), "open/rounds/02.yaml": None})
    assert section.rounds[0].games[0].outcome is Outcome.FIRST_WINS
    assert section.scoring.win == 1


def test_names_match_ignoring_full_width_and_other_spaces(tmp_path: Path) -> None:
    players = "players:\n" + "".join(f"  - {name}\n" for name in (
        "孙文", "唐　丹", "王琳娜", "陈幸琳", "Anna Lee", "赵冠芳"))
    section = load_section(tmp_path, {
        "open/players.yaml": players,
        "open/rounds/01.yaml": round_file(
            '[1, 孙　文, 唐丹, "0:2"]',          # list: 孙文, round: 孙　文 — and the other way round
            '[2, "王 琳娜", 陈幸琳, "1:1"]',
            '[3, "anna  lee", 赵冠芳, "2:0"]',   # case and repeated spaces do not matter either
        ),
        "open/rounds/02.yaml": None,
    })
    assert [(g.first, g.second) for g in section.rounds[0].games] == [(1, 2), (3, 4), (5, 6)]
    assert section.player(2).name == "唐　丹"  # names are shown as written


def test_players_are_referred_to_by_name_number_or_hash_number(tmp_path: Path) -> None:
    players = BASE_FILES["open/players.yaml"].replace("number: 6,", "number: 12,")
    section = load_section(tmp_path, {
        "open/players.yaml": players,
        "open/rounds/01.yaml": round_file(
            '[1, 1, 4, "1-0"]',
            '[2, "#5", Bob Jones, "="]',
            '[3, Carol White, "#12", "0-1"]',
        ),
        "open/rounds/02.yaml": round_file(
            "[1, 12, '#1', '?']", "{first: 2, second: '#3'}", "[David Brown, 5]",
        ).replace("round: 1", "round: 2"),
    })
    assert [p.number for p in section.players] == [1, 2, 3, 4, 5, 12]
    first, second = section.rounds
    assert [(g.first, g.second) for g in first.games] == [(1, 4), (5, 2), (3, 12)]
    assert [(g.board, g.first, g.second) for g in second.games] == [(1, 12, 1), (2, 2, 3), (3, 4, 5)]


def test_byes_absences_withdrawals_sanctions_and_ranking_order_load(tmp_path: Path) -> None:
    section = load_section(tmp_path, {
        "open/rounds/01.yaml": round_file(
            '[1, Alice Smith, David Brown, "1-0"]', '[2, Erin Green, Bob Jones, "="]',
            extra="bye: Carol White\nabsent: ['#6']\nwithdrawn: [Frank Black]\n"
                  "penalties: {Alice Smith: 1}\nwarnings: {'#2': 2}\ndate: 2024-05-01\n"
                  "ranking_order: [1, 5]\nnote: Frank Black withdrew.\n",
        ),
        "open/rounds/02.yaml": None,
    })
    (rnd,) = section.rounds
    assert (rnd.byes, rnd.absent, rnd.withdrawn) == ((3,), (6,), (6,))
    assert (dict(rnd.penalties), dict(rnd.warnings)) == ({1: 1}, {2: 2})
    assert rnd.ranking_order == (1, 5)
    assert rnd.date == dt.date(2024, 5, 1)
    assert rnd.note == "Frank Black withdrew."


def test_csv_player_list_with_free_fields(tmp_path: Path) -> None:
    csv_text = (
        "\ufeffNumber,Name,Rating,Club,Sex,Birth Year,Team,Federation,Gender,Region,Province\n"
        "1,Alice Smith,2100,North,f,1990,A,CHN,F,East,浙江\n"
        "2,Bob Jones,,South,m,,B,CHN,M,West,\n"
        "\n"
        '3,"White, Carol",1950,East,女,2001,A,HKG,F,South,香港\n'
        "4,David Brown,1800,West,,,,,,,\n"
        "5,Erin Green,,North\n"
        "6,Frank Black,1700,South,男,1985,C,CHN,M,North,广东\n"
    )
    event = BASE_FILES["event.yaml"] + "    players: open/players.csv\n"
    rounds = {f"open/rounds/0{n}.yaml": BASE_FILES[f"open/rounds/0{n}.yaml"].replace("Carol White", "'#3'")
              for n in (1, 2)}
    section = load_section(tmp_path, {"event.yaml": event, "open/players.csv": csv_text,
                                      "open/players.yaml": None, **rounds})
    players = {p.number: p for p in section.players}
    assert sorted(players) == [1, 2, 3, 4, 5, 6]
    alice, bob, carol = players[1], players[2], players[3]
    assert (alice.name, alice.rating, alice.club, alice.sex, alice.birth_year) == (
        "Alice Smith", 2100, "North", "f", 1990)
    assert dict(alice.fields) == {"team": "A", "federation": "CHN", "gender": "F", "region": "East",
                                  "province": "浙江"}
    assert (bob.rating, bob.birth_year, dict(bob.fields)) == (
        None, None, {"team": "B", "federation": "CHN", "gender": "M", "region": "West"})
    assert (carol.name, carol.sex, carol.fields["province"]) == ("White, Carol", "f", "香港")
    assert players[5].fields == {}
    assert players[6].sex == "m"
    assert section.rounds[0].games[2].first == 3


def test_yaml_player_list_with_free_fields_and_plain_names(tmp_path: Path) -> None:
    players = (
        "players:\n"
        "  - {name: Alice Smith, team: A, federation: CHN, seed: 1, note: captain}\n"
        "  - Bob Jones\n"
        "  - {name: Carol White, rating: 1950, title: CM}\n"
        "  - David Brown\n  - Erin Green\n  - Frank Black\n"
    )
    section = load_section(tmp_path, {"open/players.yaml": players})
    alice, bob, carol = section.players[:3]
    assert (alice.number, bob.number, carol.number) == (1, 2, 3)  # numbers follow the list order
    assert dict(alice.fields) == {"team": "A", "federation": "CHN", "seed": "1", "note": "captain"}
    assert (bob.name, carol.rating, carol.title) == ("Bob Jones", 1950, "CM")


def test_game_rows_in_two_three_and_four_item_forms(tmp_path: Path) -> None:
    section = load_section(tmp_path, {"open/rounds/01.yaml": round_file(
        "[Alice Smith, David Brown]",                   # 2 items: board by position, pending
        '[Erin Green, Bob Jones, "1:1"]',               # 3 items: first, second, result
        "[3, Carol White, Frank Black]",                # 3 items: board, first, second (pending)
    ), "open/rounds/02.yaml": round_file(
        '[1, Frank Black, Alice Smith, "0-1"]',         # 4 items: board, first, second, result
        "[Bob Jones, Carol White, ?]",                  # 3 items with a bare `?`
        "{first: David Brown, second: Erin Green, result: W, kind: rapid}",
    ).replace("round: 1", "round: 2")})
    first, second = section.rounds
    assert [(g.board, g.first, g.second, g.outcome) for g in first.games] == [
        (1, 1, 4, Outcome.PENDING), (2, 5, 2, Outcome.DRAW), (3, 3, 6, Outcome.PENDING)]
    assert [(g.board, g.first, g.second, g.outcome, g.kind) for g in second.games] == [
        (1, 6, 1, Outcome.SECOND_WINS, GameKind.SLOW),
        (2, 2, 3, Outcome.PENDING, GameKind.SLOW),
        (3, 4, 5, Outcome.FIRST_WINS, GameKind.RAPID),
    ]


def test_game_locations_point_at_their_rows(tmp_path: Path) -> None:
    section = load_section(tmp_path)
    games = section.rounds[0].games
    assert [(g.loc.path.as_posix().endswith("open/rounds/01.yaml"), g.loc.line, g.loc.column)
            for g in games] == [(True, 4, 5), (True, 5, 5), (True, 6, 5)]


def test_event_metadata_pages_and_defaults(tmp_path: Path) -> None:
    event = BASE_FILES["event.yaml"].replace("game: xiangqi\n", (
        "game: xiangqi\nshort_name: TO\ndates: [2024-05-01, 2024-05-03]\nvenue: Hall\n"
        "organizers: [Club A, Club B]\ndraw_seed: 7\n"))
    write_event(tmp_path, {"event.yaml": event})
    (ev,) = load_site(tmp_path).events
    assert (ev.name, ev.short_name, ev.venue, ev.officials.organizers, ev.draw.seed) == (
        "Test Open", "TO", "Hall", ("Club A", "Club B"), 7)
    assert (ev.dates.start, ev.dates.end) == (dt.date(2024, 5, 1), dt.date(2024, 5, 3))
    assert [(p.slug, p.title, p.order) for p in ev.pages] == [("about", "About", 1)]
    (section,) = ev.sections
    assert (section.id, section.name, section.system, section.rounds_planned) == ("open", "Open", "swiss", 3)
    assert not section.pairing.rematches_allowed


def test_a_round_file_round_number_may_come_from_the_file_name(tmp_path: Path) -> None:
    section = load_section(tmp_path, {"open/rounds/01.yaml": None,
                                      "open/rounds/round-1.yaml": ROUND_1.replace("round: 1\n", ""),
                                      "open/rounds/02.yaml": None})
    assert [r.number for r in section.rounds] == [1]


def test_a_broken_copy_of_the_base_event_does_raise(tmp_path: Path) -> None:
    """Guard: the helpers above really load what they write (an error would surface)."""
    with pytest.raises(ContentError):
        load_section(tmp_path, {"open/rounds/01.yaml": round_file('[1, Alice Smith, Nobody, "1-0"]')})


def test_the_example_content_loads() -> None:
    site = load_site(EXAMPLE)
    event = next(e for e in site.events if e.slug == "2017-xiangqi-national")
    (women,) = event.sections
    assert len(women.players) == 51
    assert [p.number for p in women.players] == list(range(1, 52))
    (round_1,) = women.rounds
    assert len(round_1.games) == 25
    assert len(round_1.byes) == 1
    assert women.player(round_1.byes[0]).name == "李鎣"
    assert round_1.pending == 4
    assert event.regulation == "xiangqi-national-individual"
    assert women.system == "swiss-positional" and women.rounds_planned == 9
    first_game = round_1.games[0]
    assert (women.player(first_game.first).name, women.player(first_game.second).name,
            first_game.outcome) == ("孙文", "唐丹", Outcome.SECOND_WINS)


def test_csv_of_a_pairing_program_with_semicolons_and_its_headers(tmp_path: Path) -> None:
    """What Excel writes in many locales (semicolons, a BOM) with Swiss-Manager-style headers."""
    csv_text = (
        "\ufeffNo.;Name;Rtg;FIDE ID;Fed;Club/City;B-day;Tit\n"
        "1;Alice Smith;2100;4100018;ENG;North;1990/05/12;WIM\n"
        "2;Bob Jones;;;USA;South;12.03.2001;\n"
        "3;Carol White;1950;;CHN;East;;\n"
        "4;David Brown;1800;;;West;;\n"
        "5;Erin Green;;;;North;;\n"
        "6;Frank Black;1700;;;South;1985;\n"
    )
    event = BASE_FILES["event.yaml"] + "    players: open/players.csv\n"
    section = load_section(tmp_path, {"event.yaml": event, "open/players.csv": csv_text,
                                      "open/players.yaml": None})
    alice, bob = section.players[0], section.players[1]
    assert (alice.number, alice.name, alice.rating, alice.club, alice.birth_year, alice.title) == (
        1, "Alice Smith", 2100, "North", 1990, "WIM")
    assert alice.fields == {"fide_id": "4100018", "federation": "ENG"}
    assert (bob.rating, bob.birth_year, bob.fields) == (None, 2001, {"federation": "USA"})
