"""Why a Burstein round has its pairs (`pairing.burstein.why`) and its page: a seeding round is said
to be the Dutch system's; after the seeding rounds each bracket lists its players in the order of
their Index, with those who floated out of it, and each table the article of §5.2 for its colours."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from site_builder.cli import main
from site_builder.engine.scoring import records
from site_builder.pairing.burstein.from_section import round_why
from site_builder.tournament.generator import Spec, generate


def test_each_bracket_lists_its_players_by_index_and_who_floated() -> None:
    section = generate(Spec(seed=4, system="burstein", players=13, rounds=6)).section
    recs = records(section)
    assert round_why(section, recs, 2).seeding and not round_why(section, recs, 2).brackets
    why = round_why(section, recs, 5)
    assert not why.seeding and why.brackets
    for bracket in why.brackets:
        index = [(why.seats[n].buchholz, why.seats[n].sonneborn) for n in bracket.players]
        assert index == sorted(index, reverse=True) or len(set(index)) < len(index)
        assert set(bracket.floated) <= set(bracket.players)
    placed = [n for table in why.tables for n in (table.white, table.black)]
    assert sorted(placed + ([why.bye] if why.bye else [])) == sorted(why.seats)
    assert {table.rule for table in why.tables} <= {"5.2.1", "5.2.2", "5.2.3", "5.2.4", "5.2.5"}


def test_the_page_shows_the_brackets_after_the_seeding_rounds(tmp_path: Path) -> None:
    runner = CliRunner()
    content = tmp_path / "content"
    result = runner.invoke(main, ["generate", "--system", "burstein", "--seed", "4", "--players", "13",
                                  "--rounds", "6", "-o", str(content / "ev")])
    assert result.exit_code == 0, result.output
    result = runner.invoke(main, ["build", str(content), "-o", str(tmp_path / "site"), "--no-pdf", "-j", "1"])
    assert result.exit_code == 0, result.output
    seeding = (tmp_path / "site" / "ev" / "open" / "round-02-why.html").read_text(encoding="utf-8")
    later = (tmp_path / "site" / "ev" / "open" / "round-05-why.html").read_text(encoding="utf-8")
    assert "Round 2 is a seeding round" in seeding and "Bracket of " not in seeding
    assert "Bracket of " in later and "1. " in later and "Buchholz" in later
    assert "colours by C.04.4.2 §5.2." in later
