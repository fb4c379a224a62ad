"""A FIDE team Swiss (C.04.6) from the command line: `bulletin pair` writes each round's team matches
with the team White on board 1 White on the odd boards (art. 1.6.1), the results are entered, the site
builds with its team pages."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import yaml
from click.testing import CliRunner

from site_builder.cli import main


def ok(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_a_fide_team_swiss_is_paired_round_by_round_and_built(tmp_path: Path) -> None:
    content = tmp_path / "content"
    section = content / "cup" / "open"
    (section / "rounds").mkdir(parents=True)
    (content / "cup" / "event.yaml").write_text(
        "name: Team Cup\ngame: chess\nlanguage: en\ndraw_seed: 7\ndates: [2027-03-01, 2027-03-04]\n"
        "sections:\n  open: {name: Open, system: fide-team, rounds: 4, boards: 4, colour_model: B}\n",
        encoding="utf-8")
    teams = [f"  - {{number: {t}, name: Team {t}, players: [{', '.join(f'P{t}{b}' for b in 'abcd')}]}}"
             for t in range(1, 8)]
    (section / "teams.yaml").write_text("teams:\n" + "\n".join(teams) + "\n", encoding="utf-8")
    results = itertools.cycle(("1-0", "½-½", "0-1", "1-0", "0-1"))
    met: set[frozenset[str]] = set()
    byes = []
    for number in range(1, 5):
        ok("pair", str(content))
        path = section / "rounds" / f"{number:02d}.yaml"
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert len(data["matches"]) == 3
        for match in data["matches"]:
            home, away = match["home"], match["away"]
            assert frozenset((home, away)) not in met  # [C1]
            met.add(frozenset((home, away)))
            whites = [board[0] for board in match["boards"]]
            assert [w.startswith(f"P{home.split()[1]}") for w in whites] == [True, False, True, False]
        byes.append(data["bye"])
        played = re.sub(r'"\?"', lambda _: f'"{next(results)}"', path.read_text(encoding="utf-8"))
        path.write_text(f"date: 2027-03-0{number}\n{played}", encoding="utf-8")
    assert len(set(byes)) == 4  # [C2]
    ok("build", str(content), "-o", str(tmp_path / "out"), "--no-pdf", "--strict")
    assert (tmp_path / "out/cup/open/teams.html").exists()
