"""The secret draw seed of an event in a public repository (docs/secrets.md): the content holds only
its commitment (`draw_seed_sha256`), the seed comes from `BULLETIN_DRAW_SEED`, secret codes are
sealed with it, nothing is drawn without it, and the site publishes it (and the codes) only once the
last round of every section is paired."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from organizer import printed_seed
from repository import commit_all

from site_builder.build import build_site
from site_builder.checks import load_checked
from site_builder.cli import main
from site_builder.commands.seed import commit_new_seed
from site_builder.content.loader import load_site
from site_builder.draw_seed import ENV, SeedMissing, commitment, matches, new_seed, seal, unseal
from site_builder.engine.scoring import records
from site_builder.engine.standings import standings
from site_builder.errors import ContentError
from site_builder.model import Game, Outcome, Player, Round, Scoring, Section, Tiebreak

SEED = 231584178474632390847141970017375815706
OTHER = 170141183460469231731687303715884105729
DIGEST = commitment(SEED)
NAMES = ["张一", "王二", "李三", "赵四", "钱五", "孙六", "周七", "吴八", "郑九", "冯十",
         "陈十一", "褚十二", "卫十三", "蒋十四", "沈十五", "韩十六", "杨十七", "朱十八", "秦十九", "尤二十"]
RESULTS = ['"2:0"', '"1:1"', '"0:2"']


def write_event(root: Path, seed_line: str = f'draw_seed_sha256: "{DIGEST}"', rounds: int = 3,
                players: int = 20, extra: str = "    numbering: codes\n    first_round: lot\n") -> Path:
    """A xiangqi Swiss event `ev` in `root/content` (section `open`), returns the content dir."""
    content = root / "content"
    event = content / "ev"
    (event / "open").mkdir(parents=True)
    (event / "event.yaml").write_text(
        "# a test event\n"
        "name: 测试公开赛\n"
        "game: xiangqi\n"
        "language: zh\n"
        f"{seed_line}   # the seed\n"
        "dates: [2027-03-06, 2027-03-06]\n"
        "sections:\n"
        "  open:\n"
        "    name: 公开组\n"
        "    system: swiss-positional\n"
        f"    rounds: {rounds}\n" + extra, encoding="utf-8")
    (event / "open" / "players.yaml").write_text(
        "players:\n" + "".join(f"  - {name}\n" for name in NAMES[:players]), encoding="utf-8")
    commit_all(root)  # committed before any lot, as `bulletin pair` requires of a secret seed
    return content


def pair(content: Path):
    return CliRunner().invoke(main, ["pair", str(content)])


def enter_results(content: Path, number: int) -> None:
    path = content / "ev" / "open" / "rounds" / f"{number:02d}.yaml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    out, index = [], 0
    for line in lines:
        if '"?"' in line:
            line = line.replace('"?"', RESULTS[index % 3])
            index += 1
        out.append(line)
    path.write_text("".join(out), encoding="utf-8")


def output_text(output: Path) -> str:
    """Every file of the output as text (the builds below write no PDF)."""
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(output.rglob("*")) if p.is_file())


def content_text(content: Path) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(content.rglob("*")) if p.is_file())


# ------------------------------------------------------------------------------ the whole event


def test_a_committed_seed_from_pairing_to_publication(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       browser) -> None:
    monkeypatch.chdir(tmp_path)
    content = write_event(tmp_path)
    codes_file = content / "ev" / "open" / "codes.yaml"
    monkeypatch.setenv(ENV, str(SEED))
    result = pair(content)
    assert result.exit_code == 0, result.output
    enter_results(content, 1)
    result = pair(content)
    assert result.exit_code == 0, result.output
    assert "codes" in result.output

    # the codes are sealed: no code in clear, no seed anywhere in the content
    text = codes_file.read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    assert set(data) == {"sealed"} and text.lstrip().startswith("#")
    assert str(SEED) not in content_text(content)
    assert "codes:" not in text
    section = load_site(content).events[0].sections[0]
    assert section.codes.sealed and sorted(section.codes.by_player.values()) == list(range(1, 21))
    assert unseal(data["sealed"], SEED, "open") is not None
    assert unseal(data["sealed"], OTHER, "open") is None and unseal(data["sealed"], SEED, "other") is None
    codes = dict(section.codes.by_player)
    enter_results(content, 2)

    # without the seed: the codes are unknown, the next round is not guessed, the build warns
    monkeypatch.delenv(ENV)
    assert load_site(content).events[0].sections[0].codes.by_player == {}
    out = tmp_path / "out"
    report = build_site(content, out, pdf=False)
    warnings = [str(w) for w in report.warnings]
    assert len(warnings) == 1 and "next round" in warnings[0] and ENV in warnings[0]
    assert warnings[0].startswith("content/ev/event.yaml:5:19: ")
    assert not (out / "ev" / "open" / "round-03.html").exists()
    assert not (out / "ev" / "open" / "codes.html").exists()
    assert '"code"' not in (out / "ev" / "event.json").read_text(encoding="utf-8")
    with pytest.raises(ContentError, match="not previewed"):
        build_site(content, tmp_path / "strict", pdf=False, strict=True)

    # with the seed, before the last round is paired: the provisional round 3, but neither the
    # seed, nor the codes, nor the sealed token anywhere in the output; the commitment from the start
    monkeypatch.setenv(ENV, str(SEED))
    report = build_site(content, out, pdf=False)
    assert report.warnings == ()
    assert (out / "ev" / "open" / "round-03.html").exists()
    everything = output_text(out)
    assert str(SEED) not in everything and data["sealed"] not in everything
    assert not (out / "ev" / "open" / "codes.html").exists() and "棋手代号" not in everything
    document = json.loads((out / "ev" / "event.json").read_text(encoding="utf-8"))
    assert document["event"]["draw_seed"] is None and document["event"]["draw_seed_sha256"] == DIGEST
    assert all("code" not in p for p in document["sections"][0]["players"])
    home = (out / "ev" / "index.html").read_text(encoding="utf-8")
    assert DIGEST in home and "抽签种子承诺值（SHA-256）" in home

    # the last round paired: the seed and the codes are published, and the seed fits the commitment
    result = pair(content)
    assert result.exit_code == 0, result.output
    build_site(content, out, pdf=False)
    document = json.loads((out / "ev" / "event.json").read_text(encoding="utf-8"))
    published = document["event"]["draw_seed"]
    assert published == str(SEED) and commitment(int(published)) == document["event"]["draw_seed_sha256"]
    assert {p["number"]: p["code"] for p in document["sections"][0]["players"]} == codes
    home = (out / "ev" / "index.html").read_text(encoding="utf-8")
    assert str(SEED) in home and f"printf %s {SEED} | sha256sum" in home
    phone = browser.new_page(viewport={"width": 360, "height": 800})  # the seed's 39 digits wrap on a phone
    phone.goto((out / "ev" / "index.html").as_uri())
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    phone.close()
    assert (out / "ev" / "open" / "codes.html").read_text(encoding="utf-8").count("<tr>") == 21

    # the same state without the seed: nothing published, and the build says why
    monkeypatch.delenv(ENV)
    report = build_site(content, out, pdf=False)
    messages = " ".join(str(w) for w in report.warnings)
    assert "codes of '公开组' are due" in messages and "draw seed is due" in messages
    assert str(SEED) not in output_text(out) and not (out / "ev" / "open" / "codes.html").exists()


# ------------------------------------------------------------------------------ refusals and errors


def test_pair_refuses_without_the_seed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The round-1 lot needs the seed: one line naming the variable, exit 2, nothing written."""
    monkeypatch.delenv(ENV, raising=False)
    content = write_event(tmp_path)
    result = pair(content)
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and ENV in lines[0] and "round-1 lot" in lines[0], result.output
    assert not (content / "ev" / "open" / "rounds").exists()


def test_pair_refuses_to_draw_codes_without_the_seed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV, str(SEED))
    content = write_event(tmp_path)
    assert pair(content).exit_code == 0
    enter_results(content, 1)
    monkeypatch.delenv(ENV)
    result = pair(content)
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1
    assert "secret codes" in result.output and ENV in result.output
    assert not (content / "ev" / "open" / "codes.yaml").exists()


def test_a_wrong_seed_is_a_located_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    content = write_event(tmp_path)
    for value in (str(OTHER), "not-a-number"):
        monkeypatch.setenv(ENV, value)
        with pytest.raises(ContentError) as error:
            load_site(content)
        (problem,) = error.value.problems
        assert str(problem).startswith("content/ev/event.yaml:5:19: ")
        assert ENV in str(problem) and "(hint: " in str(problem) and "\n" not in str(problem)
        assert value not in str(problem)  # the seeds are never shown
    monkeypatch.setenv(ENV, f"{OTHER}  {SEED}\n")  # several seeds: the event takes its own
    assert load_site(content).events[0].draw.seed == SEED


def test_malformed_commitments_are_located_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for number, line in enumerate((f'draw_seed_sha256: "{DIGEST[:-1]}"',
                                   f'draw_seed: 5\ndraw_seed_sha256: "{DIGEST}"')):
        content = write_event(tmp_path / str(number), seed_line=line)
        with pytest.raises(ContentError) as error:
            load_site(content)
        (problem,) = error.value.problems
        assert "draw_seed_sha256" in str(problem)
        assert str(problem).startswith(f"{number}/content/ev/event.yaml:{5 + number}:19: ")


def test_tampered_sealed_codes_are_a_located_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(ENV, str(SEED))
    content = write_event(tmp_path)
    codes = {n: n for n in range(1, 21)}
    (content / "ev" / "open" / "codes.yaml").write_text(
        f"sealed: {seal(json.dumps({'codes': codes}).encode(), SEED, 'other')}\n", encoding="utf-8")
    with pytest.raises(ContentError) as error:
        load_site(content)
    assert str(error.value.problems[0]).startswith("content/ev/open/codes.yaml:1:9: the sealed codes cannot")


def test_the_lot_tiebreak_is_never_drawn_without_the_seed(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Four players tied after two draws: the `lot` tiebreak decides; without the seed the build
    stops at the seed's line instead of hashing nothing."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(ENV, raising=False)
    for name, line in (("secret", f'draw_seed_sha256: "{DIGEST}"'), ("none", "description: no seed")):
        content = write_event(tmp_path / name, seed_line=line, players=4, extra="    tiebreaks: [lot]\n")
        rounds = content / "ev" / "open" / "rounds"
        rounds.mkdir()
        (rounds / "01.yaml").write_text('games:\n  - [张一, 李三, "1:1"]\n  - [王二, 赵四, "1:1"]\n',
                                        encoding="utf-8")
        for build in (False, True):
            with pytest.raises(ContentError) as error:
                if build:
                    build_site(content, tmp_path / name / "out", pdf=False)
                else:
                    load_checked(content)
            (problem,) = error.value.problems
            assert "'lot' tiebreak decides places of '公开组' after round 1" in str(problem)
            assert str(problem).startswith(f"{name}/content/ev/event.yaml:" if name == "secret"
                                           else f"{name}/content/ev/event.yaml:1:1:")
        assert not (tmp_path / name / "out").exists()
    monkeypatch.setenv(ENV, str(SEED))
    build_site(tmp_path / "secret" / "content", tmp_path / "out", pdf=False)  # with the seed: drawn


def test_standings_draw_lots_only_among_tied_players() -> None:
    """Without the seed a table is computed as long as no tie reaches the lot; a tie that does
    raises `SeedMissing` (never a lot drawn from nothing); with the seed only the tied get a lot."""
    def section(result: str) -> Section:
        return Section("s", "S", "swiss", 1, Scoring(), (Tiebreak("lot"),),
                       (Player(1, "P1"), Player(2, "P2"), Player(3, "P3")),
                       (Round(1, (Game(1, 1, 2, Outcome(result)),), byes=(3,)),))

    decided = section("0-1")  # 2 and 3 have a win's points, 1 none: 2 and 3 are tied
    with pytest.raises(SeedMissing):
        standings(decided, records(decided), 1, None)
    table = standings(decided, records(decided), 1, SEED)
    assert {row.player: row.values[0] is not None for row in table.rows} == {1: False, 2: True, 3: True}
    lone = Section("s", "S", "swiss", 1, Scoring(), (Tiebreak("lot"),), (Player(1, "P1"), Player(2, "P2")),
                   (Round(1, (Game(1, 1, 2, Outcome("1-0")),)),))
    assert [row.player for row in standings(lone, records(lone), 1, None).rows] == [1, 2]


# ------------------------------------------------------------------------------ bulletin seed


def test_bulletin_seed_replaces_a_public_seed_in_place(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    content = write_event(tmp_path, seed_line="draw_seed: 20240101")
    event_file = content / "ev" / "event.yaml"
    before = event_file.read_text(encoding="utf-8").splitlines()
    result = CliRunner().invoke(main, ["seed", str(content / "ev")])
    assert result.exit_code == 0, result.output
    seed = int(printed_seed(result.output))
    assert result.output.count(str(seed)) == 1  # shown once, typed with `read -rs`, never echoed again
    # the event is Chinese: so are the command's words and the comment it writes (as `bulletin new`'s)
    assert all(words in result.output for words in ("秘密抽签种子：", "已写入", "提交 event.yaml"))
    assert "# 秘密抽签种子的承诺值（SHA-256）" in event_file.read_text(encoding="utf-8")
    after = event_file.read_text(encoding="utf-8").splitlines()
    assert [line for line in after if not line.startswith(("#", "draw_seed"))] == \
        [line for line in before if not line.startswith(("#", "draw_seed"))]
    assert after[0] == "# a test event" and str(seed) not in event_file.read_text(encoding="utf-8")
    data = yaml.safe_load(event_file.read_text(encoding="utf-8"))
    assert "draw_seed" not in data and matches(seed, data["draw_seed_sha256"])
    monkeypatch.setenv(ENV, str(seed))
    assert load_site(content).events[0].draw.seed == seed
    # a committed seed is kept unless --force
    again = CliRunner().invoke(main, ["seed", str(content / "ev")])
    assert again.exit_code == 2 and len(again.output.strip().splitlines()) == 1
    assert "event.yaml:7:1: the event already has a committed draw seed (hint: keep it" in again.output
    forced = CliRunner().invoke(main, ["seed", str(content / "ev"), "--force"])
    assert forced.exit_code == 0 and yaml.safe_load(event_file.read_text(encoding="utf-8"))[
        "draw_seed_sha256"] != data["draw_seed_sha256"]


def test_bulletin_seed_adds_the_key_and_refuses_after_lots(tmp_path: Path) -> None:
    content = write_event(tmp_path, seed_line="venue: here")
    made = commit_new_seed(content / "ev", seed=SEED)
    text = made.path.read_text(encoding="utf-8")
    assert f'draw_seed_sha256: "{DIGEST}"' in text
    assert text.index("draw_seed_sha256") < text.index("sections:")
    assert yaml.safe_load(text)["venue"] == "here"
    # rounds drawn from the seed: refused, or with --force kept, with the earlier commitment as a comment
    rounds = content / "ev" / "open" / "rounds"
    rounds.mkdir()
    (rounds / "01.yaml").write_text('games:\n  - [张一, 李三, "1:1"]\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["seed", str(content / "ev"), "--force"])
    assert result.exit_code == 0 and "stay exactly as they are" in result.output
    text = made.path.read_text(encoding="utf-8")
    earlier = f'draw_seed_sha256: "{DIGEST}"'
    assert f"# earlier, before 'bulletin seed' (its lots stay as drawn): {earlier}" in text
    other = write_event(tmp_path / "b", seed_line="draw_seed: 7")
    (other / "ev" / "open" / "rounds").mkdir()
    (other / "ev" / "open" / "rounds" / "01.yaml").write_text("games: []\n", encoding="utf-8")
    refused = CliRunner().invoke(main, ["seed", str(other / "ev")])
    assert refused.exit_code == 2 and "already paired" in refused.output
    assert "draw_seed: 7" in (other / "ev" / "event.yaml").read_text(encoding="utf-8")


def test_new_seeds_are_large_and_sealing_is_bound_to_the_seed() -> None:
    assert new_seed().bit_length() == 128
    token = seal(b"x", SEED, "open")
    middle = len(token) // 2
    tampered = token[:middle] + ("A" if token[middle] != "A" else "B") + token[middle + 1:]
    assert unseal(token, SEED, "open") == b"x" and unseal(tampered, SEED, "open") is None


def test_bulletin_seed_replaces_the_event_file_whole_keeping_its_mode(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from site_builder.content import atomic

    content = write_event(tmp_path, seed_line="draw_seed: 7")
    event_file = content / "ev" / "event.yaml"
    event_file.chmod(0o600)
    before = event_file.read_bytes()

    def full(*args) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic.os, "replace", full)
    result = CliRunner().invoke(main, ["seed", str(content / "ev")])
    monkeypatch.undo()
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1, result.output
    assert "event.yaml: cannot be written (No space left on device); it is as it was" in result.output
    assert event_file.read_bytes() == before and sorted(p.name for p in (content / "ev").iterdir()) == [
        "event.yaml", "open"]
    made = commit_new_seed(content / "ev", seed=SEED)
    assert f'draw_seed_sha256: "{DIGEST}"' in made.path.read_text(encoding="utf-8")
    assert event_file.stat().st_mode & 0o777 == 0o600


#: A token that `bulletin pair` wrote when codes were sealed with Fernet (randomized): for SEED and
#: the section "open", written 2026-01-01.
FERNET_TOKEN = ("gAAAAABpVbkA1pKlEXPNx63sLlRGg4sTze_2Nax3QQujPp8_UaHIIWAehAzlfEQuCZWSHhRJEEnchfnqzF3FNkNB448"
                "F8RqRcng2ig8xo0PstPcn8BMCyR4=")


def test_sealing_is_deterministic_and_older_fernet_tokens_still_open() -> None:
    assert seal(b"x", SEED, "open") == seal(b"x", SEED, "open")  # a re-drawn codes.yaml, byte for byte
    assert seal(b"x", SEED, "open") != seal(b"x", SEED, "women") != seal(b"x", OTHER, "women")
    assert unseal(FERNET_TOKEN, SEED, "open") == b'{"codes": {"1": 2, "2": 1}}'
    assert unseal(FERNET_TOKEN, OTHER, "open") is None and unseal(FERNET_TOKEN, SEED, "women") is None
