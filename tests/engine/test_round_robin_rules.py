"""A round robin to the letter of FIDE: the withdrawal (50 %) rule (FIDE Tournament Rules C.06
(2011) art. 5.4, kept in C.05, "Unplayed games") and no Buchholz in its tiebreak chain."""

from __future__ import annotations

from pathlib import Path

import pytest

from site_builder.content.loader import load_site
from site_builder.engine.scoring import records
from site_builder.errors import ContentError
from site_builder.systems import SYSTEMS

EVENT = """\
name: Club Round Robin
game: chess
system: round-robin
rounds: 5
tiebreaks: {tiebreaks}
"""
PLAYERS = "players:\n" + "".join(f"  - {{number: {n}, name: P{n}}}\n" for n in range(1, 7))
# The Berger table of six: round 1 1-6 2-5 3-4, round 2 6-4 5-3 1-2, round 3 2-6 3-1 4-5.
ROUNDS = {
    1: "games:\n  - [1, P1, P6, 1-0]\n  - [2, P2, P5, 1-0]\n  - [3, P3, P4, =]\n",
    2: "games:\n  - [1, P6, P4, 0-1]\n  - [2, P5, P3, 0-1]\n  - [3, P1, P2, =]\n",
    3: "games:\n  - [1, P2, P6, 1-0]\n  - [2, P3, P1, 0-1]\n{r3}",
}


def _event(tmp_path: Path, withdrawn_after: int | None,
           tiebreaks: str = "[direct-encounter, sonneborn-berger]", played_r3: str = "1-0") -> Path:
    event = tmp_path / "rr"
    (event / "rounds").mkdir(parents=True)
    (event / "event.yaml").write_text(EVENT.format(tiebreaks=tiebreaks), encoding="utf-8")
    (event / "players.yaml").write_text(PLAYERS, encoding="utf-8")
    for number, text in ROUNDS.items():
        text = text.format(r3="" if withdrawn_after == 2 else f"  - [3, P4, P5, {played_r3!r}]\n")
        if number == withdrawn_after:
            text += "withdrawn: [P4]\n"
        (event / "rounds" / f"{number:02d}.yaml").write_text(text, encoding="utf-8")
    return event


def _table(event: Path, upto: int = 3) -> list[tuple[int, int, float]]:
    section = load_site(event).events[0].sections[0]
    table = SYSTEMS["round-robin"].standings(section, records(section), upto, None)
    return [(row.place, row.player, row.points / 2) for row in table.rows]


def test_a_player_leaving_before_half_his_games_counts_for_nobody(tmp_path: Path) -> None:
    """P4 leaves after round 2 with 2 of 5 games played (< 50 %): his points and the points scored
    against him are not counted (P3's draw, P6's loss drop out); he is listed last."""
    rows = _table(_event(tmp_path, withdrawn_after=2))
    points = {player: pts for _, player, pts in rows}
    assert rows[-1][1] == 4
    assert points[3] == 1.0  # ½ against P4 cancelled: the win over P5 and the loss to P1
    assert points[6] == 0.0 and points[4] == 0.0  # P6's loss to P4 and P4's points cancelled
    assert points[1] == 2.5  # P1 never met P4: unchanged


def test_a_player_leaving_after_half_his_games_keeps_every_result(tmp_path: Path) -> None:
    """P4 leaves after round 3 having played 3 of 5 (≥ 50 %): every result stands."""
    rows = _table(_event(tmp_path, withdrawn_after=3))
    points = {player: pts for _, player, pts in rows}
    assert points[4] == 2.5 and points[3] == 1.5


def test_the_standings_before_the_withdrawal_count_everyone(tmp_path: Path) -> None:
    rows = _table(_event(tmp_path, withdrawn_after=2), upto=1)
    assert dict((player, pts) for _, player, pts in rows)[4] == 0.5


def test_a_forfeit_is_no_completed_game(tmp_path: Path) -> None:
    """Round 3's game of P4 lost by forfeit: 2 of 5 played, below half, so his results go."""
    rows = _table(_event(tmp_path, withdrawn_after=3, played_r3="-:+"))
    assert dict((player, pts) for _, player, pts in rows)[4] == 0.0


@pytest.mark.parametrize("chain", ["[buchholz]", "[direct-encounter, BH-C1]",
                                   "[sonneborn-berger, {opponent-score: {cut: 1}}]"])
def test_a_buchholz_in_a_round_robin_is_a_located_error(tmp_path: Path, chain: str) -> None:
    with pytest.raises(ContentError) as raised:
        load_site(_event(tmp_path, None, tiebreaks=chain))
    text = str(raised.value)
    assert "event.yaml:5:" in text and "'opponent-score' cannot break a tie in a round-robin section" in text
    assert "sonneborn-berger, direct-encounter, wins or koya" in text


def test_a_round_robin_without_a_chain_ranks_by_round_robin_tiebreaks(tmp_path: Path) -> None:
    """Chess's default chain starts with Buchholz; a round robin that writes none ranks by direct
    encounter, Sonneborn-Berger and wins instead (as `bulletin new` writes it), and the Buchholz
    refusal above stays for a chain the content writes."""
    event = _event(tmp_path, None)
    text = (event / "event.yaml").read_text(encoding="utf-8")
    (event / "event.yaml").write_text(text.replace("tiebreaks: [direct-encounter, sonneborn-berger]\n", ""),
                                      encoding="utf-8")
    section = load_site(event).events[0].sections[0]
    assert [tb.id for tb in section.tiebreaks] == ["direct-encounter", "sonneborn-berger", "wins"]


def test_schedule_tables_are_loaded_from_table_2_for_an_odd_field(tmp_path: Path) -> None:
    """`table_numbers: schedule`: five players' games on tables 2 and 3 are no gap; without the
    option they are (board 1 is missing)."""
    event = tmp_path / "odd"
    (event / "main" / "rounds").mkdir(parents=True)
    players = "players:\n" + "".join(f"  - {{number: {n}, name: P{n}}}\n" for n in range(1, 6))
    (event / "main" / "players.yaml").write_text(players, encoding="utf-8")
    (event / "main" / "rounds" / "01.yaml").write_text(
        "games:\n  - [2, P2, P5, 1-0]\n  - [3, P3, P4, 0-1]\nbyes: [P1]\n", encoding="utf-8")
    head = "name: Odd\ngame: chess\nsystem: round-robin\nrounds: 5\nsections:\n  main: {name: Odd%s}\n"
    (event / "event.yaml").write_text(head % ", table_numbers: schedule", encoding="utf-8")
    section = load_site(event).events[0].sections[0]
    assert [g.board for g in section.rounds[0].games] == [2, 3]
    (event / "event.yaml").write_text(head % "", encoding="utf-8")
    with pytest.raises(ContentError, match="board 1 is missing before board 2"):
        load_site(event)


def test_a_round_robin_trf_with_a_buchholz_imports_without_it(tmp_path: Path) -> None:
    """A real file may list BH for a round robin (202): read with a located warning, left out."""
    from site_builder.trf.importer import import_trf
    from site_builder.trf.parse import parse_trf

    fixture = Path(__file__).parents[1] / "fixtures" / "c07-exercises" / "round-robin.trf"
    source = tmp_path / "rr.trf"
    source.write_text(fixture.read_text(encoding="utf-8") + "202 BH SB\n", encoding="utf-8")
    (warning,) = [w for w in parse_trf(source).warnings if "cannot break a tie" in w.message]
    assert (warning.location.column, "'BH'") == (5, warning.message.split()[1])
    import_trf(source, tmp_path / "event", force=True)
    section = load_site(tmp_path / "event").events[0].sections[0]
    assert [tb.id for tb in section.tiebreaks] == ["sonneborn-berger"]


def test_after_half_his_games_a_withdrawn_player_s_forfeits_count(tmp_path: Path) -> None:
    """P4 leaves after round 3 having played 3 of 5: round 4's game against him is a forfeit he
    loses (written so by `bulletin pair`, accepted by the loader), and P1's "+" counts."""
    from site_builder.commands.pair import pair_next

    event = _event(tmp_path, withdrawn_after=3)
    (event / "event.yaml").write_text((event / "event.yaml").read_text(encoding="utf-8")
                                      .replace("game: chess", "game: chess\nlanguage: en"), encoding="utf-8")
    text = pair_next(event).text  # table of 6, round 4: 6-5 1-4 2-3
    assert '[2, "P1", "P4", "+:-"]' in text and "P4 (#4) loses their scheduled games by forfeit" in text
    (event / "rounds" / "04.yaml").write_text(text.replace('"?"', '"1-0"'), encoding="utf-8")
    rows = _table(event, upto=4)
    points = {player: pts for _, player, pts in rows}
    assert points[1] == 3.5 and points[4] == 2.5  # P1: 2.5 and the forfeit win; P4 as before


def test_the_trf_keeps_the_table_s_points_and_says_what_the_ranks_count(tmp_path: Path) -> None:
    """P4 leaves before half his games: the TRF's points column keeps every game ("his score remains
    in the tournament table, for rating and historical purposes"), the rank column is the
    standings', and a `###` line gives the points each rank counts where they differ, so the file
    agrees with the site's standings and its ranks can be read."""
    from site_builder.trf.write import export_trf

    site = load_site(_event(tmp_path, withdrawn_after=2))
    event, section = site.events[0], site.events[0].sections[0]
    text = export_trf(event, section, "2026")
    lines = {int(line[4:8]): line for line in text.splitlines() if line.startswith("001 ")}
    standings = SYSTEMS["round-robin"].standings(section, records(section), 3, None)
    table = {row.player: row for row in standings.rows}
    for player, line in lines.items():  # the rank column: the standings' place
        assert int(line[85:89]) == table[player].place
    # P3: ½ against P4, 1 against P5, 0 against P1; P4: ½ against P3, 1 against P6
    assert (lines[3][80:84].strip(), lines[4][80:84].strip()) == ("1.5", "1.5")  # every game
    notes = [line for line in text.splitlines() if "is ranked on" in line]
    assert notes == ["### bulletin: player 3 is ranked on 1.0 points, not 1.5: the standings leave games out",
                     "### bulletin: player 4 is ranked on 0.0 points, not 1.5: the standings leave games out"]
