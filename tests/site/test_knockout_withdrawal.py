"""A knockout's finalist who withdraws is marked as withdrawn wherever the field shows (docs/content.md:
"a player who withdrew … is marked … (退赛 …, explained below the table) and their card says so"):
the placing table with its legend, the printed placings, the player's card."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from click.testing import CliRunner

from site_builder.build import build_site
from site_builder.checks import load_checked
from site_builder.cli import main
from site_builder.render.html import environment, render_page
from site_builder.render.textlines import placing_lines
from site_builder.results import event_results
from site_builder.views.i18n import Labels
from site_builder.views.pages import event_pages

ROOT = Path(__file__).resolve().parents[2]
EVENT = "2017-xiangqi-national-full"
LEGEND = "退赛：中途退出比赛，此后不再编排"


def test_a_finalist_who_withdrew_is_marked_in_the_placings(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content" / EVENT, content / EVENT)
    rounds = content / EVENT / "men-a" / "rounds"
    (rounds / "06.yaml").unlink()
    with (rounds / "05.yaml").open("a", encoding="utf-8") as fifth:
        fifth.write("withdrawn: [覃建涛]\n")
    result = CliRunner().invoke(main, ["pair", str(content), "--event", EVENT, "--section", "men-a"])
    assert result.exit_code == 0, result.output
    final = rounds / "06.yaml"
    text = final.read_text(encoding="utf-8")
    assert '["方刚", "覃建涛", "+:-"]' in text  # the final, written as a forfeit
    final.write_text(text.replace('"?"', '"2:0"').replace("round: 6\n", "round: 6\ndate: 2017-11-01\n"),
                     encoding="utf-8")
    build_site(content, tmp_path / "out", pdf=False)
    out = tmp_path / "out" / EVENT / "men-a"
    placings = (out / "placings.html").read_text(encoding="utf-8")
    assert re.search(r'>覃建涛</a> <small class="badge field-mark" title="第 5 轮后退赛">退赛</small></th>',
                     placings)
    assert placings.count("field-mark") == 1 and LEGEND in placings
    assert '<dt>参赛情况</dt><dd class="strong">第 5 轮后退赛</dd>' in \
        (out / "players" / "40.html").read_text(encoding="utf-8")


def test_the_printed_placings_mark_a_player_who_withdrew() -> None:
    t = Labels("zh")
    rows = [{"place": "1", "player": {"number": 42, "name": "方刚"}, "cols": {}, "mark": ""},
            {"place": "2", "player": {"number": 40, "name": "覃建涛"}, "cols": {}, "mark": t.withdrawn_mark}]
    lines = [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", str(line))).strip()
             for line in placing_lines(rows, t, [])]
    assert lines[1:] == ["1 42 方刚", "2 40 覃建涛（退赛）"]


def _play(path: Path, results: list[str], extra: str = "") -> None:
    """Give the round file at `path` its date and its pending games `results` in order, then `extra`."""
    text = re.sub(r"^date: [0-9-]+ #.*$", lambda m: m.group(0).split(" #")[0],
                  path.read_text(encoding="utf-8"), flags=re.M)
    given = iter(results)
    path.write_text(re.sub(r'"\?"', lambda _: f'"{next(given)}"', text) + extra, encoding="utf-8")


def test_a_match_lost_by_a_player_who_withdrew_says_won_by_forfeit(tmp_path: Path) -> None:
    """docs/systems.md, Knockout sections: a player who withdraws after winning a match loses the
    next one by forfeit; its winner advances by forfeit, on the round page and its PDF, the
    bracket and the cards, with no score of slow games that were not played."""
    content = tmp_path / "content"
    runner = CliRunner()
    made = runner.invoke(main, ["new", str(content / "ko"), "--game", "chess", "--language", "en",
                                "--system", "knockout", "--players", "8", "--plain-seed"])
    assert made.exit_code == 0, made.output
    rounds = content / "ko" / "open" / "rounds"
    assert runner.invoke(main, ["pair", str(content)]).exit_code == 0
    # Player 01 (board 1) wins 2:0, then withdraws; the others' first games are decisive
    _play(rounds / "01.yaml", ["1-0", "0-1"] * 4, 'withdrawn: ["Player 01"]\n')
    paired = runner.invoke(main, ["pair", str(content)])
    assert paired.exit_code == 0, paired.output
    second = rounds / "02.yaml"
    forfeits = len(re.findall(r'"[+-]:[+-]"', second.read_text(encoding="utf-8")))
    assert forfeits == 2  # Player 01's two slow games, written as forfeits
    _play(second, ["1-0", "0-1"] * 3)
    build_site(content, tmp_path / "out", pdf=False)
    site = tmp_path / "out" / "ko" / "open"
    said = "advances (by forfeit: the games were not played)"
    round_page = (site / "round-02.html").read_text(encoding="utf-8")
    assert round_page.count(said) == 1 and round_page.count("Slow games") == 3
    bracket = (site / "bracket.html").read_text(encoding="utf-8")
    scores = re.findall(r'<span class="bracket-score">([^<]*)', bracket)
    assert scores[:4] == ["2.0:0.0 ", "2.0:0.0 ", "2.0:0.0 ", "2.0:0.0 "]  # round 1: played
    assert scores[4:].count("forfeit win") == 1
    card = (site / "players" / "1.html").read_text(encoding="utf-8")
    assert said in card and "Slow games 2.0:0.0" in card  # round 1 played, round 2 forfeited
    event = load_checked(content).events[0]
    printed = next(p for p in event_pages(event, event_results(event), pdfs=True)
                   if p.template == "print/knockout_round.html" and p.context["n"] == 2)
    printed_text = render_page(environment(), printed)
    assert printed_text.count(said) == 1 and printed_text.count("Slow games") == 3
