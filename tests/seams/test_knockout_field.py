"""A knockout's field (seed 004 一.(三)): every round halves it, so it takes a power of two, is
fixed by round 1 (no late entry), and a player who withdraws after winning a match loses the next
one by forfeit, game by game."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from site_builder.checks import load_checked
from site_builder.cli import main
from site_builder.engine.knockout import KnockoutRound
from site_builder.model import Outcome


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def knockout(tmp_path: Path, players: int) -> Path:
    content = tmp_path / "content"
    assert run("new", str(content / "ko"), "--system", "knockout", "--language", "en", "--players",
               str(players), "--plain-seed")[0] == 0
    return content


def test_a_knockout_of_ten_players_is_refused_at_the_list(tmp_path: Path) -> None:
    code, output = run("check", str(knockout(tmp_path, 10)))
    assert code != 0
    assert re.search(r"players\.yaml:\d+:\d+: a knockout of 10 players: every round halves the field, "
                     r"so it takes 2, 4, 8, 16 … players \(hint: enter 8 or 16 players", output), output


def test_a_withdrawn_winner_loses_the_next_match_by_forfeit(tmp_path: Path) -> None:
    content = knockout(tmp_path, 8)
    rounds = content / "ko" / "open" / "rounds"
    assert run("pair", str(content))[0] == 0
    first = rounds / "01.yaml"
    text = first.read_text(encoding="utf-8")
    winners = re.findall(r'games:\n      - \["([^"]+)", "[^"]+", "\?"\]', text)
    text = re.sub(r'(      - \["([^"]+)", "([^"]+)", )"\?"\]',
                  lambda m: m.group(1) + ('"2:0"]' if m.group(2) in winners else '"0:2"]'), text)
    first.write_text(text + f'withdrawn: ["{winners[0]}"]\n', encoding="utf-8")
    code, output = run("pair", str(content))
    assert code == 0, output
    section = load_checked(content).events[0].sections[0]
    gone = next(p.number for p in section.players if p.name == winners[0])
    match = next(m for m in KnockoutRound.of(section.rounds[1]).matches if gone in m.players)
    assert [g.outcome for g in match.games] == [
        Outcome.SECOND_WINS_FORFEIT if g.first == gone else Outcome.FIRST_WINS_FORFEIT for g in match.games]
    assert all(g.outcome is Outcome.PENDING for m in KnockoutRound.of(section.rounds[1]).matches
               if m is not match for g in m.games)
    assert run("check", str(content))[0] == 0
