"""The README's quick start, line by line, as an organizer runs it with a public repository.

A 12-player club Swiss in English (the Dutch system) and a 20-player xiangqi event in Chinese with
secret codes (seed 004 二.2) are run from `bulletin init` to the last round: names entered, every
round paired with the secret seed in the environment, results entered, the site built as CI builds
it. The content (what a public repository shows) never holds the seed or a code in clear; the built
site shows them only once the last round is paired.
"""

from __future__ import annotations

import datetime as dt
import itertools
import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from organizer import give_dates, printed_seed
from repository import commit_all

from site_builder import draw_seed
from site_builder.cli import main

RESULTS = {"chess": ("1-0", "½-½", "0-1"), "xiangqi": ("2:0", "1:1", "0:2")}


def bulletin(*args: str, seed: str = "", monkeypatch: pytest.MonkeyPatch) -> str:
    with monkeypatch.context() as env:
        if seed:
            env.setenv(draw_seed.ENV, seed)
        else:
            env.delenv(draw_seed.ENV, raising=False)
        result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def enter_results(path: Path, game: str, round_number: int) -> None:
    """The arbiter types the results over the '?' that `pair` wrote and gives the round's date on the
    line `pair` left commented out (comments and keys stay)."""
    cycle = itertools.cycle(RESULTS[game][round_number % 3:] + RESULTS[game][:round_number % 3])
    text = re.sub(r'"\?"', lambda _: f'"{next(cycle)}"', path.read_text(encoding="utf-8"))
    day = dt.date(2027, 3, 6) + dt.timedelta(weeks=round_number - 1)
    text, given = re.subn(r"^# date: YYYY-MM-DD .*$", f"date: {day}", text, flags=re.M)
    assert given == 1
    path.write_text(text, encoding="utf-8")


def run_event(repo: Path, game: str, rounds: int, seed: str, monkeypatch: pytest.MonkeyPatch,
              before_last: callable = lambda: None) -> None:
    """Pair, enter results, build: round after round, as the quick start says: the dates given and
    the repository committed (the seed's commitment with it) before the first lot."""
    (event,) = (repo / "content").glob("*/event.yaml")
    give_dates(event.parent, "[2027-03-06, 2027-04-17]")
    commit_all(repo, "Players and the draw seed's commitment")
    for number in range(1, rounds + 1):
        if number == rounds:
            before_last()
        bulletin("pair", str(repo / "content"), seed=seed, monkeypatch=monkeypatch)
        path = next((repo / "content").glob(f"*/open/rounds/{number:02d}.yaml"))
        enter_results(path, game, number)
        bulletin("build", str(repo / "content"), "-o", str(repo / "output"), "--no-pdf", "--strict",
                 seed=seed, monkeypatch=monkeypatch)


def content_text(repo: Path) -> str:
    """Every file of the repository but git's and the build's (the output, its cache, an old output
    that a build is still deleting in the background)."""
    built = ("output", ".output", ".bulletin-cache", ".git")
    return "\n".join(p.read_text(encoding="utf-8") for top in repo.iterdir() if not top.name.startswith(built)
                     for p in ([top] if top.is_file() else top.rglob("*")) if p.is_file())


def site_text(output: Path) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in output.rglob("*")
                     if p.suffix in (".html", ".json", ".xml", ".js", ".txt"))


def test_club_swiss_in_english(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    out = bulletin("init", "club-2027", "--name", "Club Championship 2027", "--game", "chess", "--language",
                   "en", "--rounds", "7", "--players", "12", "--tool", "tournament-bulletin==0.1.0",
                   monkeypatch=monkeypatch)
    seed = printed_seed(out)
    repo = tmp_path / "club-2027"
    players = repo / "content/club-2027/open/players.yaml"
    names = ["Adams, Ann", "Baker, Bob", "Clark, Cleo", "Davis, Dan", "Evans, Eve", "Flores, Finn",
             "Green, Gia", "Hill, Hal", "Irwin, Ida", "Jones, Jay", "King, Kim", "Lopez, Leo"]
    text = players.read_text(encoding="utf-8")
    for number, name in enumerate(names, 1):
        text = text.replace(f'"Player {number:02d}"', f'"{name}", rating: {2200 - 25 * number}')
    players.write_text(text, encoding="utf-8")

    run_event(repo, "chess", 7, seed, monkeypatch)
    site = site_text(repo / "output")
    assert "Adams, Ann" in site and "Round 7" in site
    assert draw_seed.commitment(int(seed)) in site and seed in site  # all paired: the seed is public
    assert seed not in content_text(repo)


def test_xiangqi_with_secret_codes_in_chinese(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    out = bulletin("init", "spring-xiangqi", "--name", "春季象棋公开赛", "--game", "xiangqi", "--language",
                   "zh", "--rounds", "5", "--players", "20", "--tool", "tournament-bulletin==0.1.0",
                   monkeypatch=monkeypatch)
    seed = printed_seed(out)
    repo = tmp_path / "spring-xiangqi"
    event = repo / "content/spring-xiangqi/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("# numbering: codes", "numbering: codes")
                     .replace("    rounds: 5", "    rounds: 5\n    first_round: lot"), encoding="utf-8")
    codes_file = repo / "content/spring-xiangqi/open/codes.yaml"

    def before_last() -> None:  # the last round is not paired yet: nothing secret is public
        assert codes_file.is_file()
        assert seed not in site_text(repo / "output")
        assert not (repo / "output/spring-xiangqi/open/codes.html").exists()
        assert '"code"' not in (repo / "output/spring-xiangqi/event.json").read_text(encoding="utf-8")

    run_event(repo, "xiangqi", 5, seed, monkeypatch, before_last)
    sealed = yaml.safe_load(codes_file.read_text(encoding="utf-8"))
    assert "codes" not in sealed  # the public repository holds the codes only sealed
    assert seed not in content_text(repo)
    # all paired: the seed and the codes are published, and the commitment checks out
    site = site_text(repo / "output")
    assert seed in site and draw_seed.matches(int(seed), draw_seed.commitment(int(seed)))
    codes = (repo / "output/spring-xiangqi/open/codes.html").read_text(encoding="utf-8")
    assert "棋手01" in codes
