"""Pairing of the staged Swiss (seed 003 §2, §3, §4) and the complete gomoku example event."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from site_builder.build import build_site
from site_builder.checks import load_checked
from site_builder.engine import staged
from site_builder.engine.scoring import records
from site_builder.systems import next_round

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def event():
    site = load_checked(ROOT / "content")
    return next(e for e in site.events if e.slug == "2024-gomoku-open")


@pytest.fixture(scope="module")
def section(event):
    return event.sections[0]


def _before(section, number: int):
    return dataclasses.replace(section, rounds=section.rounds[: number - 1])


def test_rounds_follow_from_the_entrants(section) -> None:
    """§1: 37 entrants → 7 rounds."""
    assert section.rounds_rule is not None
    assert (len(section.players), section.rounds_planned, section.rounds_rule.computed) == (37, 7, 7)


def test_preliminary_byes_go_to_numbers_one_and_two(section) -> None:
    """§2.1.3: with an odd field, number 1 has the bye in round 1 and number 2 in round 2."""
    assert section.rounds[0].byes == (1,)
    assert section.rounds[1].byes == (2,)


def test_every_round_is_the_engine_pairing(event, section) -> None:
    for rnd in section.rounds:
        before = _before(section, rnd.number)
        pairing = next_round(before, records(before), event.draw.seed)
        assert [(g.board, g.first, g.second) for g in rnd.games] == \
            [(p.board, p.first, p.second) for p in pairing.pairs], rnd.number
        assert rnd.byes == pairing.byes


def test_eliminated_players_are_not_paired_in_the_main_stage(section) -> None:
    """§2.1.1 and §2.2: only the players who continue are paired from round 3."""
    result = staged.elimination(_before(section, 3), records(_before(section, 3)), True)
    assert result.eliminated and result.reinstated is not None  # the example has both
    for rnd in section.rounds[2:]:
        paired = {p for g in rnd.games for p in (g.first, g.second)} | set(rnd.byes)
        assert not paired & result.out


def test_no_rematch_until_the_final_round(section) -> None:
    """§3.1.1: two players meet at most once from round 1 to the second-to-last round."""
    met: set[frozenset[int]] = set()
    for rnd in section.rounds[:-1]:
        for g in rnd.games:
            assert frozenset((g.first, g.second)) not in met
            met.add(frozenset((g.first, g.second)))


def test_final_round_pairs_position_segments(event, section) -> None:
    """§2.3: 1v2, 3v4, … by the ranking after the second-to-last round; nigiri colours (§4.2)."""
    from site_builder.systems import section_standings

    final = section.rounds[-1]
    before = _before(section, final.number)
    table = section_standings(before, records(before), final.number - 1, event.draw.seed)
    active = {p for g in final.games for p in (g.first, g.second)} | set(final.byes)
    ranking = [row.player for row in table.rows if row.player in active]
    assert [frozenset((g.first, g.second)) for g in final.games] == \
        [frozenset(ranking[i:i + 2]) for i in range(0, 2 * len(final.games), 2)]


def test_example_pages(tmp_path: Path) -> None:
    """Stage labels on rounds, the elimination list and the explained final placing table."""
    out = tmp_path / "out"
    build_site(ROOT / "content" / "2024-gomoku-open", out, pdf=False)
    base = out / "2024-gomoku-open" / "open"
    assert "预赛" in (base / "round-01.html").read_text(encoding="utf-8")
    assert "复赛" in (base / "round-03.html").read_text(encoding="utf-8")
    assert "决赛" in (base / "round-07.html").read_text(encoding="utf-8")
    elimination = (base / "elimination.html").read_text(encoding="utf-8")
    assert "复活" in elimination and "复赛序号" in elimination
    final = (base / "final.html").read_text(encoding="utf-8")
    for how in ("决赛", "加赛快棋", "按第 6 轮后名次", "预赛淘汰", "退赛"):
        assert how in final, how
    home = (out / "2024-gomoku-open" / "index.html").read_text(encoding="utf-8")
    assert "n = 37 ≈ 2^5; 1.5 × 5 = 7.5 → 7; max(7, 7) = 7" in home


def _withdrawn_before_the_final(tmp_path: Path, player: str = "邓琪") -> Path:
    """A copy of the example whose `player` withdraws after round 6 (`withdrawn:` in the round-6
    file), the final round not paired yet."""
    import shutil

    content = tmp_path / "content"
    shutil.copytree(ROOT / "content" / "2024-gomoku-open", content / "2024-gomoku-open")
    rounds = content / "2024-gomoku-open" / "open" / "rounds"
    (rounds / "07.yaml").unlink()
    round_6 = rounds / "06.yaml"
    round_6.write_text(round_6.read_text(encoding="utf-8") + f'withdrawn: ["{player}"]\n', encoding="utf-8")
    return content


def test_pair_writes_the_final_game_of_a_player_who_withdrew_as_a_forfeit_loss(tmp_path: Path) -> None:
    """§3.1.2.3 and §5.4.4: a player who withdraws after the second-to-last round is paired in the
    final as usual and loses that game: `bulletin pair` writes the final with the forfeit entered
    (the pending game of a withdrawn player would be refused)."""
    from click.testing import CliRunner

    from site_builder.cli import main

    content = _withdrawn_before_the_final(tmp_path)
    said = CliRunner().invoke(main, ["pair", str(content)])
    assert said.exit_code == 0, said.output
    text = (content / "2024-gomoku-open" / "open" / "rounds" / "07.yaml").read_text(encoding="utf-8")
    board = next(line for line in text.splitlines() if '"邓琪"' in line and line.lstrip().startswith("- ["))
    # 邓琪 (3rd after round 6) meets 苏雨静 (4th) for places 3–4, and loses by forfeit
    assert '"苏雨静"' in board
    assert board.rstrip().endswith('"+:-"]') if board.index('"苏雨静"') < board.index('"邓琪"') \
        else board.rstrip().endswith('"-:+"]'), board


def test_a_player_who_withdrew_before_an_odd_final_has_no_bye_and_places_last_of_the_finalists(
        tmp_path: Path) -> None:
    """§5.4.4 makes the final of a player who withdrew after the second-to-last round a loss; the
    decision of docs/systems.md: the player who would have the odd final's bye (石琪萱, last of
    the 29 finalists) has none, scores nothing in it, and is placed where the bye would have put
    him, as withdrawn. `pair` writes the round, `check` accepts it with the results entered."""
    from click.testing import CliRunner

    from site_builder.cli import main
    from site_builder.content.loader import load_site
    from site_builder.engine import staged
    from site_builder.engine.scoring import records
    from site_builder.engine.standings import staged_standings

    content = _withdrawn_before_the_final(tmp_path, player="石琪萱")
    said = CliRunner().invoke(main, ["pair", str(content)])
    assert said.exit_code == 0, said.output
    final = content / "2024-gomoku-open" / "open" / "rounds" / "07.yaml"
    text = final.read_text(encoding="utf-8")
    assert "byes:" not in text and "# 已退赛：石琪萱 (#32) 不得决赛的轮空" in text
    final.write_text(text.replace('"?"]', '"2:0"]'), encoding="utf-8")
    assert CliRunner().invoke(main, ["check", str(content)]).exit_code == 0
    section = load_site(content).events[0].sections[0]
    recs = records(section)
    before = [row.player for row in staged_standings(section, recs, 6, None).rows]
    placing = {p.player: p for p in staged.final_order(section, recs, before)}
    gone = next(p.number for p in section.players if p.name == "石琪萱")
    assert (placing[gone].place, placing[gone].how) == (29, "withdrawn")  # below 14 final games
    assert recs.points(gone, 7) == recs.points(gone, 6)
