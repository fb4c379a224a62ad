"""`bulletin pair` and the provisional next round (rules/common.md §6, seed 004 二)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from organizer import give_dates, printed_seed

from site_builder.build import build_site
from site_builder.cli import main
from site_builder.content.loader import load_site

ROOT = Path(__file__).resolve().parents[1]
WOMEN = "2017-xiangqi-national/women"


@pytest.fixture
def event(tmp_path: Path) -> Path:
    """The example content with round 1's four pending results entered as draws."""
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content" / "2017-xiangqi-national", content / "2017-xiangqi-national")
    round_one = content / WOMEN / "rounds" / "01.yaml"
    round_one.write_text(round_one.read_text(encoding="utf-8").replace('"?"', '"1:1"'), encoding="utf-8")
    return content


def pair(content: Path, *args: str):
    return CliRunner().invoke(main, ["pair", str(content), "--event", "2017-xiangqi-national", *args])


def test_pair_refuses_while_results_are_pending() -> None:
    result = pair(ROOT / "content")
    assert result.exit_code == 2
    assert "01.yaml:2:8: 无法编排第 2 轮：第 1 轮还有 4 个成绩未填写" in result.output  # the event's language


def test_pair_writes_round_two_and_freezes_codes(event: Path) -> None:
    """二.2: codes are drawn once from draw_seed into codes.yaml; round 2 is paired by them."""
    result = pair(event)
    assert result.exit_code == 0, result.output
    round_two = event / WOMEN / "rounds" / "02.yaml"
    codes_file = event / WOMEN / "codes.yaml"
    assert round_two.is_file() and codes_file.is_file()
    data = yaml.safe_load(round_two.read_text(encoding="utf-8"))
    assert len(data["games"]) == 25 and len(data["byes"]) == 1
    codes = yaml.safe_load(codes_file.read_text(encoding="utf-8"))["codes"]
    assert sorted(codes.values()) == list(range(1, 52))
    section = load_site(event).events[0].sections[0]  # the fixture holds one event
    assert section.codes.by_player and section.current_round == 2
    # pairing round 2 again gives the same pairing: the draw is reproducible and frozen
    first = round_two.read_text(encoding="utf-8")
    assert pair(event, "--replace").exit_code == 0
    assert round_two.read_text(encoding="utf-8") == first


def test_replace_pairs_a_round_file_written_before_pairing(event: Path) -> None:
    """`pair --replace` on a round file that states a requested bye and no games yet pairs it as
    `pair` does (it has no result to protect): the request is kept and honoured."""
    round_two = event / WOMEN / "rounds" / "02.yaml"
    players = yaml.safe_load((event / WOMEN / "players.yaml").read_text(encoding="utf-8"))["players"]
    absent = players[0]["name"]
    round_two.write_text(f"round: 2\nhalf_byes: [{absent}]\ngames: []\n", encoding="utf-8")
    result = pair(event, "--replace")
    assert result.exit_code == 0, result.output
    data = yaml.safe_load(round_two.read_text(encoding="utf-8"))
    assert data["half_byes"] == [absent] and len(data["games"]) == 25
    assert all(absent not in game[1:3] for game in data["games"])


def test_pair_never_overwrites_results(event: Path) -> None:
    assert pair(event).exit_code == 0
    round_two = event / WOMEN / "rounds" / "02.yaml"
    round_two.write_text(round_two.read_text(encoding="utf-8").replace('"?"', '"2:0"', 1), encoding="utf-8")
    before = round_two.read_bytes()
    result = pair(event, "--replace")
    assert result.exit_code == 2
    assert "02.yaml:3:8: 第 2 轮已有成绩，不会被覆盖" in result.output
    assert round_two.read_bytes() == before


def test_build_shows_the_next_round_as_provisional(event: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    build_site(event, out, pdf=False)
    page = (out / WOMEN / "round-02.html").read_text(encoding="utf-8")
    assert "临时" in page
    assert "编排说明" in page and "轮空：" in page  # the engine's explanations, for arbiters
    assert not (out / WOMEN / "bulletin-round-02.pdf").exists()
    # once `pair` wrote the file, the round is no longer provisional, and the preview equals it
    assert pair(event).exit_code == 0
    build_site(event, out, pdf=False)
    written = (out / WOMEN / "round-02.html").read_text(encoding="utf-8")
    assert "badge" not in written.split("<h1>")[1].split("</h1>")[0]
    assert _boards(page) == _boards(written)


def _boards(html: str) -> str:
    return html.split("<tbody")[1].split("</tbody>")[0]


def test_codes_stay_secret_until_the_last_round_is_paired(event: Path, tmp_path: Path) -> None:
    """二.2: codes are published only after the last round has started."""
    assert pair(event).exit_code == 0
    out = tmp_path / "out"
    build_site(event, out, pdf=True)
    assert not (out / WOMEN / "codes.html").exists()
    assert not any("代号" in p.read_text(encoding="utf-8") for p in (out / WOMEN).rglob("*.html"))
    # the section plans 9 rounds; with 2 planned the last round is paired and codes appear
    event_file = event / "2017-xiangqi-national" / "event.yaml"
    event_file.write_text(event_file.read_text(encoding="utf-8").replace("rounds: 9", "rounds: 2"),
                          encoding="utf-8")
    build_site(event, out, pdf=False)
    codes_page = (out / WOMEN / "codes.html").read_text(encoding="utf-8")
    assert codes_page.count("<tr>") == 52  # header + 51 players


def test_a_round_file_that_cannot_be_written_is_one_line_and_leaves_nothing(event: Path, monkeypatch) -> None:
    import os

    from site_builder.content import atomic

    def full(*args) -> None:
        raise OSError(28, "No space left on device")

    before = {p: p.read_bytes() for p in event.rglob("*") if p.is_file()}
    monkeypatch.setattr(atomic.os, "replace", full)
    result = pair(event)
    monkeypatch.undo()
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1, result.output
    assert "cannot be written (No space left on device)" in result.output
    assert {p: p.read_bytes() for p in event.rglob("*") if p.is_file()} == before  # no temporary file
    assert not any(name.endswith(".tmp") for _, _, names in os.walk(event) for name in names)


def test_the_first_lot_waits_for_the_seeds_commitment_in_a_commit(tmp_path: Path) -> None:
    """A secret seed proves nothing if it can be changed after a lot: the event's first pairing is
    refused while event.yaml's commitment is not in a commit; `--offline` (an event without git)
    pairs and says so in the round file; once committed, `pair` draws."""
    from click.testing import CliRunner
    from repository import commit_all

    from site_builder.cli import main

    content = tmp_path / "content"
    made = CliRunner().invoke(main, ["new", str(content / "cup"), "--players", "6", "--language", "en"])
    seed = printed_seed(made.output)
    env = {"BULLETIN_DRAW_SEED": seed}
    refused = CliRunner().invoke(main, ["pair", str(content)], env=env)
    assert refused.exit_code == 2 and len(refused.output.strip().splitlines()) == 1
    lines = (content / "cup" / "event.yaml").read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, start=1) if text.startswith("draw_seed_sha256:"))
    # located at the commitment in event.yaml (docs/secrets.md)
    assert re.search(fr"event\.yaml:{line}:\d+: the draw seed's commitment is not in a commit yet",
                     refused.output), refused.output
    assert "--offline" in refused.output and not (content / "cup" / "open" / "rounds").exists()
    commit_all(tmp_path)
    assert CliRunner().invoke(main, ["pair", str(content)], env=env).exit_code == 0
    offline = tmp_path / "offline" / "content"
    made = CliRunner().invoke(main, ["new", str(offline / "cup"), "--players", "6", "--language", "en"])
    env = {"BULLETIN_DRAW_SEED": printed_seed(made.output)}
    assert CliRunner().invoke(main, ["pair", str(offline), "--offline"], env=env).exit_code == 0
    first = (offline / "cup" / "open" / "rounds" / "01.yaml").read_text(encoding="utf-8")
    assert first.startswith("# Paired with --offline: the draw seed's commitment was not in a commit")


def test_replace_takes_an_absence_added_after_the_pairing(tmp_path: Path) -> None:
    """The arbiter learns after pairing round 2 that a player will not come, adds him to `absent:`
    (the file now names him twice), and `pair --replace` pairs the round again without him; an error
    in another file is still reported as it is."""
    from click.testing import CliRunner

    from site_builder.cli import main

    def run(*args: str) -> tuple[int, str]:
        result = CliRunner().invoke(main, list(args))
        return result.exit_code, result.output

    content = tmp_path / "content"
    assert run("new", str(content / "cup"), "--players", "8", "--plain-seed", "--language", "en")[0] == 0
    give_dates(content / "cup", "[2027-03-06, 2027-03-06]")
    assert run("pair", str(content))[0] == 0
    first = content / "cup" / "open" / "rounds" / "01.yaml"
    first.write_text(first.read_text(encoding="utf-8").replace('"?"', '"1-0"'), encoding="utf-8")
    assert run("pair", str(content))[0] == 0
    second = content / "cup" / "open" / "rounds" / "02.yaml"
    second.write_text(second.read_text(encoding="utf-8") + 'absent: ["Player 01"]   # phoned at 9:00\n',
                      encoding="utf-8")
    code, out = run("check", str(content))
    assert code == 2 and "'Player 01' (#1) appears twice in round 2" in out
    code, out = run("pair", str(content), "--replace")
    assert code == 0, out
    data = yaml.safe_load(second.read_text(encoding="utf-8"))
    assert data["absent"] == ["Player 01"] and all("Player 01" not in str(g) for g in data["games"])
    assert "# phoned at 9:00" in second.read_text(encoding="utf-8")
    assert run("check", str(content), "--strict")[0] == 0
    players = content / "cup" / "open" / "players.yaml"
    text = players.read_text(encoding="utf-8")
    players.write_text(text + "  - {number: 8, name: Twice}\n", encoding="utf-8")
    code, out = run("pair", str(content), "--replace")
    assert code == 2 and "players.yaml" in out


def test_a_first_round_that_cannot_be_paired_is_said_at_the_event_s_file(tmp_path: Path) -> None:
    """Before any round file exists, a pairing that cannot be made is said at event.yaml (a file an
    editor opens), not at the event's folder."""
    content = tmp_path / "content"
    made = CliRunner().invoke(main, ["new", str(content / "cup"), "--game", "chess", "--system",
                                     "round-robin", "--players", "1", "--language", "en"])
    assert made.exit_code == 0, made.output
    said = CliRunner().invoke(main, ["pair", str(content), "--offline"])
    assert said.exit_code != 0
    assert re.match(r"error: \S*cup/event\.yaml:1:1: cannot pair round 1 of 'Open'", said.output), said.output


def test_a_new_dubov_event_pairs_its_first_round_at_once(tmp_path: Path) -> None:
    """The Dubov system pairs by rating alone (C.04.4.1 art. 1.1), so `bulletin new` gives its
    placeholder players placeholder ratings, strongest first, and `bulletin pair` pairs round 1."""
    content = tmp_path / "content"
    made = CliRunner().invoke(main, ["new", str(content / "cup"), "--game", "chess", "--system", "dubov",
                                     "--players", "6", "--language", "en", "--plain-seed"])
    assert made.exit_code == 0, made.output
    players = yaml.safe_load((content / "cup" / "open" / "players.yaml").read_text(encoding="utf-8"))
    assert [p["rating"] for p in players["players"]] == [2200, 2175, 2150, 2125, 2100, 2075]
    paired = CliRunner().invoke(main, ["pair", str(content), "--offline"])
    assert paired.exit_code == 0, paired.output
    assert (content / "cup" / "open" / "rounds" / "01.yaml").exists()
    assert CliRunner().invoke(main, ["check", str(content), "--strict"]).exit_code == 0


def test_a_round_robin_s_free_round_scores_nothing_where_the_new_event_s_line_is_uncommented(
        tmp_path: Path) -> None:
    """rules/common.md §7 and §3: the Berger table's bye scores the section's `bye:` points; `bulletin
    new` writes `# scoring: {bye: 0}` for a round robin, and with it uncommented an odd field's free
    round scores 0 and no win (docs/systems.md, "An odd field's free round")."""
    from site_builder.engine.scoring import records
    from site_builder.systems import section_standings

    content = tmp_path / "content"
    made = CliRunner().invoke(main, ["new", str(content / "rr"), "--game", "chess", "--system", "round-robin",
                                     "--players", "5", "--language", "en", "--plain-seed"])
    assert made.exit_code == 0, made.output
    event = content / "rr" / "event.yaml"
    text = event.read_text(encoding="utf-8")
    assert "    # scoring: {bye: 0}" in text
    event.write_text(text.replace("    # scoring: {bye: 0}", "    scoring: {bye: 0}"), encoding="utf-8")
    assert CliRunner().invoke(main, ["pair", str(content), "--offline"]).exit_code == 0
    round_one = content / "rr" / "open" / "rounds" / "01.yaml"
    round_one.write_text(round_one.read_text(encoding="utf-8").replace('"?"]', '"1-0"]'), encoding="utf-8")
    section = load_site(content).events[0].sections[0]
    (free,) = section.rounds[0].byes
    table = section_standings(section, records(section), 1, None)
    row = next(r for r in table.rows if r.player == free)
    assert row.points == 0 and row.values[-1] == 0  # no point, no win (the last tiebreak: wins)
