"""`bulletin generate`: a random tournament from a seed, the same bytes for the same seed, for every
system `bulletin pair` pairs; each generated event verifies round by round."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from click.testing import CliRunner

from site_builder.checks import load_checked
from site_builder.cli import main
from site_builder.tournament.check import verify_trf
from site_builder.tournament.generate import trf_text, write_generated
from site_builder.tournament.generator import TEAM_CHAIN, GenerateError, Spec, generate, profiles
from site_builder.tournament.verify import verify

FEATURES = dict(half_byes=0.05, full_byes=0.03, zero_byes=0.03, forfeits=0.05, titles=True, federations=True)
GO_FEATURES = dict(zero_byes=0.03, forfeits=0.05)  # a go section's requests are absences only


def test_the_same_seed_writes_the_same_file_and_another_seed_another(tmp_path: Path) -> None:
    args = ["generate", "--players", "15", "--rounds", "5", "--half-byes", "0.05", "--forfeits", "0.05",
            "--titles", "--federations"]
    for name, seed in (("a.trf", "3"), ("b.trf", "3"), ("c.trf", "4")):
        result = CliRunner().invoke(main, [*args, "--seed", seed, "-o", str(tmp_path / name)])
        assert result.exit_code == 0, result.output
    a, b, c = ((tmp_path / n).read_bytes() for n in ("a.trf", "b.trf", "c.trf"))
    assert a == b != c
    lines = a.decode().splitlines()
    assert "192 FIDE_DUTCH_2026" in lines and "202 BH/C1 BH SB DE WIN" in lines and "152 W" in lines
    assert sum(line.startswith("001 ") for line in lines) == 15


def test_byes_forfeits_titles_and_federations_appear_in_the_file() -> None:
    text = trf_text(generate(Spec(seed=11, players=30, rounds=7, **FEATURES)))  # type: ignore[arg-type]
    players = [line for line in text.splitlines() if line.startswith("001 ")]
    cells = " ".join(line[91:] for line in players)
    for mark in ("0000 - H", "0000 - F", "0000 - Z", " + ", " - ", " = "):
        assert mark in cells, mark
    assert any(line[9:12].strip() for line in players)  # a title
    assert all(line[53:56].strip() for line in players)  # a federation each


def test_baku_acceleration_writes_its_code_and_virtual_points() -> None:
    text = trf_text(generate(Spec(seed=2, players=24, rounds=7, baku=True)))
    assert "192 FIDE_DUTCH_2026_BAKU" in text.splitlines()
    assert [line[:3] for line in text.splitlines() if line.startswith("250 ")] == ["250", "250"]


@pytest.mark.parametrize("system", sorted(profiles()))
def test_every_system_generates_a_content_folder_that_verifies(system: str, tmp_path: Path) -> None:
    spec = Spec(seed=5, system=system, players=8 if system != "staged-swiss" else 16, boards=3,
                **(GO_FEATURES if profiles()[system].go else FEATURES))  # type: ignore[arg-type]
    written = write_generated(spec, tmp_path / "event")
    assert tmp_path / "event" / "event.yaml" in written
    verdicts, _ = verify(tmp_path / "event")
    rounds = [v for v in verdicts if " round " in v.where]
    assert rounds and all(v.agrees for v in verdicts), [str(v) for v in verdicts]


def test_a_system_not_paired_by_the_tool_is_refused(tmp_path: Path) -> None:
    with pytest.raises(GenerateError, match="unknown system 'manual'"):
        generate(Spec(system="manual"))
    result = CliRunner().invoke(main, ["generate", "--system", "knockout", "-o", str(tmp_path / "k.trf")])
    assert result.exit_code == 2 and "TRF holds individual games" in result.output
    with pytest.raises(GenerateError, match="a knockout of 20 players: every round halves the field"):
        generate(Spec(system="knockout", players=20))  # the system's own check, before any round


def test_parameters_that_make_no_tournament_are_refused() -> None:
    with pytest.raises(GenerateError, match="no rating from 2000 to 1500"):
        generate(Spec(rating_min=2000, rating_max=1500))
    with pytest.raises(GenerateError, match="between 0 and 1"):
        generate(Spec(half_byes=0.6, full_byes=0.6))
    with pytest.raises(GenerateError, match="at least 2 entrants"):
        generate(Spec(players=1))


@pytest.mark.parametrize("system", ["mcmahon", "go-swiss"])
def test_a_go_tournament_has_ranks_go_results_and_handicaps_and_verifies(system: str, tmp_path: Path) -> None:
    spec = Spec(seed=8, system=system, players=30, zero_byes=0.06, forfeits=0.05, komi=7, draws=0.05,
                bar="2d", floor="15k")
    generated = generate(spec)
    assert generated == generate(spec)  # the same files, byte for byte
    event, section = generated.event, generated.section
    assert event.game == "go" and section.go.komi == 7
    ranks = [p.rank.value for p in section.players if p.rank is not None]
    assert len(ranks) == 30 and ranks == sorted(ranks, reverse=True) and max(ranks) - min(ranks) >= 10
    assert any(p.fields.get("egd_pin") for p in section.players) and any(p.club for p in section.players)
    games = [g for r in section.rounds for g in r.games]
    details = {g.detail[:3] for g in games}
    assert {"B+R", "W+R"} <= details and any(g.detail[2:].replace(".", "").isdigit() for g in games)
    assert {g.outcome.name for g in games} >= {"FIRST_WINS", "SECOND_WINS", "DRAW"}  # a jigo: komi 7
    assert any(r.absent for r in section.rounds)
    if system == "mcmahon":
        assert "mcmahon_bar: 2d" in generated.files["event.yaml"] and any(g.handicap for g in games)
    else:
        assert not any(g.handicap for g in games)
    write_generated(spec, tmp_path / "event")
    verdicts, _ = verify(tmp_path / "event")
    assert len(verdicts) == 5 and all(v.agrees for v in verdicts), [str(v) for v in verdicts]


def test_a_go_tournament_is_written_as_an_opengotha_file_not_as_trf(tmp_path: Path) -> None:
    args = ["generate", "--system", "mcmahon", "--players", "12", "--seed", "2"]
    result = CliRunner().invoke(main, [*args, "-o", str(tmp_path / "go.trf")])
    assert result.exit_code == 2 and "TRF is FIDE's format for chess" in result.output
    assert not (tmp_path / "go.trf").exists()
    result = CliRunner().invoke(main, [*args, "-o", str(tmp_path / "go.xml")])
    assert result.exit_code == 0, result.output
    text = (tmp_path / "go.xml").read_text()
    assert text.startswith("<?xml") and text.count("<Player ") == 12 and "<Game " in text
    result = CliRunner().invoke(main, ["generate", "-o", str(tmp_path / "chess.xml")])
    assert result.exit_code == 2 and "an OpenGotha file holds a go tournament" in result.output
    with pytest.raises(GenerateError, match="no requested half- or full-point byes"):
        generate(Spec(system="go-swiss", half_byes=0.1))


def test_abnormal_results_are_generated_at_their_rate_and_verify(tmp_path: Path) -> None:
    """`--abnormal`: ½-0, 0-½ and 0-0 among the games played, written to TRF one line per player
    (`=` against `0`, `0` against `0`), every round and the standings verified; at the rate 0 the
    generator draws nothing more (the corpus of tests/data/generated-dutch stays byte for byte)."""
    spec = Spec(seed=5, players=16, rounds=5, abnormal=0.15)
    generated = generate(spec)
    found = {g.outcome.value for r in generated.section.rounds for g in r.games if g.outcome.is_abnormal}
    assert found == {"½-0", "0-½", "0-0"}
    path = tmp_path / "a.trf"
    path.write_text(trf_text(generated), encoding="utf-8")
    verdicts, _ = verify_trf(path)
    assert len(verdicts) == 6 and all(v.agrees for v in verdicts), [str(v) for v in verdicts]
    plain = generate(Spec(seed=5, players=16, rounds=5))
    assert not any(g.outcome.is_abnormal for r in plain.section.rounds for g in r.games)
    with pytest.raises(GenerateError, match=r"abnormal results .* are chess.s"):
        generate(Spec(system="mcmahon", abnormal=0.1))


@pytest.mark.parametrize(("swap", "code"), [("--swap-last-rounds", "FIDE_DOUBLEROUNDROBIN"),
                                            ("--no-swap-last-rounds", "BERGER_DOUBLEROUNDROBIN")])
def test_a_double_round_robin_plays_the_table_twice(swap: str, code: str, tmp_path: Path) -> None:
    """docs/commands.md: `--cycles 2` plays the Berger table twice (twice its rounds by default), its
    first cycle's last two rounds swapped (C.05 Annex 1) unless `--no-swap-last-rounds`."""
    path = tmp_path / "rr.trf"
    result = CliRunner().invoke(main, ["generate", "--system", "round-robin", "--players", "4",
                                       "--cycles", "2", swap, "--draws", "0", "-o", str(path)])
    assert result.exit_code == 0, result.output
    lines = path.read_text(encoding="utf-8").splitlines()
    assert f"192 {code}" in lines and "142 6" in lines
    first = next(line for line in lines if line.startswith("001    1 "))
    opponents = [int(first[i:i + 4]) for i in range(91, len(first), 10)]
    # the table for 4: 1-4, 1-2, 3-1 (C.05 Annex 1); the swap plays its rounds 1, 3, 2, then 1, 2, 3
    assert opponents == ([4, 3, 2, 4, 2, 3] if swap == "--swap-last-rounds" else [4, 2, 3, 4, 2, 3])


def test_cycles_are_a_round_robin_s() -> None:
    with pytest.raises(GenerateError, match="1 or 2 cycles"):
        generate(Spec(cycles=2))
    with pytest.raises(GenerateError, match="1 or 2 cycles"):
        generate(Spec(system="round-robin", players=4, cycles=3))


def test_a_date_is_written_as_042_and_dates_the_c07_text(tmp_path: Path) -> None:
    """`--date` gives the event its first day (`dates:`, TRF 042 and 052) and so the C.07 text of its
    standings: the corpus's g9000 (undated: Article 16.4 as amended in 2026, under which player 19's
    forfeit win counts no more than the forfeiting player's score, 16.4.1) dated 15 January 2026
    ranks player 19 9th and player 13 10th, as the 2023 text does, where the corpus has them the
    other way round, and nothing else in the file changes; dated 15 April 2026 it is the corpus
    file with its dates."""
    corpus = Path(__file__).resolve().parents[1] / "data" / "generated-dutch" / "g9000-p42-r8.trf"
    options = ["--seed", "9000", "--players", "42", "--rounds", "8", "--half-byes", "0.04", "--full-byes",
               "0.02", "--zero-byes", "0.02", "--forfeits", "0.04", "--titles", "--federations"]
    files = {}
    for day in ("2026-01-15", "2026-04-15"):
        output = str(tmp_path / f"{day}.trf")
        result = CliRunner().invoke(main, ["generate", *options, "--date", day, "-o", output])
        assert result.exit_code == 0, result.output
        files[day] = (tmp_path / f"{day}.trf").read_text(encoding="utf-8").splitlines()
    undated = corpus.read_text(encoding="utf-8").splitlines()
    for day, lines in files.items():
        assert f"042 {day.replace('-', '/')}" in lines and f"052 {day.replace('-', '/')}" in lines
    assert [line for line in files["2026-04-15"] if line[:3] not in ("042", "052")] == undated
    ranks = {line[4:8].strip(): line[85:89].strip()
             for line in files["2026-01-15"] if line.startswith("001 ") and line not in undated}
    assert ranks == {"19": "9", "13": "10"}
    generated = generate(Spec(seed=3, players=10, rounds=3, date=dt.date(2026, 1, 15)))
    assert generated.event.dates.start == dt.date(2026, 1, 15)
    assert generated.section.ranking.c07_text == "2023"
    assert "dates: [2026-01-15]" in generated.files["event.yaml"]


@pytest.mark.parametrize(("swap", "said"), [
    ("--swap-last-rounds", "cycles: 2\n"),
    ("--no-swap-last-rounds", "cycles: 2\n    swap_last_rounds: false\n"),
])
def test_a_double_round_robin_s_trf_imports_exports_the_same_file_and_verifies(swap: str, said: str,
                                                                               tmp_path: Path) -> None:
    """The 192 code of a double round robin (FIDE_DOUBLEROUNDROBIN, BERGER_DOUBLEROUNDROBIN) says
    the section's `cycles` and `swap_last_rounds`; imported, the second cycle's games meet every
    opponent again (C.05 Annex 1) without `rematches: true`, and the event exports the same file."""
    path, event = tmp_path / "rr.trf", tmp_path / "event"
    runner = CliRunner()
    result = runner.invoke(main, ["generate", "--system", "round-robin", "--players", "6", "--cycles", "2",
                                  swap, "-o", str(path)])
    assert result.exit_code == 0, result.output
    result = runner.invoke(main, ["import", "trf", str(path), str(event)])
    assert result.exit_code == 0, result.output
    settings = (event / "event.yaml").read_text(encoding="utf-8")
    assert f"    system: round-robin\n    {said}" in settings and "rematches" not in settings
    back = tmp_path / "back.trf"
    result = runner.invoke(main, ["export", "trf", str(event), "--format", "trf2026", "-o", str(back)])
    assert result.exit_code == 0, result.output
    assert back.read_bytes() == path.read_bytes()
    verdicts, _ = verify_trf(path)
    assert len(verdicts) == 11 and all(v.agrees for v in verdicts), [str(v) for v in verdicts]


def test_a_fide_team_event_is_ranked_by_a_team_chain_that_tiebreaks_names(tmp_path: Path) -> None:
    """A FIDE team Swiss ranks its teams by C.07's team tiebreaks (by default TEAM_CHAIN), its players
    (the individual standings) by the individual chain; `--tiebreaks` names the team tiebreaks."""
    write_generated(Spec(seed=2, system="fide-team", players=6), tmp_path / "a")
    section = load_checked(tmp_path / "a").events[0].sections[0]
    assert section.options["team_tiebreaks"] == " ".join(TEAM_CHAIN) == "GP BH:MP EMGSB DE"
    assert [tb.id for tb in section.tiebreaks] == ["opponent-score", "opponent-score", "sonneborn-berger",
                                                   "direct-encounter", "wins"]
    result = CliRunner().invoke(main, ["generate", "--system", "fide-team", "--players", "6", "--tiebreaks",
                                       "GP,BH:MP,DE", "-o", str(tmp_path / "b")])
    assert result.exit_code == 0, result.output
    text = (tmp_path / "b" / "event.yaml").read_text(encoding="utf-8")
    assert "    team_tiebreaks: [GP, BH:MP, DE]\n" in text


@pytest.mark.parametrize(("args", "message"), [
    (["--system", "fide-team", "--tiebreaks", "GP,BH-C1"], "--tiebreaks: unknown team tiebreak 'BH-C1'"),
    (["--tiebreaks", "BH,GP"], "--tiebreaks: unknown tiebreak text 'GP'"),
    (["--system", "mcmahon", "--bar", "xx"], "--bar: mcmahon_bar: 'xx' is not a go rank"),
    (["--system", "team-swiss", "--boards", "0"], "--boards: 'boards' must be at least 1, found 0"),
])
def test_a_refused_option_is_named_not_a_temporary_file(args: list[str], message: str, tmp_path: Path
                                                        ) -> None:
    result = CliRunner().invoke(main, ["generate", "--players", "6", *args, "-o", str(tmp_path / "event")])
    assert result.exit_code == 2 and result.output.startswith(f"error: {message}"), result.output
    assert "bulletin-generate-" not in result.output and "event.yaml" not in result.output
    assert len(result.output.strip().splitlines()) == 1  # what follows from the option is left out


def test_unrated_players_are_refused_up_front_for_the_dubov_system(tmp_path: Path) -> None:
    """C.04.4.1 art. 1.1.2: the Dubov system pairs by ratings and the arbiter gives an unrated player
    a provisional one; generate refuses --unrated for it in one line, before any round, with a hint
    that fits (docs/commands.md, "Errors": `error: …`, status 2)."""
    args = ["generate", "--system", "dubov", "--unrated", "0.3", "--players", "21", "--seed", "2"]
    result = CliRunner().invoke(main, [*args, "-o", str(tmp_path / "d.trf")])
    assert result.exit_code == 2 and not (tmp_path / "d.trf").exists()
    (line,) = result.output.splitlines()
    assert line.startswith("error: --unrated 0.3: the Dubov system pairs by ratings") and "1.1.2" in line
    assert line.endswith("(hint: leave out --unrated; the dutch, burstein, lim and double-swiss systems pair "
                         "unrated players)")
    for system in ("burstein", "lim", "double-swiss"):
        generate(Spec(system=system, unrated=0.3, players=21, seed=2, rounds=4))


def test_the_unrated_hint_names_the_systems_whose_profiles_pair_unrated_players(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/architecture.md, "A pairing system": each system says through its own `generated`
    profile whether it pairs unrated players (`Profile.rated`); the hint lists the systems of the
    refusing one's kind (its parent class) that do, with no list of names of its own."""
    import dataclasses as dc

    from site_builder.systems import SYSTEMS
    lim = type(SYSTEMS["lim"])
    monkeypatch.setattr(lim, "generated", dc.replace(lim.generated, rated="the test rates every player"))
    with pytest.raises(GenerateError, match=r"the dutch, burstein and double-swiss systems pair unrated "
                                            r"players\)$"):
        generate(Spec(system="dubov", unrated=0.3, players=21, seed=2))


def test_an_unknown_system_is_one_error_line_with_status_2(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["generate", "--system", "foo", "-o", str(tmp_path / "f.trf")])
    assert result.exit_code == 2
    assert result.output.startswith("error: unknown system 'foo' (hint: generate plays ")
    assert len(result.output.splitlines()) == 1


@pytest.mark.parametrize("code", ["ARO-M2", "PS-C2", "BH-C3", "BH-M3", "FB-C2", "FB-M2", "ARO-C3", "PS-C1"])
def test_generate_takes_every_cut_and_median_a_trf_import_takes(code: str, tmp_path: Path) -> None:
    """docs/content.md, FIDE tiebreaks (C.07 14): an import reads any Cut-n or Median-n of BH, FB and
    ARO and any Cut-n of PS from a 202 record; `--tiebreaks` takes the same codes, and the file it
    writes names them again in its 202 record."""
    from site_builder.trf.tiebreaks import read_chain
    assert read_chain(f"202 {code}")[0] and not read_chain(f"202 {code}")[1]
    result = CliRunner().invoke(main, ["generate", "--players", "10", "--rounds", "4", "--tiebreaks",
                                       f"{code},DE", "-o", str(tmp_path / "g.trf")])
    assert result.exit_code == 0, result.output
    assert f"202 {code.replace('-', '/')} DE" in (tmp_path / "g.trf").read_text(encoding="utf-8").splitlines()
